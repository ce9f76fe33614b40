//! Counts the nodes of the segment encoding's search tree under candidate prunings.
//!
//! `cargo run --release -p backref-rectangles --example prune_nodes -- FILE [LIMIT [ORDER]]`
//!
//! The tree is the pattern's: the first free cell in reading order, pieces in ORDER (`input`,
//! `area`: largest first, `side`, `small`; add `+transpose` to scan the canvas column by
//! column), upright before turned, a piece only once its nearest earlier twin is placed. Each
//! line of the output adds one pruning and gives the placements made (nodes) up to the first
//! solution, or `>LIMIT`. A measuring tool for docs/performance.md ("Rectangles: the big
//! guillotines"); the native solver stays as it is.

use std::time::Instant;

use backref_rectangles::{parse, Options, Puzzle};

#[derive(Clone, Copy, Default)]
struct Prune {
    /// Every free cell can still be covered by some unused piece on free cells.
    cover: bool,
    /// The first free cell can be covered (the search's own next step: no gain).
    run: bool,
    /// Every well's width is a sum of widths of distinct unused pieces that fit under.
    wells: bool,
    /// Only the well at the first free cell.
    first_well: bool,
    /// The free length of each edge column is a sum of heights of distinct unused pieces.
    edges: bool,
}

struct Sim<'a> {
    p: &'a Puzzle,
    w: usize,
    h: usize,
    grid: Vec<bool>,
    used: Vec<bool>,
    twin: Vec<Option<usize>>,
    prune: Prune,
    nodes: u64,
    limit: u64,
}

