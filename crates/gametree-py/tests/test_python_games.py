"""Games written in Python, searched by the native algorithms (docs/python.md, "Games
written in Python").

The oracle is plain max^n and plain paranoid written here in Python, over the same game
objects: every native search of a Python-defined game must agree with them on hundreds of
seeded random trees (value, best move, principal variation and, for max^n, node counts).
Then one test per documented error, and Ctrl-C (a real SIGINT from a timer thread).
"""

import json
import os
import signal
import threading
import time
import traceback

import pytest

import gametree as gt

MASK = (1 << 64) - 1


def mix(x):
    """SplitMix64's finaliser: a deterministic 64-bit hash of an int."""
    x = (x + 0x9E3779B97F4A7C15) & MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


class RandomTree:
    """A seeded random game tree for `players` players, `height` plies deep at most.

    A state is `(key, ply, to_move)`; a node has 0 to 3 children (the root at least 2),
    moves are strings; outcomes and evaluations are constant-sum vectors of small
    non-negative ints (many ties), so every max^n pruning applies. With `irregular`, the
    player to move is drawn at random rather than taken in turn.
    """

    def __init__(self, seed, players=3, height=5, maxsum=9, irregular=False):
        self.players = players
        self.seed = seed
        self.height = height
        self.maxsum = maxsum
        self.irregular = irregular
        self.bounds = {"lower": 0, "maxsum": maxsum, "step": 1, "constant_sum": True}

    def initial(self):
        return (mix(self.seed), 0, 0)

    def to_move(self, state):
        return state[2]

    def moves(self, state):
        key, ply, _ = state
        if ply >= self.height:
            return []
        n = key % 4
        if ply == 0:
            n = max(n, 2)
        return ["abc"[i] for i in range(n)]

    def play(self, state, move):
        key, ply, p = state
        child = mix(key ^ (ord(move) * 0x100000001B3))
        nxt = child % self.players if self.irregular else (p + 1) % self.players
        return (child, ply + 1, nxt)

    def _split(self, key):
        cuts = sorted((mix(key + i) >> 8) % (self.maxsum + 1) for i in range(self.players - 1))
        edges = [0] + cuts + [self.maxsum]
        return tuple(edges[i + 1] - edges[i] for i in range(self.players))

    def outcome(self, state):
        return self._split(state[0])

    def evaluate(self, state):
        return self._split(mix(state[0] ^ 0xE7A1))


def python_maxn(game, state, depth, ply=0):
    """Plain max^n: (value, pv, nodes visited below `state`), the first best child winning
    ties, as the native maxn documents."""
    moves = game.moves(state)
    if not moves:
        return game.outcome(state), [], 0
    if depth is not None and ply >= depth:
        return game.evaluate(state), [], 0
    p = game.to_move(state)
    best, best_pv, nodes = None, [], 0
    for m in moves:
        v, pv, n = python_maxn(game, game.play(state, m), depth, ply + 1)
        nodes += 1 + n
        if best is None or v[p] > best[p]:
            best, best_pv = v, [m] + pv
    return best, best_pv, nodes


def python_paranoid(game, state, depth, root, ply=0):
    """Plain paranoid: the root player's value when every other player minimises it, and
    the first best line."""
    moves = game.moves(state)
    if not moves:
        return game.outcome(state)[root], []
    if depth is not None and ply >= depth:
        return game.evaluate(state)[root], []
    maximise = game.to_move(state) == root
    best, best_pv = None, []
    for m in moves:
        v, pv = python_paranoid(game, game.play(state, m), depth, root, ply + 1)
        if best is None or (v > best if maximise else v < best):
            best, best_pv = v, [m] + pv
    return best, best_pv


