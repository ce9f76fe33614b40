//! Abigail's instance files (Regexp::Logic_Puzzles::Sudoku) as they are: sections separated by
//! lines `==`; the first is the clue grid (symbols separated by spaces, `.` blank, `e` / `o` an
//! even / odd cell), then a section headed `Solution` (his answer), a section headed `Create`
//! (the Perl constructor chain naming the variant methods), and free text (`Name:`, `URL:`).
//!
//! Only the chain is read, not Perl in general: `Class:: -> new -> init (size => N)` followed by
//! `-> method` or `-> method (ARGS)`, where ARGS are cell names `RxCy` (bare, quoted or in
//! `qw [...]`). Each method he uses that the crate supports maps to its [`Variant`]s; the others
//! are a [`ParseError`] whose [`Unsupported`] names the method and what is missing.

use crate::grid::{block, size_of, value, ParseError, Sudoku, Unsupported, Variant};

/// Whether `text` is in Abigail's layout (it has a section separator line `==`).
pub fn is_abigail(text: &str) -> bool {
    text.lines().any(|l| l.trim() == "==")
}

/// One section: its first line number and its lines (with their numbers).
type Section<'a> = Vec<(usize, &'a str)>;

fn sections(text: &str) -> Vec<Section<'_>> {
    let mut out = vec![Vec::new()];
    for (i, l) in text.lines().enumerate() {
        if l.trim() == "==" {
            out.push(Vec::new());
        } else {
            out.last_mut().expect("a section").push((i + 1, l));
        }
    }
    out
}

/// The section headed `head` (`Solution`, `Create`), without its heading line.
fn section<'a>(secs: &[Section<'a>], head: &str) -> Option<Section<'a>> {
    secs.iter().find_map(|s| {
        let first = s.iter().position(|(_, l)| !l.trim().is_empty())?;
        (s[first].1.trim() == head).then(|| s[first + 1..].to_vec())
    })
}

/// The grid rows of a section: each non-blank line split on white space.
fn rows<'a>(sec: &[(usize, &'a str)]) -> Vec<(usize, Vec<(usize, &'a str)>)> {
    sec.iter()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|&(no, l)| {
            let mut words = Vec::new();
            let mut start = None;
            for (i, c) in l.char_indices() {
                match (c.is_whitespace(), start) {
                    (false, None) => start = Some(i),
                    (true, Some(s)) => {
                        words.push((s + 1, &l[s..i]));
                        start = None;
                    }
                    _ => {}
                }
            }
            if let Some(s) = start {
                words.push((s + 1, &l[s..]));
            }
            (no, words)
        })
        .collect()
}

/// His `Solution` section as rows of symbols, when the file has one.
pub fn solution(text: &str) -> Option<Vec<String>> {
    let sec = section(&sections(text), "Solution")?;
    Some(
        rows(&sec)
            .into_iter()
            .map(|(_, ws)| ws.iter().map(|(_, w)| *w).collect())
            .collect(),
    )
}

