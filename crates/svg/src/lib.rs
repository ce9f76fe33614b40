//! A tiny SVG writer for drawings of solved boards (`backref solve … --format svg`).
//!
//! A [`Document`] collects shapes (rectangles, lines, circles, text) into groups and prints one
//! self-contained SVG document with a `viewBox`. Every text and every attribute value is
//! escaped ([`escape`]), so any input gives well-formed XML, and the output depends only on
//! the calls made (numbers are printed by Rust's shortest round-trip formatting; no clocks, no
//! random ids). [`well_formed`] is a small well-formedness check for tests.

#![warn(missing_docs)]

use std::fmt::Write;

/// An SVG document being written: a view box, an optional title and a body of elements.
#[derive(Clone, Debug)]
pub struct Document {
    width: f64,
    height: f64,
    title: Option<String>,
    body: String,
    depth: usize,
}

/// Attribute names and values of one element, in the order they are printed.
pub type Attrs<'a> = &'a [(&'a str, &'a str)];

impl Document {
    /// An empty drawing whose user space runs from (0, 0) to (`width`, `height`); the drawing
    /// is also that many pixels wide and high.
    pub fn new(width: f64, height: f64) -> Document {
        Document {
            width,
            height,
            title: None,
            body: String::new(),
            depth: 1,
        }
    }

    /// Sets the document's `<title>` (what viewers show as its name; also read aloud).
    pub fn title(&mut self, text: &str) -> &mut Document {
        self.title = Some(text.to_string());
        self
    }

    /// A rectangle with its top-left corner at (`x`, `y`).
    pub fn rect(&mut self, x: f64, y: f64, width: f64, height: f64, attrs: Attrs) -> &mut Document {
        let geometry = [
            ("x", num(x)),
            ("y", num(y)),
            ("width", num(width)),
            ("height", num(height)),
        ];
        self.element("rect", &geometry, attrs, None)
    }

