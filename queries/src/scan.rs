//! A light SQL scanner: the identifiers a query names (to make the class views it uses) and
//! positions in its text. It skips string literals, quoted-identifier escapes and comments;
//! it does not parse.

/// Every identifier in `sql`, bare or quoted (`"x"`, `` `x` ``, `[x]`), in order, unquoted.
pub fn identifiers(sql: &str) -> Vec<String> {
    let b = sql.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\'' => i = skip_quoted(b, i, b'\'').0,
            b'"' | b'`' => {
                let (end, text) = skip_quoted(b, i, c);
                out.push(text);
                i = end;
            }
            b'[' => {
                let end = b[i + 1..].iter().position(|&x| x == b']').map_or(b.len(), |p| i + 1 + p);
                out.push(sql[i + 1..end].to_owned());
                i = (end + 1).min(b.len());
            }
            b'-' if b.get(i + 1) == Some(&b'-') => {
                i = b[i..].iter().position(|&x| x == b'\n').map_or(b.len(), |p| i + p);
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = sql[i + 2..].find("*/").map_or(b.len(), |p| i + 2 + p + 2);
            }
            _ if c == b'_' || c.is_ascii_alphabetic() || c >= 0x80 => {
                let start = i;
                while i < b.len() && (b[i] == b'_' || b[i] == b'$' || b[i].is_ascii_alphanumeric() || b[i] >= 0x80) {
                    i += 1;
                }
                out.push(sql[start..i].to_owned());
            }
            _ if c.is_ascii_digit() => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'.') {
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    out
}

/// Byte ranges of the tokens of `sql` that matter to splitting and substitution: quoted
/// strings, quoted identifiers and comments are skipped whole.
fn skip_opaque(b: &[u8], i: usize) -> Option<usize> {
    match b[i] {
        b'\'' | b'"' | b'`' => Some(skip_quoted(b, i, b[i]).0),
        b'-' if b.get(i + 1) == Some(&b'-') => Some(b[i..].iter().position(|&x| x == b'\n').map_or(b.len(), |p| i + p)),
        b'/' if b.get(i + 1) == Some(&b'*') => {
            Some(b[i + 2..].windows(2).position(|w| w == b"*/").map_or(b.len(), |p| i + 2 + p + 2))
        }
        _ => None,
    }
}

/// The statements of `sql`, split at `;` outside strings and comments, each with its byte
/// offset; empty statements dropped.
pub fn split_statements(sql: &str) -> Vec<(usize, &str)> {
    let b = sql.as_bytes();
    let mut out = Vec::new();
    let (mut start, mut i) = (0, 0);
    while i < b.len() {
        if let Some(end) = skip_opaque(b, i) {
            i = end;
            continue;
        }
        if b[i] == b';' {
            out.push((start, &sql[start..i]));
            start = i + 1;
        }
        i += 1;
    }
    out.push((start, &sql[start..]));
    out.retain(|(_, s)| {
        let mut rest = s.trim();
        // A statement of comments only is empty.
        while !rest.is_empty() {
            match skip_opaque(rest.as_bytes(), 0) {
                Some(end) if rest.starts_with("--") || rest.starts_with("/*") => rest = rest[end..].trim_start(),
                _ => return true,
            }
        }
        false
    });
    out
}

/// Whether a statement's result columns come (at least in part) from a `*`: `select *`,
/// `select t.*, x` — the columns a fitted table may hide, as opposed to those the query names.
/// A `*` right after `select`, `distinct`, `all`, `,` or `.` and before `,`, `from` or the end,
/// outside parentheses, strings and comments, is one; a product (`a * b`) is not.
pub fn selects_star(sql: &str) -> bool {
    let b = sql.as_bytes();
    let mut depth = 0usize;
    let mut previous = String::new();
    let mut i = 0;
    while i < b.len() {
        if let Some(end) = skip_opaque(b, i) {
            i = end;
            continue;
        }
        let c = b[i];
        match c {
            b'(' => depth += 1,
            b')' => depth = depth.saturating_sub(1),
            b'*' if depth == 0 => {
                let before = matches!(previous.as_str(), "select" | "distinct" | "all" | "," | ".");
                let rest = sql[i + 1..].trim_start();
                let after = rest.is_empty()
                    || rest.starts_with(',')
                    || rest.get(..4).is_some_and(|w| w.eq_ignore_ascii_case("from")) && !rest[4..].starts_with(is_word);
                if before && after {
                    return true;
                }
            }
            _ => {}
        }
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if is_word(c as char) {
            let start = i;
            while i < b.len() && is_word(b[i] as char) {
                i += 1;
            }
            previous = sql[start..i].to_ascii_lowercase();
            continue;
        }
        previous = (c as char).to_string();
        i += 1;
    }
    false
}

fn is_word(c: char) -> bool {
    c == '_' || c == '$' || c.is_ascii_alphanumeric() || !c.is_ascii()
}

