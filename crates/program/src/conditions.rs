//! Conditions over more than two packing items, lowered to resources only.
//!
//! A *condition* is an extra packing item (it fills no cell) whose options are mutually
//! exclusive *cubes*: each cube restricts some items to subsets of their options ("every cell
//! of the cage takes a value of {1, 2, 4}"). The condition holds when one cube holds. It is
//! lowered with resources alone, so the packing gadget (and its checker) carry it unchanged:
//! for a condition `a`, an item `i` and an option `u` of `i` that some cube of `a` forbids, one
//! resource `r(a, i, u)` is used by option `u` of item `i` and by every cube of `a` forbidding
//! it. One option per item is chosen, so the two conflict exactly when both are chosen. When
//! the cubes restrict `i` to fewer distinct sets than there are such options (a quadruple's
//! cube fixes a cell to one value), one resource `r(a, i, S)` per allowed set `S` is used
//! instead, by every option outside `S` and by the cubes allowing `S`: again a cube and an
//! option conflict exactly when the cube forbids the option (two options of one item, or two
//! cubes of one condition, are never chosen together), with fewer resources (smaller patterns).
//!
//! The solution set of the packing is the set of item choices for which some cube of every
//! condition holds; a condition's choice is determined when its cubes are disjoint (the caller
//! states them so, to keep counts unchanged). This module is pure data: it returns
//! [`PackItem`]s and resource lists and writes no regex syntax. Sudoku's killer cages, renban
//! lines, quadruples and anti-Battenburgs use it; Kakuro's sums could.

use crate::program::{PackItem, PackOption};

/// One option of a condition: the items it restricts, each to the options it allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cube {
    /// The condition item's value when this cube is chosen (unique within the condition).
    pub label: String,
    /// (item index in the packing's item list, allowed option indices of that item). An item
    /// not listed is free; an item listed twice must satisfy both.
    pub allow: Vec<(usize, Vec<usize>)>,
}

/// A condition: a named packing item whose options are [`Cube`]s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Condition {
    /// The condition item's variable name (letters, digits, `_`).
    pub name: String,
    /// Its cubes, in try order; they should be pairwise disjoint.
    pub cubes: Vec<Cube>,
}

/// What [`lower`] adds to a packing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lowered {
    /// One item per condition, in the order given; its options are the cubes.
    pub items: Vec<PackItem>,
    /// The resource count after the conditions' resources (numbered from the `first` passed).
    pub resources: u32,
    /// A readable name per added resource: `{condition}_{item}_{option label}`, or
    /// `{condition}_{item}_in{labels of the allowed set}` (`_set{k}` when long) per allowed set.
    pub names: Vec<String>,
}

/// Adds the resources of `conditions` to `items` (the packing's other items, indexed as the
/// cubes index them), numbering them from `first`, and returns the condition items.
///
/// A resource is made only when both sides use it (the item has the option and some cube
/// forbids it). Panics if a cube names an item or option index that does not exist.
pub fn lower(items: &mut [PackItem], first: u32, conditions: &[Condition]) -> Lowered {
    let mut next = first;
    let mut names = Vec::new();
    let mut out = Vec::with_capacity(conditions.len());
    for cond in conditions {
        let mut cube_res: Vec<Vec<u32>> = vec![Vec::new(); cond.cubes.len()];
        // Items the condition touches, in first-mention order.
        let mut touched: Vec<usize> = Vec::new();
        for cube in &cond.cubes {
            for (i, _) in &cube.allow {
                if !touched.contains(i) {
                    touched.push(*i);
                }
            }
        }
        for &i in &touched {
            let n = items[i].options.len();
            // Each cube's allowed options of item i (`None`: the cube leaves it free).
            let sets: Vec<Option<Vec<bool>>> = cond
                .cubes
                .iter()
                .map(|cube| {
                    let mut set: Option<Vec<bool>> = None;
                    for (_, ok) in cube.allow.iter().filter(|(j, _)| *j == i) {
                        let s = set.get_or_insert_with(|| vec![true; n]);
                        for (u, slot) in s.iter_mut().enumerate() {
                            *slot &= ok.contains(&u);
                        }
                    }
                    set.filter(|s| s.contains(&false))
                })
                .collect();
            let forbidden = (0..n)
                .filter(|&u| sets.iter().flatten().any(|s| !s[u]))
                .count();
            let mut distinct: Vec<&Vec<bool>> = Vec::new();
            for s in sets.iter().flatten() {
                if !distinct.contains(&s) {
                    distinct.push(s);
                }
            }
            if distinct.len() < forbidden {
                // Fewer resources one per allowed set: used by every option outside the set and
                // by the cubes allowing just that set.
                for (k, set) in distinct.iter().enumerate() {
                    for (c, s) in sets.iter().enumerate() {
                        if s.as_ref() == Some(*set) {
                            cube_res[c].push(next);
                        }
                    }
                    for u in (0..n).filter(|&u| !set[u]) {
                        items[i].options[u].resources.push(next);
                    }
                    let inside: String = (0..n)
                        .filter(|&u| set[u])
                        .map(|u| sanitize(&items[i].options[u].label))
                        .collect();
                    let tail = if inside.len() <= 12 {
                        format!("in{inside}")
                    } else {
                        format!("set{k}")
                    };
                    names.push(format!("{}_{}_{tail}", cond.name, items[i].name));
                    next += 1;
                }
                continue;
            }
            for u in 0..n {
                let users: Vec<usize> = (0..cond.cubes.len())
                    .filter(|&k| sets[k].as_ref().is_some_and(|s| !s[u]))
                    .collect();
                if users.is_empty() {
                    continue;
                }
                for k in users {
                    cube_res[k].push(next);
                }
                items[i].options[u].resources.push(next);
                names.push(format!(
                    "{}_{}_{}",
                    cond.name,
                    items[i].name,
                    sanitize(&items[i].options[u].label)
                ));
                next += 1;
            }
        }
        out.push(PackItem {
            name: cond.name.clone(),
            symmetry: None,
            options: cond
                .cubes
                .iter()
                .zip(cube_res)
                .map(|(c, resources)| PackOption {
                    label: c.label.clone(),
                    resources,
                    requires: vec![],
                })
                .collect(),
        });
    }
    Lowered {
        items: out,
        resources: next,
        names,
    }
}

