#!/usr/bin/env bash
# From a mutant of the reference to a fixture that kills it (docs/mutants.md,
# "From a surviving mutant to a fixture").
#
#   fuzz/mutant-fixture.sh MUTANT.diff                 build the mutant, run the corpus and fuzz it
#   fuzz/mutant-fixture.sh MUTANT.diff verify ID ...   check that the fixtures ID ... fail on it
#
# MUTANT.diff is one mutant's diff as `cargo mutants --list --diff --json`
# gives it (`fuzz/mutant-fixture.sh --split FILE.json DIR` writes one
# `DIR/N.diff` per mutant of such a list). The mutant is applied to a scratch
# copy of this tree and its `hexodic-conformance serve` built there; the
# harness built from this (unmutated) tree then judges it as an engine:
#
#   1. `run`: does the corpus already tell the mutant from the reference?
#   2. `fuzz`: differential games against the reference; the first
#      difference is shrunk and written as a fixture under the scratch
#      folder, with the `record` line that writes it into the corpus.
#
# A mutant that does not build is `unviable`; one that makes the reference
# panic, hang or break the protocol is caught by the harness's incident
# handling (exit code 3 or 4, with the incident named); every step is bounded
# in time, so a mutant that loops never hangs the workflow.
#
# Settings (environment): HARNESS, the unmutated harness (default
# target/debug/hexodic-conformance here); SCRATCH, the scratch folder kept
# between mutants so that only the mutated crates rebuild (default
# ${TMPDIR:-/tmp}/hexodic-mutant); GAMES (default 300) and SEED (default 1)
# of the fuzz campaign; STEP_TIME, the bound of each step (default 600s for
# the build, 300s for `run` and `fuzz`).
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
harness="${HARNESS:-$here/target/debug/hexodic-conformance}"
scratch="${SCRATCH:-${TMPDIR:-/tmp}/hexodic-mutant}"
games="${GAMES:-300}"
seed="${SEED:-1}"
build_time="${STEP_TIME:-600}"
step_time="${STEP_TIME:-300}"

die() {
    echo "mutant-fixture: $*" >&2
    exit 2
}

if [ "${1:-}" = "--split" ]; then
    [ $# -eq 3 ] || die "usage: $0 --split LIST.json DIR"
    mkdir -p "$3"
    count="$(jq -r 'length' "$2")" || die "$2: not a JSON list of mutants"
    jq -r 'to_entries[] | "\(.key)\t\(.value.name)"' "$2" |
        while IFS=$'\t' read -r i name; do echo "$name" >"$3/$i.name"; done
    for ((i = 0; i < count; i++)); do
        jq -r ".[$i].diff" "$2" >"$3/$i.diff"
    done
    echo "$count mutants written to $3"
    exit 0
fi

[ $# -ge 1 ] || die "usage: $0 MUTANT.diff [verify FIXTURE_ID ...]"
[ -f "$1" ] || die "$1: no such diff"
diff_file="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
[ -x "$harness" ] || die "$harness: build the harness first (cargo build -p hexodic-conformance)"
shift

tree="$scratch/tree"
out="$scratch/found"
mkdir -p "$out"

# A fresh copy of the unmutated sources (the scratch target folder stays).
rm -rf "$tree"
mkdir -p "$tree"
tar -C "$here" --exclude=./target --exclude=./.git --exclude=./fuzz/target -cf - . | tar -C "$tree" -xf -
if ! patch -s -p0 -d "$tree" <"$diff_file"; then
    die "$diff_file does not apply to this tree"
fi

engine="$scratch/target/mutants/hexodic-conformance"
if ! (cd "$tree" && CARGO_TARGET_DIR="$scratch/target" timeout "$build_time" \
    cargo build -q -p hexodic-conformance --bin hexodic-conformance --profile mutants) \
    >"$scratch/build.log" 2>&1; then
    echo "result: unviable (does not build; $scratch/build.log)"
    exit 0
fi

verdict() { # the words for an exit code of run or fuzz
    case "$1" in
    0) echo "no difference" ;;
    1) echo "caught" ;;
    3 | 4) echo "caught by incident handling" ;;
    5 | 124) echo "caught by the time bound (the mutant hangs)" ;;
    *) echo "error (exit $1)" ;;
    esac
}

if [ "${1:-}" = "verify" ]; then
    shift
    [ $# -ge 1 ] || die "verify: name the fixtures"
    (cd "$here" && "$harness" lint >/dev/null) || die "lint fails: fix or drop the new fixtures"
    status=0
    for id in "$@"; do
        code=0
        (cd "$here" && timeout "$step_time" "$harness" run "$id" --color never --jobs 1 \
            --max-time "${step_time}s" --engine "$engine serve") >"$scratch/verify.log" 2>&1 || code=$?
        echo "$id: $(verdict "$code")"
        [ "$code" -ne 0 ] || status=1
    done
    exit "$status"
fi

# 1. The corpus as it stands.
code=0
(cd "$here" && timeout "$step_time" "$harness" run --color never --max-time "${step_time}s" \
    --engine "$engine serve") >"$scratch/run.log" 2>&1 || code=$?
echo "corpus: $(verdict "$code")"
if [ "$code" -eq 3 ] || [ "$code" -eq 4 ]; then
    grep -m 3 -i "incident" "$scratch/run.log" | sed 's/^/  /' || true
fi

# 2. Differential fuzzing, shrunk to a fixture.
rm -f "$out"/*.yaml "$out"/*.snap "$scratch/fuzz.json"
code=0
(cd "$here" && timeout "$step_time" "$harness" fuzz --color never --seed "$seed" --games "$games" \
    --jobs 1 --max-time "${step_time}s" --out "$out" --json "$scratch/fuzz.json" \
    --engine "$engine serve") >"$scratch/fuzz.log" 2>&1 || code=$?
echo "fuzz: $(verdict "$code")"
if [ -f "$scratch/fuzz.json" ]; then
    jq -r '.incidents[:1][] | "  incident (game \(.game_seed)): \(.incident)"' "$scratch/fuzz.json"
    jq -r '.finding // empty | "  difference: \(.difference)\n  rules: \(.implicated_rules | join(","))\n  fixture: \(.fixture // "none")\n  record --id AREA/NAME --rules \(.implicated_rules | join(",")) --description \"...\" --position '"'"'\(.start)'"'"' \(.turns | map("'"'"'" + . + "'"'"'") | join(" "))"' \
        "$scratch/fuzz.json"
fi
