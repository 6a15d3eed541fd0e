#!/usr/bin/env bash
# The figures BENCHMARKS.md ("Before and after the crate split") compares between two
# checkouts: the corpus in process, through `serve` at one and two jobs, against the 1 ms
# test engine at two jobs, `fuzz` against `serve`, `perft --depth 4`, and the clean release
# build times of the binary and of what an engine crate's dev-dependency compiles. Each figure
# is the median of RUNS runs (default 5), the runs in brackets.
#
#   e2e/benches/layout.sh [CHECKOUT]        # default: this checkout
#   BUILDS=0 e2e/benches/layout.sh          # the run-time figures only
#
# The binaries are built in CARGO_TARGET_DIR when it is set (else the
# checkout's target/).
#
# The build times use a target folder of their own under the checkout
# (`target/layout-bench`), emptied before each build.
set -euo pipefail
DIR=$(cd "${1:-$(dirname "$0")/../..}" && pwd)
RUNS=${RUNS:-5}
BUILDS=${BUILDS:-1}
cd "$DIR"
cargo build --release -q -p hexodic-conformance -p hexodic-e2e
TARGET=${CARGO_TARGET_DIR:-$DIR/target}
B=$TARGET/release/hexodic-conformance
T=$TARGET/release/hexodic-test-engine

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

wall() {
  local t0 t1
  t0=$(date +%s%N)
  "$@" > /dev/null 2>&1 || true
  t1=$(date +%s%N)
  awk -v d=$((t1 - t0)) 'BEGIN {printf "%.3f\n", d / 1e9}'
}

report() {
  local label=$1 unit=$2; shift 2
  printf '%s\t%s %s\t(%s)\n' "$label" "$(printf '%s\n' "$@" | median)" "$unit" "$*"
}

measure() {
  local label=$1; shift
  local all=()
  for _ in $(seq "$RUNS"); do all+=("$(wall "$@")"); done
  report "$label" s "${all[@]}"
}

games_per_s() {
  local label=$1; shift
  local all=()
  for _ in $(seq "$RUNS"); do
    all+=("$("$@" 2>/dev/null | sed -n 's/^games: [0-9]* (\([0-9]*\) games\/s).*/\1/p')")
  done
  report "$label" games/s "${all[@]}"
}

found=$(mktemp -d)
measure "run in process" "$B" run --jobs 1
measure "run against serve, --jobs 1" "$B" run --engine "$B serve" --jobs 1
measure "run against serve, --jobs 2" "$B" run --engine "$B serve" --jobs 2
measure "run against the 1 ms engine, --jobs 2" "$B" run --engine "$T --delay-ms 1" --jobs 2
games_per_s "fuzz --games 5000 against serve, --jobs 1" \
  "$B" fuzz --engine "$B serve" --games 5000 --seed 1 --jobs 1 --out "$found"
measure "perft --depth 4" "$B" perft --depth 4
rm -rf "$found"

[ "$BUILDS" = 1 ] || exit 0
build() {
  local label=$1; shift
  local all=() t0 t1
  for _ in $(seq "$RUNS"); do
    rm -rf target/layout-bench
    t0=$(date +%s%N)
    CARGO_TARGET_DIR=target/layout-bench cargo build -q --release "$@" > /dev/null 2>&1
    t1=$(date +%s%N)
    all+=("$(awk -v d=$((t1 - t0)) 'BEGIN {printf "%.1f\n", d / 1e9}')")
  done
  rm -rf target/layout-bench
  report "$label" s "${all[@]}"
}
cargo fetch -q
build "clean release build of the binary" -p hexodic-conformance --bin hexodic-conformance
build "clean release build of an engine crate's dev-dependency" -p hexodic-example-engine --tests
