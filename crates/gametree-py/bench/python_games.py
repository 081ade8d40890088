"""Benchmark: games written in Python, searched natively against a max^n written in Python.

For each game: nodes per second of ``gt.search(game, "maxn", depth=d)`` and of a plain
max^n written in Python over the same game object (same tree, same node count, checked),
their ratio, and the cost per call of each game method alone (timed over the states the
search visits). From the call counts of one search and those costs it estimates the share
of the native search's time spent inside the game's methods: the part no native search
can remove.

Run it (after ``pip install ./crates/gametree-py``):

    python crates/gametree-py/bench/python_games.py [--quick] [--json] [--reps N]

``--one GAME SEARCH`` runs one search alone and prints its value and node count, for counting
instructions, which the load of the machine does not change (GAME ``random`` or ``coin``,
SEARCH ``native``, ``native-fast``, ``python``, ``python-fast``, or ``none`` for the start
and the imports alone, to subtract):

    valgrind --tool=callgrind python crates/gametree-py/bench/python_games.py --one random native-fast

Each game comes twice: with the plain protocol only, and with the optional fast methods
``expand``, ``leaf``, ``play_all``, ``leaf_all`` and ``expand_all`` as well
(docs/python-games.md). The native max^n runs
on both; the max^n written in Python runs on the plain methods (``python maxn``) and on the
fast ones (``python fast``, the same calls the native search makes), so both comparisons
are shown.

Timings are processor time (``time.process_time``, all threads of the process: the
search thread and the one waiting for Ctrl-C), the best of a few repetitions run
interleaved (one of each search in turn), so that a machine loaded by other work gives
figures close to an idle one's. The last column adds what pruning brings: the time of the
same search with native speculative max^n (same value, fewer nodes) against the Python
max^n.
"""

import argparse
import json
import sys
import time

import gametree as gt

MASK = (1 << 64) - 1


def mix(x):
    x = (x + 0x9E3779B97F4A7C15) & MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


class RandomTree:
    """Three players, three moves everywhere, hashed constant-sum values: a uniform tree."""

    players = 3
    bounds = {"lower": 0, "maxsum": 30, "constant_sum": True}

    def initial(self):
        return (mix(1), 0)

    def to_move(self, state):
        return state[1] % 3

    def moves(self, state):
        return [0, 1, 2] if state[1] < 40 else []

    def play(self, state, move):
        return (mix(state[0] + move), state[1] + 1)

    def outcome(self, state):
        return self.evaluate(state)

    def evaluate(self, state):
        k = state[0]
        a = k % 11
        b = (k >> 8) % (31 - a)
        return (a, b, 30 - a - b)


class RandomTreeFast(RandomTree):
    """The random tree with the fast protocol's methods as well."""

    def expand(self, state):
        if state[1] < 40:
            return state[1] % 3, [0, 1, 2]
        return None, self.outcome(state)

    def leaf(self, state):
        k = state[0]
        a = k % 11
        b = (k >> 8) % (31 - a)
        return state[1] >= 40, (a, b, 30 - a - b)

    def play_all(self, state, moves):
        k, ply = state[0], state[1] + 1
        return [(mix(k + m), ply) for m in moves]

    def expand_all(self, state):
        k, ply = state
        if ply < 40:
            return ply % 3, [0, 1, 2], [(mix(k), ply + 1), (mix(k + 1), ply + 1),
                                        (mix(k + 2), ply + 1)]
        return None, self.outcome(state)

    def leaf_all(self, states):
        out = []
        for k, ply in states:
            a = k % 11
            b = (k >> 8) % (31 - a)
            out.append((ply >= 40, (a, b, 30 - a - b)))
        return out


COINS = (3, 9, 1, 4, 7, 2, 8, 5, 6, 2, 7, 1, 9, 4, 3, 8)


