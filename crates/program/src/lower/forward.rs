//! Forward checking in the packing's branch-reset form ([`Propagation::Forward`]).
//!
//! Every option also uses a resource of its own item, so a decided item's other options read as
//! used. After an option is chosen, the pattern calls one check per resource the choice may have
//! cut off: a resource that must be covered and a later item's own resource (every item must
//! still choose an option). A check succeeds when its resource is already used or some option
//! using it still has all its resources free — i.e. when the resource can still be covered. It
//! is defined once, after the loop (`(?(DEFINE)(?<F7>(?>(?(R7)|free option|free option..))))`),
//! and called by number, so the pattern grows by one call per (option, resource at risk). The
//! checks are atomic and consume nothing: they only fail branches that have no solution, so the
//! solution set stays the same (the tests count with and without).

use std::collections::{BTreeSet, HashMap};

use super::packing::uses_twice;
use super::Lowerer;
use crate::ast::{GroupId, Node};
use crate::Propagation;

/// Most calls forward checking may add to a pattern; past it the packing is lowered without
/// them (N-Queens at N=30 would need about 8 million).
pub const FORWARD_BUDGET: usize = 400_000;

/// The most options a must-cover resource may have to be checked under
/// [`Propagation::Light`]: two, so a check is a pair's last place (once a choice cuts off one
/// of the two ways to cover it, the other must still be free) and costs a few conditionals.
/// Measured on the first 1,000 17-clue Sudokus, cover order (docs/performance.md, "Light
/// propagation"): at most one user checks nothing the encoder does not already; at most two
/// leaves 10 puzzles over 100 ms against 16 without checks, with the same median; at most three
/// leaves 11, with the median 2.5 ms higher (the checks' cost); all of them (`Forward`'s
/// must-cover checks) adds about 45 ms of compile to every puzzle.
pub const LIGHT_USERS: usize = 2;

/// Most conditionals PCRE2's compile may scan to look up the checks' calls
/// ([`call_lookup`](super::call_lookup)); past it a packing asked for `forward` gets the `light`
/// checks, and one asked for `light` none. Each costs 20–34 ns of compile here (2 cores, Intel
/// Xeon), so this is about a second: canvas_10x5_11_pieces scans 33 million (0.67 s) and keeps
/// its checks; guillotine_12x8 would scan 404 million (7.7 s of compile for a 7 ms match), a
/// 16×16 Sudoku 127 million (4.3 s, its match 137 ms against 52 ms under `light`).
pub const SCAN_BUDGET: usize = 40_000_000;

/// The fewest resources an option needs for the checks to test it through a group of its own
/// instead of inline, once the inline tests would pass [`SHARE_OVER`]. A check lists every
/// option using its resource, so an option of `k` resources is written out `k` times: inline, a
/// 17×16 canvas of long rectangles wrote 3.4 MB of definitions, which PCRE2 compiled in 5.8 s
/// (it looks each call up by scanning the compiled code up to the called group); shared, 0.6 MB
/// in 0.2 s (docs/performance.md, "Forward checks of long options").
pub const SHARE_OPTIONS_FROM: usize = 8;

/// The most conditionals the checks' definitions may write inline before long options are
/// shared ([`SHARE_OPTIONS_FROM`]): about 230 KB of pattern. A shared option costs the match a
/// call each time a check tries it (guillotine_12x8's match 3.4 → 7.3 ms), which only pays where
/// the inline definitions make the compile long (36 s → 7.9 s there).
pub const SHARE_OVER: usize = 16_384;

