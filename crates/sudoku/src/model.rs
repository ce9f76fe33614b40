//! The puzzle's structure for the encoder, the orders and the native solver: houses (cells
//! holding distinct values), pairwise relations, and each cell's domain after one pass that
//! removes what a single given excludes directly (no propagation: the regex does the search).

use backref_program::Propagation;

use crate::grid::{block_cells, Sudoku, Variant};

/// A relation between the values of two cells (values from 0; the puzzle's numbers are +1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rel {
    /// Different values (anti-knight, anti-king).
    NotEqual,
    /// The first is smaller (thermometer).
    Less,
    /// They differ by at least this much (German whisper: 5).
    Differ(u8),
    /// They differ by exactly 1 (white dot).
    Consecutive,
    /// One is double the other (black dot).
    Double,
    /// Their numbers sum to this (X: 10, V: 5).
    Sum(u8),
    /// One is odd, the other even (two neighbours of a Battenburg).
    ParityDiffers,
    /// They differ by at most this much (two cells of a renban line of this length + 1).
    Within(u8),
    /// The first is not larger (slow thermometer).
    LessEq,
    /// They do not differ by 1 (non-consecutive neighbours).
    NotConsecutive,
    /// They neither differ by 1 nor is one double the other (kropki negative constraint).
    NoDot,
}

impl Rel {
    /// Whether values `x` (first cell) and `y` (second) may stand together.
    pub fn allows(self, x: u8, y: u8) -> bool {
        let (a, b) = (x as u32 + 1, y as u32 + 1);
        match self {
            Rel::NotEqual => a != b,
            Rel::Less => a < b,
            Rel::Differ(k) => a.abs_diff(b) >= k as u32,
            Rel::Consecutive => a.abs_diff(b) == 1,
            Rel::Double => a == 2 * b || b == 2 * a,
            Rel::Sum(s) => a + b == s as u32,
            Rel::ParityDiffers => a % 2 != b % 2,
            Rel::Within(k) => a.abs_diff(b) <= k as u32,
            Rel::LessEq => a <= b,
            Rel::NotConsecutive => a.abs_diff(b) != 1,
            Rel::NoDot => a.abs_diff(b) != 1 && a != 2 * b && b != 2 * a,
        }
    }
}

/// A relation between two cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Relation {
    /// The first cell.
    pub a: usize,
    /// The second cell.
    pub b: usize,
    /// What must hold of their values.
    pub rel: Rel,
}

/// A condition over more than two cells (the encoder states each as a condition item).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cond {
    /// A killer cage: the cells (also a house) hold numbers summing to `sum`.
    Sum {
        /// The cage's cells.
        cells: Vec<usize>,
        /// The sum of their numbers.
        sum: u32,
    },
    /// A quadruple: the block holds each value of `values` at least as often as listed.
    Contains {
        /// The block: top left, top right, bottom left, bottom right.
        cells: [usize; 4],
        /// The values (from 0), a value listed twice must be there twice.
        values: Vec<u8>,
    },
    /// An anti-Battenburg: the block's parities are not a checkerboard.
    NotCheckerboard {
        /// The block: top left, top right, bottom left, bottom right.
        cells: [usize; 4],
    },
    /// A linear equation on the cells' numbers, repeats allowed: Σ coefs[i] · number(cells[i])
    /// = target (little killer: all 1; arrow: the arrow's cells 1, the circle −1, target 0).
    Linear {
        /// The cells (distinct).
        cells: Vec<usize>,
        /// Each cell's coefficient, 1 or −1.
        coefs: Vec<i32>,
        /// The right-hand side.
        target: i32,
    },
    /// A sandwich: the numbers strictly between the 1 and the N of `cells` (a row or a
    /// column, in order) sum to `sum`.
    Sandwich {
        /// The line's cells in order.
        cells: Vec<usize>,
        /// The clue.
        sum: u32,
    },
}

impl Cond {
    /// The cells the condition reads.
    pub fn cells(&self) -> &[usize] {
        match self {
            Cond::Sum { cells, .. } | Cond::Linear { cells, .. } | Cond::Sandwich { cells, .. } => {
                cells
            }
            Cond::Contains { cells, .. } | Cond::NotCheckerboard { cells } => cells,
        }
    }
}