/// A label as part of a resource name: letters and digits kept, anything else as `_`.
fn sanitize(label: &str) -> String {
    label
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(name: &str, labels: &[&str]) -> PackItem {
        PackItem {
            name: name.into(),
            symmetry: None,
            options: labels
                .iter()
                .map(|l| PackOption {
                    label: l.to_string(),
                    resources: vec![],
                    requires: vec![],
                })
                .collect(),
        }
    }

    /// Every choice of options (one per item, conditions last) whose resources are disjoint.
    fn solutions(items: &[PackItem]) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        let mut pick = vec![0usize; items.len()];
        fn go(items: &[PackItem], k: usize, pick: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
            if k == items.len() {
                let mut used: Vec<u32> = Vec::new();
                for (i, &o) in pick.iter().enumerate() {
                    for r in &items[i].options[o].resources {
                        if used.contains(r) {
                            return;
                        }
                        used.push(*r);
                    }
                }
                out.push(pick.clone());
                return;
            }
            for o in 0..items[k].options.len() {
                pick[k] = o;
                go(items, k + 1, pick, out);
            }
        }
        go(items, 0, &mut pick, &mut out);
        out
    }

    #[test]
    fn a_sum_of_two_distinct_values_keeps_exactly_its_solutions() {
        // Two cells of values 1..4, distinct, summing to 5: {1,4} or {2,3}.
        let mut items = vec![
            item("a", &["1", "2", "3", "4"]),
            item("b", &["1", "2", "3", "4"]),
        ];
        let cube = |label: &str, set: Vec<usize>| Cube {
            label: label.into(),
            allow: vec![(0, set.clone()), (1, set)],
        };
        let cond = Condition {
            name: "k".into(),
            cubes: vec![cube("14", vec![0, 3]), cube("23", vec![1, 2])],
        };
        let low = lower(&mut items, 0, &[cond]);
        assert_eq!(low.resources as usize, low.names.len());
        // Two allowed sets per cell ({1,4}, {2,3}) against four forbidden options: one
        // resource per set.
        assert_eq!(low.names, ["k_a_in14", "k_a_in23", "k_b_in14", "k_b_in23"]);
        // Distinctness by one resource per value shared by both cells.
        for (u, _) in ["1", "2", "3", "4"].iter().enumerate() {
            let r = low.resources + u as u32;
            items[0].options[u].resources.push(r);
            items[1].options[u].resources.push(r);
        }
        items.extend(low.items);
        let got: Vec<(usize, usize)> = solutions(&items)
            .into_iter()
            .map(|p| (p[0] + 1, p[1] + 1))
            .collect();
        assert_eq!(got, vec![(1, 4), (2, 3), (3, 2), (4, 1)]);
    }

    #[test]
    fn resources_only_where_both_sides_use_them() {
        let mut items = vec![item("a", &["x", "y"]), item("b", &["x", "y"])];
        let cond = Condition {
            name: "c".into(),
            cubes: vec![Cube {
                label: "0".into(),
                allow: vec![(0, vec![0, 1]), (1, vec![1])],
            }],
        };
        let low = lower(&mut items, 7, &[cond]);
        assert_eq!(low.resources, 8);
        assert_eq!(low.names, vec!["c_b_x".to_string()]);
        assert_eq!(items[1].options[0].resources, vec![7]);
        assert_eq!(low.items[0].options[0].resources, vec![7]);
        assert!(items[0].options.iter().all(|o| o.resources.is_empty()));
    }
}
