"""Games written in Python that ask too much of the machine: searches nested in a game's
own methods (a search-based evaluator) and games with more moves than fit in memory.
Each must end in a Python exception, never a signal or an abort that kills the
interpreter: each case runs in a child interpreter, so that a crash fails the test instead
of ending the suite (docs/python-games.md, "Errors")."""

import subprocess
import sys
import textwrap

import pytest

# The most searches of Python games that may nest (docs/python-games.md, "Errors").
MAX_NESTING = 100


def run_child(script, *args, timeout=300):
    """Runs `script` in a new interpreter: (exit status, stdout, stderr). A negative status
    is the signal that killed it."""
    p = subprocess.run([sys.executable, "-c", textwrap.dedent(script), *map(str, args)],
                       capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


# --- searches inside searches ------------------------------------------------------------

NESTED = """
import sys, threading
import gametree as gt

levels, depth, algorithm, where = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]


class Nest:
    '''A line of `depth` plies whose leaves are valued by a search of the next level's
    game, down to `levels` levels.'''

    players = 2
    bounds = {"lower": 0, "maxsum": 10_000}

    def __init__(self, level):
        self.level = level

    def initial(self):
        return 0

    def to_move(self, state):
        return state % 2

    def moves(self, state):
        return [0] if state < 10_000 else []

    def play(self, state, move):
        return state + 1

    def outcome(self, state):
        return (0, 0)

    def evaluate(self, state):
        if self.level < levels:
            return gt.search(Nest(self.level + 1), algorithm, depth=depth).value
        return (self.level, 0)


def main():
    try:
        r = gt.search(Nest(0), algorithm, depth=depth)
        print("value", r.value)
    except Exception as e:
        print("raised", type(e).__name__, str(e)[:500])
    # The next search works.
    print("next", gt.search(Nest(levels - 3), algorithm, depth=depth).value)


if where == "main":
    main()
else:
    # A thread with a small stack (1 MiB, as some platforms give their threads).
    threading.stack_size(1 << 20)
    t = threading.Thread(target=main)
    t.start()
    t.join()
"""


@pytest.mark.parametrize("depth, algorithm, where", [
    (1, "maxn", "main"),         # the shallowest nested searches: about 10 KiB of stack each
    (64, "maxn", "main"),        # the deepest run on the calling thread: 64 plies each
    (64, "paranoid", "thread"),  # the same in a thread whose stack is 1 MiB
    (1, "speculative", "thread"),
    (100, "maxn", "main"),       # deeper: each on a thread of its own
])
def test_searches_nested_too_deeply_raise_and_the_interpreter_survives(depth, algorithm, where):
    status, out, err = run_child(NESTED, 2000, depth, algorithm, where)
    assert status == 0, (status, err[-3000:])
    assert ("raised GametreeError searches of Python games nested too deeply: "
            f"{MAX_NESTING} are in progress, and at most {MAX_NESTING} may nest") in out, out
    assert "next (2000, 0)" in out, out


@pytest.mark.parametrize("depth, where", [(1, "main"), (64, "thread")])
def test_searches_nested_up_to_the_limit_give_the_deepest_value(depth, where):
    # The outermost search and 99 inside it: the deepest values its leaf by its level.
    status, out, err = run_child(NESTED, MAX_NESTING - 1, depth, "maxn", where)
    assert status == 0, (status, err[-3000:])
    assert f"value ({MAX_NESTING - 1}, 0)" in out, out


# --- more moves than memory holds --------------------------------------------------------

WIDE = """
import resource, sys
# 2 GiB of address space for the whole interpreter: the search's memory runs out long
# before the machine's does (and soon: with 4 GiB, max^n's line of a million moves a ply
# took 10 to 20 seconds to reach the limit; the error is the same).
resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
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