    /// A line from (`x1`, `y1`) to (`x2`, `y2`).
    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, attrs: Attrs) -> &mut Document {
        let geometry = [
            ("x1", num(x1)),
            ("y1", num(y1)),
            ("x2", num(x2)),
            ("y2", num(y2)),
        ];
        self.element("line", &geometry, attrs, None)
    }

    /// A circle centred on (`cx`, `cy`).
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, attrs: Attrs) -> &mut Document {
        let geometry = [("cx", num(cx)), ("cy", num(cy)), ("r", num(r))];
        self.element("circle", &geometry, attrs, None)
    }

    /// Text anchored at (`x`, `y`) (where the anchor is depends on `text-anchor` and
    /// `dominant-baseline` in `attrs`).
    pub fn text(&mut self, x: f64, y: f64, text: &str, attrs: Attrs) -> &mut Document {
        let geometry = [("x", num(x)), ("y", num(y))];
        self.element("text", &geometry, attrs, Some(text))
    }

    /// Text of font size `size` centred on (`cx`, `cy`) (anchored in the middle, its baseline
    /// set a third of the size below the centre, which centres digits and capitals without
    /// relying on `dominant-baseline`).
    pub fn centred_text(
        &mut self,
        cx: f64,
        cy: f64,
        size: f64,
        text: &str,
        attrs: Attrs,
    ) -> &mut Document {
        let geometry = [
            ("x", num(cx)),
            ("y", num(cy + size * 0.35)),
            ("font-size", num(size)),
            ("text-anchor", "middle".to_string()),
        ];
        self.element("text", &geometry, attrs, Some(text))
    }

    /// The borders of a grid of `rows` × `cols` cells of side `cell` whose top-left corner is
    /// at (`x0`, `y0`): one line for every cell edge between cells of different `region`s, and
    /// the outer frame, in one group with `attrs` (e.g. a thick stroke).
    pub fn region_borders<R: PartialEq>(
        &mut self,
        (x0, y0): (f64, f64),
        cell: f64,
        rows: usize,
        cols: usize,
        region: impl Fn(usize, usize) -> R,
        attrs: Attrs,
    ) -> &mut Document {
        self.group(attrs, |d| {
            let (w, h) = (cols as f64 * cell, rows as f64 * cell);
            d.rect(x0, y0, w, h, &[("fill", "none")]);
            for r in 0..rows {
                for c in 0..cols {
                    let (x, y) = (x0 + c as f64 * cell, y0 + r as f64 * cell);
                    if c + 1 < cols && region(r, c) != region(r, c + 1) {
                        d.line(x + cell, y, x + cell, y + cell, &[]);
                    }
                    if r + 1 < rows && region(r, c) != region(r + 1, c) {
                        d.line(x, y + cell, x + cell, y + cell, &[]);
                    }
                }
            }
        })
    }

    /// A group (`<g>`) holding whatever `body` draws; its attributes (a class, a fill, a
    /// stroke) apply to everything in it.
    pub fn group(&mut self, attrs: Attrs, body: impl FnOnce(&mut Document)) -> &mut Document {
        self.container("g", attrs, body)
    }

    /// A tile named `id` (`<pattern>` in `<defs>`), `width` × `height` in user units, holding
    /// whatever `body` draws; a shape filled with `url(#id)` repeats it across its area. One
    /// tile draws a board's squares in constant size however large the board.
    pub fn pattern(
        &mut self,
        id: &str,
        width: f64,
        height: f64,
        body: impl FnOnce(&mut Document),
    ) -> &mut Document {
        let (w, h) = (num(width), num(height));
        let attrs = [
            ("id", id),
            ("width", w.as_str()),
            ("height", h.as_str()),
            ("patternUnits", "userSpaceOnUse"),
        ];
        self.container("defs", &[], |d| {
            d.container("pattern", &attrs, body);
        })
    }

    /// An element `name` with `attrs` holding whatever `body` draws, one level deeper.
    fn container(
        &mut self,
        name: &str,
        attrs: Attrs,
        body: impl FnOnce(&mut Document),
    ) -> &mut Document {
        self.indent();
        let _ = write!(self.body, "<{name}");
        push_attrs(&mut self.body, attrs);
        self.body.push_str(">\n");
        self.depth += 1;
        body(self);
        self.depth -= 1;
        self.indent();
        let _ = writeln!(self.body, "</{name}>");
        self
    }

    /// A group with a `<title>` of its own as its first child (a tooltip in browsers).
    pub fn titled_group(
        &mut self,
        title: &str,
        attrs: Attrs,
        body: impl FnOnce(&mut Document),
    ) -> &mut Document {
        self.group(attrs, |d| {
            d.element("title", &[], &[], Some(title));
            body(d);
        })
    }

    /// The whole document: the XML declaration, `<svg>` with its namespace, size and view
    /// box, the title, and the body; ends with a newline.
    pub fn finish(&self) -> String {
        let (w, h) = (num(self.width), num(self.height));
        let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">"
        );
        if let Some(title) = &self.title {
            let _ = writeln!(out, "  <title>{}</title>", escape(title));
        }
        out.push_str(&self.body);
        out.push_str("</svg>\n");
        out
    }

    fn indent(&mut self) {
        for _ in 0..self.depth {
            self.body.push_str("  ");
        }
    }

    fn element(
        &mut self,
        name: &str,
        geometry: &[(&str, String)],
        attrs: Attrs,
        content: Option<&str>,
    ) -> &mut Document {
        self.indent();
        self.body.push('<');
        self.body.push_str(name);
        for (k, v) in geometry {
            push_attr(&mut self.body, k, v);
        }
        // An attribute the geometry already set is dropped: XML allows each name once.
        for (k, v) in attrs {
            if !geometry.iter().any(|(g, _)| g == k) {
                push_attr(&mut self.body, k, v);
            }
        }
        match content {
            Some(text) => {
                let _ = write!(self.body, ">{}</{name}>", escape(text));
            }
            None => self.body.push_str("/>"),
        }
        self.body.push('\n');
        self
    }
}