/// `sql` with each named parameter (`:name`, `$name`, `@name`) replaced by its value as a SQL
/// literal, for engines without named parameters. Unknown names are an error.
pub fn substitute_params(sql: &str, params: &[crate::Param]) -> Result<String, crate::QueryError> {
    let b = sql.as_bytes();
    let mut out = String::with_capacity(sql.len());
    let mut i = 0;
    let mut copied = 0;
    while i < b.len() {
        if let Some(end) = skip_opaque(b, i) {
            i = end;
            continue;
        }
        let starts_param = matches!(b[i], b':' | b'$' | b'@')
            && b.get(i + 1).is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b':'));
        if !starts_param {
            i += 1;
            continue;
        }
        let mut end = i + 1;
        while end < b.len() && (b[end].is_ascii_alphanumeric() || b[end] == b'_') {
            end += 1;
        }
        let name = &sql[i + 1..end];
        let Some(p) = params.iter().find(|p| p.name == name) else {
            return Err(crate::QueryError {
                message: format!("parameter `{}` has no value; give it with --param {name}=VALUE", &sql[i..end]),
                position: Some(line_col(sql, i)),
                hint: None,
                kind: crate::QueryErrorKind::Query,
            });
        };
        out.push_str(&sql[copied..i]);
        match &p.value {
            crate::Cell::Int(v) => out.push_str(&v.to_string()),
            crate::Cell::Real(v) => out.push_str(&v.to_string()),
            crate::Cell::Null => out.push_str("NULL"),
            other => out.push_str(&crate::views::quote_str(&other.to_string())),
        }
        copied = end;
        i = end;
    }
    out.push_str(&sql[copied..]);
    Ok(out)
}

/// Skips a quoted token starting at `start`; returns the index after it and its text with
/// doubled quotes undone.
fn skip_quoted(b: &[u8], start: usize, q: u8) -> (usize, String) {
    let mut text = Vec::new();
    let mut i = start + 1;
    while i < b.len() {
        if b[i] == q {
            if b.get(i + 1) == Some(&q) {
                text.push(q);
                i += 2;
                continue;
            }
            return (i + 1, String::from_utf8_lossy(&text).into_owned());
        }
        text.push(b[i]);
        i += 1;
    }
    (b.len(), String::from_utf8_lossy(&text).into_owned())
}

/// 1-based line and column (in characters) of byte `offset` in `text`.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before[before.rfind('\n').map_or(0, |p| p + 1)..].chars().count() + 1;
    (line, col)
}

/// The byte offset of the first whole-word, case-insensitive occurrence of `word` in `sql`
/// outside string literals, to place an error about it.
pub fn find_word(sql: &str, word: &str) -> Option<usize> {
    let lower = sql.to_lowercase();
    let w = word.to_lowercase();
    if lower.len() != sql.len() {
        return None;
    }
    let b = lower.as_bytes();
    let is_word = |c: u8| c == b'_' || c.is_ascii_alphanumeric();
    let mut from = 0;
    while let Some(p) = lower[from..].find(&w) {
        let at = from + p;
        let before_ok = at == 0 || !is_word(b[at - 1]);
        let end = at + w.len();
        let after_ok = end >= b.len() || !is_word(b[end]);
        let in_string = lower[..at].matches('\'').count() % 2 == 1;
        if before_ok && after_ok && !in_string {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_skip_strings_and_comments() {
        let ids = identifiers("select \"a\"\"b\", c1 from [My Class] -- x y\n where d = 'e f' /* g */ and `h`>2.5e3");
        assert_eq!(ids, vec!["select", "a\"b", "c1", "from", "My Class", "where", "d", "and", "h"]);
    }

    #[test]
    fn statements_split_outside_strings() {
        let parts: Vec<&str> =
            split_statements("select ';'; -- a;b\n select 2 ; /* x */ ;").into_iter().map(|p| p.1).collect();
        assert_eq!(parts, vec!["select ';'", " -- a;b\n select 2 "]);
    }

    #[test]
    fn params_are_substituted_as_literals() {
        let params = [crate::Param::parse("r=it's").unwrap(), crate::Param::parse("n=3").unwrap()];
        assert_eq!(
            substitute_params("select ':r', x::int from t where a = :r and b = $n", &params).unwrap(),
            "select ':r', x::int from t where a = 'it''s' and b = 3"
        );
        let e = substitute_params("select\n :zz", &params).unwrap_err();
        assert_eq!(e.position, Some((2, 2)));
    }

    #[test]
    fn star_is_told_from_a_product() {
        assert!(selects_star("select * from Instruction"));
        assert!(selects_star("SELECT DISTINCT r.*, 1 FROM records r"));
        assert!(selects_star("select name, * from t"));
        assert!(!selects_star("select a * b from t"));
        assert!(!selects_star("select count(*) from t"));
        assert!(!selects_star("select name from (select * from t)"));
        assert!(!selects_star("select '*' from t -- select *"));
    }

    #[test]
    fn positions() {
        assert_eq!(line_col("ab\ncd", 4), (2, 2));
        assert_eq!(find_word("select iscal, 'iscal' from t where iscal", "ISCAL"), Some(7));
        assert_eq!(find_word("select iscall", "iscal"), None);
    }
}
