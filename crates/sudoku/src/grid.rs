//! The puzzle as written: size, box shape, givens, jigsaw regions and the variant section, and
//! the parser of the one-line and the grid form.
//!
//! One-line form: N² symbols on one line (`.` or `0` blank). Grid form: N lines of N symbols,
//! `.` blank; `|`, `-`, `+` and spaces are ignored, lines of separators only are skipped.
//! Symbols are `1`–`9`, then `A`–`Z` (either case). `#` starts a comment; blank lines are
//! skipped. After the grid, each line is one variant (docs/sudoku.md): `diagonal`, `windoku`,
//! `anti-knight`, `anti-king`, `odd CELLS`, `even CELLS`, `house CELLS`, `thermo CELLS`,
//! `whisper CELLS`, `white A B`, `black A B`, `x A B`, `v A B`, `killer SUM CELLS`,
//! `renban CELLS`, `quadruple CELL VALUES`, `battenburg CELLS`, `anti-battenburg CELLS` (2×2
//! blocks by their top-left cells), `slow-thermo CELLS`, `arrow CIRCLE CELLS`,
//! `little-killer SUM START DIR` (DIR `dr`, `dl`, `ur`, `ul`), `sandwich r3 SUM` /
//! `sandwich c5 SUM`, `non-consecutive`, `kropki-negative`, and `regions` followed by N lines
//! of N region marks (jigsaw). Cells are written `r1c1` (row, column from 1).

/// The sizes with their boxes: (N, box rows p, box columns q).
pub const SIZES: [(usize, usize, usize); 10] = [
    (4, 2, 2),
    (6, 2, 3),
    (8, 2, 4),
    (9, 3, 3),
    (10, 2, 5),
    (12, 3, 4),
    (15, 3, 5),
    (16, 4, 4),
    (20, 4, 5),
    (25, 5, 5),
];

/// One constraint of the variant section. Cells are indices `row * N + column` from 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Both main diagonals are houses.
    Diagonal,
    /// Windoku / NRC: four extra boxes, one cell in from each corner (9×9 only).
    Windoku,
    /// No two cells a knight's move apart hold the same symbol.
    AntiKnight,
    /// No two cells a king's move apart hold the same symbol.
    AntiKing,
    /// These cells hold odd values.
    Odd(Vec<usize>),
    /// These cells hold even values.
    Even(Vec<usize>),
    /// An extra house: these cells hold distinct symbols.
    House(Vec<usize>),
    /// A thermometer: values strictly increase from the bulb (the first cell).
    Thermo(Vec<usize>),
    /// A German whisper: neighbours along the line differ by at least 5.
    Whisper(Vec<usize>),
    /// A white kropki dot: the two values differ by 1.
    White(usize, usize),
    /// A black kropki dot: one value is double the other.
    Black(usize, usize),
    /// An X: the two values sum to 10.
    X(usize, usize),
    /// A V: the two values sum to 5.
    V(usize, usize),
    /// A killer cage: distinct values whose numbers sum to the first field.
    Killer(u32, Vec<usize>),
    /// A renban line: distinct values forming a run of consecutive numbers, in any order.
    Renban(Vec<usize>),
    /// A quadruple: the 2×2 block at this top-left cell holds these values (from 0), each at
    /// least as often as it is listed.
    Quadruple(usize, Vec<u8>),
    /// A Battenburg: the 2×2 block at this top-left cell has its parities as a checkerboard.
    Battenburg(usize),
    /// An anti-Battenburg: the 2×2 block at this top-left cell does not.
    AntiBattenburg(usize),
    /// A little killer clue outside the grid: the numbers along its diagonal (repeats allowed)
    /// sum to `sum`.
    LittleKiller {
        /// The clue.
        sum: u32,
        /// The diagonal's cells, from the one next to the clue to the edge.
        cells: Vec<usize>,
        /// The step along the diagonal: (rows, columns), each −1 or 1.
        dir: (i8, i8),
    },
    /// An arrow: the circle's number is the sum of the numbers on the arrow (repeats allowed
    /// unless a house forbids them).
    Arrow {
        /// The circle.
        circle: usize,
        /// The arrow's cells, from the one touching the circle.
        cells: Vec<usize>,
    },
    /// A sandwich clue: the numbers strictly between the 1 and the N of a row or a column sum
    /// to `sum`.
    Sandwich {
        /// A row (true) or a column.
        row: bool,
        /// Which row or column, from 0.
        index: usize,
        /// The clue.
        sum: u32,
    },
    /// Orthogonal neighbours not joined by a white dot are not consecutive (non-consecutive
    /// sudoku; with white dots, consecutive sudoku).
    NonConsecutive,
    /// The kropki negative constraint: orthogonal neighbours joined by no dot are neither
    /// consecutive nor one double the other.
    KropkiNegative,
    /// A slow thermometer: numbers never decrease from the bulb (the first cell).
    SlowThermo(Vec<usize>),
}

