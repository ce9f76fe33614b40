//! The DIMACS CNF format: `c` comment lines, one `p cnf VARS CLAUSES` header, then clauses as
//! whitespace-separated non-zero literals, each clause ended by `0` (a clause may span lines).
//! SATLIB's files end in a `%` line and a `0` line: everything after a `%` line is ignored
//! when it is only `0`s and blanks.

use std::fmt;

/// A formula as read: the number of variables and every clause as the file states it
/// (duplicates and tautologies kept), with the line where each clause starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cnf {
    /// Variables are `1..=vars`.
    pub vars: usize,
    /// Clauses, each a list of literals (`v` or `-v`).
    pub clauses: Vec<Vec<i32>>,
    /// `lines[i]`: the 1-based line where clause `i` starts.
    pub lines: Vec<usize>,
}

/// A file that is not DIMACS CNF: where, and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct DimacsError {
    /// The file (or `<stdin>`).
    pub origin: String,
    /// 1-based line (0: the file as a whole).
    pub line: usize,
    /// 1-based column (0: the line as a whole).
    pub column: usize,
    /// What was wrong, in words.
    pub message: String,
}

impl fmt::Display for DimacsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (0, _) => write!(f, "{}: {}", self.origin, self.message),
            (l, 0) => write!(f, "{}:{l}: {}", self.origin, self.message),
            (l, c) => write!(f, "{}:{l}:{c}: {}", self.origin, self.message),
        }
    }
}

/// The largest variable count the parser takes (the patterns would be far beyond any engine).
pub const MAX_VARS: usize = 1_000_000;

/// Parses DIMACS CNF `text`; `origin` names the file in messages.
pub fn parse(text: &str, origin: &str) -> Result<Cnf, DimacsError> {
    let err = |line: usize, column: usize, message: String| DimacsError {
        origin: origin.to_string(),
        line,
        column,
        message,
    };
    let mut header: Option<(usize, usize, usize)> = None; // (vars, clauses, line)
    let mut clauses: Vec<Vec<i32>> = Vec::new();
    let mut lines = Vec::new();
    let mut open: Vec<i32> = Vec::new();
    let mut open_line = 0;
    let mut trailer: Option<usize> = None; // the `%` line
    let mut last_line = 0;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        last_line = n;
        let line = raw.trim_end_matches('\r');
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('c') {
            continue;
        }
        if let Some(pct) = trailer {
            if trimmed.split_whitespace().all(|t| t == "0") {
                continue;
            }
            return Err(err(
                n,
                column_of(line, trimmed),
                format!(
                    "expected nothing but `0` after the `%` end marker of line {pct}, found {:?}",
                    first_token(trimmed)
                ),
            ));
        }
        if trimmed.starts_with('%') {
            if trimmed != "%" {
                return Err(err(
                    n,
                    column_of(line, trimmed),
                    format!(
                        "expected `%` alone on its line (SATLIB's end marker), found {trimmed:?}"
                    ),
                ));
            }
            trailer = Some(n);
            continue;
        }
        if trimmed.starts_with('p') {
            if header.is_some() {
                return Err(err(n, 1, "a second `p cnf` header".into()));
            }
            if !clauses.is_empty() || !open.is_empty() {
                return Err(err(
                    n,
                    1,
                    "the `p cnf` header must come before the clauses".into(),
                ));
            }
            let words: Vec<&str> = trimmed.split_whitespace().collect();
            let number = |k: usize, what: &str| -> Result<usize, DimacsError> {
                words
                    .get(k)
                    .and_then(|w| w.parse::<usize>().ok())
                    .ok_or_else(|| {
                        err(
                            n,
                            words.get(k).map_or(0, |w| column_of(line, w)),
                            format!(
                                "expected the header `p cnf VARIABLES CLAUSES`, with {what} a whole number; found {trimmed:?}"
                            ),
                        )
                    })
            };
            if words.first() != Some(&"p") || words.get(1) != Some(&"cnf") {
                return Err(err(
                    n,
                    1,
                    format!("expected the header `p cnf VARIABLES CLAUSES`, found {trimmed:?}"),
                ));
            }
            let vars = number(2, "VARIABLES")?;
            let count = number(3, "CLAUSES")?;
            if let Some(extra) = words.get(4) {
                return Err(err(
                    n,
                    column_of(line, extra),
                    format!(
                        "expected the end of the header after the clause count, found {extra:?}"
                    ),
                ));
            }
            if vars > MAX_VARS {
                return Err(err(
                    n,
                    0,
                    format!("{vars} variables: at most {MAX_VARS} are taken"),
                ));
            }
            header = Some((vars, count, n));
            continue;
        }
        let Some((vars, _, _)) = header else {
            return Err(err(
                n,
                column_of(line, trimmed),
                format!(
                    "expected the header `p cnf VARIABLES CLAUSES` before any clause, found {:?}",
                    first_token(trimmed)
                ),
            ));
        };
        let mut rest = line;
        let mut offset = 0;
        while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
            let len = rest[start..]
                .find(char::is_whitespace)
                .unwrap_or(rest.len() - start);
            let token = &rest[start..start + len];
            let column = offset + start + 1;
            let lit: i64 = token.parse().map_err(|_| {
                err(n, column, format!("expected a literal (a non-zero whole number) or `0` ending a clause, found {token:?}"))
            })?;
            if lit == 0 {
                clauses.push(std::mem::take(&mut open));
                lines.push(if open_line == 0 { n } else { open_line });
                open_line = 0;
            } else {
                if lit.unsigned_abs() > vars as u64 {
                    return Err(err(
                        n,
                        column,
                        format!("literal {lit} names variable {}, but the header declares {vars} variable(s)", lit.unsigned_abs()),
                    ));
                }
                if open.is_empty() {
                    open_line = n;
                }
                open.push(lit as i32);
            }
            offset += start + len;
            rest = &rest[start + len..];
        }
    }
    let Some((vars, count, hline)) = header else {
        return Err(err(
            0,
            0,
            "expected a `p cnf VARIABLES CLAUSES` header; the file has none".into(),
        ));
    };
    if !open.is_empty() {
        return Err(err(
            open_line,
            0,
            format!("the clause starting here has no terminating `0` before the end of the file (line {last_line})"),
        ));
    }
    if clauses.len() != count {
        return Err(err(
            hline,
            0,
            format!(
                "the header declares {count} clause(s), the file has {}",
                clauses.len()
            ),
        ));
    }
    Ok(Cnf {
        vars,
        clauses,
        lines,
    })
}