def cases(n):
    """`n` seeded cases: (game, depth) with 3 players mostly, 2 to 6 in some."""
    for seed in range(n):
        players = 3 if seed % 4 else 2 + (seed // 4) % 5
        height = 3 + seed % 4
        depth = None if seed % 3 == 0 else 1 + seed % height
        yield RandomTree(seed, players=players, height=height, irregular=seed % 5 == 0), depth


MAXN_FAMILY = ["maxn", "shallow", "speculative", "last-branch", "branch-and-bound"]


def test_the_oracle_can_fail():
    # A different game gives a different value somewhere: the comparisons below are not
    # vacuous.
    differ = 0
    for seed in range(20):
        a = python_maxn(RandomTree(seed), RandomTree(seed).initial(), None)[0]
        b = python_maxn(RandomTree(seed + 1000), RandomTree(seed + 1000).initial(), None)[0]
        differ += a != b
    assert differ > 10


def test_maxn_family_equals_plain_maxn_written_in_python():
    checked = 0
    for game, depth in cases(300):
        value, pv, nodes = python_maxn(game, game.initial(), depth)
        for algorithm in MAXN_FAMILY:
            r = gt.search(game, algorithm, depth=depth)
            assert r.value == value, (game.seed, algorithm, depth)
            assert r.best_move == pv[0], (game.seed, algorithm, depth)
            root = game.to_move(game.initial())
            assert r.score == value[root]
            if algorithm == "maxn":
                assert r.pv == pv, (game.seed, depth)
                assert r.stats["nodes"] == nodes + 1, (game.seed, depth)
                assert r.stats["expansions"] == nodes
            else:
                assert r.stats["nodes"] <= nodes + 1
            checked += 1
    assert checked == 300 * len(MAXN_FAMILY)


def test_paranoid_equals_plain_paranoid_written_in_python():
    for game, depth in cases(300):
        root = game.to_move(game.initial())
        value, pv = python_paranoid(game, game.initial(), depth, root)
        r = gt.search(game, "paranoid", depth=depth)
        assert r.score == value, (game.seed, depth)
        assert r.best_move == pv[0], (game.seed, depth)
        assert r.value[root] == value
        assert r.pv == pv, (game.seed, depth)


class ZeroSum(RandomTree):
    """The random tree for two players, zero-sum: values (v, -v) with v in -5..5."""

    def __init__(self, seed, height=5):
        super().__init__(seed, players=2, height=height, irregular=seed % 2 == 0)
        self.bounds = {"lower": -5, "maxsum": 0, "constant_sum": True}

    def _split(self, key):
        v = key % 11 - 5
        return (v, -v)


TWO_PLAYER = ["minimax", "alphabeta", "alphabeta-failsoft", "negamax", "pvs", "mtdf", "aspiration"]


def test_two_player_searches_equal_plain_minimax_written_in_python():
    for seed in range(100):
        game = ZeroSum(seed, height=3 + seed % 4)
        depth = None if seed % 3 == 0 else 1 + seed % 4
        root = game.to_move(game.initial())
        value, _ = python_paranoid(game, game.initial(), depth, root)
        for algorithm in TWO_PLAYER + ["paranoid", "maxn"]:
            r = gt.search(game, algorithm, depth=depth)
            assert r.score == value, (seed, algorithm, depth)


class NotZeroSum(RandomTree):
    """The random tree for two players whose scores are independent (not constant-sum),
    with player 1 to move at the root on odd seeds."""

    def __init__(self, seed, height=5):
        super().__init__(seed, players=2, height=height, irregular=seed % 4 < 2)
        self.bounds = None

    def initial(self):
        return (mix(self.seed), 0, self.seed % 2)

    def _split(self, key):
        return (key % 7, (key >> 8) % 7)


def test_two_player_searches_equal_paranoid_on_a_game_that_is_not_zero_sum():
    # The root player maximises its own score, the other minimises it, whoever is at the
    # root (issue #46: the family used to read player 0's score, so player 1 minimised
    # player 0's instead of maximising its own).
    roots = set()
    for seed in range(120):
        game = NotZeroSum(seed, height=3 + seed % 4)
        depth = None if seed % 3 == 0 else 1 + seed % 4
        root = game.to_move(game.initial())
        roots.add(root)
        value, _ = python_paranoid(game, game.initial(), depth, root)
        for algorithm in TWO_PLAYER + ["paranoid"]:
            r = gt.search(game, algorithm, depth=depth)
            assert r.score == value, (seed, algorithm, depth)
            assert r.value[root] == value, (seed, algorithm, depth)
    assert roots == {0, 1}


def test_every_algorithm_runs_or_refuses_in_one_line():
    for game in [RandomTree(3), ZeroSum(3)]:
        for algorithm in gt.algorithms():
            try:
                r = gt.search(game, algorithm, depth=3)
            except gt.GametreeError as e:
                assert "\n" not in str(e)
                assert algorithm in {"brs", "brs-plus"} or game.players == 3, (algorithm, e)
            else:
                assert len(r.value) == game.players and r.stats["nodes"] >= 1


def test_iterative_deepening_returns_the_last_depth():
    for seed in range(40):
        game = RandomTree(seed, height=5)
        fixed = gt.search(game, "speculative", depth=3)
        deepened = gt.search(game, "speculative", depth=3, iterative=True)
        assert deepened.value == fixed.value
        assert deepened.best_move == fixed.best_move
        assert deepened.stats["iterations"] == 3


def test_json_matches_the_result():
    game = RandomTree(7)
    r = gt.search(game, "maxn", depth=3)
    j = json.loads(r.to_json())
    assert j["algorithm"] == "maxn"
    assert tuple(j["value"]) == r.value
    assert j["score"] == r.score
    assert j["pv"] == [repr(m) for m in r.pv]
    assert j["best_move"] == repr(r.best_move)
    assert j["stats"] == r.stats


def test_moves_may_be_any_hashable_objects():
    class Tuples(RandomTree):
        def moves(self, state):
            return tuple((i, "x") for i in range(len(super().moves(state))))

        def play(self, state, move):
            return super().play(state, "abc"[move[0]])

    game = Tuples(3)
    r = gt.search(game, "maxn")
    assert r.best_move in game.moves(game.initial())
    assert all(isinstance(m, tuple) for m in r.pv)


def test_a_leaf_has_no_move():
    game = RandomTree(1, height=0)
    r = gt.search(game, "maxn")
    assert r.best_move is None and r.pv == [] and r.stats["nodes"] == 1
    assert r.value == game.outcome(game.initial())


# --- errors: one test each -------------------------------------------------------------


class Boom(Exception):
    pass


def test_an_exception_in_a_method_reaches_the_caller_unchanged():
    class Raising(RandomTree):
        def play(self, state, move):
            if state[1] == 2:
                raise Boom("no move from here")
            return super().play(state, move)

    with pytest.raises(Boom, match="no move from here") as info:
        gt.search(Raising(5), "speculative")
    frames = [f.name for f in traceback.extract_tb(info.value.__traceback__)]
    assert "play" in frames


def test_an_exception_in_initial_reaches_the_caller():
    class Raising(RandomTree):
        def initial(self):
            raise Boom("no start")

    with pytest.raises(Boom, match="no start"):
        gt.search(Raising(5), "maxn")


def test_to_move_of_the_wrong_type_is_a_type_error():
    class Bad(RandomTree):
        def to_move(self, state):
            return "me"

    with pytest.raises(TypeError, match=r"^Bad\.to_move returned str, expected an int in 0\.\.3$"):
        gt.search(Bad(5), "maxn")


def test_to_move_out_of_range_is_a_gametree_error():
    class Bad(RandomTree):
        def to_move(self, state):
            return 3

    with pytest.raises(gt.GametreeError, match=r"^Bad\.to_move returned 3, expected an int in 0\.\.3$"):
        gt.search(Bad(5), "maxn")


def test_integers_with_index_are_ints_and_huge_ints_are_out_of_range():
    class Index:
        def __init__(self, v):
            self.v = v

        def __index__(self):
            return self.v

    class Indexed(RandomTree):
        def to_move(self, state):
            return Index(super().to_move(state))

        def outcome(self, state):
            return tuple(Index(v) for v in super().outcome(state))

    game = Indexed(4)
    assert gt.search(game, "maxn").value == python_maxn(RandomTree(4), RandomTree(4).initial(), None)[0]

    class Huge(RandomTree):
        def outcome(self, state):
            return (2**70, 0, 0)

    with pytest.raises(gt.GametreeError, match=r"^Huge\.outcome returned 1180591620717411303424, "
                       r"outside the score range"):
        gt.search(Huge(4), "maxn")


@pytest.mark.parametrize("fast, method, returned, algorithm, depth, message", [
    (False, "to_move", lambda self, s: 2**64, "maxn", 3, "Huge.to_move returned 18446744073709551616, expected an int in 0..3"),
    (False, "to_move", lambda self, s: -2**70, "maxn", 3, "Huge.to_move returned -1180591620717411303424, expected an int in 0..3"),
    (False, "outcome", lambda self, s: (0, -2**64, 0), "maxn", None, "Huge.outcome returned -18446744073709551616, outside the score range"),
    (False, "evaluate", lambda self, s: [2**70, 0, 0], "maxn", 1, "Huge.evaluate returned 1180591620717411303424, outside the score range"),
    (True, "expand", lambda self, s: (2**64, ["a"]), "paranoid", 3, "Huge.expand returned 18446744073709551616, expected an int in 0..3"),
    (True, "leaf", lambda self, s: (False, (2**64, 0, 0)), "paranoid", 3, "Huge.leaf returned 18446744073709551616, outside the score range"),
    (True, "expand_all", lambda self, s: (2**64, ["a"], [s]), "maxn", 3, "Huge.expand_all returned 18446744073709551616, expected an int in 0..3"),
    (True, "expand_all", lambda self, s: (None, (0, 0, 2**64)), "maxn", 3, "Huge.expand_all returned 18446744073709551616, outside the score range"),
])
def test_huge_ints_are_printed_as_the_game_returned_them(fast, method, returned, algorithm, depth, message):
    # Issue #46: an int beyond 64 bits was printed as 9223372036854775807.
    class Huge(FastBadExpandAll if fast else RandomTree):
        pass

    game = Huge(7, height=5)
    setattr(game, method, returned.__get__(game))
    with pytest.raises(gt.GametreeError) as e:
        gt.search(game, algorithm, depth=depth)
    assert str(e.value).startswith(message), str(e.value)


@pytest.mark.parametrize("attribute, value, message", [
    ("players", 2**64, "Huge.players is 18446744073709551616, expected an int in 2..6"),
    ("bounds", {"lower": -2**70}, 'Huge.bounds["lower"] is -1180591620717411303424, outside the score range'),
    ("bounds", {"lower": [0, 2**64, 0]}, 'Huge.bounds["lower"] is 18446744073709551616, outside the score range'),
    ("bounds", {"maxsum": 2**64}, 'Huge.bounds["maxsum"] is 18446744073709551616, outside the score range'),
    ("bounds", {"step": -2**64}, 'Huge.bounds["step"] is -18446744073709551616, outside the score range'),
])
def test_huge_ints_in_the_game_object_are_printed_as_given(attribute, value, message):
    class Huge(RandomTree):
        pass

    game = Huge(4)
    setattr(game, attribute, value)
    with pytest.raises(gt.GametreeError) as e:
        gt.search(game, "maxn")
    assert str(e.value).startswith(message), str(e.value)


def test_moves_of_the_wrong_type_is_a_type_error():
    class Bad(RandomTree):
        def moves(self, state):
            return 3

    with pytest.raises(TypeError, match=r"^Bad\.moves returned int, expected a list of moves$"):
        gt.search(Bad(5), "maxn")


def test_payoffs_of_the_wrong_length_are_a_gametree_error():
    class Bad(RandomTree):
        def outcome(self, state):
            return (1, 2)

    with pytest.raises(gt.GametreeError, match=r"^Bad\.outcome returned 2 values, expected 3 \(one int per player\)$"):
        gt.search(Bad(5), "maxn")


def test_payoffs_that_are_not_ints_are_a_type_error():
    class Bad(RandomTree):
        def evaluate(self, state):
            return (1.5, 2, 3)

    with pytest.raises(TypeError, match=r"^Bad\.evaluate returned a tuple holding float, expected one int per player$"):
        gt.search(Bad(5), "maxn", depth=2)


def test_a_value_outside_the_bounds_is_a_gametree_error():
    class Bad(RandomTree):
        def evaluate(self, state):
            return (9, 9, 9)

    with pytest.raises(gt.GametreeError, match=r"^Bad\.evaluate returned \(9, 9, 9\), outside the game's bounds"):
        gt.search(Bad(5), "speculative", depth=2)


@pytest.mark.parametrize("players", [1, 7])
def test_players_out_of_range_is_a_gametree_error(players):
    game = RandomTree(5)
    game.players = players
    with pytest.raises(gt.GametreeError, match=rf"^RandomTree\.players is {players}, expected an int in 2\.\.6$"):
        gt.search(game, "maxn")


def test_players_of_the_wrong_type_is_a_type_error():
    game = RandomTree(5)
    game.players = "3"
    with pytest.raises(TypeError, match=r"^RandomTree\.players is str, expected an int in 2\.\.6$"):
        gt.search(game, "maxn")


def test_a_missing_method_is_a_type_error():
    class NoPlay:
        players = 3

        def initial(self):
            return 0

    with pytest.raises(TypeError, match=r"^NoPlay is not a game: it has no attribute to_move"):
        gt.search(NoPlay(), "maxn")


def test_evaluate_is_needed_only_by_a_depth_limited_search():
    class NoEval:
        def __init__(self, seed):
            self.inner = RandomTree(seed)
            self.players = 3
            for name in ["initial", "to_move", "moves", "play", "outcome"]:
                setattr(self, name, getattr(self.inner, name))

    game = NoEval(5)
    assert gt.search(game, "maxn").value == python_maxn(game, game.initial(), None)[0]
    with pytest.raises(TypeError, match=r"^NoEval has no method evaluate, which a depth-limited search needs"):
        gt.search(game, "maxn", depth=2)


@pytest.mark.parametrize(
    "algorithm, needs",
    [
        ("speculative", "an upper bound maxsum on the sum of the scores"),
        ("branch-and-bound", "an upper bound maxsum on the sum of the scores"),
    ],
)
def test_missing_bounds_raise_the_rust_error(algorithm, needs):
    game = RandomTree(5)
    del game.bounds
    with pytest.raises(gt.GametreeError) as info:
        gt.search(game, algorithm)
    assert str(info.value) == f"{algorithm} needs {needs}, and the evaluator does not guarantee it"
    # maxn needs no bound.
    assert gt.search(game, "maxn").value == python_maxn(game, game.initial(), None)[0]


@pytest.mark.parametrize(
    "bounds, message",
    [
        ({"lower": 0, "maxsum": 9, "colour": 1}, r'has the unknown key "colour"'),
        ({"lower": [0, 0], "maxsum": 9}, r'bounds\["lower"\] has 2 values, expected 3'),
        ({"lower": 0, "constant_sum": True}, r"constant_sum without a maxsum"),
        ({"lower": 5, "maxsum": 9}, r"the lower bounds sum to 15, above maxsum 9"),
        ({"step": 0}, r'bounds\["step"\] is 0, expected an int of at least 1'),
    ],
)
def test_bad_bounds_are_a_gametree_error(bounds, message):
    game = RandomTree(5)
    game.bounds = bounds
    with pytest.raises(gt.GametreeError, match=message):
        gt.search(game, "maxn")


def test_bounds_of_the_wrong_type_are_a_type_error():
    game = RandomTree(5)
    game.bounds = [0, 9]
    with pytest.raises(TypeError, match=r"^RandomTree\.bounds is list, expected a dict"):
        gt.search(game, "maxn")


@pytest.mark.parametrize(
    "options, message",
    [
        ({"table_mib": 1}, r"^table_mib=1: games written in Python have no table"),
        ({"threads": 2}, r"^threads=2: games written in Python are searched on one thread"),
        ({"nodes": 5}, r"^the node limit stopped maxn after 5 nodes, before the search finished; raise nodes"),
    ],
)
def test_options_that_do_not_apply_are_a_gametree_error(options, message):
    with pytest.raises(gt.GametreeError, match=message):
        gt.search(RandomTree(5, height=6), "maxn", **options)


def test_best_reply_search_is_refused_as_in_rust():
    with pytest.raises(gt.GametreeError, match=r"^brs needs a game that can hand the turn to any player$"):
        gt.search(RandomTree(5), "brs", depth=2)


def test_an_error_leaves_the_module_usable():
    class Bad(RandomTree):
        def outcome(self, state):
            raise Boom("once")

    with pytest.raises(Boom):
        gt.search(Bad(5), "maxn")
    game = RandomTree(5)
    assert gt.search(game, "maxn").value == python_maxn(game, game.initial(), None)[0]


# --- Ctrl-C ----------------------------------------------------------------------------


class Endless:
    """Two moves everywhere, forever: a search without a depth limit never ends."""

    players = 3
    bounds = {"lower": 0, "maxsum": 3, "constant_sum": True}

    def initial(self):
        return 0

    def to_move(self, state):
        return state % 3

    def moves(self, state):
        return [0, 1]

    def play(self, state, move):
        return state + 1

    def outcome(self, state):
        return (1, 1, 1)

    def evaluate(self, state):
        return (1, 1, 1)


@pytest.mark.sigint
@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="POSIX signals")
@pytest.mark.parametrize("algorithm", ["maxn", "speculative", "paranoid"])
@pytest.mark.parametrize("depth", [40, 10_000])
def test_ctrl_c_stops_a_search_of_a_python_game(algorithm, depth, sigint_raises):
    # Depth 40 runs on the calling thread, depth 10,000 (the deepest a search may go) on a
    # thread of its own: both far more than the search can finish.
    interrupt_search(Endless(), algorithm, depth)


