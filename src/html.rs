//! `emit --format html`: one self-contained page to inspect a pattern and solve it in a browser.
//!
//! The page holds the puzzle drawn as SVG, the statement-aligned view with every group marked
//! where it is captured and where it is read, the JavaScript-dialect pattern and subject, and a
//! "solve in this browser" button: `assets/page.js` runs the pattern with the browser's own
//! `RegExp` on a worker under a time limit, decodes the captures with the group map and draws
//! the board from the drawing description (both data from [`backref_pipeline::inspect()`]), so
//! the script has no puzzle code. Nothing is loaded from the network: a Content-Security-Policy
//! forbids it.

use std::collections::HashMap;
use std::fmt::Write as _;

use backref_pipeline::{Inspection, SolveReport};
use backref_program::dialect::{Dialect, JAVASCRIPT};
use backref_program::Segment;
use serde_json::json;

/// Pattern segments longer than this are shown collapsed (their start, and the whole on click).
pub const COLLAPSE_BYTES: usize = 1500;
/// Patterns and subjects longer than this are not shown as text (the page's data holds them).
pub const SHOW_BYTES: usize = 200_000;
/// Statements shown in the view at most (the first ones and the last ones); the pattern and
/// the solve button always have them all.
pub const MAX_ROWS: usize = 600;

const STYLE: &str = include_str!("assets/page.css");
const SCRIPT: &str = include_str!("assets/page.js");

/// What the CLI's engine found, embedded with `--solve`.
pub struct Embedded<'a> {
    /// The engine's name.
    pub engine: &'a str,
    /// Its report.
    pub report: &'a SolveReport,
}

/// The page for `title` (e.g. `queens 8`).
pub fn page(title: &str, i: &Inspection, solved: Option<Embedded>, time_limit_ms: u64) -> String {
    let e = &i.emitted;
    let mut out = String::with_capacity(e.pattern.len() * 3 + 20_000);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
         script-src 'unsafe-inline'; worker-src blob:; style-src 'unsafe-inline'; img-src data:\">\n\
         <title>backref: {t}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
         <header><h1>backref: {t}</h1>\n<p class=\"stats\">subject {} B · pattern {} B \
         ({}) · {} statements · {} groups · {} backreferences</p></header>\n",
        e.stats.subject_bytes,
        e.stats.pattern_bytes,
        esc(e.dialect),
        e.stats.statements,
        e.stats.groups,
        e.stats.backrefs,
        t = esc(title),
    );
    // The board: the blank drawing, and room for the browser's answer.
    out.push_str("<section id=\"boards\">\n<figure><figcaption>the puzzle</figcaption>");
    match &i.drawing {
        Ok(d) if !d.svg.is_empty() => {
            out.push_str("<div id=\"puzzle-svg\">");
            out.push_str(&strip_prolog(&d.svg.join("\n")));
            out.push_str("</div>");
        }
        Ok(d) => {
            let _ = write!(
                out,
                "<div id=\"puzzle-svg\" data-generic></div><p class=\"note\">drawn from the \
                 answer's grid: {}</p>",
                esc(d
                    .svg_left_out
                    .as_deref()
                    .unwrap_or("this puzzle has no SVG drawing"))
            );
        }
        Err(why) => {
            let _ = write!(
                out,
                "<p class=\"note\" id=\"no-drawing\">no board can be drawn in the page: {}</p>",
                esc(why)
            );
        }
    }
    out.push_str(
        "</figure>\n<figure><figcaption>solved in this browser</figcaption>\
         <div id=\"solved-svg\"></div><pre id=\"grid\"></pre></figure>\n",
    );
    if let Some(s) = &solved {
        out.push_str(&embedded(s));
    }
    out.push_str("</section>\n");
    let _ = writeln!(
        out,
        "<section id=\"solve\"><button id=\"solve-button\" type=\"button\">Solve in this browser\
         </button> <label>time limit <input id=\"limit\" type=\"number\" min=\"0.1\" step=\"any\" \
         value=\"{}\"> s</label> <span id=\"status\" data-state=\"idle\"></span></section>",
        time_limit_ms as f64 / 1000.0
    );
    out.push_str(&statements(i));
    out.push_str("<aside id=\"group-info\" hidden></aside>\n");
    // A long pattern or subject travels in the page's data only (escaped for HTML it would
    // triple), and is not shown.
    let shown = |text: &str, id: &str| {
        if text.len() <= SHOW_BYTES {
            format!("<pre id=\"{id}\">{}</pre>", esc(text))
        } else {
            format!(
                "<p class=\"note\">{} B: too long to show here (`backref emit` prints it)</p>",
                text.len()
            )
        }
    };
    let _ = write!(
        out,
        "<section id=\"raw\"><h2>The pattern ({d}, {p} B) and the subject ({s} B)</h2>\n\
         <details><summary>pattern</summary>{}</details>\n\
         <details><summary>subject</summary>{}</details></section>\n",
        shown(&e.pattern, "pattern"),
        shown(&e.subject, "subject"),
        d = esc(e.dialect),
        p = e.stats.pattern_bytes,
        s = e.stats.subject_bytes,
    );
    let data = json!({
        "title": title,
        "pattern": (e.pattern.len() > SHOW_BYTES).then_some(&e.pattern),
        "subject": (e.subject.len() > SHOW_BYTES).then_some(&e.subject),
        "timeLimitMs": time_limit_ms,
        "variables": i.variables,
        "resourceGroups": i.resource_groups,
        "drawing": i.drawing.as_ref().ok(),
        "groups": group_meanings(i),
    });
    let _ = write!(
        out,
        "<script type=\"application/json\" id=\"data\">{}</script>\n<script>{SCRIPT}</script>\n\
         </body>\n</html>\n",
        script_safe(&data.to_string())
    );
    out
}

