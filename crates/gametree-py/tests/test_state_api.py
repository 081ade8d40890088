"""The state API (issue #49, point 1; docs/python.md, "Stepping a game"): `gt.Game(spec)`
and `gt.Game(python_game)` give `initial`, `to_move`, `moves`, `play`, `outcome` and
`position`, and `gt.search(..., state=s)` searches from any state.

Oracles: the command line's search from the position a state writes (`gametree search
--position`, same JSON but the time), the position read back (`gt.Game(spec,
position=...)`) equal to the state it came from, and for games written in Python the plain
max^n and paranoid written in Python (test_python_games.py) from the same state.
"""

import copy
import json
import random

import pytest

import gametree as gt
from conftest import without_time
from test_python_games import RandomTree, python_maxn, python_paranoid


def playout(game, seed, plies=None):
    """The states of a seeded random game from the start, `plies` moves at most."""
    rng = random.Random(seed)
    s = game.initial()
    states = [s]
    while game.outcome(s) is None and (plies is None or len(states) <= plies):
        s = game.play(s, rng.choice(game.moves(s)))
        states.append(s)
    return states


def test_rolit_steps_a_whole_game_to_its_outcome():
    g = gt.Game("rolit(players=4)")
    assert g.players == 4
    s = g.initial()
    plies = 0
    seen = set()
    while g.outcome(s) is None:
        moves = g.moves(s)
        assert moves and all(isinstance(m, str) for m in moves)
        assert g.to_move(s) in range(4)
        before = (g.moves(s), g.position(s), hash(s))
        t = g.play(s, moves[plies % len(moves)])
        # `play` leaves its state unchanged and makes a new one.
        assert (g.moves(s), g.position(s), hash(s)) == before
        assert t != s
        seen.add(t)
        s = t
        plies += 1
    assert plies == 60                                  # 64 squares, 4 taken at the start
    assert g.moves(s) == []
    outcome = g.outcome(s)
    assert isinstance(outcome, tuple) and len(outcome) == 4
    assert all(isinstance(v, int) for v in outcome)
    assert len(seen) == plies


@pytest.mark.parametrize("spec,plies,algorithm,depth", [
    ("rolit(players=4)", 12, "paranoid", 3),
    ("rolit(players=3)", 9, "maxn", 2),
    ("tictactoe", 3, "alphabeta", None),
    ("connect-four", 9, "paranoid", 4),
    ("chinese-checkers(players=3,board=73)", 7, "speculative", 3),
    ("chess4", 10, "paranoid", 2),
    ("focus(players=3)", 6, "paranoid", 2),
    ("blokus(players=4)", 8, "paranoid", 1),
])
def test_search_from_a_state_equals_the_command_line_from_its_position(cli, spec, plies, algorithm, depth):
    g = gt.Game(spec)
    s = [t for t in playout(g, seed=plies, plies=plies) if g.outcome(t) is None][-1]
    assert g.outcome(s) is None and g.position(s) != g.position(g.initial())
    options = {} if depth is None else {"depth": depth}
    r = gt.search(g, algorithm, state=s, **options)
    args = ["search", "--json", "--game", spec, "--position", g.position(s), "-a", algorithm]
    if depth is not None:
        args += ["--depth", depth]
    code, out, err = cli(*args)
    assert code == 0, err
    assert without_time(r.to_json()) == without_time(out)
    expected = json.loads(out)
    assert r.best_move == expected["best_move"] and list(r.value) == expected["value"]
    assert r.stats["nodes"] == expected["stats"]["nodes"]
    # The state matters: the search from the start is another search.
    assert without_time(gt.search(g, algorithm, **options).to_json()) != without_time(out)


GAMES = ["tictactoe", "connect-four", "chinese-checkers(players=3,board=37)",
         "chinese-checkers(players=2,board=13)", "chess4", "rolit(players=3)", "rolit(players=4)",
         "focus(players=2)", "focus(players=4)", "blokus(players=4)"]


# The games whose notation holds the whole state; the others leave out the plies played,
# which only their ply cap reads.
EXACT = {"tictactoe", "connect-four", "rolit(players=3)", "rolit(players=4)", "blokus(players=4)"}