/// The structure of one puzzle.
#[derive(Clone, Debug)]
pub struct Model {
    /// Side.
    pub n: usize,
    /// Every house: rows, columns, boxes or regions, then extra houses.
    pub houses: Vec<Vec<usize>>,
    /// Pairwise relations (pairs already in a common house are left out of anti-knight/king).
    pub relations: Vec<Relation>,
    /// Givens per cell.
    pub givens: Vec<Option<u8>>,
    /// Each cell's candidate values in the order they are tried: increasing, unless
    /// [`Model::descending`] reversed them (a given's is itself).
    pub domains: Vec<Vec<u8>>,
    /// The empty cells, row-major.
    pub empty: Vec<usize>,
    /// Houses through each cell.
    pub houses_of: Vec<Vec<usize>>,
    /// Relations touching each cell.
    pub relations_of: Vec<Vec<usize>>,
    /// Conditions over more than two cells.
    pub conditions: Vec<Cond>,
    /// Conditions reading each cell.
    pub conditions_of: Vec<Vec<usize>>,
    /// Why the givens already break a rule or leave a cell without candidates.
    pub contradiction: Option<String>,
}

fn name(n: usize, c: usize) -> String {
    format!("r{}c{}", c / n + 1, c % n + 1)
}

impl Model {
    /// The propagation measured fastest for this puzzle (`--propagate` overrides it): the light
    /// checks of must-cover pairs for a classic 9×9 (rows, columns and boxes only), where they
    /// cut the long tail of the 17-clue puzzles (docs/performance.md, "Light propagation");
    /// none elsewhere, where the fixtures' searches took as many steps or more with them
    /// (16×16, 25×25 and the variants). The encoder states it; the native search mirrors it.
    pub fn default_propagation(&self) -> Propagation {
        let n = self.n;
        let classic = n == 9
            && self.houses.len() == 3 * n
            && self.relations.is_empty()
            && self.conditions.is_empty();
        if classic {
            Propagation::Light
        } else {
            Propagation::None
        }
    }

