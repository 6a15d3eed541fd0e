//! Comparing an engine's perft with the reference and, on a difference,
//! bisecting with divide down to the first turn sequence where the two
//! engines disagree.

use crate::external::{EngineProcess, ProtocolError};
use crate::protocol::Command;
use hexodic_rules::{perft, Game, Position, Turn};
use std::collections::BTreeMap;

/// Something that can count turn sequences from a start position and a path of turns.
pub trait PerftOracle {
    /// perft at `depth` after playing `path` from `start`.
    fn perft(&mut self, start: &str, path: &[String], depth: u32) -> Result<u64, String>;
    /// divide at `depth` (>= 1) after playing `path` from `start`.
    fn divide(
        &mut self,
        start: &str,
        path: &[String],
        depth: u32,
    ) -> Result<Vec<(String, u64)>, String>;
}

/// The reference engine as an oracle.
#[derive(Debug, Default)]
pub struct ReferenceOracle;

fn reference_game(start: &str, path: &[String]) -> Result<Game, String> {
    let p = Position::from_notation(start).map_err(|e| e.to_string())?;
    let mut g = Game::from_position(p);
    for t in path {
        let turn = Turn::parse(t).map_err(|e| format!("turn `{t}`: {e}"))?;
        g.play(turn).map_err(|e| format!("turn `{t}`: {e}"))?;
    }
    Ok(g)
}

impl PerftOracle for ReferenceOracle {
    fn perft(&mut self, start: &str, path: &[String], depth: u32) -> Result<u64, String> {
        Ok(perft::perft(&reference_game(start, path)?, depth))
    }
    fn divide(
        &mut self,
        start: &str,
        path: &[String],
        depth: u32,
    ) -> Result<Vec<(String, u64)>, String> {
        Ok(perft::divide(&reference_game(start, path)?, depth)
            .into_iter()
            .map(|(t, n)| (t.to_string(), n))
            .collect())
    }
}

fn setup(engine: &mut EngineProcess, start: &str, path: &[String]) -> Result<(), ProtocolError> {
    engine.request(Command::Position {
        position: start.to_owned(),
    })?;
    for t in path {
        let r = engine.request(Command::Play { turn: t.clone() })?;
        if r.legal != Some(true) {
            return Err(ProtocolError::Malformed(format!(
                "engine rejects `{t}`, which it listed as legal"
            )));
        }
    }
    Ok(())
}

impl PerftOracle for EngineProcess {
    fn perft(&mut self, start: &str, path: &[String], depth: u32) -> Result<u64, String> {
        setup(self, start, path).map_err(|e| e.to_string())?;
        self.request(Command::Perft { depth })
            .map_err(|e| e.to_string())?
            .nodes
            .ok_or_else(|| "perft reply without `nodes`".to_string())
    }
    fn divide(
        &mut self,
        start: &str,
        path: &[String],
        depth: u32,
    ) -> Result<Vec<(String, u64)>, String> {
        setup(self, start, path).map_err(|e| e.to_string())?;
        self.request(Command::Divide { depth })
            .map_err(|e| e.to_string())?
            .divide
            .ok_or_else(|| "divide reply without `divide`".to_string())
    }
}

/// Where two engines first disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// The turns played from the start before the disagreement.
    pub path: Vec<String>,
    /// The remaining depth there.
    pub depth: u32,
    /// Turns the reference lists there but the engine does not.
    pub missing: Vec<String>,
    /// Turns the engine lists there but the reference does not (or lists twice).
    pub extra: Vec<String>,
    /// When both list the same turns: the first turn whose counts differ,
    /// with (reference, engine) counts below it.
    pub first_differing: Option<(String, u64, u64)>,
}

/// The result of a comparison.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PerftComparison {
    /// Both engines count the same.
    Same(u64),
    /// The counts differ; `at` is where the bisection ended.
    Differ {
        /// The reference's total.
        reference: u64,
        /// The engine's total.
        engine: u64,
        /// The first disagreement.
        at: Disagreement,
    },
}

/// Canonical form of a turn string (so spacing differences do not count).
fn canon(t: &str) -> String {
    Turn::parse(t)
        .map(|t| t.to_string())
        .unwrap_or_else(|_| t.to_owned())
}

