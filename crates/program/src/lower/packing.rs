//! What the packing gadget's three forms share, and the choice among them.
//!
//! [`Lowerer::lower_packing`] assigns each resource that must be covered to the item after
//! which it is checked, then lowers the packing in the best form the target allows: branch
//! reset (`branch_reset`), else the trie loop (`trie`), else backreference guards (`guards`).
//! The two loop forms name items by letter tokens and close their loop with an end segment.

use super::{Lowered, Lowerer, Source};
use crate::ast::{Greed, GroupId, Node};
use crate::gadget::Gadget;
use crate::program::VarId;

/// A packing statement being lowered, with each resource that must be covered assigned to the
/// item after which it is checked.
#[derive(Clone, Copy)]
pub(super) struct PackSpec<'a> {
    /// One variable per item, in decision order.
    pub(super) items: &'a [VarId],
    /// `options[i][j]`: the resources option `j` of item `i` uses.
    pub(super) options: &'a [Vec<Vec<u32>>],
    /// Number of resources.
    pub(super) resources: u32,
    /// `due[i]`: the resources that must be covered once item `i` is placed.
    pub(super) due: &'a [Vec<u32>],
    /// Each item's symmetry class, if any.
    pub(super) symmetry: &'a [Option<u32>],
    /// `requires[i][j]`: resources that must be used before option `j` of item `i` is tried.
    pub(super) requires: &'a [Vec<Vec<u32>>],
    /// The waste budget, if any.
    pub(super) waste: Option<u32>,
    /// The resources' names (empty: none given).
    pub(super) names: &'a [String],
    /// [`plain`], read once per packing (the gates are asked for item by item).
    pub(super) plain: bool,
}

/// Whether `BACKREF_PACKING_PLAIN` is set: the loop forms then leave out the gates
/// ([`PackSpec::gate`]) and the branch-reset form dispatches items flat, one alternative per
/// token, as before both existed. For measuring what they buy; the pattern means the same.
pub(super) fn plain() -> bool {
    std::env::var_os("BACKREF_PACKING_PLAIN").is_some()
}

/// Whether `BACKREF_PACKING_SPLIT` is set: the branch-reset form then takes its split layout
/// wherever it applies, however little it saves. For tests and measuring.
pub(super) fn forced_split() -> bool {
    std::env::var_os("BACKREF_PACKING_SPLIT").is_some()
}

/// Each resource that must be covered (`0..must_cover`), assigned to the item after which it
/// is checked: the last item whose options can use it, since from then on nothing can cover it
/// any more. The flag says some resource has no user at all (the packing can never be solved).
pub(super) fn due_after(
    options: &[Vec<Vec<u32>>],
    resources: u32,
    must_cover: u32,
) -> (Vec<Vec<u32>>, bool) {
    let mut last_user: Vec<Option<usize>> = vec![None; resources as usize];
    for (i, opts) in options.iter().enumerate() {
        for r in opts.iter().flatten() {
            last_user[*r as usize] = Some(i);
        }
    }
    let mut due: Vec<Vec<u32>> = vec![Vec::new(); options.len()];
    let mut never = false;
    for r in 0..must_cover {
        match last_user[r as usize] {
            Some(i) => due[i].push(r),
            None => never = true,
        }
    }
    (due, never)
}

/// Whether an option uses a resource twice (such an option never fits).
pub(super) fn uses_twice(option: &[u32]) -> bool {
    let mut sorted = option.to_vec();
    sorted.sort_unstable();
    sorted.windows(2).any(|w| w[0] == w[1])
}

/// Whether more resources stay unused than the `waste` budget allows, whatever the items
/// choose: with a budget every item's options use equally many resources (checked when
/// stated), so the number left unused is known in advance.
pub(super) fn too_much_waste(
    options: &[Vec<Vec<u32>>],
    resources: u32,
    waste: Option<u32>,
) -> bool {
    let leftover = options
        .iter()
        .map(|o| o.first().map_or(0, Vec::len) as u32)
        .sum::<u32>();
    waste.is_some_and(|w| resources.saturating_sub(leftover) > w)
}

