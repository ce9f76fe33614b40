//! The packing's branch-reset form (PCRE2): every option of every item is an alternative of one
//! branch reset, so each resource has one group that any option can test and capture.

use super::packing::{
    compact_tokens, forced_split, item_keys, open_loop, symmetry_classes, Dominance, PackSpec,
};
use super::{reset_chain, Lowered, Lowerer};
use crate::ast::{Greed, GroupId, Node};

/// Most never-taken groups the branch-reset packing form may print before the trie form is
/// used instead. N-queens needs about 4·N³, so the form reaches N≈70: at N=64 the pattern is
/// 2.4 MB, generated in 60 ms and compiled in 0.2 s; N=100 would need 4 million and more than
/// the 100 ms its generation may take.
pub const RESET_PAD_BUDGET: u64 = 2_000_000;

/// Fewest never-taken groups the plain layout must print before the split layout (see
/// [`Split`]) is considered, and then only if it pads less than a third as much: the split
/// layout's options step onto a shape's letter, which costs match time, and where the padding
/// is small or hardly shrinks (Sudoku variants: to 0.58–0.75 of it) the plain layout compiles
/// fast enough. Rectangles shrink to 0.18–0.25 of it. `BACKREF_PACKING_SPLIT` (set to anything)
/// takes the split layout wherever it applies, for tests and measuring.
const SPLIT_FROM: u64 = 20_000;

/// An item's token and its pattern after the token.
type Branch = (String, Vec<Node>);

/// A test of group `g`: passes when it is set (`set`) or when it is not (`!set`), else fails.
fn is_set(g: GroupId, set: bool) -> Node {
    let (yes, no) = if set {
        (Node::Seq(vec![]), Node::Fail)
    } else {
        (Node::Fail, Node::Seq(vec![]))
    };
    Node::Cond {
        group: g,
        yes: Box::new(yes),
        no: Box::new(no),
    }
}

/// The branch reset that picks an item by its key: `(?|A..|B..|..)` for one-letter keys;
/// longer ones branch on their first letter, then on the rest (PCRE2 tries the alternatives in
/// turn, so past [`super::packing::ONE_LEVEL_MOST`] items two balanced levels test about twice
/// the square root of the items instead of up to one per item). `branches` holds each item's
/// key and its pattern after the key, in key order.
pub(super) fn dispatch(branches: Vec<Branch>) -> Node {
    let flat = |(t, rest): Branch| {
        let mut seq = vec![Node::lit(t)];
        seq.extend(rest);
        Node::Seq(seq)
    };
    if super::packing::plain() || branches.iter().all(|(t, _)| t.len() <= 1) {
        return Node::BranchReset(branches.into_iter().map(flat).collect());
    }
    let mut levels: Vec<(char, Vec<Branch>)> = Vec::new();
    for (t, rest) in branches {
        let mut chars = t.chars();
        let first = chars.next().expect("tokens are not empty");
        let entry = (chars.as_str().to_string(), rest);
        match levels.last_mut() {
            Some((c, group)) if *c == first => group.push(entry),
            _ => levels.push((first, vec![entry])),
        }
    }
    Node::BranchReset(
        levels
            .into_iter()
            .map(|(c, mut group)| {
                if group.len() == 1 {
                    let (t, rest) = group.pop().expect("one");
                    flat((format!("{c}{t}"), rest))
                } else {
                    Node::Seq(vec![Node::lit(c.to_string()), dispatch(group)])
                }
            })
            .collect(),
    )
}

