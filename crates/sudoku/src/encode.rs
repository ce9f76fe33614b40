//! Sudoku stated through the IR's packing gadget: each empty cell is an item choosing one of its
//! candidates; a candidate uses resources that no two chosen candidates may share.
//!
//! - (house, value) for every house (row, column, box or region, extra house) where at least
//!   two empty cells have the value as a candidate: two cells of a house never take one value;
//! - for a relation between two empty cells (anti-knight, thermometer, dots, ...), a star cover
//!   of its forbidden pairs: on the side with fewer values in some forbidden pair, one resource
//!   per such value `v`, used by that cell's option `v` and by every option of the other cell
//!   that `v` forbids (a not-equal relation is one resource per common value).
//!
//! - a condition over more than two cells (killer cage, quadruple,
//!   anti-Battenburg, sandwich) is a condition item of [`backref_program::conditions`]: its
//!   options are disjoint cubes ("every cell of the cage in {1, 2, 6}"), decided right after
//!   one of its empty cells in the order (as `order::anchor_rank` says: the first, a
//!   quadruple's third, a sandwich's last); a cube that a given contradicts is dropped,
//!   restrictions on given cells vanish;
//! - a linear sum with repeats allowed (little killer, arrow) is a chain of transition items
//!   over prefix sums, each right after its cell ([`chain`]).
//!
//! Only the full houses' resources must be covered.

use std::collections::HashMap;

use backref_program::conditions::{self, Condition, Cube};
use backref_program::{PackItem, PackOption, Program, ProgramError, VarId};

use crate::grid::symbol;
use crate::model::{Cond, Model};

/// A program for one puzzle, with its decision order and the cell each item fills.
pub struct Encoded {
    /// The program.
    pub program: Program,
    /// The item variables in search order.
    pub order: Vec<VarId>,
    /// The cell of each item, in the same order (`None`: a condition item).
    pub cells: Vec<Option<usize>>,
}

/// The most cubes one condition may have (killer cages on large grids can have more).
pub const MAX_CUBES: usize = 5000;

/// A program that fails at once: one decision that no table row allows.
fn contradiction() -> Result<Encoded, ProgramError> {
    let mut program = Program::new('X');
    let v = program.choice_var("contradiction", &["X"])?;
    program.table(&[v], Vec::new())?;
    Ok(Encoded {
        program,
        order: vec![v],
        cells: Vec::new(),
    })
}

/// A cube over cells: its label and, per restricted cell, the values it allows.
pub(crate) type CellCube = (String, Vec<(usize, Vec<u8>)>);

