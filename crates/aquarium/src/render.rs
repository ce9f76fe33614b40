//! Text and JSON rendering of aquarium puzzles and solutions.

use crate::{Puzzle, Solution};

/// The task string of `puzzle` (`c1_..._cN_r1_..._rN;id,...`), without a newline. Parsing it
/// with [`crate::parse_str`] gives back an equal puzzle.
pub fn render_task(puzzle: &Puzzle) -> String {
    let counts: Vec<String> = puzzle
        .col_counts()
        .iter()
        .chain(puzzle.row_counts())
        .map(usize::to_string)
        .collect();
    let ids: Vec<String> = puzzle
        .regions()
        .iter()
        .flatten()
        .map(u32::to_string)
        .collect();
    format!("{};{}", counts.join("_"), ids.join(","))
}

/// The solution as rows of `W` (water) and `.` (empty), top to bottom.
pub fn solution_rows(solution: &Solution) -> Vec<String> {
    solution
        .water
        .iter()
        .map(|row| row.iter().map(|&w| if w { 'W' } else { '.' }).collect())
        .collect()
}

/// The solution as text: [`solution_rows`] one per line, each ended by `\n` (the fixture
/// `.expected` format).
pub fn solution_text(solution: &Solution) -> String {
    solution_rows(solution)
        .iter()
        .map(|r| format!("{r}\n"))
        .collect()
}

/// The solution as a JSON array of row strings of `W` and `.`.
pub fn solution_json(solution: &Solution) -> serde_json::Value {
    serde_json::Value::from(solution_rows(solution))
}

/// Draws the puzzle as ASCII art: column counts on top, row counts on the right, region
/// boundaries as `|` and `---` with `+` where they meet, and (when a solution is given) water
/// cells as `~~~`.
///
/// ```text
///   1   1
/// +-------+
/// |~~~ ~~~| 2
/// +---+---+
/// |   |   | 0
/// +---+---+
/// ```
pub fn render_text(puzzle: &Puzzle, solution: Option<&Solution>) -> String {
    let n = puzzle.n();
    let region = |y: usize, x: usize| puzzle.region(y, x);
    // Border above cell row y (0..=n) at column x (0..n).
    let h_border = |y: usize, x: usize| y == 0 || y == n || region(y - 1, x) != region(y, x);
    // Border left of column x (0..=n) in cell row y (0..n).
    let v_border = |y: usize, x: usize| x == 0 || x == n || region(y, x - 1) != region(y, x);

    let mut out = String::new();
    for &c in puzzle.col_counts() {
        out.push_str(&format!(" {c:^3}"));
    }
    out.push('\n');
    for y in 0..=n {
        // Lattice line above cell row y.
        for x in 0..=n {
            let across = (x > 0 && h_border(y, x - 1)) || (x < n && h_border(y, x));
            let along = (y > 0 && v_border(y - 1, x)) || (y < n && v_border(y, x));
            out.push(match (across, along) {
                (true, true) => '+',
                (true, false) => '-',
                (false, true) => '|',
                (false, false) => ' ',
            });
            if x < n {
                out.push_str(if h_border(y, x) { "---" } else { "   " });
            }
        }
        out.push('\n');
        if y == n {
            break;
        }
        for x in 0..=n {
            out.push(if v_border(y, x) { '|' } else { ' ' });
            if x < n {
                let wet = solution.is_some_and(|s| s.is_water(y, x));
                out.push_str(if wet { "~~~" } else { "   " });
            }
        }
        out.push_str(&format!(" {}\n", puzzle.row_counts()[y]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_drawing() {
        let p = Puzzle::new(vec![1, 1], vec![2, 0], vec![vec![1, 1], vec![2, 3]]).unwrap();
        let s = Solution {
            water: vec![vec![true, true], vec![false, false]],
        };
        let text = render_text(&p, Some(&s));
        let expected = "  1   1 \n\
                        +-------+\n\
                        |~~~ ~~~| 2\n\
                        +---+---+\n\
                        |   |   | 0\n\
                        +---+---+\n";
        assert_eq!(text, expected);
        assert_eq!(render_task(&p), "1_1_2_0;1,1,2,3");
        assert_eq!(solution_json(&s), serde_json::json!(["WW", ".."]));
    }
}