/// What the CLI's engine found, as a figure.
fn embedded(s: &Embedded) -> String {
    let r = s.report;
    let last = r.stages.last().cloned().unwrap_or_default();
    let what = match r.outcome {
        backref_pipeline::Outcome::Solved if r.confirmed() => "solved (verified)".to_string(),
        backref_pipeline::Outcome::Solved => "solved (NOT verified)".to_string(),
        backref_pipeline::Outcome::NoSolution => "no solution".to_string(),
        backref_pipeline::Outcome::GaveUp { limit, .. } => format!("gave up ({limit})"),
    };
    let mut out = format!(
        "<figure id=\"cli\"><figcaption>{} (CLI): <span id=\"cli-outcome\">{}</span>, \
         {:.3} ms match, {:.3} ms compile</figcaption>",
        esc(s.engine),
        esc(&what),
        r.total(|s| s.match_ms),
        r.total(|s| s.compile_ms),
    );
    if let Some(sol) = &r.solution {
        if let Some(svg) = &sol.svg {
            out.push_str(&strip_prolog(svg));
        }
        let _ = write!(
            out,
            "<pre id=\"cli-grid\">{}</pre>",
            esc(&sol.grid.join("\n"))
        );
    }
    let _ = writeln!(
        out,
        "<p class=\"note\">its {} pattern: {} statements, {} groups{}</p></figure>",
        esc(s.engine),
        last.statements,
        last.groups,
        if last.jit { " (JIT)" } else { "" }
    );
    out
}

/// The statement-aligned view: one row per statement, groups marked.
fn statements(i: &Inspection) -> String {
    let e = &i.emitted;
    let mut out = String::from(
        "<section id=\"statements\"><h2>Statements</h2>\n<p class=\"note\">Each statement's \
         subject segment is matched by its pattern segment. Hover or click a group: \
         <span class=\"legend cap\">captured</span> <span class=\"legend ref\">read</span>.</p>\n\
         <table><thead><tr><th>#</th><th>subject</th><th>pattern</th><th>states</th></tr></thead>\
         <tbody>\n",
    );
    if e.segments.is_empty() {
        out.push_str("<tr><td colspan=\"4\">a hand-built pattern: no statements</td></tr>\n");
    }
    let names: Vec<&str> = e.groups.iter().map(|g| g.name.as_str()).collect();
    let n = e.segments.len();
    let (head, tail) = if n > MAX_ROWS {
        (MAX_ROWS * 5 / 6, MAX_ROWS / 6)
    } else {
        (n, 0)
    };
    for (k, s) in e.segments.iter().enumerate() {
        if k == head && tail > 0 {
            let _ = writeln!(
                out,
                "<tr class=\"skipped\"><td colspan=\"4\">… {} statements not shown (the \
                 pattern below has them all) …</td></tr>",
                n - head - tail
            );
        }
        if k >= head && k < n - tail {
            continue;
        }
        let cell = if s.pattern.len() > COLLAPSE_BYTES {
            // Its start only: the whole statement is in the pattern below.
            let mut cut = COLLAPSE_BYTES;
            while !s.pattern.is_char_boundary(cut) {
                cut -= 1;
            }
            let start = Segment {
                pattern: s.pattern[..cut].to_string(),
                ..s.clone()
            };
            format!(
                "<details><summary>{} B, {} groups, {} backreferences</summary>{}<span \
                 class=\"note\">… {} B more: the whole statement is in the pattern below</span>\
                 </details>",
                s.pattern.len(),
                s.captures.len(),
                s.backrefs,
                marked(&start, &names),
                s.pattern.len() - cut
            )
        } else {
            marked(s, &names)
        };
        let _ = writeln!(
            out,
            "<tr id=\"s{}\"><td>{}</td><td class=\"subj\">{}</td><td class=\"pat\">{cell}</td>\
             <td>{}</td></tr>",
            k + 1,
            k + 1,
            esc(&s.subject),
            esc(&s.explain)
        );
    }
    out.push_str("</tbody></table></section>\n");
    out
}

