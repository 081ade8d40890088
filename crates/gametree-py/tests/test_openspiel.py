"""gametree.openspiel (issue #49, point 2; docs/openspiel.md): OpenSpiel's games searched by
gametree. The oracle is OpenSpiel's own alpha-beta search (`open_spiel.python.algorithms.
minimax.alpha_beta_search`) on tic-tac-toe and small connect-four positions, to the end and
to a depth with a heuristic both searches share. Skipped, with the reason, where the package
`open_spiel` is not installed."""

import random

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel is not installed (pip install \"./crates/gametree-py[openspiel]\")")

from open_spiel.python.algorithms import minimax  # noqa: E402

import gametree as gt  # noqa: E402
from gametree.openspiel import OpenSpielGame  # noqa: E402


def random_state(game, seed, plies):
    """An OpenSpiel state `plies` random moves from the start, each move one that does not
    end the game (fewer moves if every move ends it)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(plies):
        children = [state.child(a) for a in state.legal_actions()]
        going = [c for c in children if not c.is_terminal()]
        if not going:
            break
        state = rng.choice(going)
    return state


def heuristic(state):
    """A deterministic heuristic of player 0 in [-1, 1], in hundredths."""
    text = str(state)
    return (sum((i + 1) * ord(c) for i, c in enumerate(text)) % 201 - 100) / 100


def test_tictactoe_values_equal_openspiel_alpha_beta_to_the_end():
    ttt = pyspiel.load_game("tic_tac_toe")
    game = OpenSpielGame(ttt)
    assert game.players == 2 and game.bounds == {"lower": -1, "maxsum": 0, "constant_sum": True}
    checked = 0
    for seed in range(30):
        state = random_state(ttt, seed, 2 + seed % 5)
        want, _ = minimax.alpha_beta_search(ttt, state=state, maximizing_player_id=0)
        for algorithm in ["minimax", "alphabeta", "negamax", "paranoid", "maxn", "speculative"]:
            r = gt.search(game, algorithm, state=state)
            assert r.value[0] == want, (seed, algorithm, str(state))
            assert r.value[1] == -want
        checked += 1
    assert checked == 30
    # The start is a draw.
    assert gt.search(game, "alphabeta").value == (0, 0)


def test_connect_four_values_equal_openspiel_alpha_beta():
    c4 = pyspiel.load_game("connect_four")
    evaluate = lambda s: (heuristic(s), -heuristic(s))  # noqa: E731
    game = OpenSpielGame(c4, evaluate=evaluate, scale=100)
    values = set()
    for seed in range(10):
        # Small positions searched to the end: 14 empty cells left.
        end = random_state(c4, seed, 28)
        assert end.move_number() == 28
        want, _ = minimax.alpha_beta_search(c4, state=end, maximizing_player_id=0)
        for algorithm in ["alphabeta", "paranoid"]:
            r = gt.search(game, algorithm, state=end)
            assert r.value[0] == round(want * 100), (seed, algorithm, str(end))
        values.add(want)
    assert values == {-1.0, 0.0, 1.0}
    for seed in range(6):
        # Depth-limited from the middle of a game, with the same heuristic on both sides.
        mid = random_state(c4, seed, 8 + seed)
        depth = 2 + seed % 3
        want, _ = minimax.alpha_beta_search(c4, state=mid, maximum_depth=depth, maximizing_player_id=0,
                                            value_function=heuristic)
        for algorithm in ["minimax", "alphabeta", "paranoid"]:
            r = gt.search(game, algorithm, depth=depth, state=mid)
            assert r.value[0] == round(want * 100), (seed, algorithm, depth)


def test_the_oracle_can_fail():
    # Another heuristic gives another value somewhere: the comparison above is not vacuous.
    c4 = pyspiel.load_game("connect_four")
    ours = OpenSpielGame(c4, evaluate=lambda s: (-heuristic(s), heuristic(s)), scale=100)
    differ = 0
    for seed in range(6):
        mid = random_state(c4, seed, 8 + seed)
        want, _ = minimax.alpha_beta_search(c4, state=mid, maximum_depth=2, maximizing_player_id=0,
                                            value_function=heuristic)
        differ += gt.search(ours, "alphabeta", depth=2, state=mid).value[0] != round(want * 100)
    assert differ > 0


def test_an_openspiel_game_steps_through_gametree_game():
    g = gt.Game(OpenSpielGame("tic_tac_toe"))
    s = g.initial()
    for move in [4, 0, 8, 2, 1, 7, 6, 3, 5]:
        assert move in g.moves(s)
        s = g.play(s, move)
    assert g.moves(s) == [] and g.outcome(s) == (0, 0)
    with pytest.raises(gt.GametreeError, match="the game is over"):
        g.play(s, 4)
    s = g.play(g.initial(), "4")          # a move's str names it too
    assert g.position(s) == str(s) and g.to_move(s) == 1
    with pytest.raises(gt.GametreeError) as e:
        g.play(s, 4)
    assert str(e.value) == "move 4 is not legal here (legal: 0 1 2 3 5 6 7 8)"


def test_a_depth_limited_search_needs_an_evaluator():
    with pytest.raises(TypeError, match="^OpenSpielGame has no method evaluate, which a depth-limited search needs"):
        gt.search(OpenSpielGame("connect_four"), "alphabeta", depth=3)


def test_three_players_are_searched_by_paranoid_and_maxn():
    # Quoridor for three players on a small board: every value is checked against the
    # declared bounds (zero-sum returns, times scale).
    game = OpenSpielGame(pyspiel.load_game("quoridor(players=3,board_size=5,wall_count=1)"),
                         evaluate=lambda s: (0, 0, 0), scale=2)
    for algorithm in ["paranoid", "maxn", "speculative"]:
        r = gt.search(game, algorithm, depth=2)
        assert r.best_move in game.moves(game.initial())


@pytest.mark.parametrize("name,reason", [
    ("pig", "pig has chance nodes (ChanceMode.EXPLICIT_STOCHASTIC): gametree searches deterministic games"),
    ("goofspiel", "goofspiel is a simultaneous-move game (Dynamics.SIMULTANEOUS): gametree searches games whose players move in turn"),
    ("phantom_ttt", "phantom_ttt has imperfect information (Information.IMPERFECT_INFORMATION): gametree searches games of perfect information"),
    ("catch", "catch has chance nodes (ChanceMode.EXPLICIT_STOCHASTIC): gametree searches deterministic games"),
])
def test_chance_simultaneous_and_hidden_games_are_refused_in_one_line(name, reason):
    with pytest.raises(ValueError) as e:
        OpenSpielGame(name)
    assert str(e.value) == reason


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match=r"^scale=0: expected an int of 1 or more$"):
        OpenSpielGame("tic_tac_toe", scale=0)
    with pytest.raises(TypeError, match="expected a pyspiel.Game or a game name, got int"):
        OpenSpielGame(3)
    with pytest.raises(TypeError, match="evaluate: expected a function"):
        OpenSpielGame("tic_tac_toe", evaluate=5)