impl Lowerer<'_> {
    /// The layout the branch-reset form takes for `spec`, decided once: the split one where it
    /// applies and pads far less, else the plain one; `None` when the form does not apply (the
    /// dialect lacks branch reset, conditionals or lookahead, or the padding would pass
    /// [`RESET_PAD_BUDGET`]).
    pub(super) fn reset_layout(&self, spec: &PackSpec) -> Option<Layout> {
        if !(self.features.branch_reset && self.features.conditionals && self.features.lookahead) {
            return None;
        }
        let plain = self.plain_pads(spec);
        let (layout, pads) = match self.split_layout(spec, plain) {
            Some((split, pads)) => (Layout::Split(split), pads),
            None => (Layout::Plain, plain),
        };
        (pads <= RESET_PAD_BUDGET).then_some(layout)
    }

    /// The never-taken groups the plain layout prints.
    fn plain_pads(&self, spec: &PackSpec) -> u64 {
        // Forward checking gives each item a resource of its own, after the others.
        let extra = |i: usize| {
            if self.item_checks() {
                u64::from(spec.resources) + i as u64 + 1
            } else {
                0
            }
        };
        // An item's options pad from their shared base (see `packing_reset`), found once per
        // item.
        let base: Vec<u64> = (0..spec.options.len())
            .map(|i| {
                if self.shares_padding(spec, i) {
                    u64::from(spec.shared_base(i))
                } else {
                    0
                }
            })
            .collect();
        // Each option pads from its start (see `reset_chain`): the nesting's own pads, then the
        // option's up to its highest group.
        (spec.options.iter().enumerate())
            .map(|(i, opts)| {
                let gated = self.shares_padding(spec, i) && spec.gate(i).is_some();
                let starts = option_starts(opts, base[i] as u32, gated, spec.plain);
                let nested = reset_chain::pads(&starts);
                let top = starts.iter().copied().min().map_or(base[i], u64::from);
                let first = opts.len() - starts.len();
                let own: u64 = (opts[first..].iter().zip(&starts))
                    .map(|(o, &s)| {
                        let end = (o.iter().max().map_or(0, |m| u64::from(*m) + 1)).max(extra(i));
                        end.saturating_sub(u64::from(s))
                    })
                    .sum();
                top + nested + own
            })
            .sum::<u64>()
            + spec.items.len() as u64 * (u64::from(spec.resources) + extra(spec.items.len()))
    }

    /// Whether the padding estimate lets item `i`'s options share their padding up to a base
    /// (and test a gate): no symmetry class named, no forward checking's resource per item.
    /// (`packing_reset` asks the same of the classes with more than one member.)
    fn shares_padding(&self, spec: &PackSpec, i: usize) -> bool {
        !self.item_checks() && spec.symmetry.get(i).copied().flatten().is_none()
    }

    /// The split layout and its padding, when it applies and pads less than a third of the
    /// plain layout's `plain` pads (see [`Split`]).
    fn split_layout(&self, spec: &PackSpec, plain: u64) -> Option<(Split, u64)> {
        let split = self.split_candidate(spec)?;
        let pads = split.pads(spec);
        let forced = forced_split() || force::split();
        (forced || (plain > SPLIT_FROM && 3 * pads < plain)).then_some((split, pads))
    }

    /// The split layout, when it applies: no forward checks, no symmetry classes, and some
    /// option uses both kinds of resources.
    fn split_candidate(&self, spec: &PackSpec) -> Option<Split> {
        if spec.plain || self.forward_checking() || !symmetry_classes(spec.symmetry).is_empty() {
            return None;
        }
        let mut head = vec![true; spec.resources as usize];
        spec.due
            .iter()
            .flatten()
            .for_each(|r| head[*r as usize] = false);
        let mixed =
            spec.options.iter().flatten().any(|o| {
                o.iter().any(|r| head[*r as usize]) && o.iter().any(|r| !head[*r as usize])
            });
        if !mixed {
            return None;
        }
        let mut rank = vec![0; head.len()];
        let order = (0..head.len())
            .filter(|r| head[*r])
            .chain((0..head.len()).filter(|r| !head[*r]));
        for (k, r) in order.enumerate() {
            rank[r] = k as u32;
        }
        Some(Split { rank, head })
    }

    /// The branch-reset form: one pattern body repeated per item, in which every option of every
    /// item is an alternative of one branch reset, so each resource has one group that any
    /// option can test (`(?(R)fail)`) and capture, whatever item it belongs to; never-taken
    /// groups pad the numbering up to each resource's group. The subject names the item (its
    /// key, which picks the item's alternatives: [`item_keys`]) and holds its token (the
    /// shortest: [`compact_tokens`]) once per resource to capture. O(1) per resource checked,
    /// but the pattern grows with options × resources.
    ///
    /// Symmetry classes: a class member's subject ends in a ruler of `-`, and its option `j`
    /// records `-`×j in the class's group; a later member's option `j` first checks, on its own
    /// ruler, that the recorded string leaves room for `L−j+1` more dashes, i.e. that the
    /// previous member chose an option before `j`.
    pub(super) fn packing_reset(
        &mut self,
        spec: &PackSpec,
        layout: Layout,
        checks: Option<super::forward::Checks>,
    ) -> Lowered {
        if let Layout::Split(split) = layout {
            return self.packing_split(spec, &split);
        }
        let PackSpec {
            items,
            options,
            resources,
            due,
            requires,
            symmetry,
            ..
        } = *spec;
        // With forward checking every option also uses its item's own resource, so that the
        // checks (`checks_level`'s, over the same options) can tell a decided item's options
        // from an undecided one's.
        let extended: Vec<Vec<Vec<u32>>>;
        let mut checks = checks;
        let (options, resources) = if self.item_checks() && checks.is_some() {
            extended = super::forward::with_item_resources(options, resources);
            (&extended[..], resources + items.len() as u32)
        } else {
            (options, resources)
        };
        // The checks' definitions come first, so that every call is to a group PCRE2 has
        // already compiled (a forward call is looked up by scanning the compiled pattern, once
        // per call: 1.1 s for a 9×9 Sudoku's 18,000 calls, against 60 ms this way round).
        if let Some(checks) = &mut checks {
            checks.allocate(self);
            if checks.calls_any() {
                self.carried = self.carried.max(self.propagation);
            }
        }
        let look = self.complete_lookahead().then(|| {
            super::complete::Lookahead::allocate(self, options, resources, due, spec.waste)
        });
        if look.is_some() {
            self.carried = self.carried.max(crate::Propagation::Complete);
        }
        // Each item's line starts with its key (the dispatch's, balanced) and holds its token
        // (the captured text, shortest) once per resource.
        let key = item_keys(items.len());
        let token = compact_tokens(items.len());
        let width = token(0).len();
        let classes = symmetry_classes(symmetry);
        let mut groups: Vec<GroupId> = (0..resources)
            .map(|r| self.alloc(spec.group_name(r), None))
            .collect();
        groups.extend(classes.iter().map(|c| self.alloc(format!("I{c}"), None)));
        // Under the packing lookahead, each item sets a group of its own once placed.
        let placed_from = groups.len() as u32;
        if look.is_some() {
            groups.extend((0..items.len()).map(|i| self.alloc(format!("P{i}"), None)));
        }
        let all = groups.len() as u32;
        let class_group = |k: usize| resources + k as u32;
        let class_of = |i: usize| symmetry[i].and_then(|c| classes.iter().position(|x| *x == c));
        let groups = std::rc::Rc::new(groups);
        // Pads the numbering from `next` up to group `to` (exclusive).
        let pad = |next: u32, to: u32| Node::Pad(groups[next as usize..to as usize].to_vec());
        let mut branches = Vec::with_capacity(items.len());
        let mut subject = String::new();
        for (i, (item, opts)) in items.iter().zip(options).enumerate() {
            let t = token(i);
            let most = opts.iter().map(Vec::len).max().unwrap_or(0);
            let class = class_of(i);
            let ruler = class.map_or(0, |k| {
                (0..items.len())
                    .filter(|e| class_of(*e) == Some(k))
                    .map(|e| options[e].len())
                    .max()
                    .unwrap_or(0)
            });
            let earlier = class.is_some_and(|k| (0..i).any(|e| class_of(e) == Some(k)));
            // The options share the padding up to their base (a gate that is the lowest resource
            // of every option but the first, or the lowest resource of any option), written
            // once before their branch reset.
            let shared = class.is_none() && !self.item_checks();
            let gate = spec.gate(i).filter(|_| shared);
            let base = if shared { spec.shared_base(i) } else { 0 };
            let mut alts = Vec::with_capacity(opts.len());
            // The numbering after the item's options starts at least at the shared base.
            let mut widest = base;
            // Where each option (past a gated first one) starts numbering: nested so that
            // options reaching ever higher groups share their padding (`reset_chain`).
            let starts = option_starts(opts, base, gate.is_some(), spec.plain);
            let nested_from = opts.len() - starts.len();
            for (j, o) in opts.iter().enumerate() {
                let mut used = o.clone();
                used.sort();
                let mut alt: Vec<Node> = requires[i][j]
                    .iter()
                    .map(|r| is_set(groups[*r as usize], true))
                    .collect();
                if used.windows(2).any(|w| w[0] == w[1]) {
                    // An option that uses a resource twice never fits.
                    alt.push(Node::Fail);
                    alts.push(Node::Seq(alt));
                    continue;
                }
                // Tested in the order the option lists them (the encoder knows which are most
                // likely taken), captured in the order of their groups.
                alt.extend(o.iter().map(|r| is_set(groups[*r as usize], false)));
                if let (Some(k), true) = (class, earlier) {
                    alt.push(Node::Look {
                        negative: false,
                        node: Box::new(Node::Seq(vec![
                            Node::times(Node::not_in(";"), (most * width) as u32),
                            Node::Backref(groups[class_group(k) as usize]),
                            Node::times(Node::lit("-"), (ruler - j + 1) as u32),
                        ])),
                    });
                }
                let mut next = if j < nested_from {
                    0
                } else {
                    starts[j - nested_from]
                };
                for r in &used {
                    alt.push(pad(next, *r));
                    alt.push(Node::group(groups[*r as usize], Node::lit(t.clone())));
                    next = r + 1;
                }
                if let Some(k) = class {
                    let g = class_group(k);
                    alt.push(pad(next, g));
                    alt.push(Node::Look {
                        negative: false,
                        node: Box::new(Node::Seq(vec![
                            Node::times(Node::not_in(";"), ((most - used.len()) * width) as u32),
                            Node::group(groups[g as usize], Node::times(Node::lit("-"), j as u32)),
                        ])),
                    });
                    next = g + 1;
                }
                if let Some(checks) = &checks {
                    let calls = checks.calls(i, j);
                    if !calls.is_empty() {
                        alt.push(Node::Seq(calls));
                    }
                }
                widest = widest.max(next);
                alts.push(Node::Seq(alt));
            }
            let mut branch = vec![];
            if self.callouts {
                branch.push(Node::Callout(1));
            }
            let first = (gate.is_some() && !alts.is_empty()).then(|| alts.remove(0));
            let options = if alts.is_empty() {
                Node::Fail
            } else {
                let (top, nested) = reset_chain::nest(alts, &starts, &pad);
                if top > 0 {
                    Node::Seq(vec![pad(0, top), nested])
                } else {
                    nested
                }
            };
            branch.push(match (gate, first) {
                // The first option captures no group, so the other options' branch reset
                // numbers its groups from the same start as the whole item's would.
                (Some(r), Some(first)) => Node::Cond {
                    group: groups[r as usize],
                    yes: Box::new(first),
                    no: Box::new(options),
                },
                _ => options,
            });
            // Every branch spans all the groups, so the numbering after the body is the same
            // whichever branch is last.
            match &look {
                Some(look) => {
                    let own = placed_from + i as u32;
                    branch.push(pad(widest, own));
                    branch.push(Node::group(groups[own as usize], Node::Seq(vec![])));
                    branch.push(pad(own + 1, all));
                    branch.extend(due[i].iter().map(|r| is_set(groups[*r as usize], true)));
                    branch.push(look.call());
                }
                None => {
                    branch.push(pad(widest, all));
                    branch.extend(due[i].iter().map(|r| is_set(groups[*r as usize], true)));
                }
            }
            let k = key(i);
            subject.push_str(&k);
            subject.push_str(&t.repeat(most));
            branches.push((k, branch));
            subject.push_str(&"-".repeat(ruler));
            subject.push(';');
            self.record_item(*item, t, &groups, opts.to_vec());
        }
        let body = Node::Seq(vec![
            dispatch(branches),
            Node::star(Node::not_in(";"), self.greed(Greed::Possessive)),
            Node::lit(";"),
        ]);
        // No item token starts with `!`, so the loop can only end after the last item.
        let mut pattern = open_loop(body, &mut subject, "!;");
        if let Some(look) = look {
            // Defined before the loop, and asked once before the first item too; its board
            // follows the loop's end.
            let (definition, board) = look.define(&groups, &groups[placed_from as usize..]);
            subject.push_str(&board);
            pattern = Node::Seq(vec![
                definition,
                look.call(),
                pattern,
                super::complete::Lookahead::skip_board(),
            ]);
        }
        if let Some(checks) = checks {
            pattern = Node::Seq(vec![checks.define(&groups, options), pattern]);
        }
        Lowered { subject, pattern }
    }
}

