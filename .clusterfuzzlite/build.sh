#!/bin/bash -eu
# Build the Hexodic fuzz targets with cargo-fuzz and copy them, with their
# seed corpora, to $OUT. In ClusterFuzzLite's builder image $SANITIZER names
# the sanitizer (the image sets the flags); SANITIZER=none builds without one
# (how .ci/run checks this script on stable Rust, outside Docker).
cd "$SRC/hexodic"

TARGETS="random_game turn_legality parsers symmetry differential"

SANITIZER_ARGS=""
if [ "${SANITIZER:-address}" = "none" ]; then
  SANITIZER_ARGS="-s none"
fi

# Every target at once (cargo fuzz builds all when none is named). Debug
# assertions stay on: the engine checks more of its own state with them.
# shellcheck disable=SC2086
cargo fuzz build -O --debug-assertions $SANITIZER_ARGS

BUILD_DIR=fuzz/target/x86_64-unknown-linux-gnu/release
for target in $TARGETS; do
  cp "$BUILD_DIR/$target" "$OUT/"
  if [ -d "fuzz/corpus/$target" ]; then
    # ClusterFuzzLite unpacks $OUT/<target>_seed_corpus.zip as the starting corpus.
    (cd "fuzz/corpus/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
  fi
done
