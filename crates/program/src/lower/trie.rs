//! The packing's trie-loop form (PCRE2 without branch reset, fancy-regex, Python, .NET): one
//! loop body per item, reaching each resource's group through a binary trie on its code.

use std::collections::HashMap;

use super::packing::{compact_tokens, open_loop, symmetry_classes, token_letters, PackSpec};
use super::radix::Radix;
use super::{skip_to_item, Lowered, Lowerer};
use crate::ast::{Greed, GroupId, Node};

impl Lowerer<'_> {
    /// The loop form: one pattern body repeated per item. The subject lists each item's options
    /// as resource codes, each followed by the item's token; a binary trie on the code reaches
    /// the resource's one group, which must be unset (`(?(R)fail|..)`) and then captures the
    /// item's token. After `|`, the codes of the resources that must be covered by now are
    /// checked the same way, with `(?(R)|fail)`. O(resources) groups, O(log resources) per
    /// resource checked. With `sharing` ([`PackSpec::sharing`]), the resources from that one on
    /// share groups three to a group ([`shared_take`]).
    pub(super) fn packing_trie(&mut self, spec: &PackSpec, sharing: Option<u32>) -> Lowered {
        let PackSpec {
            items,
            options,
            resources,
            due,
            symmetry,
            requires,
            waste,
            ..
        } = *spec;
        // Shared resources (`Program::share_resources`): resource `from + s` is member `s % 3`
        // of shared group `s / 3`, whose code is `base + 4·(s / 3) + s % 3`; the last two bits
        // pick the member inside the group's branch reset.
        let from = sharing.unwrap_or(resources);
        let triples = (resources - from).div_ceil(3);
        let base = from.next_multiple_of(4);
        let span = if sharing.is_some() {
            base + 4 * triples
        } else {
            resources
        };
        let code_of = move |r: u32| {
            if r < from {
                r
            } else {
                base + 4 * ((r - from) / 3) + (r - from) % 3
            }
        };
        // Shared groups pick their members by the codes' last two bits.
        let radix = if sharing.is_some() {
            Radix::binary(span)
        } else {
            Radix::for_span(span)
        };
        let bits = radix.digits;
        let token = compact_tokens(items.len());
        let width = token(0).len();
        let code = |r: u32| radix.code(code_of(r));
        // Symmetry classes: every option starts with a marker and its index in binary. The
        // marker names the item's class (`.` for none): a lower-case letter for the class's
        // first item, which only records its index, bit by bit, in the class's groups; an
        // upper-case one for a later item, whose index must also exceed the recorded one.
        // Only classes of two or more items constrain anything.
        let mut classes = symmetry_classes(symmetry);
        if !self.features.forward_references {
            // The index check reads groups captured later in the body (the previous
            // iteration's): without forward references the symmetry is simply not broken.
            classes.clear();
        }
        classes.truncate(26);
        let ordered = !classes.is_empty();
        let most = options.iter().map(Vec::len).max().unwrap_or(1) as u32;
        let index = Radix::binary(most);
        let index_bits = index.digits;
        let index_groups: Vec<Vec<GroupId>> = classes
            .iter()
            .map(|c| {
                (0..index_bits)
                    .map(|k| self.alloc(format!("I{c}_{k}"), None))
                    .collect()
            })
            .collect();
        let class_of = |i: usize| symmetry[i].and_then(|c| classes.iter().position(|x| *x == c));
        let mut groups: Vec<GroupId> = (0..from)
            .map(|r| self.alloc(spec.group_name(r), None))
            .collect();
        for k in 0..triples {
            let members: Vec<u32> = (from + 3 * k..resources.min(from + 3 * k + 3)).collect();
            let name = if spec.names.is_empty() {
                format!("S{k}")
            } else {
                let parts: Vec<&str> = members
                    .iter()
                    .map(|r| spec.names[*r as usize].as_str())
                    .collect();
                format!("S_{}", parts.join("_"))
            };
            let g = self.alloc(name, None);
            groups.extend(members.iter().map(|_| g));
        }
        let groups = std::rc::Rc::new(groups);
        // The class of a captured token: the letters the items' tokens use (a run of them, one
        // range in the printed class), which is all a subject holds there.
        let letters = token_letters(items.len());
        let take = |g: GroupId| Node::Cond {
            group: g,
            yes: Box::new(Node::Fail),
            no: Box::new(Node::group(
                g,
                Node::times(
                    Node::Class {
                        negated: false,
                        chars: letters.clone(),
                    },
                    width as u32,
                ),
            )),
        };
        let require = |g: GroupId| Node::Cond {
            group: g,
            yes: Box::new(Node::Seq(vec![])),
            no: Box::new(Node::Fail),
        };
        fn trie(lo: u32, hi: u32, depth: usize, radix: Radix, leaf: &dyn Fn(u32) -> Node) -> Node {
            // Resources lo..hi share their first `depth` digits.
            if depth == radix.digits {
                return leaf(lo);
            }
            let step = radix.place(depth);
            let mut alts: Vec<Node> = (0..radix.base)
                .map(|d| lo + d * step)
                .take_while(|start| *start < hi)
                .enumerate()
                .map(|(d, start)| {
                    Node::Seq(vec![
                        Node::lit(Radix::digit(d as u32).to_string()),
                        trie(start, (start + step).min(hi), depth + 1, radix, leaf),
                    ])
                })
                .collect();
            if alts.len() == 1 {
                alts.pop().expect("one")
            } else {
                Node::Alt(alts)
            }
        }
        let gs = groups.clone();
        let dispatch = match sharing {
            None => trie(0, resources.max(1), 0, radix, &|r| take(gs[r as usize])),
            Some(_) => {
                let any = Node::not_in(",;");
                // Shared group `k`, entered with the member's two code bits still to read; see
                // `shared_take`.
                let block = |lo: u32, depth: usize| {
                    (lo >= base && depth + 2 == bits).then(|| {
                        let k = (lo - base) / 4;
                        let count = (resources - from - 3 * k).min(3);
                        shared_take(gs[(from + 3 * k) as usize], count, &any)
                    })
                };
                let leaf = |r: u32| {
                    if r < from {
                        take(gs[r as usize])
                    } else {
                        Node::Fail
                    }
                };
                trie_with(0, span.max(1), 0, bits, &leaf, &block)
            }
        };
        // When every option uses the same number of resources, an exact count is much cheaper
        // for the engine than a loop (PCRE2 JIT: 3x at N=20 queens).
        let sizes: Vec<usize> = options.iter().flatten().map(Vec::len).collect();
        let uniform = sizes
            .first()
            .filter(|k| sizes.iter().all(|s| s == *k))
            .copied();
        let dispatches = match uniform {
            Some(k) => Node::times(dispatch, k as u32),
            None => Node::star(dispatch, self.greed(Greed::Possessive)),
        };
        let dead = match waste {
            // The checks test groups that the pattern sets further on (markers, slots).
            Some(w) if self.features.forward_references && self.dead_checks => {
                self.dead_checks(options, resources, w, &groups)
            }
            _ => None,
        };
        let mut body = vec![];
        if self.callouts {
            body.push(Node::Callout(1));
        }
        // Gated items (`PackSpec::gate`) start with `?` and their gate's code: when the
        // resource is used the item takes its first option and skips the others, otherwise it
        // skips the first option. Not with markers or dead-set checks, which the first option
        // carries too.
        let gates: Vec<Option<u32>> = (0..items.len())
            .map(|i| spec.gate(i).filter(|_| !ordered && dead.is_none()))
            .collect();
        if gates.iter().any(Option::is_some) {
            let gs = groups.clone();
            // Used: up to the `|` (a gate is due after its item, so the item has one), all the
            // way even without possessive quantifiers, which would otherwise give characters
            // back and let a later option start mid-way.
            let possessive = self.features.possessive;
            let gate = trie(0, resources.max(1), 0, radix, &|r| Node::Cond {
                group: gs[r as usize],
                yes: Box::new(if possessive {
                    Node::star(Node::not_in("|;"), Greed::Possessive)
                } else {
                    Node::Seq(vec![
                        Node::star(Node::not_in("|;"), Greed::Greedy),
                        Node::Look {
                            negative: false,
                            node: Box::new(Node::lit("|")),
                        },
                    ])
                }),
                no: Box::new(Node::lit(",")),
            });
            body.push(Node::optional(
                Node::Seq(vec![Node::lit("?"), gate]),
                self.greed(Greed::Possessive),
            ));
            if !possessive {
                // A gate the optional group skipped on backtracking must not be stepped over.
                body.push(Node::Look {
                    negative: true,
                    node: Box::new(Node::lit("?")),
                });
            }
        }
        body.push(skip_to_item());
        if ordered {
            // greater(k): the new index and the previous one agree before bit k, and at the
            // first difference the new bit is 1 and the old one (`\g{I_k}`) is not.
            fn greater(k: usize, bits: &[GroupId]) -> Node {
                let here = Node::Seq(vec![
                    Node::Look {
                        negative: true,
                        node: Box::new(Node::Backref(bits[k])),
                    },
                    Node::lit("1"),
                ]);
                if k + 1 == bits.len() {
                    here
                } else {
                    Node::Alt(vec![
                        here,
                        Node::Seq(vec![Node::Backref(bits[k]), greater(k + 1, bits)]),
                    ])
                }
            }
            let mut markers = vec![Node::lit(".")];
            for (k, groups) in index_groups.iter().enumerate() {
                let first = char::from(b'a' + k as u8).to_string();
                let later = char::from(b'A' + k as u8).to_string();
                let mut record = vec![Node::Alt(vec![
                    Node::lit(first),
                    Node::Seq(vec![
                        Node::lit(later),
                        Node::Look {
                            negative: false,
                            node: Box::new(greater(0, groups)),
                        },
                    ]),
                ])];
                record.extend(groups.iter().map(|g| {
                    Node::group(
                        *g,
                        Node::Class {
                            negated: false,
                            chars: "01".into(),
                        },
                    )
                }));
                markers.push(Node::Seq(record));
            }
            body.push(Node::Alt(markers));
        }
        let hinted = requires.iter().flatten().any(|r| !r.is_empty());
        if hinted {
            // Options may first list `!`-prefixed codes of resources that must be used already.
            let gs = groups.clone();
            let needed = trie(0, resources.max(1), 0, radix, &|r| require(gs[r as usize]));
            body.push(Node::star(
                Node::Seq(vec![Node::lit("!"), needed]),
                self.greed(Greed::Possessive),
            ));
        }
        body.push(dispatches);
        if let Some(dead) = dead.as_ref().filter(|d| !d.hopeless) {
            // After the placement, the sets it may have sealed off, by their resources' codes.
            let check = trie(0, resources.max(1), 0, radix, &|r| {
                dead.leaves[r as usize].clone()
            });
            let mut item = vec![Node::lit(">"), check];
            if let Some(slot) = &dead.slot {
                item.push(Node::optional(
                    Node::Seq(vec![Node::lit("+"), slot.clone()]),
                    self.greed(Greed::Possessive),
                ));
            }
            body.push(Node::star(Node::Seq(item), self.greed(Greed::Possessive)));
        }
        body.extend([Node::optional(
            Node::Seq(vec![
                Node::lit(","),
                Node::star(Node::not_in("|;"), Greed::Possessive),
            ]),
            self.greed(Greed::Possessive),
        )]);
        let checks = due.iter().any(|d| !d.is_empty());
        if checks {
            let gs = groups.clone();
            let required = trie(0, resources.max(1), 0, radix, &|r| require(gs[r as usize]));
            body.push(Node::lit("|"));
            body.push(Node::star(required, self.greed(Greed::Possessive)));
        }
        body.push(Node::lit(";"));
        let body = Node::Seq(body);
        // Every resource's code, written once: the subject repeats them millions of times on
        // large instances (N=1000 queens: 58 MB).
        let codes: Vec<String> = (0..resources).map(code).collect();
        let plus = match dead.as_ref() {
            Some(d) if d.slot.is_some() => "+",
            _ => "",
        };
        let mut subject = String::new();
        let mut listed_of: HashMap<&[u32], Vec<u32>> = HashMap::new();
        for (i, (item, opts)) in items.iter().zip(options).enumerate() {
            let t = token(i);
            if let Some(r) = gates[i] {
                subject.push('?');
                subject.push_str(&codes[r as usize]);
            }
            for (j, o) in opts.iter().enumerate() {
                if j > 0 {
                    subject.push(',');
                }
                if ordered {
                    match class_of(i) {
                        None => subject.push('.'),
                        Some(k) => {
                            let earlier = (0..i).any(|e| class_of(e) == Some(k));
                            subject.push(char::from(if earlier { b'A' } else { b'a' } + k as u8));
                            // The option's index in binary, `index_bits` digits.
                            index.write(j as u32, &mut subject);
                        }
                    }
                }
                for r in &requires[i][j] {
                    subject.push('!');
                    subject.push_str(&codes[*r as usize]);
                }
                for r in o {
                    // A shared resource is followed by its group's digits (`shared_take`).
                    subject.push_str(&codes[*r as usize]);
                    subject.push_str(if *r < from { t.as_str() } else { SHARED_TABLE });
                }
                if let Some(dead) = dead.as_ref().filter(|d| !d.hopeless) {
                    // Items of one shape share their options' lists.
                    let listed = listed_of
                        .entry(o.as_slice())
                        .or_insert_with(|| dead.listed(o));
                    for r in listed.iter() {
                        subject.push('>');
                        subject.push_str(&codes[*r as usize]);
                        subject.push_str(plus);
                    }
                }
            }
            if checks {
                subject.push('|');
                for r in &due[i] {
                    subject.push_str(&codes[*r as usize]);
                }
            }
            subject.push(';');
            // Each option decodes from its own groups' tokens: its resources below `from`.
            let own: Vec<Vec<u32>> = opts
                .iter()
                .map(|o| o.iter().copied().filter(|r| *r < from).collect())
                .collect();
            self.record_item(*item, t, &groups, own);
        }
        // No option starts with `#`, so the loop can only end after the last item.
        let pattern = open_loop(body, &mut subject, "#;");
        Lowered {
            subject,
            pattern: match dead {
                Some(d) if d.hopeless => Node::Seq(vec![Node::Fail, pattern]),
                _ => pattern,
            },
        }
    }
}

