//! Constructors of the line gadgets: constraints over rows and columns of booleans that grid
//! puzzles share. "No run of more than `max` equal values" ([`Program::no_run`], Binairo's "no
//! three equal in a row") is [`Gadget::NotAllEqual`] on every window of `max + 1`; "no two
//! lines alike" ([`Program::all_differ`]) is [`Gadget::Differ`] on every pair of lines.

use crate::error::ProgramError;
use crate::gadget::{Cmp, Form, Gadget};
use crate::program::{Program, StmtId, VarId};

impl Program {
    fn line_bools(&self, what: &str, vars: &[VarId]) -> Result<(), ProgramError> {
        for v in vars {
            match self.vars.get(v.index()) {
                Some(var) if var.boolean => {}
                Some(var) => return Err(ProgramError::NotBoolean(var.name.clone())),
                None => return Err(ProgramError::UnknownVar(v.0)),
            }
        }
        if vars.len() < 2 && what == "not_all_equal" {
            return Err(ProgramError::Arity(format!(
                "{what}: at least two booleans, got {}",
                vars.len()
            )));
        }
        Ok(())
    }

    fn push_line(&mut self, g: Gadget) -> StmtId {
        self.statements.push(g);
        StmtId(self.statements.len() as u32 - 1)
    }

    /// The booleans `vars` (at least two) are not all equal: some is true and some is false.
    pub fn not_all_equal(&mut self, vars: &[VarId]) -> Result<StmtId, ProgramError> {
        self.line_bools("not_all_equal", vars)?;
        Ok(self.push_line(Gadget::NotAllEqual {
            vars: vars.to_vec(),
        }))
    }

    /// No `max + 1` consecutive booleans of `line` are equal (`max` ≥ 1): one
    /// [`Gadget::NotAllEqual`] per window, each checked as soon as its last cell is set.
    pub fn no_run(&mut self, line: &[VarId], max: usize) -> Result<Vec<StmtId>, ProgramError> {
        if max == 0 {
            return Err(ProgramError::Arity("no_run: max must be at least 1".into()));
        }
        self.line_bools("no_run", line)?;
        let mut out = Vec::new();
        for window in line.windows(max + 1) {
            out.push(self.not_all_equal(window)?);
        }
        Ok(out)
    }

    /// The boolean sequences `left` and `right` (equally long, not empty) differ in at least one
    /// position.
    pub fn differ(&mut self, left: &[VarId], right: &[VarId]) -> Result<StmtId, ProgramError> {
        self.line_bools("differ", left)?;
        self.line_bools("differ", right)?;
        if left.len() != right.len() || left.is_empty() {
            return Err(ProgramError::Arity(format!(
                "differ: two non-empty sequences of one length, got {} and {}",
                left.len(),
                right.len()
            )));
        }
        Ok(self.push_line(Gadget::Differ {
            left: left.to_vec(),
            right: right.to_vec(),
        }))
    }

    /// Exactly `k` of the booleans `line` are true, checked on every prefix as soon as it is
    /// set: once `i` cells are set, at most `k` and at least `k − (len − i)` of them are true.
    /// Flat counts only, so unlike a ladder count it needs no capture group per cell (large
    /// grids stay within PCRE2's JIT frame), at the price of reading each prefix again.
    pub fn exactly_k_by_prefixes(
        &mut self,
        line: &[VarId],
        k: u32,
    ) -> Result<Vec<StmtId>, ProgramError> {
        self.line_bools("exactly_k_by_prefixes", line)?;
        let n = line.len() as u32;
        let mut out = Vec::new();
        for i in 1..=n {
            let prefix = &line[..i as usize];
            let terms: Vec<(VarId, u32)> = prefix.iter().map(|v| (*v, 1)).collect();
            let missing = n - i;
            if i == n {
                out.push(self.count(&terms, Cmp::Eq, k, Form::Flat)?);
                continue;
            }
            if i > k {
                out.push(self.count(&terms, Cmp::Le, k, Form::Flat)?);
            }
            if k > missing {
                out.push(self.count(&terms, Cmp::Ge, k - missing, Form::Flat)?);
            }
        }
        Ok(out)
    }

    /// If the boolean `x` is true, every boolean of `others` is false: one flat weighted count,
    /// `x` weighing as much as all of `others` together, at most that weight
    /// (`\g{x}{m}\g{o1}..\g{om}T{0,m}+;` on m tokens). Nothing when `others` is empty.
    pub fn excludes(&mut self, x: VarId, others: &[VarId]) -> Result<Option<StmtId>, ProgramError> {
        if others.is_empty() {
            return Ok(None);
        }
        let m = others.len() as u32;
        let mut terms = vec![(x, m)];
        terms.extend(others.iter().map(|o| (*o, 1)));
        self.count(&terms, Cmp::Le, m, Form::Flat).map(Some)
    }

