//! A failing fixture in full: its heading, description and facts (cited
//! rules, file and line, step and variant, what it was checked against,
//! the implicated rules), the difference in words, the boards, and the
//! consequences that followed.

use super::boards::divergence_boards;
use super::fields::{differing, line};
use super::figures_with_views;
use super::page::{escape, inline};
use super::report::Writer;
use crate::diagnose::{Divergence, Failure, Source};
use crate::report::text::details;
use crate::run::{FixtureResult, Status};
use hexodic_io::paths;

impl<'a> Writer<'a> {
    /// A failing fixture in full.
    pub(super) fn fixture(&mut self, res: &FixtureResult) {
        let Some(f) = res.failure() else {
            return;
        };
        let c = &f.cause;
        let anchor = self.anchor(&res.id);
        self.h
            .open("section", &[("class", "fixture"), ("id", &anchor)]);
        self.fixture_heading(res, f);
        self.h
            .elem_inline("p", &[("class", "desc")], &res.description);
        self.fixture_facts(res, f);
        self.difference_words(c);
        self.differing_line(c);
        figures_with_views(
            &mut self.h,
            &divergence_boards(c, &format!("{anchor}-")),
            &format!("{anchor}-"),
        );
        self.consequences(f);
        self.h.close("section");
    }

    /// A failing fixture's heading: its id, basis, variant and whether it was expected to fail.
    fn fixture_heading(&mut self, res: &FixtureResult, f: &Failure) {
        let name = match self.opts.catalogue.as_ref() {
            Some(c) => format!(
                "<a href=\"{}\">{}</a>",
                escape(&c.fixture_step(&res.id, f.cause.step)),
                escape(&res.id)
            ),
            None => escape(&res.id),
        };
        self.h.open("h4", &[]).raw(&name).text(" ");
        let basis = res.basis.name();
        self.h
            .elem("span", &[("class", &format!("badge {basis}"))], basis)
            .text(" ")
            .elem(
                "span",
                &[("class", "badge")],
                &format!("variant {}", f.variant),
            );
        if res.status == Status::ExpectedFail {
            self.h
                .text(" ")
                .elem("span", &[("class", "badge")], "expected to fail");
        }
        if res.status == Status::ChangedFail {
            self.h
                .text(" ")
                .elem("span", &[("class", "badge")], "fails another way");
        }
        self.h.close("h4");
    }

    /// The facts of a failing fixture: cited rules, where it failed, against what, and why.
    fn fixture_facts(&mut self, res: &FixtureResult, f: &Failure) {
        let c = &f.cause;
        self.h.open("dl", &[("class", "facts")]);
        let cites = self.rules_titled(&res.rules);
        self.h.elem("dt", &[], "Cites");
        self.h.open("dd", &[]).raw(&cites).close("dd");
        self.h.elem("dt", &[], "Where");
        let place = format!(
            "<code>{}:{}</code>: {}, variant {}",
            escape(&paths::shown(&res.file)),
            c.line,
            inline(&c.place()),
            escape(&f.variant.to_string())
        );
        self.h.open("dd", &[]).raw(&place).close("dd");
        self.h.elem("dt", &[], "Checked against");
        self.h.elem(
            "dd",
            &[],
            match c.source {
                Source::Fixture => "a check written in the fixture",
                Source::Trace => "the fixture's golden trace (the reference's play)",
            },
        );
        if !c.implicated.is_empty() {
            let rules = self.rules_titled(&c.implicated);
            self.h.elem("dt", &[], "Implicated");
            self.h.open("dd", &[]).raw(&rules).close("dd");
        }
        if let Some(reason) = &res.expected_reason {
            self.h.elem("dt", &[], "Expected to fail");
            self.h.elem("dd", &[], reason);
        }
        if let Some((old, new)) = res.changed_words() {
            self.h.elem("dt", &[], "Signature expected");
            self.h.elem("dd", &[], &old);
            self.h.elem("dt", &[], "Signature now");
            self.h.elem("dd", &[], &new);
        }
        self.rerun(res);
        self.h.close("dl");
    }

    /// The difference of a divergence in words, with its details.
    fn difference_words(&mut self, c: &Divergence) {
        self.h.open("div", &[("class", "difference")]);
        self.h.elem_inline("p", &[], &c.difference.summary());
        let more = details(&c.difference);
        if !more.is_empty() {
            self.h.open("ul", &[]);
            for l in more {
                self.h.elem_inline("li", &[], &l);
            }
            self.h.close("ul");
        }
        self.h.close("div");
    }

    /// The one highlighted line beside the boards: which fields differ,
    /// with the engine's value and the reference's.
    fn differing_line(&mut self, c: &Divergence) {
        let list = differing(&c.difference, c.expected.as_ref(), c.got.as_ref());
        if list.is_empty() {
            return;
        }
        self.h
            .open("p", &[("class", "differs")])
            .elem("strong", &[], "Differs: ")
            .raw(&inline(&line(&list)))
            .close("p");
    }

    /// The divergences that followed the first one, one line each.
    fn consequences(&mut self, f: &Failure) {
        if !f.consequences.is_empty() {
            self.h.elem(
                "p",
                &[],
                &format!("Then ({} consequence(s)):", f.consequences.len()),
            );
            self.h.open("ul", &[("class", "brief")]);
            for d in &f.consequences {
                self.h.elem_inline(
                    "li",
                    &[],
                    &format!("{}: {}", d.place(), d.difference.summary()),
                );
            }
            self.h.close("ul");
        }
    }
}
