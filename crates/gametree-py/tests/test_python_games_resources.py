"""Games written in Python that ask too much of the machine: games with more moves than fit
in memory. Each must end in a Python exception, never a signal or an abort that kills the
interpreter: each case runs in a child interpreter, so that a crash fails the test instead
of ending the suite (docs/python-games.md, "Errors")."""

import subprocess
import sys
import textwrap

import pytest


def run_child(script, *args, timeout=300):
    """Runs `script` in a new interpreter: (exit status, stdout, stderr). A negative status
    is the signal that killed it."""
    p = subprocess.run([sys.executable, "-c", textwrap.dedent(script), *map(str, args)],
                       capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


# --- more moves than memory holds --------------------------------------------------------

WIDE = """
import resource, sys
# 4 GiB of address space for the whole interpreter: the search's memory runs out long
# before the machine's does.
resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))
import gametree as gt

width, algorithm = int(sys.argv[1]), sys.argv[2]
MOVES = [0] * width  # one list, shared by every state


class Wide:
    '''`width` moves everywhere, forever.'''

    players = 2
    bounds = {"lower": 0, "maxsum": 2}

    def initial(self):
        return 0

    def to_move(self, state):
        return state % 2

    def moves(self, state):
        return MOVES

    def play(self, state, move):
        return state + 1

    def outcome(self, state):
        return (1, 1)

    def evaluate(self, state):
        return (1, 1)


class WideRoot(Wide):
    '''`width` moves at the root, each to the end of the game.'''

    def moves(self, state):
        return MOVES if state == 0 else []


game = WideRoot() if algorithm == "mcts" else Wide()
try:
    gt.search(game, algorithm)
    print("no exception")
except MemoryError as e:
    print("raised MemoryError", e)
except gt.GametreeError as e:
    print("raised GametreeError", e)
# The interpreter goes on, and so does the module.
print("next", gt.search(WideRoot(), "maxn", depth=1).value if width <= 10**6 else "skipped")
"""


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS as Linux counts it")
@pytest.mark.parametrize("width, algorithm", [
    (10**6, "maxn"),         # (a search without pruning and one with: the same moves
    (10**6, "speculative"),  # stack, but different loops over it)
    # MCTS's tree of 40 million nodes (about 4 GB) at the root.
    (4 * 10**7, "mcts"),
])
def test_a_search_that_runs_out_of_memory_raises_memory_error(width, algorithm):
    status, out, err = run_child(WIDE, width, algorithm)
    assert status == 0, (status, err[-3000:])
    assert "raised MemoryError" in out, out
    assert "next" in out, out