impl Variant {
    /// The cells of a sandwich's row or column, in order, on an `n`×`n` grid.
    pub fn line_cells(n: usize, row: bool, index: usize) -> Vec<usize> {
        (0..n)
            .map(|i| if row { index * n + i } else { i * n + index })
            .collect()
    }
}

/// A Sudoku puzzle as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sudoku {
    /// Side and number of symbols.
    pub n: usize,
    /// Rows of a box.
    pub box_rows: usize,
    /// Columns of a box.
    pub box_cols: usize,
    /// Per cell (row-major): the given value from 0 (symbol `1`), or `None`.
    pub givens: Vec<Option<u8>>,
    /// Jigsaw regions (a region id per cell) replacing the boxes, when given.
    pub regions: Option<Vec<usize>>,
    /// The variant section.
    pub variants: Vec<Variant>,
    /// Whether the input wrote letters in lower case (answers are rendered alike).
    pub lowercase: bool,
    /// The answer the input gives, as rows of symbols (the `Solution` section of Abigail's
    /// files), compared with the solved one; `None` in the other layouts.
    pub published: Option<Vec<String>>,
}

/// A parse error, with where it is.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{origin}line {line}, column {col}: {message}")]
pub struct ParseError {
    /// Where the text came from, with `: ` (empty when unknown).
    pub origin: String,
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1 (characters).
    pub col: usize,
    /// What is wrong.
    pub message: String,
    /// The input asks for a constraint the crate does not state yet (not a mistake in it).
    pub unsupported: Option<Unsupported>,
}

/// A constraint the input names that the crate cannot state yet, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported {
    /// The name the input gives it (Abigail's method, e.g. `set_renban`).
    pub method: String,
    /// What is missing to state it.
    pub missing: &'static str,
}

impl ParseError {
    pub(crate) fn at(line: usize, col: usize, message: impl Into<String>) -> ParseError {
        ParseError {
            origin: String::new(),
            line,
            col,
            message: message.into(),
            unsupported: None,
        }
    }

    /// An error for a constraint the crate does not support yet.
    pub(crate) fn unsupported(line: usize, col: usize, u: Unsupported) -> ParseError {
        ParseError {
            unsupported: Some(u.clone()),
            ..ParseError::at(
                line,
                col,
                format!("{} is not supported yet: {}", u.method, u.missing),
            )
        }
    }

    /// This error with the file name in front.
    pub fn in_file(mut self, origin: &str) -> ParseError {
        self.origin = format!("{origin}: ");
        self
    }
}

/// The symbol of value `v` (from 0): `1`–`9`, then `A`, `B`, ...
pub fn symbol(v: u8, lowercase: bool) -> char {
    if v < 9 {
        (b'1' + v) as char
    } else if lowercase {
        (b'a' + v - 9) as char
    } else {
        (b'A' + v - 9) as char
    }
}