/// A pattern segment as HTML, each named group opening marked `<i data-c=N>` and each
/// backreference `<i data-r=N>`: found as the dialect spells them (the JavaScript dialect's
/// templates), so nothing here parses regex syntax.
fn marked(s: &Segment, names: &[&str]) -> String {
    let mut tokens: HashMap<String, (bool, usize)> = HashMap::new();
    let d: &Dialect = &JAVASCRIPT;
    for &g in &s.captures {
        if let Some(name) = names.get(g - 1) {
            tokens.insert(Dialect::fill(d.named_group, name), (true, g));
        }
    }
    for &g in &s.references {
        if let Some(name) = names.get(g - 1) {
            tokens.insert(Dialect::fill(d.named_backref, name), (false, g));
        }
    }
    let text = &s.pattern;
    let mut out = String::with_capacity(text.len() * 2);
    let mut k = 0;
    'scan: while k < text.len() {
        let rest = &text[k..];
        if rest.starts_with("(?<") || rest.starts_with("\\k<") {
            if let Some(end) = rest.find('>') {
                if let Some(&(cap, g)) = tokens.get(&rest[..=end]) {
                    let _ = write!(
                        out,
                        "<i data-{}={g}>{}</i>",
                        if cap { "c" } else { "r" },
                        esc(&rest[..=end])
                    );
                    k += end + 1;
                    continue 'scan;
                }
            }
        }
        let c = rest.chars().next().expect("not at the end");
        out.push_str(&esc(&c.to_string()));
        k += c.len_utf8();
    }
    out
}

/// Each group's meaning for the page: its name, the variable it holds, where it is captured
/// and read.
fn group_meanings(i: &Inspection) -> Vec<serde_json::Value> {
    let e = &i.emitted;
    let mut captured: Vec<Vec<usize>> = vec![Vec::new(); e.groups.len() + 1];
    let mut read: Vec<Vec<usize>> = vec![Vec::new(); e.groups.len() + 1];
    for (k, s) in e.segments.iter().enumerate() {
        for &g in &s.captures {
            if captured[g].last() != Some(&(k + 1)) {
                captured[g].push(k + 1);
            }
        }
        for &g in &s.references {
            if read[g].last() != Some(&(k + 1)) {
                read[g].push(k + 1);
            }
        }
    }
    e.groups
        .iter()
        .map(|g| {
            let meaning = match g.var.and_then(|v| i.variables.get(v as usize)) {
                Some(v) if v.domain.iter().all(|d| d.len() <= 1) && v.domain.len() == 2 => {
                    format!(
                        "variable {}: a boolean (true when it captures text)",
                        v.name
                    )
                }
                Some(v) => format!(
                    "variable {}: {} values ({})",
                    v.name,
                    v.domain.len(),
                    backref_program::gadget::name_list(
                        &v.domain.iter().map(String::as_str).collect::<Vec<_>>()
                    )
                ),
                None => "a helper group (a partial sum, a resource or a flag of a value)".into(),
            };
            json!({
                "name": g.name,
                "meaning": meaning,
                "captured": captured[g.number],
                "read": read[g.number],
            })
        })
        .collect()
}

/// An SVG document without its XML declaration, to sit inside HTML.
fn strip_prolog(svg: &str) -> String {
    match svg.strip_prefix("<?xml") {
        Some(rest) => rest
            .split_once("?>")
            .map(|(_, r)| r.trim_start())
            .unwrap_or(svg)
            .to_string(),
        None => svg.to_string(),
    }
}

/// Text escaped for HTML.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// JSON text safe inside a `<script>` element.
fn script_safe(json: &str) -> String {
    json.replace("</", "<\\/").replace("<!--", "<\\!--")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_are_marked_where_the_dialect_spells_them() {
        let s = Segment {
            subject: "Q;".into(),
            pattern: "(?<b>(?:Q\\k<a>)?);".into(),
            what: String::new(),
            explain: String::new(),
            kind: "one_of",
            captures: vec![2],
            references: vec![1],
            backrefs: 1,
        };
        assert_eq!(
            marked(&s, &["a", "b"]),
            "<i data-c=2>(?&lt;b&gt;</i>(?:Q<i data-r=1>\\k&lt;a&gt;</i>)?);"
        );
    }

    #[test]
    fn scripts_cannot_be_closed_from_data() {
        assert_eq!(script_safe(r#"{"a":"</script>"}"#), r#"{"a":"<\/script>"}"#);
    }
}
