"""The Python API over trees and built-in games: the same results, JSON and error lines as
the gametree command line (its binary is run beside the package), and the API's shapes."""

import json
import os
import re
from concurrent.futures import ThreadPoolExecutor

import pytest

import gametree as gt
from conftest import random_tree, without_time


def compare_with_cli(cli, tmp_path, target, cli_input, algorithm, **options):
    """Runs one search through the package and the binary and checks they agree: the same
    JSON text (times aside) and the same value, move and counts; or the same error line.
    Returns the CLI's JSON object (None when both refused)."""
    flags = []
    for key, value in options.items():
        flag = "--" + key.replace("_", "-")
        if value is True:
            flags.append(flag)
        else:
            flags += [flag, str(value)]
    code, out, err = cli("search", *cli_input, "-a", algorithm, "--json", *flags)
    if code == 0:
        r = gt.search(target, algorithm, **options)
        assert without_time(r.to_json()) == without_time(out), (algorithm, options)
        expected = json.loads(out)
        assert r.value == tuple(expected["value"])
        assert r.score == expected["score"]
        assert r.best_move == expected["best_move"]
        assert r.pv == expected["pv"]
        assert r.stats["nodes"] == expected["stats"]["nodes"]
        assert r.stats["leaves"] == expected["stats"]["leaves"]
        assert r.stats["expansions"] == expected["stats"]["expansions"]
        return expected
    assert code == 2, (algorithm, err)
    line = err.strip()
    assert line.startswith("error: ") and "\n" not in line, line
    with pytest.raises(gt.GametreeError) as e:
        gt.search(target, algorithm, **options)
    assert str(e.value) == line[len("error: "):], (algorithm, options)
    return None


TWO_PLAYER = {"minimax", "alphabeta", "alphabeta-failsoft", "negamax", "pvs", "mtdf",
              "aspiration"}
NEEDS_SET_TO_MOVE = {"brs", "brs-plus"}


def test_200_random_trees_give_the_clis_value_move_and_counts_for_every_algorithm(cli, tmp_path):
    def check(seed):
        """Every algorithm on tree `seed`: (its player count, the algorithms that searched
        it rather than refused)."""
        text = random_tree(seed)
        path = tmp_path / f"tree{seed}.json"
        path.write_text(text)
        tree = gt.Tree.from_json(text)
        loaded = gt.Tree.load(str(path))
        assert loaded.players == tree.players
        searched = []
        for algorithm in gt.algorithms():
            got = compare_with_cli(cli, tmp_path, tree, ["--tree", path], algorithm)
            if got is not None:
                searched.append(algorithm)
                # The tree loaded from the file gives the same result.
                again = gt.search(loaded, algorithm)
                assert again.value == tuple(got["value"])
                assert again.stats["nodes"] == got["stats"]["nodes"]
        # A depth limit cuts the tree at nodes with heuristic values.
        for algorithm in ("maxn", "speculative", "paranoid", "hypermax"):
            assert compare_with_cli(cli, tmp_path, tree, ["--tree", path], algorithm,
                                    depth=2) is not None
        return tree.players, searched

    # The trees are checked on a few threads at once (the binary runs as a process of its
    # own and the package's searches release the interpreter), in the order of their seeds.
    searched = {a: 0 for a in gt.algorithms()}
    players_seen = []
    with ThreadPoolExecutor(max_workers=min(4, os.cpu_count() or 2)) as pool:
        for players, algorithms in pool.map(check, range(200)):
            players_seen.append(players)
            for algorithm in algorithms:
                searched[algorithm] += 1
    assert set(players_seen) == {2, 3, 4, 5, 6}
    two = players_seen.count(2)
    # Every algorithm searched every tree it applies to (and the refusals of the others
    # were compared: the same error line): the two-player ones the two-player trees,
    # best-reply search none (it needs a game that hands the turn to any player).
    for algorithm, n in searched.items():
        if algorithm in TWO_PLAYER:
            assert n == two, algorithm
        elif algorithm in NEEDS_SET_TO_MOVE:
            assert n == 0, algorithm
        else:
            assert n == 200, algorithm


