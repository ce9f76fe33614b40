//! The FlatZinc reader: a tokenizer and a recursive-descent parser into [`FznFile`]. Errors
//! name the file, the line and column, and what was expected.

use crate::ast::{Annotation, ConstraintItem, Decl, Expr, FznFile, Goal, Type};
use crate::error::FznError;

/// The widest range `lo..hi` read.
pub const MAX_RANGE: i64 = 1_000_000;

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Int(i64),
    Str(String),
    Punct(&'static str),
    Eof,
}

#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    line: usize,
    col: usize,
}

const PUNCTS: [&str; 12] = ["..", "::", ":", ";", ",", "[", "]", "{", "}", "(", ")", "="];

fn tokenize(text: &str, file: &str) -> Result<Vec<Token>, FznError> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let (mut i, mut line, mut col) = (0usize, 1usize, 1usize);
    let err = |line, col, msg: String| FznError::syntax(file, line, col, msg);
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            i += 1;
            line += 1;
            col = 1;
            continue;
        }
        if c.is_whitespace() {
            i += 1;
            col += 1;
            continue;
        }
        if c == '%' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        let (l0, c0) = (line, col);
        if c.is_ascii_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let s: String = chars[start..i].iter().collect();
            col += i - start;
            out.push(Token {
                tok: Tok::Ident(s),
                line: l0,
                col: c0,
            });
            continue;
        }
        if c.is_ascii_digit() || (c == '-' && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()))
        {
            let start = i;
            i += 1;
            while i < chars.len() && chars[i].is_ascii_alphanumeric() {
                i += 1;
            }
            // A float (`1.5`, `2e3`) is not supported; `1..3` is a range.
            if i + 1 < chars.len() && chars[i] == '.' && chars[i + 1] != '.' {
                return Err(err(l0, c0, "floats are not supported".into()));
            }
            let s: String = chars[start..i].iter().collect();
            col += i - start;
            let v = if let Some(h) = s.strip_prefix("0x") {
                i64::from_str_radix(h, 16).ok()
            } else {
                s.parse::<i64>().ok()
            };
            let v = v.ok_or_else(|| err(l0, c0, format!("expected an integer, got {s:?}")))?;
            out.push(Token {
                tok: Tok::Int(v),
                line: l0,
                col: c0,
            });
            continue;
        }
        if c == '"' {
            let start = i + 1;
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                if chars.get(i) == Some(&'\n') {
                    return Err(err(l0, c0, "unterminated string".into()));
                }
                i += 1;
            }
            if i >= chars.len() {
                return Err(err(l0, c0, "unterminated string".into()));
            }
            let s: String = chars[start..i].iter().collect();
            i += 1;
            col += i - start + 1;
            out.push(Token {
                tok: Tok::Str(s),
                line: l0,
                col: c0,
            });
            continue;
        }
        let rest: String = chars[i..(i + 2).min(chars.len())].iter().collect();
        let p = PUNCTS
            .iter()
            .find(|p| rest.starts_with(**p))
            .ok_or_else(|| err(l0, c0, format!("unexpected character {c:?}")))?;
        i += p.len();
        col += p.len();
        out.push(Token {
            tok: Tok::Punct(p),
            line: l0,
            col: c0,
        });
    }
    out.push(Token {
        tok: Tok::Eof,
        line,
        col,
    });
    Ok(out)
}

struct Parser<'a> {
    toks: Vec<Token>,
    pos: usize,
    file: &'a str,
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Ident(s) => format!("{s:?}"),
        Tok::Int(v) => format!("{v}"),
        Tok::Str(s) => format!("string {s:?}"),
        Tok::Punct(p) => format!("{p:?}"),
        Tok::Eof => "the end of the file".into(),
    }
}

