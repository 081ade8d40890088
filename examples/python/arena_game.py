"""Which search plays best in my game? A three-player game written in Python
(three-in-a-row on a 4 x 4 board), and a tournament between two searches on it.

Run it from a checkout after ``pip install ./crates/gametree-py``:

    python examples/python/arena_game.py

It plays paranoid search against max^n, both searching 2 plies a move, from 4 seeded
openings in every seating of the two engines on the three seats, and prints the
tournament's table: win shares with 95% intervals, ratings, nodes per move and the pairwise
score. Then it asks for a decision: does max^n beat paranoid here? (gametree.compare plays
until a sequential test decides.) docs/which-search.md walks through the output. The same game is written in Rust in
``crates/gametree-run/examples/arena_game.rs``; the tests play this tournament on both and
check that they give the same games and numbers.
"""

import gametree as gt

SIDE = 4
TOTAL = 300  # what a game is worth in all: the winner's points, or three times a draw's


def _lines():
    """Every row of three cells (cell c is bit c, row by row), as bit masks: across, down,
    and the two diagonals, in that order."""
    out = []
    for dr, dc, rows, cols in ((0, 1, range(SIDE), range(SIDE - 2)),
                               (1, 0, range(SIDE - 2), range(SIDE)),
                               (1, 1, range(SIDE - 2), range(SIDE - 2)),
                               (1, -1, range(SIDE - 2), range(2, SIDE))):
        for r in rows:
            for c in cols:
                out.append(sum(1 << ((r + dr * k) * SIDE + c + dc * k) for k in range(3)))
    return tuple(out)


LINES = _lines()


class ThreeInARow:
    """Three players in turn put a mark on an empty cell of a 4 x 4 board; the first with
    three marks in a row (across, down or diagonally) wins 300 points, the others none; a
    full board without a row is a draw, 100 points each."""

    players = 3
    bounds = {"lower": 0, "maxsum": TOTAL, "step": 1, "constant_sum": True}

    def initial(self):
        # A state: each player's marks as a bit mask (bit c for cell c), and who moves.
        return ((0, 0, 0), 0)

    def to_move(self, state):
        return state[1]

    def _winner(self, state):
        """The player who just moved, if their last mark made a row."""
        last = (state[1] + 2) % 3
        m = state[0][last]
        return last if any(m & line == line for line in LINES) else None

    def moves(self, state):
        # The empty cells in order; none once a row is made.
        if self._winner(state) is not None:
            return []
        marks = state[0]
        occupied = marks[0] | marks[1] | marks[2]
        return [c for c in range(SIDE * SIDE) if not occupied >> c & 1]

    def play(self, state, cell):
        marks, turn = state
        marks = tuple(m | 1 << cell if p == turn else m for p, m in enumerate(marks))
        return (marks, (turn + 1) % 3)

    def outcome(self, state):
        w = self._winner(state)
        if w is not None:
            return tuple(TOTAL if p == w else 0 for p in range(3))
        return (TOTAL // 3,) * 3

    def evaluate(self, state):
        # Each player's prospects: 1 plus the square of its marks in every row no other
        # player has a mark in, as a share of the 300 points (rounded down, the remainder
        # to the player to move), so every value adds up to 300 as the outcomes do.
        marks, turn = state
        occupied = marks[0] | marks[1] | marks[2]
        prospects = []
        for m in marks:
            others = occupied & ~m
            prospects.append(1 + sum(bin(line & m).count("1") ** 2
                                     for line in LINES if not line & others))
        total = sum(prospects)
        v = [TOTAL * x // total for x in prospects]
        v[turn] += TOTAL - sum(v)
        return tuple(v)


# The tournament: two engines (a search and its budget per move), seeded openings.
TOURNAMENT = {"engines": ["paranoid@d2", "maxn@d2"], "openings": 4, "seed": 7}


def main():
    result = gt.tournament(ThreeInARow(), **TOURNAMENT)
    print(result)
    # The result is a dict of the fields of `gametree tournament --json`.
    best = max(result["engines"], key=lambda e: e["elo"])
    print(f"highest rating: {best['name']} ({best['elo']:+.0f} Elo, 95% interval "
          f"{best['elo_ci95'][0]:+.0f} to {best['elo_ci95'][1]:+.0f})")
    print()
    # A decision rather than a table: does max^n beat paranoid at depth 2? Played in groups
    # of 6 games (one opening in every seating) until a sequential test decides, at most
    # 800 games, with an error rate of at most 5%.
    print(gt.compare(ThreeInARow(), "maxn@d2", "paranoid@d2", claim="beats", seed=7), end="")


if __name__ == "__main__":
    main()