@pytest.mark.parametrize("spec", GAMES)
def test_every_position_reads_back_as_the_state_it_came_from(spec):
    g = gt.Game(spec)
    for seed in range(2):
        for s in playout(g, seed, plies=150):
            back = gt.Game(spec, position=g.position(s)).initial()
            assert back.__class__ is gt.State
            facts = lambda t: (g.position(t), g.moves(t), g.to_move(t), g.outcome(t))
            assert facts(back) == facts(s)
            if spec in EXACT:
                assert back == s and hash(back) == hash(s)


def test_states_are_immutable_values():
    g = gt.Game("tictactoe")
    s = g.initial()
    a = g.play(g.play(g.play(s, "1"), "5"), "9")
    b = g.play(g.play(g.play(s, "9"), "5"), "1")     # the same position by another order
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != g.play(g.play(g.play(s, "1"), "5"), "8")
    assert copy.copy(a) is a and copy.deepcopy(a) is a
    assert a != "159" and (a == 3) is False
    with pytest.raises(AttributeError):
        a.facts = None
    assert "tictactoe" in repr(a) and "ply 3" in repr(a)
    # Same game, another starting position: still one of its states.
    later = gt.Game("tictactoe", position="15")
    assert later.position() == "15" and g.position() is None
    assert later.play(later.initial(), "9") == a
    assert g.moves(a) == ["2", "3", "4", "6", "7", "8"]


def test_a_finished_game_has_an_outcome_and_no_moves():
    g = gt.Game("tictactoe", position="14253")             # player 0 has 1, 2, 3
    s = g.initial()
    assert g.moves(s) == [] and g.outcome(s) is not None
    assert g.outcome(s)[0] > g.outcome(s)[1]
    with pytest.raises(gt.GametreeError, match=r'^move "9": the game is over'):
        g.play(s, "9")


def test_random_trees_step_by_child_index():
    g = gt.Game("random(players=3,b=3,d=3,seed=1)")
    s = g.initial()
    assert g.moves(s) == [0, 1, 2]
    r = gt.search(g, "maxn")
    for m in r.pv:
        s = g.play(s, m)
    assert g.outcome(s) == r.value
    with pytest.raises(gt.GametreeError, match="writes no position"):
        g.position(s)
    with pytest.raises(gt.GametreeError, match="writes no position"):
        gt.search(g, "maxn", state=s)


def test_hearts_has_a_position_only_at_the_start_of_a_hand():
    g = gt.Game("hearts(deal=1)")
    s = g.initial()
    assert gt.Game("hearts(deal=1)", position=g.position(s)).initial() == s
    s = g.play(s, g.moves(s)[0])
    with pytest.raises(gt.GametreeError, match=r"^hearts\(.*\) writes no position for this state \(ply 1"):
        gt.search(g, "paranoid", depth=2, state=s)


def one_line(e):
    text = str(e.value)
    assert "\n" not in text and text
    return text


def test_bad_inputs_are_one_line_errors():
    g4 = gt.Game("rolit(players=4)")
    s4 = g4.initial()
    s3 = gt.Game("rolit(players=3)").initial()
    for call in [lambda: g4.moves(5), lambda: g4.to_move("d4"), lambda: g4.play(None, "d3"),
                 lambda: g4.outcome([]), lambda: g4.position(object()),
                 lambda: gt.search(g4, "paranoid", depth=1, state=(1, 2))]:
        with pytest.raises(TypeError) as e:
            call()
        assert one_line(e).startswith("expected a gametree.State of rolit(players=4")
    for call in [lambda: g4.moves(s3), lambda: g4.play(s3, "d3"),
                 lambda: gt.search(g4, "paranoid", depth=1, state=s3)]:
        with pytest.raises(gt.GametreeError) as e:
            call()
        assert one_line(e) == "the state is a state of rolit(players=3), not of rolit(players=4)"
    legal = " ".join(g4.moves(s4))
    for move in ["a1", "zz9", ""]:
        with pytest.raises(gt.GametreeError) as e:
            g4.play(s4, move)
        assert one_line(e) == f'move "{move}" is not legal here (legal: {legal})'
    with pytest.raises(TypeError) as e:
        g4.play(s4, 3)
    assert "a move of rolit(players=4) is a str" in one_line(e)
    blokus = gt.Game("blokus(players=4)")
    with pytest.raises(gt.GametreeError) as e:
        blokus.play(blokus.initial(), "Z9:a1")
    n = len(blokus.moves(blokus.initial()))
    assert one_line(e) == f'move "Z9:a1" is not legal here ({n} legal moves: moves(state) lists them)'
    with pytest.raises(gt.GametreeError) as e:
        gt.search(gt.Tree.from_json('{"players": 2, "root": {"value": [1, -1]}}'), "maxn", state=s4)
    assert one_line(e) == "state= applies to games; a tree is searched from its root"
    with pytest.raises(gt.GametreeError) as e:
        gt.Game(RandomTree(1), position="x")
    assert one_line(e).startswith("position= applies to games of the registry")
    with pytest.raises(TypeError) as e:
        gt.Game(42)
    assert one_line(e).startswith("int is not a game: it has no attribute players")


