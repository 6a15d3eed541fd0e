#!/usr/bin/env bash
# Instructions executed (valgrind's callgrind, independent of the machine's
# load) by the work BENCHMARKS.md compares between two checkouts: the corpus
# in process at one job, `perft --depth 3` and `fuzz --games 300` in process
# at one job. Prints one line per figure: label, instructions, binary.
#
#   e2e/benches/instructions.sh BINARY [BINARY ...]
#
# Each BINARY is a release build of hexodic-conformance (of this or another
# checkout); run from an empty folder, so each uses the corpus embedded in it.
set -euo pipefail
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)"; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
count() {
  local label=$1; shift
  local out="$work/callgrind.out"
  (cd "$work" && valgrind --tool=callgrind --callgrind-out-file="$out" "$@" > /dev/null 2> "$work/log") || true
  local n
  n=$(grep -m1 '^summary:' "$out" | awk '{print $2}')
  printf '%s\t%s\t%s\n' "$label" "$n" "$1"
  rm -f "$out"
}
for b in "$@"; do
  b=$(cd "$(dirname "$b")" && pwd)/$(basename "$b")
  count "run in process, --jobs 1" "$b" run --jobs 1
  count "perft --depth 3" "$b" perft --depth 3
  count "fuzz --games 300 in process, --jobs 1" "$b" fuzz --games 300 --seed 1 --jobs 1 --out "$work/found"
done