/// Parses a file in Abigail's layout.
pub fn parse(text: &str) -> Result<Sudoku, ParseError> {
    let secs = sections(text);
    let grid = rows(&secs[0]);
    let n = grid.len();
    let at = grid.first().map_or(1, |r| r.0);
    let Some((_, box_rows, box_cols)) = size_of(n) else {
        return Err(ParseError::at(
            at,
            1,
            format!("the clue grid has {n} rows, not a sudoku size this crate takes"),
        ));
    };
    let mut givens = Vec::with_capacity(n * n);
    let (mut odd, mut even) = (Vec::new(), Vec::new());
    for (r, (no, words)) in grid.iter().enumerate() {
        if words.len() != n {
            return Err(ParseError::at(
                *no,
                1,
                format!("row {} has {} values, expected {n}", r + 1, words.len()),
            ));
        }
        for &(col, w) in words {
            let c = r * n + givens.len() % n;
            let mut chars = w.chars();
            let (Some(ch), None) = (chars.next(), chars.next()) else {
                return Err(ParseError::at(*no, col, format!("{w:?} is not one value")));
            };
            givens.push(match ch {
                '.' | '0' => None,
                'e' => {
                    even.push(c);
                    None
                }
                'o' => {
                    odd.push(c);
                    None
                }
                '1'..='9' | 'A'..='Z' if value(ch).is_some_and(|v| (v as usize) < n) => value(ch),
                _ => {
                    return Err(ParseError::at(
                        *no,
                        col,
                        format!("{ch:?} is not a clue of a {n}×{n} sudoku, nor . e o"),
                    ))
                }
            });
        }
    }
    let mut variants = Vec::new();
    if !odd.is_empty() {
        variants.push(Variant::Odd(odd));
    }
    if !even.is_empty() {
        variants.push(Variant::Even(even));
    }
    if let Some(create) = section(&secs, "Create") {
        chain(n, &create, &mut variants)?;
    }
    Ok(Sudoku {
        n,
        box_rows,
        box_cols,
        givens,
        regions: None,
        variants,
        lowercase: false,
        published: solution(text),
    })
}

/// One call of the constructor chain: its name, its argument text, and where it is.
struct Call {
    name: String,
    args: String,
    line: usize,
    col: usize,
}

/// Splits the `Create` section into calls: `Class:: -> new -> init (...) -> set_x (...)`.
fn calls(create: &[(usize, &str)]) -> Vec<Call> {
    // The section as one string, remembering where each character came from.
    let mut text = String::new();
    let mut pos = Vec::new();
    for &(no, l) in create {
        for (i, ch) in l.chars().enumerate() {
            text.push(ch);
            pos.push((no, i + 1));
        }
        text.push(' ');
        pos.push((no, l.chars().count() + 1));
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    // Skip the class name up to the first arrow.
    while i + 1 < chars.len() && !(chars[i] == '-' && chars[i + 1] == '>') {
        i += 1;
    }
    while i + 1 < chars.len() {
        i += 2; // the arrow
        while i < chars.len() && chars[i].is_whitespace() {
            i += 1;
        }
        let start = i;
        while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
            i += 1;
        }
        let name: String = chars[start..i].iter().collect();
        let (line, col) = pos.get(start).copied().unwrap_or((0, 0));
        let mut args = String::new();
        while i < chars.len() && chars[i].is_whitespace() {
            i += 1;
        }
        if chars.get(i) == Some(&'(') {
            let mut depth = 0;
            while i < chars.len() {
                match chars[i] {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    _ => {}
                }
                i += 1;
                if depth == 0 {
                    break;
                }
                args.push(chars[i - 1]);
            }
            args.remove(0); // the opening parenthesis
        }
        out.push(Call {
            name,
            args,
            line,
            col,
        });
        while i + 1 < chars.len() && !(chars[i] == '-' && chars[i + 1] == '>') {
            i += 1;
        }
    }
    out
}

/// The words of an argument list: `qw`, brackets, quotes, commas and `=>` dropped.
fn arg_words(args: &str) -> Vec<String> {
    args.replace("=>", " ")
        .split(|c: char| c.is_whitespace() || "[](){},'\";".contains(c))
        .filter(|w| !w.is_empty() && *w != "qw")
        .map(str::to_string)
        .collect()
}

fn rc(n: usize, w: &str) -> Option<usize> {
    let w = w.to_ascii_uppercase();
    let (r, c) = w.strip_prefix('R')?.split_once('C')?;
    let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
    ((1..=n).contains(&r) && (1..=n).contains(&c)).then(|| (r - 1) * n + c - 1)
}

/// The cells of a diagonal: `main` runs top left to bottom right, the minor one top right to
/// bottom left; `offset` > 0 moves it up (super) or, < 0, down (sub). Empty when it falls off.
fn diagonal(n: usize, main: bool, offset: i64) -> Vec<usize> {
    let n_ = n as i64;
    (0..n_)
        .filter_map(|r| {
            // Super diagonals lie above: for the main one c = r + offset; for the minor one
            // c = n - 1 - r - offset.
            let c = if main {
                r + offset
            } else {
                n_ - 1 - r - offset
            };
            (0..n_).contains(&c).then_some((r * n_ + c) as usize)
        })
        .collect()
}