/// The subject text after a shared resource's code: the eight states of its group, the digit
/// `d` at position `d`.
const SHARED_TABLE: &str = "01234567";

/// A binary trie over codes `lo..hi` from bit `depth`, `leaf(code)` at the bottom, where
/// `block(lo, depth)` may stand for the whole subtree instead (it then reads the rest of the
/// code itself).
fn trie_with(
    lo: u32,
    hi: u32,
    depth: usize,
    bits: usize,
    leaf: &dyn Fn(u32) -> Node,
    block: &dyn Fn(u32, usize) -> Option<Node>,
) -> Node {
    if let Some(node) = block(lo, depth) {
        return node;
    }
    if depth == bits {
        return leaf(lo);
    }
    let half = lo + (1 << (bits - depth - 1));
    let mut alts = vec![Node::Seq(vec![
        Node::lit("0"),
        trie_with(lo, half.min(hi), depth + 1, bits, leaf, block),
    ])];
    if half < hi {
        alts.push(Node::Seq(vec![
            Node::lit("1"),
            trie_with(half, hi, depth + 1, bits, leaf, block),
        ]));
    }
    if alts.len() == 1 {
        alts.pop().expect("one")
    } else {
        Node::Alt(alts)
    }
}

/// Takes member `m` (its two code bits come first) of the shared group `g` of `count` members,
/// the subject then holding [`SHARED_TABLE`]. The group holds one digit, the set of its used
/// members as bits (unset: none). One alternative per state `o` without bit `m`: unset for
/// `o = 0`, else `\g{g}` at the table's `o`; then the group captures the table's digit
/// `o | 1 << m`. Exactly one alternative can match, so the search tree is the unshared one's,
/// and one with bit `m` set matches none: the member is used. A branch reset, so that every
/// alternative captures the same group.
fn shared_take(g: GroupId, count: u32, any: &Node) -> Node {
    let mut alts = Vec::new();
    for m in 0..count {
        for o in 0..(1u32 << count) {
            if o & (1 << m) != 0 {
                continue;
            }
            let n = o | (1 << m);
            let mut seq = vec![Node::lit(format!("{m:02b}"))];
            if o == 0 {
                seq.push(Node::Cond {
                    group: g,
                    yes: Box::new(Node::Fail),
                    no: Box::new(Node::Seq(vec![])),
                });
                seq.push(Node::times(any.clone(), n));
            } else {
                seq.push(Node::times(any.clone(), o));
                seq.push(Node::Backref(g));
                seq.push(Node::times(any.clone(), n - o - 1));
            }
            seq.push(Node::group(g, Node::lit(n.to_string())));
            seq.push(Node::times(any.clone(), 7 - n));
            alts.push(Node::Seq(seq));
        }
    }
    Node::BranchReset(alts)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{lower, packing};
    use super::super::Source;
    use crate::ast::GroupId;
    use crate::dialect::{FANCY, PCRE2, PYTHON};
    use crate::program::Program;
    use crate::Features;

    /// PCRE2 without branch reset: the trie form, printed with PCRE2's syntax.
    const TRIE: Features = Features {
        branch_reset: false,
        ..PCRE2.features
    };

    /// `(?(g)(*FAIL)|(g captures one letter))`, the leaf that takes resource group `g`:
    /// unset, then it captures an item's token, one of the two items' letters `A` and `B`.
    fn take(g: usize) -> String {
        format!("(?({g})(*FAIL)|([AB]))")
    }

    #[test]
    fn options_are_resource_codes_reached_through_a_trie() {
        // Two items over three resources (2-bit codes 00, 01, 10), all three to be covered
        // after item 1; the options' sizes differ, so the dispatch loops.
        let mut p = Program::new('T');
        let opts: [&[&[u32]]; 2] = [&[&[0, 1], &[1, 2]], &[&[2, 0], &[1]]];
        let vars = packing(&mut p, &opts, 3, 3, &[], None);
        let l = lower(&p, &vars, TRIE);
        assert_eq!(l.subject(0), "00A01A,01A10A|;10B00B,01B|000110;#;");
        let dispatch = format!("(?:0(?:0{}|1{})|10{})", take(1), take(2), take(3));
        let require = "(?:0(?:0(?(1)|(*FAIL))|1(?(2)|(*FAIL)))|10(?(3)|(*FAIL)))";
        assert_eq!(
            l.pattern(0, &PCRE2),
            format!("(?:(?:[^,;]*+,)*?{dispatch}*+(?:,[^|;]*+)?+\\|{require}*+;)+\\#;")
        );
        assert_eq!(l.names(), ["R0", "R1", "R2"]);
        // Each item decodes from the resource groups that captured its token.
        assert_eq!(
            l.sources[1],
            (
                vars[1],
                Source::Resources {
                    token: "B".into(),
                    groups: std::rc::Rc::new(vec![GroupId(0), GroupId(1), GroupId(2)]),
                    options: vec![vec![2, 0], vec![1]],
                }
            )
        );
        // Without possessive quantifiers (fancy-regex) the same tree, with plain ones.
        let fancy = lower(&p, &vars, FANCY.features);
        assert_eq!(fancy.subject(0), l.subject(0));
        assert!(fancy
            .pattern(0, &PCRE2)
            .contains(&format!("{dispatch}*(?:,")));
    }

    #[test]
    fn symmetry_classes_record_and_compare_option_indexes() {
        // Two interchangeable items over three resources, one each, nothing to cover: options
        // of equal size dispatch exactly once.
        let mut p = Program::new('T');
        let o: &[&[u32]] = &[&[0], &[1], &[2]];
        let vars = packing(&mut p, &[o, o], 3, 0, &[Some(0), Some(0)], None);
        let l = lower(&p, &vars, TRIE);
        // `a`: the class's first item; `A`: a later one; then the index in binary.
        assert_eq!(l.subject(0), "a0000A,a0101A,a1010A;A0000B,A0101B,A1010B;#;");
        assert_eq!(l.names(), ["I0_0", "I0_1", "R0", "R1", "R2"]);
        let marker = "(?:\\.|(?:a|A(?=(?!\\g{1})1|\\g{1}(?!\\g{2})1))([01])([01]))";
        let dispatch = format!("(?:0(?:0{}|1{})|10{})", take(3), take(4), take(5));
        assert_eq!(
            l.pattern(0, &PCRE2),
            format!("(?:(?:[^,;]*+,)*?{marker}{dispatch}(?:,[^|;]*+)?+;)+\\#;")
        );
        // Python has no forward references: the symmetry is not broken there.
        let python = lower(&p, &vars, PYTHON.features);
        assert_eq!(python.subject(0), "00A,01A,10A;00B,01B,10B;#;");
        assert_eq!(python.names(), ["R0", "R1", "R2"]);
    }

    #[test]
    fn a_gated_item_states_its_gate_first() {
        // As in the branch-reset test: A's gate is resource 0, B's resource 1.
        let mut p = Program::new('T');
        let opts: [&[&[u32]]; 2] = [&[&[], &[0, 1], &[0, 2]], &[&[], &[1, 2]]];
        let vars = packing(&mut p, &opts, 3, 3, &[], None);
        let l = lower(&p, &vars, TRIE);
        assert_eq!(l.subject(0), "?00,00A01A,00A10A|00;?01,01B10B|0110;#;");
        // Used: skip every option; free: skip the first (empty) one.
        let gate = "(?:0(?:0(?(1)[^|;]*+|,)|1(?(2)[^|;]*+|,))|10(?(3)[^|;]*+|,))";
        assert!(l
            .pattern(0, &PCRE2)
            .starts_with(&format!("(?:(?:\\?{gate})?+(?:[^,;]*+,)*?")));
    }

    #[test]
    fn shared_resources_take_one_group_three_at_a_time() {
        // Two items; resources 0 and 1 their own (one group each, the decoding's), 2..6
        // shared: 2, 3, 4 in group S0 (codes 0100, 0101, 0110), 5 in S1 (code 1000).
        let mut p = Program::new('T');
        let opts: [&[&[u32]]; 2] = [&[&[0, 2, 5], &[1, 3]], &[&[0, 4], &[1, 2]]];
        let vars = packing(&mut p, &opts, 6, 0, &[], None);
        p.share_resources(&vars, 2)
            .expect("every option has its own resource");
        let l = lower(&p, &vars, PCRE2.features);
        assert_eq!(l.names(), ["R0", "R1", "S0", "S1"]);
        let t = "01234567";
        assert_eq!(
            l.subject(0),
            format!("0000A0100{t}1000{t},0001A0101{t};0000B0110{t},0001B0100{t};#;")
        );
        let pattern = l.pattern(0, &PCRE2);
        // Member 0 of S0, the group unset: it captures the table's 1.
        assert!(
            pattern.contains("(?|00(?(3)(*FAIL)|)[^,;](1)[^,;]{6}|"),
            "{pattern}"
        );
        // Member 1, member 0 used (the group holds 1): compared, then 3 captured.
        assert!(
            pattern.contains("|01[^,;]\\g{3}[^,;](3)[^,;]{4}|"),
            "{pattern}"
        );
        // S1 has one member: two states.
        assert!(
            pattern.contains("(?|00(?(4)(*FAIL)|)[^,;](1)[^,;]{6})"),
            "{pattern}"
        );
        // Decoding reads only the items' own resources.
        assert_eq!(
            l.sources[0].1,
            Source::Resources {
                token: "A".into(),
                groups: std::rc::Rc::new(vec![
                    GroupId(0),
                    GroupId(1),
                    GroupId(2),
                    GroupId(2),
                    GroupId(2),
                    GroupId(3)
                ]),
                options: vec![vec![0], vec![1]],
            }
        );
        // Without branch reset (fancy-regex) the packing takes one group a resource.
        assert_eq!(lower(&p, &vars, FANCY.features).names().len(), 6);
        // Not part of the meaning: an option without an own resource is refused.
        let mut q = Program::new('T');
        let vars = packing(&mut q, &opts, 6, 0, &[], None);
        assert!(q.share_resources(&vars, 1).is_err());
    }

    #[test]
    fn every_option_of_one_size_dispatches_an_exact_count() {
        let mut p = Program::new('T');
        let o: &[&[u32]] = &[&[0, 1], &[1, 2], &[2, 3]];
        let vars = packing(&mut p, &[o], 4, 0, &[], None);
        let l = lower(&p, &vars, TRIE);
        assert_eq!(l.subject(0), "00A01A,01A10A,10A11A;#;");
        assert!(l.pattern(0, &PCRE2).contains(")){2}(?:,[^|;]*+)?+;)+\\#;"));
    }
}
