//! Captures of one match, by group number (and, where the engine reports them, by name).

use std::collections::BTreeMap;

/// The captures of one match: for each group number (0 is the whole match), the text of its last
/// capture, or `None` when the group did not take part.
///
/// Engines that report them (the .NET runner) also fill in group names and, for every group, the
/// whole capture stack (`Group.Captures` in .NET), which balancing-group patterns are decoded from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Captures {
    groups: Vec<Option<String>>,
    names: BTreeMap<String, usize>,
    stacks: Option<BTreeMap<String, Vec<String>>>,
}

impl Captures {
    /// Builds captures from texts indexed by group number.
    pub fn new(groups: Vec<Option<String>>) -> Captures {
        Captures {
            groups,
            names: BTreeMap::new(),
            stacks: None,
        }
    }

    /// Adds group names (name → group number), for [`Captures::name`].
    pub fn with_names(mut self, names: BTreeMap<String, usize>) -> Captures {
        self.names = names;
        self
    }

    /// Adds every capture of every group, keyed by group name (or by the group number written
    /// in decimal for unnamed groups), oldest first, for [`Captures::all`].
    pub fn with_all(mut self, stacks: BTreeMap<String, Vec<String>>) -> Captures {
        self.stacks = Some(stacks);
        self
    }

    /// The last capture of group `n`.
    pub fn get(&self, n: usize) -> Option<&str> {
        self.groups.get(n).and_then(|g| g.as_deref())
    }

    /// The last capture of the group called `name` (only when the engine reported names).
    pub fn name(&self, name: &str) -> Option<&str> {
        self.names.get(name).and_then(|&n| self.get(n))
    }

    /// The number of the group called `name` (only when the engine reported names).
    pub fn number_of(&self, name: &str) -> Option<usize> {
        self.names.get(name).copied()
    }

    /// Group names and their numbers, as the engine reported them (empty when it did not).
    pub fn names(&self) -> &BTreeMap<String, usize> {
        &self.names
    }

    /// Every capture of the group keyed `key` (its name, or its number in decimal), oldest
    /// first; `None` when the engine does not report capture stacks or there is no such group.
    pub fn all(&self, key: &str) -> Option<&[String]> {
        self.stacks
            .as_ref()
            .and_then(|m| m.get(key))
            .map(|v| v.as_slice())
    }

    /// All capture stacks, when the engine reported them (.NET only).
    pub fn stacks(&self) -> Option<&BTreeMap<String, Vec<String>>> {
        self.stacks.as_ref()
    }

    /// Number of groups including group 0.
    pub fn len(&self) -> usize {
        self.groups.len()
    }

    /// Whether there are no groups at all.
    pub fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }

    /// The last capture of every group, indexed by group number.
    pub fn groups(&self) -> &[Option<String>] {
        &self.groups
    }
}