/// Where each option of an item starts numbering its groups in the plain layout, past the first
/// when the item is `gated` (that one captures nothing): nested by [`reset_chain::starts`], or
/// every option at the shared `base` when `plain` (`BACKREF_PACKING_PLAIN`, read once per
/// packing: [`PackSpec::plain`]).
fn option_starts(opts: &[Vec<u32>], base: u32, gated: bool, plain: bool) -> Vec<u32> {
    let opts = &opts[usize::from(gated).min(opts.len())..];
    if plain {
        return vec![base; opts.len()];
    }
    let lows: Vec<Option<u32>> = opts
        .iter()
        .map(|o| {
            let mut sorted = o.clone();
            sorted.sort();
            // An option that uses a resource twice never fits and captures nothing.
            let twice = sorted.windows(2).any(|w| w[0] == w[1]);
            sorted.first().copied().filter(|_| !twice)
        })
        .collect();
    let starts = reset_chain::starts(&lows);
    // Every option starts at or above the shared base: an option capturing nothing as well.
    starts.into_iter().map(|s| s.max(base)).collect()
}

/// The two layouts of the branch-reset form.
pub(super) enum Layout {
    /// Every option pads the numbering up to its own resources (from its item's shared base).
    Plain,
    /// Heads first, then tails by shape ([`Split`]).
    Split(Split),
}

