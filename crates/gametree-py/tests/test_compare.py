"""gametree.compare (issue #43): a decided comparison of two engines on a game of the registry
(the command line's `compare --json`, field for field) or on a game written in Python (the
same decision and games as the same game written in Rust, through one committed data
file); the result prints the decision first; bad input is one line; Ctrl-C and a game
method's exception stop it."""

import json
import os
import signal
import threading
import time

import pytest

import gametree as gt
from conftest import REPO
from test_arena import SlowGrab, arena, one_line

DATA = REPO / "crates" / "gametree-run" / "tests" / "data" / "arena-compare.json"

# The planted case of the Rust test: max^n searching 2 plies against a crippled copy
# searching 1.
PLANTED = {"a": "maxn@d2", "b": "maxn@d1", "claim": "beats", "seed": 7}


def test_a_python_game_is_compared_as_the_same_game_written_in_rust():
    committed = json.loads(DATA.read_text())
    r = gt.compare(arena.ThreeInARow(), **PLANTED)
    assert isinstance(r, gt.ComparisonResult) and isinstance(r, dict)
    assert r == committed
    # The crippled copy is found out, within the cap.
    assert r["decision"] == "agrees" and r["games"] < r["max_games"], str(r)
    assert str(r).startswith("AGREES: maxn@d2 beats maxn@d1 (p = ")


def test_an_engine_against_itself_is_not_decided_better():
    r = gt.compare(arena.ThreeInARow(), "paranoid@d2", "paranoid@d2", max_games=120, seed=3)
    assert r["decision"] != "agrees", str(r)
    # Every game of a group is the same game with the seats swapped: a win rate of one half.
    assert r["win_rate"] == pytest.approx(0.5)


def test_a_registry_game_is_compared_as_the_command_line_compares_it(cli):
    args = ["--game", "tictactoe", "--engines", "alphabeta@d4,minimax@d1", "--claim", "beats",
            "--max-games", "60", "--seed", "5"]
    code, out, err = cli("compare", *args, "--json", "--quiet")
    assert code == 0, err
    expected = json.loads(out)
    r = gt.compare("tictactoe", "alphabeta@d4", "minimax@d1", max_games=60, seed=5)
    assert r == expected
    assert gt.compare(gt.Game("tictactoe"), "alphabeta@d4", "minimax@d1", max_games=60,
                      seed=5) == expected
    code, text, _ = cli("compare", *args, "--quiet")
    assert code == 0 and text == str(r)


def test_the_result_prints_the_decision_first_and_as_html():
    r = gt.compare(arena.ThreeInARow(), **PLANTED)
    text = str(r)
    assert text.splitlines()[0] == r["verdict"]
    assert repr(r) == text.rstrip("\n")
    page = r._repr_html_()
    assert page.index(r["verdict"].split(" (")[0]) < page.index("<table>")
    assert page.count("<table>") == 3  # the evidence, then the games' engines and pair
    assert json.loads(r.to_json()) == r and type(r.to_dict()) is dict


def test_bad_input_is_one_line():
    game = arena.ThreeInARow()
    cases = [
        (lambda: gt.compare(game, "maxn", "paranoid", claim="wins"),
         'claim="wins": expected "beats", "at-least-as-good" or "about-equal"'),
        (lambda: gt.compare(game, "maxn", "paranoid", alpha=0.9),
         "alpha 0.9: must be above 0 and at most 0.5"),
        (lambda: gt.compare(game, "maxn", "paranoid", max_games=0),
         "max_games=0: must be between 1 and 1000000"),
        (lambda: gt.compare(game, "maxn@x", "paranoid"), None),
        (lambda: gt.compare(game, "maxn", "paranoid", threads=2),
         "threads=2: a game written in Python plays its tournament on one thread"),
        (lambda: gt.compare(game, "brs", "paranoid"), None),
        (lambda: gt.compare("tictactoe", "brs", "minimax"), None),
        (lambda: gt.compare("no-such-game", "maxn", "paranoid"), None),
    ]
    for call, start in cases:
        with pytest.raises(gt.GametreeError) as e:
            call()
        text = one_line(e)
        if start is not None:
            assert text.startswith(start), text


def test_a_game_methods_exception_stops_a_comparison():
    from test_arena import Boom, BrokenAfter

    game = BrokenAfter(500)
    with pytest.raises(Boom):
        gt.compare(game, "maxn@d2", "paranoid@d2")
    assert game.left == -1


@pytest.mark.sigint
@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="POSIX signals")
def test_ctrl_c_stops_a_comparison_of_a_python_game(sigint_raises):
    sent = []

    def interrupt():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(0.3, interrupt)
    try:
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            gt.compare(SlowGrab(), "maxn@d4", "paranoid@d4")
        latency = time.monotonic() - sent[0]
    finally:
        timer.cancel()
    assert latency < 1.0, latency
