#!/usr/bin/env bash
# The on-demand fuzz run (docs/RELIABILITY.md "Fuzzing"): every target for RUNS inputs (10
# million unless given), one after another, from its corpus in the tree, on one core each.
# usage: fuzz/run_long.sh [runs] [target...]    (after script/build fuzz, and script/build asan)
# FUZZ_JOBS=N runs each target as one libFuzzer run of N workers at once (-jobs=N -workers=N), each
# RUNS/N inputs, sharing the corpus folder (each reloads it for what the others found): the way to
# give one target both cores. (-fork=2 ran about 1,000 a second where two such workers ran 1,800:
# its short jobs each loaded their slice of the corpus again; docs/RELIABILITY.md "Fuzzing".)
# FUZZ_MAX_LEN=B caps an input at B bytes (-max_len). Left to itself libFuzzer lets inputs grow, and
# fuzz_frame's rate fell from 1,800 to 820 a second as they reached 1,800 bytes, though nine tenths
# of the coverage it gained came before they passed 700.
# The long runs use build/fuzz (UBSan, no AddressSanitizer: twice the inputs a second); then every
# input the run kept is run once more through the asan build's target (AddressSanitizer and UBSan),
# when that build is there. Each target's final figures (inputs run, inputs per second, coverage,
# corpus size) are printed and kept in build/fuzz/fuzz/<target>.long.log; what it found new stays in
# build/fuzz/fuzz/<target>.corpus, and a next run goes on from it.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-10000000}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_frame fuzz_command fuzz_scenario fuzz_log)
for t in "${targets[@]}"; do
  bin=build/fuzz/fuzz/$t
  mkdir -p "$bin.corpus"
  # The seeds afresh, from today's scenarios and menus (fuzz/run_short.sh says why).
  rm -rf "$bin.seeds"
  SANDTABLE_FUZZ_SEEDS="$bin.seeds" "$bin" >/dev/null 2>&1
  start=$(date +%s)
  shown='^(#[0-9]+[[:space:]]+(DONE|INITED)|Done [0-9]+ runs|stat::|==|.*fuzz check failed)'
  args=(-timeout=30 -rss_limit_mb=4096 -print_final_stats=1 -print_funcs=0 -entropic=0 -artifact_prefix="$PWD/build/fuzz/fuzz/"
        "$PWD/$bin.corpus" "$PWD/$bin.seeds" "$PWD/fuzz/corpus/$t")
  [ -z "${FUZZ_MAX_LEN:-}" ] || args=(-max_len="$FUZZ_MAX_LEN" "${args[@]}")
  if [ -n "${FUZZ_JOBS:-}" ]; then
    # Each worker writes fuzz-<job>.log in the folder it starts in.
    jobs_dir=build/fuzz/fuzz/$t.jobs
    rm -rf "$jobs_dir" && mkdir -p "$jobs_dir"
    (cd "$jobs_dir" && "../$t" -jobs="$FUZZ_JOBS" -workers="$FUZZ_JOBS" -runs=$((runs / FUZZ_JOBS)) "${args[@]}") \
      > "build/fuzz/fuzz/$t.long.log" 2>&1 || true
    for log in "$jobs_dir"/fuzz-*.log; do echo "$log:"; grep -E "$shown" "$log" || true; done
  else
    "$bin" -runs="$runs" "${args[@]}" 2>&1 | tee "build/fuzz/fuzz/$t.long.log" | grep -E "$shown" || true
  fi
  echo "$t: $(($(date +%s) - start)) s"
  # A long run leaves tens of thousands of files (each worker writes its own, and a shorter input
  # that does the same is written beside the old). -merge=1 keeps the fewest that cover as much, which
  # is what the next run loads and what runs again under AddressSanitizer below, where fuzz_frame's
  # long inputs ran about 30 a second.
  merged=$bin.merged
  rm -rf "$merged" && mkdir -p "$merged"
  if "$bin" -merge=1 -timeout=30 -rss_limit_mb=4096 "$merged" "$bin.corpus" > "build/fuzz/fuzz/$t.merge.log" 2>&1 \
      && [ -n "$(ls -A "$merged")" ]; then
    echo "$t: corpus merged, $(ls "$bin.corpus" | wc -l) files -> $(ls "$merged" | wc -l)"
    rm -rf "$bin.corpus" && mv "$merged" "$bin.corpus"
  else
    echo "$t: the merge failed (build/fuzz/fuzz/$t.merge.log); the corpus is left as it was"
    rm -rf "$merged"
  fi
  checked=build/asan/fuzz/$t
  if [ -x "$checked" ]; then
    # -runs=0 runs each input of the folders once and stops.
    ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1} "$checked" -runs=0 -timeout=30 -rss_limit_mb=4096 \
      -artifact_prefix=build/fuzz/fuzz/asan- "$bin.corpus" 2>&1 | grep -E '^(#[0-9]+[[:space:]]+(DONE|INITED)|==|.*fuzz check failed)' || true
    echo "$t: the corpus again under AddressSanitizer: $(ls "$bin.corpus" | wc -l) inputs"
  fi
done
