"""Native searches release the GIL, and Ctrl-C (SIGINT) stops them at once."""

import _thread
import os
import signal
import threading
import time

import pytest

import gametree as gt

# Searches of many seconds if nothing stops them (their node limit ends them, so a broken
# interrupt fails the test instead of hanging it).
LONG = gt.Game("chinese-checkers(players=3)")
LONG_DEPTH = 9
LONG_NODES = 30_000_000


def interrupt_after(seconds, how):
    """Interrupts the main thread after `seconds`: `how` is "interrupt_main" (as Ctrl-C in
    the interpreter) or "sigint" (the signal itself, sent to this process)."""
    def fire():
        if how == "interrupt_main":
            _thread.interrupt_main()
        else:
            os.kill(os.getpid(), signal.SIGINT)
    timer = threading.Timer(seconds, fire)
    timer.start()
    return timer


@pytest.mark.sigint
@pytest.mark.skipif(os.name != "posix", reason="signals")
@pytest.mark.parametrize("how", ["interrupt_main", "sigint"])
@pytest.mark.parametrize("algorithm,options", [
    ("maxn", {"depth": LONG_DEPTH, "nodes": LONG_NODES}),
    ("speculative", {"depth": LONG_DEPTH, "nodes": LONG_NODES, "iterative": True}),
    ("speculative", {"depth": LONG_DEPTH, "nodes": LONG_NODES, "table_mib": 8}),
    ("mcts", {"nodes": LONG_NODES // 10}),
])
def test_ctrl_c_stops_a_long_search_at_once(how, algorithm, options, sigint_raises):
    game = LONG
    fired_at = []
    timer = interrupt_after(0.3, how)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        try:
            gt.search(game, algorithm, **options)
        finally:
            fired_at.append(time.monotonic())
    timer.join()
    # The search was interrupted, not finished: it had run about 0.3 s, and it stopped well
    # under a second after the signal (the watcher looks every 20 ms).
    elapsed = fired_at[0] - start
    assert 0.25 <= elapsed < 1.3, elapsed
    # The next search runs normally (the stop request was withdrawn).
    r = gt.search(gt.Game("tictactoe"), "alphabeta", depth=2)
    assert r.stats["nodes"] > 1


def test_a_search_releases_the_gil_for_other_python_threads():
    # While a native search runs in a thread, this thread keeps executing Python: with the
    # GIL held for the whole search it could not make a single step until the search ended.
    done = threading.Event()

    def search():
        gt.search(gt.Game("connect-four"), "alphabeta", depth=40, time_ms=800, iterative=True)
        done.set()

    t = threading.Thread(target=search)
    t.start()
    time.sleep(0.05)
    steps = 0
    while not done.is_set():
        steps += 1
    t.join()
    assert steps > 10_000


def test_two_searches_in_two_threads_run_at_the_same_time():
    # Two searches of 1 s each (a deadline: wall-clock time, whatever the machine's load).
    # One after the other they would take 2 s; at the same time, about 1 s.
    barrier = threading.Barrier(2)
    results = []

    def search():
        barrier.wait()
        results.append(gt.search(gt.Game("connect-four"), "alphabeta", depth=40, time_ms=1000,
                                 iterative=True))

    threads = [threading.Thread(target=search) for _ in range(2)]
    start = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.monotonic() - start
    assert len(results) == 2
    assert wall < 1.8, wall