/// The four diagonals at `offset` from both main diagonals (his `set_cross_N`).
fn cross(n: usize, offset: i64, out: &mut Vec<Variant>) {
    for main in [true, false] {
        for o in [offset, -offset] {
            let d = diagonal(n, main, o);
            if d.len() >= 2 {
                out.push(Variant::House(d));
            }
        }
    }
}

/// A preset house from a 9×9 picture (`*` marks its cells).
fn picture(rows: [&str; 9]) -> Variant {
    Variant::House(
        rows.iter()
            .enumerate()
            .flat_map(|(r, row)| {
                row.chars()
                    .enumerate()
                    .filter(|&(_, ch)| ch == '*')
                    .map(move |(c, _)| r * 9 + c)
            })
            .collect(),
    )
}

/// Asterisk: one extra house of nine cells (9×9).
pub const ASTERISK: [&str; 9] = [
    ".........",
    "....*....",
    "..*...*..",
    ".........",
    ".*..*..*.",
    ".........",
    "..*...*..",
    "....*....",
    ".........",
];

/// Girandola: one extra house of nine cells (9×9).
pub const GIRANDOLA: [&str; 9] = [
    "*.......*",
    "....*....",
    ".........",
    ".........",
    ".*..*..*.",
    ".........",
    ".........",
    "....*....",
    "*.......*",
];

