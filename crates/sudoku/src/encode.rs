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
//! No resource must be covered: a grid with every empty cell filled this way is a solution.

use std::collections::HashMap;

use backref_program::{PackItem, PackOption, Program, ProgramError, VarId};

use crate::grid::symbol;
use crate::model::Model;

/// A program for one puzzle, with its decision order and the cell each item fills.
pub struct Encoded {
    /// The program.
    pub program: Program,
    /// The item variables in search order.
    pub order: Vec<VarId>,
    /// The cell of each item, in the same order.
    pub cells: Vec<usize>,
}

/// States the puzzle of `m` with the empty cells decided in `cells` order.
pub fn encode(m: &Model, cells: &[usize], lowercase: bool) -> Result<Encoded, ProgramError> {
    if m.contradiction.is_some() {
        // The givens already break a rule (the pipeline reports it as ruled out; counting and
        // emitting still get a program): one decision that no table row allows.
        let mut program = Program::new('X');
        let v = program.choice_var("contradiction", &["X"])?;
        program.table(&[v], Vec::new())?;
        return Ok(Encoded {
            program,
            order: vec![v],
            cells: Vec::new(),
        });
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
    let mut must_cover = 0u32;
    for (h, house) in m.houses.iter().enumerate().filter(|(_, h)| full(h)) {
        for x in 0..m.n as u8 {
            if !house.iter().any(|&c| m.givens[c] == Some(x)) {
                add(&users_in(house, x), house_name(h, x));
                must_cover += 1;
            }
        }
    }
    for (h, house) in m.houses.iter().enumerate().filter(|(_, h)| !full(h)) {
        for x in 0..m.n as u8 {
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
    let items = cells
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
    let mut program = Program::new('X');
    let order = program.packing(items, next, must_cover)?;
    program.name_resources(&order, names)?;
    Ok(Encoded {
        program,
        order,
        cells: cells.to_vec(),
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
        for (v, &c) in self.order.iter().zip(&self.cells) {
            grid[c] = values[v.index()].chars().next().unwrap_or('.');
        }
        grid.chunks(m.n).map(|r| r.iter().collect()).collect()
    }
}