impl Sim<'_> {
    fn dims(&self, i: usize) -> Vec<(usize, usize)> {
        let pc = &self.p.pieces[i];
        if pc.is_square() {
            vec![(pc.width, pc.height)]
        } else {
            vec![(pc.width, pc.height), (pc.height, pc.width)]
        }
    }

    fn fits(&self, r: usize, c: usize, pw: usize, ph: usize) -> bool {
        r + ph <= self.h
            && c + pw <= self.w
            && (r..r + ph).all(|y| (c..c + pw).all(|x| !self.grid[y * self.w + x]))
    }

    fn set(&mut self, r: usize, c: usize, pw: usize, ph: usize, v: bool) {
        for y in r..r + ph {
            for x in c..c + pw {
                self.grid[y * self.w + x] = v;
            }
        }
    }

    /// Whether free cell `k` has some placement of an unused piece over free cells anchored at
    /// or after `from` (reading order).
    fn coverable(&self, k: usize, from: usize) -> bool {
        let (kr, kc) = (k / self.w, k % self.w);
        for i in 0..self.p.pieces.len() {
            if self.used[i] {
                continue;
            }
            for (pw, ph) in self.dims(i) {
                for r in kr.saturating_sub(ph - 1)..=kr {
                    for c in kc.saturating_sub(pw - 1)..=kc {
                        if r * self.w + c >= from && self.fits(r, c, pw, ph) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    fn dead(&self, from: usize) -> bool {
        if self.prune.cover {
            for k in from..self.w * self.h {
                if !self.grid[k] && !self.coverable(k, from) {
                    return true;
                }
            }
        }
        if self.prune.wells || self.prune.first_well || self.prune.edges {
            let hs: Vec<usize> = (0..self.w)
                .map(|x| {
                    (0..self.h)
                        .take_while(|&y| self.grid[y * self.w + x])
                        .count()
                })
                .collect();
            if self.prune.wells || self.prune.first_well {
                let first = (0..self.w).min_by_key(|&x| (hs[x], x)).unwrap();
                let mut s = 0;
                while s < self.w {
                    let mut e = s + 1;
                    while e < self.w && hs[e] == hs[s] {
                        e += 1;
                    }
                    let ll = s == 0 || hs[s - 1] > hs[s];
                    let lr = e == self.w || hs[e] > hs[s];
                    if ll
                        && lr
                        && hs[s] < self.h
                        && (self.prune.wells || (s..e).contains(&first))
                        && !self.reach(e - s, self.h - hs[s], false)
                    {
                        return true;
                    }
                    s = e;
                }
            }
            if self.prune.edges {
                for x in [0, self.w - 1] {
                    if hs[x] < self.h && !self.reach(self.h - hs[x], self.w, true) {
                        return true;
                    }
                }
            }
        }
        if self.prune.run {
            // The first free cell only.
            if let Some(k) = (from..self.w * self.h).find(|&k| !self.grid[k]) {
                if !self.coverable(k, k) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `len` is a sum of placed lengths of distinct unused pieces, each at most `room`
    /// across.
    fn reach(&self, len: usize, room: usize, vertical: bool) -> bool {
        let mut r = vec![false; len + 1];
        r[0] = true;
        for i in 0..self.p.pieces.len() {
            if self.used[i] {
                continue;
            }
            let ls: Vec<usize> = self
                .dims(i)
                .into_iter()
                .filter_map(|(pw, ph)| {
                    let (along, across) = if vertical { (ph, pw) } else { (pw, ph) };
                    (across <= room && along <= len).then_some(along)
                })
                .collect();
            for s in (1..=len).rev() {
                if ls.iter().any(|&l| l <= s && r[s - l]) {
                    r[s] = true;
                }
            }
        }
        r[len]
    }

    fn search(&mut self, from: usize) -> bool {
        let Some(k) = (from..self.w * self.h).find(|&k| !self.grid[k]) else {
            return true;
        };
        let (r, c) = (k / self.w, k % self.w);
        for i in 0..self.p.pieces.len() {
            if self.used[i] || self.twin[i].is_some_and(|t| !self.used[t]) {
                continue;
            }
            for (pw, ph) in self.dims(i) {
                if !self.fits(r, c, pw, ph) {
                    continue;
                }
                self.nodes += 1;
                if self.nodes > self.limit {
                    return false;
                }
                self.set(r, c, pw, ph, true);
                self.used[i] = true;
                if !self.dead(k + 1) && self.search(k + 1) {
                    return true;
                }
                self.used[i] = false;
                self.set(r, c, pw, ph, false);
            }
        }
        false
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("a puzzle file");
    let limit: u64 = args
        .get(2)
        .map_or(50_000_000, |l| l.parse().expect("a number"));
    let mut p = parse(&text).expect("a puzzle");
    let o = Options::default();
    let mode = args.get(3).map_or("input", String::as_str);
    if mode.contains("transpose") {
        std::mem::swap(&mut p.canvas.width, &mut p.canvas.height);
        for pc in &mut p.pieces {
            std::mem::swap(&mut pc.width, &mut pc.height);
        }
    }
    if mode.contains("area") {
        p.pieces
            .sort_by_key(|pc| std::cmp::Reverse(pc.width * pc.height));
    }
    if mode.contains("side") {
        p.pieces
            .sort_by_key(|pc| std::cmp::Reverse((pc.width.max(pc.height), pc.width * pc.height)));
    }
    if mode.contains("small") {
        p.pieces.sort_by_key(|pc| pc.width * pc.height);
    }
    let same = |a: &backref_rectangles::Piece, b: &backref_rectangles::Piece| {
        (a.width, a.height) == (b.width, b.height)
            || (o.allow_rotation && (a.width, a.height) == (b.height, b.width))
    };
    let twin: Vec<Option<usize>> = (0..p.pieces.len())
        .map(|i| (0..i).rev().find(|&k| same(&p.pieces[k], &p.pieces[i])))
        .collect();
    for (name, prune) in [
        ("twins", Prune::default()),
        (
            "twins + first free cell coverable",
            Prune {
                run: true,
                ..Prune::default()
            },
        ),
        (
            "twins + every free cell coverable",
            Prune {
                cover: true,
                ..Prune::default()
            },
        ),
        (
            "twins + wells",
            Prune {
                wells: true,
                ..Prune::default()
            },
        ),
        (
            "twins + first well",
            Prune {
                first_well: true,
                ..Prune::default()
            },
        ),
        (
            "twins + edges",
            Prune {
                edges: true,
                ..Prune::default()
            },
        ),
        (
            "twins + wells + edges",
            Prune {
                wells: true,
                edges: true,
                ..Prune::default()
            },
        ),
    ] {
        let mut sim = Sim {
            p: &p,
            w: p.canvas.width,
            h: p.canvas.height,
            grid: vec![false; p.canvas.area()],
            used: vec![false; p.pieces.len()],
            twin: twin.clone(),
            prune,
            nodes: 0,
            limit,
        };
        let t = Instant::now();
        let found = sim.search(0);
        let nodes = if sim.nodes > limit {
            format!(">{limit}")
        } else {
            sim.nodes.to_string()
        };
        println!(
            "{name}: {nodes} nodes, {} ({:.1} ms)",
            if found {
                "solved"
            } else {
                "no solution / limit"
            },
            t.elapsed().as_secs_f64() * 1e3
        );
    }
}
