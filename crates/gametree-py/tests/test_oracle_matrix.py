"""The oracle matrix through the Python package (issue #25): a sample of the Rust matrix
(crates/gametree-games/tests/it/oracle_matrix.rs) run through `gametree.search`, so that the
package cannot give another answer than the library.

Every game of `gametree.games()` at its start, depths 1 to 3: the two-player searches (and
the engine on two threads) give plain minimax's value for player 0; the max^n prunings
(with and without a table) give plain max^n's value vector. On seeded random connect-four
and tic-tac-toe positions (their notation is the list of moves, so a principal variation can
be replayed as a position), each search's principal variation also leads to a position
whose static value vector is the reported `value`, and `score` is the mover's component.
"""

import random

import pytest

import gametree as gt

TWO_PLAYER = ["alphabeta", "alphabeta-failsoft", "negamax", "pvs", "aspiration", "mtdf"]
ENGINE = ["alphabeta", "pvs", "aspiration", "mtdf"]
MAXN_FAMILY = ["shallow", "branch-and-bound", "last-branch", "speculative"]


def searches(game, players, depth):
    """(name, result) of every search of the matrix that applies to `game`."""
    out = []
    if players == 2:
        for a in TWO_PLAYER:
            out.append((a, gt.search(game, a, depth=depth)))
        for a in ENGINE:
            out.append((f"{a} threads=2", gt.search(game, a, depth=depth, threads=2)))
    for a in MAXN_FAMILY:
        try:
            out.append((a, gt.search(game, a, depth=depth)))
        except gt.GametreeError as e:
            # A game whose evaluator declares no bounds refuses the prunings that need them.
            assert "needs" in str(e), str(e)
    out.append(("maxn table", gt.search(game, "maxn", depth=depth, table_mib=1)))
    out.append(("speculative table", gt.search(game, "speculative", depth=depth, table_mib=1)))
    return out


@pytest.mark.parametrize("spec", gt.games())
def test_every_game_gives_the_oracles_value_through_python(spec):
    game = gt.Game(spec)
    for depth in (1, 2, 3):
        maxn = gt.search(game, "maxn", depth=depth)
        players = len(maxn.value)
        minimax = gt.search(game, "minimax", depth=depth) if players == 2 else None
        checked = 0
        for name, r in searches(game, players, depth):
            ctx = f"{name} on {spec}, depth {depth}"
            if name.endswith("table") or name in MAXN_FAMILY:
                assert r.value == maxn.value, ctx
            else:
                assert r.value[0] == minimax.value[0], ctx
            assert len(r.pv) <= depth, ctx
            assert r.best_move == (r.pv[0] if r.pv else None), ctx
            checked += 1
        assert checked >= 2, spec


def random_position(spec, rng, plies):
    """A position of a game whose notation is its list of moves (connect four: columns 1 to
    7; tic-tac-toe: cells 1 to 9), reached by up to `plies` random legal moves."""
    cells = "1234567" if spec == "connect-four" else "123456789"
    position = ""
    for _ in range(plies):
        options = list(cells)
        rng.shuffle(options)
        for move in options:
            try:
                gt.Game(spec, position + move)
            except gt.GametreeError:
                continue
            position += move
            break
        else:
            break
    return position


@pytest.mark.parametrize("spec,cases,plies,max_depth", [
    ("connect-four", 25, 14, 4),
    ("tictactoe", 25, 5, 4),
])
def test_principal_variations_replay_to_their_value_through_python(spec, cases, plies, max_depth):
    rng = random.Random(25)
    for case in range(cases):
        position = random_position(spec, rng, rng.randint(0, plies))
        game = gt.Game(spec, position)
        mover = len(position) % 2
        depth = 1 + case % max_depth
        try:
            minimax = gt.search(game, "minimax", depth=depth)
        except gt.GametreeError:
            continue  # a finished game has nothing to search
        for name, r in searches(game, 2, depth):
            ctx = f"{name} on {spec} at {position!r}, depth {depth}"
            if name.endswith("table") or name in MAXN_FAMILY:
                continue
            assert r.value[0] == minimax.value[0], ctx
            assert r.score == r.value[mover], ctx
            leaf = gt.Game(spec, position + "".join(r.pv))
            static = gt.search(leaf, "minimax", depth=0)
            assert static.value == r.value, ctx
