//! Lowering: each ordered step becomes a subject segment and a pattern AST, in the best form the
//! target's features allow.

use crate::ast::{Greed, GroupId, Node};
use crate::dialect::Features;
use crate::gadget::{Cmp, Gadget};
use crate::order::Step;
use crate::program::{Program, VarId};

/// A lowered segment: the subject text (ending in `;`) and the pattern that must match it.
#[derive(Clone, Debug)]
pub struct Lowered {
    /// Subject segment, ending in `;`.
    pub subject: String,
    /// Pattern segment, ending in the literal `;`.
    pub pattern: Node,
}

/// What a capturing group holds, for decoding and for readable names.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct GroupInfo {
    /// The group's number in the pattern.
    pub number: usize,
    /// Its readable name.
    pub name: String,
    /// The program variable it captures, if any (ladder partial sums have none).
    pub var: Option<u32>,
}

/// Where a variable's value is read from in a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Its own group captures the value.
    Group(GroupId),
    /// One group per domain value, in domain order; the one that captured text is the value.
    Flags(Vec<GroupId>),
    /// A packing item: each resource's group captures the token of the item using it; the value
    /// is the option whose resources are exactly the item's.
    Resources {
        /// The item's token.
        token: String,
        /// The group of each resource.
        groups: std::rc::Rc<Vec<GroupId>>,
        /// Resources of each option, in domain order.
        options: Vec<Vec<u32>>,
    },
}

/// A packing statement being lowered, with each resource that must be covered assigned to the
/// item after which it is checked.
#[derive(Clone, Copy)]
struct PackSpec<'a> {
    items: &'a [VarId],
    options: &'a [Vec<Vec<u32>>],
    resources: u32,
    due: &'a [Vec<u32>],
    symmetry: &'a [Option<u32>],
    requires: &'a [Vec<Vec<u32>>],
    waste: Option<u32>,
}

/// The largest waste budget for which a packing gets dead-resource checks. With more room to
/// waste, sets of up to [`crate::dead::MAX_SET`] resources must be counted, and listing and
/// testing them after every placement costs more than it cuts (fillit, 7×7 with 5 spare cells:
/// 0.2 s without the checks, 0.9 s with them; with 1 spare cell: 2.7 s without, 0.5 s with).
const MAX_WASTE_SLOTS: u32 = 2;

/// The dead-resource checks of one packing (see [`Lowerer::dead_checks`]).
struct DeadChecks {
    /// More resources are unusable from the start than the budget allows.
    hopeless: bool,
    /// The check run for each resource code listed after an option (empty when never listed).
    leaves: Vec<Node>,
    /// Dead sets within the budget are counted: each listed code is followed by `+`, which the
    /// check leaves unconsumed when it marks a newly dead resource, and `slot` takes one slot.
    slot: Option<Node>,
    /// The candidate dead sets, and whether each one is counted (else it fails at once).
    sets: Vec<(crate::dead::DeadSet, bool)>,
    /// The sets each resource witnesses.
    by_witness: Vec<Vec<usize>>,
}

