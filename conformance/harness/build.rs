//! Rebuild when the corpus changes: it is embedded in the library
//! (`src/corpus/embedded.rs`). `fixtures` may be a link to the repository's
//! corpus, so the folder it leads to is watched.

fn main() {
    let fixtures = std::path::Path::new("fixtures");
    let watched = std::fs::canonicalize(fixtures).unwrap_or_else(|_| fixtures.to_path_buf());
    println!("cargo:rerun-if-changed={}", watched.display());
    println!("cargo:rerun-if-changed=build.rs");
}
