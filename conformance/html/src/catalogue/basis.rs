//! A fixture's or a rule's basis (a documented rule or a ruling) as a
//! badge.

use maud::{html, Markup};

/// A basis as a badge.
pub(super) fn basis_badge(basis: &str) -> Markup {
    let class = match basis {
        "documented" => "badge documented",
        "ruling" => "badge ruling",
        _ => "badge",
    };
    html! { span class=(class) { (basis) } }
}
