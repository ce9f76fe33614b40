//! Every assignment a match reads as. A packing item whose value is read from the resource
//! groups that captured its token (the trie form, on engines without branch reset) cannot tell
//! apart two of its options that use the same resources (rectangles with `--reuse` and two
//! pieces of one size): the match is one path, the decoding names the first such option, and an
//! exclusion of it excludes both. Counting by re-solving takes every reading of each match, so
//! its count is the native solver's.

use crate::compile::Compiled;
use crate::lower::Source;
use crate::program::Program;

impl Compiled {
    /// `values` (decoded from a match) and, up to `cap` in all, every other assignment that
    /// reads the same from the match's groups and satisfies `program`: each packing item read
    /// from resources may take instead any of its options with the same resources.
    pub fn readings(&self, program: &Program, values: &[String], cap: usize) -> Vec<Vec<String>> {
        // Per variable, the values that read alike (its own first).
        let alike: Vec<Vec<String>> = (self.sources.iter().zip(values))
            .enumerate()
            .map(|(i, (source, value))| match source {
                Source::Resources { options, .. } => {
                    let domain = &program.vars[i].domain;
                    let sorted = |o: &Vec<u32>| {
                        let mut o = o.clone();
                        o.sort_unstable();
                        o
                    };
                    let Some(j) = domain.iter().position(|d| d == value) else {
                        return vec![value.clone()];
                    };
                    let own = sorted(&options[j]);
                    let mut list = vec![value.clone()];
                    list.extend(
                        (options.iter().enumerate())
                            .filter(|(k, o)| *k != j && sorted(o) == own)
                            .map(|(k, _)| domain[k].clone()),
                    );
                    list
                }
                _ => vec![value.clone()],
            })
            .collect();
        let mut out = vec![values.to_vec()];
        if out.len() >= cap || alike.iter().all(|a| a.len() == 1) {
            return out;
        }
        // Every combination, in order (odometer over the alike lists), the match's own first.
        let mut at = vec![0usize; alike.len()];
        while let Some(i) = (0..alike.len()).rev().find(|&i| at[i] + 1 < alike[i].len()) {
            at[i] += 1;
            for later in &mut at[i + 1..] {
                *later = 0;
            }
            let candidate: Vec<String> = (alike.iter().zip(&at))
                .map(|(a, k)| a[*k].clone())
                .collect();
            if crate::check(program, &candidate).is_empty() {
                out.push(candidate);
                if out.len() >= cap {
                    break;
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::dialect::FANCY;
    use crate::program::{PackItem, PackOption, Program};
    use crate::{compile, Options};

    /// Two cells, each covered by one of two items; item 0's options `x` and `y` both take
    /// resource 0, item 1's `z` resource 1.
    fn program() -> (Program, Vec<crate::VarId>) {
        let option = |label: &str, r: u32| PackOption {
            label: label.into(),
            resources: vec![r],
            requires: Vec::new(),
        };
        let mut p = Program::new('T');
        let vars = p
            .packing(
                vec![
                    PackItem {
                        name: "a".into(),
                        symmetry: None,
                        options: vec![option("x", 0), option("y", 0)],
                    },
                    PackItem {
                        name: "b".into(),
                        symmetry: None,
                        options: vec![option("z", 1)],
                    },
                ],
                2,
                2,
            )
            .expect("a packing");
        (p, vars)
    }

    #[test]
    fn options_with_the_same_resources_read_alike_where_resources_are_read() {
        let (p, vars) = program();
        let compiled = compile(&p, &vars, &Options::new(&FANCY)).expect("compiles");
        assert!(
            matches!(compiled.sources[0], crate::lower::Source::Resources { .. }),
            "fancy-regex reads the item from its resources"
        );
        let values = vec!["x".to_string(), "z".to_string()];
        assert_eq!(
            compiled.readings(&p, &values, 10),
            [values.clone(), vec!["y".to_string(), "z".to_string()]]
        );
        assert_eq!(compiled.readings(&p, &values, 1), [values]);
    }
}
