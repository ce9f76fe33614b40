//! Variables with finite domains and the statements (gadgets) that define and constrain them.

use crate::error::ProgramError;
use crate::gadget::{Cmp, Form, Gadget};

/// A variable of a [`Program`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct VarId(pub u32);

impl VarId {
    /// The variable's index in [`Program::vars`].
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A statement of a [`Program`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct StmtId(pub u32);

/// A variable: a name (used for readable group names) and the values it may take, in the order
/// the engine tries them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variable {
    /// Readable name: an identifier of letters, digits and `_`.
    pub name: String,
    /// The values, in try order. Values never contain `,`, `;` or `:`.
    pub domain: Vec<String>,
    /// Whether this is a boolean (domain is `""` and the program's true token).
    pub boolean: bool,
}

/// One item of a [`Program::packing`]: a name and its options in try order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackItem {
    /// The item variable's name.
    pub name: String,
    /// Its options, in try order.
    pub options: Vec<PackOption>,
    /// A symmetry class: items of one class are interchangeable (they have the same options),
    /// so each must choose a later option than the class's item before it. `None`: no class.
    pub symmetry: Option<u32>,
}

/// One option of a [`PackItem`]: a label (the variable's value) and the resources it uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackOption {
    /// The value the item variable takes for this option.
    pub label: String,
    /// The resources used, as indices below the packing's resource count.
    pub resources: Vec<u32>,
    /// A search hint: resources that earlier items must already have used for this option to
    /// be tried (e.g. "the equal piece before this one is placed"). It must never be the only
    /// way to a solution: the packing's meaning, and so the checker, ignores it, and forms
    /// that cannot express it (the guard form) leave it out.
    pub requires: Vec<u32>,
}

/// A puzzle stated as variables and gadgets, before ordering and printing.
#[derive(Clone, Debug)]
pub struct Program {
    /// The one-character token a boolean takes when true (e.g. `Q`).
    pub true_token: char,
    /// Every variable, indexed by [`VarId`].
    pub vars: Vec<Variable>,
    /// Every statement, indexed by [`StmtId`].
    pub statements: Vec<Gadget>,
    /// The propagation the encoder found fastest for this puzzle; compile options may
    /// override it ([`crate::Options::propagation`]).
    pub propagation: crate::Propagation,
}

/// Characters that separate values, tuples and segments in subjects.
pub const RESERVED: &[char] = &[',', ';', ':'];

impl Program {
    /// An empty program whose booleans take `true_token` when true.
    pub fn new(true_token: char) -> Program {
        assert!(
            !RESERVED.contains(&true_token),
            "the true token must not be a separator"
        );
        Program {
            true_token,
            vars: Vec::new(),
            statements: Vec::new(),
            propagation: crate::Propagation::None,
        }
    }

    /// The variable `id`.
    pub fn var(&self, id: VarId) -> &Variable {
        &self.vars[id.index()]
    }

    fn add_var(
        &mut self,
        name: &str,
        domain: Vec<String>,
        boolean: bool,
    ) -> Result<VarId, ProgramError> {
        if name.is_empty()
            || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            || name.starts_with(|c: char| c.is_ascii_digit())
        {
            return Err(ProgramError::BadName(name.to_string()));
        }
        if domain.is_empty() {
            return Err(ProgramError::EmptyDomain(name.to_string()));
        }
        for v in &domain {
            if v.contains(RESERVED) {
                return Err(ProgramError::BadValue {
                    var: name.to_string(),
                    value: v.clone(),
                });
            }
        }
        let id = VarId(self.vars.len() as u32);
        self.vars.push(Variable {
            name: name.to_string(),
            domain,
            boolean,
        });
        Ok(id)
    }

    /// A boolean decision variable, chosen by its own statement; `true_first` sets the try order.
    pub fn bool_var(&mut self, name: &str, true_first: bool) -> Result<VarId, ProgramError> {
        let t = self.true_token.to_string();
        let domain = if true_first {
            vec![t, String::new()]
        } else {
            vec![String::new(), t]
        };
        let id = self.add_var(name, domain, true)?;
        self.statements.push(Gadget::Choose { var: id });
        Ok(id)
    }