/// The value of a symbol (from 0), if it is one.
pub fn value(c: char) -> Option<u8> {
    match c {
        '1'..='9' => Some(c as u8 - b'1'),
        'A'..='Z' => Some(c as u8 - b'A' + 9),
        'a'..='z' => Some(c as u8 - b'a' + 9),
        _ => None,
    }
}

/// A grid row: its line number and its symbols with their columns.
type Row = (usize, Vec<(usize, char)>);

fn ignored(c: char) -> bool {
    matches!(c, ' ' | '\t' | '|' | '-' | '+' | '\r')
}

/// The meaningful characters of a grid line with their columns (from 1).
fn cells_of(line: &str) -> Vec<(usize, char)> {
    line.chars()
        .enumerate()
        .filter(|(_, c)| !ignored(*c))
        .map(|(i, c)| (i + 1, c))
        .collect()
}

fn strip_comment(line: &str) -> &str {
    line.split('#').next().unwrap_or("")
}

pub(crate) fn size_of(n: usize) -> Option<(usize, usize, usize)> {
    SIZES.iter().copied().find(|s| s.0 == n)
}

fn sizes_list(f: impl Fn(usize) -> usize) -> String {
    SIZES
        .iter()
        .map(|s| f(s.0).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Parses one puzzle: the one-line or the grid form, then the variant section; or a file in
/// Abigail's layout (sections separated by `==` lines, [`crate::abigail`]).
pub fn parse(text: &str) -> Result<Sudoku, ParseError> {
    if crate::abigail::is_abigail(text) {
        return crate::abigail::parse(text);
    }
    // (line number, text without comment), blank lines dropped.
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, strip_comment(l)))
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    let Some(&(first_no, first)) = lines.first() else {
        return Err(ParseError::at(1, 1, "no puzzle: the input is empty"));
    };
    let first_cells = cells_of(first);
    let k = first_cells.len();
    let next_is_row = |len: usize| {
        lines
            .get(1)
            .is_some_and(|(_, l)| cells_of(l).len() == len && !is_keyword_line(l))
    };
    let one_line = SIZES.iter().any(|s| s.0 * s.0 == k) && !(k == 16 && next_is_row(16));
    let (n, rows, rest): (usize, Vec<Row>, usize) = if one_line {
        let n = (k as f64).sqrt().round() as usize;
        let rows = first_cells
            .chunks(n)
            .map(|ch| (first_no, ch.to_vec()))
            .collect();
        (n, rows, 1)
    } else if size_of(k).is_some() {
        let mut rows = Vec::new();
        let mut i = 0;
        while rows.len() < k {
            let Some(&(no, l)) = lines.get(i) else {
                let last = lines.last().map(|x| x.0).unwrap_or(1);
                return Err(ParseError::at(
                    last + 1,
                    1,
                    format!("the grid has {} rows, expected {k}", rows.len()),
                ));
            };
            i += 1;
            let cells = cells_of(l);
            if cells.is_empty() {
                continue; // a separator line
            }
            if cells.len() != k {
                let col = cells.get(k).map(|c| c.0).unwrap_or(l.chars().count() + 1);
                return Err(ParseError::at(
                    no,
                    col,
                    format!(
                        "row {} has {} symbols, expected {k}",
                        rows.len() + 1,
                        cells.len()
                    ),
                ));
            }
            rows.push((no, cells));
        }
        (k, rows, i)
    } else {
        return Err(ParseError::at(
            first_no,
            first_cells.first().map(|c| c.0).unwrap_or(1),
            format!(
                "{k} symbols: expected a whole puzzle on one line ({} symbols) or a grid row of N ({})",
                sizes_list(|n| n * n),
                sizes_list(|n| n)
            ),
        ));
    };
    let (_, box_rows, box_cols) = size_of(n).expect("a known size");
    let mut givens = Vec::with_capacity(n * n);
    let mut lowercase = false;
    for (no, cells) in &rows {
        for &(col, c) in cells {
            if c == '.' || c == '0' {
                givens.push(None);
                continue;
            }
            match value(c) {
                Some(v) if (v as usize) < n => {
                    lowercase |= c.is_ascii_lowercase();
                    givens.push(Some(v));
                }
                _ => {
                    return Err(ParseError::at(
                        *no,
                        col,
                        format!(
                            "{c:?} is not a symbol of a {n}×{n} sudoku (1 to {}, or . for a blank)",
                            symbol(n as u8 - 1, false)
                        ),
                    ))
                }
            }
        }
    }
    let mut sudoku = Sudoku {
        n,
        box_rows,
        box_cols,
        givens,
        regions: None,
        variants: Vec::new(),
        lowercase,
        published: None,
    };
    parse_variants(&mut sudoku, &lines[rest..])?;
    Ok(sudoku)
}

