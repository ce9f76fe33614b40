//! `emit --view columns` and `emit --stats`: a pattern read statement by statement, and its
//! size figures per gadget kind.

use std::collections::BTreeMap;

use backref_pipeline::Emitted;
use backref_program::Segment;
use serde::Serialize;

/// The figures of one gadget kind.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct KindStats {
    /// Segments of this kind.
    pub statements: usize,
    /// Groups they capture (distinct numbers; a packing's pads included).
    pub groups: usize,
    /// Backreferences they hold.
    pub backrefs: usize,
    /// Places that read a group: backreferences and conditionals (each counted once where
    /// it is written, whatever a repetition makes of it).
    pub reads: usize,
    /// Bytes of subject.
    pub subject_bytes: usize,
    /// Bytes of pattern.
    pub pattern_bytes: usize,
}

/// Figures per gadget kind, in kind order.
pub fn by_kind(segments: &[Segment]) -> BTreeMap<&'static str, KindStats> {
    let mut kinds: BTreeMap<&'static str, KindStats> = BTreeMap::new();
    for s in segments {
        let k = kinds.entry(s.kind).or_default();
        k.statements += 1;
        let mut captured = s.captures.clone();
        captured.sort_unstable();
        captured.dedup();
        k.groups += captured.len();
        k.backrefs += s.backrefs;
        k.reads += s.references.len();
        k.subject_bytes += s.subject.len();
        k.pattern_bytes += s.pattern.len();
    }
    kinds
}

/// The `--stats` text: totals, then one row per gadget kind.
pub fn stats_text(e: &Emitted) -> String {
    let s = &e.stats;
    let mut out = format!(
        "subject {} B, pattern {} B ({}), {} statements, {} groups, {} backreferences\n",
        s.subject_bytes, s.pattern_bytes, e.dialect, s.statements, s.groups, s.backrefs
    );
    if e.segments.is_empty() {
        out.push_str("(a hand-built pattern: no statements to break the figures down by)\n");
        return out;
    }
    out.push_str(&format!(
        "{:<10} {:>10} {:>8} {:>9} {:>6} {:>10} {:>10}\n",
        "gadget", "statements", "groups", "backrefs", "reads", "subject B", "pattern B"
    ));
    for (kind, k) in by_kind(&e.segments) {
        out.push_str(&format!(
            "{kind:<10} {:>10} {:>8} {:>9} {:>6} {:>10} {:>10}\n",
            k.statements, k.groups, k.backrefs, k.reads, k.subject_bytes, k.pattern_bytes
        ));
    }
    out
}

/// The `--view columns` text: a header, then one line per statement (number, subject
/// segment, pattern segment, what it states), each at most `width` characters; a column too
/// long for its share is shortened in the middle with `…`.
pub fn columns(e: &Emitted, width: usize) -> String {
    if e.segments.is_empty() {
        return format!(
            "a hand-built pattern ({} B): no statements to align; see `backref emit` for it whole\n",
            e.stats.pattern_bytes
        );
    }
    let width = width.max(40);
    let number = e.segments.len().to_string().len().max(1);
    let longest = |f: fn(&Segment) -> &str| {
        e.segments
            .iter()
            .map(|s| f(s).chars().count())
            .max()
            .unwrap_or(0)
    };
    // Separators: "N " + " │ " + " │ ".
    let room = width - number - 1 - 6;
    // Each column gets at least 7 characters (`pattern` and a little), at most its share.
    let subject = longest(|s| &s.subject).min(room / 5).max(7);
    let rest = room - subject;
    let pattern = longest(|s| &s.pattern).min(rest / 2).max(7);
    let explain = room - subject - pattern;
    let mut out = format!(
        "{:>number$} {} │ {} │ {}\n",
        "#",
        pad("subject", subject),
        pad(&format!("pattern ({})", e.dialect), pattern),
        fit_end("states", explain)
    );
    for (i, s) in e.segments.iter().enumerate() {
        out.push_str(&format!(
            "{:>number$} {} │ {} │ {}\n",
            i + 1,
            pad(&s.subject, subject),
            pad(&s.pattern, pattern),
            fit_end(&s.explain, explain)
        ));
    }
    out
}

/// `text` fitted into `width` characters and padded to it.
fn pad(text: &str, width: usize) -> String {
    let t = fit(text, width);
    let n = t.chars().count();
    t + &" ".repeat(width - n)
}

/// `text` if it fits in `width` characters, else its start and end around `…`.
pub fn fit(text: &str, width: usize) -> String {
    let n = text.chars().count();
    if n <= width {
        return text.to_string();
    }
    if width == 0 {
        return String::new();
    }
    let keep = width - 1;
    let head = keep - keep / 3;
    let tail = keep - head;
    let start: String = text.chars().take(head).collect();
    let end: String = text.chars().skip(n - tail).collect();
    format!("{start}…{end}")
}

/// `text` if it fits in `width` characters, else its start and `…`.
pub fn fit_end(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let start: String = text.chars().take(width.saturating_sub(1)).collect();
    if width == 0 {
        start
    } else {
        start + "…"
    }
}

#[cfg(test)]
mod tests {
    use super::{fit, fit_end};

    #[test]
    fn long_text_keeps_both_ends() {
        assert_eq!(fit("abcdefghij", 10), "abcdefghij");
        assert_eq!(fit("abcdefghij", 7), "abcd…ij");
        assert_eq!(fit("abcdefghij", 1), "…");
        assert_eq!(fit_end("abcdefghij", 5), "abcd…");
    }
}