impl PackSpec<'_> {
    /// The first resource that shares groups, when the packing asked for it (`shared_from`) and
    /// the trie form can print it for `features`: branch reset and conditionals, and nothing
    /// else the trie form would test the resources' groups for (covering, hints, waste,
    /// symmetry).
    pub(super) fn sharing(
        &self,
        shared_from: Option<u32>,
        features: crate::Features,
    ) -> Option<u32> {
        shared_from.filter(|_| {
            features.branch_reset
                && features.conditionals
                && features.lookahead
                && self.due.iter().all(Vec::is_empty)
                && self.requires.iter().flatten().all(Vec::is_empty)
                && self.waste.is_none()
                && self.symmetry.iter().all(Option::is_none)
        })
    }

    /// The resource that gates item `i`, if any: one that must be covered right after the item,
    /// which every option of the item but the first uses, while the first option uses and
    /// requires nothing. Then the item has one choice whichever state the resource is in: when
    /// it is used the first option alone fits (every other one would take it twice), and when
    /// it is free the first option alone does not (the check after the item fails). The forms
    /// test the resource once and try only the options that can fit, so backtracking into the
    /// item (a covered cell of rectangles or fillit) retries nothing.
    pub(super) fn gate(&self, i: usize) -> Option<u32> {
        if self.plain {
            return None;
        }
        let (first, rest) = self.options[i].split_first()?;
        let free = self
            .requires
            .get(i)
            .and_then(|r| r.first())
            .is_none_or(Vec::is_empty);
        if !first.is_empty() || !free || rest.is_empty() {
            return None;
        }
        self.due
            .get(i)?
            .iter()
            .copied()
            .find(|r| rest.iter().all(|o| o.contains(r)))
    }

    /// The group from which item `i`'s options may share their padding (the branch-reset form
    /// writes the padding up to it once, before a branch reset of the options): the item's gate
    /// when it is the lowest resource of every option but the first, else the lowest resource
    /// any option uses (0 when none uses one). An item whose options all use high-numbered
    /// resources (a sum chain's links, numbered after the houses) then pads only across the
    /// band its options span.
    pub(super) fn shared_base(&self, i: usize) -> u32 {
        let opts = &self.options[i];
        match self.gate(i) {
            Some(r) if opts[1..].iter().all(|o| o.iter().min() == Some(&r)) => r,
            Some(_) => 0,
            None if self.plain => 0,
            None => opts
                .iter()
                .filter_map(|o| o.iter().min())
                .min()
                .copied()
                .unwrap_or(0),
        }
    }

    /// The group name of resource `r`: `R_` and its name, or `R` and its number.
    pub(super) fn group_name(&self, r: u32) -> String {
        // Written without `format!`: a packing names every resource, and the machinery costs
        // several times the copy on small instances.
        match self.names.get(r as usize) {
            Some(name) => {
                let mut out = String::with_capacity(2 + name.len());
                out.push_str("R_");
                out.push_str(name);
                out
            }
            None => format!("R{r}"),
        }
    }
}

/// Which of an option's resources the pattern must test before taking them.
///
/// When item `i` is tried, a resource is used only if an option of an earlier item took it.
/// So a resource `r` needs no test when no earlier item's option uses it, or when every such
/// option also uses a resource the option already tests: if `r` were used, that resource would
/// be too, and its test fails first. (A rectangle's lower rows, for example: any piece placed
/// earlier that covers one of them also covers the cell above it in the first row.) Leaving the
/// test out never changes what matches. Fed item by item, in the items' order.
pub(super) struct Dominance {
    /// Words per resource set.
    words: usize,
    /// For each resource, the resources every earlier option using it also uses (`None`: no
    /// earlier option uses it).
    common: Vec<Option<Vec<u64>>>,
}

impl Dominance {
    /// Nothing placed yet, over `resources` resources.
    pub(super) fn new(resources: u32) -> Self {
        Dominance {
            words: (resources as usize).div_ceil(64),
            common: vec![None; resources as usize],
        }
    }