    /// A decision variable over `values` (tried in the given order), chosen by its own statement.
    pub fn choice_var<S: AsRef<str>>(
        &mut self,
        name: &str,
        values: &[S],
    ) -> Result<VarId, ProgramError> {
        let domain = values.iter().map(|v| v.as_ref().to_string()).collect();
        let id = self.add_var(name, domain, false)?;
        self.statements.push(Gadget::Choose { var: id });
        Ok(id)
    }

    /// Boolean decision variables of which exactly one is true, chosen together by one statement
    /// (tried in the given order). `guards[i]` lists earlier-defined booleans that must all be
    /// false for `names[i]` to be true: pairwise exclusions folded into the choice, so they cost
    /// nothing until a variable is set.
    pub fn one_of(
        &mut self,
        names: &[String],
        guards: Vec<Vec<VarId>>,
    ) -> Result<Vec<VarId>, ProgramError> {
        if names.len() != guards.len() {
            return Err(ProgramError::Arity(
                "one_of: one guard list per variable".into(),
            ));
        }
        let t = self.true_token.to_string();
        let mut vars = Vec::with_capacity(names.len());
        for name in names {
            vars.push(self.add_var(name, vec![t.clone(), String::new()], true)?);
        }
        for g in guards.iter().flatten() {
            self.check_bool(*g)?;
        }
        self.statements.push(Gadget::OneOf {
            vars: vars.clone(),
            guards,
        });
        Ok(vars)
    }

    /// A variable whose value follows from `inputs` through a relation: `tuples` lists allowed
    /// `(inputs.., output)` value combinations (each a list of values). With several outputs for
    /// the same inputs, the engine tries them in the listed order.
    pub fn lookup_var(
        &mut self,
        name: &str,
        inputs: &[VarId],
        tuples: Vec<Vec<String>>,
    ) -> Result<VarId, ProgramError> {
        let mut domain: Vec<String> = Vec::new();
        for t in &tuples {
            if t.len() != inputs.len() + 1 {
                return Err(ProgramError::Arity(format!("lookup {name}: tuple {t:?}")));
            }
            let out = t.last().expect("nonempty");
            if !domain.contains(out) {
                domain.push(out.clone());
            }
            for (i, v) in inputs.iter().zip(t) {
                self.check_value(*i, v)?;
            }
        }
        if domain.is_empty() {
            domain.push(String::new());
        }
        let t = self.true_token.to_string();
        let boolean = domain.iter().all(|d| d.is_empty() || *d == t);
        let id = self.add_var(name, domain, boolean)?;
        self.statements.push(Gadget::Lookup {
            inputs: inputs.to_vec(),
            output: id,
            tuples,
        });
        Ok(id)
    }

    /// A boolean that is true when one of the booleans `members` is; at most one of them may be.
    /// A later guard or count reads the whole set through it with one backreference: N-Queens
    /// sums up a line of squares of the rows placed so far.
    pub fn union_var(&mut self, name: &str, members: &[VarId]) -> Result<VarId, ProgramError> {
        for m in members {
            self.check_bool(*m)?;
        }
        let id = self.add_var(name, vec![String::new(), self.true_token.to_string()], true)?;
        self.statements.push(Gadget::Union {
            output: id,
            members: members.to_vec(),
        });
        Ok(id)
    }

    /// Items that each choose one option, where options use resources that no two chosen options
    /// may share, and of which `0..must_cover` must all be used. Items are decided in the listed
    /// order and options tried in the listed order. Returns one variable per item, whose values
    /// are the option labels.
    pub fn packing(
        &mut self,
        items: Vec<PackItem>,
        resources: u32,
        must_cover: u32,
    ) -> Result<Vec<VarId>, ProgramError> {
        self.packing_with_waste(items, resources, must_cover, None)
    }

