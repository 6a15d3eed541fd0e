//! The conformance corpus, one test per fixture:
//! `cargo test -p hexodic-example-engine --test conformance capture/`.

fn main() {
    hexodic_harness::Suite::new(hexodic_example_engine::ExampleEngine::new).main()
}