fn first_token(s: &str) -> &str {
    s.split_whitespace().next().unwrap_or("")
}

/// The 1-based column where `part` (a subslice of `line`) starts.
fn column_of(line: &str, part: &str) -> usize {
    (part.as_ptr() as usize).saturating_sub(line.as_ptr() as usize) + 1
}

impl Cnf {
    /// The formula in DIMACS CNF (a header, one clause per line).
    pub fn to_dimacs(&self) -> String {
        let mut s = format!("p cnf {} {}\n", self.vars, self.clauses.len());
        for c in &self.clauses {
            for l in c {
                s.push_str(&format!("{l} "));
            }
            s.push_str("0\n");
        }
        s
    }

    /// A formula from clauses (lines numbered as [`Cnf::to_dimacs`] writes them).
    pub fn new(vars: usize, clauses: Vec<Vec<i32>>) -> Cnf {
        let lines = (0..clauses.len()).map(|i| i + 2).collect();
        Cnf {
            vars,
            clauses,
            lines,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bad(text: &str) -> String {
        parse(text, "f.cnf").unwrap_err().to_string()
    }

    #[test]
    fn reads_comments_spanning_clauses_and_satlib_trailer() {
        let f = parse("c hi\np cnf 3 2\n1 -2\n 3 0 -1\n0\n%\n0\n\n", "f").unwrap();
        assert_eq!(f.vars, 3);
        assert_eq!(f.clauses, vec![vec![1, -2, 3], vec![-1]]);
        assert_eq!(f.lines, vec![3, 4]);
        assert_eq!(parse(&f.to_dimacs(), "g").unwrap().clauses, f.clauses);
    }

    #[test]
    fn errors_name_file_line_column_and_what_was_expected() {
        assert_eq!(
            bad("p cnf 2 1\n1 3 0\n"),
            "f.cnf:2:3: literal 3 names variable 3, but the header declares 2 variable(s)"
        );
        assert_eq!(
            bad("p cnf 2 2\n1 2 0\n"),
            "f.cnf:1: the header declares 2 clause(s), the file has 1"
        );
        assert_eq!(
            bad("p cnf 2 1\n1 2\n"),
            "f.cnf:2: the clause starting here has no terminating `0` before the end of the file (line 2)"
        );
        assert_eq!(
            bad("p cnf 2 1\n1 x 0\n"),
            "f.cnf:2:3: expected a literal (a non-zero whole number) or `0` ending a clause, found \"x\""
        );
        assert_eq!(
            bad("1 2 0\n"),
            "f.cnf:1:1: expected the header `p cnf VARIABLES CLAUSES` before any clause, found \"1\""
        );
        assert_eq!(
            bad(""),
            "f.cnf: expected a `p cnf VARIABLES CLAUSES` header; the file has none"
        );
        assert_eq!(
            bad("p cnf two 1\n"),
            "f.cnf:1:7: expected the header `p cnf VARIABLES CLAUSES`, with VARIABLES a whole number; found \"p cnf two 1\""
        );
        assert_eq!(
            bad("p cnf 1 1\n1 0\n%\n0\n2 0\n"),
            "f.cnf:5:1: expected nothing but `0` after the `%` end marker of line 3, found \"2\""
        );
        assert_eq!(
            bad("p cnf 1 0\np cnf 1 0\n"),
            "f.cnf:2:1: a second `p cnf` header"
        );
    }
}