impl Parser<'_> {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos].tok
    }

    fn line(&self) -> usize {
        self.toks[self.pos].line
    }

    fn next(&mut self) -> Tok {
        let t = self.toks[self.pos].tok.clone();
        if t != Tok::Eof {
            self.pos += 1;
        }
        t
    }

    fn error(&self, expected: &str) -> FznError {
        let t = &self.toks[self.pos];
        FznError::syntax(
            self.file,
            t.line,
            t.col,
            format!("expected {expected}, got {}", describe(&t.tok)),
        )
    }

    fn is(&self, p: &str) -> bool {
        matches!(self.peek(), Tok::Punct(q) if *q == p)
    }

    fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Tok::Ident(s) if s == w)
    }

    fn eat(&mut self, p: &str) -> Result<(), FznError> {
        if self.is(p) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(&format!("{p:?}")))
        }
    }

    fn word(&mut self, w: &str) -> Result<(), FznError> {
        if self.is_word(w) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(&format!("{w:?}")))
        }
    }

    fn ident(&mut self) -> Result<String, FznError> {
        match self.peek().clone() {
            Tok::Ident(s) => {
                self.pos += 1;
                Ok(s)
            }
            _ => Err(self.error("a name")),
        }
    }

    fn int(&mut self) -> Result<i64, FznError> {
        match self.peek().clone() {
            Tok::Int(v) => {
                self.pos += 1;
                Ok(v)
            }
            _ => Err(self.error("an integer")),
        }
    }

    fn file(&mut self) -> Result<FznFile, FznError> {
        let mut decls = Vec::new();
        let mut constraints = Vec::new();
        loop {
            let line = self.line();
            if self.is_word("predicate") {
                // A predicate declaration: skip to its `;`.
                while !self.is(";") && *self.peek() != Tok::Eof {
                    self.next();
                }
                self.eat(";")?;
            } else if self.is_word("constraint") {
                self.next();
                let name = self.ident()?;
                self.eat("(")?;
                let args = self.list(")")?;
                let annotations = self.annotations()?;
                self.eat(";")?;
                constraints.push(ConstraintItem {
                    name,
                    args,
                    annotations,
                    line,
                });
            } else if self.is_word("solve") {
                self.next();
                self.annotations()?;
                let goal = if self.is_word("satisfy") {
                    self.next();
                    Goal::Satisfy
                } else if self.is_word("minimize") {
                    self.next();
                    Goal::Minimize(self.expr()?)
                } else if self.is_word("maximize") {
                    self.next();
                    Goal::Maximize(self.expr()?)
                } else {
                    return Err(self.error("satisfy, minimize or maximize"));
                };
                self.eat(";")?;
                if *self.peek() != Tok::Eof {
                    return Err(self.error("the end of the file after the solve item"));
                }
                return Ok(FznFile {
                    decls,
                    constraints,
                    goal,
                    goal_line: line,
                });
            } else if *self.peek() == Tok::Eof {
                return Err(self.error("a solve item"));
            } else {
                decls.push(self.decl()?);
            }
        }
    }

    fn decl(&mut self) -> Result<Decl, FznError> {
        let line = self.line();
        let mut array = None;
        if self.is_word("array") {
            self.next();
            self.eat("[")?;
            let lo = self.int()?;
            self.eat("..")?;
            let hi = self.int()?;
            self.eat("]")?;
            self.word("of")?;
            if lo != 1 || hi < 0 {
                return Err(FznError::syntax(
                    self.file,
                    line,
                    1,
                    format!("expected an array index set 1..n, got {lo}..{hi}"),
                ));
            }
            array = Some(hi as usize);
        }
        let var = self.is_word("var");
        if var {
            self.next();
        }
        let ty = self.ty()?;
        self.eat(":")?;
        let name = self.ident()?;
        let annotations = self.annotations()?;
        let value = if self.is("=") {
            self.next();
            Some(self.expr()?)
        } else {
            None
        };
        self.eat(";")?;
        Ok(Decl {
            name,
            ty,
            var,
            array,
            annotations,
            value,
            line,
        })
    }

    fn ty(&mut self) -> Result<Type, FznError> {
        match self.peek().clone() {
            Tok::Ident(w) if w == "bool" => {
                self.next();
                Ok(Type::Bool)
            }
            Tok::Ident(w) if w == "int" => {
                self.next();
                Ok(Type::Int(None))
            }
            Tok::Ident(w) if w == "float" => {
                Err(self.error("bool or int (floats are not supported)"))
            }
            Tok::Ident(w) if w == "set" => {
                self.next();
                self.word("of")?;
                if self.is_word("int") {
                    self.next();
                    Ok(Type::SetOfInt)
                } else if let Tok::Int(_) | Tok::Punct("{") = self.peek() {
                    Err(self.error("set of int (set variables are not supported)"))
                } else {
                    Err(self.error("int"))
                }
            }
            Tok::Int(_) | Tok::Punct("{") => match self.expr()? {
                Expr::Set(s) => Ok(Type::Int(Some(s))),
                _ => Err(self.error("a domain")),
            },
            _ => Err(self.error("a type (bool, int, a range or a set)")),
        }
    }

    fn annotations(&mut self) -> Result<Vec<Annotation>, FznError> {
        let mut out = Vec::new();
        while self.is("::") {
            self.next();
            let name = self.ident()?;
            let args = if self.is("(") {
                self.next();
                self.list(")")?
            } else {
                Vec::new()
            };
            out.push(Annotation { name, args });
        }
        Ok(out)
    }

    fn list(&mut self, close: &str) -> Result<Vec<Expr>, FznError> {
        let mut items = Vec::new();
        while !self.is(close) {
            items.push(self.expr()?);
            if self.is(",") {
                self.next();
            } else if !self.is(close) {
                return Err(self.error(&format!("\",\" or {close:?}")));
            }
        }
        self.eat(close)?;
        Ok(items)
    }

    fn expr(&mut self) -> Result<Expr, FznError> {
        match self.next() {
            Tok::Int(lo) => {
                if self.is("..") {
                    self.next();
                    let hi = self.int()?;
                    if hi.saturating_sub(lo) >= MAX_RANGE {
                        self.pos -= 1;
                        return Err(self.error(&format!(
                            "a range of at most {MAX_RANGE} values (backref handles small finite domains)"
                        )));
                    }
                    Ok(Expr::Set((lo..=hi).collect()))
                } else {
                    Ok(Expr::Int(lo))
                }
            }
            Tok::Str(s) => Ok(Expr::Str(s)),
            Tok::Ident(w) if w == "true" => Ok(Expr::Bool(true)),
            Tok::Ident(w) if w == "false" => Ok(Expr::Bool(false)),
            Tok::Ident(w) => {
                if self.is("[") {
                    self.next();
                    let i = self.int()?;
                    self.eat("]")?;
                    Ok(Expr::Index(w, i))
                } else if self.is("(") {
                    self.next();
                    Ok(Expr::Call(w, self.list(")")?))
                } else {
                    Ok(Expr::Ident(w))
                }
            }
            Tok::Punct("[") => Ok(Expr::Array(self.list("]")?)),
            Tok::Punct("{") => {
                let items = self.list("}")?;
                let mut set = Vec::with_capacity(items.len());
                for e in items {
                    match e {
                        Expr::Int(v) => set.push(v),
                        _ => return Err(self.error("integers in a set")),
                    }
                }
                set.sort_unstable();
                set.dedup();
                Ok(Expr::Set(set))
            }
            _ => {
                self.pos -= 1;
                Err(self.error("an expression"))
            }
        }
    }
}