class CoinRow:
    """Three players take the leftmost or rightmost coin of a row in turn; each scores the
    coins taken (the game of the Rust custom-game example, longer)."""

    players = 3
    bounds = {"lower": 0, "maxsum": sum(COINS), "constant_sum": True}

    def initial(self):
        return (0, len(COINS), (0, 0, 0))

    def to_move(self, state):
        left, right, _ = state
        return (len(COINS) - (right - left)) % 3

    def moves(self, state):
        left, right, _ = state
        n = right - left
        return [] if n == 0 else ["left"] if n == 1 else ["left", "right"]

    def play(self, state, move):
        left, right, taken = state
        p = (len(COINS) - (right - left)) % 3
        if move == "left":
            coin, left = COINS[left], left + 1
        else:
            coin, right = COINS[right - 1], right - 1
        taken = tuple(t + coin if i == p else t for i, t in enumerate(taken))
        return (left, right, taken)

    def outcome(self, state):
        return state[2]

    def evaluate(self, state):
        left, right, taken = state
        rest = sum(COINS[left:right])
        share = tuple(t + rest // 3 for t in taken)
        p = self.to_move(state)
        return tuple(v + rest % 3 if i == p else v for i, v in enumerate(share))


class CoinRowFast(CoinRow):
    """The coin row with the fast protocol's methods as well."""

    def expand(self, state):
        left, right, taken = state
        n = right - left
        if n == 0:
            return None, taken
        return (len(COINS) - n) % 3, ["left"] if n == 1 else ["left", "right"]

    def leaf(self, state):
        left, right, taken = state
        if left == right:
            return True, taken
        rest = sum(COINS[left:right])
        p = (len(COINS) - (right - left)) % 3
        q, r = divmod(rest, 3)
        return False, tuple(t + q + (r if i == p else 0) for i, t in enumerate(taken))

    def play_all(self, state, moves):
        left, right, _ = state
        return self.children(state, (len(COINS) - (right - left)) % 3, moves)

    def expand_all(self, state):
        left, right, taken = state
        n = right - left
        if n == 0:
            return None, taken
        p = (len(COINS) - n) % 3
        moves = ["left"] if n == 1 else ["left", "right"]
        return p, moves, self.children(state, p, moves)

    def children(self, state, p, moves):
        left, right, taken = state
        out = []
        for move in moves:
            if move == "left":
                coin, nl, nr = COINS[left], left + 1, right
            else:
                coin, nl, nr = COINS[right - 1], left, right - 1
            out.append((nl, nr, tuple(t + coin if i == p else t for i, t in enumerate(taken))))
        return out

    def leaf_all(self, states):
        return [self.leaf(s) for s in states]


def python_maxn(game, state, depth, ply=0):
    """Plain max^n in Python: (value, nodes below state), as the native maxn."""
    moves = game.moves(state)
    if not moves:
        return game.outcome(state), 0
    if ply >= depth:
        return game.evaluate(state), 0
    p = game.to_move(state)
    best, nodes = None, 0
    for m in moves:
        v, n = python_maxn(game, game.play(state, m), depth, ply + 1)
        nodes += 1 + n
        if best is None or v[p] > best[p]:
            best = v
    return best, nodes


def python_maxn_fast(game, state, depth, ply=0):
    """The same max^n over the fast methods: the calls the native search makes (depth >= 1)."""
    out = game.expand_all(state)
    if out[0] is None:
        return out[1], 0
    p, _, children = out
    best, nodes = None, len(children)
    if ply + 1 >= depth:
        for _, v in game.leaf_all(children):
            if best is None or v[p] > best[p]:
                best = v
        return best, nodes
    for child in children:
        v, n = python_maxn_fast(game, child, depth, ply + 1)
        nodes += n
        if best is None or v[p] > best[p]:
            best = v
    return best, nodes


def best_interleaved(reps, fns):
    """The least processor time of each function of `fns` (a dict) over `reps` rounds,
    each round running every function once, and each function's last result."""
    best = {k: float("inf") for k in fns}
    out = {}
    for _ in range(reps):
        for k, fn in fns.items():
            t = time.process_time()
            out[k] = fn()
            best[k] = min(best[k], time.process_time() - t)
    return best, out


def best_of(reps, fn):
    best, out = float("inf"), None
    for _ in range(reps):
        t = time.process_time()
        out = fn()
        best = min(best, time.process_time() - t)
    return best, out


class Counting:
    """Counts the calls of each method of `game` (for the call counts only; not timed)."""

    def __init__(self, game):
        self.game = game
        self.players = game.players
        self.bounds = game.bounds
        self.calls = {m: 0 for m in ["initial", "to_move", "moves", "play", "outcome", "evaluate"]}
        for m in ["expand", "leaf", "play_all", "leaf_all", "expand_all"]:
            if hasattr(game, m):
                self.calls[m] = 0

    def __getattr__(self, name):
        f = getattr(self.game, name)
        calls = self.calls

        def counted(*args):
            calls[name] += 1
            return f(*args)

        return counted


def sample_states(game, depth, limit=3000):
    """States of the searched tree, breadth first: (state, is_terminal)."""
    out, frontier = [], [game.initial()]
    for _ in range(depth + 1):
        nxt = []
        for s in frontier:
            moves = game.moves(s)
            out.append((s, moves))
            nxt.extend(game.play(s, m) for m in moves)
        frontier = nxt
        if len(out) >= limit:
            break
    return out[:limit]


def method_costs(game, depth, reps):
    """Seconds per call of each game method, timed alone over states of the tree."""
    states = sample_states(game, depth)
    inner = [(s, m) for s, m in states if m]
    leaves = [s for s, m in states if not m] or [s for s, _ in states]
    plays = [(s, ms[0]) for s, ms in inner]
    loops = {
        "to_move": lambda: [game.to_move(s) for s, _ in inner],
        "moves": lambda: [game.moves(s) for s, _ in states],
        "play": lambda: [game.play(s, m) for s, m in plays],
        "outcome": lambda: [game.outcome(s) for s in leaves],
        "evaluate": lambda: [game.evaluate(s) for s, _ in inner],
    }
    sizes = {"to_move": len(inner), "moves": len(states), "play": len(plays),
             "outcome": len(leaves), "evaluate": len(inner)}
    return {name: best_of(reps, fn)[0] / sizes[name] for name, fn in loops.items()}


def bench(name, game, fast, depth, reps):
    times, out = best_interleaved(reps, {
        "native": lambda: gt.search(game, "maxn", depth=depth),
        "native_fast": lambda: gt.search(fast, "maxn", depth=depth),
        "python": lambda: python_maxn(game, game.initial(), depth),
        "python_fast": lambda: python_maxn_fast(fast, fast.initial(), depth),
    })
    r = out["native"]
    nodes = r.stats["nodes"]
    for k in ["python", "python_fast"]:
        value, below = out[k]
        assert tuple(value) == r.value and below + 1 == nodes, f"{k} differs from the native maxn"
    rf = out["native_fast"]
    assert rf.value == r.value and rf.stats["nodes"] == nodes, "the fast protocol differs"
    spec_s, spec = best_of(reps, lambda: gt.search(game, "speculative", depth=depth))
    assert spec.value == r.value, "speculative differs from maxn"
    counting = Counting(game)
    gt.search(counting, "maxn", depth=depth)
    counting_fast = Counting(fast)
    gt.search(counting_fast, "maxn", depth=depth)
    costs = method_costs(game, depth, reps)
    in_methods = sum(counting.calls[m] * costs[m] for m in costs)
    native_s, python_s = times["native"], times["python"]
    return {
        "game": name,
        "depth": depth,
        "nodes": nodes,
        "native_nodes_per_s": nodes / native_s,
        "native_fast_nodes_per_s": nodes / times["native_fast"],
        "python_nodes_per_s": nodes / python_s,
        "python_fast_nodes_per_s": nodes / times["python_fast"],
        # The native max^n against the Python max^n, each on the plain protocol.
        "speedup": python_s / native_s,
        # The native max^n on the fast protocol against the Python max^n on the plain one.
        "fast_speedup": python_s / times["native_fast"],
        # Both on the fast protocol.
        "fast_vs_python_fast": times["python_fast"] / times["native_fast"],
        "calls_per_node": {m: counting.calls[m] / nodes for m in costs},
        "fast_calls_per_node": {m: c / nodes for m, c in counting_fast.calls.items()
                                if m != "initial" and c},
        "ns_per_call": {m: c * 1e9 for m, c in costs.items()},
        "share_in_methods": in_methods / native_s,
        # The speedup of a native search that cost nothing beyond the game's methods.
        "ceiling": python_s / in_methods,
        "speculative_nodes": spec.stats["nodes"],
        "speculative_speedup": python_s / spec_s,
    }


def one(ap, game, search):
    """Runs one max^n search of the full-size benchmark, as `bench` does, and prints its
    value and node count (nothing for `none`)."""
    games = {"random": (RandomTree(), RandomTreeFast(), 9),
             "coin": (CoinRow(), CoinRowFast(), 13)}
    if game not in games:
        ap.error(f"--one: unknown game {game!r} (random, coin)")
    plain, fast, depth = games[game]
    searches = {
        "native": lambda: gt.search(plain, "maxn", depth=depth),
        "native-fast": lambda: gt.search(fast, "maxn", depth=depth),
        "python": lambda: python_maxn(plain, plain.initial(), depth),
        "python-fast": lambda: python_maxn_fast(fast, fast.initial(), depth),
        "none": lambda: None,
    }
    if search not in searches:
        ap.error(f"--one: unknown search {search!r} ({', '.join(searches)})")
    out = searches[search]()
    if isinstance(out, tuple):
        print(tuple(out[0]), out[1] + 1)
    elif out is not None:
        print(out.value, out.stats["nodes"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller trees, one repetition")
    ap.add_argument("--json", action="store_true", help="print the rows as JSON")
    ap.add_argument("--reps", type=int, default=3,
                    help="interleaved repetitions, the best of which is kept (default 3)")
    ap.add_argument("--one", nargs=2, metavar=("GAME", "SEARCH"),
                    help="run one search alone (for valgrind): GAME random|coin, SEARCH "
                         "native|native-fast|python|python-fast|none")
    args = ap.parse_args()
    if args.one:
        one(ap, *args.one)
        return
    reps = 1 if args.quick else args.reps
    rows = [
        bench("random-tree (3 players, 3 moves)", RandomTree(), RandomTreeFast(),
              6 if args.quick else 9, reps),
        bench("coin-row (3 players, 16 coins)", CoinRow(), CoinRowFast(),
              8 if args.quick else 13, reps),
    ]
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
        return
    print("max^n, nodes per second; speedups against the max^n written in Python "
          "(plain protocol unless said)")
    print(f"{'game':<34} {'depth':>5} {'nodes':>7} {'native':>9} {'native fast':>11} "
          f"{'python':>9} {'python fast':>11} {'speedup':>8} {'fast':>6} {'fast/fast':>9}")
    for r in rows:
        print(f"{r['game']:<34} {r['depth']:>5} {r['nodes']:>7} {r['native_nodes_per_s']:>9,.0f} "
              f"{r['native_fast_nodes_per_s']:>11,.0f} {r['python_nodes_per_s']:>9,.0f} "
              f"{r['python_fast_nodes_per_s']:>11,.0f} {r['speedup']:>7.2f}x "
              f"{r['fast_speedup']:>5.2f}x {r['fast_vs_python_fast']:>8.2f}x")
    print()
    print("plain protocol: the share of the native search's time inside the game's methods, "
          "the speedup ceiling it puts, and native speculative max^n")
    print(f"{'game':<34} {'in methods':>10} {'ceiling':>8} {'speculative':>12}")
    for r in rows:
        print(f"{r['game']:<34} {r['share_in_methods']:>9.0%} {r['ceiling']:>7.2f}x "
              f"{r['speculative_speedup']:>11.2f}x")
    print()
    print("cost per call of each game method, ns (calls per node of the native maxn)")
    methods = ["to_move", "moves", "play", "outcome", "evaluate"]
    print(f"{'game':<34} " + " ".join(f"{m:>16}" for m in methods))
    for r in rows:
        cells = [f"{r['ns_per_call'][m]:>7.0f} ({r['calls_per_node'][m]:.2f})" for m in methods]
        print(f"{r['game']:<34} " + " ".join(f"{c:>16}" for c in cells))
    print()
    print("calls per node of the native maxn on the fast protocol")
    for r in rows:
        cells = ", ".join(f"{m} {c:.2f}" for m, c in r["fast_calls_per_node"].items())
        print(f"{r['game']:<34} {cells}")


if __name__ == "__main__":
    main()
