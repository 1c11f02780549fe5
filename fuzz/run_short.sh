#!/usr/bin/env bash
# One fuzz target for a few seconds from its corpus in the tree: what script/test runs.
# usage: fuzz/run_short.sh <fuzz binary> <corpus dir> <seconds>
# New inputs go to a scratch folder, never into the tree's corpus. A crash or a failed check
# leaves its input beside the binary (crash-*, leak-*, timeout-*); the binary given that file
# runs it again. The target's seeds are written afresh for each run as well: the tree's copy was
# made from the scenarios and menus of its day, and a seed that names a room or an action that has
# since changed no longer reaches what it was for.
set -euo pipefail
binary=$1 corpus=$2 seconds=$3
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
SANDTABLE_FUZZ_SEEDS="$scratch/seeds" "$binary" >/dev/null 2>&1
mkdir -p "$scratch/new"
"$binary" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 -print_funcs=0 -entropic=0 \
  -artifact_prefix="$(dirname "$binary")/" "$scratch/new" "$scratch/seeds" "$corpus"