impl Lowerer<'_> {
    /// Whether packings get forward checks: asked for, and the target has what they are made of
    /// ([`Propagation::within`]).
    pub(super) fn forward_checking(&self) -> bool {
        matches!(
            self.propagation.within(self.features),
            Propagation::Forward | Propagation::Light
        )
    }

    /// The level `spec`'s packing is lowered at, with its checks: `forward` where they fit
    /// [`FORWARD_BUDGET`] and [`SCAN_BUDGET`], else `light` where that level calls a check,
    /// else `none` (a level that checks nothing would only keep the packing from its faster
    /// layouts). Levels the checks do not serve stay as they are, without checks.
    pub(super) fn checks_level(
        &self,
        spec: &super::packing::PackSpec,
    ) -> (Propagation, Option<Checks>) {
        if !self.forward_checking() {
            return (self.propagation, None);
        }
        if self.propagation == Propagation::Forward {
            let extended = with_item_resources(spec.options, spec.resources);
            if let Some(checks) = risks(&extended, spec.resources, spec.due, usize::MAX) {
                return (Propagation::Forward, Some(checks));
            }
        }
        match risks(spec.options, spec.resources, spec.due, LIGHT_USERS) {
            Some(checks) if checks.calls_any() => (Propagation::Light, Some(checks)),
            _ => (Propagation::None, None),
        }
    }

    /// Whether the checks also cover items (each later item still has an option), which needs a
    /// resource per item; [`Propagation::Light`] checks must-cover resources only.
    pub(super) fn item_checks(&self) -> bool {
        self.forward_checking() && self.propagation == Propagation::Forward
    }
}

/// `options` with resource `resources + i` added to every option of item `i`.
pub(super) fn with_item_resources(options: &[Vec<Vec<u32>>], resources: u32) -> Vec<Vec<Vec<u32>>> {
    options
        .iter()
        .enumerate()
        .map(|(i, opts)| {
            opts.iter()
                .map(|o| {
                    let mut o = o.clone();
                    o.push(resources + i as u32);
                    o
                })
                .collect()
        })
        .collect()
}

/// The checks of one packing: which resources each option puts at risk, and the group of each
/// resource's check.
pub(super) struct Checks {
    /// `risk[i][j]`: the resources to check after option `j` of item `i`, ascending.
    risk: Vec<Vec<Vec<u32>>>,
    /// Every resource with a check, ascending.
    checked: Vec<u32>,
    /// The group of each checked resource's definition.
    group: HashMap<u32, GroupId>,
    /// For each checked resource (as `checked`), the options `(item, option)` its definition
    /// tries: those using it, without the ones that use a resource twice (they never fit).
    coverers: Vec<Vec<(usize, usize)>>,
    /// The options `(item, option)` that some check tests through a group of their own
    /// ([`SHARE_OPTIONS_FROM`]), ascending.
    shared: Vec<(usize, usize)>,
    /// The group of each shared option's definition.
    shared_group: HashMap<(usize, usize), GroupId>,
}

/// The checks for `options` (already carrying their items' resources, numbered from `base`),
/// with `due` the resources that must be covered, of which only those with at most
/// `most_users` options are checked; `None` when they would exceed [`FORWARD_BUDGET`] calls or
/// PCRE2's lookup of them would scan more than [`SCAN_BUDGET`] conditionals.
pub(super) fn risks(
    options: &[Vec<Vec<u32>>],
    base: u32,
    due: &[Vec<u32>],
    most_users: usize,
) -> Option<Checks> {
    let total = base as usize + options.len();
    let mut must = vec![false; total];
    for r in due.iter().flatten() {
        must[*r as usize] = true;
    }
    let mut users: Vec<Vec<(usize, usize)>> = vec![Vec::new(); total];
    for (i, opts) in options.iter().enumerate() {
        for (j, o) in opts.iter().enumerate() {
            for r in o {
                users[*r as usize].push((i, j));
            }
        }
    }
    let mut calls = 0usize;
    let mut checked = BTreeSet::new();
    let mut risk = Vec::with_capacity(options.len());
    for (i, opts) in options.iter().enumerate() {
        // A resource can lose its last option only through an option this choice excludes:
        // another of this item's options, or a later item's option sharing a resource.
        let at_risk = |r: u32| {
            (must[r as usize] && users[r as usize].len() <= most_users)
                || (r >= base && (r - base) as usize > i)
        };
        let mut per_option = Vec::with_capacity(opts.len());
        for (j, o) in opts.iter().enumerate() {
            // The item's other options (with a resource per item they also share one), and
            // the later items' options sharing a resource.
            let excluded = (0..opts.len())
                .filter(|j2| *j2 != j)
                .map(|j2| (i, j2))
                .chain(
                    o.iter()
                        .flat_map(|s| users[*s as usize].iter().copied())
                        .filter(|(i2, _)| *i2 > i),
                );
            let mut set = BTreeSet::new();
            for (i2, j2) in excluded {
                set.extend(
                    options[i2][j2]
                        .iter()
                        .copied()
                        .filter(|r| at_risk(*r) && !o.contains(r)),
                );
            }
            calls += set.len();
            if calls > FORWARD_BUDGET {
                return None;
            }
            checked.extend(set.iter().copied());
            per_option.push(set.into_iter().collect());
        }
        risk.push(per_option);
    }
    let coverers: Vec<Vec<(usize, usize)>> = (checked.iter())
        .map(|r| {
            (users[*r as usize].iter().copied())
                .filter(|&(i, j)| !uses_twice(&options[i][j]))
                .collect()
        })
        .collect();
    // The conditionals the definitions would write with every option inline.
    let inline: usize = (coverers.iter().flatten())
        .map(|&(i, j)| options[i][j].len())
        .sum();
    let share = inline > SHARE_OVER;
    let shared = options
        .iter()
        .enumerate()
        .flat_map(|(i, opts)| opts.iter().enumerate().map(move |(j, o)| (i, j, o)))
        .filter(|(_, _, o)| {
            share
                && o.len() >= SHARE_OPTIONS_FROM
                && !uses_twice(o)
                && o.iter().any(|r| checked.contains(r))
        })
        .map(|(i, j, _)| (i, j))
        .collect();
    let checks = Checks {
        risk,
        checked: checked.into_iter().collect(),
        group: HashMap::new(),
        coverers,
        shared,
        shared_group: HashMap::new(),
    };
    (checks.lookup_scan(options) <= SCAN_BUDGET).then_some(checks)
}

