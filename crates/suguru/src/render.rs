//! Text renderings: the digits (cells separated by spaces), and an instance in its input form.

use crate::{Digits, Suguru};

/// The answer, one row a line.
pub fn answer_text(answer: &Digits) -> String {
    backref_gridtext::spaced_rows(answer.rows())
}

/// An instance: the region grid (ids `1`–`9`, `A`–`Z`, `a`–`z` by index), a blank line, the
/// givens. [`crate::parse`] reads it back.
pub fn puzzle_text(p: &Suguru) -> String {
    const IDS: &[u8] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0";
    let mut s = String::new();
    for row in &p.regions {
        let cells: Vec<String> = row
            .iter()
            .map(|&g| (IDS[g % IDS.len()] as char).to_string())
            .collect();
        s.push_str(&cells.join(" "));
        s.push('\n');
    }
    s.push('\n');
    for row in &p.givens {
        let cells: Vec<String> = row
            .iter()
            .map(|g| g.map_or(".".to_string(), |d| d.to_string()))
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
    fn round_trip() {
        let p = crate::parse("1 1 2\n1 3 2\n\n. 2 .\n. . .\n", "t").unwrap();
        assert_eq!(crate::parse(&puzzle_text(&p), "t").unwrap(), p);
        assert_eq!(answer_text(&Digits::from_rows(&["12", "31"])), "1 2\n3 1\n");
    }
}