    /// The structure of `s`.
    pub fn new(s: &Sudoku) -> Model {
        let n = s.n;
        let mut houses: Vec<Vec<usize>> = Vec::new();
        for r in 0..n {
            houses.push((0..n).map(|c| r * n + c).collect());
        }
        for c in 0..n {
            houses.push((0..n).map(|r| r * n + c).collect());
        }
        match &s.regions {
            Some(ids) => {
                let k = ids.iter().max().map_or(0, |m| m + 1);
                for id in 0..k {
                    houses.push((0..n * n).filter(|&c| ids[c] == id).collect());
                }
            }
            None => {
                let per_band = n / s.box_cols;
                for b in 0..n {
                    let (r0, c0) = (b / per_band * s.box_rows, b % per_band * s.box_cols);
                    houses.push(
                        (0..n)
                            .map(|i| (r0 + i / s.box_cols) * n + c0 + i % s.box_cols)
                            .collect(),
                    );
                }
            }
        }
        let mut odd: Vec<Option<bool>> = vec![None; n * n];
        // Cells marked both odd and even (by two lines): no value fits them.
        let mut both = vec![false; n * n];
        let mut pairs: Vec<Relation> = Vec::new();
        let mut moves: Vec<(i64, i64)> = Vec::new();
        let mut conditions: Vec<Cond> = Vec::new();
        // Orthogonal neighbours joined by a white / a white or black dot (for the negative
        // constraints).
        let mut white: Vec<(usize, usize)> = Vec::new();
        let mut dotted: Vec<(usize, usize)> = Vec::new();
        let mut negative: Vec<Rel> = Vec::new();
        for v in &s.variants {
            match v {
                Variant::Diagonal => {
                    houses.push((0..n).map(|i| i * n + i).collect());
                    houses.push((0..n).map(|i| i * n + n - 1 - i).collect());
                }
                Variant::Windoku => {
                    for (r0, c0) in [(1, 1), (1, 5), (5, 1), (5, 5)] {
                        houses.push((0..9).map(|i| (r0 + i / 3) * 9 + c0 + i % 3).collect());
                    }
                }
                Variant::House(cells) => houses.push(cells.clone()),
                Variant::AntiKnight => {
                    moves.extend([(1, 2), (2, 1), (1, -2), (2, -1)]);
                }
                Variant::AntiKing => moves.extend([(1, 1), (1, -1), (0, 1), (1, 0)]),
                Variant::Odd(cells) | Variant::Even(cells) => {
                    for &c in cells {
                        let mark = matches!(v, Variant::Odd(_));
                        both[c] |= odd[c] == Some(!mark);
                        odd[c] = Some(mark);
                    }
                }
                Variant::Thermo(cells) | Variant::Whisper(cells) | Variant::SlowThermo(cells) => {
                    let rel = match v {
                        Variant::Thermo(_) => Rel::Less,
                        Variant::SlowThermo(_) => Rel::LessEq,
                        _ => Rel::Differ(5),
                    };
                    for w in cells.windows(2) {
                        pairs.push(Relation {
                            a: w[0],
                            b: w[1],
                            rel,
                        });
                    }
                }
                Variant::White(a, b)
                | Variant::Black(a, b)
                | Variant::X(a, b)
                | Variant::V(a, b) => {
                    // Only kropki dots (white, black) excuse a pair from the negative
                    // constraints; an X or a V does not (the pair must then also be neither
                    // consecutive nor double under kropki-negative).
                    let key = (*a.min(b), *a.max(b));
                    if matches!(v, Variant::White(..) | Variant::Black(..)) {
                        dotted.push(key);
                    }
                    if matches!(v, Variant::White(..)) {
                        white.push(key);
                    }
                    let rel = match v {
                        Variant::White(..) => Rel::Consecutive,
                        Variant::Black(..) => Rel::Double,
                        Variant::X(..) => Rel::Sum(10),
                        _ => Rel::Sum(5),
                    };
                    pairs.push(Relation { a: *a, b: *b, rel });
                }
                Variant::Killer(sum, cells) => {
                    houses.push(cells.clone());
                    conditions.push(Cond::Sum {
                        cells: cells.clone(),
                        sum: *sum,
                    });
                }
                Variant::Renban(cells) => {
                    houses.push(cells.clone());
                    // L distinct values pairwise at most L - 1 apart are consecutive: the line
                    // is its house and these pairs alone (measured faster than a condition
                    // item of windows: renban-4 59 ms against 371 ms of match).
                    let k = cells.len().saturating_sub(1).min(u8::MAX as usize) as u8;
                    for (i, &a) in cells.iter().enumerate() {
                        for &b in &cells[i + 1..] {
                            pairs.push(Relation {
                                a,
                                b,
                                rel: Rel::Within(k),
                            });
                        }
                    }
                }
                Variant::Quadruple(c, values) => conditions.push(Cond::Contains {
                    cells: block_cells(n, *c),
                    values: values.clone(),
                }),
                Variant::Battenburg(c) => {
                    let [a, b, c, d] = block_cells(n, *c);
                    for (a, b) in [(a, b), (c, d), (a, c), (b, d)] {
                        pairs.push(Relation {
                            a,
                            b,
                            rel: Rel::ParityDiffers,
                        });
                    }
                }
                Variant::AntiBattenburg(c) => conditions.push(Cond::NotCheckerboard {
                    cells: block_cells(n, *c),
                }),
                Variant::LittleKiller { sum, cells, .. } => conditions.push(Cond::Linear {
                    cells: cells.clone(),
                    coefs: vec![1; cells.len()],
                    target: *sum as i32,
                }),
                Variant::Arrow { circle, cells } => {
                    let mut coefs = vec![1; cells.len()];
                    coefs.push(-1);
                    let mut all = cells.clone();
                    all.push(*circle);
                    conditions.push(Cond::Linear {
                        cells: all,
                        coefs,
                        target: 0,
                    });
                }
                Variant::Sandwich { row, index, sum } => conditions.push(Cond::Sandwich {
                    cells: Variant::line_cells(n, *row, *index),
                    sum: *sum,
                }),
                Variant::NonConsecutive => negative.push(Rel::NotConsecutive),
                Variant::KropkiNegative => negative.push(Rel::NoDot),
            }
        }
        // The negative constraints: every pair of orthogonal neighbours without the dot.
        for rel in negative {
            let skip = if rel == Rel::NoDot { &dotted } else { &white };
            for a in 0..n * n {
                let right = (a % n + 1 < n).then_some(a + 1);
                let down = (a / n + 1 < n).then_some(a + n);
                for b in [right, down].into_iter().flatten() {
                    if !skip.contains(&(a, b)) {
                        pairs.push(Relation { a, b, rel });
                    }
                }
            }
        }
        let mut houses_of: Vec<Vec<usize>> = vec![Vec::new(); n * n];
        for (h, cells) in houses.iter().enumerate() {
            for &c in cells {
                houses_of[c].push(h);
            }
        }
        let share = |a: usize, b: usize| houses_of[a].iter().any(|h| houses_of[b].contains(h));
        for r in 0..n as i64 {
            for c in 0..n as i64 {
                for &(dr, dc) in &moves {
                    let (r2, c2) = (r + dr, c + dc);
                    if r2 < 0 || c2 < 0 || r2 >= n as i64 || c2 >= n as i64 {
                        continue;
                    }
                    let (a, b) = ((r * n as i64 + c) as usize, (r2 * n as i64 + c2) as usize);
                    if !share(a, b)
                        && !pairs
                            .iter()
                            .any(|p| p.rel == Rel::NotEqual && p.a == a && p.b == b)
                    {
                        pairs.push(Relation {
                            a,
                            b,
                            rel: Rel::NotEqual,
                        });
                    }
                }
            }
        }
        let mut relations_of: Vec<Vec<usize>> = vec![Vec::new(); n * n];
        for (i, p) in pairs.iter().enumerate() {
            relations_of[p.a].push(i);
            relations_of[p.b].push(i);
        }
        let mut conditions_of: Vec<Vec<usize>> = vec![Vec::new(); n * n];
        for (i, k) in conditions.iter().enumerate() {
            for &c in k.cells() {
                conditions_of[c].push(i);
            }
        }
        let mut contradiction = None;
        let mut domains = Vec::with_capacity(n * n);
        for c in 0..n * n {
            let fits = |x: u8| !both[c] && odd[c].is_none_or(|o| x.is_multiple_of(2) == o);
            if let Some(g) = s.givens[c] {
                if !fits(g) && contradiction.is_none() {
                    contradiction = Some(format!(
                        "the given at {} is not {}",
                        name(n, c),
                        if both[c] {
                            "both odd and even"
                        } else if odd[c] == Some(true) {
                            "odd"
                        } else {
                            "even"
                        }
                    ));
                }
                domains.push(vec![g]);
                continue;
            }
            let mut d: Vec<u8> = (0..n as u8).filter(|&x| fits(x)).collect();
            for &h in &houses_of[c] {
                for &p in &houses[h] {
                    if let Some(g) = s.givens[p] {
                        d.retain(|&x| x != g);
                    }
                }
            }
            for &i in &relations_of[c] {
                let p = pairs[i];
                if p.a == c {
                    if let Some(g) = s.givens[p.b] {
                        d.retain(|&x| p.rel.allows(x, g));
                    }
                } else if let Some(g) = s.givens[p.a] {
                    d.retain(|&x| p.rel.allows(g, x));
                }
            }
            if d.is_empty() && contradiction.is_none() {
                contradiction = Some(if both[c] {
                    format!("{} is marked both odd and even", name(n, c))
                } else {
                    format!("the givens leave no candidate for {}", name(n, c))
                });
            }
            domains.push(d);
        }
        if contradiction.is_none() {
            'houses: for cells in &houses {
                for (i, &a) in cells.iter().enumerate() {
                    for &b in &cells[i + 1..] {
                        if s.givens[a].is_some() && s.givens[a] == s.givens[b] {
                            contradiction = Some(format!(
                                "the givens at {} and {} are equal in one house",
                                name(n, a),
                                name(n, b)
                            ));
                            break 'houses;
                        }
                    }
                }
            }
        }
        if contradiction.is_none() {
            for p in &pairs {
                if let (Some(x), Some(y)) = (s.givens[p.a], s.givens[p.b]) {
                    if !p.rel.allows(x, y) {
                        contradiction = Some(format!(
                            "the givens at {} and {} break a {:?} rule",
                            name(n, p.a),
                            name(n, p.b),
                            p.rel
                        ));
                        break;
                    }
                }
            }
        }
        Model {
            n,
            houses,
            relations: pairs,
            givens: s.givens.clone(),
            empty: (0..n * n).filter(|&c| s.givens[c].is_none()).collect(),
            domains,
            houses_of,
            relations_of,
            conditions,
            conditions_of,
            contradiction,
        }
    }

    /// The empty cells that share a house or a relation with empty cell `c`.
    pub fn peers(&self, c: usize) -> Vec<usize> {
        let mut out: Vec<usize> = self.houses_of[c]
            .iter()
            .flat_map(|&h| self.houses[h].iter().copied())
            .chain(self.relations_of[c].iter().map(|&i| {
                let p = self.relations[i];
                if p.a == c {
                    p.b
                } else {
                    p.a
                }
            }))
            .filter(|&p| p != c && self.givens[p].is_none())
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// This model with every cell's candidates listed from the largest down (the encoder and
    /// the native solver try them in this order).
    pub fn descending(mut self) -> Model {
        for d in &mut self.domains {
            d.reverse();
        }
        self
    }

    /// This model with every empty cell's candidates sorted by `key` (cell, candidate index),
    /// smallest first, ties by value (the encoder and the native solver try them in this order).
    pub fn sorted_values(mut self, key: impl Fn(usize, usize) -> f64) -> Model {
        for c in 0..self.domains.len() {
            if self.givens[c].is_some() {
                continue;
            }
            let mut idx: Vec<usize> = (0..self.domains[c].len()).collect();
            idx.sort_by(|&i, &j| key(c, i).total_cmp(&key(c, j)).then(i.cmp(&j)));
            self.domains[c] = idx.iter().map(|&i| self.domains[c][i]).collect();
        }
        self
    }

    /// The cell's name, `r1c1`.
    pub fn name(&self, c: usize) -> String {
        name(self.n, c)
    }
}