    /// Adjacency exclusion on a grid of booleans (`None`: no cell there): no two true cells
    /// touch, orthogonally, and diagonally too when `diagonal`. Each cell excludes its
    /// neighbours that come before it in reading order ([`Program::excludes`]), so every
    /// touching pair is stated once and, in a row-by-row search, checked as soon as the later
    /// cell is set.
    pub fn no_two_adjacent(
        &mut self,
        grid: &[Vec<Option<VarId>>],
        diagonal: bool,
    ) -> Result<Vec<StmtId>, ProgramError> {
        let at = |r: isize, c: isize| -> Option<VarId> {
            if r < 0 || c < 0 {
                return None;
            }
            *grid.get(r as usize)?.get(c as usize)?
        };
        let mut out = Vec::new();
        for (r, row) in grid.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                let Some(x) = *cell else { continue };
                let (r, c) = (r as isize, c as isize);
                let mut before = vec![(r, c - 1), (r - 1, c)];
                if diagonal {
                    before.extend([(r - 1, c - 1), (r - 1, c + 1)]);
                }
                let others: Vec<VarId> = before.iter().filter_map(|&(r, c)| at(r, c)).collect();
                self.line_bools("no_two_adjacent", &others)?;
                if let Some(s) = self.excludes(x, &others)? {
                    out.push(s);
                }
            }
        }
        Ok(out)
    }

    /// The visibility lines of a grid of booleans (`None`: a wall): the maximal runs of cells
    /// between walls, first every row's from left to right, then every column's from top to
    /// bottom.
    pub fn visibility_lines(grid: &[Vec<Option<VarId>>]) -> Vec<Vec<VarId>> {
        let mut lines = Vec::new();
        let mut push = |cells: &mut dyn Iterator<Item = Option<VarId>>| {
            let mut run = Vec::new();
            for cell in cells.chain(std::iter::once(None)) {
                match cell {
                    Some(v) => run.push(v),
                    None if !run.is_empty() => lines.push(std::mem::take(&mut run)),
                    None => {}
                }
            }
        };
        for row in grid {
            push(&mut row.iter().copied());
        }
        let width = grid.iter().map(Vec::len).max().unwrap_or(0);
        for c in 0..width {
            push(&mut grid.iter().map(|row| row.get(c).copied().flatten()));
        }
        lines
    }

    /// Light Up's lighting on a grid of booleans (`None`: a wall): on every visibility line at
    /// most one cell is true (each cell excludes the earlier cells of its two lines,
    /// [`Program::excludes`], so a clash fails as soon as the later cell is set), and every
    /// cell sees a true one on its row line or its column line (a flat count of at least one
    /// over both, checked once the last of them is set).
    pub fn visibility_cover(
        &mut self,
        grid: &[Vec<Option<VarId>>],
    ) -> Result<Vec<StmtId>, ProgramError> {
        let lines = Program::visibility_lines(grid);
        let mut of: std::collections::HashMap<VarId, Vec<usize>> = Default::default();
        for (i, line) in lines.iter().enumerate() {
            self.line_bools("visibility_cover", line)?;
            for v in line {
                of.entry(*v).or_default().push(i);
            }
        }
        let mut out = Vec::new();
        for row in grid {
            for x in row.iter().flatten() {
                let mut earlier = Vec::new();
                let mut seen: Vec<VarId> = Vec::new();
                for &i in &of[x] {
                    let line = &lines[i];
                    let at = line.iter().position(|v| v == x).expect("in its line");
                    earlier.extend_from_slice(&line[..at]);
                    seen.extend(line.iter().copied());
                }
                if let Some(s) = self.excludes(*x, &earlier)? {
                    out.push(s);
                }
                seen.sort();
                seen.dedup();
                let terms: Vec<(VarId, u32)> = seen.iter().map(|v| (*v, 1)).collect();
                out.push(self.count(&terms, Cmp::Ge, 1, Form::Flat)?);
            }
        }
        Ok(out)
    }

    /// No two of `lines` (boolean sequences of one length) are equal: a [`Gadget::Differ`] for
    /// every pair.
    pub fn all_differ(&mut self, lines: &[Vec<VarId>]) -> Result<Vec<StmtId>, ProgramError> {
        let mut out = Vec::new();
        for (i, a) in lines.iter().enumerate() {
            for b in &lines[i + 1..] {
                out.push(self.differ(a, b)?);
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use crate::gadget::{Cmp, Gadget};
    use crate::program::Program;
    use crate::ProgramError;

    fn holds(p: &Program, values: &[&str]) -> Vec<bool> {
        let values: Vec<String> = values.iter().map(|s| s.to_string()).collect();
        p.statements
            .iter()
            .filter(|g| matches!(g, Gadget::NotAllEqual { .. } | Gadget::Differ { .. }))
            .map(|g| g.holds(p, &values))
            .collect()
    }

    #[test]
    fn no_run_states_one_window_per_position_and_means_no_three_equal() {
        let mut p = Program::new('1');
        let line: Vec<_> = (0..5)
            .map(|i| p.bool_var(&format!("x{i}"), false).unwrap())
            .collect();
        assert_eq!(p.no_run(&line, 2).unwrap().len(), 3);
        assert_eq!(holds(&p, &["1", "1", "", "1", "1"]), [true, true, true]);
        assert_eq!(holds(&p, &["1", "", "", "", "1"]), [true, false, true]);
        assert_eq!(holds(&p, &["1", "1", "1", "", ""]), [false, true, true]);
        assert!(matches!(p.no_run(&line, 0), Err(ProgramError::Arity(_))));
    }

    #[test]
    fn prefixes_bound_the_count_as_it_grows() {
        let mut p = Program::new('1');
        let line: Vec<_> = (0..4)
            .map(|i| p.bool_var(&format!("x{i}"), false).unwrap())
            .collect();
        // Two of four: the prefix of 3 at most 2 and at least 1; the whole line exactly 2.
        let stmts = p.exactly_k_by_prefixes(&line, 2).unwrap();
        let bounds: Vec<(usize, Cmp, u32)> = stmts
            .iter()
            .map(|s| match &p.statements[s.0 as usize] {
                Gadget::Count { terms, cmp, k, .. } => (terms.len(), *cmp, *k),
                g => panic!("{g:?}"),
            })
            .collect();
        assert_eq!(bounds, [(3, Cmp::Le, 2), (3, Cmp::Ge, 1), (4, Cmp::Eq, 2)]);
    }

    #[test]
    fn adjacency_exclusion_means_no_two_touching_true_cells() {
        let mut p = Program::new('1');
        let grid: Vec<Vec<Option<_>>> = (0..2)
            .map(|r| {
                (0..2)
                    .map(|c| Some(p.bool_var(&format!("x{r}{c}"), false).unwrap()))
                    .collect()
            })
            .collect();
        let stmts = p.no_two_adjacent(&grid, true).unwrap();
        // (0,1) excludes (0,0); (1,0) excludes (0,0), (0,1); (1,1) excludes (1,0), (0,1), (0,0).
        assert_eq!(stmts.len(), 3);
        let all = |values: [&str; 4]| {
            let values: Vec<String> = values.iter().map(|s| s.to_string()).collect();
            stmts
                .iter()
                .all(|s| p.statements[s.0 as usize].holds(&p, &values))
        };
        assert!(all(["1", "", "", ""]));
        assert!(!all(["1", "", "", "1"]));
        assert!(!all(["", "1", "1", ""]));
        assert!(all(["", "", "", ""]));
        let orthogonal = p.no_two_adjacent(&grid, false).unwrap();
        assert_eq!(orthogonal.len(), 3);
        let values: Vec<String> = ["", "1", "1", ""].iter().map(|s| s.to_string()).collect();
        assert!(orthogonal
            .iter()
            .all(|s| p.statements[s.0 as usize].holds(&p, &values)));
    }

    #[test]
    fn visibility_lines_stop_at_walls_and_every_cell_must_be_lit_once() {
        let mut p = Program::new('1');
        // a . b
        // c # d      (# a wall)
        let v: Vec<_> = (0..4)
            .map(|i| p.bool_var(&format!("x{i}"), false).unwrap())
            .collect();
        let grid = vec![
            vec![Some(v[0]), None, Some(v[1])],
            vec![Some(v[2]), None, Some(v[3])],
        ];
        let lines = Program::visibility_lines(&grid);
        assert_eq!(
            lines,
            vec![
                vec![v[0]],
                vec![v[1]],
                vec![v[2]],
                vec![v[3]],
                vec![v[0], v[2]],
                vec![v[1], v[3]]
            ]
        );
        let stmts = p.visibility_cover(&grid).unwrap();
        let all = |values: [&str; 4]| {
            let values: Vec<String> = values.iter().map(|s| s.to_string()).collect();
            stmts
                .iter()
                .all(|s| p.statements[s.0 as usize].holds(&p, &values))
        };
        assert!(all(["1", "1", "", ""]));
        assert!(all(["", "1", "1", ""]));
        assert!(!all(["1", "1", "1", ""])); // two in the first column
        assert!(!all(["1", "", "", ""])); // the right column is dark
    }

    #[test]
    fn differ_means_some_position_differs() {
        let mut p = Program::new('1');
        let v: Vec<_> = (0..4)
            .map(|i| p.bool_var(&format!("x{i}"), false).unwrap())
            .collect();
        let lines = vec![v[0..2].to_vec(), v[2..4].to_vec()];
        assert_eq!(p.all_differ(&lines).unwrap().len(), 1);
        assert_eq!(holds(&p, &["1", "", "1", ""]), [false]);
        assert_eq!(holds(&p, &["1", "", "", "1"]), [true]);
        assert_eq!(holds(&p, &["", "", "", ""]), [false]);
        assert!(p.differ(&v[0..1], &v[1..3]).is_err());
        let c = p.choice_var("c", &["a", "b"]).unwrap();
        assert!(matches!(
            p.differ(&[c], &[v[0]]),
            Err(ProgramError::NotBoolean(_))
        ));
    }
}
