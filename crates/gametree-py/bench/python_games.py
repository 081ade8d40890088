"""Benchmark: games written in Python, searched natively against a max^n written in Python.

For each game: nodes per second of ``gt.search(game, "maxn", depth=d)`` and of a plain
max^n written in Python over the same game object (same tree, same node count, checked),
their ratio, and the cost per call of each game method alone (timed over the states the
search visits). From the call counts of one search and those costs it estimates the share
of the native search's time spent inside the game's methods: the part no native search
can remove.

Run it (after ``pip install ./crates/gametree-py``):

    python crates/gametree-py/bench/python_games.py [--quick] [--json]

Timings are processor time (``time.process_time``, all threads of the process: the
search thread and the one waiting for Ctrl-C), the best of a few repetitions, so that a
machine loaded by other work gives figures close to an idle one's. The last column adds
what pruning brings: the time of the same search with native speculative max^n (same
value, fewer nodes) against the Python max^n.
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


def bench(name, game, depth, reps):
    native_s, r = best_of(reps, lambda: gt.search(game, "maxn", depth=depth))
    python_s, (value, below) = best_of(reps, lambda: python_maxn(game, game.initial(), depth))
    nodes = r.stats["nodes"]
    assert tuple(value) == r.value and below + 1 == nodes, "the two searches differ"
    spec_s, spec = best_of(reps, lambda: gt.search(game, "speculative", depth=depth))
    assert spec.value == r.value, "speculative differs from maxn"
    counting = Counting(game)
    gt.search(counting, "maxn", depth=depth)
    costs = method_costs(game, depth, reps)
    in_methods = sum(counting.calls[m] * costs[m] for m in costs)
    return {
        "game": name,
        "depth": depth,
        "nodes": nodes,
        "native_nodes_per_s": nodes / native_s,
        "python_nodes_per_s": nodes / python_s,
        "speedup": python_s / native_s,
        "calls_per_node": {m: counting.calls[m] / nodes for m in costs},
        "ns_per_call": {m: c * 1e9 for m, c in costs.items()},
        "share_in_methods": in_methods / native_s,
        # The speedup of a native search that cost nothing beyond the game's methods.
        "ceiling": python_s / in_methods,
        "speculative_nodes": spec.stats["nodes"],
        "speculative_speedup": python_s / spec_s,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller trees, one repetition")
    ap.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = ap.parse_args()
    reps = 1 if args.quick else 3
    rows = [
        bench("random-tree (3 players, 3 moves)", RandomTree(), 6 if args.quick else 9, reps),
        bench("coin-row (3 players, 16 coins)", CoinRow(), 8 if args.quick else 13, reps),
    ]
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
        return
    print(f"{'game':<34} {'depth':>5} {'nodes':>9} {'native n/s':>11} {'python n/s':>11} {'speedup':>8} {'in methods':>10} {'ceiling':>8} {'speculative':>12}")
    for r in rows:
        print(f"{r['game']:<34} {r['depth']:>5} {r['nodes']:>9} {r['native_nodes_per_s']:>11,.0f} "
              f"{r['python_nodes_per_s']:>11,.0f} {r['speedup']:>7.2f}x {r['share_in_methods']:>9.0%} {r['ceiling']:>7.2f}x {r['speculative_speedup']:>11.2f}x")
    print()
    print("cost per call of each game method, ns (calls per node of the native maxn)")
    methods = ["to_move", "moves", "play", "outcome", "evaluate"]
    print(f"{'game':<34} " + " ".join(f"{m:>16}" for m in methods))
    for r in rows:
        cells = [f"{r['ns_per_call'][m]:>7.0f} ({r['calls_per_node'][m]:.2f})" for m in methods]
        print(f"{r['game']:<34} " + " ".join(f"{c:>16}" for c in cells))


if __name__ == "__main__":
    main()
