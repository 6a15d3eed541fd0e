//! Legal-turn generation (N1), part by part: the legal Projects first, then
//! for each the Shapes within range of the anchor (and no Shape where S3
//! allows it), then the Echoes on the board each Shape leaves. Every part is
//! judged by the same functions as [`Rules::reasons`], so a planted bug
//! changes the list exactly as it changes the verdicts (I6).

use super::board::{cell, dist, neighbours, stone, CELLS};
use super::legality::{shape_board, Reasons};
use super::Rules;
use crate::bug::Bug;
use hexodic_rules::{Counters, Echo, Project, Setup, Shape, Turn};

impl Rules {
    /// The legal Echo options (none first) on board `b` for `project` (E1-E3).
    fn echoes(self, b: &Setup, k: &Counters, project: Project, out: &mut Vec<Option<Echo>>) {
        out.clear();
        out.push(None);
        if k.charges == 0 {
            return;
        }
        let me = b.to_move;
        for i in 0..CELLS {
            // E2 asks for the mover's stone, E3 for an enemy stone: no other
            // cell can be a legal Echo.
            let echo = match stone(b, i) {
                Some(p) if p == me => Echo::Lock(cell(i)),
                Some(_) => Echo::Capture(cell(i)),
                None => continue,
            };
            if self.echo_part(b, k, project, echo).is_empty() {
                out.push(Some(echo));
            }
        }
    }

    /// Every legal turn of position `s`, without duplicates (N1, G8) unless
    /// [`Bug::DuplicateLegalTurn`] is planted.
    pub(crate) fn legal_turns(self, s: &Setup) -> Vec<Turn> {
        let mut out = Vec::new();
        if s.outcome.is_some() {
            return out;
        }
        let me = s.to_move;
        let k = s.counters[me.index()];
        // Project candidates: a Skip, a Place on every cell, and a Move of
        // every own stone to each of its neighbours (T2-T7).
        let mut projects = vec![Project::Skip];
        projects.extend((0..CELLS).map(|i| Project::Place(cell(i))));
        for f in (0..CELLS).filter(|f| stone(s, *f) == Some(me)) {
            projects.extend(neighbours(f).map(|t| Project::Move {
                from: cell(f),
                to: cell(t),
            }));
        }
        let mut echoes = Vec::with_capacity(16);
        for project in projects {
            let mut r = Reasons::default();
            let after_project = self.project_part(s, project, &mut r);
            if !r.is_empty() {
                continue;
            }
            let Some(anchor) = project.anchor() else {
                // A Skip has no Shape (T5).
                self.echoes(&after_project, &k, project, &mut echoes);
                out.extend(echoes.iter().map(|e| Turn {
                    project,
                    shape: None,
                    echo: *e,
                }));
                continue;
            };
            let a = anchor.index();
            let mut emit = |shape: Option<Shape>, after_shape: &Setup, out: &mut Vec<Turn>| {
                let board = self.echo_board(&after_project, after_shape);
                self.echoes(board, &k, project, &mut echoes);
                out.extend(echoes.iter().map(|e| Turn {
                    project,
                    shape,
                    echo: *e,
                }));
            };
            if !self.shape_mandatory(&after_project, &k, a) {
                emit(None, &after_project, &mut out);
            }
            let range = self.shape_range();
            for i in (0..CELLS).filter(|i| dist(a, *i) <= range) {
                for shape in [Shape::Raise(cell(i)), Shape::Lower(cell(i))] {
                    if self.shape_part(&after_project, &k, a, shape).is_empty() {
                        let mut after_shape = after_project;
                        shape_board(&mut after_shape, shape);
                        emit(Some(shape), &after_shape, &mut out);
                    }
                }
            }
        }
        if self.has(Bug::DuplicateLegalTurn) {
            let locks: Vec<Turn> = out
                .iter()
                .filter(|t| matches!(t.echo, Some(Echo::Lock(_))))
                .copied()
                .collect();
            out.extend(locks);
        }
        out
    }
}
