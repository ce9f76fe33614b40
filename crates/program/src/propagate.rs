//! How much propagation the lowering puts inside the pattern.
//!
//! Propagation never changes what a program means (the IR checker ignores it) nor its set of
//! solutions: it only makes the engine fail earlier on branches that cannot succeed. Each level
//! is a lowering of existing gadgets, so every puzzle that states the gadget gets it.

use serde::Serialize;

use crate::dialect::Features;

/// A propagation level: what the compiler adds to the pattern beyond each constraint's own
/// check at its last variable.
/// Levels compare weakest first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Propagation {
    /// Constraints are checked when their last variable is set; counts with a ladder form
    /// already fail as soon as their bound is out of reach.
    #[default]
    None,
    /// Forward checking in packings (branch-reset form, dialects with subroutine calls): after
    /// each option chosen, every resource it may have cut off that must still be covered, and
    /// every later item it may have cut off, still has a usable option (an atomic subroutine
    /// call per such resource or item, the checks defined once after the loop).
    Forward,
    /// Forward checking of must-cover pairs only: after each option chosen, every must-cover
    /// resource with two options that the choice may have cut off still has one whose resources
    /// are all free (Sudoku: a value with two places left in a house keeps the other). No
    /// resource per item, so the packing keeps its compact layout, and a check is a few
    /// conditionals ([`crate::lower::LIGHT_USERS`]).
    Light,
    /// The packing lookahead (branch-reset form, dialects with subroutine calls): after each
    /// item placed, a search inside the pattern, in any order, finds that the items still to
    /// place can all be placed (one subroutine scanning the resources, called in a lookahead).
    /// No forward checks. The strongest level: a branch survives only if it has a completion,
    /// at the cost of a search per node.
    Complete,
}

impl Propagation {
    /// Every level, weakest first.
    pub const ALL: [Propagation; 4] = [
        Propagation::None,
        Propagation::Light,
        Propagation::Forward,
        Propagation::Complete,
    ];

    /// The level's name, as `--propagate` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Propagation::None => "none",
            Propagation::Light => "light",
            Propagation::Forward => "forward",
            Propagation::Complete => "complete",
        }
    }

    /// The level named `name`, if any.
    pub fn from_name(name: &str) -> Option<Propagation> {
        Propagation::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The level a pattern for `features` really gets: the checks are subroutine calls to atomic
    /// conditionals in the packing's branch-reset form, so without those a level lowers to
    /// [`Propagation::None`]. A native search that mirrors the checks asks this too.
    pub fn within(self, features: Features) -> Propagation {
        let checks = features.subroutines
            && features.conditionals
            && features.atomic
            && features.branch_reset;
        if checks {
            self
        } else {
            Propagation::None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Propagation;

    #[test]
    fn names_round_trip() {
        for p in Propagation::ALL {
            assert_eq!(Propagation::from_name(p.name()), Some(p));
        }
        assert_eq!(Propagation::from_name("full"), None);
    }
}
