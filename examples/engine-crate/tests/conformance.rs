//! The conformance corpus, one test per fixture, through the adapter:
//! `cargo test -p hexodic-example-engine --test conformance capture/`.

mod adapter;

fn main() {
    hexodic_harness::Suite::new(adapter::Adapter::new)
        // Known failures (none today); `HEXODIC_UPDATE_EXPECTATIONS=1` writes it.
        .expectations(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/expected-failures.yaml"
        ))
        // The team's own fixtures beside the corpus: fuzz findings kept.
        .fixtures(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures"))
        .main()
}