# ---------------------------------------------------------------------------------------
# Games written in Python, through the same wrapper.

def test_a_python_game_steps_through_the_wrapper():
    game = RandomTree(7, players=3, height=6)
    g = gt.Game(game)
    assert g.players == 3 and g.game is game and g.spec is None
    s = g.initial()
    assert s == game.initial()
    while g.outcome(s) is None:
        assert g.moves(s) == game.moves(s)
        assert g.to_move(s) == game.to_move(s)
        s = g.play(s, g.moves(s)[-1])
    assert g.outcome(s) == game.outcome(s) and g.moves(s) == []
    assert g.position(s) == str(s)


def test_a_python_game_move_is_the_object_or_its_name():
    class Named(RandomTree):
        def moves(self, state):
            return [(m, len(m)) for m in super().moves(state)]

        def play(self, state, move):
            return super().play(state, move[0])

        def position(self, state):
            return f"key {state[0]}"

    game = Named(3, height=4)
    g = gt.Game(game)
    s = g.initial()
    assert g.play(s, ("b", 1)) == g.play(s, "('b', 1)") == game.play(s, ("b", 1))
    assert g.position(s) == f"key {s[0]}"
    with pytest.raises(gt.GametreeError) as e:
        g.play(s, "b")
    legal = " ".join(repr(m) for m in game.moves(s))
    assert one_line(e) == f"move 'b' is not legal here (legal: {legal})"


def test_a_python_game_searched_from_a_state_equals_the_python_oracle():
    checked = 0
    for seed in range(60):
        game = RandomTree(seed, players=3 + seed % 2, height=6)
        wrapped = gt.Game(game)
        s = playout(wrapped, seed, plies=2)[-1]
        if not game.moves(s):
            continue
        depth = 1 + seed % 4
        value, pv, nodes = python_maxn(game, s, depth)
        for target in [game, wrapped]:
            r = gt.search(target, "maxn", depth=depth, state=s)
            assert (r.value, r.pv, r.stats["nodes"]) == (tuple(value), pv, nodes + 1)
            r = gt.search(target, "speculative", depth=depth, state=s)
            assert r.value == tuple(value)
        root = game.to_move(s)
        v, line = python_paranoid(game, s, depth, root)
        r = gt.search(wrapped, "paranoid", depth=depth, state=s)
        assert (r.score, r.pv) == (v, line)
        checked += 1
    assert checked >= 30


def test_a_game_made_from_a_game_is_that_game():
    g = gt.Game("tictactoe", position="15")
    same = gt.Game(g)
    assert same.spec == "tictactoe" and same.position() == "15" and same.initial() == g.initial()
    moved = gt.Game(g, position="159")
    assert moved.position() == "159" and moved.initial() == g.play(g.initial(), "9")
    wrapped = gt.Game(RandomTree(2))
    again = gt.Game(wrapped)
    assert again.game is wrapped.game and again.spec is None
    with pytest.raises(gt.GametreeError) as e:
        gt.Game(wrapped, position="x")
    assert one_line(e).startswith("position= applies to games of the registry")