/// Whether the split layout is forced from inside: only the unit tests do, each in its own
/// thread (the environment variable would reach every test of the process).
mod force {
    #[cfg(test)]
    std::thread_local! {
        /// Takes the split layout wherever it applies, in this thread only.
        pub(super) static SPLIT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }

    /// Whether this thread forces the split layout.
    pub(super) fn split() -> bool {
        #[cfg(test)]
        return SPLIT.with(|f| f.get());
        #[cfg(not(test))]
        false
    }
}

/// The split layout of the branch-reset form, for packings whose options use two kinds of
/// resources: *heads*, never due (a rectangle's piece, used at most once), and *tails*, due
/// after some item (the canvas cells). The heads' groups come first in the numbering, the
/// tails' after them. An item's alternatives are then two branch resets in a row: one over its
/// options, each testing and capturing the option's heads only (padding up to a head costs
/// at most the number of heads), and one over the distinct tail sets (*shapes*) of its
/// options, each padding from the item's lowest tail instead of from the first group. Each
/// option ends by stepping onto its shape's letter in a menu in the item's subject, which only
/// that shape's alternative matches, so the pair means exactly the option: the options are
/// tried in the same order, each with the same resources, as in the plain layout. A rectangle's
/// option pads from its piece across the rest of the canvas in the plain layout; here its
/// cells pad only across the gaps between their rows.
pub(super) struct Split {
    /// Each resource's place in the group numbering: heads first, then tails.
    rank: Vec<u32>,
    /// Whether each resource is a head.
    head: Vec<bool>,
}

/// One item's options in the split layout.
struct SplitItem {
    /// The first option the split alternatives cover: 1 when the item is gated (the first
    /// option is the gate's), else 0.
    start: usize,
    /// The item's gate, if any.
    gate: Option<u32>,
    /// Each covered option's heads, in listed order.
    heads: Vec<Vec<u32>>,
    /// Each covered option's shape (an index into `shapes`), `None` for an option that uses a
    /// resource twice (it never fits).
    shape: Vec<Option<usize>>,
    /// The distinct tail sets, each in the listed order of its first option.
    shapes: Vec<Vec<u32>>,
}