/// The disjoint cubes of condition `k`, over cells and values; several conditions for a
/// quadruple (one per listed value). Each comes with a name stem. (The cover order reads them
/// too, to weigh the conditions: `order.rs`.)
pub(crate) fn cubes_of(m: &Model, k: &Cond) -> Result<Vec<(String, Vec<CellCube>)>, ProgramError> {
    let n = m.n as u8;
    let all: Vec<u8> = (0..n).collect();
    Ok(match k {
        Cond::Sum { cells, sum } => {
            // Every set of |cells| distinct values whose numbers sum to `sum`, increasing.
            let mut out = Vec::new();
            let mut set = Vec::new();
            fn sets(
                n: u8,
                from: u8,
                left: usize,
                sum: i64,
                set: &mut Vec<u8>,
                out: &mut Vec<Vec<u8>>,
            ) {
                if left == 0 {
                    if sum == 0 {
                        out.push(set.clone());
                    }
                    return;
                }
                for x in from..n {
                    if (x as i64 + 1) > sum {
                        break;
                    }
                    set.push(x);
                    sets(n, x + 1, left - 1, sum - (x as i64 + 1), set, out);
                    set.pop();
                }
            }
            sets(n, 0, cells.len(), *sum as i64, &mut set, &mut out);
            if out.len() > MAX_CUBES {
                return Err(ProgramError::Arity(format!(
                    "a killer cage of {} cells summing to {sum} has {} value sets, more than {MAX_CUBES}",
                    cells.len(),
                    out.len()
                )));
            }
            let cubes = out
                .into_iter()
                .map(|set| {
                    let label: String = set.iter().map(|&x| symbol(x, false)).collect();
                    (label, cells.iter().map(|&c| (c, set.clone())).collect())
                })
                .collect();
            vec![("k".to_string(), cubes)]
        }
        Cond::Contains { cells, values } => {
            // One cube per placement of every listed value on its FIRST block cells holding
            // it (block order): a value's cells hold it, the cells before its last one that
            // are not its own do not. Canonical, so exactly one cube fits a solution; joint
            // over the values, so two values never claim one cell.
            let mut distinct = values.clone();
            distinct.sort_unstable();
            distinct.dedup();
            let times: Vec<usize> = distinct
                .iter()
                .map(|v| values.iter().filter(|&w| w == v).count())
                .collect();
            let mut cubes = Vec::new();
            let mut masks = vec![0u32; distinct.len()];
            fn place(
                k: usize,
                times: &[usize],
                taken: u32,
                masks: &mut Vec<u32>,
                out: &mut Vec<Vec<u32>>,
            ) {
                if k == times.len() {
                    out.push(masks.clone());
                    return;
                }
                for mask in 0u32..16 {
                    if mask.count_ones() as usize == times[k] && mask & taken == 0 {
                        masks[k] = mask;
                        place(k + 1, times, taken | mask, masks, out);
                    }
                }
            }
            let mut placements = Vec::new();
            place(0, &times, 0, &mut masks, &mut placements);
            for p in placements {
                let mut allowed: Vec<Vec<u8>> = vec![all.clone(); 4];
                let mut label = String::new();
                for (k, &mask) in p.iter().enumerate() {
                    let v = distinct[k];
                    let last = 31 - mask.leading_zeros() as usize;
                    for (j, ok) in allowed.iter_mut().enumerate() {
                        if mask & (1 << j) != 0 {
                            ok.retain(|&x| x == v);
                            label.push((b'a' + j as u8) as char);
                        } else if j < last {
                            ok.retain(|&x| x != v);
                        }
                    }
                }
                if allowed.iter().any(|a| a.is_empty()) {
                    continue;
                }
                let restrict = (0..4)
                    .filter(|&j| allowed[j].len() < all.len())
                    .map(|j| (cells[j], allowed[j].clone()))
                    .collect();
                cubes.push((label, restrict));
            }
            vec![("q".to_string(), cubes)]
        }
        Cond::NotCheckerboard { cells } => {
            let [a, b, c, d] = *cells;
            let odd: Vec<u8> = all.iter().copied().filter(|x| x % 2 == 0).collect();
            let even: Vec<u8> = all.iter().copied().filter(|x| x % 2 == 1).collect();
            let (o, e) = (|| odd.clone(), || even.clone());
            let cubes: Vec<Vec<(usize, Vec<u8>)>> = vec![
                vec![(a, o()), (b, o())],
                vec![(a, e()), (b, e())],
                vec![(a, o()), (b, e()), (c, o())],
                vec![(a, e()), (b, o()), (c, e())],
                vec![(a, o()), (b, e()), (c, e()), (d, e())],
                vec![(a, e()), (b, o()), (c, o()), (d, o())],
            ];
            let cubes = cubes
                .into_iter()
                .enumerate()
                .map(|(i, r)| ((i + 1).to_string(), r))
                .collect();
            vec![("ab".to_string(), cubes)]
        }
        Cond::Sandwich { cells, sum } => {
            // One cube per position of the 1 (p) and the N (q) and set of distinct middle
            // numbers (2 to N − 1) of the gap's size summing to `sum`: p holds 1, q holds N,
            // the cells between hold the set (a row or column holds each once, so exactly the
            // set). Disjoint: a solution fixes p, q and the set. At most 70 cubes on 9×9.
            let top = n - 1;
            let mut cubes = Vec::new();
            for p in 0..cells.len() {
                for q in 0..cells.len() {
                    if p == q {
                        continue;
                    }
                    let (lo, hi) = (p.min(q), p.max(q));
                    let gap = hi - lo - 1;
                    let mut sets = Vec::new();
                    subsets(1, top, gap, *sum as i64, &mut Vec::new(), &mut sets);
                    for set in sets {
                        let mut restrict = vec![(cells[p], vec![0]), (cells[q], vec![top])];
                        restrict.extend(cells[lo + 1..hi].iter().map(|&c| (c, set.clone())));
                        let label: String = set.iter().map(|&x| symbol(x, false)).collect();
                        cubes.push((format!("{}x{}_{label}", p + 1, q + 1), restrict));
                    }
                }
            }
            if cubes.len() > MAX_CUBES {
                return Err(ProgramError::Arity(format!(
                    "a sandwich summing to {sum} has {} placements, more than {MAX_CUBES}",
                    cubes.len()
                )));
            }
            vec![("sw".to_string(), cubes)]
        }
        // Stated as a chain of transition items ([`chain`]), not as cubes.
        Cond::Linear { .. } => Vec::new(),
    })
}