    /// [`Program::packing`] where moreover at most `waste` resources may stay unused (`None`:
    /// any number). With a budget every item's options must all use the same number of
    /// resources, so the number left unused is known in advance. Besides being part of the
    /// meaning, the budget lets the loop form cut every branch where more resources are already
    /// dead — free, but unusable by any option because resources around them are used (see
    /// [`crate::dead`]) — which never changes the first solution. fillit: `side² − 4·pieces`
    /// cells stay empty.
    pub fn packing_with_waste(
        &mut self,
        items: Vec<PackItem>,
        resources: u32,
        must_cover: u32,
        waste: Option<u32>,
    ) -> Result<Vec<VarId>, ProgramError> {
        if waste.is_some() {
            if let Some(item) = items.iter().find(|i| {
                i.options
                    .windows(2)
                    .any(|w| w[0].resources.len() != w[1].resources.len())
            }) {
                return Err(ProgramError::Arity(format!(
                    "packing item {}: with a waste budget all options use as many resources",
                    item.name
                )));
            }
        }
        let mut vars = Vec::with_capacity(items.len());
        let mut options = Vec::with_capacity(items.len());
        let mut requires: Vec<Vec<Vec<u32>>> = Vec::with_capacity(items.len());
        let symmetry: Vec<Option<u32>> = items.iter().map(|item| item.symmetry).collect();
        for item in items {
            if let Some(r) = item
                .options
                .iter()
                .find_map(|o| o.resources.iter().find(|r| **r >= resources))
            {
                return Err(ProgramError::Arity(format!(
                    "packing item {}: resource {r} out of range",
                    item.name
                )));
            }
            // Taken apart, not copied: N=1000 queens has a million options.
            let count = item.options.len();
            let (mut labels, mut uses, mut hints) = (
                Vec::with_capacity(count),
                Vec::with_capacity(count),
                Vec::with_capacity(count),
            );
            for o in item.options {
                labels.push(o.label);
                uses.push(o.resources);
                hints.push(o.requires);
            }
            let mut seen: Vec<&str> = labels.iter().map(String::as_str).collect();
            seen.sort_unstable();
            if seen.windows(2).any(|w| w[0] == w[1]) {
                return Err(ProgramError::Arity(format!(
                    "packing item {}: option labels repeat",
                    item.name
                )));
            }
            vars.push(self.add_var(&item.name, labels, false)?);
            requires.push(hints);
            options.push(uses);
        }
        self.statements.push(Gadget::Packing {
            items: vars.clone(),
            options,
            resources,
            must_cover: must_cover.min(resources),
            symmetry,
            requires,
            waste,
            names: Vec::new(),
            shared_from: None,
            compact: false,
        });
        Ok(vars)
    }

    /// Asks for the compact form of the packing whose items are `items`: the trie loop, whose
    /// pattern is a few kilobytes and depends only on the resources, even where the target's
    /// branch reset would allow the faster-per-node but larger form (whose pattern changes
    /// with the items' order and can run to megabytes). For searches known to be short, such as
    /// restarts over many orders, where compiling the pattern would cost more than matching it.
    /// Ignored where the trie form cannot be printed. Does not change the meaning.
    pub fn compact_packing(&mut self, items: &[VarId]) -> Result<(), ProgramError> {
        let compact = self.statements.iter_mut().find_map(|s| match s {
            Gadget::Packing {
                items: its,
                compact,
                ..
            } if its == items => Some(compact),
            _ => None,
        });
        let Some(compact) = compact else {
            return Err(ProgramError::Arity(
                "compact_packing: no packing with these items".into(),
            ));
        };
        *compact = true;
        Ok(())
    }

