//! How a run was asked for, kept in its report so that every report can
//! say how to run one failing fixture again (`report/reproduce.rs`).

/// The parts of a run's command line that decide a fixture's result.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Rerun {
    /// The `--engine` command line (none: the reference in process).
    pub engine: Option<String>,
    /// Whether the golden traces were compared (`--no-traces` when not).
    pub traces: bool,
}

impl Default for Rerun {
    fn default() -> Rerun {
        Rerun {
            engine: None,
            traces: true,
        }
    }
}