impl Checks {
    /// The conditionals PCRE2's compile scans to look up the checks' calls
    /// ([`call_lookup`](super::call_lookup)): the definitions' calls of shared options, then
    /// the options' calls of the checks, over the definitions in the order they are printed.
    fn lookup_scan(&self, options: &[Vec<Vec<u32>>]) -> usize {
        let shared: HashMap<(usize, usize), usize> = (self.shared.iter().enumerate())
            .map(|(k, ij)| (*ij, self.checked.len() + k))
            .collect();
        let check: HashMap<u32, usize> = (self.checked.iter().enumerate())
            .map(|(k, r)| (*r, k))
            .collect();
        let in_check =
            |&(i, j): &(usize, usize)| shared.get(&(i, j)).map_or(options[i][j].len(), |_| 1);
        let sizes: Vec<usize> = (self.coverers.iter())
            .map(|list| 1 + list.iter().map(in_check).sum::<usize>())
            .chain(self.shared.iter().map(|&(i, j)| options[i][j].len()))
            .collect();
        let from_checks = (self.coverers.iter().flatten()).filter_map(|ij| shared.get(ij).copied());
        let from_options = (self.risk.iter().flatten().flatten()).map(|r| check[r]);
        super::call_lookup::scanned(&sizes, from_checks.chain(from_options))
    }

    /// Whether any option calls a check (light checks on a packing without must-cover
    /// resources of two options call none).
    pub(super) fn calls_any(&self) -> bool {
        !self.checked.is_empty()
    }

    /// The resources checked after option `j` of item `i`, ascending.
    pub(super) fn at_risk(&self, i: usize, j: usize) -> &[u32] {
        &self.risk[i][j]
    }

    /// Allocates one group per check, then one per shared option; called before the packing's
    /// other groups, so that the definitions, printed before the loop, number right.
    pub(super) fn allocate(&mut self, lowerer: &mut Lowerer) {
        for &r in &self.checked {
            let g = lowerer.alloc(format!("F{r}"), None);
            self.group.insert(r, g);
        }
        for &(i, j) in &self.shared {
            let g = lowerer.alloc(format!("O{i}_{j}"), None);
            self.shared_group.insert((i, j), g);
        }
    }

    /// The calls after option `j` of item `i`.
    pub(super) fn calls(&self, i: usize, j: usize) -> Vec<Node> {
        self.risk[i][j]
            .iter()
            .map(|r| Node::Call(self.group[r]))
            .collect()
    }