class EndlessFast(Endless):
    """Endless with the fast protocol's methods."""

    def expand(self, state):
        return state % 3, [0, 1]

    def leaf(self, state):
        return False, (1, 1, 1)

    def play_all(self, state, moves):
        return [state + 1, state + 1]

    def leaf_all(self, states):
        return [(False, (1, 1, 1))] * len(states)


@pytest.mark.sigint
@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="POSIX signals")
@pytest.mark.parametrize("depth", [40, 10_000])
def test_ctrl_c_stops_a_search_over_the_fast_methods(depth, sigint_raises):
    interrupt_search(EndlessFast(), "maxn", depth)


class SearchingAtTheLeaves(Endless):
    """Endless valued at its leaves by a search of Endless without end (20 s at most)."""

    def evaluate(self, state):
        return gt.search(Endless(), "maxn", depth=10_000, time_ms=20_000).value


@pytest.mark.sigint
@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="POSIX signals")
def test_ctrl_c_stops_a_search_nested_in_a_search_on_a_thread(sigint_raises):
    # Both searches run on threads of their own (10,000 plies deep). The main thread waits
    # for the outer one and sees the signal; the outer one's thread waits for the inner one
    # and sees none: the inner one stops because the outer one's stop request is set.
    interrupt_search(SearchingAtTheLeaves(), "maxn", 10_000)


