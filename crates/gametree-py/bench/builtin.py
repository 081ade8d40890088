"""Nodes per second of gametree.search on built-in games against the gametree binary on the
same searches, in the same run (plain timing, no benchmark framework).

    GAMETREE_BIN=target/release/gametree python crates/gametree-py/bench/builtin.py

Each search runs REPEAT times through each front, alternating; the best run of each counts
(the least disturbed by other load). Nodes per second is nodes over the search's own
elapsed_ms (the same clock in both fronts), and over the wall time of the whole call.
"""

import json
import os
import subprocess
import time

import gametree as gt

CASES = [
    ("connect-four", "alphabeta", 9),
    ("chinese-checkers(players=3,board=73)", "speculative", 4),
    ("chinese-checkers(players=3)", "maxn", 3),
]
REPEAT = int(os.environ.get("REPEAT", "3"))


def main():
    binary = os.environ.get("GAMETREE_BIN", "target/release/gametree")
    print(f"{'game':40} {'algorithm':12} {'depth':>5} {'nodes':>10} "
          f"{'CLI Mn/s':>9} {'py Mn/s':>9} {'py/CLI':>7} {'py wall Mn/s':>12}")
    for spec, algorithm, depth in CASES:
        cli_best = py_best = py_wall_best = 0.0
        nodes = None
        for _ in range(REPEAT):
            out = subprocess.run([binary, "search", "--game", spec, "-a", algorithm,
                                  "--depth", str(depth), "--json"],
                                 capture_output=True, text=True, check=True).stdout
            s = json.loads(out)["stats"]
            cli_best = max(cli_best, s["nodes"] / s["elapsed_ms"] / 1e3)
            start = time.perf_counter()
            r = gt.search(gt.Game(spec), algorithm, depth=depth)
            wall = time.perf_counter() - start
            py_best = max(py_best, r.stats["nodes"] / r.stats["elapsed_ms"] / 1e3)
            py_wall_best = max(py_wall_best, r.stats["nodes"] / wall / 1e6)
            assert r.stats["nodes"] == s["nodes"]
            nodes = s["nodes"]
        print(f"{spec:40} {algorithm:12} {depth:>5} {nodes:>10} {cli_best:>9.2f} "
              f"{py_best:>9.2f} {py_best / cli_best:>7.3f} {py_wall_best:>12.2f}")


if __name__ == "__main__":
    main()
