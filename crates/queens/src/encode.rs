//! N-Queens stated through the IR. Every encoding has one boolean per square, named `Q_r_c`
//! (row and column from the top-left, from 0), true when a queen stands there.

use backref_program::{union_stops, Form, PackItem, PackOption, Program, ProgramError, VarId};
use serde::Serialize;

use crate::order::Order;

/// The available encodings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Encoding {
    /// The published scheme: each square chosen on its own, one at-most-one statement per
    /// attacking pair, one exactly-one statement per row. O(N³) statements.
    Pairwise,
    /// One statement per row picks exactly one square; each square is guarded by the squares of
    /// earlier rows that attack it, so a conflict fails the moment the queen is placed. At a few
    /// stops, unions sum up each line over the rows so far, and later guards read those instead.
    /// Only captures and backreferences. O(N²) groups. The CLI's default (without branch reset)
    /// up to N=44.
    RowGuard,
    /// The IR's packing gadget: each row picks a column; a column, a diagonal and an
    /// anti-diagonal are resources no two rows may share. With conditionals it becomes one loop
    /// body with one group per resource (O(N) groups); without, it falls back to guards.
    /// The CLI's default past N=44, where rowguard's N² groups outgrow the JIT's frame.
    Packing,
    /// The packing in its compact (trie loop) form even where branch reset would allow the
    /// larger one (`Program::compact_packing`): a pattern of a few kilobytes that depends only
    /// on N, so restarts over orders compile it once; each node costs more. What the default's
    /// restarts run, whose searches are short by design.
    Compact,
}

/// Every encoding with its command-line name.
pub const ENCODINGS: [(&str, Encoding); 4] = [
    ("pairwise", Encoding::Pairwise),
    ("rowguard", Encoding::RowGuard),
    ("packing", Encoding::Packing),
    ("compact", Encoding::Compact),
];

/// A program for one board, with the variable order to compile it in.
pub struct Encoded {
    /// The program.
    pub program: Program,
    /// Decision variables in search order.
    pub order: Vec<VarId>,
    /// `squares[r][c]`: the variable of square (r, c) (boolean encodings).
    pub squares: Vec<Vec<VarId>>,
    /// `rows[r]`: the variable holding row r's column (packing encoding).
    pub rows: Vec<VarId>,
}

fn name(r: usize, c: usize) -> String {
    format!("Q_{r}_{c}")
}

fn attacks(a: (usize, usize), b: (usize, usize)) -> bool {
    a != b && (a.0 == b.0 || a.1 == b.1 || a.0.abs_diff(b.0) == a.1.abs_diff(b.1))
}

/// A line of the board: a column, a diagonal (constant `r + c`) or an anti-diagonal
/// (constant `r − c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    Column(usize),
    Diagonal(usize),
    Anti(usize),
}

impl Line {
    /// Every line of an `n`×`n` board.
    fn all(n: usize) -> impl Iterator<Item = Line> {
        (0..n)
            .map(Line::Column)
            .chain((0..2 * n - 1).map(Line::Diagonal))
            .chain((0..2 * n - 1).map(Line::Anti))
    }

    /// The three lines through square (r, c).
    fn through(n: usize, r: usize, c: usize) -> [Line; 3] {
        [
            Line::Column(c),
            Line::Diagonal(r + c),
            Line::Anti(r + n - 1 - c),
        ]
    }

    /// The column where the line crosses row `r`, if it does.
    fn column(self, n: usize, r: usize) -> Option<usize> {
        let c = match self {
            Line::Column(c) => Some(c),
            Line::Diagonal(s) => s.checked_sub(r),
            Line::Anti(t) => (r + n - 1).checked_sub(t),
        }?;
        (c < n).then_some(c)
    }

    /// A distinct slot per line, below `5n`.
    fn index(self, n: usize) -> usize {
        match self {
            Line::Column(c) => c,
            Line::Diagonal(s) => n + s,
            Line::Anti(t) => 3 * n + t,
        }
    }

    /// The union variable's name after `depth` rows: `Col_3_d5`, `Diag_7_d5`, `Anti_2_d5`.
    fn name(self, depth: usize) -> String {
        match self {
            Line::Column(c) => format!("Col_{c}_d{depth}"),
            Line::Diagonal(s) => format!("Diag_{s}_d{depth}"),
            Line::Anti(t) => format!("Anti_{t}_d{depth}"),
        }
    }
}

/// The most capture groups the packing gives its resources one each (5N−2 of them): past this,
/// from N = 541 on, the diagonals and anti-diagonals share groups three to a group
/// (`Program::share_resources`), so that N=1000 needs 2,333 groups rather than 4,998, under
/// the 2,728 PCRE2's JIT compiles.
pub const MAX_UNSHARED_GROUPS: usize = 2_700;

/// States the `n`-queens puzzle with `encoding`, laid out in `order`; the packing shares its
/// diagonals' groups past [`MAX_UNSHARED_GROUPS`].
pub fn encode(n: usize, encoding: Encoding, order: &Order) -> Result<Encoded, ProgramError> {
    encode_with(n, encoding, order, shares_groups(n))
}

/// Whether the packing of an `n`×`n` board would need more than [`MAX_UNSHARED_GROUPS`]
/// groups, one a resource (5N−2), so that [`encode`] shares the diagonals' groups.
pub fn shares_groups(n: usize) -> bool {
    5 * n > MAX_UNSHARED_GROUPS + 2
}