def interrupt_search(game, algorithm, depth):
    """Searches `game` and sends SIGINT 0.3 s later: KeyboardInterrupt within a second (the
    test's fixture `sigint_raises` makes SIGINT raise it)."""
    sent = []

    def interrupt():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(0.3, interrupt)
    try:
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            gt.search(game, algorithm, depth=depth)
        latency = time.monotonic() - sent[0]
    finally:
        timer.cancel()
    assert latency < 1.0, latency
    # The stop request is withdrawn: the next search runs to its end.
    assert gt.search(RandomTree(5), algorithm).stats["nodes"] > 1


# --- the benchmark and the example keep working ----------------------------------------

HERE = os.path.dirname(os.path.abspath(__file__))


def test_the_benchmark_runs_and_its_searches_agree():
    import subprocess
    import sys

    script = os.path.join(HERE, "..", "bench", "python_games.py")
    out = subprocess.run([sys.executable, script, "--quick", "--json"], check=True,
                         capture_output=True, text=True, timeout=300)
    rows = json.loads(out.stdout)
    assert [r["game"].split()[0] for r in rows] == ["random-tree", "coin-row"]
    assert all(r["nodes"] > 100 and r["native_nodes_per_s"] > 0 for r in rows)


def test_the_benchmark_runs_one_search_alone_for_valgrind():
    import subprocess
    import sys

    script = os.path.join(HERE, "..", "bench", "python_games.py")

    def one(*args):
        return subprocess.run([sys.executable, script, "--one", *args], capture_output=True,
                              text=True, timeout=300)

    lines = {s: one("coin", s).stdout for s in ["native", "native-fast", "python", "python-fast"]}
    assert len(set(lines.values())) == 1 and lines["native"].endswith(" 16383\n"), lines
    assert one("coin", "none").stdout == ""
    bad = one("coin", "fast")
    assert bad.returncode == 2 and "unknown search 'fast'" in bad.stderr


