//! The variant section of Sudoku's generators: the kinds of variant and the lines each writes,
//! derived from the solution grid or drawn at random.

use backref_rng::Rng;
use backref_sudoku::Variant;

use super::grid::{orthogonal, touching};
use crate::differential::{chance, pick};

/// The kinds of variant the generator picks from: every one the text form supports that makes
/// sense on 4×4 and 6×6 (not windoku, which is 9×9 only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// Both main diagonals are houses (the fill respects them when derived).
    Diagonal,
    /// No equal numbers a knight's move apart (the fill respects it when derived).
    AntiKnight,
    /// No equal numbers a king's move apart (the fill respects it when derived).
    AntiKing,
    /// Random connected regions replace the boxes (the grid is filled under them).
    Jigsaw,
    /// An extra house of 2..=N cells.
    House,
    /// `odd` and / or `even` lines of one to four cells.
    Parity,
    /// Thermometers of two to four touching cells.
    Thermo,
    /// Slow thermometers of two to four touching cells.
    SlowThermo,
    /// German whispers (on a 4×4 always drawn at random: no grid holds one).
    Whisper,
    /// White and black dots, orthogonal or diagonal.
    Kropki,
    /// X and V marks, orthogonal or diagonal.
    Xv,
    /// Killer cages of one to four orthogonally connected cells.
    Killer,
    /// Renban lines of two to four touching cells.
    Renban,
    /// Quadruples of one to four values on 2×2 blocks.
    Quadruple,
    /// Battenburgs and anti-Battenburgs on 2×2 blocks.
    Battenburg,
    /// Arrows of one to three cells from their circle.
    Arrow,
    /// Little killers from any cell in any diagonal direction.
    LittleKiller,
    /// Sandwich clues of rows and columns.
    Sandwich,
    /// Non-consecutive; derived, with a white dot on every consecutive pair.
    NonConsecutive,
    /// The kropki negative constraint; derived, with every dot it needs.
    KropkiNegative,
}

/// Every kind.
pub(super) const KINDS: [Kind; 20] = [
    Kind::Diagonal,
    Kind::AntiKnight,
    Kind::AntiKing,
    Kind::Jigsaw,
    Kind::House,
    Kind::Parity,
    Kind::Thermo,
    Kind::SlowThermo,
    Kind::Whisper,
    Kind::Kropki,
    Kind::Xv,
    Kind::Killer,
    Kind::Renban,
    Kind::Quadruple,
    Kind::Battenburg,
    Kind::Arrow,
    Kind::LittleKiller,
    Kind::Sandwich,
    Kind::NonConsecutive,
    Kind::KropkiNegative,
];

impl Kind {
    /// The kind's name in a case's description.
    pub(super) fn name(self) -> &'static str {
        match self {
            Kind::Diagonal => "diagonal",
            Kind::AntiKnight => "anti-knight",
            Kind::AntiKing => "anti-king",
            Kind::Jigsaw => "jigsaw",
            Kind::House => "house",
            Kind::Parity => "odd/even",
            Kind::Thermo => "thermo",
            Kind::SlowThermo => "slow-thermo",
            Kind::Whisper => "whisper",
            Kind::Kropki => "kropki",
            Kind::Xv => "xv",
            Kind::Killer => "killer",
            Kind::Renban => "renban",
            Kind::Quadruple => "quadruple",
            Kind::Battenburg => "battenburg",
            Kind::Arrow => "arrow",
            Kind::LittleKiller => "little-killer",
            Kind::Sandwich => "sandwich",
            Kind::NonConsecutive => "non-consecutive",
            Kind::KropkiNegative => "kropki-negative",
        }
    }
}

/// Writes the variant section: blocks of lines, each with the variants it parses to.
pub(super) struct Builder<'a> {
    /// Side.
    pub(super) n: usize,
    /// The solution grid (values from 0).
    pub(super) sol: &'a [u8],
    /// Cells written `R1C1` rather than `r1c1`.
    pub(super) upper: bool,
    /// The blocks, in the order they are written.
    pub(super) blocks: Vec<(Vec<String>, Vec<Variant>)>,
}

