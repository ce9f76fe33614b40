//! The rule checker: written from the rules alone, sharing nothing with the encoder.

/// Checks a board given as rows of `Q`/`.`: N×N, exactly N queens, no two attacking.
/// Returns every broken rule.
pub fn check(n: usize, rows: &[String]) -> Result<(), Vec<String>> {
    let mut errors = Vec::new();
    if rows.len() != n || rows.iter().any(|r| r.chars().count() != n) {
        errors.push(format!("the board is not {n}x{n}"));
        return Err(errors);
    }
    let mut queens = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            match ch {
                'Q' => queens.push((r as i64, c as i64)),
                '.' => {}
                other => errors.push(format!("square ({r},{c}) holds {other:?}")),
            }
        }
    }
    if queens.len() != n {
        errors.push(format!(
            "{} queens on the board, expected {n}",
            queens.len()
        ));
    }
    for (i, &(r1, c1)) in queens.iter().enumerate() {
        for &(r2, c2) in &queens[i + 1..] {
            if r1 == r2 || c1 == c2 || (r1 - r2).abs() == (c1 - c2).abs() {
                errors.push(format!(
                    "queens at ({r1},{c1}) and ({r2},{c2}) attack each other"
                ));
            }
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
