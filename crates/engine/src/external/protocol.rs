//! The runners' output format (see `engines/README.md`) and its translation into a [`Run`].

use std::collections::BTreeMap;
use std::io;
use std::time::{Duration, Instant};

use super::process::Finished;
use crate::{Captures, EngineError, Limit, Outcome, Run, Timing};

/// What a runner reported.
#[derive(Debug, PartialEq)]
pub(crate) enum Verdict {
    /// `MATCH` and its groups.
    Match(Captures),
    /// `NOMATCH`.
    NoMatch,
    /// `ERROR <kind> <message>`.
    Error { kind: String, message: String },
}

/// A runner's whole reply.
#[derive(Debug, PartialEq)]
pub(crate) struct Reply {
    pub(crate) verdict: Verdict,
    pub(crate) compile_ms: Option<f64>,
    pub(crate) match_ms: Option<f64>,
}

struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn at_end(&self) -> bool {
        self.pos >= self.bytes.len()
    }

    /// Up to the next space or newline; consumes a following space but not a newline.
    fn word(&mut self) -> &'a [u8] {
        let start = self.pos;
        while self.pos < self.bytes.len() && !matches!(self.bytes[self.pos], b' ' | b'\n') {
            self.pos += 1;
        }
        let word = &self.bytes[start..self.pos];
        if self.bytes.get(self.pos) == Some(&b' ') {
            self.pos += 1;
        }
        word
    }

    fn number<T: std::str::FromStr>(&mut self, what: &str) -> Result<T, String> {
        let word = self.word();
        std::str::from_utf8(word)
            .ok()
            .and_then(|w| w.parse().ok())
            .ok_or_else(|| format!("bad {what} {:?}", String::from_utf8_lossy(word)))
    }

    /// The rest of the line, consuming the newline.
    fn rest_of_line(&mut self) -> &'a [u8] {
        let start = self.pos;
        while self.pos < self.bytes.len() && self.bytes[self.pos] != b'\n' {
            self.pos += 1;
        }
        let line = &self.bytes[start..self.pos];
        self.pos = (self.pos + 1).min(self.bytes.len());
        line
    }

    fn end_of_line(&mut self) -> Result<(), String> {
        match self.bytes.get(self.pos) {
            Some(b'\n') => {
                self.pos += 1;
                Ok(())
            }
            _ => Err(format!("expected the end of a line at byte {}", self.pos)),
        }
    }

    /// `<len>:<bytes>` followed by a newline.
    fn text(&mut self) -> Result<String, String> {
        let start = self.pos;
        while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        let len: usize = std::str::from_utf8(&self.bytes[start..self.pos])
            .ok()
            .and_then(|d| d.parse().ok())
            .ok_or_else(|| format!("bad text length at byte {start}"))?;
        if self.bytes.get(self.pos) != Some(&b':') {
            return Err(format!("expected ':' at byte {}", self.pos));
        }
        self.pos += 1;
        let end = self
            .pos
            .checked_add(len)
            .filter(|&e| e <= self.bytes.len())
            .ok_or_else(|| format!("text of {len} bytes runs past the end of the output"))?;
        let text = String::from_utf8_lossy(&self.bytes[self.pos..end]).into_owned();
        self.pos = end;
        self.end_of_line()?;
        Ok(text)
    }
}