fn to_map(list: Vec<(String, u64)>, dups: &mut Vec<String>) -> BTreeMap<String, u64> {
    let mut m = BTreeMap::new();
    for (t, n) in list {
        let c = canon(&t);
        if m.insert(c.clone(), n).is_some() {
            dups.push(c);
        }
    }
    m
}

/// Compare `engine` with `reference` at `depth` from `start`, bisecting on a difference.
pub fn compare(
    reference: &mut dyn PerftOracle,
    engine: &mut dyn PerftOracle,
    start: &str,
    depth: u32,
) -> Result<PerftComparison, String> {
    let r_total = reference.perft(start, &[], depth)?;
    let e_total = engine.perft(start, &[], depth)?;
    if r_total == e_total {
        return Ok(PerftComparison::Same(r_total));
    }
    let mut path: Vec<String> = Vec::new();
    let mut d = depth;
    loop {
        let r_list = reference.divide(start, &path, d)?;
        let order: Vec<String> = r_list.iter().map(|(t, _)| t.clone()).collect();
        let mut dups = Vec::new();
        let r = to_map(r_list, &mut Vec::new());
        let e = to_map(engine.divide(start, &path, d)?, &mut dups);
        let missing: Vec<String> = order
            .iter()
            .filter(|t| !e.contains_key(*t))
            .cloned()
            .collect();
        let mut extra: Vec<String> = e.keys().filter(|t| !r.contains_key(*t)).cloned().collect();
        extra.extend(dups);
        let first = order.iter().find_map(|t| match (r.get(t), e.get(t)) {
            (Some(a), Some(b)) if a != b => Some((t.clone(), *a, *b)),
            _ => None,
        });
        if !missing.is_empty() || !extra.is_empty() || d <= 1 || first.is_none() {
            return Ok(PerftComparison::Differ {
                reference: r_total,
                engine: e_total,
                at: Disagreement {
                    path,
                    depth: d,
                    missing,
                    extra,
                    first_differing: first,
                },
            });
        }
        if let Some((t, _, _)) = first {
            path.push(t);
            d -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference with one planted difference: below `path`, the turn
    /// `drop` is missing from the engine's lists.
    struct Dropping {
        path: Vec<String>,
        drop: String,
    }

    impl Dropping {
        fn at_drop_point(&self, path: &[String]) -> bool {
            path == self.path.as_slice()
        }
    }

    impl PerftOracle for Dropping {
        fn perft(&mut self, start: &str, path: &[String], depth: u32) -> Result<u64, String> {
            let list = self.divide(start, path, depth)?;
            Ok(list.iter().map(|(_, n)| n).sum())
        }
        fn divide(
            &mut self,
            start: &str,
            path: &[String],
            depth: u32,
        ) -> Result<Vec<(String, u64)>, String> {
            let mut list = ReferenceOracle.divide(start, path, depth)?;
            if self.at_drop_point(path) {
                list.retain(|(t, _)| *t != self.drop);
                return Ok(list);
            }
            // Above the drop point, subtract what the drop removes below.
            if path.len() < self.path.len() && self.path.starts_with(path) {
                let next = self.path[path.len()].clone();
                let prefix = self.path[..path.len() + 1].to_vec();
                let below = self.perft(start, &prefix, depth - 1)?;
                for (t, n) in list.iter_mut() {
                    if *t == next {
                        *n = below;
                    }
                }
            }
            Ok(list)
        }
    }

    #[test]
    fn bisection_finds_the_planted_difference() {
        let start = Position::start().to_notation();
        let path = vec!["c3 +d4".to_string()];
        let mut engine = Dropping {
            path: path.clone(),
            drop: "e5 +e5".into(),
        };
        let cmp = compare(&mut ReferenceOracle, &mut engine, &start, 3).unwrap();
        match cmp {
            PerftComparison::Differ {
                reference,
                engine,
                at,
            } => {
                assert!(reference > engine);
                assert_eq!(at.path, path);
                assert_eq!(at.missing, ["e5 +e5"]);
                assert!(at.extra.is_empty());
            }
            PerftComparison::Same(_) => panic!("difference not found"),
        }
        let same = compare(&mut ReferenceOracle, &mut ReferenceOracle, &start, 2).unwrap();
        assert_eq!(same, PerftComparison::Same(230_100));
    }
}