/// Every increasing set of `left` values from `from..to` whose numbers (value + 1) sum to `sum`.
fn subsets(from: u8, to: u8, left: usize, sum: i64, set: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
    if left == 0 {
        if sum == 0 {
            out.push(set.clone());
        }
        return;
    }
    for x in from..to {
        if x as i64 + 1 > sum {
            break;
        }
        set.push(x);
        subsets(x + 1, to, left - 1, sum - (x as i64 + 1), set, out);
        set.pop();
    }
}

/// How many bits number `k` values (0 for one).
fn bits(k: usize) -> usize {
    (usize::BITS - k.saturating_sub(1).leading_zeros()) as usize
}

/// A prefix sum as part of a label: `n3` for −3.
fn signed(x: i64) -> String {
    if x < 0 {
        format!("n{}", -x)
    } else {
        x.to_string()
    }
}

/// Where new resources go: the next free number and each one's name.
struct Fresh {
    next: u32,
    names: Vec<String>,
}

impl Fresh {
    fn add(&mut self, name: String) -> u32 {
        self.next += 1;
        self.names.push(name);
        self.next - 1
    }
}

/// A linear condition Σ coef · number = target (repeats allowed) as a chain of transition
/// items, one per empty cell in search order (givens are constants moved to the right):
/// `T_k` chooses (s_{k−1}, s_k), the prefix sums before and after the k-th cell, with
/// s_0 = 0, s_L = target and s_k − s_{k−1} = coef · number of that cell. Each s_k ranges
/// only over the values from which the rest of the cells (numbers 1 to N, or their
/// candidates) can still reach the target, so `T_k`, placed right after its cell, fails as
/// soon as the cells so far make the target unreachable. Two binary links keep it pairwise:
/// a bit of the cell's candidate index against the same bit of the value `T_k` implies, and
/// a bit of s_{k−1} in `T_{k−1}` against the same bit in `T_k` (one resource per bit and
/// side: a pair differing anywhere shares one). The `T_k` are determined by the cells, so
/// counts are unchanged. Returns (anchor item, item) pairs, or `None` when no filling can
/// reach the target.
fn chain(
    m: &Model,
    name: &str,
    k: &Cond,
    item_of: &[Option<usize>],
    items: &mut [PackItem],
    fresh: &mut Fresh,
) -> Option<Vec<(usize, PackItem)>> {
    let Cond::Linear {
        cells,
        coefs,
        target,
    } = k
    else {
        return Some(Vec::new());
    };
    let mut t = *target as i64;
    // (item, cell, coefficient) of the empty cells, in search order.
    let mut terms: Vec<(usize, usize, i64)> = Vec::new();
    for (&c, &k) in cells.iter().zip(coefs) {
        match (m.givens[c], item_of[c]) {
            (Some(g), _) => t -= k as i64 * (g as i64 + 1),
            (None, Some(i)) => terms.push((i, c, k as i64)),
            (None, None) => return None,
        }
    }
    terms.sort_unstable();
    if terms.is_empty() {
        return (t == 0).then(Vec::new);
    }
    let contrib: Vec<Vec<i64>> = terms
        .iter()
        .map(|&(_, c, k)| m.domains[c].iter().map(|&x| k * (x as i64 + 1)).collect())
        .collect();
    let len = terms.len();
    let lo = |j: usize| *contrib[j].iter().min().expect("a candidate");
    let hi = |j: usize| *contrib[j].iter().max().expect("a candidate");
    // The range of s_k: reachable from 0 by the first k cells and to t by the others.
    let range = |k: usize| -> (i64, i64) {
        let (plo, phi): (i64, i64) = ((0..k).map(lo).sum(), (0..k).map(hi).sum());
        let (slo, shi): (i64, i64) = ((k..len).map(lo).sum(), (k..len).map(hi).sum());
        (plo.max(t - shi), phi.min(t - slo))
    };
    let ranges: Vec<(i64, i64)> = (0..=len).map(range).collect();
    if ranges.iter().any(|(a, b)| a > b) {
        return None;
    }
    let mut out = Vec::with_capacity(len);
    // Per item: its options as (s_{k−1}, s_k, candidate index).
    let mut prev: Vec<(i64, i64, usize)> = Vec::new();
    for (j, &(item, _, _)) in terms.iter().enumerate() {
        let (a0, a1) = ranges[j];
        let (b0, b1) = ranges[j + 1];
        let mut opts = Vec::new();
        for a in a0..=a1 {
            for (u, &d) in contrib[j].iter().enumerate() {
                if (b0..=b1).contains(&(a + d)) {
                    opts.push((a, a + d, u));
                }
            }
        }
        if opts.is_empty() {
            return None;
        }
        let tname = format!("{name}_{}", j + 1);
        let mut res: Vec<Vec<u32>> = vec![Vec::new(); opts.len()];
        // The cell's candidate index, bit by bit.
        for bit in 0..bits(items[item].options.len()) {
            for beta in [0, 1] {
                let cell_side: Vec<usize> = (0..items[item].options.len())
                    .filter(|u| (u >> bit) & 1 == beta)
                    .collect();
                let t_side: Vec<usize> = (0..opts.len())
                    .filter(|&o| (opts[o].2 >> bit) & 1 != beta)
                    .collect();
                if cell_side.is_empty() || t_side.is_empty() {
                    continue;
                }
                let r = fresh.add(format!("{tname}_v{bit}_{beta}"));
                for u in cell_side {
                    items[item].options[u].resources.push(r);
                }
                for o in t_side {
                    res[o].push(r);
                }
            }
        }
        // s_{k−1}: T_{k−1}'s second sum against this one's first, bit by bit.
        if j > 0 {
            for bit in 0..bits((a1 - a0 + 1) as usize) {
                for beta in [0, 1] {
                    let here: Vec<usize> = (0..opts.len())
                        .filter(|&o| (((opts[o].0 - a0) as usize) >> bit) & 1 != beta)
                        .collect();
                    let before: Vec<usize> = (0..prev.len())
                        .filter(|&o| (((prev[o].1 - a0) as usize) >> bit) & 1 == beta)
                        .collect();
                    if here.is_empty() || before.is_empty() {
                        continue;
                    }
                    let r = fresh.add(format!("{tname}_s{bit}_{beta}"));
                    for o in here {
                        res[o].push(r);
                    }
                    let last: &mut (usize, PackItem) = out.last_mut().expect("T_{k-1}");
                    for o in before {
                        last.1.options[o].resources.push(r);
                    }
                }
            }
        }
        let options = opts
            .iter()
            .zip(res)
            .map(|(&(a, b, _), resources)| PackOption {
                label: format!("{}_{}", signed(a), signed(b)),
                resources,
                requires: vec![],
            })
            .collect();
        out.push((
            item,
            PackItem {
                name: tname,
                symmetry: None,
                options,
            },
        ));
        prev = opts;
    }
    Some(out)
}