/// Maps each call of the chain to variants, or says which method is not supported.
fn chain(n: usize, create: &[(usize, &str)], out: &mut Vec<Variant>) -> Result<(), ParseError> {
    for call in calls(create) {
        let (line, col) = (call.line, call.col);
        let name = call.name.as_str();
        let words = arg_words(&call.args);
        let no_args = || -> Result<(), ParseError> {
            if words.is_empty() {
                Ok(())
            } else {
                Err(ParseError::at(
                    line,
                    col,
                    format!("{name} takes no arguments, got {:?}", call.args.trim()),
                ))
            }
        };
        let nine = || -> Result<(), ParseError> {
            if n == 9 {
                Ok(())
            } else {
                Err(ParseError::at(
                    line,
                    col,
                    format!("{name} is defined for 9×9 only"),
                ))
            }
        };
        let cells = || -> Result<Vec<usize>, ParseError> {
            words
                .iter()
                .map(|w| {
                    rc(n, w).ok_or_else(|| {
                        ParseError::at(
                            line,
                            col,
                            format!("{name}: {w:?} is not a cell RxCy of a {n}×{n} sudoku"),
                        )
                    })
                })
                .collect()
        };
        let unsupported = |missing: &'static str| {
            Err(ParseError::unsupported(
                line,
                col,
                Unsupported {
                    method: name.to_string(),
                    missing,
                },
            ))
        };
        match name {
            "new" => no_args()?,
            "init" => match words.as_slice() {
                [] => {}
                [k, v] if k == "size" && v.parse() == Ok(n) => {}
                _ => {
                    return Err(ParseError::at(
                        line,
                        col,
                        format!(
                            "init ({}) does not fit the {n}×{n} clue grid",
                            call.args.trim()
                        ),
                    ))
                }
            },
            "set_nrc_houses" => {
                no_args()?;
                nine()?;
                out.push(Variant::Windoku);
            }
            "set_asterisk_house" => {
                no_args()?;
                nine()?;
                out.push(picture(ASTERISK));
            }
            "set_girandola_house" => {
                no_args()?;
                nine()?;
                out.push(picture(GIRANDOLA));
            }
            "set_center_dot_house" => {
                no_args()?;
                if n != 9 {
                    return Err(ParseError::at(line, col, format!("{name}: 9×9 only here")));
                }
                out.push(Variant::House(
                    (0..9)
                        .map(|b| (b / 3 * 3 + 1) * 9 + b % 3 * 3 + 1)
                        .collect(),
                ));
            }
            "set_cross" => {
                no_args()?;
                out.push(Variant::Diagonal);
            }
            "set_diagonal_main" | "set_diagonal_minor" => {
                no_args()?;
                out.push(Variant::House(diagonal(n, name.ends_with("main"), 0)));
            }
            "set_diagonal_double" => {
                no_args()?;
                cross(n, 1, out);
            }
            "set_diagonal_triple" => {
                no_args()?;
                out.push(Variant::Diagonal);
                cross(n, 1, out);
            }
            "set_argyle" => {
                no_args()?;
                cross(n, 1, out);
                cross(n, 4, out);
            }
            "set_anti_knight_constraint" => {
                no_args()?;
                out.push(Variant::AntiKnight);
            }
            "set_anti_king_constraint" => {
                no_args()?;
                out.push(Variant::AntiKing);
            }
            "set_german_whisper" => {
                if n != 9 {
                    return unsupported(
                        "a whisper on a sudoku other than 9×9 (a difference of half the size)",
                    );
                }
                let cells = cells()?;
                if cells.len() < 2 {
                    return Err(ParseError::at(
                        line,
                        col,
                        format!("{name} takes two cells or more"),
                    ));
                }
                out.push(Variant::Whisper(cells));
            }
            "set_renban" => {
                let cells = cells()?;
                if cells.is_empty() {
                    return Err(ParseError::at(
                        line,
                        col,
                        format!("{name} takes one cell or more"),
                    ));
                }
                out.push(Variant::Renban(cells));
            }
            "set_battenburg" | "set_anti_battenburg" => {
                let cells = cells()?;
                if cells.is_empty() {
                    return Err(ParseError::at(
                        line,
                        col,
                        format!("{name} takes one cell or more"),
                    ));
                }
                for c in cells {
                    let c = block(n, line, col, c)?;
                    out.push(if name == "set_battenburg" {
                        Variant::Battenburg(c)
                    } else {
                        Variant::AntiBattenburg(c)
                    });
                }
            }
            "set_quadruples" => quadruples(n, &words, line, col, out)?,
            _ => {
                if let Some(k) = name.strip_prefix("set_cross_") {
                    no_args()?;
                    let k: i64 = k.parse().map_err(|_| unknown(line, col, name))?;
                    cross(n, k, out);
                } else if let Some((main, dir, k)) = diagonal_method(name) {
                    no_args()?;
                    let d = diagonal(n, main, if dir { k } else { -k });
                    if d.len() >= 2 {
                        out.push(Variant::House(d));
                    }
                } else {
                    return Err(unknown(line, col, name));
                }
            }
        }
    }
    Ok(())
}

/// `set_quadruples (RxCy => [v, ...], ...)`: a block's top-left cell, then its values.
fn quadruples(
    n: usize,
    words: &[String],
    line: usize,
    col: usize,
    out: &mut Vec<Variant>,
) -> Result<(), ParseError> {
    let mut blocks: Vec<(usize, Vec<u8>)> = Vec::new();
    for w in words {
        if let Some(c) = rc(n, w) {
            blocks.push((block(n, line, col, c)?, Vec::new()));
            continue;
        }
        let v = w
            .parse::<usize>()
            .ok()
            .filter(|k| (1..=n).contains(k))
            .map(|k| k as u8 - 1);
        match (v, blocks.last_mut()) {
            (Some(v), Some(b)) => b.1.push(v),
            _ => {
                return Err(ParseError::at(
                    line,
                    col,
                    format!(
                    "set_quadruples: {w:?} is neither a cell RxCy nor a value 1 to {n} after one"
                ),
                ))
            }
        }
    }
    for (c, values) in blocks {
        let twice = values
            .iter()
            .all(|v| values.iter().filter(|&w| w == v).count() <= 2);
        if values.is_empty() || values.len() > 4 || !twice {
            return Err(ParseError::at(
                line,
                col,
                "set_quadruples: each block takes one to four values, none more than twice",
            ));
        }
        out.push(Variant::Quadruple(c, values));
    }
    Ok(())
}

