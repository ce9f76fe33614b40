//! Rectangle packing stated through the backref IR.
//!
//! One item per canvas cell, in reading order: the cell is either already covered (option `-`)
//! or the top-left corner of a piece placed there (option `p{i}` unrotated, `p{i}r` rotated), in
//! the options' piece order (largest area first by default, or input order), unrotated first.
//! Resources are the canvas cells (all must be covered; numbered along the canvas's shorter
//! side) and, unless reuse is allowed, one per piece (used at most once). Because a cell is
//! checked right after its own item — nothing later can cover it — this is the seed's "next
//! free cell in reading order, then an unused piece that fits" search, stated statically.

use backref_program::{PackItem, PackOption, Program, ProgramError, VarId};

use crate::{Options, Placement, Puzzle};

/// A program for one puzzle.
pub struct Encoded {
    /// The program.
    pub program: Program,
    /// Cell variables in reading order (the search order).
    pub order: Vec<VarId>,
    /// The canvas width, to read cells back.
    pub width: usize,
}

/// States `puzzle` under `options`.
pub fn encode(puzzle: &Puzzle, options: &Options) -> Result<Encoded, ProgramError> {
    let (w, h) = (puzzle.canvas.width, puzzle.canvas.height);
    let cells = (w * h) as u32;
    let piece_resources = if options.allow_reuse {
        0
    } else {
        puzzle.pieces.len() as u32
    };
    // Pieces of the same size (up to rotation, when rotation is allowed) are interchangeable:
    // any solution can use them in input order, and the search tries them in that order, so a
    // piece is only tried once its nearest earlier twin is placed. A search hint: it never
    // changes whether a solution exists, nor the first one found; counting leaves it out, since
    // it skips the assignments of twins to each other's places.
    let same = |a: &crate::Piece, b: &crate::Piece| {
        (a.width, a.height) == (b.width, b.height)
            || (options.allow_rotation && (a.width, a.height) == (b.height, b.width))
    };
    // Equal pieces have equal areas, so every order keeps them in input order.
    let twin: Vec<Option<usize>> = (0..puzzle.pieces.len())
        .map(|i| {
            if options.allow_reuse || options.every_solution {
                return None;
            }
            (0..i)
                .rev()
                .find(|&k| same(&puzzle.pieces[k], &puzzle.pieces[i]))
        })
        .collect();
    // A cell's resource: numbered down the columns when the canvas is wider than tall, else
    // along the rows. The branch-reset form pads the group numbering between a piece's lines, so
    // the shorter way round pads less (`guillotine_24x16`: 0.51 → 0.34 million pads).
    let cell = |y: usize, x: usize| {
        if w > h {
            (x * h + y) as u32
        } else {
            (y * w + x) as u32
        }
    };
    let mut items = Vec::with_capacity(w * h);
    for r in 0..h {
        for c in 0..w {
            let mut opts = vec![PackOption {
                label: "-".into(),
                resources: vec![],
                requires: vec![],
            }];
            for i in puzzle.try_order(options.order) {
                let piece = &puzzle.pieces[i];
                let turns: &[bool] = if options.allow_rotation && !piece.is_square() {
                    &[false, true]
                } else {
                    &[false]
                };
                for &rotated in turns {
                    let (pw, ph) = piece.dims(rotated);
                    if r + ph > h || c + pw > w {
                        continue;
                    }
                    // The piece first: the engine tests an option's resources in this order,
                    // and late in the search most pieces are used while the cells to the
                    // right of and below the first free one are mostly free.
                    let mut resources: Vec<u32> = Vec::with_capacity(pw * ph + 1);
                    if !options.allow_reuse {
                        resources.push(cells + i as u32);
                    }
                    resources
                        .extend((r..r + ph).flat_map(|y| (c..c + pw).map(move |x| cell(y, x))));
                    opts.push(PackOption {
                        label: format!("p{i}{}", if rotated { "r" } else { "" }),
                        resources,
                        requires: twin[i].map(|t| vec![cells + t as u32]).unwrap_or_default(),
                    });
                }
            }
            items.push(PackItem {
                name: format!("A_{r}_{c}"),
                symmetry: None,
                options: opts,
            });
        }
    }
    let mut p = Program::new('T');
    let order = p.packing(items, cells + piece_resources, cells)?;
    Ok(Encoded {
        program: p,
        order,
        width: w,
    })
}

impl Encoded {
    /// Reads the placements, in use order (reading order of their corners), from decoded values.
    pub fn placements(&self, values: &[String]) -> Vec<Placement> {
        self.order
            .iter()
            .enumerate()
            .filter_map(|(k, v)| {
                let label = values[v.index()].strip_prefix('p')?;
                let rotated = label.ends_with('r');
                let piece = label.trim_end_matches('r').parse().ok()?;
                Some(Placement {
                    piece,
                    row: k / self.width,
                    col: k % self.width,
                    rotated,
                })
            })
            .collect()
    }
}
