#!/usr/bin/env bash
# The parallel-run benchmarks of BENCHMARKS.md ("Parallel runs"): the whole corpus in process,
# through `serve` and through the 1 ms/request test engine at --jobs 1 and 2, and fuzz games/s
# against `serve` at 1 and 2 jobs. Each figure is the median of 3 runs (wall seconds).
# Run from the repository root after `cargo build --release -p hexodic-conformance -p hexodic-e2e`.
set -euo pipefail
B=./target/release/hexodic-conformance
T=./target/release/hexodic-test-engine
[ -x "$B" ] && [ -x "$T" ] || { echo "build the release binaries first" >&2; exit 2; }
RUNS=${RUNS:-3}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# Wall seconds of one command, its output dropped.
wall() {
  local t0 t1
  t0=$(date +%s%N)
  "$@" > /dev/null 2>&1 || true
  t1=$(date +%s%N)
  awk -v d=$((t1 - t0)) 'BEGIN {printf "%.3f\n", d / 1e9}'
}

measure() {
  local label=$1; shift
  local all=()
  for _ in $(seq "$RUNS"); do all+=("$(wall "$@")"); done
  printf '%s\t%.2f s\t(%s)\n' "$label" "$(printf '%s\n' "${all[@]}" | median)" \
    "$(printf '%.2f ' "${all[@]}")"
}

games_per_s() {
  local label=$1; shift
  local all=()
  for _ in $(seq "$RUNS"); do
    all+=("$("$@" 2>/dev/null | sed -n 's/^games: [0-9]* (\([0-9]*\) games\/s).*/\1/p')")
  done
  printf '%s\t%s games/s\t(%s)\n' "$label" "$(printf '%s\n' "${all[@]}" | median)" "${all[*]}"
}

measure "run in process, --jobs 1" "$B" run --jobs 1
measure "run in process, --jobs 2" "$B" run --jobs 2
for j in 1 2; do
  measure "run against serve, --jobs $j" "$B" run --engine "$B serve" --jobs "$j"
done
for j in 1 2; do
  measure "run against the 1 ms engine, --jobs $j" "$B" run --engine "$T --delay-ms 1" --jobs "$j"
done
for j in 1 2; do
  games_per_s "fuzz --games 5000 against serve, --jobs $j" \
    "$B" fuzz --engine "$B serve" --games 5000 --seed 1 --jobs "$j" --out target/bench-found
done
