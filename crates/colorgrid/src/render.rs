//! Rendering: letters, ANSI colours, JSON rows, and the puzzle and `.expected` file formats.

use crate::{Puzzle, Solution};

/// The solution's rows as strings of colour letters.
pub fn solution_rows(solution: &Solution) -> Vec<String> {
    solution.row_strings()
}

/// The solution as a JSON array of row strings of colour letters.
pub fn solution_json(solution: &Solution) -> serde_json::Value {
    serde_json::Value::from(solution_rows(solution))
}

/// The solution as plain text: one line of letters per row, each ended by `\n`.
pub fn render_letters(solution: &Solution) -> String {
    solution_rows(solution)
        .iter()
        .map(|r| format!("{r}\n"))
        .collect()
}

/// Background colours for letters without a conventional colour (256-colour palette indices).
const CYCLE: [u8; 12] = [27, 124, 34, 178, 91, 37, 166, 61, 130, 100, 161, 23];

/// The ANSI SGR parameters (foreground and background) used to draw a cell of colour `letter`:
/// `k r g y b m c w` (and their upper-case forms, brighter) get the 8 standard colours, `o`
/// orange, `p` pink, `n` brown, `a` grey, `v` violet; any other letter gets a colour from a
/// fixed cycle of the 256-colour palette. The foreground is black on light backgrounds and
/// bright white otherwise.
pub fn ansi_style(letter: u8) -> String {
    let lower = letter.to_ascii_lowercase();
    let upper = letter.is_ascii_uppercase();
    let standard = b"krgybmcw".iter().position(|&c| c == lower);
    let (background, light) = match (standard, lower) {
        (Some(i), _) => {
            let base = if upper { 100 } else { 40 };
            (
                format!("{}", base + i),
                matches!(lower, b'g' | b'y' | b'c' | b'w'),
            )
        }
        (None, b'o') => ("48;5;208".to_string(), true),
        (None, b'p') => ("48;5;213".to_string(), true),
        (None, b'n') => ("48;5;94".to_string(), false),
        (None, b'a') => ("48;5;245".to_string(), true),
        (None, b'v') => ("48;5;93".to_string(), false),
        (None, _) => {
            let i = (letter as usize) % CYCLE.len();
            (format!("48;5;{}", CYCLE[i]), false)
        }
    };
    let foreground = if light { 30 } else { 97 };
    format!("{foreground};{background}")
}

fn ansi_cell(letter: u8) -> String {
    let shown = if letter.is_ascii() {
        letter as char
    } else {
        '?'
    };
    format!("\x1b[{}m {shown} \x1b[0m", ansi_style(letter))
}

/// The solution drawn with ANSI background colours: each cell is its letter, padded to three
/// columns, on the colour of [`ansi_style`]; one line per row.
pub fn render_ansi(solution: &Solution) -> String {
    let mut out = String::new();
    for row in &solution.cells {
        for &b in row {
            out.push_str(&ansi_cell(b));
        }
        out.push('\n');
    }
    out
}

