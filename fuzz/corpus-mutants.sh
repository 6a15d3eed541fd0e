#!/usr/bin/env bash
# The corpus alone against mutants of the reference (docs/mutants.md, "The
# corpus alone"): cargo-mutants plants one bug at a time in `rules/src` and
# runs only the corpus: in process (`hexodic-harness`'s `harness` tests,
# whose corpus tests are the bulk of it) and through the protocol against the
# mutated reference's `serve` (`hexodic-conformance`'s `serve` test).
#
#   fuzz/corpus-mutants.sh game-rules [ARGS...]   the game-rule code (the score's set)
#   fuzz/corpus-mutants.sh rest [ARGS...]         the mutants of rules/src outside it
#   fuzz/corpus-mutants.sh all [ARGS...]          every mutant of rules/src
#
# ARGS go to cargo-mutants: `--list`, `--shard K/N --sharding round-robin`,
# `-o DIR`, `--in-place`, ... Every 2nd mutant is shards 0/8, 2/8, 4/8 and
# 6/8 (or 0/2).
#
# The game-rule code is rules/src without the modules that do not judge a
# game (diagrams, random play, the board symmetries, the invariant checkers,
# the rule registry, the text forms in rules/src/text/ and the legal list by
# index in rules/src/movegen/index.rs), and without the functions of the
# remaining files that no game-rule function calls: messages' text forms
# (Display and Debug, an invalid setup's legend, the reason codes joined for
# a message, a rule's name in reports, the row letter and player letter read
# or written by tools) and accessors and conversions for tools.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here"

# What is not game-rule code, as regular expressions on mutant names
# (`FILE:LINE:COLUMN: replace ... in FUNCTION`).
not_rules=(
  # modules that do not judge a game
  '^rules/src/(diagram|random|symmetry|invariants|registry|text|text/[a-z_]+|movegen/index)\.rs:'
  # text forms used in messages and reports only
  'impl (fmt::)?(Display|Debug) for '
  ' Fault::(code|rule)\b' '^rules/src/illegal\.rs:.* codes\b' ' EndRule::rule_id\b'
  ' Player::from_char\b' ' Cell::row_char\b'
  # accessors and conversions for tools (self-checks, random play, reports)
  ' Cell::(from_index|step)\b' ' CellSet::(bits|from_bits)\b' 'impl From<Cell> for CellSet'
  ' Position::(half_moves|is_over|outcome|tier_total|tier_set|is_legal)\b' ' Game::outcome\b'
  ' Setup::(cell|cell_mut|cooldown)\b' '^rules/src/perft\.rs:.* divide\b'
)

what="${1:-}"
shift || true
selection=()
case "$what" in
  game-rules) for re in "${not_rules[@]}"; do selection+=(-E "$re"); done ;;
  rest)
    for re in "${not_rules[@]}"; do selection+=(--re "$re"); done
    # cargo-mutants 27.1 filters neither `--re` nor `-E` on a deleted struct
    # field: `rest` also lists the one field deletion of the game-rule code
    # (in `Position::key`), which the game-rule set already counts.
    ;;
  all) ;;
  *)
    echo "usage: fuzz/corpus-mutants.sh game-rules|rest|all [cargo-mutants arguments]" >&2
    exit 2
    ;;
esac

# `--baseline skip`: cargo-mutants 27.1 runs the unmutated baseline with the
# mutated package's own tests, where neither test target exists. The
# `mutants` profile builds without debug info.
exec cargo mutants -p hexodic-rules --test-package hexodic-harness \
  --test-package hexodic-conformance --baseline skip \
  --profile mutants --timeout 60 --cargo-arg=--test=harness --cargo-arg=--test=serve \
  ${selection[@]+"${selection[@]}"} "$@"