/// `set_diagonal_{main,minor}_{super,sub}_K`: (main, super, K).
fn diagonal_method(name: &str) -> Option<(bool, bool, i64)> {
    let rest = name.strip_prefix("set_diagonal_")?;
    let (main, rest) = if let Some(r) = rest.strip_prefix("main_") {
        (true, r)
    } else {
        (false, rest.strip_prefix("minor_")?)
    };
    let (dir, k) = if let Some(k) = rest.strip_prefix("super_") {
        (true, k)
    } else {
        (false, rest.strip_prefix("sub_")?)
    };
    Some((main, dir, k.parse().ok()?))
}

fn unknown(line: usize, col: usize, name: &str) -> ParseError {
    ParseError::at(
        line,
        col,
        format!("{name:?} is not a method of Abigail's Sudoku this parser knows"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const FOUR: &str = ". .  4 2\n2 .  . 3\n\n. .  . .\n. .  3 1\n==\nSolution\n3 1  4 2\n2 4  1 3\n\n1 3  2 4\n4 2  3 1\n==\nCreate\nRegexp::Logic_Puzzles::Sudoku:: -> new -> init (size => 4) -> set_cross\n==\nName: x\n";

    #[test]
    fn reads_grid_solution_and_chain() {
        assert!(is_abigail(FOUR));
        let s = parse(FOUR).unwrap();
        assert_eq!(s.n, 4);
        assert_eq!(s.givens[2], Some(3));
        assert_eq!(s.variants, vec![Variant::Diagonal]);
        assert_eq!(solution(FOUR).unwrap()[0], "3142");
    }

    #[test]
    fn chain_arguments_and_unsupported_methods() {
        let grid = ". . . . . . . . .\n".repeat(9);
        let text = format!(
            "{grid}==\nCreate\nX:: -> new\n -> init\n -> set_german_whisper (qw [R1C1 R1C2\n   R2C3])\n -> set_diagonal_main_sub_1;\n"
        );
        let s = parse(&text).unwrap();
        assert_eq!(s.variants[0], Variant::Whisper(vec![0, 1, 11]));
        assert_eq!(s.variants[1], Variant::House(diagonal(9, true, -1)));
        assert_eq!(diagonal(9, true, -1)[0], 9);
        let text = format!(
            "{grid}==\nCreate\nX:: -> new -> init\n -> set_quadruples (R1C1 => [1, 1, 1])\n"
        );
        let e = parse(&text).unwrap_err();
        assert!(e.message.contains("none more than twice"), "{e}");
        assert_eq!((e.line, e.col), (13, 5), "{e}");
        let text = format!(
            "{grid}==\nCreate\nX:: -> new -> init -> set_quadruples (R1C6 => [2], R2C2 => [1, 2, 8, 9]) -> set_anti_battenburg (qw [R1C1 R8C8])\n"
        );
        let s = parse(&text).unwrap();
        assert_eq!(
            s.variants,
            vec![
                Variant::Quadruple(5, vec![1]),
                Variant::Quadruple(10, vec![0, 1, 7, 8]),
                Variant::AntiBattenburg(0),
                Variant::AntiBattenburg(70),
            ]
        );
        let text = format!("{grid}==\nCreate\nX:: -> new -> init -> set_frob\n");
        assert!(parse(&text).unwrap_err().unsupported.is_none());
    }

    #[test]
    fn presets_have_nine_cells() {
        for p in [ASTERISK, GIRANDOLA] {
            let Variant::House(c) = picture(p) else {
                unreachable!()
            };
            assert_eq!(c.len(), 9);
        }
        let mut v = Vec::new();
        cross(9, 4, &mut v);
        assert_eq!(v.len(), 4);
    }
}