fn push_attrs(out: &mut String, attrs: Attrs) {
    for (k, v) in attrs {
        push_attr(out, k, v);
    }
}

/// Attribute names come from code, but are checked all the same: anything but letters,
/// digits, `-`, `_`, `:` and `.` is dropped, so a name can never break the markup.
fn push_attr(out: &mut String, name: &str, value: &str) {
    let name: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | ':' | '.'))
        .collect();
    if name.is_empty() || !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return;
    }
    let _ = write!(out, " {name}=\"{}\"", escape(value));
}

/// Light, clearly distinct fill colours for pieces and regions (black text stays readable on
/// each), cycled by index.
pub const PALETTE: [&str; 12] = [
    "#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462", "#b3de69", "#fccde5",
    "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f",
];

/// The colour of piece or region number `i` ([`PALETTE`], cycled).
pub fn palette(i: usize) -> &'static str {
    PALETTE[i % PALETTE.len()]
}

/// A number as SVG writes it: Rust's shortest round-trip form (`40`, `12.5`), never `-0`;
/// NaN and infinities (meaningless in SVG) as `0`.
pub fn num(x: f64) -> String {
    if !x.is_finite() || x == 0.0 {
        return "0".to_string();
    }
    format!("{x}")
}

/// `text` escaped for XML text and attribute values alike: `&`, `<`, `>`, `"` and `'` become
/// entity references, and characters XML 1.0 does not allow (control characters other than
/// tab, newline and carriage return) become U+FFFD.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// Checks that `doc` is well-formed XML as far as this writer's output needs: an optional
/// `<?xml ...?>` declaration, then exactly one root element; every tag closed in order; names
/// well formed; attribute values quoted, unique per element and free of `<`; `&` only in the
/// five predefined entity references or character references; no other markup (comments,
/// CDATA, doctypes) and no text outside the root. The error says what is wrong and where.
pub fn well_formed(doc: &str) -> Result<(), String> {
    let mut rest = doc;
    let at = |rest: &str| doc.len() - rest.len();
    if let Some(after) = rest.strip_prefix("<?xml") {
        let end = after
            .find("?>")
            .ok_or("the XML declaration is not closed")?;
        rest = &after[end + 2..];
    }
    let mut open: Vec<&str> = Vec::new();
    let mut roots = 0;
    while !rest.is_empty() {
        if let Some(tag) = rest.strip_prefix('<') {
            let end = tag
                .find('>')
                .ok_or_else(|| format!("a tag at byte {} is not closed", at(rest)))?;
            let inner = &tag[..end];
            let pos = at(rest);
            rest = &tag[end + 1..];
            if let Some(name) = inner.strip_prefix('/') {
                let name = name.trim_end();
                check_name(name, pos)?;
                match open.pop() {
                    Some(o) if o == name => {}
                    Some(o) => return Err(format!("</{name}> at byte {pos} closes <{o}>")),
                    None => return Err(format!("</{name}> at byte {pos} closes nothing")),
                }
                continue;
            }
            let (inner, empty) = match inner.strip_suffix('/') {
                Some(i) => (i, true),
                None => (inner, false),
            };
            let name_end = inner
                .find(|c: char| c.is_whitespace())
                .unwrap_or(inner.len());
            let name = &inner[..name_end];
            check_name(name, pos)?;
            check_attrs(&inner[name_end..], pos)?;
            if open.is_empty() {
                roots += 1;
                if roots > 1 {
                    return Err(format!("a second root element <{name}> at byte {pos}"));
                }
            }
            if !empty {
                open.push(name);
            }
        } else {
            let end = rest.find('<').unwrap_or(rest.len());
            let text = &rest[..end];
            if open.is_empty() && !text.trim().is_empty() {
                return Err(format!(
                    "text outside the root element at byte {}",
                    at(rest)
                ));
            }
            check_references(text, at(rest))?;
            if text.contains('>') {
                return Err(format!("a bare '>' in text at byte {}", at(rest)));
            }
            rest = &rest[end..];
        }
    }
    if let Some(o) = open.pop() {
        return Err(format!("<{o}> is never closed"));
    }
    if roots == 0 {
        return Err("no root element".to_string());
    }
    Ok(())
}

