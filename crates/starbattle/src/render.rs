//! Text renderings: the answer over the region grid (`*` for a star, the region id elsewhere,
//! cells separated by spaces), and an instance in the grid form.

use crate::{StarBattle, Stars};

/// The answer drawn over the regions.
pub fn answer_text(puzzle: &StarBattle, answer: &Stars) -> String {
    let mut s = String::new();
    for (r, row) in puzzle.regions.iter().enumerate() {
        let cells: Vec<&str> = row
            .iter()
            .enumerate()
            .map(|(c, &g)| {
                if answer.stars.get(r).and_then(|x| x.get(c)) == Some(&true) {
                    "*"
                } else {
                    puzzle.names[g].as_str()
                }
            })
            .collect();
        s.push_str(&cells.join(" "));
        s.push('\n');
    }
    s
}

/// An instance in the grid form (region ids separated by spaces); region names longer than one
/// character (from the comma form) are written as letters and digits in order of appearance.
pub fn puzzle_text(puzzle: &StarBattle) -> String {
    const IDS: &[u8] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0";
    let single = puzzle.names.iter().all(|n| n.chars().count() == 1);
    let mut s = String::new();
    if let Some(k) = puzzle.stars {
        s.push_str(&format!("stars: {k}\n"));
    }
    for row in &puzzle.regions {
        let cells: Vec<String> = row
            .iter()
            .map(|&g| {
                if single {
                    puzzle.names[g].clone()
                } else {
                    (IDS[g % IDS.len()] as char).to_string()
                }
            })
            .collect();
        s.push_str(&cells.join(" "));
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stars_over_regions() {
        let p = crate::parse("1 1 2 2\n1 1 2 2\n3 3 4 4\n3 3 4 4\n", "t").unwrap();
        let a = Stars::from_rows(&[".*..", "...*", "*...", "..*."]);
        assert_eq!(answer_text(&p, &a), "1 * 2 2\n1 1 2 *\n* 3 4 4\n3 3 * 4\n");
        assert_eq!(crate::parse(&puzzle_text(&p), "t").unwrap(), p);
    }
}