/// Parses a runner's stdout. Fails when the output is malformed or lacks its final `END`.
pub(crate) fn parse(output: &[u8]) -> Result<Reply, String> {
    let mut c = Cursor {
        bytes: output,
        pos: 0,
    };
    let mut verdict = None;
    let mut groups: Option<Vec<Option<String>>> = None;
    let mut names = BTreeMap::new();
    let mut stacks: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut compile_ms = None;
    let mut match_ms = None;
    loop {
        if c.at_end() {
            return Err("the output ended without END".into());
        }
        let tag = c.word();
        match tag {
            b"T" => {
                compile_ms = Some(c.number::<f64>("compile time")?);
                match_ms = Some(c.number::<f64>("match time")?);
                c.end_of_line()?;
            }
            b"MATCH" => {
                let n: usize = c.number("group count")?;
                c.end_of_line()?;
                groups = Some(vec![None; n]);
                verdict = Some(Verdict::NoMatch); // replaced by Match below
            }
            b"G" => {
                let n: usize = c.number("group number")?;
                let text = if c.bytes.get(c.pos) == Some(&b'-') {
                    c.pos += 1;
                    c.end_of_line()?;
                    None
                } else {
                    Some(c.text()?)
                };
                let groups = groups.as_mut().ok_or("G before MATCH")?;
                if n >= groups.len() {
                    groups.resize(n + 1, None);
                }
                groups[n] = text;
            }
            b"N" => {
                let name = String::from_utf8_lossy(c.word()).into_owned();
                let n: usize = c.number("group number")?;
                c.end_of_line()?;
                names.insert(name, n);
            }
            b"C" => {
                let key = String::from_utf8_lossy(c.word()).into_owned();
                let _index: usize = c.number("capture index")?;
                let text = c.text()?;
                stacks.entry(key).or_default().push(text);
            }
            b"NOMATCH" => {
                c.end_of_line()?;
                verdict = Some(Verdict::NoMatch);
            }
            b"ERROR" => {
                let kind = String::from_utf8_lossy(c.word()).into_owned();
                let message = String::from_utf8_lossy(c.rest_of_line()).into_owned();
                verdict = Some(Verdict::Error { kind, message });
            }
            b"END" => break,
            other => {
                return Err(format!(
                    "unexpected line starting {:?}",
                    String::from_utf8_lossy(other)
                ))
            }
        }
    }
    let verdict = match (groups, verdict) {
        (_, Some(v @ Verdict::Error { .. })) => v,
        (Some(groups), _) => {
            let mut caps = Captures::new(groups).with_names(names);
            if !stacks.is_empty() {
                caps = caps.with_all(stacks);
            }
            Verdict::Match(caps)
        }
        (None, Some(v)) => v,
        (None, None) => return Err("no MATCH, NOMATCH or ERROR line".into()),
    };
    Ok(Reply {
        verdict,
        compile_ms,
        match_ms,
    })
}

fn ms(v: f64) -> Duration {
    Duration::try_from_secs_f64(v / 1000.0).unwrap_or(Duration::ZERO)
}

/// Turns a finished (or killed) runner into a [`Run`].
pub(crate) fn into_run(
    engine: &'static str,
    finished: io::Result<Finished>,
    start: Instant,
    notes: Vec<String>,
) -> Result<Run, EngineError> {
    let finished = finished.map_err(|e| EngineError::Match {
        engine,
        message: format!("cannot run the runner: {e}"),
    })?;
    let wall = start.elapsed();
    let gave_up = |limit| {
        Ok(Run {
            outcome: Outcome::GaveUp {
                limit,
                elapsed: wall,
            },
            count: None,
            timing: Timing {
                compile: Duration::ZERO,
                matching: wall,
                jit: false,
            },
            steps: None,
            jit_fallback: None,
            notes: notes.clone(),
        })
    };
    if finished.timed_out() {
        return gave_up(Limit::Timeout);
    }
    let reply = match parse(&finished.stdout) {
        Ok(reply) => reply,
        Err(problem) => {
            let stderr = finished.stderr_tail();
            let lower = stderr.to_ascii_lowercase();
            if lower.contains("stack overflow") || lower.contains("maximum call stack") {
                return gave_up(Limit::Stack);
            }
            let status = finished
                .status
                .map_or_else(|| "killed".to_string(), |s| s.to_string());
            return Err(EngineError::Match {
                engine,
                message: format!("the runner failed ({status}): {problem}; stderr: {stderr}"),
            });
        }
    };
    let timing = Timing {
        compile: reply.compile_ms.map_or(Duration::ZERO, ms),
        matching: reply.match_ms.map_or(wall, ms),
        jit: false,
    };
    let outcome = match reply.verdict {
        Verdict::Match(caps) => Outcome::Solved(caps),
        Verdict::NoMatch => Outcome::NoSolution,
        Verdict::Error { kind, message } => match kind.as_str() {
            "compile" => return Err(EngineError::Compile { engine, message }),
            "toolarge" => {
                return Err(EngineError::TooLarge {
                    engine,
                    what: limit_in_words(engine, &message),
                })
            }
            "timeout" => return gave_up(Limit::Timeout),
            "stack" => return gave_up(Limit::Stack),
            "limit" => {
                let mut run = gave_up(Limit::MatchLimit)?;
                run.notes.push(message);
                return Ok(run);
            }
            _ => return Err(EngineError::Match { engine, message }),
        },
    };
    Ok(Run {
        outcome,
        count: None,
        timing,
        steps: None,
        jit_fallback: None,
        notes,
    })
}