def test_the_example_game_agrees_with_the_oracle():
    import importlib.util

    path = os.path.join(HERE, "..", "..", "..", "examples", "python", "compare.py")
    spec = importlib.util.spec_from_file_location("compare", path)
    compare = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(compare)
    game = compare.CoinRow()
    for depth in range(1, 7):
        value, pv, nodes = python_maxn(game, game.initial(), depth)
        for algorithm in ["maxn", "speculative"]:
            r = gt.search(game, algorithm, depth=depth)
            assert r.value == value and r.pv[0] == pv[0]
        assert gt.search(game, "maxn", depth=depth).stats["nodes"] == nodes + 1
        para, _ = python_paranoid(game, game.initial(), depth, 0)
        assert gt.search(game, "paranoid", depth=depth).score == para


class Pile:
    """A two-player take-away game whose state is a list [stones, to_move]: each move takes
    1 or 2 stones, taking the last stone wins. `play` builds a new list."""

    players = 2

    def initial(self):
        return [7, 0]

    def to_move(self, state):
        return state[1]

    def moves(self, state):
        return [k for k in (1, 2) if k <= state[0]]

    def play(self, state, move):
        return [state[0] - move, 1 - state[1]]

    def outcome(self, state):
        winner = 1 - state[1]
        return (1, -1) if winner == 0 else (-1, 1)

    def evaluate(self, state):
        return (0, 0)


def test_a_play_that_changes_its_state_is_a_gametree_error_naming_play():
    # Issue #25, defect 9: such a game used to end in a bare IndexError.
    class Mutating(Pile):
        def play(self, state, move):
            state[0] -= move
            state[1] = 1 - state[1]
            return state

    with pytest.raises(gt.GametreeError, match=r"^Mutating\.play changed the state it was given: "
                       r"play\(state, move\) must return a new state and leave `state` unchanged"):
        gt.search(Mutating(), "minimax")
    # The honest game searches to the end.
    assert gt.search(Pile(), "minimax").value == (1, -1)


def test_a_move_list_changed_behind_the_search_is_a_gametree_error():
    class SharedMoves(Pile):
        """moves returns a list it keeps and empties later."""

        def __init__(self):
            self.lists = []

        def moves(self, state):
            out = super().moves(state)
            self.lists.append(out)
            return out

        def play(self, state, move):
            for kept in self.lists:
                kept.clear()
            return super().play(state, move)

    with pytest.raises(gt.GametreeError, match=r"^SharedMoves: the list of moves SharedMoves\.moves "
                       r"returned has changed since"):
        gt.search(SharedMoves(), "maxn")


# --- the fast protocol: expand, leaf and play_all (docs/python-games.md) -----------------


class Counted:
    """Counts the calls of each method a game defines (a plain dict of counts)."""

    def count(self, name):
        self.calls[name] = self.calls.get(name, 0) + 1


def with_methods(base, *fast):
    """A subclass of `base` that counts every protocol call and adds the optional methods
    named in `fast`, each defined by the plain methods (so it must change no result)."""

    def counted(name, f):
        def method(self, *args):
            self.count(name)
            return f(self, *args)

        return method

    def expand(self, state):
        moves = base.moves(self, state)
        if not moves:
            return None, base.outcome(self, state)
        return base.to_move(self, state), moves

    def leaf(self, state):
        if base.moves(self, state):
            return False, base.evaluate(self, state)
        return True, base.outcome(self, state)

    def play_all(self, state, moves):
        return [base.play(self, state, m) for m in moves]

    def leaf_all(self, states):
        return [leaf(self, s) for s in states]

    def expand_all(self, state):
        moves = base.moves(self, state)
        if not moves:
            return None, base.outcome(self, state)
        return base.to_move(self, state), moves, [base.play(self, state, m) for m in moves]

    optional = {"expand": expand, "leaf": leaf, "play_all": play_all, "leaf_all": leaf_all,
                "expand_all": expand_all}
    methods = {name: counted(name, getattr(base, name))
               for name in ["initial", "to_move", "moves", "play", "outcome", "evaluate"]}
    methods.update({name: counted(name, optional[name]) for name in fast})
    cls = type(f"{base.__name__}With{''.join(n.title() for n in fast)}", (Counted, base), methods)
    return cls


FAST_SETS = [(), ("expand",), ("leaf",), ("play_all",), ("expand", "leaf"),
             ("expand", "leaf", "play_all"), ("play_all", "leaf_all"),
             ("expand", "leaf", "play_all", "leaf_all"), ("expand_all",),
             ("expand_all", "leaf", "leaf_all"),
             ("expand", "expand_all", "leaf", "play_all", "leaf_all")]


def make(cls, seed, players, height, irregular):
    game = cls(seed, players=players, height=height, irregular=irregular)
    game.calls = {}
    return game


def summary(r):
    return (r.value, r.score, r.best_move, r.pv, r.stats["nodes"], r.stats["leaves"],
            r.stats.get("iterations"))


