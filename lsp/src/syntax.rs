//! What the server reads from a file's text alone: its tokens (identifiers, `!operators`,
//! strings, code, punctuation; comments and preprocessor lines skipped) and its declarations
//! (classes, multiclasses, defs, defms, defsets, defvars, template arguments, `foreach`
//! variables) with the stretch of text each governs. This answers for the text being typed,
//! whether or not it parses; what a name *evaluates to* comes from the records.

/// A token's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Ident,
    /// `!name`.
    Bang,
    /// `"..."`.
    Str,
    /// `[{ ... }]`.
    Code,
    Number,
    /// `$name`.
    VarName,
    Punct(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: Kind,
    pub start: u32,
    pub end: u32,
}

impl Token {
    pub fn text<'t>(&self, text: &'t [u8]) -> &'t [u8] {
        &text[self.start as usize..self.end as usize]
    }
}

fn is_id(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The tokens of `text`. Never fails: a stray byte is punctuation, an unclosed string or
/// comment ends at the end of its line or of the text.
pub fn tokenize(text: &[u8]) -> Vec<Token> {
    let mut out = Vec::new();
    let mut i = 0;
    let n = text.len();
    let mut line_start = true;
    while i < n {
        let b = text[i];
        let start = i;
        if b == b'\n' {
            line_start = true;
            i += 1;
            continue;
        }
        if b.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if b == b'#' && line_start {
            // A preprocessor line.
            while i < n && text[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        line_start = false;
        let kind = if b == b'/' && text.get(i + 1) == Some(&b'/') {
            while i < n && text[i] != b'\n' {
                i += 1;
            }
            continue;
        } else if b == b'/' && text.get(i + 1) == Some(&b'*') {
            // Nested, as TableGen's lexer allows.
            let mut depth = 0;
            while i < n {
                if text[i] == b'/' && text.get(i + 1) == Some(&b'*') {
                    depth += 1;
                    i += 2;
                } else if text[i] == b'*' && text.get(i + 1) == Some(&b'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            continue;
        } else if b == b'"' {
            i += 1;
            while i < n && text[i] != b'"' && text[i] != b'\n' {
                i += if text[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(n);
            Kind::Str
        } else if b == b'[' && text.get(i + 1) == Some(&b'{') {
            i += 2;
            while i < n && !(text[i] == b'}' && text.get(i + 1) == Some(&b']')) {
                i += 1;
            }
            i = (i + 2).min(n);
            Kind::Code
        } else if b == b'!' && text.get(i + 1).is_some_and(|c| c.is_ascii_alphabetic()) {
            i += 1;
            while i < n && is_id(text[i]) {
                i += 1;
            }
            Kind::Bang
        } else if b == b'$' {
            i += 1;
            while i < n && is_id(text[i]) {
                i += 1;
            }
            Kind::VarName
        } else if b.is_ascii_digit() && matches!(text.get(i + 1), Some(b'x' | b'b')) && b == b'0' {
            i += 2;
            while i < n && text[i].is_ascii_hexdigit() {
                i += 1;
            }
            Kind::Number
        } else if is_id(b) {
            while i < n && is_id(text[i]) {
                i += 1;
            }
            if text[start..i].iter().all(u8::is_ascii_digit) {
                Kind::Number
            } else {
                Kind::Ident
            }
        } else {
            i += 1;
            Kind::Punct(b)
        };
        out.push(Token { kind, start: start as u32, end: i as u32 });
    }
    out
}

/// What a declaration declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeclKind {
    Class,
    Multiclass,
    Def,
    Defm,
    Defset,
    Defvar,
    TemplateArg,
    Foreach,
}

impl DeclKind {
    pub fn keyword(self) -> &'static str {
        match self {
            DeclKind::Class => "class",
            DeclKind::Multiclass => "multiclass",
            DeclKind::Def => "def",
            DeclKind::Defm => "defm",
            DeclKind::Defset => "defset",
            DeclKind::Defvar => "defvar",
            DeclKind::TemplateArg => "template argument",
            DeclKind::Foreach => "foreach variable",
        }
    }

    /// Whether its name is seen only inside [`Decl::scope`].
    pub fn is_local(self) -> bool {
        matches!(self, DeclKind::TemplateArg | DeclKind::Foreach)
    }
}

/// One declaration in a file.
#[derive(Clone, Debug)]
pub struct Decl {
    pub name: String,
    pub kind: DeclKind,
    /// The name, `[start, end)`.
    pub name_at: (u32, u32),
    /// The whole statement (for a class, its header and body).
    pub full: (u32, u32),
    /// Where the name can be used: for template arguments and `foreach` variables their
    /// statement, for a `defvar` in a body the rest of that body; `None`: everywhere after.
    pub scope: Option<(u32, u32)>,
}

/// A file's tokens and declarations.
pub struct Syntax {
    pub tokens: Vec<Token>,
    pub decls: Vec<Decl>,
    /// `{`/`}` pairs and multi-line code and comments, for folding: byte ranges.
    pub blocks: Vec<(u32, u32)>,
}

impl Syntax {
    pub fn new(text: &[u8]) -> Syntax {
        let tokens = tokenize(text);
        let pairs = match_braces(&tokens);
        let mut decls = Vec::new();
        let mut blocks: Vec<(u32, u32)> = pairs.iter().map(|&(a, b)| (tokens[a].start, tokens[b].end)).collect();
        blocks.extend(tokens.iter().filter(|t| t.kind == Kind::Code).map(|t| (t.start, t.end)));
        let ident = |i: usize| tokens.get(i).filter(|t| t.kind == Kind::Ident);
        let punct = |i: usize, c: u8| tokens.get(i).is_some_and(|t| t.kind == Kind::Punct(c));
        let name_of = |t: &Token| String::from_utf8_lossy(t.text(text)).into_owned();
        for i in 0..tokens.len() {
            let t = &tokens[i];
            if t.kind != Kind::Ident {
                continue;
            }
            let kind = match t.text(text) {
                b"class" => DeclKind::Class,
                b"multiclass" => DeclKind::Multiclass,
                b"def" => DeclKind::Def,
                b"defm" => DeclKind::Defm,
                b"defset" => DeclKind::Defset,
                b"defvar" => DeclKind::Defvar,
                b"foreach" => DeclKind::Foreach,
                _ => continue,
            };
            // `!foreach` is a Bang token, so this is the statement.
            let name_tok = match kind {
                DeclKind::Defset => {
                    // defset TYPE NAME = { ... }
                    let eq = (i + 1..tokens.len().min(i + 12)).find(|&j| punct(j, b'='));
                    eq.and_then(|j| ident(j - 1).map(|n| (j - 1, n)))
                }
                _ => ident(i + 1).map(|n| (i + 1, n)),
            };
            let Some((ni, n)) = name_tok else { continue };
            // `def NAME#suffix` and `def NAME.field` name nothing this index can follow.
            if matches!(kind, DeclKind::Def | DeclKind::Defm) && (punct(ni + 1, b'#') || punct(ni + 1, b'.')) {
                continue;
            }
            let end_tok = statement_end(&tokens, &pairs, ni + 1);
            let full = (t.start, tokens.get(end_tok).map_or(text.len() as u32, |e| e.end));
            let scope = match kind {
                // Inside a body: to the end of that body.
                DeclKind::Defvar => enclosing(&pairs, i).map(|(_, close)| (t.start, tokens[close].end)),
                DeclKind::Foreach => Some(full),
                _ => None,
            };
            decls.push(Decl { name: name_of(n), kind, name_at: (n.start, n.end), full, scope });
            if matches!(kind, DeclKind::Class | DeclKind::Multiclass) && punct(ni + 1, b'<') {
                template_args(&tokens, text, ni + 1, full, &mut decls);
            }
        }
        Syntax { tokens, decls, blocks }
    }

    /// The token at `offset`, else the one that ends there (the cursor just after a word).
    pub fn token_at(&self, offset: u32) -> Option<usize> {
        let i = self.tokens.partition_point(|t| t.end <= offset);
        if self.tokens.get(i).is_some_and(|t| t.start <= offset) {
            return Some(i);
        }
        let before = i.checked_sub(1)?;
        (self.tokens[before].end == offset).then_some(before)
    }

    /// The declarations named `name` that are seen at `offset`, innermost first.
    pub fn visible(&self, name: &str, offset: u32) -> Vec<&Decl> {
        let mut found: Vec<&Decl> = self
            .decls
            .iter()
            .filter(|d| d.name == name && d.scope.is_none_or(|(a, b)| a <= offset && offset <= b))
            .filter(|d| d.kind.is_local() || d.scope.is_some() || d.kind != DeclKind::Defvar || d.name_at.0 <= offset)
            .collect();
        found.sort_by_key(|d| d.scope.map_or(u32::MAX, |(a, b)| b - a));
        found
    }
}

/// Pairs of `{`/`}` token indexes.
fn match_braces(tokens: &[Token]) -> Vec<(usize, usize)> {
    let mut stack = Vec::new();
    let mut pairs = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        match t.kind {
            Kind::Punct(b'{') => stack.push(i),
            Kind::Punct(b'}') => {
                if let Some(open) = stack.pop() {
                    pairs.push((open, i));
                }
            }
            _ => {}
        }
    }
    pairs.sort_unstable();
    pairs
}

/// The innermost brace pair around token `i`.
fn enclosing(pairs: &[(usize, usize)], i: usize) -> Option<(usize, usize)> {
    pairs.iter().filter(|&&(a, b)| a < i && i < b).min_by_key(|&&(a, b)| b - a).copied()
}

/// The last token of the statement whose header starts at token `from`: the `}` closing its
/// body, or the `;` that ends it, whichever comes first outside brackets.
fn statement_end(tokens: &[Token], pairs: &[(usize, usize)], from: usize) -> usize {
    let mut depth = 0i32;
    for (j, t) in tokens.iter().enumerate().skip(from) {
        match t.kind {
            Kind::Punct(b'(' | b'[' | b'<') => depth += 1,
            Kind::Punct(b')' | b']' | b'>') => depth -= 1,
            Kind::Punct(b';') if depth <= 0 => return j,
            Kind::Punct(b'{') => {
                return pairs.binary_search_by_key(&j, |&(a, _)| a).map_or(tokens.len() - 1, |p| pairs[p].1);
            }
            Kind::Punct(b'}') => return j.saturating_sub(1),
            _ => {}
        }
    }
    tokens.len().saturating_sub(1)
}

/// The template arguments of a class or multiclass whose `<` is token `open`: at depth one, an
/// identifier followed by `=`, `,` or the closing `>`.
fn template_args(tokens: &[Token], text: &[u8], open: usize, full: (u32, u32), decls: &mut Vec<Decl>) {
    let mut depth = 0;
    for j in open..tokens.len() {
        match tokens[j].kind {
            Kind::Punct(b'<' | b'(' | b'[') => depth += 1,
            Kind::Punct(b'>' | b')' | b']') => {
                depth -= 1;
                if depth == 0 {
                    return;
                }
            }
            Kind::Punct(b'{' | b';') => return,
            Kind::Ident if depth == 1 => {
                let next = tokens.get(j + 1).map(|t| t.kind);
                let after_type = tokens
                    .get(j.wrapping_sub(1))
                    .is_some_and(|p| matches!(p.kind, Kind::Ident | Kind::Punct(b'>')) && j > open + 1);
                if after_type && matches!(next, Some(Kind::Punct(b'=' | b',' | b'>'))) {
                    let t = tokens[j];
                    decls.push(Decl {
                        name: String::from_utf8_lossy(t.text(text)).into_owned(),
                        kind: DeclKind::TemplateArg,
                        name_at: (t.start, t.end),
                        full,
                        scope: Some(full),
                    });
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_and_scopes() {
        let text = br#"// c
class A<int x, list<int> y = [1]> { int f = x; }
multiclass M<string s> { def _r : A<1>; }
defvar V = 3;
defset list<A> S = { def D : A<V>; }
foreach i = [1, 2] in def X#i : A<i>;
def "q" : A<2>; /* a /* nested */ comment */ def Z;
"#;
        let s = Syntax::new(text);
        let names: Vec<(String, DeclKind)> = s.decls.iter().map(|d| (d.name.clone(), d.kind)).collect();
        let want = [
            ("A", DeclKind::Class),
            ("x", DeclKind::TemplateArg),
            ("y", DeclKind::TemplateArg),
            ("M", DeclKind::Multiclass),
            ("s", DeclKind::TemplateArg),
            ("_r", DeclKind::Def),
            ("V", DeclKind::Defvar),
            ("S", DeclKind::Defset),
            ("D", DeclKind::Def),
            ("i", DeclKind::Foreach),
            ("Z", DeclKind::Def),
        ];
        assert_eq!(names, want.map(|(n, k)| (n.to_string(), k)));
        let x_use = text.windows(5).position(|w| w == b"f = x").unwrap() as u32 + 4;
        assert_eq!(s.visible("x", x_use)[0].kind, DeclKind::TemplateArg);
        let after = text.windows(5).position(|w| w == b"multi").unwrap() as u32;
        assert!(s.visible("x", after).is_empty());
        let class_a = &s.decls[0];
        assert_eq!(
            &text[class_a.full.0 as usize..class_a.full.1 as usize],
            &b"class A<int x, list<int> y = [1]> { int f = x; }"[..]
        );
    }
}
