#!/usr/bin/env python3
"""Usage: same-files.py ONE MERGED

Exit 0 when the directory MERGED (written by `gametree merge`) holds the same files as ONE
(written by one `gametree reproduce` process), byte for byte except the timing fields that
docs/cluster.md names: the `wall time:` line of a table's markdown, the `date` and
`elapsed_s` of a JSON `meta`, and a manifest's fingerprints of the markdown and JSON files
that hold them. Otherwise print each difference and exit 1.
"""

import json
import re
import sys
from pathlib import Path

TIMING = "<timing>"


def normalized(path: Path) -> bytes:
    data = path.read_bytes()
    if path.suffix == ".md":
        return re.sub(rb"(?m)^wall time: .*$", TIMING.encode(), data)
    if path.suffix == ".json":
        return re.sub(rb'("(?:date|elapsed_s)": )("[^"]*"|[-0-9.eE+]+)', rb"\1" + TIMING.encode(), data)
    if path.suffix == ".manifest":
        manifest = json.loads(data)
        for f in manifest.get("files", []):
            if f["name"].endswith((".md", ".json")):
                f["fingerprint"] = TIMING
        return json.dumps(manifest, indent=2, sort_keys=True).encode()
    return data


def files(root: Path) -> set:
    return {p.relative_to(root) for p in root.rglob("*") if p.is_file()}


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    one, merged = Path(sys.argv[1]), Path(sys.argv[2])
    a, b = files(one), files(merged)
    problems = [f"only in {one}: {p}" for p in sorted(a - b)]
    problems += [f"only in {merged}: {p}" for p in sorted(b - a)]
    for p in sorted(a & b):
        x, y = normalized(one / p), normalized(merged / p)
        if x != y:
            at = next(i for i in range(min(len(x), len(y)) + 1) if i == min(len(x), len(y)) or x[i] != y[i])
            problems.append(f"{p} differs at byte {at}: {x[at:at + 60]!r} vs {y[at:at + 60]!r}")
    if not a:
        problems.append(f"{one} holds no files")
    for line in problems:
        print(f"same-files: {line}", file=sys.stderr)
    if not problems:
        print(f"same-files: {len(a)} files equal (timing fields aside)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
