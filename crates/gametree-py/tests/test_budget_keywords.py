"""The budget keywords of `search` and `tournament` are the fields of the one budget type
of every front (gametree_run's `Budget`: depth, nodes, time_ms, clock), and `clock` means
what it means on the command line (`--clock`)."""

import inspect

import pytest

import gametree as gt


def test_search_and_tournament_take_every_field_of_the_budget():
    fields = gt._budget_fields()
    assert sorted(fields) == ["clock", "depth", "nodes", "time_ms"]
    for function in (gt.search, gt.tournament):
        names = inspect.signature(function).parameters
        for field in fields:
            assert field in names, f"{function.__name__} has no keyword {field}"
            assert names[field].default is None, (function.__name__, field)


def test_a_processor_time_clock_searches_and_a_bad_clock_is_one_line():
    game = gt.Game("connect-four")
    for clock in ("wall", "cpu"):
        r = gt.search(game, "alphabeta", time_ms=20, iterative=True, depth=40, clock=clock)
        assert r.stats["depth"] >= 1
    with pytest.raises(gt.GametreeError) as e:
        gt.search(game, "alphabeta", time_ms=20, clock="cpu-time")
    text = str(e.value)
    assert text.startswith("clock: ") and "cpu-time" in text and "\n" not in text
    t = gt.tournament("tictactoe", engines="alphabeta,minimax", time_ms=5, clock="cpu",
                      openings=1)
    assert all(e["budget"] == {"cpu_ms": 5} for e in t["engines"]), t["engines"]


def test_an_mcts_engine_name_takes_an_iteration_budget_and_other_searchers_refuse_it():
    t = gt.tournament("tictactoe", engines=["mcts@i50", "mcts@n50"], openings=1)
    assert [e["name"] for e in t["engines"]] == ["mcts@i50", "mcts@n50"]
    assert [e["budget"] for e in t["engines"]] == [{"iterations": 50}, {"nodes": 50}]
    with pytest.raises(gt.GametreeError) as e:
        gt.tournament("tictactoe", engines=["alphabeta@i50", "mcts@i50"], openings=1)
    text = str(e.value)
    assert "is for mcts only" in text and "\n" not in text, text
