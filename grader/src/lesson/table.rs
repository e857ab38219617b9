//! Tables: aligned columns when they fit the width, else one wrapped "first: cell · cell"
//! line per row, so a wide table never runs off the screen.

use pulldown_cmark::Alignment;

use super::columns::width;
use super::fill::{Piece, fill, plain};
use super::style::{Style, paint};

const SEPARATOR: &str = " │ ";
const RULE: &str = "─";
const RULE_CROSSING: &str = "─┼─";
/// Between the cells of a row that is too wide for columns.
const CELL_JOINER: &str = " · ";
/// Indents the continuation lines of such a row.
const HANGING: &str = "  ";

/// A table's cells, the header row first.
#[derive(Debug, Default)]
pub(super) struct Table {
    pub alignments: Vec<Alignment>,
    pub rows: Vec<Vec<Vec<Piece>>>,
}

impl Table {
    /// The screen lines of this table, each at most `columns` wide.
    pub(super) fn lines(&self, columns: usize, color: bool) -> Vec<String> {
        let count = self.rows.iter().map(Vec::len).max().unwrap_or(0);
        let widths: Vec<usize> = (0..count)
            .map(|column| {
                let cells = self.rows.iter().filter_map(|row| row.get(column));
                cells.map(|cell| width(&plain(cell))).max().unwrap_or(0)
            })
            .collect();
        let total = widths.iter().sum::<usize>() + width(SEPARATOR) * count.saturating_sub(1);
        if total <= columns {
            self.aligned(&widths, color)
        } else {
            self.listed(columns, color)
        }
    }

    fn aligned(&self, widths: &[usize], color: bool) -> Vec<String> {
        let mut lines = Vec::new();
        for (index, row) in self.rows.iter().enumerate() {
            let header = index == 0;
            let cells: Vec<String> = widths
                .iter()
                .enumerate()
                .map(|(column, &columns)| {
                    let cell = row.get(column).map(Vec::as_slice).unwrap_or_default();
                    let alignment = self.alignments.get(column).copied();
                    pad(cell, columns, alignment, header, color)
                })
                .collect();
            let separator = paint(SEPARATOR, Style::DIM, color);
            lines.push(cells.join(&separator).trim_end().to_string());
            if header {
                let rules: Vec<String> = widths.iter().map(|&w| RULE.repeat(w)).collect();
                lines.push(paint(&rules.join(RULE_CROSSING), Style::DIM, color));
            }
        }
        lines
    }

    fn listed(&self, columns: usize, color: bool) -> Vec<String> {
        let mut lines = Vec::new();
        for (index, row) in self.rows.iter().enumerate() {
            let header = index == 0;
            let mut pieces = Vec::new();
            for (column, cell) in row.iter().enumerate() {
                let joiner = match column {
                    0 => "",
                    1 if !header => ": ",
                    _ => CELL_JOINER,
                };
                pieces.push(Piece::new(joiner, Style::PLAIN));
                pieces.extend(one_line(cell, header));
            }
            let mut row_lines = fill(&pieces, columns - width(HANGING), color).into_iter();
            lines.extend(row_lines.next());
            lines.extend(row_lines.map(|line| format!("{HANGING}{line}")));
        }
        lines
    }
}

/// A cell's pieces on one line, bold in the header.
fn one_line(cell: &[Piece], header: bool) -> Vec<Piece> {
    let overlay = if header { Style::BOLD } else { Style::PLAIN };
    cell.iter()
        .map(|piece| {
            let mut piece = piece.restyled(piece.style.with(overlay));
            piece.text = piece.text.replace('\n', " ");
            piece
        })
        .collect()
}

/// A cell painted and padded to `columns` columns.
fn pad(
    cell: &[Piece],
    columns: usize,
    alignment: Option<Alignment>,
    header: bool,
    color: bool,
) -> String {
    let pieces = one_line(cell, header);
    let text: String = pieces
        .iter()
        .map(|piece| paint(&piece.text, piece.style, color))
        .collect();
    let gap = columns.saturating_sub(width(&plain(&pieces)));
    let before = match alignment {
        Some(Alignment::Right) => gap,
        Some(Alignment::Center) => gap / 2,
        _ => 0,
    };
    format!("{}{text}{}", " ".repeat(before), " ".repeat(gap - before))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(rows: &[&[&str]], alignments: Vec<Alignment>) -> Table {
        let cell = |text: &&str| vec![Piece::new(*text, Style::PLAIN)];
        Table {
            alignments,
            rows: rows
                .iter()
                .map(|row| row.iter().map(cell).collect())
                .collect(),
        }
    }

    #[test]
    fn a_table_that_fits_is_drawn_in_aligned_columns() {
        let alignments = vec![Alignment::Left, Alignment::Right, Alignment::Center];
        let table = table(
            &[
                &["heap", "n", "binary"],
                &["a", "3", "11"],
                &["b", "12", "1100"],
            ],
            alignments,
        );
        assert_eq!(
            table.lines(80, false),
            vec![
                "heap │  n │ binary",
                "─────┼────┼───────",
                "a    │  3 │   11",
                "b    │ 12 │  1100",
            ]
        );
    }

    #[test]
    fn a_table_too_wide_becomes_one_wrapped_line_per_row() {
        let long = "a cell with rather many words in it";
        let table = table(&[&["name", "note"], &["x", long]], vec![]);
        let lines = table.lines(24, false);
        assert_eq!(
            lines,
            vec!["name · note", "x: a cell with rather", "  many words in it",]
        );
        assert!(lines.iter().all(|line| width(line) <= 24));
    }
}