/// The puzzle with its clues and, if given, a solution: one line per row (cells, then the row
/// clue), then a labelled block of the column clues written downwards under their columns. Cells are letters
/// (`.` when no solution is given); with `ansi` they are drawn as in [`render_ansi`] (three
/// columns per cell, clues aligned to match).
///
/// ```text
/// rrgb  rgb
/// brrg  brg
/// bbbb  b
/// grbg  grbg
///
/// column clues, read down each column:
/// rrgb
/// bbrg
/// grbb
///    g
/// ```
pub fn render_text(puzzle: &Puzzle, solution: Option<&Solution>, ansi: bool) -> String {
    let w = puzzle.width();
    let cell = |y: usize, x: usize| -> Option<u8> {
        solution.and_then(|s| s.cells.get(y).and_then(|r| r.get(x)).copied())
    };
    let mut out = String::new();
    for (y, clue) in puzzle.rows().iter().enumerate() {
        for x in 0..w {
            match (cell(y, x), ansi) {
                (Some(b), true) => out.push_str(&ansi_cell(b)),
                (Some(b), false) => out.push(if b.is_ascii() { b as char } else { '?' }),
                (None, true) => out.push_str(" . "),
                (None, false) => out.push('.'),
            }
        }
        out.push_str("  ");
        out.push_str(clue);
        out.push('\n');
    }
    out.push('\n');
    out.push_str("column clues, read down each column:\n");
    let depth = puzzle.cols().iter().map(String::len).max().unwrap_or(0);
    for t in 0..depth {
        let mut line = String::new();
        for clue in puzzle.cols() {
            let ch = clue.as_bytes().get(t).map_or(' ', |&b| b as char);
            if ansi {
                line.push(' ');
                line.push(ch);
                line.push(' ');
            } else {
                line.push(ch);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The puzzle in the crate's input format (`colors:` only when the alphabet is not the default
/// sorted set of clue letters). Parsing it gives back an equal puzzle.
pub fn render_puzzle(puzzle: &Puzzle) -> String {
    let mut default: Vec<u8> = puzzle
        .rows()
        .iter()
        .chain(puzzle.cols())
        .flat_map(|c| c.bytes())
        .collect();
    default.sort_unstable();
    default.dedup();
    let mut out = String::new();
    if default != puzzle.colors() {
        out.push_str("colors: ");
        out.push_str(&String::from_utf8_lossy(puzzle.colors()));
        out.push('\n');
    }
    out.push_str(&format!("rows: {}\n", puzzle.rows().join(" ")));
    out.push_str(&format!("cols: {}\n", puzzle.cols().join(" ")));
    out
}

/// A fixture `.expected` file: `unsolvable` when `count == 0`, otherwise `solutions: N` and,
/// when `count ≤ 10`, the given solutions as blocks separated by blank lines.
pub fn render_expected(count: usize, solutions: &[Solution]) -> String {
    if count == 0 {
        return "unsolvable\n".to_string();
    }
    let mut out = format!("solutions: {count}\n");
    if count <= 10 {
        for s in solutions {
            out.push('\n');
            out.push_str(&render_letters(s));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawings() {
        let p = Puzzle::new(
            ["rgb", "brg", "b", "grbg"].map(String::from).to_vec(),
            ["rbg", "rbr", "grb", "bgbg"].map(String::from).to_vec(),
            None,
        )
        .unwrap();
        let s = Solution::from_rows(&["rrgb", "bbrg", "bbbb", "grbg"]);
        assert_eq!(
            render_text(&p, Some(&s), false),
            "rrgb  rgb\nbbrg  brg\nbbbb  b\ngrbg  grbg\n\ncolumn clues, read down each column:\nrrgb\nbbrg\ngrbb\n   g\n"
        );
        assert!(render_text(&p, None, false).starts_with("....  rgb\n"));
        let ansi = render_ansi(&s);
        assert!(ansi.contains("\x1b[97;41m r \x1b[0m"), "{ansi:?}");
        assert_eq!(ansi.lines().count(), 4);
        assert_eq!(
            solution_json(&s),
            serde_json::json!(["rrgb", "bbrg", "bbbb", "grbg"])
        );
        assert_eq!(
            render_puzzle(&p),
            "rows: rgb brg b grbg\ncols: rbg rbr grb bgbg\n"
        );
        assert_eq!(render_expected(0, &[]), "unsolvable\n");
        assert_eq!(
            render_expected(1, std::slice::from_ref(&s)),
            "solutions: 1\n\nrrgb\nbbrg\nbbbb\ngrbg\n"
        );
        // Every letter gets some style.
        for b in (b'a'..=b'z').chain(b'A'..=b'Z') {
            assert!(!ansi_style(b).is_empty());
        }
    }
}