/// [`encode`], the packing's diagonals sharing groups when `shared` (the columns keep one each,
/// so each row decodes from its column's group).
pub fn encode_with(
    n: usize,
    encoding: Encoding,
    order: &Order,
    shared: bool,
) -> Result<Encoded, ProgramError> {
    let mut p = Program::new('Q');
    let mut squares = vec![vec![VarId(0); n]; n];
    let mut var_order = Vec::with_capacity(n * n);
    match encoding {
        Encoding::Pairwise => {
            for &r in &order.rows {
                for &c in &order.cols[r] {
                    let v = p.bool_var(&name(r, c), true)?;
                    squares[r][c] = v;
                    var_order.push(v);
                }
            }
            let cells: Vec<(usize, usize)> =
                (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
            for (i, &a) in cells.iter().enumerate() {
                for &b in &cells[i + 1..] {
                    if attacks(a, b) {
                        p.at_most_one(&[squares[a.0][a.1], squares[b.0][b.1]])?;
                    }
                }
            }
            for row in &squares {
                p.exactly_k(row, 1, Form::Flat)?;
            }
        }
        Encoding::RowGuard => {
            // After these positions of the row order, each column and diagonal that still
            // crosses a later row gets a union of its squares so far (docs/queens.md).
            let stops = union_stops(n);
            // The latest union of each line over the rows placed before the last stop.
            let mut lines: Vec<Option<VarId>> = vec![None; 5 * n];
            let mut placed: Vec<usize> = Vec::new();
            for (depth, &r) in order.rows.iter().enumerate() {
                let names: Vec<String> = order.cols[r].iter().map(|&c| name(r, c)).collect();
                let guards: Vec<Vec<VarId>> = order.cols[r]
                    .iter()
                    .map(|&c| {
                        // Rows summed up by the line unions first, then the others farthest
                        // first. Measured on PCRE2's JIT (natural order, N=20..28), farthest
                        // first fails 20-25% sooner than nearest first: the search backtracks
                        // into near rows often, while a conflict with a far row's queen recurs
                        // in sibling after sibling.
                        let mut g: Vec<VarId> = Line::through(n, r, c)
                            .iter()
                            .filter_map(|l| lines[l.index(n)])
                            .collect();
                        let mut earlier = placed.clone();
                        earlier.sort_by_key(|&r2| std::cmp::Reverse(r.abs_diff(r2)));
                        for r2 in earlier {
                            let d = r.abs_diff(r2);
                            g.push(squares[r2][c]);
                            if c >= d {
                                g.push(squares[r2][c - d]);
                            }
                            if c + d < n {
                                g.push(squares[r2][c + d]);
                            }
                        }
                        g
                    })
                    .collect();
                let vars = p.one_of(&names, guards)?;
                for (&c, v) in order.cols[r].iter().zip(vars) {
                    squares[r][c] = v;
                    var_order.push(v);
                }
                placed.push(r);
                if stops.contains(&depth) {
                    let later = &order.rows[depth + 1..];
                    for line in Line::all(n) {
                        if !later.iter().any(|&r2| line.column(n, r2).is_some()) {
                            continue;
                        }
                        let slot = &mut lines[line.index(n)];
                        let mut members: Vec<VarId> = slot.iter().copied().collect();
                        members.extend(
                            placed
                                .iter()
                                .filter_map(|&r2| line.column(n, r2).map(|c| squares[r2][c])),
                        );
                        if !members.is_empty() {
                            *slot = Some(p.union_var(&line.name(depth), &members)?);
                        }
                    }
                    placed.clear();
                }
            }
        }
        Encoding::Packing | Encoding::Compact => {
            let items = order
                .rows
                .iter()
                .map(|&r| PackItem {
                    name: format!("C_{r}"),
                    symmetry: None,
                    options: order.cols[r]
                        .iter()
                        .map(|&c| PackOption {
                            label: c.to_string(),
                            requires: vec![],
                            resources: vec![
                                c as u32,
                                (n + r + c) as u32,
                                (3 * n - 1 + r + n - 1 - c) as u32,
                            ],
                        })
                        .collect(),
                })
                .collect();
            let vars = p.packing(items, (5 * n - 2) as u32, 0)?;
            // Readable patterns name the groups: column c, diagonal r+c, anti-diagonal r-c+n-1.
            let names = (0..n)
                .map(|c| format!("c{c}"))
                .chain((0..2 * n - 1).map(|k| format!("d{k}")))
                .chain((0..2 * n - 1).map(|k| format!("a{k}")))
                .collect();
            p.name_resources(&vars, names)?;
            if shared {
                p.share_resources(&vars, n as u32)?;
            }
            if encoding == Encoding::Compact {
                p.compact_packing(&vars)?;
            }
            var_order = vars.clone();
            let mut rows = vec![VarId(0); n];
            for (&r, v) in order.rows.iter().zip(vars) {
                rows[r] = v;
            }
            return Ok(Encoded {
                program: p,
                order: var_order,
                squares: Vec::new(),
                rows,
            });
        }
    }
    Ok(Encoded {
        program: p,
        order: var_order,
        squares,
        rows: Vec::new(),
    })
}

impl Encoded {
    /// Reads a board (rows of `Q`/`.`) from decoded variable values.
    pub fn rows(&self, values: &[String]) -> Vec<String> {
        if !self.rows.is_empty() {
            let n = self.rows.len();
            return self
                .rows
                .iter()
                .map(|v| {
                    let c: Option<usize> = values[v.index()].parse().ok();
                    (0..n)
                        .map(|x| if Some(x) == c { 'Q' } else { '.' })
                        .collect()
                })
                .collect();
        }
        self.squares
            .iter()
            .map(|row| {
                row.iter()
                    .map(|v| {
                        if values[v.index()].is_empty() {
                            '.'
                        } else {
                            'Q'
                        }
                    })
                    .collect()
            })
            .collect()
    }
}
