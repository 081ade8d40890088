#!/usr/bin/env python3
"""Rebuild results/full-run-verdicts.json from full runs of `gametree reproduce`.

Usage (docs/reproduce.md, "Full-run verdicts"):

    gametree reproduce EXP --json > full/NAME.json      # one experiment, full mode
    python3 scripts/full-run-verdicts.py --machine "..." full/*.json

Each input is the `--json` output of a full run of one or more experiments (no --quick;
no --hands, --openings, --budget or --matches), or one experiment's file written with
`--out DIR` (DIR/PAPER/TABLE.json). A run at another scale (the strength experiment's
decisive run: --matches claims --budget calibrated/D) and an experiment's file are taken
only with the command that made them (--command), which the file records. Their verdicts replace those of the same experiments
in results/full-run-verdicts.json; the other experiments in the file are kept. Rows whose
verdict is `measured` (no paper value) are left out. The file is written in place, keys
sorted, so a re-run over the same inputs gives the same bytes.
"""

import argparse
import json
import os
import sys
import tempfile

ABOUT = (
    "verdicts of the last full run (gametree reproduce EXP, without --quick) of each "
    "experiment run in full; quick mode shows them beside too-few (docs/reproduce.md)"
)
REGENERATE = (
    "for each EXP: gametree reproduce EXP --json > full/NAME.json; then "
    "python3 scripts/full-run-verdicts.py --machine '...' full/*.json"
)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("inputs", nargs="+", help="--json outputs of full runs")
    ap.add_argument("--machine", help="the machine the runs used (kept when omitted)")
    ap.add_argument(
        "--commit",
        help="the commit the binary was built from, when its own meta names another (a build "
        "whose cached build-script output predates the checkout's last commit)",
    )
    ap.add_argument(
        "--command",
        help="the command of a run at another scale than the mode's (the strength experiment's "
        "decisive run: --matches claims --budget calibrated/D); recorded instead of the plain "
        "command, and the only way such a run is accepted",
    )
    ap.add_argument(
        "--file",
        default=os.path.join(os.path.dirname(__file__), "..", "results", "full-run-verdicts.json"),
        help="the file to update (default: results/full-run-verdicts.json)",
    )
    args = ap.parse_args()
    try:
        with open(args.file, encoding="utf-8") as f:
            doc = json.load(f)
    except FileNotFoundError:
        doc = {"experiments": {}}
    doc["about"] = ABOUT
    doc["regenerate"] = REGENERATE
    if args.machine is not None:
        doc["machine"] = args.machine
    doc.setdefault("machine", "")
    for path in args.inputs:
        try:
            with open(path, encoding="utf-8") as f:
                run = json.load(f)
            meta, rows = run["meta"], run["rows"]
            if "paper" in run and "table" in run:
                # One experiment's document (`--out DIR`: DIR/PAPER/TABLE.json): its meta is the
                # experiment's own (parameters, time), so the command must be given.
                if not args.command:
                    print(
                        f"{path}: an experiment's file (--out): give the command that wrote it "
                        "with --command",
                        file=sys.stderr,
                    )
                    return 2
                e = dict(paper=run["paper"], table=run["table"], params=meta["params"],
                         elapsed_s=meta["elapsed_s"])
                meta = dict(meta, params="mode=full (an experiment's file)", experiments=[e])
        except (OSError, ValueError, KeyError, TypeError) as e:
            print(f"{path}: not the --json output of gametree reproduce: {e}", file=sys.stderr)
            return 2
        if meta.get("params") != "mode=full" and not (
            args.command and meta.get("params", "").startswith("mode=full ")
        ):
            print(
                f"{path}: params {meta.get('params')!r}: only a full run with the mode's scale "
                "(mode=full) gives full-run verdicts, or one of another scale given with --command",
                file=sys.stderr,
            )
            return 2
        for e in meta["experiments"]:
            if e.get("skipped"):
                print(f"{path}: {e['paper']}/{e['table']} was skipped (stored results)", file=sys.stderr)
                return 2
            name = f"{e['paper']}/{e['table']}"
            verdicts = {}
            for r in rows:
                if r["paper"] == e["paper"] and r["table"] == e["table"] and r["verdict"] != "measured":
                    verdicts.setdefault(r["row"], {})[r["quantity"]] = r["verdict"]
            doc["experiments"][name] = {
                "command": args.command or f"gametree reproduce {name} --json",
                "git_commit": args.commit or meta["git_commit"],
                "date": meta["date"],
                "params": e["params"],
                "elapsed_s": round(e["elapsed_s"], 1),
                "rows": verdicts,
            }
    text = render(doc)
    target = os.path.abspath(args.file)
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(target), suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.chmod(tmp, 0o644)
    os.replace(tmp, target)
    return 0


def render(doc: dict) -> str:
    """The file's text: keys sorted, one line per row (its quantities and verdicts), so the
    file stays small and a change of verdict is a one-line diff."""
    dump = lambda v: json.dumps(v, sort_keys=True, ensure_ascii=False)
    out = ["{"]
    for k in ("about", "machine", "regenerate"):
        out.append(f" {dump(k)}: {dump(doc[k])},")
    out.append(' "experiments": {')
    names = sorted(doc["experiments"])
    for i, name in enumerate(names):
        run = doc["experiments"][name]
        out.append(f"  {dump(name)}: {{")
        for k in ("command", "date", "elapsed_s", "git_commit", "params"):
            out.append(f"   {dump(k)}: {dump(run[k])},")
        out.append('   "rows": {')
        rows = sorted(run["rows"])
        for j, row in enumerate(rows):
            comma = "," if j + 1 < len(rows) else ""
            out.append(f"    {dump(row)}: {dump(run['rows'][row])}{comma}")
        out.append("   }")
        out.append("  }" + ("," if i + 1 < len(names) else ""))
    out.append(" }")
    out.append("}")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.exit(main())
