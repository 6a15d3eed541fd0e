#!/bin/bash -eu
# Build the Hexodic fuzz targets with cargo-fuzz (the builder image sets the
# sanitizer flags) and copy them, with their seed corpora, to $OUT.
cd "$SRC/hexodic"

TARGETS="random_game turn_legality parsers symmetry"

# Every target at once (cargo fuzz builds all when none is named). Debug
# assertions stay on: the engine checks more of its own state with them.
cargo fuzz build -O --debug-assertions

BUILD_DIR=fuzz/target/x86_64-unknown-linux-gnu/release
for target in $TARGETS; do
  cp "$BUILD_DIR/$target" "$OUT/"
  if [ -d "fuzz/corpus/$target" ]; then
    # ClusterFuzzLite unpacks $OUT/<target>_seed_corpus.zip as the starting corpus.
    (cd "fuzz/corpus/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
  fi
done