    /// The definitions: for each checked resource, its group used, or an option using it whose
    /// resources are all free; then each shared option's test that its resources are all free.
    pub(super) fn define(&self, groups: &[GroupId], options: &[Vec<Vec<u32>>]) -> Node {
        let free = |g: GroupId| Node::Cond {
            group: g,
            yes: Box::new(Node::Fail),
            no: Box::new(Node::Seq(vec![])),
        };
        let all_free = |o: &[u32]| Node::Seq(o.iter().map(|s| free(groups[*s as usize])).collect());
        let definitions = (self.checked.iter().zip(&self.coverers))
            .map(|(r, list)| {
                let options: Vec<Node> = (list.iter())
                    .map(|&(i, j)| match self.shared_group.get(&(i, j)) {
                        Some(g) => Node::Call(*g),
                        None => all_free(&options[i][j]),
                    })
                    .collect();
                let coverable = if options.is_empty() {
                    Node::Fail
                } else {
                    Node::Alt(options)
                };
                Node::group(
                    self.group[r],
                    Node::Atomic(Box::new(Node::Cond {
                        group: groups[*r as usize],
                        yes: Box::new(Node::Seq(vec![])),
                        no: Box::new(coverable),
                    })),
                )
            })
            .chain(self.shared.iter().map(|&(i, j)| {
                // Conditionals only: nothing to backtrack into, so no atomic group.
                Node::group(self.shared_group[&(i, j)], all_free(&options[i][j]))
            }))
            .collect();
        Node::Define(definitions)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{lower, packing};
    use crate::dialect::{FANCY, PCRE2};
    use crate::program::Program;
    use crate::Propagation;

    /// Two items over three resources that must all be covered (the branch-reset test's
    /// packing): item A's options {0,1} and {1,2}, item B's {2,0} and {1}.
    fn program(propagation: Propagation) -> (Program, Vec<crate::VarId>) {
        let mut p = Program::new('T');
        p.propagation = propagation;
        let opts: [&[&[u32]]; 2] = [&[&[0, 1], &[1, 2]], &[&[2, 0], &[1]]];
        let vars = packing(&mut p, &opts, 3, 3, &[], None);
        (p, vars)
    }

    #[test]
    fn checks_are_defined_first_and_called_after_each_option() {
        let (p, vars) = program(Propagation::Forward);
        let l = lower(&p, &vars, PCRE2.features);
        // Resources 3 and 4 are the items' own. A's {0,1} cuts off A's {1,2} and B's {2,0} and
        // {1}: resource 2 and B's own (4) are at risk; A's {1,2}: 0 and 4; B's {2,0}: 1 (B's
        // {1} is gone); B's {1}: 0 and 2.
        assert_eq!(
            l.names(),
            ["F0", "F1", "F2", "F4", "R0", "R1", "R2", "R3", "R4"]
        );
        let pattern = l.pattern(0, &PCRE2);
        // F2 (group 3): resource 2 (group 7) used, or A's {1,2,3} or B's {2,0,4} all free.
        let f2 = concat!(
            "((?>(?(7)|(?:(?(6)(*FAIL)|)(?(7)(*FAIL)|)(?(8)(*FAIL)|)",
            "|(?(7)(*FAIL)|)(?(5)(*FAIL)|)(?(9)(*FAIL)|)))))"
        );
        assert!(pattern.starts_with("(?(DEFINE)((?>(?(5)|"), "{pattern}");
        assert!(pattern.contains(f2), "{pattern}");
        // The calls close each option, after its captures.
        for calls in ["(A)(?3)(?4)|", "(A)(?1)(?4))", "(B)(?2)|", "(B)(?1)(?3))"] {
            assert!(pattern.contains(calls), "{calls} in {pattern}");
        }
    }

    #[test]
    fn light_checks_only_the_must_cover_pairs() {
        let (p, vars) = program(Propagation::Light);
        let l = lower(&p, &vars, PCRE2.features);
        // Resources 0 ({0,1}, {2,0}) and 2 ({1,2}, {2,0}) have two options each, resource 1
        // three, and no item gets a resource of its own. A's {0,1} cuts off the other option
        // of 2; A's {1,2} of 0; B's {2,0} cuts off only B's {1} (resource 1: not a pair); B's
        // {1} cuts off B's {2,0}, so both pairs.
        assert_eq!(l.names(), ["F0", "F2", "R0", "R1", "R2"]);
        let pattern = l.pattern(0, &PCRE2);
        // F2 (group 2): resource 2 (group 5) used, or A's {1,2} or B's {2,0} all free.
        let f2 = concat!(
            "((?>(?(5)|(?:(?(4)(*FAIL)|)(?(5)(*FAIL)|)",
            "|(?(5)(*FAIL)|)(?(3)(*FAIL)|)))))"
        );
        assert!(pattern.contains(f2), "{pattern}");
        // The calls close each option, after its captures.
        for calls in ["(A)(A)(?2)|", "(A)(A)(?1))", "(B)(?1)(?2))"] {
            assert!(pattern.contains(calls), "{calls} in {pattern}");
        }
        assert!(pattern.contains("(?(DEFINE)())(B)|"), "{pattern}");
    }

    #[test]
    fn without_subroutine_calls_or_when_not_asked_nothing_changes() {
        let (plain, vars) = program(Propagation::None);
        let (forward, _) = program(Propagation::Forward);
        assert_eq!(
            lower(&plain, &vars, PCRE2.features).pattern(0, &PCRE2),
            lower(&plain, &vars, PCRE2.features).pattern(0, &PCRE2)
        );
        // fancy-regex has no subroutine calls: the same pattern with or without.
        assert_eq!(
            lower(&forward, &vars, FANCY.features).pattern(0, &FANCY),
            lower(&plain, &vars, FANCY.features).pattern(0, &FANCY)
        );
        assert!(!lower(&plain, &vars, PCRE2.features)
            .pattern(0, &PCRE2)
            .contains("DEFINE)(("));
    }

    /// Three items over 100 resources, each with 91 windows of 10 consecutive resources: the
    /// inline checks would write about 33,000 conditionals, past `SHARE_OVER`.
    fn long_windows() -> (Program, Vec<crate::VarId>) {
        let windows: Vec<Vec<u32>> = (0..91).map(|k| (k..k + 10).collect()).collect();
        let windows: Vec<&[u32]> = windows.iter().map(Vec::as_slice).collect();
        let mut p = Program::new('T');
        p.propagation = Propagation::Forward;
        let vars = packing(&mut p, &[&windows, &windows, &windows], 100, 100, &[], None);
        (p, vars)
    }

    #[test]
    fn long_options_are_tested_through_groups_of_their_own_when_the_checks_grow_large() {
        let (p, vars) = long_windows();
        let l = lower(&p, &vars, PCRE2.features);
        let names = l.names();
        // Every option uses a checked resource, so each gets a group, after the checks.
        let first_shared = names.iter().position(|n| *n == "O0_0").expect("O0_0");
        assert_eq!(names[first_shared - 1], "F102");
        assert_eq!(names.iter().filter(|n| n.starts_with('O')).count(), 3 * 91);
        let pattern = l.pattern(0, &PCRE2);
        let define = &pattern[..pattern.find("(?(DEFINE)()").unwrap_or(pattern.len())];
        // F0 (group 1): resource 0 used, or the first window of one of the items free, each
        // a call to that window's group (102 checks come first, F0–F99 and the later items'
        // F101 and F102; the windows' groups then start at 103, 194 and 285).
        assert!(
            pattern.starts_with("(?(DEFINE)((?>(?(376)|(?:(?103)|(?194)|(?285)))))"),
            "{}",
            &pattern[..200]
        );
        // The first window's own test: its ten resources and its item's, all free.
        let o0 = (376..386)
            .chain([476])
            .map(|g| format!("(?({g})(*FAIL)|)"))
            .collect::<String>();
        assert!(define.contains(&format!("({o0})")), "{}", &define[..400]);
    }

    #[test]
    fn short_options_stay_inline() {
        let (p, vars) = program(Propagation::Forward);
        let l = lower(&p, &vars, PCRE2.features);
        assert!(l.names().iter().all(|n| !n.starts_with('O')));
    }
}