GAME_CASES = [
    ("connect-four", None, "alphabeta", {"depth": 6}),
    ("connect-four", None, "pvs", {"depth": 5, "iterative": True}),
    ("tictactoe", "51", "minimax", {}),
    ("tictactoe", None, "negamax", {"depth": 3, "trace": True}),
    ("chinese-checkers(players=3,board=73)", None, "maxn", {"depth": 2}),
    ("chinese-checkers(players=3,board=73)", None, "speculative", {"depth": 3, "table_mib": 4}),
    ("chinese-checkers(players=3,board=73)", None, "paranoid", {"depth": 3}),
    ("chinese-checkers(players=3,board=73)", None, "brs", {"depth": 3}),
    ("random(players=4,b=3,d=4,leaf=cutpoints,seed=7)", None, "shallow", {}),
    ("random(players=3,b=6,d=6,leaf=uniform,seed=2)", None, "mcts", {"nodes": 500}),
    ("rolit(players=3)", None, "maxn", {"depth": 2}),
    ("focus(players=3)", None, "brs", {"depth": 2}),
    ("blokus(players=4)", None, "paranoid", {"depth": 2}),
    ("hearts", None, "speculative", {"depth": 3}),
]


@pytest.mark.parametrize("spec,position,algorithm,options", GAME_CASES)
def test_builtin_games_give_the_clis_json(cli, tmp_path, spec, position, algorithm, options):
    game = gt.Game(spec, position)
    args = ["--game", spec] + (["--position", position] if position else [])
    assert compare_with_cli(cli, tmp_path, game, args, algorithm, **options) is not None


def test_result_fields_have_the_documented_types():
    tree = gt.Tree.from_json('{"players": 3, "maxsum": 10, "root": {"player": 0, "children": ['
                             '{"value": [5, 4, 1]}, {"player": 1, "children": ['
                             '{"value": [3, 7, 0]}, {"value": [1, 2, 7]}]}]}}')
    r = gt.search(tree, "speculative")
    assert r.value == (5, 4, 1) and isinstance(r.value, tuple)
    assert r.score == 5 and r.best_move == 0 and r.pv == [0]
    assert isinstance(r.stats, dict) and r.stats["nodes"] == 4  # one leaf pruned
    assert set(r.stats) >= {"nodes", "leaves", "expansions", "cutoffs", "depth", "elapsed_ms"}
    assert json.loads(r.to_json())["algorithm"] == "speculative"
    leaf = gt.search(gt.Tree.from_json('{"players": 2, "root": {"value": 3}}'), "minimax")
    assert leaf.best_move is None and leaf.pv == [] and leaf.value == (3, -3)
    g = gt.search(gt.Game("connect-four"), "alphabeta", depth=2)
    assert isinstance(g.best_move, str) and all(isinstance(m, str) for m in g.pv)
    assert "SearchResult" in repr(r)
    # Only best-reply search names who makes each move of its line: the root player (0
    # here) and one replying opponent in turn; the same key as the CLI's JSON.
    assert r.pv_players is None and g.pv_players is None
    b = gt.search(gt.Game("chess4"), "brs-plus", depth=4)
    assert len(b.pv_players) == len(b.pv) == 4
    assert [p == 0 for p in b.pv_players] == [True, False, True, False]
    assert json.loads(b.to_json())["pv_players"] == b.pv_players


def test_lists_match_gametree_list(cli):
    code, out, _ = cli("list", "--json")
    assert code == 0
    listed = json.loads(out)
    assert gt.algorithms() == [a["name"] for a in listed["algorithms"]]
    specs = gt.games()
    assert len(specs) == len(listed["games"])
    for spec in specs:
        assert gt.Game(spec).spec == spec


