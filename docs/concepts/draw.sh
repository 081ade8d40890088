#!/usr/bin/env bash
# Draws the pictures of docs/concepts.md again: `docs/concepts/draw.sh [GAMETREE]` (the
# gametree binary, default `gametree` on PATH; e.g. target/release/gametree).
set -euo pipefail
cd "$(dirname "$0")"
G=${1:-gametree}
T=../../examples/trees
"$G" draw --tree "$T/sturtevant-2003-fig1-maxn.json" --algorithm maxn --out maxn.svg
"$G" draw --tree immediate.json --algorithm shallow --out immediate.svg
"$G" draw --tree "$T/korf-1991-fig3-shallow-pruning.json" --algorithm shallow --out shallow.svg
"$G" draw --tree "$T/korf-1991-fig6-deep-pruning.json" --algorithm maxn --out deep.svg
"$G" draw --tree "$T/sturtevant-2003-fig1-maxn.json" --algorithm paranoid --out paranoid.svg
"$G" draw --game "chinese-checkers(players=3,board=13)" --depth 2 --algorithm brs --out brs.svg
"$G" draw --tree "$T/sturtevant-2003-fig1-maxn.json" --algorithm nmax --out nmax.svg