fn check_name(name: &str, pos: usize) -> Result<(), String> {
    let ok = name.starts_with(|c: char| c.is_alphabetic() || c == '_' || c == ':')
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ':' | '.'));
    match ok {
        true => Ok(()),
        false => Err(format!("a bad name {name:?} at byte {pos}")),
    }
}

fn check_attrs(mut rest: &str, pos: usize) -> Result<(), String> {
    let mut seen: Vec<&str> = Vec::new();
    loop {
        let trimmed = rest.trim_start();
        if trimmed.is_empty() {
            return Ok(());
        }
        if trimmed.len() == rest.len() {
            return Err(format!("attributes not separated by space at byte {pos}"));
        }
        let eq = trimmed
            .find('=')
            .ok_or_else(|| format!("an attribute without a value at byte {pos}"))?;
        let name = &trimmed[..eq];
        check_name(name, pos)?;
        if seen.contains(&name) {
            return Err(format!("attribute {name} twice at byte {pos}"));
        }
        seen.push(name);
        let value = &trimmed[eq + 1..];
        let quote = value
            .chars()
            .next()
            .filter(|&q| q == '"' || q == '\'')
            .ok_or_else(|| format!("attribute {name} not quoted at byte {pos}"))?;
        let close = value[1..]
            .find(quote)
            .ok_or_else(|| format!("attribute {name} not closed at byte {pos}"))?;
        let v = &value[1..1 + close];
        if v.contains('<') {
            return Err(format!("a '<' in attribute {name} at byte {pos}"));
        }
        check_references(v, pos)?;
        rest = &value[close + 2..];
    }
}