const KEYWORDS: [&str; 25] = [
    "diagonal",
    "windoku",
    "anti-knight",
    "anti-king",
    "odd",
    "even",
    "house",
    "thermo",
    "whisper",
    "white",
    "black",
    "x",
    "v",
    "killer",
    "renban",
    "quadruple",
    "battenburg",
    "anti-battenburg",
    "regions",
    "little-killer",
    "arrow",
    "sandwich",
    "non-consecutive",
    "kropki-negative",
    "slow-thermo",
];

fn is_keyword_line(line: &str) -> bool {
    line.split_whitespace()
        .next()
        .is_some_and(|w| KEYWORDS.contains(&w.to_ascii_lowercase().as_str()))
}

/// Words of a line with their columns (from 1).
fn words(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, (b, c)) in line.char_indices().enumerate() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((i, b)),
            (true, Some((col, s))) => {
                out.push((col + 1, &line[s..b]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((col, s)) = start {
        out.push((col + 1, &line[s..]));
    }
    out
}

fn cell(n: usize, no: usize, col: usize, word: &str) -> Result<usize, ParseError> {
    let bad = || {
        ParseError::at(
            no,
            col,
            format!("{word:?} is not a cell: write r1c1 (row and column from 1 to {n})"),
        )
    };
    let w = word.to_ascii_lowercase();
    let rest = w.strip_prefix('r').ok_or_else(bad)?;
    let (r, c) = rest.split_once('c').ok_or_else(bad)?;
    let r: usize = r.parse().map_err(|_| bad())?;
    let c: usize = c.parse().map_err(|_| bad())?;
    if !(1..=n).contains(&r) || !(1..=n).contains(&c) {
        return Err(bad());
    }
    Ok((r - 1) * n + c - 1)
}

fn parse_variants(s: &mut Sudoku, lines: &[(usize, &str)]) -> Result<(), ParseError> {
    let n = s.n;
    let mut i = 0;
    while i < lines.len() {
        let (no, line) = lines[i];
        i += 1;
        let ws = words(line);
        let (kcol, key) = ws[0];
        let key = key.to_ascii_lowercase();
        if !KEYWORDS.contains(&key.as_str()) {
            return Err(ParseError::at(
                no,
                kcol,
                format!(
                    "unknown variant {:?}; known: {}",
                    ws[0].1,
                    KEYWORDS.join(", ")
                ),
            ));
        }
        // `killer SUM CELLS` and `quadruple CELL VALUES` have fields that are not cells.
        let (fields, cell_words) = match key.as_str() {
            "killer" => (ws.get(1..2).unwrap_or(&[]), ws.get(2..).unwrap_or(&[])),
            "quadruple" => (ws.get(2..).unwrap_or(&[]), ws.get(1..2).unwrap_or(&[])),
            "little-killer" => (ws.get(1..2).unwrap_or(&[]), ws.get(2..3).unwrap_or(&[])),
            "sandwich" => (ws.get(1..).unwrap_or(&[]), &[][..]),
            _ => (&[][..], &ws[1..]),
        };
        let cells = cell_words
            .iter()
            .map(|&(col, w)| cell(n, no, col, w))
            .collect::<Result<Vec<usize>, _>>()?;
        let arity = |want: &str, ok: bool| -> Result<(), ParseError> {
            if ok {
                Ok(())
            } else {
                Err(ParseError::at(no, kcol, format!("{key} takes {want}")))
            }
        };
        let v = match key.as_str() {
            "diagonal" | "windoku" | "anti-knight" | "anti-king" | "regions"
            | "non-consecutive" | "kropki-negative" => {
                arity("no cells", cells.is_empty())?;
                match key.as_str() {
                    "diagonal" => Variant::Diagonal,
                    "non-consecutive" => Variant::NonConsecutive,
                    "kropki-negative" => Variant::KropkiNegative,
                    "windoku" => {
                        if n != 9 {
                            return Err(ParseError::at(no, kcol, "windoku is for 9×9 only"));
                        }
                        Variant::Windoku
                    }
                    "anti-knight" => Variant::AntiKnight,
                    "anti-king" => Variant::AntiKing,
                    _ => {
                        i = parse_regions(s, lines, i, no)?;
                        continue;
                    }
                }
            }
            "odd" | "even" | "house" => {
                arity("one cell or more", !cells.is_empty())?;
                match key.as_str() {
                    "odd" => Variant::Odd(cells),
                    "even" => Variant::Even(cells),
                    _ => {
                        arity(&format!("at most {n} cells"), cells.len() <= n)?;
                        Variant::House(cells)
                    }
                }
            }
            "thermo" | "whisper" | "slow-thermo" => {
                arity("a line of two cells or more", cells.len() >= 2)?;
                adjacent(n, no, &ws, &cells)?;
                match key.as_str() {
                    "thermo" => Variant::Thermo(cells),
                    "slow-thermo" => Variant::SlowThermo(cells),
                    _ => Variant::Whisper(cells),
                }
            }
            "arrow" => {
                arity(
                    "a circle, then the arrow's cells (one or more)",
                    cells.len() >= 2,
                )?;
                adjacent(n, no, &ws, &cells)?;
                distinct(no, &ws[1..], &cells)?;
                Variant::Arrow {
                    circle: cells[0],
                    cells: cells[1..].to_vec(),
                }
            }
            "little-killer" => little_killer(n, no, kcol, &ws, &cells)?,
            "sandwich" => sandwich(n, no, kcol, fields)?,
            "white" | "black" | "x" | "v" => {
                arity("two neighbouring cells", cells.len() == 2)?;
                adjacent(n, no, &ws, &cells)?;
                let (a, b) = (cells[0], cells[1]);
                match key.as_str() {
                    "white" => Variant::White(a, b),
                    "black" => Variant::Black(a, b),
                    "x" => Variant::X(a, b),
                    _ => Variant::V(a, b),
                }
            }
            "killer" => {
                let Some(&(col, w)) = fields.first() else {
                    return Err(ParseError::at(no, kcol, "killer takes a sum, then cells"));
                };
                let max = (n * (n + 1) / 2) as u32;
                let sum = w.parse::<u32>().ok().filter(|k| (1..=max).contains(k));
                let Some(sum) = sum else {
                    return Err(ParseError::at(
                        no,
                        col,
                        format!("{w:?} is not a cage sum (a number from 1 to {max})"),
                    ));
                };
                arity(
                    &format!("a sum, then one to {n} distinct cells"),
                    !cells.is_empty() && cells.len() <= n,
                )?;
                distinct(no, &ws[2..], &cells)?;
                Variant::Killer(sum, cells)
            }
            "renban" => {
                arity(
                    &format!("one to {n} distinct cells"),
                    !cells.is_empty() && cells.len() <= n,
                )?;
                distinct(no, &ws[1..], &cells)?;
                Variant::Renban(cells)
            }
            "quadruple" => {
                arity("a top-left cell, then one to four values", cells.len() == 1)?;
                let c = block(n, no, ws[1].0, cells[0])?;
                let mut values = Vec::new();
                for &(col, w) in fields {
                    let v = w
                        .parse::<usize>()
                        .ok()
                        .filter(|k| (1..=n).contains(k))
                        .map(|k| k as u8 - 1)
                        .or_else(|| {
                            let mut ch = w.chars();
                            match (ch.next(), ch.next()) {
                                (Some(x), None) => value(x).filter(|&v| (v as usize) < n),
                                _ => None,
                            }
                        });
                    let Some(v) = v else {
                        return Err(ParseError::at(
                            no,
                            col,
                            format!("{w:?} is not a value of a {n}×{n} sudoku"),
                        ));
                    };
                    values.push(v);
                }
                arity(
                    "a top-left cell, then one to four values, none more than twice",
                    (1..=4).contains(&values.len())
                        && values
                            .iter()
                            .all(|v| values.iter().filter(|&w| w == v).count() <= 2),
                )?;
                Variant::Quadruple(c, values)
            }
            "battenburg" | "anti-battenburg" => {
                arity("one top-left cell or more", !cells.is_empty())?;
                for (k, &c) in cells.iter().enumerate() {
                    let c = block(n, no, ws[k + 1].0, c)?;
                    s.variants.push(if key == "battenburg" {
                        Variant::Battenburg(c)
                    } else {
                        Variant::AntiBattenburg(c)
                    });
                }
                continue;
            }
            _ => unreachable!("a known keyword"),
        };
        s.variants.push(v);
    }
    Ok(())
}

/// `little-killer SUM START DIR`: the diagonal from START in direction DIR (`dr`, `dl`, `ur`,
/// `ul`: down or up, right or left) to the edge.
fn little_killer(
    n: usize,
    no: usize,
    kcol: usize,
    ws: &[(usize, &str)],
    cells: &[usize],
) -> Result<Variant, ParseError> {
    const WANT: &str = "little-killer takes a sum, a first cell and a direction (dr, dl, ur, ul)";
    let (Some(&(scol, sw)), [start], Some(&(dcol, dw)), None) =
        (ws.get(1), cells, ws.get(3), ws.get(4))
    else {
        return Err(ParseError::at(no, kcol, WANT));
    };
    let dir: (i8, i8) = match dw.to_ascii_lowercase().as_str() {
        "dr" => (1, 1),
        "dl" => (1, -1),
        "ur" => (-1, 1),
        "ul" => (-1, -1),
        _ => {
            return Err(ParseError::at(
                no,
                dcol,
                format!("{dw:?} is not a direction: write dr, dl, ur or ul"),
            ))
        }
    };
    let (mut r, mut c) = ((start / n) as i64, (start % n) as i64);
    let mut diag = Vec::new();
    while (0..n as i64).contains(&r) && (0..n as i64).contains(&c) {
        diag.push(r as usize * n + c as usize);
        r += dir.0 as i64;
        c += dir.1 as i64;
    }
    let max = (diag.len() * n) as u32;
    let sum = sw.parse::<u32>().ok().filter(|k| (1..=max).contains(k));
    let Some(sum) = sum else {
        return Err(ParseError::at(
            no,
            scol,
            format!("{sw:?} is not a sum of this diagonal (a number from 1 to {max})"),
        ));
    };
    Ok(Variant::LittleKiller {
        sum,
        cells: diag,
        dir,
    })
}

/// `sandwich r3 SUM` or `sandwich c5 SUM`.
fn sandwich(
    n: usize,
    no: usize,
    kcol: usize,
    fields: &[(usize, &str)],
) -> Result<Variant, ParseError> {
    let [(lcol, lw), (scol, sw)] = fields else {
        return Err(ParseError::at(
            no,
            kcol,
            "sandwich takes a row r1 or a column c1, then a sum",
        ));
    };
    let low = lw.to_ascii_lowercase();
    let line = low
        .strip_prefix('r')
        .map(|k| (true, k))
        .or_else(|| low.strip_prefix('c').map(|k| (false, k)))
        .and_then(|(row, k)| Some((row, k.parse::<usize>().ok()?)))
        .filter(|(_, k)| (1..=n).contains(k));
    let Some((row, index)) = line else {
        return Err(ParseError::at(
            no,
            *lcol,
            format!("{lw:?} is not a row r1 to r{n} nor a column c1 to c{n}"),
        ));
    };
    let max = (2..n as u32).sum::<u32>();
    let Some(sum) = sw.parse::<u32>().ok().filter(|k| *k <= max) else {
        return Err(ParseError::at(
            no,
            *scol,
            format!("{sw:?} is not a sandwich sum (a number from 0 to {max})"),
        ));
    };
    Ok(Variant::Sandwich {
        row,
        index: index - 1,
        sum,
    })
}

/// The cells of a cage or line are distinct.
fn distinct(no: usize, ws: &[(usize, &str)], cells: &[usize]) -> Result<(), ParseError> {
    for (i, c) in cells.iter().enumerate() {
        if cells[..i].contains(c) {
            return Err(ParseError::at(
                no,
                ws[i].0,
                format!("{} is named twice", ws[i].1),
            ));
        }
    }
    Ok(())
}

/// A 2×2 block's top-left cell: neither in the last row nor in the last column.
pub(crate) fn block(n: usize, no: usize, col: usize, c: usize) -> Result<usize, ParseError> {
    if c / n + 1 >= n || c % n + 1 >= n {
        return Err(ParseError::at(
            no,
            col,
            format!(
                "r{}c{} is not the top-left cell of a 2×2 block inside the grid",
                c / n + 1,
                c % n + 1
            ),
        ));
    }
    Ok(c)
}

/// The four cells of the 2×2 block at top-left cell `c`: top left, top right, bottom left,
/// bottom right.
pub fn block_cells(n: usize, c: usize) -> [usize; 4] {
    [c, c + 1, c + n, c + n + 1]
}

/// Lines and dots join cells that touch (diagonals included for lines).
fn adjacent(n: usize, no: usize, ws: &[(usize, &str)], cells: &[usize]) -> Result<(), ParseError> {
    for (i, w) in cells.windows(2).enumerate() {
        let (r0, c0, r1, c1) = (w[0] / n, w[0] % n, w[1] / n, w[1] % n);
        if w[0] == w[1] || r0.abs_diff(r1) > 1 || c0.abs_diff(c1) > 1 {
            return Err(ParseError::at(
                no,
                ws[i + 2].0,
                format!("{} does not touch the cell before it", ws[i + 2].1),
            ));
        }
    }
    Ok(())
}

/// Reads the N lines of region marks after `regions` (at `lines[i..]`); returns the next index.
fn parse_regions(
    s: &mut Sudoku,
    lines: &[(usize, &str)],
    mut i: usize,
    key_line: usize,
) -> Result<usize, ParseError> {
    let n = s.n;
    let mut marks: Vec<char> = Vec::new();
    let mut firsts: Vec<(usize, usize)> = Vec::new();
    let mut names: Vec<char> = Vec::new();
    let mut ids = Vec::with_capacity(n * n);
    for row in 0..n {
        let Some(&(no, line)) = lines.get(i) else {
            return Err(ParseError::at(
                key_line,
                1,
                format!("regions: {row} rows of region marks, expected {n}"),
            ));
        };
        i += 1;
        let cells: Vec<(usize, char)> = line
            .chars()
            .enumerate()
            .filter(|(_, c)| !c.is_whitespace())
            .map(|(i, c)| (i + 1, c))
            .collect();
        if cells.len() != n {
            return Err(ParseError::at(
                no,
                1,
                format!("a row of regions has {} marks, expected {n}", cells.len()),
            ));
        }
        for (col, c) in cells {
            let id = match names.iter().position(|&x| x == c) {
                Some(id) => id,
                None => {
                    names.push(c);
                    firsts.push((no, col));
                    names.len() - 1
                }
            };
            marks.push(c);
            ids.push(id);
        }
    }
    for (id, name) in names.iter().enumerate() {
        let size = ids.iter().filter(|&&x| x == id).count();
        if size != n {
            let (no, col) = firsts[id];
            return Err(ParseError::at(
                no,
                col,
                format!("region {name:?} has {size} cells, expected {n}"),
            ));
        }
    }
    s.regions = Some(ids);
    Ok(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_and_grid_forms_agree() {
        let a = parse("1.3.\n").unwrap_err();
        assert_eq!(a.line, 2, "{a}");
        let one = parse("12.4..12....4..3\n").unwrap();
        let grid = parse("12|.4\n..|12\n--+--\n..|..\n4.|.3\n").unwrap();
        assert_eq!(one.givens, grid.givens);
        assert_eq!(one.n, 4);
    }

    #[test]
    fn sixteen_by_sixteen_grid_is_not_a_one_line_four() {
        let row = "1234567890ABCDEF".replace('0', ".");
        let text = format!("{row}\n").repeat(16);
        let s = parse(&text).unwrap();
        assert_eq!(s.n, 16);
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = parse("# c\n12.4\n..12\n..5.\n4..3\n").unwrap_err();
        assert_eq!((e.line, e.col), (4, 3), "{e}");
        let e = parse("12.4..12....4..3\nthermo r1c1 r9c9\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 13), "{e}");
        let e = parse("12.4..12....4..3\nfrobnicate\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 1), "{e}");
    }

    #[test]
    fn sums_and_sandwiches_parse_with_errors_naming_the_field() {
        let s = parse(
            "....\n....\n....\n....\nlittle-killer 6 r1c2 dr\narrow r2c2 r1c1 r2c1\n\
             sandwich c3 0\nslow-thermo r1c1 r2c2\nnon-consecutive\nkropki-negative\n",
        )
        .unwrap();
        assert_eq!(
            s.variants,
            vec![
                Variant::LittleKiller {
                    sum: 6,
                    cells: vec![1, 6, 11],
                    dir: (1, 1)
                },
                Variant::Arrow {
                    circle: 5,
                    cells: vec![0, 4]
                },
                Variant::Sandwich {
                    row: false,
                    index: 2,
                    sum: 0
                },
                Variant::SlowThermo(vec![0, 5]),
                Variant::NonConsecutive,
                Variant::KropkiNegative,
            ]
        );
        for (line, col, want) in [
            ("little-killer 6 r1c2 dd", 22, "not a direction"),
            ("little-killer 13 r1c2 dr", 15, "from 1 to 12"),
            ("little-killer 6 r1c2", 1, "takes a sum"),
            ("sandwich r5 3", 10, "not a row r1 to r4"),
            ("sandwich c1 6", 13, "from 0 to 5"),
            ("arrow r1c1 r3c3", 12, "does not touch"),
        ] {
            let e = parse(&format!("....\n....\n....\n....\n{line}\n")).unwrap_err();
            assert_eq!((e.line, e.col), (5, col), "{line}: {e}");
            assert!(e.message.contains(want), "{line}: {e}");
        }
    }

    #[test]
    fn variants_and_regions_parse() {
        let s = parse(
            "....\n....\n....\n....\nregions\naabb\naabb\nccdd\nccdd\ndiagonal\nthermo r1c1 r2c2\n",
        )
        .unwrap();
        assert_eq!(s.regions.as_ref().unwrap()[15], 3);
        assert_eq!(
            s.variants,
            vec![Variant::Diagonal, Variant::Thermo(vec![0, 5])]
        );
    }
}