def test_perft_matches_the_cli(cli):
    for spec, depth in [("connect-four", 5), ("chinese-checkers(players=3,board=73)", 2),
                        ("tictactoe", 4)]:
        code, out, _ = cli("perft", "--game", spec, "--depth", depth, "--json")
        assert code == 0
        expected = json.loads(out)["leaves"]
        assert gt.perft(gt.Game(spec), depth) == expected
        assert gt.perft(spec, depth) == expected
    assert gt.perft(gt.Game("tictactoe", "5"), 1) == 8


def test_reproduce_rows_match_the_cli():
    rows = gt.reproduce("knuth-moore/best-case", quick=True)
    assert isinstance(rows, list) and len(rows) > 10
    assert all(r["paper"] == "knuth-moore" and r["table"] == "best-case" for r in rows)
    assert all(r["verdict"] == "exact" for r in rows)


def test_reproduce_rows_are_the_clis_rows(cli):
    code, out, _ = cli("reproduce", "knuth-moore/best-case", "--quick", "--json")
    assert code == 0
    assert gt.reproduce("knuth-moore/best-case") == json.loads(out)["rows"]


def test_reproduce_without_the_binary_says_how_to_get_it(monkeypatch, tmp_path):
    monkeypatch.delenv("GAMETREE_BIN", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(gt.GametreeError, match="not on the PATH.*GAMETREE_BIN"):
        gt.reproduce("knuth-moore/best-case")
    monkeypatch.setenv("GAMETREE_BIN", str(tmp_path / "missing"))
    with pytest.raises(gt.GametreeError, match="GAMETREE_BIN=.*missing: no such file"):
        gt.reproduce("knuth-moore/best-case")


def test_reproduce_errors_are_the_clis_lines(cli):
    code, _, err = cli("reproduce", "no-such-paper", "--quick", "--json")
    assert code == 2
    with pytest.raises(gt.GametreeError) as e:
        gt.reproduce("no-such-paper")
    assert "error: " + str(e.value) in err


def test_tournament_is_the_clis_json(cli):
    code, out, _ = cli("tournament", "--game", "chinese-checkers(players=3,board=73)",
                       "--engines", "maxn,paranoid@d1", "--depth", "2", "--openings", "1",
                       "--json", "--quiet")
    assert code == 0
    expected = json.loads(out)
    got = gt.tournament("chinese-checkers(players=3,board=73)",
                        engines=["maxn", "paranoid@d1"], depth=2, openings=1)
    assert got == expected
    assert gt.tournament("chinese-checkers(players=3,board=73)", engines="maxn,paranoid@d1",
                         depth=2, openings=1) == expected


ERROR_CASES = [
    # (package call, CLI arguments): the same one-line message.
    (lambda: gt.Game("no-such-game"), ["search", "--game", "no-such-game", "-a", "maxn"]),
    (lambda: gt.Game("tictactoe", "55"), ["search", "--game", "tictactoe", "--position", "55",
                                          "-a", "maxn"]),
    (lambda: gt.Game("connect-four(cols=99)"), ["search", "--game", "connect-four(cols=99)",
                                                "-a", "maxn"]),
    (lambda: gt.search(gt.Game("tictactoe"), "bogus"),
     ["search", "--game", "tictactoe", "-a", "bogus"]),
    (lambda: gt.search(gt.Game("tictactoe"), "alphabeta", table_mib=4),
     ["search", "--game", "tictactoe", "-a", "alphabeta", "--table-mib", "4"]),
    (lambda: gt.search(gt.Game("connect-four"), "maxn", iterative=True),
     ["search", "--game", "connect-four", "-a", "maxn", "--iterative"]),
    (lambda: gt.search(gt.Game("connect-four"), "maxn", nodes=10),
     ["search", "--game", "connect-four", "-a", "maxn", "--nodes", "10"]),
    (lambda: gt.search(gt.Game("connect-four"), "maxn", threads=2, depth=3),
     ["search", "--game", "connect-four", "-a", "maxn", "--threads", "2", "--depth", "3"]),
    (lambda: gt.search(gt.Game("connect-four"), "brs", depth=3),
     ["search", "--game", "connect-four", "-a", "brs", "--depth", "3"]),
    (lambda: gt.tournament("tictactoe", engines=["maxn@x"]),
     ["tournament", "--game", "tictactoe", "--engines", "maxn@x"]),
]


# The command line's flags and the package's keywords for the same options.
KEYWORDS = {"--table-mib": "table_mib", "--time-ms": "time_ms", "--iterative": "iterative",
            "--threads": "threads", "--nodes": "nodes", "--depth": "depth",
            "--position": "position"}


def in_keywords(line):
    """The command line's error line with its flags named as the package's keywords."""
    return re.sub(r"--[a-z-]+", lambda m: KEYWORDS.get(m.group(0), m.group(0)), line)


@pytest.mark.parametrize("call,args", ERROR_CASES)
def test_errors_are_gametree_errors_with_the_clis_line(cli, call, args):
    code, _, err = cli(*args)
    assert code == 2
    with pytest.raises(gt.GametreeError) as e:
        call()
    assert isinstance(e.value, ValueError)
    assert str(e.value) == in_keywords(err.strip()[len("error: "):])


def test_an_option_is_named_as_a_keyword_in_python_and_a_flag_on_the_command_line(cli):
    code, _, err = cli("search", "--game", "tictactoe", "-a", "alphabeta", "--table-mib", "4")
    assert code == 2
    assert err.strip() == ("error: --table-mib works with maxn and speculative (or with "
                           "--threads), not alphabeta")
    with pytest.raises(gt.GametreeError) as e:
        gt.search(gt.Game("tictactoe"), "alphabeta", table_mib=4)
    assert str(e.value) == ("table_mib works with maxn and speculative (or with threads), "
                            "not alphabeta")


def test_a_pruning_algorithm_without_bounds_is_refused_as_in_rust(cli, tmp_path):
    text = ('{"players": 3, "root": {"player": 0, "children": [{"value": [1, 2, 3]}, '
            '{"value": [3, 2, 1]}]}}')
    path = tmp_path / "t.json"
    path.write_text(text)
    for algorithm in ("speculative", "shallow", "last-branch"):
        assert compare_with_cli(cli, tmp_path, gt.Tree.from_json(text), ["--tree", path],
                                algorithm) is None


BAD_TREES = [
    "",
    "{",
    '{"players": 1, "root": {"value": [1]}}',
    '{"players": 2, "root": {"player": 0, "children": []}}',
    '{"players": 2, "maxsum": 3, "root": {"value": [3, 4]}}',
    '{"players": 2, "root": {"value": [1, 2]}, "root": {"value": [1, 2]}}',
    '{"players": 2, "root": {"value": [1.5, 2]}}',
    '{"players": 2, "root": {"value": [9223372036854775807, 2]}}',
]


@pytest.mark.parametrize("text", BAD_TREES)
def test_bad_trees_are_gametree_errors_with_the_clis_message(cli, tmp_path, text):
    path = tmp_path / "bad.json"
    path.write_text(text)
    code, _, err = cli("search", "--tree", path, "-a", "maxn")
    assert code == 2
    with pytest.raises(gt.GametreeError) as e:
        gt.Tree.load(str(path))
    assert str(e.value) == err.strip()[len("error: "):]
    with pytest.raises(gt.GametreeError) as e:
        gt.Tree.from_json(text)
    # From text there is no file name to put first.
    assert str(path) not in str(e.value)
    assert err.strip().endswith(str(e.value))


def test_a_missing_tree_file_is_a_gametree_error(cli, tmp_path):
    path = tmp_path / "missing.json"
    code, _, err = cli("search", "--tree", path, "-a", "maxn")
    with pytest.raises(gt.GametreeError) as e:
        gt.Tree.load(str(path))
    assert code == 2 and str(e.value) == err.strip()[len("error: "):]


@pytest.mark.parametrize("options", [
    {"depth": -1}, {"depth": 10_001}, {"nodes": 0}, {"time_ms": 0}, {"table_mib": -1},
    {"table_mib": 70_000}, {"threads": 0}, {"threads": 1000},
])
def test_out_of_range_options_are_gametree_errors_naming_the_option(options):
    with pytest.raises(gt.GametreeError) as e:
        gt.search(gt.Game("tictactoe"), "minimax", **options)
    (name, value), = options.items()
    assert str(e.value).startswith(f"{name}={value}: must be between")


@pytest.mark.parametrize("value", [2**64, -2**64, 2**63, 2**200])
@pytest.mark.parametrize("name", ["depth", "nodes", "time_ms", "table_mib", "threads"])
def test_huge_ints_are_gametree_errors_naming_the_keyword(name, value):
    # Issue #25, defect 9: depth=2**64 used to raise a bare OverflowError.
    with pytest.raises(gt.GametreeError) as e:
        gt.search(gt.Game("tictactoe"), "minimax", **{name: value})
    assert str(e.value).startswith(name), str(e.value)
    assert "must be between" in str(e.value)


@pytest.mark.parametrize("call", [
    lambda: gt.perft("tictactoe", 2**64),
    lambda: gt.tournament("tictactoe", depth=2**64),
    lambda: gt.tournament("tictactoe", openings=2**64),
    lambda: gt.tournament("tictactoe", seed=2**64),
    lambda: gt.tournament("tictactoe", seed=-1),
    lambda: gt.tournament("tictactoe", bootstrap=-2**70),
    lambda: gt.reproduce("korf-1991", hands=2**64),
])
def test_huge_ints_are_gametree_errors_in_every_function(call):
    with pytest.raises(gt.GametreeError, match="must be between"):
        call()


@pytest.mark.parametrize("call, message", [
    # Issue #46: openings=2**64 said "between 0 and 1000000", and 0 is refused.
    (lambda: gt.tournament("tictactoe", openings=2**64), "openings=18446744073709551616: must be between 1 and 1000000"),
    (lambda: gt.tournament("tictactoe", openings=2**200), "openings: a number beyond 128 bits; must be between 1 and 1000000"),
    (lambda: gt.tournament("tictactoe", openings=0), "openings=0: must be between 1 and 1000000"),
    (lambda: gt.tournament("tictactoe", openings=1_000_001), "openings=1000001: must be between 1 and 1000000"),
    (lambda: gt.tournament("tictactoe", opening_plies=10_001), "opening_plies=10001: must be between 0 and 10000"),
    (lambda: gt.tournament("tictactoe", threads=0), "threads=0: must be between 1 and 256"),
    (lambda: gt.tournament("tictactoe", bootstrap=100_001), "bootstrap=100001: must be between 0 and 100000"),
    (lambda: gt.tournament("tictactoe", max_plies=-1), "max_plies=-1: must be between 0 and 4294967295"),
    (lambda: gt.perft("tictactoe", -1), "depth=-1: must be between 0 and 10000"),
])
def test_range_messages_state_the_range_accepted(call, message):
    with pytest.raises(gt.GametreeError) as e:
        call()
    assert str(e.value) == message


@pytest.mark.parametrize("call", [
    # The ends of each range stated above are accepted.
    lambda: gt.tournament("tictactoe", engines="maxn@d1,paranoid@d1", openings=1, opening_plies=0,
                          threads=1, bootstrap=0, max_plies=0),
    lambda: gt.tournament("tictactoe", engines="maxn@d1,paranoid@d1", openings=1,
                          opening_plies=10_000, threads=256, bootstrap=100_000,
                          max_plies=2**32 - 1),
    lambda: gt.perft("tictactoe", 0),
])
def test_the_ends_of_each_range_are_accepted(call):
    call()


def test_wrong_argument_types_are_type_errors():
    with pytest.raises(TypeError):
        gt.search(gt.Game("tictactoe"), 3)
    with pytest.raises(TypeError):
        gt.search(gt.Game("tictactoe"), "minimax", depth="deep")
    with pytest.raises(TypeError):
        gt.perft(42, 1)
    with pytest.raises(TypeError):
        gt.Tree.from_json(b"{}")


def test_threads_use_the_engine_and_keep_the_value():
    game = gt.Game("connect-four")
    serial = gt.search(game, "alphabeta", depth=7)
    parallel = gt.search(game, "alphabeta", depth=7, threads=2)
    assert parallel.value == serial.value
    assert parallel.stats["iterations"] >= 1


def test_no_input_crashes_the_interpreter():
    # Inputs that stress the parsers and the searches: each is a GametreeError or a result,
    # never a crash or a PanicException.
    for text in ['{"players": 6, "root": {"player": 5, "children": [{"value": [0,0,0,0,0,0]}]}}',
                 '[' * 10_000, '{"players": 2, "root": ' + '{"player": 0, "children": [' * 200]:
        try:
            t = gt.Tree.from_json(text)
        except gt.GametreeError:
            continue
        for a in gt.algorithms():
            try:
                gt.search(t, a, depth=3)
            except gt.GametreeError:
                pass
    for spec in ["random(players=7)", "chess4(cap=-1)", "hearts(seed=x)", "(", ")", "a" * 10_000]:
        with pytest.raises(gt.GametreeError):
            gt.Game(spec)


def test_the_stubs_name_every_public_name_and_help_reads():
    import pathlib
    stub = (pathlib.Path(gt.__file__).parent / "__init__.pyi").read_text()
    for name in gt.__all__:
        assert f"def {name}(" in stub or f"class {name}" in stub, name
    assert (pathlib.Path(gt.__file__).parent / "py.typed").exists()
    for obj in (gt.search, gt.perft, gt.reproduce, gt.tournament, gt.Tree, gt.Game,
                gt.SearchResult, gt.algorithms, gt.games):
        assert obj.__doc__ and len(obj.__doc__) > 20, obj


def test_search_takes_mcts_iterations_seed_and_an_engine_names_options():
    game = gt.Game("connect-four")
    r = gt.search(game, "mcts", iterations=200, seed=3)
    assert r.stats["iterations"] == 200
    again = gt.search(game, "mcts", iterations=200, seed=3)
    assert (again.best_move, again.stats["nodes"]) == (r.best_move, r.stats["nodes"])
    # The default is 10,000 iterations; a node budget counts the tree's nodes instead.
    assert gt.search(game, "mcts", nodes=200).stats["iterations"] < 200
    # The options of an engine's name: the solver on, another exploration constant.
    solved = gt.search(gt.Game("tictactoe"), "mcts:solver=standard:c=0.5", iterations=5_000)
    assert solved.stats["iterations"] <= 5_000
    forced = gt.search(gt.Game("rolit(players=3)"), "brs-plus:forced=ordered", depth=3)
    assert forced.stats["nodes"] > 0
    # `cutoff` (an engine option of MCTS) cuts the playouts: other values, same seed.
    cut = gt.search(game, "mcts:cutoff=2", iterations=500, seed=1)
    assert cut.value != gt.search(game, "mcts", iterations=500, seed=1).value
    for algorithm, keywords, words in [
        ("alphabeta", {"iterations": 5, "depth": 2}, "for mcts only"),
        ("alphabeta", {"seed": 1, "depth": 2}, "for mcts only"),
        ("mcts", {"iterations": 0}, "iterations=0"),
        ("mcts:c=x", {}, "c `x`"),
        ("mcts:frobnicate=1", {}, "unknown option `frobnicate`"),
        ("mcts:solver", {}, "is not KEY=VALUE"),
        ("pvs:c=1", {"depth": 2}, "for mcts only"),
        ("mcts:forced=ordered", {}, "for brs-plus only"),
        ("mcts@n50", {}, "not in the name"),
        ("mcts:seed=2", {}, "a search takes seed="),
        ("mcts:worlds=2", {}, "a search takes seed="),
    ]:
        with pytest.raises(gt.GametreeError) as e:
            gt.search(game, algorithm, **keywords)
        text = str(e.value)
        assert words in text and "\n" not in text, (algorithm, keywords, text)