impl DeadChecks {
    /// The codes to check after an option using `option`: the sets it may seal off (sets it does
    /// not touch but one of whose witnesses it uses) are checked through every resource of a
    /// counted set, and through the first resource (the anchor) of any other.
    fn listed(&self, option: &[u32]) -> Vec<u32> {
        let mut out: Vec<u32> = Vec::new();
        for i in option
            .iter()
            .flat_map(|w| self.by_witness.get(*w as usize).into_iter().flatten())
        {
            let (set, counted) = &self.sets[*i];
            if set.resources.iter().any(|r| option.contains(r)) {
                continue;
            }
            if *counted {
                out.extend(&set.resources);
            } else {
                out.push(set.resources[0]);
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// Lowers steps in order, allocating capture groups as they appear.
pub struct Lowerer<'p> {
    program: &'p Program,
    features: Features,
    token: String,
    /// Every group allocated so far, by id.
    pub groups: Vec<GroupInfo>,
    /// The group of each variable that has one.
    pub var_group: Vec<Option<GroupId>>,
    /// Variables read in another way than from their own group.
    pub sources: Vec<(VarId, Source)>,
    ladder: Vec<Option<GroupId>>,
    callouts: bool,
}

/// Most never-taken groups the branch-reset packing form may print before the trie form is
/// used instead. N-queens needs about 4·N³, so the form reaches N≈70: at N=64 the pattern is
/// 2.4 MB, generated in 60 ms and compiled in 0.2 s; N=100 would need 4 million and more than
/// the 100 ms its generation may take.
pub const RESET_PAD_BUDGET: u64 = 2_000_000;

/// The tokens naming `count` items: letters, as many per token as needed to tell them apart.
fn item_tokens(count: usize) -> impl Fn(usize) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    let mut width = 1;
    while ALPHABET.len().pow(width as u32) < count {
        width += 1;
    }
    move |mut i: usize| {
        let mut t = vec![b'A'; width];
        for slot in t.iter_mut().rev() {
            *slot = ALPHABET[i % ALPHABET.len()];
            i /= ALPHABET.len();
        }
        String::from_utf8(t).expect("ASCII letters")
    }
}

/// The symmetry classes with two or more items: only those constrain anything.
fn symmetry_classes(symmetry: &[Option<u32>]) -> Vec<u32> {
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
fn open_loop(body: Node, subject: &mut String, end: &str) -> Node {
    subject.push_str(end);
    Node::Seq(vec![
        Node::repeat(body, 1, None, Greed::Greedy),
        Node::lit(end),
    ])
}

fn skip_to_item() -> Node {
    // `(?:[^,;]*+,)*?`: skip whole items of a `,`-separated list, fewest first.
    Node::star(
        Node::Seq(vec![
            Node::star(Node::not_in(",;"), Greed::Possessive),
            Node::lit(","),
        ]),
        Greed::Lazy,
    )
}

fn rest_of_list() -> Node {
    // `(?:,[^;]*+)?+`: the items after the one matched.
    Node::optional(
        Node::Seq(vec![
            Node::lit(","),
            Node::star(Node::not_in(";"), Greed::Possessive),
        ]),
        Greed::Possessive,
    )
}

impl<'p> Lowerer<'p> {
    /// A lowerer for `program` using `features` of the target; `callouts` puts a callout in
    /// loop bodies (statements get theirs from the compiler).
    pub fn new(program: &'p Program, features: Features, callouts: bool) -> Lowerer<'p> {
        Lowerer {
            program,
            features,
            token: program.true_token.to_string(),
            groups: Vec::new(),
            var_group: vec![None; program.vars.len()],
            sources: Vec::new(),
            ladder: vec![None; program.statements.len()],
            callouts,
        }
    }

    fn alloc(&mut self, name: String, var: Option<VarId>) -> GroupId {
        let id = GroupId(self.groups.len() as u32);
        self.groups.push(GroupInfo {
            number: id.number(),
            name,
            var: var.map(|v| v.0),
        });
        if let Some(v) = var {
            self.var_group[v.index()] = Some(id);
        }
        id
    }

    fn var_group(&mut self, v: VarId) -> GroupId {
        match self.var_group[v.index()] {
            Some(g) => g,
            None => {
                let name = self.program.var(v).name.clone();
                self.alloc(name, Some(v))
            }
        }
    }

    fn backref(&self, v: VarId) -> Node {
        Node::Backref(self.var_group[v.index()].expect("ordering defines variables before use"))
    }

    fn atomic(&self, node: Node) -> Node {
        if self.features.atomic {
            Node::Atomic(Box::new(node))
        } else {
            node
        }
    }

    fn greed(&self, wanted: Greed) -> Greed {
        if wanted == Greed::Possessive && !self.features.possessive {
            Greed::Greedy
        } else {
            wanted
        }
    }

    /// Remembers how to decode `item` from the loop forms: its `token` in the groups of the
    /// resources its options use.
    fn record_item(
        &mut self,
        item: VarId,
        token: String,
        groups: &std::rc::Rc<Vec<GroupId>>,
        options: &[Vec<u32>],
    ) {
        self.sources.push((
            item,
            Source::Resources {
                token,
                groups: groups.clone(),
                options: options.to_vec(),
            },
        ));
    }

    fn tokens(&self, n: u32) -> String {
        self.token.repeat(n as usize)
    }

    /// Lowers one step.
    pub fn lower(&mut self, step: &Step) -> Lowered {
        match step {
            Step::Stmt(sid) => {
                let g = self.program.statements[sid.0 as usize].clone();
                self.lower_gadget(&g)
            }
            Step::Ladder {
                stmt,
                var,
                weight,
                first,
                prefix_max,
                remaining,
                last,
            } => {
                let (cmp, k) = match &self.program.statements[stmt.0 as usize] {
                    Gadget::Count { cmp, k, .. } => (*cmp, *k),
                    _ => unreachable!("ladder steps come from counts"),
                };
                let mut sum = Vec::new();
                if !first {
                    sum.push(Node::Backref(
                        self.ladder[stmt.0 as usize].expect("earlier step"),
                    ));
                }
                sum.push(Node::times(self.backref(*var), *weight));
                let name = format!("S{}_{}", stmt.0, self.program.var(*var).name);
                let body = Node::Seq(sum);
                let node = if *last {
                    body
                } else {
                    let g = self.alloc(name, None);
                    self.ladder[stmt.0 as usize] = Some(g);
                    Node::group(g, body)
                };
                self.bounded_sum(node, cmp, k, *prefix_max, *remaining)
            }
        }
    }

    /// `sum` (a node matching the running total as tokens) must stay within what keeps
    /// `total cmp k` reachable, given at most `remaining` more to come.
    fn bounded_sum(&self, sum: Node, cmp: Cmp, k: u32, prefix_max: u32, remaining: u32) -> Lowered {
        let upper = match cmp {
            Cmp::Ge => prefix_max,
            Cmp::Le | Cmp::Eq => k.min(prefix_max),
        };
        let lower = match cmp {
            Cmp::Le => 0,
            Cmp::Eq | Cmp::Ge => k.saturating_sub(remaining),
        };
        if lower > upper {
            return Lowered {
                subject: ";".into(),
                pattern: Node::Seq(vec![Node::Fail, Node::lit(";")]),
            };
        }
        let slack = upper - lower;
        let mut items = vec![sum];
        if slack > 0 {
            items.push(Node::repeat(
                Node::lit(self.token.clone()),
                0,
                Some(slack),
                self.greed(Greed::Possessive),
            ));
        }
        items.push(Node::lit(";"));
        Lowered {
            subject: format!("{};", self.tokens(upper)),
            pattern: Node::Seq(items),
        }
    }

    fn lower_gadget(&mut self, g: &Gadget) -> Lowered {
        match g {
            Gadget::Choose { var } => self.lower_choose(*var),
            Gadget::OneOf { vars, guards } => {
                let mut items = Vec::new();
                for (v, guard) in vars.iter().zip(guards) {
                    let mut body = vec![Node::lit(self.token.clone())];
                    body.extend(guard.iter().map(|x| self.backref(*x)));
                    let g = self.var_group(*v);
                    items.push(Node::group(
                        g,
                        Node::optional(Node::Seq(body), Greed::Greedy),
                    ));
                }
                items.push(Node::lit(";"));
                Lowered {
                    subject: format!("{};", self.token),
                    pattern: Node::Seq(items),
                }
            }
            Gadget::Union { output, members } => {
                // The members' tokens, concatenated, then whatever is left of the one token
                // the subject offers: two true members would need two.
                let body = Node::Seq(members.iter().map(|m| self.backref(*m)).collect());
                let g = self.var_group(*output);
                Lowered {
                    subject: format!("{};", self.token),
                    pattern: Node::Seq(vec![
                        Node::group(g, body),
                        Node::optional(
                            Node::lit(self.token.clone()),
                            self.greed(Greed::Possessive),
                        ),
                        Node::lit(";"),
                    ]),
                }
            }
            Gadget::Lookup {
                inputs,
                output,
                tuples,
            } => {
                if tuples.is_empty() {
                    self.var_group(*output);
                    return Lowered {
                        subject: ";".into(),
                        pattern: Node::Seq(vec![
                            Node::group(self.var_group[output.index()].unwrap(), Node::Fail),
                            Node::lit(";"),
                        ]),
                    };
                }
                let functional = {
                    let mut keys: Vec<&[String]> =
                        tuples.iter().map(|t| &t[..t.len() - 1]).collect();
                    keys.sort();
                    keys.windows(2).all(|w| w[0] != w[1])
                };
                let mut items = vec![skip_to_item()];
                for i in inputs {
                    items.push(self.backref(*i));
                    items.push(Node::lit(":"));
                }
                let g = self.var_group(*output);
                items.push(Node::group(
                    g,
                    Node::star(Node::not_in(",;:"), self.greed(Greed::Possessive)),
                ));
                let body = Node::Seq(items);
                let body = if functional { self.atomic(body) } else { body };
                Lowered {
                    subject: Self::list(tuples),
                    pattern: Node::Seq(vec![body, rest_of_list(), Node::lit(";")]),
                }
            }
            Gadget::Table { vars, tuples } => {
                if tuples.is_empty() {
                    return Lowered {
                        subject: ";".into(),
                        pattern: Node::Seq(vec![Node::Fail, Node::lit(";")]),
                    };
                }
                let mut items = vec![skip_to_item()];
                for (i, v) in vars.iter().enumerate() {
                    if i > 0 {
                        items.push(Node::lit(":"));
                    }
                    items.push(self.backref(*v));
                }
                let body = self.atomic(Node::Seq(items));
                Lowered {
                    subject: Self::list(tuples),
                    pattern: Node::Seq(vec![body, rest_of_list(), Node::lit(";")]),
                }
            }
            Gadget::Packing { .. } => self.lower_packing(g),
            Gadget::Count { terms, cmp, k, .. } => {
                let total: u32 = terms.iter().map(|t| t.1).sum();
                let sum = Node::Seq(
                    terms
                        .iter()
                        .map(|(v, w)| Node::times(self.backref(*v), *w))
                        .collect(),
                );
                self.bounded_sum(sum, *cmp, *k, total, 0)
            }
        }
    }

    fn lower_packing(&mut self, g: &Gadget) -> Lowered {
        let Gadget::Packing {
            items,
            options,
            resources,
            must_cover,
            symmetry,
            requires,
            waste,
        } = g
        else {
            unreachable!("called for packings only");
        };
        let (resources, must_cover, waste) = (*resources, *must_cover, *waste);
        // Each resource that must be covered is checked right after the last item whose options
        // can use it: from then on nothing can cover it any more.
        let mut last_user: Vec<Option<usize>> = vec![None; resources as usize];
        for (i, opts) in options.iter().enumerate() {
            for r in opts.iter().flatten() {
                last_user[*r as usize] = Some(i);
            }
        }
        let mut due: Vec<Vec<u32>> = vec![Vec::new(); items.len()];
        let mut never = false;
        for r in 0..must_cover {
            match last_user[r as usize] {
                Some(i) => due[i].push(r),
                None => never = true,
            }
        }
        let spec = PackSpec {
            items,
            options,
            resources,
            due: &due,
            symmetry,
            requires,
            waste,
        };
        let mut lowered = if self.reset_fits(&spec) {
            self.packing_reset(&spec)
        } else if self.features.conditionals && self.features.lookahead {
            self.packing_trie(&spec)
        } else {
            self.packing_guards(&spec)
        };
        let leftover = options
            .iter()
            .map(|o| o.first().map_or(0, Vec::len) as u32)
            .sum::<u32>();
        if waste.is_some_and(|w| resources.saturating_sub(leftover) > w) {
            // Every item's options use equally many resources (checked when stated), so this
            // many stay unused whatever the items choose.
            never = true;
        }
        if never {
            // A resource that must be covered but that no option uses, or too many unused.
            lowered.pattern = Node::Seq(vec![Node::Fail, lowered.pattern]);
        }
        lowered
    }

    /// Whether the branch-reset form applies: the dialect has branch reset and conditionals, and
    /// the padding stays within [`RESET_PAD_BUDGET`].
    fn reset_fits(&self, spec: &PackSpec) -> bool {
        if !(self.features.branch_reset && self.features.conditionals && self.features.lookahead) {
            return false;
        }
        let pads: u64 = spec
            .options
            .iter()
            .flatten()
            .map(|o| o.iter().max().map_or(0, |m| u64::from(*m) + 1))
            .sum::<u64>()
            + spec.items.len() as u64 * u64::from(spec.resources);
        pads <= RESET_PAD_BUDGET
    }

    /// The branch-reset form: one pattern body repeated per item, in which every option of every
    /// item is an alternative of one branch reset, so each resource has one group that any
    /// option can test (`(?(R)fail)`) and capture, whatever item it belongs to; never-taken
    /// groups pad the numbering up to each resource's group. The subject names the item (its
    /// token, which picks the item's alternatives) and holds one more token per resource to
    /// capture. O(1) per resource checked, but the pattern grows with options × resources.
    ///
    /// Symmetry classes: a class member's subject ends in a ruler of `-`, and its option `j`
    /// records `-`×j in the class's group; a later member's option `j` first checks, on its own
    /// ruler, that the recorded string leaves room for `L−j+1` more dashes, i.e. that the
    /// previous member chose an option before `j`.
    fn packing_reset(&mut self, spec: &PackSpec) -> Lowered {
        let PackSpec {
            items,
            options,
            resources,
            due,
            requires,
            symmetry,
            ..
        } = *spec;
        let token = item_tokens(items.len());
        let width = token(0).len();
        let classes = symmetry_classes(symmetry);
        let mut groups: Vec<GroupId> = (0..resources)
            .map(|r| self.alloc(format!("R{r}"), None))
            .collect();
        groups.extend(classes.iter().map(|c| self.alloc(format!("I{c}"), None)));
        let all = groups.len() as u32;
        let class_group = |k: usize| resources + k as u32;
        let class_of = |i: usize| symmetry[i].and_then(|c| classes.iter().position(|x| *x == c));
        let groups = std::rc::Rc::new(groups);
        // Pads the numbering from `next` up to group `to` (exclusive).
        let pad = |next: u32, to: u32| Node::Pad(groups[next as usize..to as usize].to_vec());
        let is_set = |g: GroupId, set: bool| {
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
        };
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
            let mut alts = Vec::with_capacity(opts.len());
            let mut widest = 0;
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
                alt.extend(used.iter().map(|r| is_set(groups[*r as usize], false)));
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
                let mut next = 0;
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
                widest = widest.max(next);
                alts.push(Node::Seq(alt));
            }
            let mut branch = vec![Node::lit(t.clone())];
            if self.callouts {
                branch.push(Node::Callout(1));
            }
            branch.push(if alts.is_empty() {
                Node::Fail
            } else {
                Node::BranchReset(alts)
            });
            // Every branch spans all the groups, so the numbering after the body is the same
            // whichever branch is last.
            branch.push(pad(widest, all));
            branch.extend(due[i].iter().map(|r| is_set(groups[*r as usize], true)));
            branches.push(Node::Seq(branch));
            subject.push_str(&t.repeat(most + 1));
            subject.push_str(&"-".repeat(ruler));
            subject.push(';');
            self.record_item(*item, t, &groups, opts);
        }
        let body = Node::Seq(vec![
            Node::BranchReset(branches),
            Node::star(Node::not_in(";"), self.greed(Greed::Possessive)),
            Node::lit(";"),
        ]);
        // No item token starts with `!`, so the loop can only end after the last item.
        let pattern = open_loop(body, &mut subject, "!;");
        Lowered { subject, pattern }
    }

    /// The loop form: one pattern body repeated per item. The subject lists each item's options
    /// as resource codes, each followed by the item's token; a binary trie on the code reaches
    /// the resource's one group, which must be unset (`(?(R)fail|..)`) and then captures the
    /// item's token. After `|`, the codes of the resources that must be covered by now are
    /// checked the same way, with `(?(R)|fail)`. O(resources) groups, O(log resources) per
    /// resource checked.
    fn packing_trie(&mut self, spec: &PackSpec) -> Lowered {
        let PackSpec {
            items,
            options,
            resources,
            due,
            symmetry,
            requires,
            waste,
        } = *spec;
        let bits = (32 - resources.saturating_sub(1).leading_zeros()).max(1) as usize;
        let alphabet: Vec<char> = ('A'..='Z').chain('a'..='z').collect();
        let token = item_tokens(items.len());
        let width = token(0).len();
        let code = |r: u32| format!("{r:0bits$b}");
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
        let index_bits = (32 - most.saturating_sub(1).leading_zeros()).max(1) as usize;
        let index_groups: Vec<Vec<GroupId>> = classes
            .iter()
            .map(|c| {
                (0..index_bits)
                    .map(|k| self.alloc(format!("I{c}_{k}"), None))
                    .collect()
            })
            .collect();
        let class_of = |i: usize| symmetry[i].and_then(|c| classes.iter().position(|x| *x == c));
        let groups: Vec<GroupId> = (0..resources)
            .map(|r| self.alloc(format!("R{r}"), None))
            .collect();
        let groups = std::rc::Rc::new(groups);
        let letters: String = alphabet.iter().collect();
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
        fn trie(lo: u32, hi: u32, depth: usize, bits: usize, leaf: &dyn Fn(u32) -> Node) -> Node {
            // Resources lo..hi share their first `depth` bits.
            if depth == bits {
                return leaf(lo);
            }
            let half = lo + (1 << (bits - depth - 1));
            let mut alts = vec![Node::Seq(vec![
                Node::lit("0"),
                trie(lo, half.min(hi), depth + 1, bits, leaf),
            ])];
            if half < hi {
                alts.push(Node::Seq(vec![
                    Node::lit("1"),
                    trie(half, hi, depth + 1, bits, leaf),
                ]));
            }
            if alts.len() == 1 {
                alts.pop().expect("one")
            } else {
                Node::Alt(alts)
            }
        }
        let gs = groups.clone();
        let dispatch = trie(0, resources.max(1), 0, bits, &|r| take(gs[r as usize]));
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
            Some(w) if self.features.forward_references => {
                self.dead_checks(options, resources, w, &groups)
            }
            _ => None,
        };
        let mut body = vec![];
        if self.callouts {
            body.push(Node::Callout(1));
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
            let needed = trie(0, resources.max(1), 0, bits, &|r| require(gs[r as usize]));
            body.push(Node::star(
                Node::Seq(vec![Node::lit("!"), needed]),
                self.greed(Greed::Possessive),
            ));
        }
        body.push(dispatches);
        if let Some(dead) = dead.as_ref().filter(|d| !d.hopeless) {
            // After the placement, the sets it may have sealed off, by their resources' codes.
            let check = trie(0, resources.max(1), 0, bits, &|r| {
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
            let required = trie(0, resources.max(1), 0, bits, &|r| require(gs[r as usize]));
            body.push(Node::lit("|"));
            body.push(Node::star(required, self.greed(Greed::Possessive)));
        }
        body.push(Node::lit(";"));
        let body = Node::Seq(body);
        let mut subject = String::new();
        for (i, (item, opts)) in items.iter().zip(options).enumerate() {
            let t = token(i);
            let list: Vec<String> = opts
                .iter()
                .enumerate()
                .map(|(j, o)| {
                    let mut text = String::new();
                    if ordered {
                        match class_of(i) {
                            None => text.push('.'),
                            Some(k) => {
                                let earlier = (0..i).any(|e| class_of(e) == Some(k));
                                text.push(char::from(if earlier { b'A' } else { b'a' } + k as u8));
                                text.push_str(&format!("{j:0index_bits$b}"));
                            }
                        }
                    }
                    text.extend(requires[i][j].iter().map(|r| format!("!{}", code(*r))));
                    text.extend(o.iter().map(|r| format!("{}{t}", code(*r))));
                    if let Some(dead) = dead.as_ref().filter(|d| !d.hopeless) {
                        let plus = if dead.slot.is_some() { "+" } else { "" };
                        text.extend(
                            dead.listed(o)
                                .into_iter()
                                .map(|r| format!(">{}{plus}", code(r))),
                        );
                    }
                    text
                })
                .collect();
            subject.push_str(&list.join(","));
            if checks {
                subject.push('|');
                for r in &due[i] {
                    subject.push_str(&code(*r));
                }
            }
            subject.push(';');
            self.record_item(*item, t, &groups, opts);
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

    /// The dead-resource checks of a packing with a waste budget of `waste` unused resources,
    /// `None` when the budget is too large to be worth counting. Resources that no option uses
    /// are unused from the start and come off the budget. A dead set ([`crate::dead`]) larger
    /// than the remaining budget fails at once; its check sits at its first resource. A smaller
    /// one is checked at each of its resources, which it marks (one marker group per resource,
    /// so none is counted twice); each newly marked resource takes one of `budget` slot groups,
    /// and the branch fails when none is left. Every group appears once in the pattern.
    fn dead_checks(
        &mut self,
        options: &[Vec<Vec<u32>>],
        resources: u32,
        waste: u32,
        groups: &[GroupId],
    ) -> Option<DeadChecks> {
        let mut usable = vec![false; resources as usize];
        for r in options.iter().flatten().flatten() {
            usable[*r as usize] = true;
        }
        let unusable = usable.iter().filter(|u| !**u).count() as u32;
        let Some(budget) = waste.checked_sub(unusable) else {
            return Some(DeadChecks {
                hopeless: true,
                leaves: Vec::new(),
                slot: None,
                sets: Vec::new(),
                by_witness: Vec::new(),
            });
        };
        if budget > MAX_WASTE_SLOTS {
            return None;
        }
        let sets: Vec<(crate::dead::DeadSet, bool)> = crate::dead::dead_sets(options, resources)
            .into_iter()
            .map(|s| {
                let counted = s.resources.len() as u32 <= budget;
                (s, counted)
            })
            .collect();
        let counting = sets.iter().any(|(_, counted)| *counted);
        let empty = || Node::Seq(vec![]);
        let cond = |g: GroupId, yes: Node, no: Node| Node::Cond {
            group: g,
            yes: Box::new(yes),
            no: Box::new(no),
        };
        let plus = || Node::lit("+");
        // "Every witness of `set` is used and every resource of it but `except` is free."
        let sealed = |set: &crate::dead::DeadSet, except: u32| {
            let mut test: Vec<Node> = set
                .resources
                .iter()
                .filter(|r| **r != except)
                .map(|r| cond(groups[*r as usize], Node::Fail, empty()))
                .collect();
            test.extend(
                set.witnesses
                    .iter()
                    .map(|w| cond(groups[*w as usize], empty(), Node::Fail)),
            );
            Node::Seq(test)
        };
        let mut fails: Vec<Vec<Node>> = vec![Vec::new(); resources as usize];
        let mut counted: Vec<Vec<Node>> = vec![Vec::new(); resources as usize];
        for (set, is_counted) in &sets {
            if *is_counted {
                for r in &set.resources {
                    counted[*r as usize].push(sealed(set, *r));
                }
            } else {
                let anchor = set.resources[0];
                fails[anchor as usize].push(Node::Look {
                    negative: true,
                    node: Box::new(sealed(set, anchor)),
                });
            }
        }
        let mut leaves = Vec::with_capacity(resources as usize);
        for (r, (fail, count)) in fails.into_iter().zip(counted).enumerate() {
            if fail.is_empty() && count.is_empty() {
                leaves.push(empty());
                continue;
            }
            let g = groups[r];
            let mut free = fail;
            if counting {
                if count.is_empty() {
                    free.push(plus());
                } else {
                    let d = self.alloc(format!("D{r}"), None);
                    // Newly dead: mark it and leave the `+` to the slot; otherwise consume it.
                    free.push(cond(
                        d,
                        plus(),
                        Node::Alt(vec![
                            Node::Seq(vec![self.atomic(Node::Alt(count)), Node::group(d, empty())]),
                            plus(),
                        ]),
                    ));
                }
            }
            let used = if counting { plus() } else { empty() };
            leaves.push(cond(g, used, Node::Seq(free)));
        }
        let slot = counting.then(|| {
            let slots: Vec<GroupId> = (0..budget)
                .map(|k| self.alloc(format!("W{k}"), None))
                .collect();
            let mut slot = Node::Fail;
            for g in slots.iter().rev() {
                slot = cond(*g, slot, Node::group(*g, empty()));
            }
            slot
        });
        let mut by_witness: Vec<Vec<usize>> = vec![Vec::new(); resources as usize];
        for (i, (set, _)) in sets.iter().enumerate() {
            for w in &set.witnesses {
                by_witness[*w as usize].push(i);
            }
        }
        Some(DeadChecks {
            hopeless: false,
            leaves,
            slot,
            sets,
            by_witness,
        })
    }

    /// The portable form: one boolean group per option, chosen like [`Gadget::OneOf`], each
    /// guarded by the earlier items' options that share a resource with it; a resource that
    /// must be covered gets an exactly-one check right after the last item that can cover it.
    /// After the items at [`crate::unions::union_stops`], each resource's users so far are
    /// summed up in one group, which later guards read instead.
    fn packing_guards(&mut self, spec: &PackSpec) -> Lowered {
        let PackSpec {
            items,
            options,
            resources,
            due,
            symmetry,
            ..
        } = *spec;
        let mut previous: std::collections::HashMap<u32, Vec<GroupId>> = Default::default();
        let mut users: Vec<Vec<GroupId>> = vec![Vec::new(); resources as usize];
        let stops = crate::unions::union_stops(items.len());
        let mut subject = String::new();
        let mut pattern = Vec::new();
        for (i, (item, opts)) in items.iter().zip(options).enumerate() {
            let name = self.program.var(*item).name.clone();
            let mut flags = Vec::with_capacity(opts.len());
            let mut mine: Vec<(u32, GroupId)> = Vec::new();
            if self.callouts {
                pattern.push(Node::Callout(1));
            }
            for (j, o) in opts.iter().enumerate() {
                let mut guard: Vec<GroupId> = o
                    .iter()
                    .flat_map(|r| users[*r as usize].iter().copied())
                    .collect();
                if let Some(before) = symmetry[i].and_then(|c| previous.get(&c)) {
                    // The class's previous item's options from this one on exclude this one.
                    guard.extend(before.iter().skip(j).copied());
                }
                guard.sort();
                guard.dedup();
                let g = self.alloc(format!("{name}_{j}"), None);
                let mut body = vec![Node::lit(self.token.clone())];
                body.extend(guard.into_iter().map(Node::Backref));
                pattern.push(Node::group(
                    g,
                    Node::optional(Node::Seq(body), Greed::Greedy),
                ));
                flags.push(g);
                mine.extend(o.iter().map(|r| (*r, g)));
            }
            for (r, g) in mine {
                if !users[r as usize].contains(&g) {
                    users[r as usize].push(g);
                }
            }
            pattern.push(Node::lit(";"));
            subject.push_str(&format!("{};", self.token));
            for r in &due[i] {
                pattern.extend(users[*r as usize].iter().map(|g| Node::Backref(*g)));
                pattern.push(Node::lit(";"));
                subject.push_str(&format!("{};", self.token));
            }
            if let Some(c) = symmetry[i] {
                previous.insert(c, flags.clone());
            }
            self.sources.push((*item, Source::Flags(flags)));
            if stops.contains(&i) {
                // Sum up each resource's users so far (at most one of them is chosen): later
                // guards read one group per resource instead of one per earlier option.
                for (r, list) in users.iter_mut().enumerate() {
                    if list.len() < 2 {
                        continue;
                    }
                    let u = self.alloc(format!("{name}_R{r}"), None);
                    let members = list.iter().map(|g| Node::Backref(*g)).collect();
                    pattern.push(Node::group(u, Node::Seq(members)));
                    pattern.push(Node::optional(
                        Node::lit(self.token.clone()),
                        self.greed(Greed::Possessive),
                    ));
                    pattern.push(Node::lit(";"));
                    subject.push_str(&format!("{};", self.token));
                    *list = vec![u];
                }
            }
        }
        Lowered {
            subject,
            pattern: Node::Seq(pattern),
        }
    }

    fn list(tuples: &[Vec<String>]) -> String {
        let mut s = String::new();
        for (i, t) in tuples.iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            s.push_str(&t.join(":"));
        }
        s.push(';');
        s
    }

    fn lower_choose(&mut self, v: VarId) -> Lowered {
        let var = self.program.var(v).clone();
        let g = self.var_group(v);
        if var.boolean {
            let inner = if var.domain[0].is_empty() {
                Greed::Lazy
            } else {
                Greed::Greedy
            };
            let t = Node::lit(self.token.clone());
            return Lowered {
                subject: format!("{};", self.token),
                pattern: Node::Seq(vec![
                    Node::group(g, Node::optional(t.clone(), inner)),
                    Node::optional(t, self.greed(Greed::Possessive)),
                    Node::lit(";"),
                ]),
            };
        }
        let tuples: Vec<Vec<String>> = var.domain.iter().map(|d| vec![d.clone()]).collect();
        Lowered {
            subject: Self::list(&tuples),
            pattern: Node::Seq(vec![
                skip_to_item(),
                Node::group(
                    g,
                    Node::star(Node::not_in(",;"), self.greed(Greed::Possessive)),
                ),
                Node::star(Node::not_in(";"), self.greed(Greed::Possessive)),
                Node::lit(";"),
            ]),
        }
    }
}
