"""Shared helpers of the Python test suite: the gametree binary to compare against, and
seeded random trees in the JSON format of docs/tree-format.md."""

import json
import os
import pathlib
import random
import re
import signal
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]


def gametree_bin():
    """The `gametree` binary the suite compares the package with: $GAMETREE_BIN (set by
    scripts/test), else the tested build in the workspace's target directory."""
    path = os.environ.get("GAMETREE_BIN") or str(REPO / "target" / "checked" / "gametree")
    if not os.path.isfile(path):
        pytest.fail(f"no gametree binary at {path}: build it (cargo build --profile checked) "
                    "or set GAMETREE_BIN")
    return path


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "sigint: sends SIGINT to the test process (run again with SIGINT ignored at "
        "start by test_sigint_ignored.py)")


@pytest.fixture
def sigint_raises():
    """SIGINT raises KeyboardInterrupt for the test's duration, whatever handler the suite
    started with: a suite started in the background (`nohup`, `cmd &` in a script, some CI
    runners) inherits SIGINT ignored, and Python then leaves it ignored, so a Ctrl-C test
    would wait for an interrupt that never comes. Every test that sends SIGINT (or calls
    `_thread.interrupt_main`, which does nothing while SIGINT is ignored) uses it and is
    marked `sigint`."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.fixture(autouse=True)
def reproduce_binary(monkeypatch):
    """`gametree.reproduce` runs the binary $GAMETREE_BIN: the one the suite compares with,
    when the environment names none."""
    if not os.environ.get("GAMETREE_BIN"):
        path = str(REPO / "target" / "checked" / "gametree")
        if os.path.isfile(path):
            monkeypatch.setenv("GAMETREE_BIN", path)


@pytest.fixture(scope="session")
def cli():
    """Runs the gametree binary: cli(*args) -> (exit code, stdout, stderr)."""
    binary = gametree_bin()

    def run(*args):
        p = subprocess.run([binary, *map(str, args)], capture_output=True, text=True,
                           stdin=subprocess.DEVNULL, timeout=600)
        return p.returncode, p.stdout, p.stderr

    return run


ELAPSED = re.compile(r'"elapsed_ms":[-+0-9.eE]+')


def without_time(text):
    """JSON text with every `elapsed_ms` number set to 0 (the one field that is a
    measurement, not a result)."""
    return ELAPSED.sub('"elapsed_ms":0', text.strip())


def random_tree(seed):
    """A seeded random tree of 2 to 6 players as JSON text: branching 1 to 4, depth 1 to 4,
    nonnegative leaves with a declared maxsum (constant-sum in about a third of the trees),
    and heuristic values on inner nodes, so every algorithm and depth limit applies."""
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    maxsum = rng.randint(players, 12)
    constant = rng.random() < 1 / 3
    depth = rng.randint(1, 4)

    def scores():
        v = [0] * players
        total = maxsum if constant else rng.randint(0, maxsum)
        for _ in range(total):
            v[rng.randrange(players)] += 1
        return v

    def node(d, player):
        if d == depth or (d > 0 and rng.random() < 0.15):
            return {"value": scores()}
        kids = [node(d + 1, (player + 1) % players) for _ in range(rng.randint(1, 4))]
        return {"player": player, "value": scores(), "children": kids}

    doc = {"players": players, "maxsum": maxsum, "root": node(0, 0)}
    if constant:
        doc["constant_sum"] = True
    return json.dumps(doc)