/// Reads a FlatZinc file's text; `file` names it in errors.
pub fn parse(text: &str, file: &str) -> Result<FznFile, FznError> {
    let toks = tokenize(text, file)?;
    Parser { toks, pos: 0, file }.file()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_items() {
        let f = parse(
            "array [1..2] of int: a = [1, -2];\nvar 1..3: x :: output_var;\nvar {1,5}: y;\n\
             array [1..2] of var int: v :: output_array([1..2]) = [x, y];\n\
             constraint int_lin_le(a, v, 3) :: domain;\nsolve :: int_search(v, input_order, indomain_min, complete) minimize x;\n",
            "t.fzn",
        )
        .unwrap();
        assert_eq!(f.decls.len(), 4);
        assert_eq!(f.decls[1].ty, Type::Int(Some(vec![1, 2, 3])));
        assert_eq!(f.decls[2].ty, Type::Int(Some(vec![1, 5])));
        assert_eq!(f.constraints[0].line, 5);
        assert_eq!(f.goal, Goal::Minimize(Expr::Ident("x".into())));
    }

    #[test]
    fn errors_name_the_place() {
        let e = parse("var 1..3: x\nsolve satisfy;", "m.fzn").unwrap_err();
        assert_eq!(e.to_string(), "m.fzn:2:1: expected \";\", got \"solve\"");
        let e = parse("var float: x;\nsolve satisfy;", "m.fzn").unwrap_err();
        assert!(
            e.to_string().starts_with("m.fzn:1:5: expected bool or int"),
            "{e}"
        );
    }
}
