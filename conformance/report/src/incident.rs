//! An engine incident on a fixture or in a fuzz game, as reports keep it:
//! what happened in words, where, the request, the engine's reply as
//! received and the tail of its standard error.

use hexodic_engine::{Incident, IncidentKind};
use hexodic_rules::symmetry::Symmetry;
use hexodic_rules::Turn;

/// An engine incident, where it happened.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct IncidentReport {
    /// The kind of incident: `timeout`, `crash`, `protocol-error`,
    /// `panic`, ... ([`IncidentKind::name`]).
    pub kind: String,
    /// What happened, in words.
    pub message: String,
    /// The variant.
    #[serde(with = "hexodic_engine::notation::one")]
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub variant: Symmetry,
    /// The step (0: the setup).
    pub step: usize,
    /// The line in the fixture file (0 in a fuzz game).
    pub line: u32,
    /// The turn being played, if any.
    #[serde(with = "hexodic_engine::notation::opt")]
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub turn: Option<Turn>,
    /// The request being answered, as sent (empty when none was).
    pub request: String,
    /// The engine's faulty reply as received (at most 300 characters), when
    /// the incident is a reply that breaks the protocol.
    pub reply: Option<String>,
    /// The tail of the standard error of that engine process.
    pub stderr_tail: String,
    /// Whether the incident is costly (a time-out, a huge reply): a few in a
    /// row make the engine unusable.
    pub costly: bool,
}

impl IncidentReport {
    /// The report of `incident`, met at `step` (line `line`, turn `turn`) of
    /// variant `variant`.
    pub fn new(
        incident: &Incident,
        variant: Symmetry,
        step: usize,
        line: u32,
        turn: Option<Turn>,
    ) -> IncidentReport {
        let reply = match &incident.kind {
            IncidentKind::Protocol { reply, .. } => Some(reply.clone()),
            _ => None,
        };
        IncidentReport {
            kind: incident.kind.name().to_owned(),
            message: incident.kind.to_string(),
            variant,
            step,
            line,
            turn,
            request: incident.request.clone(),
            reply,
            stderr_tail: incident.stderr.clone(),
            costly: incident.kind.is_costly(),
        }
    }

    /// Where it happened, in words (as [`crate::Divergence::place`] says it).
    pub fn place(&self) -> String {
        crate::divergence::place(self.step, self.turn)
    }
}