    /// The resources of `listed` to test, in their listed order, given that the resources of
    /// `seed` are tested elsewhere first (a gate). A resource is kept unless some resource
    /// tested before it (or seeded) is used by every earlier option that uses it.
    pub(super) fn tested(&self, seed: &[u32], listed: &[u32]) -> Vec<u32> {
        let mut known = vec![0u64; self.words];
        let mark = |known: &mut Vec<u64>, r: u32| known[r as usize / 64] |= 1 << (r % 64);
        seed.iter().for_each(|r| mark(&mut known, *r));
        let mut out = Vec::new();
        for &r in listed {
            if known[r as usize / 64] & (1 << (r % 64)) != 0 {
                continue;
            }
            let implied = match &self.common[r as usize] {
                None => true,
                Some(c) => c.iter().zip(&known).any(|(a, b)| a & b != 0),
            };
            if !implied {
                mark(&mut known, r);
                out.push(r);
            }
        }
        out
    }

    /// Records the options of the item just lowered: they are earlier for every later item.
    pub(super) fn absorb(&mut self, options: &[Vec<u32>]) {
        for o in options {
            let mut set = vec![0u64; self.words];
            o.iter()
                .for_each(|r| set[*r as usize / 64] |= 1 << (r % 64));
            for r in o {
                match &mut self.common[*r as usize] {
                    Some(c) => c.iter_mut().zip(&set).for_each(|(a, b)| *a &= b),
                    slot @ None => *slot = Some(set.clone()),
                }
            }
        }
    }
}

/// The most items the item dispatch ([`super::branch_reset::dispatch`]) picks among with one
/// letter; past it the keys take two letters (three past 52² items). The dispatch tries a
/// level's letters in turn, one failed alternative each, so a balanced trie of two levels
/// (9 × 9 for 81 items, 20 × 20 for 384) tests far fewer letters than one level of up to 52
/// and a second for the rest, for one more level of nesting. Measured (docs/performance.md, "A
/// balanced item dispatch"): the top95 Sudokus (81 items) match 20 % faster, a 384-item
/// rectangles packing 11 %, queens' packing (16–28 rows) and fillit's 16–20 pieces 3–6 %;
/// counting queens 9–13 is within 2 % either way; a third level (8 × 8 × 8 for 384 items) is
/// 17 % slower than two.
pub(super) const ONE_LEVEL_MOST: usize = 12;

/// The keys naming `count` items that the pattern dispatches on (the branch-reset and
/// lookahead forms): one letter up to [`ONE_LEVEL_MOST`] items, else as few letters as the
/// alphabet allows and at least two, each drawn from the first `base` letters, `base` the
/// smallest that still names every item (a balanced trie).
pub(super) fn item_keys(count: usize) -> impl Fn(usize) -> String {
    let width = shortest(count).max(if count > ONE_LEVEL_MOST { 2 } else { 1 });
    tokens(count, width)
}

/// The tokens naming `count` things the pattern only captures, reads back or steps over,
/// never dispatches on (the items' captured text, the split layout's shape menus): the
/// shortest.
pub(super) fn compact_tokens(count: usize) -> impl Fn(usize) -> String {
    tokens(count, shortest(count))
}

/// The letters of every token.
const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// The fewest letters that name `count` things.
fn shortest(count: usize) -> usize {
    let mut width = 1;
    while ALPHABET.len().pow(width as u32) < count {
        width += 1;
    }
    width
}

/// The letters the [`compact_tokens`] naming `count` things are made of, in alphabet order: a
/// class of these accepts every token's letters and nothing else in a subject.
pub(super) fn token_letters(count: usize) -> String {
    let base = base(count, shortest(count));
    ALPHABET[..base].iter().map(|&b| char::from(b)).collect()
}

/// The fewest letters of the alphabet that make `count` tokens of `width` letters.
fn base(count: usize, width: usize) -> usize {
    let mut base: usize = 1;
    while base.pow(width as u32) < count {
        base += 1;
    }
    base
}

/// `count` tokens of `width` letters, each from the first `base` letters of the alphabet,
/// `base` the smallest that still names every one.
fn tokens(count: usize, width: usize) -> impl Fn(usize) -> String {
    let base = base(count, width);
    move |mut i: usize| {
        let mut t = vec![b'A'; width];
        for slot in t.iter_mut().rev() {
            *slot = ALPHABET[i % base];
            i /= base;
        }
        String::from_utf8(t).expect("ASCII letters")
    }
}

