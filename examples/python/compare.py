"""A three-player game written in Python, searched with max^n, speculative max^n and paranoid.

Run it from a checkout after ``pip install ./crates/gametree-py``:

    python examples/python/compare.py [--depth 10] [--out nodes-by-depth.png]

It prints, for each depth, what each algorithm chose and how many nodes it visited, then
plots nodes against depth (a PNG, with matplotlib if it is installed; the table alone
otherwise). docs/python-games.md walks through it.
"""

import argparse
import os
import tempfile

import gametree as gt

# The coins on the table, left to right.
COINS = (3, 9, 1, 4, 7, 2, 8, 5, 6, 2, 7, 1, 9, 4, 3, 8, 2, 6)


class CoinRow:
    """Three players take, in turn, the leftmost or the rightmost coin of a row; each scores
    the coins they took. The scores always add up to the row's total: a constant-sum game,
    which is what speculative pruning needs to know (``bounds``)."""

    players = 3
    bounds = {"lower": 0, "maxsum": sum(COINS), "step": 1, "constant_sum": True}

    def initial(self):
        # A state: the coins left..right still lie on the table, and what each player took.
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
        p = self.to_move(state)
        if move == "left":
            coin, left = COINS[left], left + 1
        else:
            coin, right = COINS[right - 1], right - 1
        return (left, right, tuple(t + coin if i == p else t for i, t in enumerate(taken)))

    def outcome(self, state):
        return state[2]

    def evaluate(self, state):
        # What each player holds, plus an equal share of the coins left (the remainder to
        # the player to move): every value adds up to the row's total, as the bounds say.
        left, right, taken = state
        rest = sum(COINS[left:right])
        p = self.to_move(state)
        return tuple(t + rest // 3 + (rest % 3 if i == p else 0) for i, t in enumerate(taken))


ALGORITHMS = ["maxn", "speculative", "paranoid"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depth", type=int, default=10, help="deepest search (default 10)")
    ap.add_argument("--out", default="nodes-by-depth.png", help="the plot (PNG)")
    args = ap.parse_args()

    game = CoinRow()
    depths = list(range(1, args.depth + 1))
    nodes = {a: [] for a in ALGORITHMS}

    print(f"{'':>5}  " + "  ".join(f"{a:^24}" for a in ALGORITHMS))
    print(f"{'depth':>5}  " + "  ".join(f"{'move':>5} {'value':>12} {'nodes':>5}" for _ in ALGORITHMS))
    for d in depths:
        cells = []
        for a in ALGORITHMS:
            r = gt.search(game, a, depth=d)
            nodes[a].append(r.stats["nodes"])
            cells.append(f"{r.best_move:>5} {str(r.value):>12} {r.stats['nodes']:>5}")
        print(f"{d:>5}  " + "  ".join(f"{c:>24}" for c in cells))

    # The whole game: max^n and speculative max^n agree on the value (speculative pruning
    # never changes it); paranoid answers another question (the first player against the
    # other two together).
    full = {a: gt.search(game, a) for a in ALGORITHMS}
    print()
    for a, r in full.items():
        print(f"{a:>12}: value {r.value}, first moves {r.pv[:4]}, {r.stats['nodes']} nodes")
    assert full["maxn"].value == full["speculative"].value

    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("\nmatplotlib is not installed: no plot (pip install matplotlib)")
        return

    fig, ax = plt.subplots(figsize=(6, 4), dpi=120)
    for a, marker in zip(ALGORITHMS, "osD"):
        ax.plot(depths, nodes[a], marker=marker, label=a)
    ax.set_yscale("log")
    ax.set_xlabel("depth (plies)")
    ax.set_ylabel("nodes visited")
    ax.set_title(f"Coin row, three players, {len(COINS)} coins")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    # Write next to the target and rename, so a reader never sees half a file.
    folder = os.path.dirname(os.path.abspath(args.out))
    fd, tmp = tempfile.mkstemp(suffix=".png", dir=folder)
    os.close(fd)
    try:
        fig.savefig(tmp, format="png")
        os.replace(tmp, args.out)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)
    print(f"\nwrote {args.out}")


if __name__ == "__main__":
    main()
