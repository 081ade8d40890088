"""Players from outside the engines (issue #49, point 2): a callable of a state that returns
a move takes a seat in gametree.tournament and gametree.compare on a game written in
Python; gametree.openspiel.bot seats an OpenSpiel bot (its MCTSBot) beside gametree's
engines (skipped, with the reason, without open_spiel)."""

import importlib.util

import pytest

import gametree as gt
from conftest import REPO

EXAMPLE = REPO / "examples" / "python" / "arena_game.py"


def arena():
    spec = importlib.util.spec_from_file_location("arena_game", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.ThreeInARow()


class FirstMove:
    """Plays the first legal move, counting its calls."""

    name = "first-move"

    def __init__(self, game):
        self.game = game
        self.calls = 0

    def __call__(self, state):
        self.calls += 1
        return self.game.moves(state)[0]


def test_a_callable_takes_its_seats_and_is_asked_exactly_at_them():
    game = arena()
    bot = FirstMove(game)
    r = gt.tournament(game, engines=[bot, "maxn@d2"], openings=3, seed=7)
    assert r["games"] == 3 * 6
    first = r["engines"][0]
    assert first["name"] == "first-move"
    assert first["algorithm"] == "outside"
    assert first["nodes_per_move"] == 0
    # Asked once per move of its seats, and nowhere else.
    asked = sum(g["moves"][p] for g in r["results"] for p, e in enumerate(g["seats"]) if e == 0)
    assert bot.calls == asked > 0
    assert "first-move" in str(r)
    # Max^n at depth 2 wins more often than a player of first moves.
    assert r["engines"][1]["win_rate"]["mean"] > first["win_rate"]["mean"]


def test_a_callable_decides_a_comparison_under_its_name():
    game = arena()
    bot = FirstMove(game)
    c = gt.compare(game, "maxn@d2", bot, claim="beats", seed=7, max_games=120)
    assert c["engines"] == ["maxn@d2", "first-move"]
    assert c["tournament"]["engines"][1]["name"] == "first-move"
    assert c["decision"] == "agrees", c["verdict"]
    assert "first-move" in c["verdict"]
    assert bot.calls > 0


def test_a_bad_player_stops_the_games_with_its_error():
    game = arena()

    def illegal(state):
        return "nowhere"

    with pytest.raises(ValueError, match="returned 'nowhere', which is not one of the"):
        gt.tournament(game, engines=[illegal, "maxn@d1"], openings=1)

    class Broken(Exception):
        pass

    def broken(state):
        raise Broken("the bot broke")

    with pytest.raises(Broken, match="the bot broke"):
        gt.tournament(game, engines=["maxn@d1", broken], openings=1)

    with pytest.raises(gt.GametreeError, match="plays only on a game written in Python"):
        gt.tournament("tictactoe", engines=[broken, "maxn@d1"], openings=1)
    with pytest.raises(gt.GametreeError, match="plays only on a game written in Python"):
        gt.compare("tictactoe", broken, "maxn@d1")


def test_an_openspiel_mcts_bot_sits_at_a_tournament_beside_gametree_mcts():
    pytest.importorskip(
        "pyspiel", reason="open_spiel is not installed (pip install \"./crates/gametree-py[openspiel]\")")
    import numpy as np
    from open_spiel.python.algorithms import mcts
    from gametree.openspiel import OpenSpielGame, bot

    # A tournament adjudicates by the evaluator, so the game needs one (the draw value here).
    game = OpenSpielGame("tic_tac_toe", evaluate=lambda state: (0, 0))

    def spiel_bot(seed):
        return bot(mcts.MCTSBot(game.game, 2.0, 60,
                                mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
                                random_state=np.random.RandomState(seed)),
                   name="openspiel-mcts")

    run = lambda: gt.tournament(game, engines=[spiel_bot(3), "mcts@n60"], openings=3,
                                opening_plies=1, seed=5)
    r = run()
    assert [e["name"] for e in r["engines"]] == ["openspiel-mcts", "mcts@n60"]
    assert r["games"] == 3 * 2
    assert r["finished"] == 6
    # Seeded bots and engines: the same games again.
    assert run()["results"] == r["results"]
    with pytest.raises(TypeError, match="expected an OpenSpiel bot"):
        bot(object())