    /// Lets the resources `from..` of the packing whose items are `items` share capture groups,
    /// three to a group, where the target can print it (the trie form with branch reset and
    /// conditionals; the packing must have nothing to cover, no hints, no waste budget and no
    /// symmetry classes, else this is ignored). A shared group captures one digit naming which
    /// of its three resources are used, and taking one compares and recaptures that digit, so
    /// a pattern with more resources than an engine's groups (PCRE2's JIT: 2,728) still
    /// compiles, at a few more steps per shared resource taken. Each item is decoded from its
    /// resources below `from`, so every option must use one, and the options of one item must
    /// differ there. Does not change the meaning.
    pub fn share_resources(&mut self, items: &[VarId], from: u32) -> Result<(), ProgramError> {
        let packing = self.statements.iter_mut().find_map(|s| match s {
            Gadget::Packing {
                items: its,
                options,
                resources,
                shared_from,
                ..
            } if its == items => Some((options, *resources, shared_from)),
            _ => None,
        });
        let Some((options, resources, slot)) = packing else {
            return Err(ProgramError::Arity(
                "share_resources: no packing with these items".into(),
            ));
        };
        if from > resources {
            return Err(ProgramError::Arity(format!(
                "share_resources: resource {from} out of range"
            )));
        }
        for (i, opts) in options.iter().enumerate() {
            let mut own: Vec<Vec<u32>> = opts
                .iter()
                .map(|o| {
                    let mut o: Vec<u32> = o.iter().copied().filter(|r| *r < from).collect();
                    o.sort_unstable();
                    o
                })
                .collect();
            if own.iter().any(Vec::is_empty) {
                return Err(ProgramError::Arity(format!(
                    "share_resources: an option of item {i} uses no resource below {from}"
                )));
            }
            own.sort_unstable();
            own.dedup();
            if own.len() != opts.len() {
                return Err(ProgramError::Arity(format!(
                    "share_resources: options of item {i} use the same resources below {from}"
                )));
            }
        }
        *slot = Some(from);
        Ok(())
    }

    /// Names the resources of the packing whose items are `items` (as its constructor returned
    /// them), so that readable patterns say what each resource group is: `R_c3`, `R_r2_5`. Each
    /// name must start with a letter and hold only ASCII letters, digits and `_`, and the names
    /// must differ; they do not change the pattern's meaning or its compact form.
    pub fn name_resources(
        &mut self,
        items: &[VarId],
        names: Vec<String>,
    ) -> Result<(), ProgramError> {
        let valid = |n: &str| {
            n.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        };
        if let Some(bad) = names.iter().find(|n| !valid(n)) {
            return Err(ProgramError::Arity(format!(
                "resource name {bad:?}: letters, digits and _ only, starting with a letter"
            )));
        }
        let mut seen: Vec<&str> = names.iter().map(String::as_str).collect();
        seen.sort_unstable();
        seen.dedup();
        if seen.len() != names.len() {
            return Err(ProgramError::Arity("resource names repeat".into()));
        }
        let packing = self.statements.iter_mut().find_map(|s| match s {
            Gadget::Packing {
                items: its,
                resources,
                names: slot,
                ..
            } if its == items => Some((*resources, slot)),
            _ => None,
        });
        let Some((resources, slot)) = packing else {
            return Err(ProgramError::Arity(
                "name_resources: no packing with these items".into(),
            ));
        };
        if names.len() != resources as usize {
            return Err(ProgramError::Arity(format!(
                "{} resource names for {resources} resources",
                names.len()
            )));
        }
        *slot = names;
        Ok(())
    }

    /// Constrains booleans: the weighted count of true ones compared with `k`. The ladder form
    /// keeps a running partial sum so each variable costs O(1) and bounds fail as early as possible.
    pub fn count(
        &mut self,
        terms: &[(VarId, u32)],
        cmp: Cmp,
        k: u32,
        form: Form,
    ) -> Result<StmtId, ProgramError> {
        for (v, _) in terms {
            self.check_bool(*v)?;
        }
        Ok(self.push(Gadget::Count {
            terms: terms.to_vec(),
            cmp,
            k,
            form,
        }))
    }

    /// At most one of `vars` is true.
    pub fn at_most_one(&mut self, vars: &[VarId]) -> Result<StmtId, ProgramError> {
        let terms: Vec<_> = vars.iter().map(|v| (*v, 1)).collect();
        self.count(&terms, Cmp::Le, 1, Form::Flat)
    }

    /// Exactly one of `vars` is true.
    pub fn exactly_one(&mut self, vars: &[VarId]) -> Result<StmtId, ProgramError> {
        let terms: Vec<_> = vars.iter().map(|v| (*v, 1)).collect();
        self.count(&terms, Cmp::Eq, 1, Form::Flat)
    }

