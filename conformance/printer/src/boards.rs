//! Boards as text, side by side, for terminal reports.

use hexodic_rules::diagram::diagram;
use hexodic_rules::Setup;

/// Width of one board column, in characters.
const COLUMN: usize = 36;

/// The diagrams of `boards` side by side under their titles, indented by
/// `indent` spaces.
pub fn side_by_side(boards: &[(&str, &Setup)], indent: usize) -> Vec<String> {
    let columns: Vec<Vec<String>> = boards
        .iter()
        .map(|(title, s)| {
            let mut v = vec![format!("{title}:")];
            v.extend(diagram(s).lines().map(str::to_owned));
            v
        })
        .collect();
    let rows = columns.iter().map(Vec::len).max().unwrap_or(0);
    let width = columns
        .iter()
        .flat_map(|c| c.iter().map(|l| l.chars().count()))
        .max()
        .unwrap_or(0)
        .max(COLUMN - 2)
        + 2;
    (0..rows)
        .map(|i| {
            let mut line = " ".repeat(indent);
            for (j, c) in columns.iter().enumerate() {
                let cell = c.get(i).map_or("", String::as_str);
                if j + 1 < columns.len() {
                    line.push_str(&format!("{cell:<width$}"));
                } else {
                    line.push_str(cell);
                }
            }
            line.trim_end().to_owned()
        })
        .collect()
}