/// States the puzzle of `m` with the empty cells decided in `cells` order.
pub fn encode(m: &Model, cells: &[usize], lowercase: bool) -> Result<Encoded, ProgramError> {
    if m.contradiction.is_some() {
        // The givens already break a rule (the pipeline reports it as ruled out; counting and
        // emitting still get a program).
        return contradiction();
    }
    // Resources of each (cell, candidate index).
    let mut uses: HashMap<(usize, usize), Vec<u32>> = HashMap::new();
    let mut next = 0u32;
    // What each resource is, for readable group names: `r3_5` (row 3 holds one 5), `c`, `b`
    // for columns and boxes (or jigsaw regions), `h` for extra houses, `x` for relations.
    let mut names: Vec<String> = Vec::new();
    let mut add = |users: &[(usize, usize)], name: String| {
        for &u in users {
            uses.entry(u).or_default().push(next);
        }
        next += 1;
        names.push(name);
    };
    let house_name = |h: usize, x: u8| {
        let (kind, i) = match h / m.n {
            0 => ('r', h + 1),
            1 => ('c', h - m.n + 1),
            2 => ('b', h - 2 * m.n + 1),
            _ => ('h', h - 3 * m.n + 1),
        };
        format!("{kind}{i}_{}", symbol(x, false))
    };
    let idx = |c: usize, x: u8| m.domains[c].iter().position(|&y| y == x);
    let users_in = |house: &[usize], x: u8| -> Vec<(usize, usize)> {
        house
            .iter()
            .filter(|&&c| m.givens[c].is_none())
            .filter_map(|&c| idx(c, x).map(|i| (c, i)))
            .collect()
    };
    // A full house (as many cells as values) must hold each value not given in it: those
    // resources come first and must be covered, even with one user or none (the packing then
    // fails at once, or right after that user's cell). Other houses only forbid repeats.
    let full = |house: &[usize]| house.len() == m.n;
    // Value by value: an option's three house resources then have nearby numbers, and the
    // branch-reset form pads each option up to its largest (about half the patterns' size).
    let mut must_cover = 0u32;
    for x in 0..m.n as u8 {
        for (h, house) in m.houses.iter().enumerate().filter(|(_, h)| full(h)) {
            if !house.iter().any(|&c| m.givens[c] == Some(x)) {
                add(&users_in(house, x), house_name(h, x));
                must_cover += 1;
            }
        }
    }
    for x in 0..m.n as u8 {
        for (h, house) in m.houses.iter().enumerate().filter(|(_, h)| !full(h)) {
            let users = users_in(house, x);
            if users.len() >= 2 {
                add(&users, house_name(h, x));
            }
        }
    }
    // Relation resources are numbered in the order they are stated.
    let mut relation = 0usize;
    for r in &m.relations {
        if m.givens[r.a].is_some() || m.givens[r.b].is_some() {
            continue; // the domains already say it
        }
        let (da, db) = (&m.domains[r.a], &m.domains[r.b]);
        let forbidden = |x: u8, y: u8| !r.rel.allows(x, y);
        let a_side: Vec<u8> = da
            .iter()
            .copied()
            .filter(|&x| db.iter().any(|&y| forbidden(x, y)))
            .collect();
        let b_side: Vec<u8> = db
            .iter()
            .copied()
            .filter(|&y| da.iter().any(|&x| forbidden(x, y)))
            .collect();
        if a_side.len() <= b_side.len() {
            for &x in &a_side {
                let mut users = vec![(r.a, idx(r.a, x).expect("a candidate"))];
                users.extend(
                    db.iter()
                        .enumerate()
                        .filter(|(_, &y)| forbidden(x, y))
                        .map(|(i, _)| (r.b, i)),
                );
                add(&users, format!("x{relation}"));
                relation += 1;
            }
        } else {
            for &y in &b_side {
                let mut users = vec![(r.b, idx(r.b, y).expect("a candidate"))];
                users.extend(
                    da.iter()
                        .enumerate()
                        .filter(|(_, &x)| forbidden(x, y))
                        .map(|(i, _)| (r.a, i)),
                );
                add(&users, format!("x{relation}"));
                relation += 1;
            }
        }
    }
    let mut items: Vec<PackItem> = cells
        .iter()
        .map(|&c| PackItem {
            name: m.name(c),
            symmetry: None,
            options: m.domains[c]
                .iter()
                .enumerate()
                .map(|(i, &x)| PackOption {
                    label: symbol(x, lowercase).to_string(),
                    resources: uses.get(&(c, i)).cloned().unwrap_or_default(),
                    requires: vec![],
                })
                .collect(),
        })
        .collect();
    // Conditions: cubes over the cell items, each anchored after one of its empty cells
    // (`order::anchor_rank`: the first, a quadruple's third, a sandwich's last).
    let mut item_of = vec![None; m.n * m.n];
    for (i, &c) in cells.iter().enumerate() {
        item_of[c] = Some(i);
    }
    let mut conds: Vec<Condition> = Vec::new();
    let mut anchors: Vec<usize> = Vec::new();
    for (ki, k) in m.conditions.iter().enumerate() {
        for (stem, cubes) in cubes_of(m, k)? {
            let mut kept = Vec::new();
            'cubes: for (label, restrict) in cubes {
                let mut allow = Vec::new();
                for (c, ok) in restrict {
                    match (m.givens[c], item_of[c]) {
                        (Some(g), _) if ok.contains(&g) => {}
                        (Some(_), _) => continue 'cubes, // a given contradicts the cube
                        (None, Some(i)) => allow.push((
                            i,
                            (0..m.domains[c].len())
                                .filter(|&j| ok.contains(&m.domains[c][j]))
                                .collect(),
                        )),
                        (None, None) => {
                            return Err(ProgramError::Arity(format!(
                                "{} is empty but not in the order",
                                m.name(c)
                            )))
                        }
                    }
                }
                kept.push(Cube { label, allow });
            }
            if kept.is_empty() {
                return contradiction();
            }
            let mut pos: Vec<usize> = k.cells().iter().filter_map(|&c| item_of[c]).collect();
            pos.sort_unstable();
            let at = crate::order::anchor_rank(k).min(pos.len().saturating_sub(1));
            let anchor = pos.get(at).copied();
            let Some(anchor) = anchor else {
                continue; // every cell given, and a cube holds
            };
            anchors.push(anchor);
            conds.push(Condition {
                name: format!("{stem}{}", ki + 1),
                cubes: kept,
            });
        }
    }
    let lowered = conditions::lower(&mut items, next, &conds);
    names.extend(lowered.names);
    let mut extra: Vec<Option<PackItem>> = lowered.items.into_iter().map(Some).collect();
    let mut fresh = Fresh {
        next: lowered.resources,
        names: Vec::new(),
    };
    for (ki, k) in m.conditions.iter().enumerate() {
        if !matches!(k, Cond::Linear { .. }) {
            continue;
        }
        let name = format!("ls{}", ki + 1);
        let Some(links) = chain(m, &name, k, &item_of, &mut items, &mut fresh) else {
            return contradiction();
        };
        for (anchor, item) in links {
            anchors.push(anchor);
            extra.push(Some(item));
        }
    }
    names.extend(fresh.names);
    let resources = fresh.next;
    let mut placed: Vec<PackItem> = Vec::with_capacity(items.len() + conds.len());
    let mut placed_cells = Vec::with_capacity(placed.capacity());
    for (i, item) in items.into_iter().enumerate() {
        placed.push(item);
        placed_cells.push(Some(cells[i]));
        for (k, &a) in anchors.iter().enumerate() {
            if a == i {
                placed.push(extra[k].take().expect("placed once"));
                placed_cells.push(None);
            }
        }
    }
    let mut program = Program::new('X');
    program.propagation = m.default_propagation();
    let order = program.packing(placed, resources, must_cover)?;
    program.name_resources(&order, names)?;
    Ok(Encoded {
        program,
        order,
        cells: placed_cells,
    })
}

impl Encoded {
    /// The answer's rows from decoded values: the givens, and each item's symbol in its cell.
    pub fn rows(&self, m: &Model, lowercase: bool, values: &[String]) -> Vec<String> {
        let mut grid: Vec<char> = m
            .givens
            .iter()
            .map(|g| g.map_or('.', |v| symbol(v, lowercase)))
            .collect();
        for (v, c) in self.order.iter().zip(&self.cells) {
            if let Some(c) = *c {
                grid[c] = values[v.index()].chars().next().unwrap_or('.');
            }
        }
        grid.chunks(m.n).map(|r| r.iter().collect()).collect()
    }
}
