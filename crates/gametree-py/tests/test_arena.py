"""Tournaments on games written in Python (issue #43): three-in-a-row of
examples/python/arena_game.py gives the very tournament the same game written in Rust gives
(crates/gametree-run/examples/arena_game.rs), through one committed data file; the result
prints as the command line's table and as HTML; errors, a game method's exception and
Ctrl-C stop it as they stop a search."""

import importlib.util
import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

import gametree as gt
from conftest import REPO

EXAMPLE = REPO / "examples" / "python" / "arena_game.py"
DATA = REPO / "crates" / "gametree-run" / "tests" / "data" / "arena-game.json"


def example():
    """The example script as a module (its main does not run)."""
    spec = importlib.util.spec_from_file_location("arena_game", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


arena = example()


def test_the_python_game_plays_the_tournament_of_the_rust_game():
    # The Rust test writes (and checks) the data file from the Rust game; here the same
    # tournament on the same game written in Python gives every field of it: the games
    # (seats, scores, ranks, plies, nodes) and the statistics.
    committed = json.loads(DATA.read_text())
    result = gt.tournament(arena.ThreeInARow(), **arena.TOURNAMENT)
    assert isinstance(result, gt.TournamentResult) and isinstance(result, dict)
    assert result == committed
    # Wrapped in gametree.Game, the same.
    assert gt.tournament(gt.Game(arena.ThreeInARow()), **arena.TOURNAMENT) == committed


class ThreeInARowFast(arena.ThreeInARow):
    """Three-in-a-row with the fast protocol's methods (docs/python-games.md)."""

    def expand(self, state):
        moves = self.moves(state)
        return (self.to_move(state), moves) if moves else (None, self.outcome(state))

    def leaf(self, state):
        moves = self.moves(state)
        return (False, self.evaluate(state)) if moves else (True, self.outcome(state))

    def play_all(self, state, moves):
        return [self.play(state, m) for m in moves]

    def leaf_all(self, states):
        return [self.leaf(s) for s in states]


def test_the_fast_methods_play_the_same_games():
    committed = json.loads(DATA.read_text())
    fast = gt.tournament(ThreeInARowFast(), **arena.TOURNAMENT)
    assert fast["game"] == "ThreeInARowFast"  # the class's name
    assert dict(fast, game="ThreeInARow") == committed
    # Engines that visit every child (play_all is used), at another depth: the plain and
    # the fast protocol agree.
    for engines in (["maxn@d3", "maxn@d1"], ["speculative@d3", "paranoid@n200"]):
        plain = gt.tournament(arena.ThreeInARow(), engines=engines, openings=2, seed=3)
        fast = gt.tournament(ThreeInARowFast(), engines=engines, openings=2, seed=3)
        assert plain == dict(fast, game="ThreeInARow"), engines


def test_the_example_prints_the_table_and_the_decision_the_docs_show():
    # The example runs in a process of its own while this one plays the same tournament.
    example = subprocess.Popen([sys.executable, str(EXAMPLE)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    result = gt.tournament(arena.ThreeInARow(), **arena.TOURNAMENT)
    out, err = example.communicate(timeout=120)
    assert example.returncode == 0, err
    table = str(result)
    assert out.startswith(table), out
    lines = table.splitlines()
    assert lines[0] == "ThreeInARow: 24 games (4 openings x 6 seatings), 24 finished, 0 adjudicated"
    assert lines[1].split()[:3] == ["engine", "games", "fin/adj"]
    assert [line.split()[0] for line in lines[2:4]] == ["paranoid@d2", "maxn@d2"]
    best = max(result["engines"], key=lambda e: e["elo"])
    assert f"\nhighest rating: {best['name']} (" in out
    # Then the decision on max^n against paranoid, as gametree.compare prints it: the verdict
    # first, then the match. (Not played again here: 678 games, 7 s of processor time; the
    # page below pins every number of it.)
    decision = out[len(table):].split("\n\n", 1)[1]
    assert decision.split(":", 1)[0] in ("AGREES", "DISAGREES", "ABSENT", "UNDECIDED"), decision
    assert "\nmaxn@d2 vs paranoid@d2 on ThreeInARow: " in decision, decision
    # docs/which-search.md shows this output, as it is.
    page = (REPO / "docs" / "which-search.md").read_text()
    marker = "<!-- the output of examples/python/arena_game.py (a test compares them) -->\n"
    shown = page.split(marker, 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    assert shown == out


def test_a_result_prints_as_the_command_lines_table_and_as_html(cli):
    args = ["--engines", "maxn,paranoid@d1", "--depth", "2", "--openings", "1"]
    code, out, _ = cli("tournament", "--game", "chinese-checkers(players=3,board=73)", *args,
                       "--quiet")
    assert code == 0
    r = gt.tournament("chinese-checkers(players=3,board=73)", engines="maxn,paranoid@d1",
                      depth=2, openings=1)
    assert str(r) in out and str(r).count("\n") >= 4
    assert repr(r) == str(r).rstrip("\n")
    page = r._repr_html_()
    assert page.count("<table>") == 2
    for e in r["engines"]:
        assert e["name"] in page
    assert "chinese-checkers" in page and "<script" not in page
    # A plain dict, and its JSON, are the same fields.
    assert r.to_dict() == r and type(r.to_dict()) is dict
    assert json.loads(r.to_json()) == r
    # Names are escaped in the HTML.
    odd = gt.TournamentResult(dict(r, game="<b>&"))
    assert "&lt;b&gt;&amp;" in odd._repr_html_() and "<b>&" not in odd._repr_html_()
    assert repr(odd).startswith("TournamentResult({")


def one_line(excinfo):
    text = str(excinfo.value)
    assert "\n" not in text and text, text
    return text


def test_what_a_python_game_cannot_play_is_one_line():
    game = arena.ThreeInARow()
    with pytest.raises(gt.GametreeError) as e:
        gt.tournament(game, engines="maxn@d2,paranoid@d2", threads=2)
    assert one_line(e).startswith("threads=2: a game written in Python plays")
    with pytest.raises(gt.GametreeError) as e:
        gt.tournament(game, engines="maxn@d2:table=16,paranoid@d2")
    assert one_line(e).startswith("engine maxn@d2:table=16: games written in Python have no table")
    with pytest.raises(gt.GametreeError) as e:
        gt.tournament(game, engines="brs@d2,paranoid@d2")
    assert "brs needs a game that can hand the turn to any player" in one_line(e)
    with pytest.raises(gt.GametreeError) as e:
        gt.tournament(game, engines="maxn@d2:worlds=4,paranoid@d2")
    assert "perfect information" in one_line(e)
    with pytest.raises(gt.GametreeError) as e:
        gt.tournament(game, engines="maxn,paranoid,speculative,mcts")
    assert one_line(e) == "4 engines but the game has only 3 seats"
    with pytest.raises(TypeError) as e:
        gt.tournament(object(), engines="maxn,paranoid")
    assert "object is not a game: it has no attribute players" in one_line(e)
    with pytest.raises(TypeError) as e:
        gt.tournament(gt.Tree.from_json('{"players": 2, "root": {"value": [1, -1]}}'))
    assert one_line(e).startswith("tournaments are played on games, not on trees")
    with pytest.raises(gt.GametreeError) as e:
        gt.tournament(gt.Game("tictactoe", position="5"))
    assert one_line(e).startswith("a tournament plays every game from the start of tictactoe")


class Boom(Exception):
    pass


class BrokenAfter(arena.ThreeInARow):
    """Three-in-a-row whose play raises Boom after `n` calls."""

    def __init__(self, n):
        self.left = n

    def play(self, state, move):
        self.left -= 1
        if self.left < 0:
            raise Boom("the game broke")
        return super().play(state, move)


@pytest.mark.parametrize("engines", ["paranoid@d2,maxn@d2", "paranoid@n2000,maxn@d2"])
def test_a_game_methods_exception_stops_the_tournament_and_is_raised(engines):
    # Depth 2 plays on the calling thread, a node budget on a thread of its own.
    game = BrokenAfter(300)
    with pytest.raises(Boom, match="the game broke"):
        gt.tournament(game, engines=engines, openings=4, seed=7)
    assert game.left == -1  # no call after the one that raised
    # A value of the wrong type is a TypeError naming the method.

    class BadEvaluate(arena.ThreeInARow):
        def evaluate(self, state):
            return "high"

    with pytest.raises(TypeError, match="BadEvaluate.evaluate returned str"):
        gt.tournament(BadEvaluate(), engines=engines)


class SlowGrab(arena.ThreeInARow):
    """Three-in-a-row whose evaluation takes a millisecond: a tournament of minutes."""

    def evaluate(self, state):
        time.sleep(0.001)
        return super().evaluate(state)


@pytest.mark.sigint
@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="POSIX signals")
@pytest.mark.parametrize("engines", ["maxn@d4,paranoid@d4", "maxn@n100000,paranoid@d4"])
def test_ctrl_c_stops_a_tournament_of_a_python_game(engines, sigint_raises):
    # Depth 4 plays on the calling thread, a node budget on a thread of its own (the
    # calling thread watches for the signal).
    sent = []

    def interrupt():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(0.3, interrupt)
    try:
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            gt.tournament(SlowGrab(), engines=engines, openings=50)
        latency = time.monotonic() - sent[0]
    finally:
        timer.cancel()
    assert latency < 1.0, latency
    # The stop is withdrawn: the next tournament plays to its end.
    assert gt.tournament(arena.ThreeInARow(), **arena.TOURNAMENT)["games"] == 24


class Endless:
    """Two players take turns for ever: no state is terminal."""

    players = 2

    def initial(self):
        return 0

    def to_move(self, state):
        return state % 2

    def moves(self, state):
        return [0, 1]

    def play(self, state, move):
        return state + 1

    def outcome(self, state):
        return (0, 0)

    def evaluate(self, state):
        return (state % 3, 0)


def test_a_game_that_never_ends_raises_unless_max_plies_stops_it():
    with pytest.raises(gt.GametreeError) as e:
        gt.tournament(Endless(), engines="maxn@d1,paranoid@d1", openings=1, opening_plies=0)
    assert one_line(e) == ("Endless: a game of the tournament and the search in it go beyond "
                           "10000 plies from the start (a game that does not end?); give max_plies")
    r = gt.tournament(Endless(), engines="maxn@d1,paranoid@d1", openings=1, opening_plies=0,
                      max_plies=30)
    assert r["adjudicated"] == r["games"] == 2
    assert [g["ending"] for g in r["results"]] == ["max_plies", "max_plies"]
    assert "adjudicated" in str(r) and "warning: 2 of 2 games were adjudicated" in str(r)
