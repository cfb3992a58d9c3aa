//! A lint's doc as data: its examples are the lint's tests, and `--explain` prints the doc.
//!
//! Examples are fenced blocks tagged ```` ```tablegen fires ```` (must produce a finding of the
//! lint on every line marked `// <- fires`, and on no other line) or ```` ```tablegen passes ````
//! (must produce none).

/// What an example is expected to do.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Expect {
    Fires,
    Passes,
}

/// One example of a lint's doc.
#[derive(Clone, Debug)]
pub struct Example {
    pub expect: Expect,
    pub source: String,
    /// 1-based lines marked `// <- fires`.
    pub marked_lines: Vec<u32>,
}

/// The marker that says "a finding is reported at this line" in a firing example.
pub const FIRES_MARKER: &str = "// <- fires";

/// The examples of a doc, in order.
pub fn examples(doc: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut current: Option<(Expect, String)> = None;
    for line in doc.lines() {
        let trimmed = line.trim();
        match current.as_mut() {
            None => {
                let expect = match trimmed.strip_prefix("```tablegen").map(str::trim) {
                    Some("fires") => Expect::Fires,
                    Some("passes") => Expect::Passes,
                    _ => continue,
                };
                current = Some((expect, String::new()));
            }
            Some((expect, source)) => {
                if trimmed == "```" {
                    let marked_lines = source
                        .lines()
                        .enumerate()
                        .filter(|(_, l)| l.contains(FIRES_MARKER))
                        .map(|(i, _)| i as u32 + 1)
                        .collect();
                    out.push(Example { expect: *expect, source: std::mem::take(source), marked_lines });
                    current = None;
                } else {
                    source.push_str(line.strip_prefix(' ').unwrap_or(line));
                    source.push('\n');
                }
            }
        }
    }
    out
}

/// The doc as `--explain` prints it: one leading space (from `/// `) removed per line.
pub fn render(doc: &str) -> String {
    let mut out = String::new();
    for line in doc.lines() {
        out.push_str(line.strip_prefix(' ').unwrap_or(line));
        out.push('\n');
    }
    out
}