impl Split {
    /// Item `i`'s heads and shapes.
    fn item(&self, spec: &PackSpec, i: usize) -> SplitItem {
        let gate = spec.gate(i);
        let start = usize::from(gate.is_some());
        let mut keys: Vec<Vec<u32>> = Vec::new();
        let mut item = SplitItem {
            start,
            gate,
            heads: Vec::new(),
            shape: Vec::new(),
            shapes: Vec::new(),
        };
        for o in &spec.options[i][start..] {
            let mut sorted = o.clone();
            sorted.sort();
            let heads: Vec<u32> = o
                .iter()
                .copied()
                .filter(|r| self.head[*r as usize])
                .collect();
            if sorted.windows(2).any(|w| w[0] == w[1]) {
                item.heads.push(heads);
                item.shape.push(None);
                continue;
            }
            let tails: Vec<u32> = o
                .iter()
                .copied()
                .filter(|r| !self.head[*r as usize])
                .collect();
            sorted.retain(|r| !self.head[*r as usize]);
            let k = keys.iter().position(|k| *k == sorted).unwrap_or_else(|| {
                keys.push(sorted);
                item.shapes.push(tails);
                keys.len() - 1
            });
            item.heads.push(heads);
            item.shape.push(Some(k));
        }
        item
    }

    /// The highest rank of `set` plus one, and how many never-taken groups capturing `set`
    /// from rank `from` needs.
    fn span(&self, set: &[u32], from: u32) -> (u32, u64) {
        match set.iter().map(|r| self.rank[*r as usize]).max() {
            Some(top) => (top + 1, u64::from(top + 1 - from) - set.len() as u64),
            None => (from, 0),
        }
    }

    /// The item's rank after its heads, the rank its tails pad from, and the item's widest
    /// rank.
    fn bounds(&self, item: &SplitItem) -> (u32, u32, u32) {
        let after = (item.heads.iter().zip(&item.shape))
            .filter(|(_, s)| s.is_some())
            .map(|(h, _)| self.span(h, 0).0)
            .max()
            .unwrap_or(0);
        let base = (item.shapes.iter().flatten())
            .map(|r| self.rank[*r as usize])
            .min()
            .unwrap_or(after)
            .max(after);
        let widest = (item.shapes.iter())
            .map(|t| self.span(t, base).0)
            .max()
            .unwrap_or(base)
            .max(base);
        (after, base, widest)
    }

    /// The never-taken groups the split layout prints.
    fn pads(&self, spec: &PackSpec) -> u64 {
        let mut pads = 0;
        for i in 0..spec.items.len() {
            let item = self.item(spec, i);
            let (after, base, widest) = self.bounds(&item);
            pads += (item.heads.iter().zip(&item.shape))
                .filter(|(_, s)| s.is_some())
                .map(|(h, _)| self.span(h, 0).1)
                .sum::<u64>();
            pads += u64::from(base - after);
            pads += item
                .shapes
                .iter()
                .map(|t| self.span(t, base).1)
                .sum::<u64>();
            if i == 0 {
                pads += u64::from(spec.resources - widest);
            }
        }
        pads
    }
}