def test_the_fast_protocol_gives_the_values_and_counts_of_the_plain_one():
    # Every subset of the optional methods, every algorithm that runs on a Python game,
    # fixed depth and iterative deepening: the same values, lines and node counts as the
    # plain protocol.
    classes = {fast: with_methods(RandomTree, *fast) for fast in FAST_SETS}
    algorithms = MAXN_FAMILY + ["paranoid", "nmax", "hypermax", "hypermax-sorted"]
    checked = 0
    for seed in range(40):
        players = 3 if seed % 4 else 2 + (seed // 4) % 5
        height = 3 + seed % 4
        depth = None if seed % 3 == 0 else 1 + seed % height
        irregular = seed % 5 == 0
        algorithm = algorithms[seed % len(algorithms)]
        for iterative in ([False, True] if depth else [False]):
            plain = make(classes[()], seed, players, height, irregular)
            want = summary(gt.search(plain, algorithm, depth=depth, iterative=iterative))
            for fast in FAST_SETS[1:]:
                game = make(classes[fast], seed, players, height, irregular)
                got = summary(gt.search(game, algorithm, depth=depth, iterative=iterative))
                assert got == want, (seed, algorithm, depth, iterative, fast)
                checked += 1
    assert checked > 300
    # MCTS (slower: its default budget of simulations) on one game.
    want = summary(gt.search(make(classes[()], 4, 3, 5, False), "mcts", depth=3))
    for fast in FAST_SETS[1:]:
        assert summary(gt.search(make(classes[fast], 4, 3, 5, False), "mcts", depth=3)) == want


def tree_counts(game, depth):
    """The inner nodes, the leaves and, among the leaves, the terminal states above `depth`
    of the tree max^n searches to `depth`."""
    inner = leaves = ends = 0
    frontier = [(game.initial(), 0)]
    while frontier:
        state, ply = frontier.pop()
        moves = RandomTree.moves(game, state)
        if not moves or ply >= depth:
            leaves += 1
            ends += not moves and ply < depth
        else:
            inner += 1
            frontier.extend((RandomTree.play(game, state, m), ply + 1) for m in moves)
    return inner, leaves, ends


def test_a_game_with_only_the_plain_methods_is_called_once_per_question():
    # The plain protocol still works and is asked each thing once per node: moves at every
    # node, to_move at inner nodes, play per child, evaluate or outcome at leaves.
    for seed in range(20):
        game = make(with_methods(RandomTree), seed, 3, 6, False)
        inner, leaves, _ = tree_counts(game, 4)
        r = gt.search(game, "maxn", depth=4)
        assert r.stats["nodes"] == inner + leaves
        calls = game.calls
        assert inner + leaves <= calls["moves"] <= inner + leaves + 2 * len(r.pv), seed
        assert calls["to_move"] == inner
        # Once per child, and again along the line replayed for the result.
        assert r.stats["nodes"] - 1 <= calls["play"] <= r.stats["nodes"] - 1 + 2 * len(r.pv)
        assert calls.get("evaluate", 0) + calls.get("outcome", 0) == leaves


def test_the_fast_protocol_makes_one_call_per_node_and_one_per_expansion():
    # max^n to a fixed depth with expand, leaf and play_all: one `leaf` per leaf at the
    # depth limit, one `expand` per other node and one `play_all` per inner node (and per
    # node of the line replayed for the result), and no call of the plain methods.
    cls = with_methods(RandomTree, "expand", "leaf", "play_all")
    for seed in range(20):
        game = make(cls, seed, 3, 6, False)
        inner, leaves, _ = tree_counts(game, 4)
        r = gt.search(game, "maxn", depth=4)
        calls, nodes, line = game.calls, r.stats["nodes"], 2 * len(r.pv)
        assert set(calls) <= {"initial", "expand", "leaf", "play_all"}, (seed, calls)
        assert calls["leaf"] <= leaves, seed
        assert nodes <= calls["leaf"] + calls["expand"] <= nodes + line
        assert inner <= calls["play_all"] <= inner + line
        assert sum(calls.values()) - 1 <= nodes + inner + 2 * line


def test_leaf_all_values_the_children_of_a_node_above_the_depth_limit_in_one_call():
    # With play_all and leaf_all too, the leaves at the depth limit cost no call of their
    # own: one leaf_all per node above them.
    cls = with_methods(RandomTree, "expand", "leaf", "play_all", "leaf_all")
    for seed in range(20):
        game = make(cls, seed, 3, 6, False)
        inner, leaves, _ = tree_counts(game, 4)
        r = gt.search(game, "maxn", depth=4)
        calls, nodes, line = game.calls, r.stats["nodes"], 2 * len(r.pv)
        assert set(calls) <= {"initial", "expand", "leaf", "play_all", "leaf_all"}, calls
        assert calls.get("leaf", 0) <= line, (seed, calls)
        assert 0 < calls["leaf_all"] <= calls["play_all"] <= inner + line
        assert sum(calls.values()) - 1 <= 2 * inner + nodes - leaves + 3 * line


def test_expand_all_expands_a_node_and_makes_its_children_in_one_call():
    # max^n to a fixed depth with expand_all, leaf and leaf_all: one expand_all per inner
    # node (and per node of the line replayed for the result), one leaf_all per node above
    # the depth limit, and no call of the plain methods, expand or play_all.
    cls = with_methods(RandomTree, "expand", "expand_all", "leaf", "play_all", "leaf_all")
    for seed in range(20):
        game = make(cls, seed, 3, 6, seed % 2 == 0)
        inner, leaves, ends = tree_counts(game, 4)
        r = gt.search(game, "maxn", depth=4)
        calls, line = game.calls, 2 * len(r.pv)
        # (expand at most on the replayed line's last state, at the depth limit.)
        assert set(calls) <= {"initial", "expand_all", "expand", "leaf", "leaf_all"}, calls
        assert calls.get("leaf", 0) + calls.get("expand", 0) <= line, (seed, calls)
        # A terminal node above the depth limit is asked expand_all too (for its outcome).
        assert inner <= calls["expand_all"] <= inner + ends + line, (seed, calls)
        assert 0 < calls["leaf_all"] <= inner, (seed, calls)
        assert sum(calls.values()) - 1 <= 2 * inner + 2 * line, (seed, calls)


def test_expand_all_is_not_asked_at_the_depth_limit():
    # With expand_all alone, a state at the depth limit is asked `moves` (is it terminal?)
    # and `evaluate`: expand_all there would make children the search never visits.
    cls = with_methods(RandomTree, "expand_all")
    for seed in range(10):
        game = make(cls, seed, 3, 6, False)
        inner, leaves, ends = tree_counts(game, 4)
        r = gt.search(game, "maxn", depth=4)
        calls, line = game.calls, 2 * len(r.pv)
        assert inner <= calls["expand_all"] <= inner + ends + line, (seed, calls)
        assert calls.get("play", 0) <= line, (seed, calls)
        assert 0 < calls["evaluate"] <= leaves - ends, (seed, calls)
    # Iterative deepening: one state per new depth is expanded after it was asked `moves`
    # as a leaf; its children are made by `play`, and the values are those of the plain
    # protocol.
    plain = make(with_methods(RandomTree), 3, 3, 6, False)
    game = make(cls, 3, 3, 6, False)
    want = summary(gt.search(plain, "maxn", depth=5, iterative=True))
    assert summary(gt.search(game, "maxn", depth=5, iterative=True)) == want
    assert 0 < game.calls["play"] < game.calls["expand_all"], game.calls


def test_play_all_is_used_only_by_searches_that_visit_every_child():
    # A pruning search asks `play` for the children it visits (play_all would make the
    # pruned ones too).
    cls = with_methods(RandomTree, "play_all")
    game = make(cls, 5, 3, 6, False)
    gt.search(game, "speculative", depth=4)
    assert "play_all" not in game.calls and game.calls["play"] > 0
    game = make(cls, 5, 3, 6, False)
    gt.search(game, "maxn", depth=4)
    assert game.calls["play_all"] > 0 and "play" not in game.calls
    # expand_all too: a pruning search asks `expand` (or `moves`) and `play`.
    cls = with_methods(RandomTree, "expand", "expand_all")
    game = make(cls, 5, 3, 6, False)
    gt.search(game, "speculative", depth=4)
    assert "expand_all" not in game.calls and game.calls["expand"] > 0
    game = make(cls, 5, 3, 6, False)
    gt.search(game, "maxn", depth=4)
    assert game.calls["expand_all"] > 0
    # (expand only at the depth limit, where the search wants to know whether a state is
    # terminal.)
    assert not {"moves", "to_move", "play"} & set(game.calls), game.calls


class FastBad(RandomTree):
    """The random tree with the fast methods, each replaceable by a broken one."""

    def expand(self, state):
        moves = self.moves(state)
        return (self.to_move(state), moves) if moves else (None, self.outcome(state))

    def leaf(self, state):
        moves = self.moves(state)
        return (False, self.evaluate(state)) if moves else (True, self.outcome(state))

    def play_all(self, state, moves):
        return [self.play(state, m) for m in moves]


class FastBadAll(FastBad):
    """FastBad with leaf_all too."""

    def leaf_all(self, states):
        return [self.leaf(s) for s in states]


class FastBadExpandAll(FastBad):
    """FastBad with expand_all too (which max^n then asks instead of expand and play_all)."""

    def expand_all(self, state):
        moves = self.moves(state)
        if not moves:
            return None, self.outcome(state)
        return self.to_move(state), moves, [self.play(state, m) for m in moves]


@pytest.mark.parametrize("method, broken, error, message", [
    ("expand", lambda self, s: 3, TypeError, "FastBad.expand returned int, expected a pair"),
    ("expand", lambda self, s: (7, ["a"]), gt.GametreeError, "FastBad.expand returned 7, expected an int in 0..3"),
    ("expand", lambda self, s: (0, 5), TypeError, "FastBad.expand returned int, expected a list of moves"),
    ("leaf", lambda self, s: (1, (3, 3, 3)), TypeError, "FastBad.leaf returned a pair starting with int, expected a bool"),
    ("leaf", lambda self, s: (False, (3, 3)), gt.GametreeError, "FastBad.leaf returned 2 values, expected 3"),
    ("play_all", lambda self, s, ms: [s], gt.GametreeError, "FastBad.play_all returned 1 states for 3 moves"),
    ("play_all", lambda self, s, ms: None, TypeError, "FastBad.play_all returned NoneType, expected a list of states"),
    ("leaf_all", lambda self, ss: [(False, (3, 3, 3))], gt.GametreeError, "FastBadAll.leaf_all returned 1 pairs for 3 states"),
    ("leaf_all", lambda self, ss: [3] * len(ss), TypeError, "FastBadAll.leaf_all returned int, expected a pair"),
    ("expand_all", lambda self, s: 3, TypeError, "FastBadExpandAll.expand_all returned int, expected a triple (to_move, moves, children) or a pair (None, outcome)"),
    ("expand_all", lambda self, s: (0, [0, 1, 2]), TypeError, "FastBadExpandAll.expand_all returned tuple, expected a triple"),
    ("expand_all", lambda self, s: (None, (3, 3, 3), []), TypeError, "FastBadExpandAll.expand_all returned tuple, expected a triple"),
    ("expand_all", lambda self, s: (7, ["a"], [s]), gt.GametreeError, "FastBadExpandAll.expand_all returned 7, expected an int in 0..3"),
    ("expand_all", lambda self, s: (0, [0, 1, 2], [s]), gt.GametreeError, "FastBadExpandAll.expand_all returned 1 states for 3 moves"),
    ("expand_all", lambda self, s: (0, [0, 1, 2], None), TypeError, "FastBadExpandAll.expand_all returned NoneType, expected a list of states"),
    ("expand_all", lambda self, s: (None, (3, 3)), gt.GametreeError, "FastBadExpandAll.expand_all returned 2 values, expected 3"),
])
def test_a_fast_method_returning_a_bad_value_is_named(method, broken, error, message):
    cls = {"leaf_all": FastBadAll, "expand_all": FastBadExpandAll}.get(method, FastBad)
    game = cls(7, height=5)  # 3 root moves
    assert len(game.moves(game.initial())) == 3
    setattr(game, method, broken.__get__(game))
    with pytest.raises(error) as e:
        # At depth 1, leaf_all values the root's three children.
        gt.search(game, "maxn", depth=1 if method == "leaf_all" else 3)
    assert message in str(e.value)


def test_a_play_all_that_changes_its_state_is_named():
    class Mutating(FastBad):
        def initial(self):
            return [mix(self.seed), 0, 0]

        def moves(self, state):
            return super().moves(tuple(state))

        def play_all(self, state, moves):
            state[1] += 0  # read
            children = [list(self.play(tuple(state), m)) for m in moves]
            state[0] ^= 1
            return children

        def to_move(self, state):
            return state[2]

        def evaluate(self, state):
            return super().evaluate(tuple(state))

        def outcome(self, state):
            return super().outcome(tuple(state))

    with pytest.raises(gt.GametreeError, match="Mutating.play_all changed the state it was given"):
        gt.search(Mutating(3), "maxn", depth=3)

    class MutatingAll(Mutating):
        def expand_all(self, state):
            moves = self.moves(state)
            return state[2], moves, self.play_all(state, moves)

    with pytest.raises(gt.GametreeError,
                       match="MutatingAll.expand_all changed the state it was given"):
        gt.search(MutatingAll(3), "maxn", depth=3)


@pytest.mark.parametrize("returns", ["pairs", "nothing"])
def test_a_leaf_all_that_empties_its_list_is_named(returns):
    # Issue #46: a leaf_all that consumed the list of states it was given ended the search
    # in a bare IndexError.
    class Emptying(FastBadAll):
        def leaf_all(self, states):
            pairs = [self.leaf(s) for s in states]
            states.clear()
            return pairs if returns == "pairs" else []

    with pytest.raises(gt.GametreeError) as e:
        gt.search(Emptying(7, height=5), "maxn", depth=1)
    assert str(e.value).startswith(
        "Emptying.leaf_all changed the list of states it was given (3 states before the call, "
        "0 after): leaf_all(states) must leave the list unchanged"), str(e.value)


def test_a_play_all_that_empties_the_moves_it_is_given_is_named():
    class Emptying(FastBad):
        def play_all(self, state, moves):
            children = [self.play(state, m) for m in moves]
            moves.clear()
            return children

    with pytest.raises(gt.GametreeError) as e:
        gt.search(Emptying(7, height=5), "maxn", depth=3)
    assert str(e.value).startswith(
        "Emptying.play_all changed the list of moves it was given (3 moves before the call, "
        "0 after): play_all(state, moves) must leave the list unchanged"), str(e.value)


@pytest.mark.parametrize("maker", ["play_all", "expand_all"])
def test_children_lists_changed_behind_the_search_are_named(maker):
    # A play_all (or expand_all) that keeps the lists of children it returns and empties
    # them later: the search names the list that changed instead of ending in a bare
    # IndexError.
    class Keeping(FastBad):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.kept = []

        def play_all(self, state, moves):
            for kept in self.kept:
                kept.clear()
            children = [self.play(state, m) for m in moves]
            self.kept.append(children)
            return children

    def expand_all(self, state):
        moves = self.moves(state)
        if not moves:
            return None, self.outcome(state)
        return self.to_move(state), moves, self.play_all(state, moves)

    if maker == "expand_all":
        Keeping.expand_all = expand_all
    with pytest.raises(gt.GametreeError) as e:
        gt.search(Keeping(7, height=5), "maxn", depth=3)
    assert str(e.value).startswith(
        f"Keeping: the list of states Keeping.{maker} returned has changed since"), str(e.value)


def test_a_leaf_that_contradicts_the_moves_is_a_gametree_error():
    # `leaf` says a terminal state has moves; the search finds out when iterative deepening
    # expands it (the state was a leaf one iteration earlier), and says which methods
    # disagree instead of failing inside the search.
    class Liar(FastBad):
        def leaf(self, state):
            return False, self.evaluate(state)

    for seed in range(200):
        game = Liar(seed, height=2)
        root_moves = game.moves(game.initial())
        kinds = {bool(game.moves(game.play(game.initial(), m))) for m in root_moves}
        if kinds == {True, False}:
            break
    else:
        pytest.fail("no random tree with a terminal and an inner child of the root")
    with pytest.raises(gt.GametreeError, match="Liar.leaf said a state has moves, and expand "
                                                "returned none for it"):
        gt.search(game, "maxn", depth=2, iterative=True)


def test_values_read_in_place_keep_their_checks():
    # The fast reading of a value tuple hands anything unusual to the checked reading: a
    # bool is not an int, a tuple subclass (a named tuple) is a tuple, a list is read too.
    from collections import namedtuple

    Value = namedtuple("Value", "a b c")

    class Named(RandomTree):
        def outcome(self, state):
            return Value(*super().outcome(state))

    class Listed(RandomTree):
        def outcome(self, state):
            return list(super().outcome(state))

    want = python_maxn(RandomTree(4), RandomTree(4).initial(), None)[0]
    assert gt.search(Named(4), "maxn").value == want
    assert gt.search(Listed(4), "maxn").value == want

    class Flag(RandomTree):
        def outcome(self, state):
            return (True,) + tuple(super().outcome(state))[1:]

    with pytest.raises(TypeError, match=r"^Flag\.outcome returned a tuple holding bool, expected one int per player$"):
        gt.search(Flag(4), "maxn")


def test_leaf_pairs_read_in_place_keep_their_checks():
    # A pair of the fast protocol given as a list, or starting with something else than a
    # bool, goes to the checked reading: the list is read, the rest is named.
    base = with_methods(RandomTree, "expand", "leaf", "play_all", "leaf_all")

    class ListPairs(base):
        def leaf(self, state):
            return list(super().leaf(state))

        def leaf_all(self, states):
            return [list(pair) for pair in super().leaf_all(states)]

    plain, listed = make(RandomTree, 3, 3, 4, True), make(ListPairs, 3, 3, 4, True)
    for depth in [1, 2, 3]:
        assert summary(gt.search(listed, "maxn", depth=depth)) == \
            summary(gt.search(plain, "maxn", depth=depth))

    class IntFlag(base):
        def leaf_all(self, states):
            return [(int(t), v) for t, v in super().leaf_all(states)]

    with pytest.raises(TypeError, match=r"^IntFlag\.leaf_all returned a pair starting with int, expected a bool"):
        gt.search(make(IntFlag, 3, 3, 4, True), "maxn", depth=2)