/// A runner's `ERROR toolarge` message in words: which limit of which engine, then the engine's
/// own message.
fn limit_in_words(engine: &'static str, message: &str) -> String {
    let lower = message.to_ascii_lowercase();
    let words = if lower.contains("too many captures") {
        "the pattern has more capture groups than V8 allows (65,535)"
    } else if lower.contains("too large") || lower.contains("size limit") {
        "the pattern compiles to more than the engine's size limit"
    } else if lower.contains("stack") || lower.contains("recursion") {
        "the pattern is nested too deeply for the engine's compiler (its stack ran out)"
    } else if lower.contains("nested") {
        "parentheses are nested deeper than the engine allows"
    } else if lower.contains("out of space") || lower.contains("memory") {
        "the engine ran out of memory compiling the pattern"
    } else {
        "the pattern exceeds a limit of the engine's compiler"
    };
    format!("{words} ({engine}: {message})")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_match_with_stacks() {
        let out =
            b"T 1.5 0.25\nMATCH 3\nG 0 4:a\nb \nG 1 -\nG 2 0:\nN x 2\nC x 0 1:q\nC x 1 0:\nEND\n";
        let reply = parse(out).unwrap();
        assert_eq!(reply.compile_ms, Some(1.5));
        assert_eq!(reply.match_ms, Some(0.25));
        let Verdict::Match(caps) = reply.verdict else {
            panic!("not a match")
        };
        assert_eq!(caps.len(), 3);
        assert_eq!(caps.get(0), Some("a\nb "));
        assert_eq!(caps.get(1), None);
        assert_eq!(caps.get(2), Some(""));
        assert_eq!(caps.name("x"), Some(""));
        assert_eq!(caps.all("x").unwrap(), ["q", ""]);
    }

    #[test]
    fn parses_errors_and_rejects_truncated_output() {
        let reply = parse(b"ERROR compile missing ) at 3\nEND\n").unwrap();
        assert_eq!(
            reply.verdict,
            Verdict::Error {
                kind: "compile".into(),
                message: "missing ) at 3".into()
            }
        );
        assert_eq!(parse(b"NOMATCH\nEND\n").unwrap().verdict, Verdict::NoMatch);
        assert!(parse(b"T 1 2\nMATCH 1\nG 0 5:ab").is_err());
        assert!(parse(b"MATCH 1\nG 0 1:a\n").is_err());
        assert!(parse(b"").is_err());
    }

    #[test]
    fn toolarge_errors_become_too_large() {
        let finished = Finished {
            status: Some(exit_ok()),
            stdout: b"ERROR toolarge Invalid regular expression: /(a)/: Too many captures\nEND\n"
                .to_vec(),
            stderr: Vec::new(),
        };
        match into_run("node", Ok(finished), Instant::now(), Vec::new()) {
            Err(EngineError::TooLarge { engine, what }) => {
                assert_eq!(engine, "node");
                assert!(what.starts_with("the pattern has more capture groups than V8 allows"));
                assert!(what.ends_with("Too many captures)"), "{what}");
            }
            other => panic!("{other:?}"),
        }
    }

    fn exit_ok() -> std::process::ExitStatus {
        #[cfg(unix)]
        {
            std::os::unix::process::ExitStatusExt::from_raw(0)
        }
        #[cfg(windows)]
        {
            std::os::windows::process::ExitStatusExt::from_raw(0)
        }
    }
}