impl Lowerer<'_> {
    /// The branch-reset form in the split layout (see [`Split`]). The subject of an item is its
    /// key, its token once per head of its largest option, its menu (a compact token per
    /// shape, none for a single shape), its token once per tail of its largest shape, and `;`.
    fn packing_split(&mut self, spec: &PackSpec, split: &Split) -> Lowered {
        let PackSpec {
            items,
            options,
            resources,
            due,
            requires,
            ..
        } = *spec;
        let mut by_rank = vec![0; resources as usize];
        for r in 0..resources {
            by_rank[split.rank[r as usize] as usize] = r;
        }
        let ranked: Vec<GroupId> = by_rank
            .iter()
            .map(|r| self.alloc(spec.group_name(*r), None))
            .collect();
        let groups: Vec<GroupId> = (0..resources as usize)
            .map(|r| ranked[split.rank[r] as usize])
            .collect();
        let groups = std::rc::Rc::new(groups);
        let pad = |next: u32, to: u32| Node::Pad(ranked[next as usize..to as usize].to_vec());
        let is_set = |r: u32, set: bool| is_set(groups[r as usize], set);
        let key = item_keys(items.len());
        let token = compact_tokens(items.len());
        let width = token(0).len();
        let mut dominance = Dominance::new(resources);
        let mut branches = Vec::with_capacity(items.len());
        let mut subject = String::new();
        for (i, (item, opts)) in items.iter().zip(options).enumerate() {
            let t = token(i);
            let it = split.item(spec, i);
            let (after, base, widest) = split.bounds(&it);
            let seed: Vec<u32> = it.gate.into_iter().collect();
            let most_heads = it.heads.iter().map(Vec::len).max().unwrap_or(0);
            let most_tails = it.shapes.iter().map(Vec::len).max().unwrap_or(0);
            let count = it.shapes.len();
            let menu = compact_tokens(count);
            let letters = if count > 1 { menu(0).len() } else { 0 };
            // Captures `set` in rank order, padding from rank `from`.
            let capture = |set: &[u32], from: u32| {
                let mut ranks: Vec<u32> = set.iter().map(|r| split.rank[*r as usize]).collect();
                ranks.sort();
                let mut next = from;
                let mut out = Vec::with_capacity(2 * ranks.len());
                for k in ranks {
                    out.push(pad(next, k));
                    out.push(Node::group(ranked[k as usize], Node::lit(t.clone())));
                    next = k + 1;
                }
                out
            };
            let mut heads = Vec::with_capacity(opts.len());
            for (j, (h, shape)) in it.heads.iter().zip(&it.shape).enumerate() {
                let j = j + it.start;
                let mut alt: Vec<Node> = requires[i][j].iter().map(|r| is_set(*r, true)).collect();
                let Some(k) = shape else {
                    // An option that uses a resource twice never fits.
                    alt.push(Node::Fail);
                    heads.push(Node::Seq(alt));
                    continue;
                };
                alt.extend(dominance.tested(&seed, h).iter().map(|r| is_set(*r, false)));
                alt.extend(capture(h, 0));
                let skip = (most_heads - h.len()) * width + k * letters;
                alt.push(Node::times(Node::not_in(";"), skip as u32));
                heads.push(Node::Seq(alt));
            }
            let tails: Vec<Node> = (it.shapes.iter().enumerate())
                .map(|(k, tail)| {
                    let mut alt = Vec::new();
                    if count > 1 {
                        alt.push(Node::lit(menu(k)));
                        let rest = (count - 1 - k) * letters;
                        alt.push(Node::times(Node::not_in(";"), rest as u32));
                    }
                    alt.extend(
                        dominance
                            .tested(&seed, tail)
                            .iter()
                            .map(|r| is_set(*r, false)),
                    );
                    alt.extend(capture(tail, base));
                    Node::Seq(alt)
                })
                .collect();
            let chosen = if heads.is_empty() {
                Node::Fail
            } else {
                Node::Seq(vec![
                    Node::BranchReset(heads),
                    pad(after, base),
                    Node::BranchReset(tails),
                ])
            };
            let mut branch = vec![];
            if self.callouts {
                branch.push(Node::Callout(1));
            }
            branch.push(match it.gate {
                // The gate's option (the first) captures no group.
                Some(r) => Node::Cond {
                    group: groups[r as usize],
                    yes: Box::new(Node::Seq(vec![])),
                    no: Box::new(chosen),
                },
                None => chosen,
            });
            if i == 0 {
                // Every group exists once the first item's alternatives reach it.
                branch.push(pad(widest, resources));
            }
            branch.extend(due[i].iter().map(|r| is_set(*r, true)));
            let k = key(i);
            subject.push_str(&k);
            subject.push_str(&t.repeat(most_heads));
            branches.push((k, branch));
            if count > 1 {
                (0..count).for_each(|k| subject.push_str(&menu(k)));
            }
            subject.push_str(&t.repeat(most_tails));
            subject.push(';');
            self.record_item(*item, t, &groups, opts.to_vec());
            dominance.absorb(opts);
        }
        let body = Node::Seq(vec![
            dispatch(branches),
            Node::star(Node::not_in(";"), self.greed(Greed::Possessive)),
            Node::lit(";"),
        ]);
        Lowered {
            pattern: open_loop(body, &mut subject, "!;"),
            subject,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::packing::{Dominance, PackSpec};
    use super::super::testing::{lower, packing};
    use super::super::Lowerer;
    use super::RESET_PAD_BUDGET;
    use crate::dialect::{FANCY, PCRE2};
    use crate::program::{Program, VarId};

    #[test]
    fn every_option_tests_and_captures_its_resources_own_groups() {
        // Two items over three resources, all three due after item 1 (B).
        let mut p = Program::new('T');
        let opts: [&[&[u32]]; 2] = [&[&[0, 1], &[1, 2]], &[&[2, 0], &[1]]];
        let vars = packing(&mut p, &opts, 3, 3, &[], None);
        let l = lower(&p, &vars, PCRE2.features);
        // Each item's key, then its token once per resource its largest option uses.
        assert_eq!(l.subject(0), "AAA;BBB;!;");
        assert_eq!(
            l.pattern(0, &PCRE2),
            concat!(
                "(?:(?|",
                "A(?|(?(1)(*FAIL)|)(?(2)(*FAIL)|)(A)(A)",
                // Option [1, 2] pads group 1 to reach groups 2 and 3.
                "|(?(2)(*FAIL)|)(?(3)(*FAIL)|)(?(DEFINE)())(A)(A))",
                // Option [2, 0] tests its resources in its own order and captures them in
                // the groups' order.
                "|B(?|(?(3)(*FAIL)|)(?(1)(*FAIL)|)(B)(?(DEFINE)())(B)",
                "|(?(2)(*FAIL)|)(?(DEFINE)())(B))",
                // After B every resource must be used.
                "(?(1)|(*FAIL))(?(2)|(*FAIL))(?(3)|(*FAIL))",
                ")[^;]*+;)+!;",
            )
        );
        assert_eq!(l.names(), ["R0", "R1", "R2"]);
        // Named resources name their groups; the pattern stays the same.
        let mut named = p.clone();
        named
            .name_resources(&vars, vec!["a".into(), "b".into(), "c1".into()])
            .unwrap();
        let n = lower(&named, &vars, PCRE2.features);
        assert_eq!(n.names(), ["R_a", "R_b", "R_c1"]);
        assert_eq!(n.pattern(0, &PCRE2), l.pattern(0, &PCRE2));
        assert!(named.name_resources(&vars, vec!["a".into(); 3]).is_err());
        assert!(named
            .name_resources(&vars, vec!["a".into(), "b".into(), "1c".into()])
            .is_err());
        assert!(named.name_resources(&vars, vec!["a".into()]).is_err());
        // A dialect without branch reset takes the trie form instead.
        assert!(lower(&p, &vars, FANCY.features).subject(0).ends_with("#;"));
    }

    #[test]
    fn a_gated_item_tests_its_gate_once_and_shares_the_padding_up_to_it() {
        // Item A: nothing, or resources {0, 1}, or {0, 2}; item B: nothing or {1, 2}. Resource
        // 0 is due after A and resources 1 and 2 after B, so each item's first option fits
        // exactly when its gate (0 for A, 1 for B) is already used.
        let mut p = Program::new('T');
        let opts: [&[&[u32]]; 2] = [&[&[], &[0, 1], &[0, 2]], &[&[], &[1, 2]]];
        let vars = packing(&mut p, &opts, 3, 3, &[], None);
        let pattern = lower(&p, &vars, PCRE2.features).pattern(0, &PCRE2);
        assert!(pattern.contains(concat!(
            "A(?(1)|(?|(?(1)(*FAIL)|)(?(2)(*FAIL)|)(A)(A)",
            "|(?(1)(*FAIL)|)(?(3)(*FAIL)|)(A)(?(DEFINE)())(A)))"
        )));
        // B's option pads once, before its branch reset, up to its gate (group 2).
        assert!(pattern.contains("B(?(2)|(?(DEFINE)())(?|(?(2)(*FAIL)|)(?(3)(*FAIL)|)(B)(B)))"));
    }

    #[test]
    fn options_that_all_use_high_resources_share_the_padding_up_to_the_lowest() {
        // Item A uses resource 0; item B's options use resources 2 and 3 only (like a sum
        // chain's links, numbered after the houses).
        let mut p = Program::new('T');
        let opts: [&[&[u32]]; 2] = [&[&[0]], &[&[2], &[3]]];
        let vars = packing(&mut p, &opts, 4, 0, &[], None);
        let pattern = lower(&p, &vars, PCRE2.features).pattern(0, &PCRE2);
        // B pads groups 1 and 2 once, then each option pads only from group 3.
        assert!(pattern.contains(concat!(
            "|B(?(DEFINE)()())(?|(?(3)(*FAIL)|)(B)",
            "|(?(4)(*FAIL)|)(?(DEFINE)())(B))"
        )));
        // An item none of whose options fits still numbers the groups after it the same.
        let mut q = Program::new('T');
        let opts: [&[&[u32]]; 2] = [&[&[0]], &[&[2, 2], &[3, 3]]];
        let vars = packing(&mut q, &opts, 4, 0, &[], None);
        let never = lower(&q, &vars, PCRE2.features).pattern(0, &PCRE2);
        assert!(
            never.contains("|B(?(DEFINE)()())(?|(*FAIL)|(*FAIL))(?(DEFINE)()()))"),
            "{never}"
        );
        // A's option starts at group 1: nothing shared.
        assert!(pattern.starts_with("(?:(?|A(?|(?(1)(*FAIL)|)(A))(?(DEFINE)()()())|B"));
    }

    /// The PCRE2 pattern of a packing of one item with `options` over `resources`, none due.
    fn one_item(options: &[&[u32]], resources: u32) -> String {
        let mut p = Program::new('T');
        let vars = packing(&mut p, &[options], resources, 0, &[], None);
        lower(&p, &vars, PCRE2.features).pattern(0, &PCRE2)
    }

    #[test]
    fn rising_options_nest_to_share_their_padding() {
        let pads = |k: usize| format!("(?(DEFINE){})", "()".repeat(k));
        // Item A's options reach ever higher groups: the second and third share the padding up
        // to group 9 in a nested branch reset, the third pads on from there itself.
        let pattern = one_item(&[&[0], &[8], &[16]], 17);
        let want = format!(
            "A(?|(?(1)(*FAIL)|)(A)|{}(?|(?(9)(*FAIL)|)(A)|(?(17)(*FAIL)|){}(A)))",
            pads(8),
            pads(8)
        );
        assert!(pattern.contains(&want), "{pattern}");
        // Falling options do not nest: each pads from the item's lowest group, as before (the
        // pad before the option's tests).
        let pattern = one_item(&[&[16], &[8], &[0]], 17);
        let want = format!(
            "A(?|{}(?(17)(*FAIL)|)(A)|{}(?(9)(*FAIL)|)(A)|(?(1)(*FAIL)|)(A))",
            pads(16),
            pads(8)
        );
        assert!(pattern.contains(&want), "{pattern}");
        // Options a group or two apart (a queens row's columns) stay flat.
        let pattern = one_item(&[&[0], &[2], &[4]], 5);
        assert!(
            pattern.starts_with("(?:(?|A(?|(?(1)(*FAIL)|)(A)|"),
            "{pattern}"
        );
        assert_eq!(pattern.matches("(?|").count(), 2, "{pattern}");
    }

    #[test]
    fn many_items_dispatch_on_each_letter_of_their_keys() {
        // 60 items take two-letter keys (and tokens) from the first 8 letters: AA..AH, BA..BH,
        // .., HA..HD.
        let mut p = Program::new('T');
        let o: &[&[u32]] = &[&[0]];
        let vars = packing(&mut p, &[o; 60], 1, 0, &[], None);
        let l = lower(&p, &vars, PCRE2.features);
        let pattern = l.pattern(0, &PCRE2);
        assert!(pattern.starts_with("(?:(?|A(?|A(?|(?(1)(*FAIL)|)(A"));
        assert!(pattern.contains("|B(?|A(?|"));
        assert!(pattern.contains("|H(?|A(?|"));
        assert!(!pattern.contains("|BA"));
        assert!(!pattern.contains("(AI)"));
    }

    #[test]
    fn a_symmetry_class_compares_rulers_of_dashes() {
        let mut p = Program::new('T');
        let o: &[&[u32]] = &[&[0], &[1], &[2]];
        let vars = packing(&mut p, &[o, o], 3, 0, &[Some(0), Some(0)], None);
        let l = lower(&p, &vars, PCRE2.features);
        // A ruler as long as the class's longest option list.
        assert_eq!(l.subject(0), "AA---;BB---;!;");
        assert_eq!(l.names(), ["R0", "R1", "R2", "I0"]);
        let pattern = l.pattern(0, &PCRE2);
        // A's option 2 records two dashes in the class group (4) ...
        assert!(pattern.contains("(A)(?=(-{2}))"));
        // ... and B's option 0 needs room for 4 more after them on its own ruler, i.e. A chose
        // an option before 0 (never); its option 2 needs 2 more (A chose option 0 or 1).
        assert!(pattern.contains("(?(1)(*FAIL)|)(?=[^;]\\g{4}-{4})(B)"));
        assert!(pattern.contains("(?(3)(*FAIL)|)(?=[^;]\\g{4}-{2})"));
    }

    #[test]
    fn the_split_layout_numbers_heads_first_and_steps_onto_a_shape() {
        // Resources 0..2 are tails (due after the item that last uses them), 3 is a head (never
        // due). Item A: [3, 0, 1] or [3, 0]; item B: nothing or [3, 2]; item C: [2].
        let mut p = Program::new('T');
        let opts: [&[&[u32]]; 3] = [&[&[3, 0, 1], &[3, 0]], &[&[], &[3, 2]], &[&[2]]];
        let vars = packing(&mut p, &opts, 4, 3, &[], None);
        super::force::SPLIT.with(|f| f.set(true));
        let l = lower(&p, &vars, PCRE2.features);
        super::force::SPLIT.with(|f| f.set(false));
        // An item's subject: its key, its token once per head, a menu of shape letters, its
        // token once per tail.
        assert!(
            l.subject(0).starts_with("AAABAA;BBABB;"),
            "{}",
            l.subject(0)
        );
        // The head's group comes first.
        assert_eq!(l.names(), ["R3", "R0", "R1", "R2"]);
        let pattern = l.pattern(0, &PCRE2);
        // A's options capture their head (A is first: nothing to test) and step onto their
        // shape's letter; each shape then captures its tails; the first item pads to the end.
        assert!(
            pattern.contains(concat!(
                "A(?|(A)|(A)[^;])(?|A[^;](A)(A)|B(A))(?(DEFINE)())",
                "(?(2)|(*FAIL))(?(3)|(*FAIL))",
            )),
            "{pattern}"
        );
        // B's second option tests the head A may have taken (group 1), not its tail (no
        // earlier option uses it); B's tails pad once from the heads to their lowest group.
        assert!(
            pattern.contains("B(?|[^;]|(?(1)(*FAIL)|)(B)[^;])(?(DEFINE)()())(?|A[^;]|B(B))"),
            "{pattern}"
        );
    }

    #[test]
    fn a_resource_every_earlier_user_of_which_also_takes_a_tested_one_is_not_tested() {
        // Earlier options [0, 1] and [0, 1, 2]: each one that uses 1 or 2 also uses 0.
        let mut d = Dominance::new(4);
        assert_eq!(d.tested(&[], &[0, 1, 3]), Vec::<u32>::new());
        d.absorb(&[vec![0, 1], vec![0, 1, 2], vec![3]]);
        assert_eq!(d.tested(&[], &[0, 1, 2, 3]), [0, 3]);
        // Listed the other way round, 0 is implied by 1: every earlier user of 0 uses 1.
        assert_eq!(d.tested(&[], &[2, 1, 0]), [2, 1]);
        // A seed (a gate tested before the options) counts as tested.
        assert_eq!(d.tested(&[0], &[1, 2, 3]), [3]);
        // Resource 1's earlier users: [0, 1] and [0, 1, 2], and now [1]: 0 no longer implies it.
        d.absorb(&[vec![1]]);
        assert_eq!(d.tested(&[], &[0, 1, 2]), [0, 1]);
    }

    #[test]
    fn the_form_fits_while_the_padding_stays_within_budget() {
        let p = Program::new('T');
        let lowerer = Lowerer::new(&p, PCRE2.features, false);
        let options = [vec![vec![0]]];
        let spec = |resources: u32| PackSpec {
            items: &[VarId(0)],
            options: &options,
            resources,
            due: &[],
            symmetry: &[None],
            requires: &[],
            waste: None,
            names: &[],
            plain: false,
        };
        // One pad per option up to its highest resource, plus all resources per item.
        let budget = RESET_PAD_BUDGET as u32;
        assert!(lowerer.reset_layout(&spec(budget - 1)).is_some());
        assert!(lowerer.reset_layout(&spec(budget)).is_none());
        let fancy = Lowerer::new(&p, FANCY.features, false);
        assert!(fancy.reset_layout(&spec(1)).is_none());
    }
}