    /// Exactly `k` of `vars` are true.
    pub fn exactly_k(
        &mut self,
        vars: &[VarId],
        k: u32,
        form: Form,
    ) -> Result<StmtId, ProgramError> {
        let terms: Vec<_> = vars.iter().map(|v| (*v, 1)).collect();
        self.count(&terms, Cmp::Eq, k, form)
    }

    /// Only the listed combinations of values may occur together.
    pub fn table(
        &mut self,
        vars: &[VarId],
        tuples: Vec<Vec<String>>,
    ) -> Result<StmtId, ProgramError> {
        for t in &tuples {
            if t.len() != vars.len() {
                return Err(ProgramError::Arity(format!("table tuple {t:?}")));
            }
            for (v, val) in vars.iter().zip(t) {
                self.check_value(*v, val)?;
            }
        }
        Ok(self.push(Gadget::Table {
            vars: vars.to_vec(),
            tuples,
        }))
    }

    /// `a` and `b` take the same value.
    pub fn equal(&mut self, a: VarId, b: VarId) -> Result<StmtId, ProgramError> {
        let tuples = self
            .var(a)
            .domain
            .iter()
            .filter(|v| self.var(b).domain.contains(v))
            .map(|v| vec![v.clone(), v.clone()])
            .collect();
        self.table(&[a, b], tuples)
    }

    /// If boolean `a` is true then boolean `b` is true.
    pub fn implies(&mut self, a: VarId, b: VarId) -> Result<StmtId, ProgramError> {
        self.check_bool(a)?;
        self.check_bool(b)?;
        let t = self.true_token.to_string();
        let f = String::new();
        self.table(
            &[a, b],
            vec![
                vec![f.clone(), f.clone()],
                vec![f, t.clone()],
                vec![t.clone(), t],
            ],
        )
    }

    /// A clause over booleans: at least one literal holds, a literal `(v, true)` being `v` and
    /// `(v, false)` its negation.
    pub fn clause(&mut self, lits: &[(VarId, bool)]) -> Result<StmtId, ProgramError> {
        for (v, _) in lits {
            self.check_bool(*v)?;
        }
        Ok(self.push(Gadget::Clause {
            lits: lits.to_vec(),
        }))
    }

    /// A clause lookahead (see [`Gadget::ClauseLookahead`]): after the other variables of
    /// `clauses` are decided, the boolean `var` must still have a value satisfying them all.
    /// Every clause must contain `var`; the statement adds no constraint the clauses do not
    /// already imply, it only fails earlier.
    pub fn clause_lookahead(
        &mut self,
        var: VarId,
        clauses: Vec<Vec<(VarId, bool)>>,
    ) -> Result<StmtId, ProgramError> {
        self.check_bool(var)?;
        for c in &clauses {
            if !c.iter().any(|l| l.0 == var) {
                return Err(ProgramError::Arity(format!(
                    "clause_lookahead {}: a clause without the variable",
                    self.var(var).name
                )));
            }
            for (v, _) in c {
                self.check_bool(*v)?;
            }
        }
        Ok(self.push(Gadget::ClauseLookahead { var, clauses }))
    }

    fn push(&mut self, g: Gadget) -> StmtId {
        self.statements.push(g);
        StmtId(self.statements.len() as u32 - 1)
    }

    fn check_bool(&self, v: VarId) -> Result<(), ProgramError> {
        match self.vars.get(v.index()) {
            Some(var) if var.boolean => Ok(()),
            Some(var) => Err(ProgramError::NotBoolean(var.name.clone())),
            None => Err(ProgramError::UnknownVar(v.0)),
        }
    }

    fn check_value(&self, v: VarId, value: &str) -> Result<(), ProgramError> {
        let var = self
            .vars
            .get(v.index())
            .ok_or(ProgramError::UnknownVar(v.0))?;
        if var.domain.iter().any(|d| d == value) {
            Ok(())
        } else {
            Err(ProgramError::BadValue {
                var: var.name.clone(),
                value: value.to_string(),
            })
        }
    }
}