impl Builder<'_> {
    /// The number (from 1) the solution has at `c`.
    pub(super) fn num(&self, c: usize) -> u32 {
        self.sol[c] as u32 + 1
    }

    /// A cell's name.
    pub(super) fn cell(&self, c: usize) -> String {
        let s = format!("r{}c{}", c / self.n + 1, c % self.n + 1);
        if self.upper {
            s.to_uppercase()
        } else {
            s
        }
    }

    /// Cells' names, space-separated.
    pub(super) fn cells(&self, cells: &[usize]) -> String {
        cells
            .iter()
            .map(|&c| self.cell(c))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// One line, one variant.
    pub(super) fn push(&mut self, line: String, v: Variant) {
        self.blocks.push((vec![line], vec![v]));
    }

    /// A random cell.
    pub(super) fn any_cell(&self, rng: &mut Rng) -> usize {
        rng.below(self.n * self.n)
    }

    /// A line of 2..=`most` distinct touching cells, each step allowed by `ok(previous, next)`
    /// (a random walk; the longest of a few tries), or `None` when no step was ever allowed.
    pub(super) fn line(
        &self,
        most: usize,
        rng: &mut Rng,
        ok: impl Fn(usize, usize) -> bool,
    ) -> Option<Vec<usize>> {
        let want = 2 + rng.below(most - 1);
        let mut best: Option<Vec<usize>> = None;
        for _ in 0..40 {
            let mut path = vec![self.any_cell(rng)];
            while path.len() < want {
                let last = *path.last().expect("a cell");
                let next: Vec<usize> = touching(self.n, last)
                    .into_iter()
                    .filter(|&d| !path.contains(&d) && ok(last, d))
                    .collect();
                if next.is_empty() {
                    break;
                }
                // Orthogonal steps twice as often as diagonal ones.
                let orth: Vec<usize> = next
                    .iter()
                    .copied()
                    .filter(|&d| orthogonal(self.n, last).any(|o| o == d))
                    .collect();
                let step = if !orth.is_empty() && chance(rng, 2, 3) {
                    *pick(rng, &orth)
                } else {
                    *pick(rng, &next)
                };
                path.push(step);
            }
            if path.len() >= 2 && best.as_ref().is_none_or(|b| path.len() > b.len()) {
                best = Some(path);
            }
            if best.as_ref().is_some_and(|b| b.len() == want) {
                break;
            }
        }
        best
    }

    /// A random 2×2 block's top-left cell.
    pub(super) fn block(&self, rng: &mut Rng) -> usize {
        rng.below(self.n - 1) * self.n + rng.below(self.n - 1)
    }

    /// Writes one to a few constraints of kind `k`: derived from the solution, or with `random`
    /// drawn at random. Jigsaw writes `regions` (the grid was filled under them). Returns
    /// whether any was drawn at random (asked, or a whisper the grid does not hold).
    pub(super) fn emit(
        &mut self,
        k: Kind,
        random: bool,
        regions: Option<&[usize]>,
        rng: &mut Rng,
    ) -> bool {
        let n = self.n;
        let mut fell_back = false;
        let few = |rng: &mut Rng| 1 + rng.below(3);
        match k {
            Kind::Diagonal => self.push("diagonal".into(), Variant::Diagonal),
            Kind::AntiKnight => self.push("anti-knight".into(), Variant::AntiKnight),
            Kind::AntiKing => self.push("anti-king".into(), Variant::AntiKing),
            Kind::Jigsaw => {
                let ids = regions.expect("the jigsaw's regions");
                // Nine marks (up to 9×9); 4×4 and 6×6 use the first ones.
                let marks: [u8; 9] = *pick(
                    rng,
                    &[*b"abcdefghi", *b"ABCDEFGHI", *b"123456789", *b"xyzuvwpqs"],
                );
                let spaced = chance(rng, 1, 3);
                let mut lines = vec!["regions".to_string()];
                for row in ids.chunks(n) {
                    let row: Vec<String> = row
                        .iter()
                        .map(|&id| (marks[id] as char).to_string())
                        .collect();
                    lines.push(row.join(if spaced { " " } else { "" }));
                }
                self.blocks.push((lines, Vec::new()));
            }
            Kind::House => {
                let size = 2 + rng.below(n - 1);
                let mut all: Vec<usize> = (0..n * n).collect();
                rng.shuffle(&mut all);
                let mut cells: Vec<usize> = Vec::new();
                for c in all {
                    if cells.len() < size
                        && (random || cells.iter().all(|&d| self.sol[d] != self.sol[c]))
                    {
                        cells.push(c);
                    }
                }
                self.push(
                    format!("house {}", self.cells(&cells)),
                    Variant::House(cells),
                );
            }
            Kind::Parity => {
                let which = rng.below(3);
                let mut marked: Vec<usize> = Vec::new();
                for odd in [true, false] {
                    if which == usize::from(!odd) {
                        continue;
                    }
                    let mut cells: Vec<usize> = (0..n * n)
                        .filter(|&c| random || (self.num(c) % 2 == 1) == odd)
                        .collect();
                    rng.shuffle(&mut cells);
                    cells.truncate(1 + rng.below(4));
                    // At random, the even line names a cell of the odd one half the time.
                    if random && !marked.is_empty() && chance(rng, 1, 2) {
                        let c = *pick(rng, &marked);
                        if !cells.contains(&c) {
                            let at = rng.below(cells.len() + 1);
                            cells.insert(at, c);
                        }
                    }
                    marked.extend(cells.iter().copied());
                    let word = if odd { "odd" } else { "even" };
                    let line = format!("{word} {}", self.cells(&cells));
                    let v = if odd {
                        Variant::Odd(cells)
                    } else {
                        Variant::Even(cells)
                    };
                    self.push(line, v);
                }
            }
            Kind::Thermo | Kind::SlowThermo | Kind::Whisper | Kind::Renban => {
                for _ in 0..few(rng) {
                    let line = match k {
                        Kind::Thermo => {
                            self.line(4, rng, |a, b| random || self.num(a) < self.num(b))
                        }
                        Kind::SlowThermo => {
                            self.line(4, rng, |a, b| random || self.num(a) <= self.num(b))
                        }
                        Kind::Whisper => self.line(4, rng, |a, b| {
                            random || self.num(a).abs_diff(self.num(b)) >= 5
                        }),
                        _ => self.renban(random, rng),
                    };
                    // A whisper the grid does not hold (none on a 4×4) is drawn at random.
                    fell_back |= line.is_none();
                    let Some(cells) = line.or_else(|| self.line(4, rng, |_, _| true)) else {
                        continue;
                    };
                    let (word, v) = match k {
                        Kind::Thermo => ("thermo", Variant::Thermo(cells.clone())),
                        Kind::SlowThermo => ("slow-thermo", Variant::SlowThermo(cells.clone())),
                        Kind::Whisper => ("whisper", Variant::Whisper(cells.clone())),
                        _ => ("renban", Variant::Renban(cells.clone())),
                    };
                    self.push(format!("{word} {}", self.cells(&cells)), v);
                }
            }
            Kind::Kropki | Kind::Xv => {
                let words: [&str; 2] = if k == Kind::Kropki {
                    ["white", "black"]
                } else {
                    ["x", "v"]
                };
                let holds = |w: &str, a: u32, b: u32| match w {
                    "white" => a.abs_diff(b) == 1,
                    "black" => a == 2 * b || b == 2 * a,
                    "x" => a + b == 10,
                    _ => a + b == 5,
                };
                for _ in 0..few(rng) {
                    let mut found = None;
                    for _ in 0..60 {
                        let a = self.any_cell(rng);
                        let near: Vec<usize> = if chance(rng, 3, 4) {
                            orthogonal(n, a).collect()
                        } else {
                            touching(n, a)
                        };
                        let b = *pick(rng, &near);
                        let fits: Vec<&str> = words
                            .iter()
                            .copied()
                            .filter(|w| random || holds(w, self.num(a), self.num(b)))
                            .collect();
                        if !fits.is_empty() {
                            found = Some((a, b, *pick(rng, &fits)));
                            break;
                        }
                    }
                    let Some((a, b, w)) = found else { continue };
                    let v = match w {
                        "white" => Variant::White(a, b),
                        "black" => Variant::Black(a, b),
                        "x" => Variant::X(a, b),
                        _ => Variant::V(a, b),
                    };
                    self.push(format!("{w} {} {}", self.cell(a), self.cell(b)), v);
                }
            }
            Kind::Killer => {
                for _ in 0..few(rng) {
                    let size = 1 + rng.below(n.min(4));
                    let mut cells = vec![self.any_cell(rng)];
                    while cells.len() < size {
                        let next: Vec<usize> = (0..n * n)
                            .filter(|&c| {
                                !cells.contains(&c)
                                    && cells.iter().any(|&d| orthogonal(n, d).any(|o| o == c))
                                    && (random || cells.iter().all(|&d| self.sol[d] != self.sol[c]))
                            })
                            .collect();
                        if next.is_empty() {
                            break;
                        }
                        cells.push(*pick(rng, &next));
                    }
                    let max = (n * (n + 1) / 2) as u32;
                    let sum = if random {
                        1 + rng.below(max as usize) as u32
                    } else {
                        cells.iter().map(|&c| self.num(c)).sum()
                    };
                    self.push(
                        format!("killer {sum} {}", self.cells(&cells)),
                        Variant::Killer(sum, cells),
                    );
                }
            }
            Kind::Quadruple => {
                for _ in 0..few(rng) {
                    let c = self.block(rng);
                    let mut values: Vec<u8> = if random {
                        let mut vs = Vec::new();
                        for _ in 0..1 + rng.below(4) {
                            let v = rng.below(n) as u8;
                            if vs.iter().filter(|&&w| w == v).count() < 2 {
                                vs.push(v);
                            }
                        }
                        vs
                    } else {
                        let mut vs: Vec<u8> = [c, c + 1, c + n, c + n + 1]
                            .iter()
                            .map(|&d| self.sol[d])
                            .collect();
                        rng.shuffle(&mut vs);
                        vs.truncate(1 + rng.below(4));
                        vs
                    };
                    values.sort_unstable();
                    let line = format!(
                        "quadruple {} {}",
                        self.cell(c),
                        values
                            .iter()
                            .map(|v| (v + 1).to_string())
                            .collect::<Vec<_>>()
                            .join(" ")
                    );
                    self.push(line, Variant::Quadruple(c, values));
                }
            }
            Kind::Battenburg => {
                let mut blocks: Vec<(bool, usize)> = Vec::new();
                for _ in 0..few(rng) {
                    let c = self.block(rng);
                    let checker = if random {
                        chance(rng, 1, 2)
                    } else {
                        let odd = |d: usize| self.num(d) % 2 == 1;
                        odd(c) == odd(c + n + 1) && odd(c + 1) == odd(c + n) && odd(c) != odd(c + 1)
                    };
                    blocks.push((checker, c));
                }
                // Blocks of one kind share a line half the time.
                if chance(rng, 1, 2) {
                    for want in [true, false] {
                        let cells: Vec<usize> =
                            blocks.iter().filter(|b| b.0 == want).map(|b| b.1).collect();
                        if cells.is_empty() {
                            continue;
                        }
                        let word = if want {
                            "battenburg"
                        } else {
                            "anti-battenburg"
                        };
                        let vs = cells
                            .iter()
                            .map(|&c| {
                                if want {
                                    Variant::Battenburg(c)
                                } else {
                                    Variant::AntiBattenburg(c)
                                }
                            })
                            .collect();
                        self.blocks
                            .push((vec![format!("{word} {}", self.cells(&cells))], vs));
                    }
                } else {
                    for (want, c) in blocks {
                        let (word, v) = if want {
                            ("battenburg", Variant::Battenburg(c))
                        } else {
                            ("anti-battenburg", Variant::AntiBattenburg(c))
                        };
                        self.push(format!("{word} {}", self.cell(c)), v);
                    }
                }
            }
            Kind::Arrow => {
                for _ in 0..few(rng) {
                    let mut found = None;
                    for _ in 0..60 {
                        let Some(path) = self.line(4, rng, |_, _| true) else {
                            continue;
                        };
                        let sum: u32 = path[1..].iter().map(|&c| self.num(c)).sum();
                        if random || sum == self.num(path[0]) {
                            found = Some(path);
                            break;
                        }
                    }
                    let Some(path) = found else { continue };
                    self.push(
                        format!("arrow {}", self.cells(&path)),
                        Variant::Arrow {
                            circle: path[0],
                            cells: path[1..].to_vec(),
                        },
                    );
                }
            }
            Kind::LittleKiller => {
                for _ in 0..few(rng) {
                    let start = self.any_cell(rng);
                    let (word, dir) = *pick(
                        rng,
                        &[
                            ("dr", (1i8, 1i8)),
                            ("dl", (1, -1)),
                            ("ur", (-1, 1)),
                            ("ul", (-1, -1)),
                        ],
                    );
                    let (mut r, mut c) = ((start / n) as i64, (start % n) as i64);
                    let mut cells = Vec::new();
                    while (0..n as i64).contains(&r) && (0..n as i64).contains(&c) {
                        cells.push(r as usize * n + c as usize);
                        r += dir.0 as i64;
                        c += dir.1 as i64;
                    }
                    let sum = if random {
                        1 + rng.below(cells.len() * n) as u32
                    } else {
                        cells.iter().map(|&c| self.num(c)).sum()
                    };
                    self.push(
                        format!("little-killer {sum} {} {word}", self.cell(start)),
                        Variant::LittleKiller { sum, cells, dir },
                    );
                }
            }
            Kind::Sandwich => {
                for _ in 0..few(rng) {
                    let row = chance(rng, 1, 2);
                    let index = rng.below(n);
                    let line = Variant::line_cells(n, row, index);
                    let sum = if random {
                        rng.below((2..n as u32).sum::<u32>() as usize + 1) as u32
                    } else {
                        let at = |x: u32| line.iter().position(|&c| self.num(c) == x);
                        let (p, q) = (at(1).expect("a 1"), at(n as u32).expect("an N"));
                        line[p.min(q) + 1..p.max(q)]
                            .iter()
                            .map(|&c| self.num(c))
                            .sum()
                    };
                    let name = format!("{}{}", if row { 'r' } else { 'c' }, index + 1);
                    let name = if self.upper {
                        name.to_uppercase()
                    } else {
                        name
                    };
                    self.push(
                        format!("sandwich {name} {sum}"),
                        Variant::Sandwich { row, index, sum },
                    );
                }
            }
            Kind::NonConsecutive | Kind::KropkiNegative => {
                let kropki = k == Kind::KropkiNegative;
                let word = if kropki {
                    "kropki-negative"
                } else {
                    "non-consecutive"
                };
                let mut lines = vec![word.to_string()];
                let mut vs = vec![if kropki {
                    Variant::KropkiNegative
                } else {
                    Variant::NonConsecutive
                }];
                // Derived: a dot on every orthogonal pair the negative constraint would forbid.
                // A quarter of them are spoilt: now and then a dot is left out, or replaced
                // by the X or the V its pair also holds (neither is a kropki dot, so the
                // pair then breaks the constraint).
                let spoil = !random && chance(rng, 1, 4);
                if !random {
                    for a in 0..n * n {
                        for b in orthogonal(n, a).filter(|&b| b > a) {
                            let (x, y) = (self.num(a), self.num(b));
                            let white = x.abs_diff(y) == 1;
                            let black = kropki && (x == 2 * y || y == 2 * x);
                            let (p, q) = if chance(rng, 1, 2) { (a, b) } else { (b, a) };
                            let use_white = white && (!black || chance(rng, 1, 2));
                            if (white || black) && spoil && chance(rng, 1, 5) {
                                fell_back = true;
                                let (cp, cq) = (self.cell(p), self.cell(q));
                                if x + y == 5 {
                                    lines.push(format!("v {cp} {cq}"));
                                    vs.push(Variant::V(p, q));
                                } else if x + y == 10 {
                                    lines.push(format!("x {cp} {cq}"));
                                    vs.push(Variant::X(p, q));
                                }
                            } else if use_white {
                                lines.push(format!("white {} {}", self.cell(p), self.cell(q)));
                                vs.push(Variant::White(p, q));
                            } else if black {
                                lines.push(format!("black {} {}", self.cell(p), self.cell(q)));
                                vs.push(Variant::Black(p, q));
                            }
                        }
                    }
                }
                // The constraint's line sits anywhere among its dots.
                let at = rng.below(lines.len());
                lines.swap(0, at);
                vs.swap(0, at);
                self.blocks.push((lines, vs));
            }
        }
        random || fell_back
    }

    /// A renban line from the solution: distinct numbers forming a run, found by random walks
    /// (at worst a pair of touching consecutive numbers); any line when `random`.
    pub(super) fn renban(&self, random: bool, rng: &mut Rng) -> Option<Vec<usize>> {
        if random {
            return self.line(4, rng, |_, _| true);
        }
        let run = |cells: &[usize]| {
            let nums: Vec<u32> = cells.iter().map(|&c| self.num(c)).collect();
            let (lo, hi) = (nums.iter().min(), nums.iter().max());
            let distinct = (0..nums.len()).all(|i| (0..i).all(|k| nums[i] != nums[k]));
            distinct
                && matches!((lo, hi), (Some(lo), Some(hi)) if (hi - lo) as usize + 1 == nums.len())
        };
        for _ in 0..30 {
            if let Some(path) = self.line(4, rng, |_, _| true) {
                if run(&path) {
                    return Some(path);
                }
            }
        }
        self.line(2, rng, |a, b| self.num(a).abs_diff(self.num(b)) == 1)
    }
}