/// The symmetry classes with two or more items: only those constrain anything.
pub(super) fn symmetry_classes(symmetry: &[Option<u32>]) -> Vec<u32> {
    let mut classes: Vec<u32> = symmetry.iter().flatten().copied().collect();
    classes.sort();
    classes.dedup();
    classes.retain(|c| symmetry.iter().filter(|s| **s == Some(*c)).count() > 1);
    classes
}

/// `(?:body)+` closed by an `end` segment, which is also appended to `subject`; the body must
/// not be able to match `end`, so the loop runs once per item segment. PCRE2 compiles a counted
/// repeat `{n}` as n copies of the body: 5x the compile time for the branch-reset body, and past
/// its largest pattern at 1000 N-Queens rows in the trie form.
pub(super) fn open_loop(body: Node, subject: &mut String, end: &str) -> Node {
    subject.push_str(end);
    Node::Seq(vec![
        Node::repeat(body, 1, None, Greed::Greedy),
        Node::lit(end),
    ])
}

impl Lowerer<'_> {
    /// Remembers how to decode `item` from the loop forms: its `token` in the groups of the
    /// resources its options use.
    pub(super) fn record_item(
        &mut self,
        item: VarId,
        token: String,
        groups: &std::rc::Rc<Vec<GroupId>>,
        options: Vec<Vec<u32>>,
    ) {
        self.sources.push((
            item,
            Source::Resources {
                token,
                groups: groups.clone(),
                options,
            },
        ));
    }

    /// [`Gadget::Packing`] in the best form the target allows; fails at once when a resource
    /// that must be covered has no user or more resources stay unused than the budget allows.
    pub(super) fn lower_packing(&mut self, g: &Gadget) -> Lowered {
        let Gadget::Packing {
            items,
            options,
            resources,
            must_cover,
            symmetry,
            requires,
            waste,
            names,
            shared_from,
            compact,
        } = g
        else {
            unreachable!("called for packings only");
        };
        let (resources, must_cover, waste) = (*resources, *must_cover, *waste);
        let (due, never) = due_after(options, resources, must_cover);
        let spec = PackSpec {
            items,
            options,
            resources,
            due: &due,
            symmetry,
            requires,
            waste,
            names,
            plain: plain(),
        };
        let sharing = spec.sharing(*shared_from, self.features);
        let trie = self.features.conditionals && self.features.lookahead;
        let compact_trie = sharing.is_some() || (*compact && trie);
        let mut layout = None;
        let asked = self.propagation;
        let mut checks = None;
        if !compact_trie {
            (self.propagation, checks) = self.checks_level(&spec);
            layout = self.reset_layout(&spec);
            if layout.is_none() && asked != crate::Propagation::None {
                // The checks' padding would pass the budget: the same form without them
                // searches faster than the trie loop, which has no checks either.
                self.propagation = crate::Propagation::None;
                checks = None;
                layout = self.reset_layout(&spec);
            }
        }
        let mut lowered = if compact_trie {
            self.packing_trie(&spec, sharing)
        } else if let Some(layout) = layout {
            self.packing_reset(&spec, layout, checks)
        } else if trie {
            self.packing_trie(&spec, None)
        } else {
            self.packing_guards(&spec)
        };
        self.propagation = asked;
        if never || too_much_waste(options, resources, waste) {
            // A resource that must be covered but that no option uses, or too many unused.
            lowered.pattern = Node::Seq(vec![Node::Fail, lowered.pattern]);
        }
        lowered
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{lower, packing};
    use super::{compact_tokens, item_keys, open_loop, symmetry_classes, token_letters};
    use crate::ast::{Greed, Node};
    use crate::dialect::{FANCY, JAVASCRIPT, PCRE2};
    use crate::program::Program;
    use crate::Features;

    /// A small packing: two items over three resources, all to be covered.
    fn small() -> (Program, Vec<crate::VarId>) {
        let mut p = Program::new('T');
        let opts: [&[&[u32]]; 2] = [&[&[0, 1], &[1, 2]], &[&[2, 0], &[0, 1]]];
        let vars = packing(&mut p, &opts, 3, 0, &[], None);
        (p, vars)
    }

    #[test]
    fn the_best_form_the_features_allow_is_chosen() {
        let (p, vars) = small();
        // Branch reset closes its loop with `!;`, the trie loop with `#;`; the guard form has
        // one `T;` segment per item and no loop.
        assert!(lower(&p, &vars, PCRE2.features).subject(0).ends_with("!;"));
        assert!(lower(&p, &vars, FANCY.features).subject(0).ends_with("#;"));
        assert_eq!(lower(&p, &vars, JAVASCRIPT.features).subject(0), "T;T;");
        assert_eq!(lower(&p, &vars, Features::PORTABLE).subject(0), "T;T;");
    }

    #[test]
    fn a_resource_no_option_can_cover_fails_at_once() {
        let mut p = Program::new('T');
        let opts: [&[&[u32]]; 1] = [&[&[0], &[1]]];
        let vars = packing(&mut p, &opts, 3, 3, &[], None);
        for features in [PCRE2.features, FANCY.features, Features::PORTABLE] {
            let l = lower(&p, &vars, features);
            let Node::Seq(items) = &l.segments[0].pattern else {
                panic!("a sequence");
            };
            assert_eq!(items[0], Node::Fail);
        }
    }

    #[test]
    fn more_unused_resources_than_the_budget_fail_at_once() {
        // One item whose options use two resources of three: one stays unused.
        let one = |waste| {
            let mut p = Program::new('T');
            let opts: [&[&[u32]]; 1] = [&[&[0, 1], &[1, 2]]];
            let vars = packing(&mut p, &opts, 3, 0, &[], Some(waste));
            lower(&p, &vars, PCRE2.features).pattern(0, &PCRE2)
        };
        assert!(one(0).starts_with("(*FAIL)(?:(?|A"));
        assert!(one(1).starts_with("(?:(?|A"));
    }

    #[test]
    fn item_keys_are_a_balanced_trie_of_two_levels_past_12_items() {
        let one = item_keys(12);
        assert_eq!((one(0), one(11)), ("A".into(), "L".into()));
        // 13 items: two letters from the first 4 (4 × 4 ≥ 13), not one level of 13.
        let two = item_keys(13);
        assert_eq!(
            (two(0), two(3), two(4), two(12)),
            ("AA".into(), "AD".into(), "BA".into(), "DA".into())
        );
        // 81 items: 9 × 9, not 52 and 29; 384: 20 × 20.
        let nine = item_keys(81);
        assert_eq!((nine(9), nine(80)), ("BA".into(), "II".into()));
        assert_eq!(item_keys(384)(383), "TD");
        // Three levels past 52².
        assert_eq!(item_keys(52 * 52 + 1)(0), "AAA");
    }

    #[test]
    fn compact_tokens_are_the_shortest() {
        let one = compact_tokens(52);
        assert_eq!(
            (one(0), one(26), one(51)),
            ("A".into(), "a".into(), "z".into())
        );
        // 53 items: two letters from the first 8 (8 × 8 ≥ 53).
        assert_eq!(compact_tokens(53)(52), "GE");
    }

    #[test]
    fn token_letters_are_those_the_tokens_use() {
        for count in [1, 2, 8, 26, 52, 53, 700, 3000] {
            let token = compact_tokens(count);
            let letters = token_letters(count);
            let used: std::collections::BTreeSet<char> = (0..count)
                .flat_map(|i| token(i).chars().collect::<Vec<_>>())
                .collect();
            assert_eq!(
                used.into_iter().collect::<String>(),
                letters,
                "{count} tokens"
            );
        }
    }

    #[test]
    fn only_classes_of_two_or_more_items_count() {
        assert_eq!(
            symmetry_classes(&[Some(3), None, Some(1), Some(3), Some(2), Some(1)]),
            [1, 3]
        );
        assert!(symmetry_classes(&[Some(0), None]).is_empty());
    }

    #[test]
    fn the_loop_is_closed_by_its_end_segment() {
        let mut subject = "A;B;".to_string();
        let node = open_loop(Node::lit("x"), &mut subject, "!;");
        assert_eq!(subject, "A;B;!;");
        assert_eq!(
            node,
            Node::Seq(vec![
                Node::repeat(Node::lit("x"), 1, None, Greed::Greedy),
                Node::lit("!;"),
            ])
        );
    }
}