fn check_references(text: &str, pos: usize) -> Result<(), String> {
    let mut rest = text;
    while let Some(i) = rest.find('&') {
        let after = &rest[i + 1..];
        let end = after
            .find(';')
            .ok_or_else(|| format!("a bare '&' near byte {pos}"))?;
        let entity = &after[..end];
        let ok = match entity.strip_prefix('#') {
            Some(n) => match n.strip_prefix('x') {
                Some(hex) => u32::from_str_radix(hex, 16).is_ok(),
                None => n.parse::<u32>().is_ok(),
            },
            None => matches!(entity, "amp" | "lt" | "gt" | "quot" | "apos"),
        };
        if !ok {
            return Err(format!("an unknown entity &{entity}; near byte {pos}"));
        }
        rest = &after[end + 1..];
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_text_and_attributes() {
        assert_eq!(escape(r#"a<b>&"c'"#), "a&lt;b&gt;&amp;&quot;c&apos;");
        assert_eq!(escape("tab\tnl\nbell\u{7}"), "tab\tnl\nbell\u{FFFD}");
        assert_eq!(escape("♛ é"), "♛ é");
        let mut d = Document::new(10.0, 10.0);
        d.title("<&>")
            .text(1.0, 2.0, "</svg><x>", &[("fill", "\"><script>")]);
        let out = d.finish();
        assert!(out.contains("<title>&lt;&amp;&gt;</title>"), "{out}");
        assert!(
            out.contains(
                r#"<text x="1" y="2" fill="&quot;&gt;&lt;script&gt;">&lt;/svg&gt;&lt;x&gt;</text>"#
            ),
            "{out}"
        );
        well_formed(&out).unwrap();
    }

    #[test]
    fn attribute_names_cannot_break_markup() {
        let mut d = Document::new(1.0, 1.0);
        d.rect(
            0.0,
            0.0,
            1.0,
            1.0,
            &[("a\"b>c", "v"), ("", "x"), ("1x", "y")],
        );
        let out = d.finish();
        assert!(
            out.contains(r#"<rect x="0" y="0" width="1" height="1" abc="v"/>"#),
            "{out}"
        );
        well_formed(&out).unwrap();
    }

    #[test]
    fn whole_document_is_deterministic_and_well_formed() {
        let draw = || {
            let mut d = Document::new(40.0, 20.5);
            d.title("board");
            d.group(&[("stroke", "black")], |d| {
                d.line(0.0, 0.0, 40.0, -0.0, &[]);
                d.titled_group("queen", &[("class", "queen")], |d| {
                    d.circle(5.0, 5.0, 2.25, &[]);
                });
            });
            d.finish()
        };
        let out = draw();
        assert_eq!(out, draw());
        assert_eq!(
            out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"20.5\" viewBox=\"0 0 40 20.5\">\n\
             \x20 <title>board</title>\n\
             \x20 <g stroke=\"black\">\n\
             \x20   <line x1=\"0\" y1=\"0\" x2=\"40\" y2=\"0\"/>\n\
             \x20   <g class=\"queen\">\n\
             \x20     <title>queen</title>\n\
             \x20     <circle cx=\"5\" cy=\"5\" r=\"2.25\"/>\n\
             \x20   </g>\n\
             \x20 </g>\n\
             </svg>\n"
        );
        well_formed(&out).unwrap();
    }

    #[test]
    fn helpers() {
        let mut d = Document::new(20.0, 10.0);
        d.centred_text(5.0, 5.0, 10.0, "A", &[]);
        d.region_borders((0.0, 0.0), 10.0, 1, 2, |_, c| c, &[("stroke", "black")]);
        let out = d.finish();
        assert!(
            out.contains(r#"<text x="5" y="8.5" font-size="10" text-anchor="middle">A</text>"#),
            "{out}"
        );
        // The frame and the one edge between the two regions.
        assert_eq!(out.matches("<line").count(), 1, "{out}");
        assert!(
            out.contains(r#"<line x1="10" y1="0" x2="10" y2="10"/>"#),
            "{out}"
        );
        well_formed(&out).unwrap();
        assert_eq!(palette(0), palette(PALETTE.len()));
    }

    #[test]
    fn a_pattern_is_a_tile_in_defs() {
        let mut d = Document::new(20.0, 20.0);
        d.pattern("tile", 10.0, 10.0, |d| {
            d.rect(0.0, 0.0, 5.0, 5.0, &[("fill", "#000")]);
        });
        d.rect(0.0, 0.0, 20.0, 20.0, &[("fill", "url(#tile)")]);
        let out = d.finish();
        well_formed(&out).unwrap();
        assert!(out.contains(
            "  <defs>\n    <pattern id=\"tile\" width=\"10\" height=\"10\" \
             patternUnits=\"userSpaceOnUse\">\n      <rect x=\"0\" y=\"0\" width=\"5\" \
             height=\"5\" fill=\"#000\"/>\n    </pattern>\n  </defs>\n"
        ));
    }

    #[test]
    fn numbers() {
        assert_eq!(num(3.0), "3");
        assert_eq!(num(-0.0), "0");
        assert_eq!(num(0.1 + 0.2), "0.30000000000000004");
        assert_eq!(num(f64::NAN), "0");
    }

    #[test]
    fn the_checker_rejects_broken_documents() {
        for bad in [
            "",
            "text",
            "<a>",
            "<a></b>",
            "</a>",
            "<a/><b/>",
            "<a x=1/>",
            "<a x=\"1\" x=\"2\"/>",
            "<a x=\"<\"/>",
            "<a>&nbsp;</a>",
            "<a>&</a>",
            "<a>x > y</a>",
            "<a><b></a></b>",
            "<1a/>",
            "<a x=\"1\"y=\"2\"/>",
            "<a/>tail",
        ] {
            assert!(well_formed(bad).is_err(), "accepted {bad:?}");
        }
        for good in [
            "<a/>",
            "<?xml version=\"1.0\"?>\n<a b='1'>t &amp; &#65; &#x41;<c/></a>\n",
        ] {
            well_formed(good).unwrap();
        }
    }
}
