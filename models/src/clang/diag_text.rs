//! The text of a clang diagnostic (`Summary`), parsed into pieces as clang-tblgen's
//! `DiagnosticTextBuilder` parses it: plain text, `%0`-style placeholders, `%select{a|b}0`,
//! `%enum_select<E>{%A{a}|b}0`, `%plural{1:a|:b}0`, `%diff{a $ b $ c|d}0,1`, `%s0` and
//! `%sub{Name}0,1` (a `TextSubstitution` spliced in with its modifiers renumbered). The three
//! printers clang-tblgen has read the same pieces: back to the definition's text (substitutions
//! expanded), the enumerations of `%enum_select`, and the reStructuredText tables of the
//! diagnostics reference.

use crate::records::{all_derived_definitions, derived_definitions, Fatal, Fields};
use std::borrow::Cow;
use std::collections::HashMap;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation, Release};

/// What a `%` introduces (clang-tblgen's `ModifierType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Modifier {
    Placeholder,
    Select,
    EnumSelect,
    Sub,
    Plural,
    Diff,
    Ordinal,
    Human,
    S,
    Q,
    ObjCClass,
    ObjCInstance,
    Quoted,
}

impl Modifier {
    /// The spelling after `%` (`getModifierName`).
    pub fn name(self) -> &'static str {
        match self {
            Modifier::Select | Modifier::EnumSelect => "select",
            Modifier::Sub => "sub",
            Modifier::Diff => "diff",
            Modifier::Plural => "plural",
            Modifier::Ordinal => "ordinal",
            Modifier::Human => "human",
            Modifier::S => "s",
            Modifier::Q => "q",
            Modifier::Placeholder => "",
            Modifier::ObjCClass => "objcclass",
            Modifier::ObjCInstance => "objcinstance",
            Modifier::Quoted => "quoted",
        }
    }
}

/// What each release's parser knows of the diagnostic text.
#[derive(Clone, Copy, Debug)]
pub struct TextRules {
    /// The modifiers a `%` may name, besides the empty one of a plain placeholder.
    pub modifiers: &'static [(&'static str, Modifier)],
    /// The characters that end a modifier's name: LLVM 22 added `<` for `%enum_select<E>`.
    pub modifier_end: &'static str,
    /// Whether `<` after a modifier other than `enum_select` is an error (LLVM 22 on).
    pub rejects_angle_after_modifier: bool,
    /// Whether "Failed to find substitution" is placed at the diagnostic (LLVM 19) or has no
    /// location (later releases call `llvm::PrintFatalError` there).
    pub unknown_substitution_at_record: bool,
}

const MODIFIERS_19: &[(&str, Modifier)] = &[
    ("select", Modifier::Select),
    ("sub", Modifier::Sub),
    ("diff", Modifier::Diff),
    ("plural", Modifier::Plural),
    ("s", Modifier::S),
    ("ordinal", Modifier::Ordinal),
    ("q", Modifier::Q),
    ("objcclass", Modifier::ObjCClass),
    ("objcinstance", Modifier::ObjCInstance),
];

const MODIFIERS_22: &[(&str, Modifier)] = &[
    ("select", Modifier::Select),
    ("enum_select", Modifier::EnumSelect),
    ("sub", Modifier::Sub),
    ("diff", Modifier::Diff),
    ("plural", Modifier::Plural),
    ("s", Modifier::S),
    ("ordinal", Modifier::Ordinal),
    ("human", Modifier::Human),
    ("q", Modifier::Q),
    ("objcclass", Modifier::ObjCClass),
    ("objcinstance", Modifier::ObjCInstance),
    ("quoted", Modifier::Quoted),
];

/// LLVM 22 added `%enum_select`, `%human` and `%quoted`, and placed a missing substitution's
/// error nowhere.
pub const TEXT_RULES: ByRelease<TextRules> = ByRelease {
    v19: TextRules {
        modifiers: MODIFIERS_19,
        modifier_end: "0123456789{",
        rejects_angle_after_modifier: false,
        unknown_substitution_at_record: true,
    },
    v22: TEXT_RULES_22,
    v23: TEXT_RULES_22,
};

const TEXT_RULES_22: TextRules = TextRules {
    modifiers: MODIFIERS_22,
    modifier_end: "0123456789<{",
    rejects_angle_after_modifier: true,
    unknown_substitution_at_record: false,
};

/// One piece of parsed diagnostic text (clang-tblgen's `Piece` hierarchy).
#[derive(Clone, Debug)]
pub enum Piece {
    /// A sequence of pieces; every parse returns one.
    Multi(Vec<Piece>),
    /// Literal text (`%%`, `%|` and `%$` kept as written) and the role the documentation
    /// prints it with (`diagtext`, a severity, or none).
    Text { text: String, role: String },
    /// `%0`, `%q0`, `%ordinal0`, ...
    Placeholder { kind: Modifier, index: i32 },
    /// `%select{...}0`, and `%s0` (a select of "" and "s").
    Select { kind: Modifier, options: Vec<Piece>, index: i32 },
    /// `%enum_select<Name>{%Opt{text}|text}0`: a select whose options may name enumerators.
    EnumSelect { enum_name: String, option_names: Vec<String>, options: Vec<Piece>, index: i32 },
    /// `%plural{1:a|:b}0`: each option's condition (`1:`) is kept as a text piece.
    Plural { prefixes: Vec<Piece>, options: Vec<Piece>, index: i32 },
    /// `%diff{a $ b $ c|d}0,1`.
    Diff { parts: Box<[Piece; 4]>, indexes: [i32; 2] },
    /// `%sub{Name}0,1`.
    Substitution { name: String, modifiers: Vec<i32> },
}

/// Where the parser stops besides the end of the text (`StopAt`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum StopAt {
    End,
    PipeOrCloseBrace,
    Dollar,
}

impl StopAt {
    fn set(self) -> &'static [u8] {
        match self {
            StopAt::End => b"%",
            StopAt::PipeOrCloseBrace => b"%|}",
            StopAt::Dollar => b"%|}$",
        }
    }
}

/// The byte at `i`, or NUL past the end (where clang-tblgen reads the string's terminator).
fn at(text: &str, i: usize) -> u8 {
    text.as_bytes().get(i).copied().unwrap_or(0)
}

/// `StringRef::find_first_of(set, from)`.
fn find_first_of(text: &str, set: &[u8], from: usize) -> Option<usize> {
    text.as_bytes().iter().enumerate().skip(from).find(|(_, b)| set.contains(b)).map(|(i, _)| i)
}

/// `StringRef::drop_front(n)`, which never goes past the end.
fn drop_front(text: &str, n: usize) -> &str {
    text.get(n.min(text.len())..).unwrap_or("")
}

/// The parser of one text; errors are clang-tblgen's messages, placed at the record being read.
struct Parser<'r> {
    rules: &'r TextRules,
    fail: &'r dyn Fn(String) -> Fatal,
}

impl Parser<'_> {
    fn modifier_index(&self, text: &mut &str) -> Result<i32, Fatal> {
        if !at(text, 0).is_ascii_digit() {
            return Err((self.fail)("expected modifier in diagnostic".to_string()));
        }
        let mut value: i32 = 0;
        while at(text, 0).is_ascii_digit() {
            value = value.wrapping_mul(10).wrapping_add(i32::from(at(text, 0) - b'0'));
            *text = drop_front(text, 1);
        }
        Ok(value)
    }

    fn expect(&self, text: &mut &str, prefix: &str, modifier: &str) -> Result<(), Fatal> {
        match text.strip_prefix(prefix) {
            Some(rest) => {
                *text = rest;
                Ok(())
            }
            None => Err((self.fail)(format!("expected '{prefix}' while parsing %{modifier}"))),
        }
    }

    fn parse(&self, text: &mut &str, stop: StopAt) -> Result<Piece, Fatal> {
        let mut parsed = Vec::new();
        while !text.is_empty() {
            // The first stop character that is not an escaped `%%`, `%|` or `%$`.
            let mut end = 0;
            let end = loop {
                match find_first_of(text, stop.set(), end) {
                    Some(e) if e + 1 < text.len() && at(text, e) == b'%' && b"%|$".contains(&at(text, e + 1)) => {
                        end = e + 2;
                    }
                    found => break found,
                }
            };
            if end != Some(0) {
                let end = end.unwrap_or(text.len());
                parsed.push(Piece::Text { text: text[..end].to_string(), role: "diagtext".to_string() });
                *text = &text[end..];
                if text.is_empty() {
                    break;
                }
            }
            if matches!(at(text, 0), b'|' | b'}' | b'$') {
                break;
            }
            *text = drop_front(text, 1);
            let modifier_length = find_first_of(text, self.rules.modifier_end.as_bytes(), 0).unwrap_or(text.len());
            let modifier_name = &text[..modifier_length];
            *text = &text[modifier_length..];
            let kind = if modifier_name.is_empty() {
                Some(Modifier::Placeholder)
            } else {
                self.rules.modifiers.iter().find(|(name, _)| *name == modifier_name).map(|&(_, kind)| kind)
            };
            if self.rules.rejects_angle_after_modifier && kind != Some(Modifier::EnumSelect) && at(text, 0) == b'<' {
                return Err((self.fail)(format!("modifier '<' syntax not valid with %{modifier_name}")));
            }
            let Some(kind) = kind else {
                return Err((self.fail)(format!("Unknown modifier type: {modifier_name}")));
            };
            let piece = match kind {
                Modifier::Select => {
                    let mut options = Vec::new();
                    loop {
                        *text = drop_front(text, 1);
                        options.push(self.parse(text, StopAt::PipeOrCloseBrace)?);
                        if at(text, 0) != b'|' {
                            break;
                        }
                    }
                    self.expect(text, "}", modifier_name)?;
                    Piece::Select { kind, options, index: self.modifier_index(text)? }
                }
                Modifier::EnumSelect => self.enum_select(text, modifier_name)?,
                Modifier::Plural => {
                    let (mut prefixes, mut options) = (Vec::new(), Vec::new());
                    loop {
                        *text = drop_front(text, 1);
                        let Some(colon) = find_first_of(text, b":", 0) else {
                            return Err((self.fail)("expected ':' while parsing %plural".to_string()));
                        };
                        prefixes.push(Piece::Text { text: text[..=colon].to_string(), role: "diagtext".to_string() });
                        *text = &text[colon + 1..];
                        options.push(self.parse(text, StopAt::PipeOrCloseBrace)?);
                        if at(text, 0) != b'|' {
                            break;
                        }
                    }
                    self.expect(text, "}", modifier_name)?;
                    Piece::Plural { prefixes, options, index: self.modifier_index(text)? }
                }
                Modifier::Sub => {
                    self.expect(text, "{", modifier_name)?;
                    let name_size = find_first_of(text, b"}", 0).unwrap_or(text.len());
                    let name = text[..name_size].to_string();
                    *text = &text[name_size..];
                    self.expect(text, "}", modifier_name)?;
                    let mut modifiers = Vec::new();
                    while at(text, 0).is_ascii_digit() {
                        modifiers.push(self.modifier_index(text)?);
                        match text.strip_prefix(',') {
                            Some(rest) => *text = rest,
                            None => break,
                        }
                    }
                    Piece::Substitution { name, modifiers }
                }
                Modifier::Diff => {
                    self.expect(text, "{", modifier_name)?;
                    let first = self.parse(text, StopAt::Dollar)?;
                    self.expect(text, "$", modifier_name)?;
                    let second = self.parse(text, StopAt::Dollar)?;
                    self.expect(text, "$", modifier_name)?;
                    let third = self.parse(text, StopAt::PipeOrCloseBrace)?;
                    self.expect(text, "|", modifier_name)?;
                    let fourth = self.parse(text, StopAt::PipeOrCloseBrace)?;
                    self.expect(text, "}", modifier_name)?;
                    let from = self.modifier_index(text)?;
                    self.expect(text, ",", modifier_name)?;
                    let to = self.modifier_index(text)?;
                    Piece::Diff { parts: Box::new([first, second, third, fourth]), indexes: [from, to] }
                }
                Modifier::S => Piece::Select {
                    kind,
                    options: vec![
                        Piece::Text { text: String::new(), role: String::new() },
                        Piece::Text { text: "s".to_string(), role: "diagtext".to_string() },
                    ],
                    index: self.modifier_index(text)?,
                },
                Modifier::Placeholder
                | Modifier::Q
                | Modifier::ObjCClass
                | Modifier::ObjCInstance
                | Modifier::Quoted
                | Modifier::Ordinal
                | Modifier::Human => Piece::Placeholder { kind, index: self.modifier_index(text)? },
            };
            parsed.push(piece);
        }
        Ok(Piece::Multi(parsed))
    }

    fn enum_select(&self, text: &mut &str, modifier_name: &str) -> Result<Piece, Fatal> {
        if at(text, 0) != b'<' {
            return Err((self.fail)(format!("expected '<' after {modifier_name}")));
        }
        *text = drop_front(text, 1);
        let name_length = find_first_of(text, b">", 0).unwrap_or(text.len());
        let enum_name = text[..name_length].to_string();
        *text = &text[name_length..];
        self.expect(text, ">", modifier_name)?;
        if at(text, 0) != b'{' {
            return Err((self.fail)(format!("expected '{{' after {modifier_name}")));
        }
        let (mut option_names, mut options) = (Vec::new(), Vec::new());
        loop {
            *text = drop_front(text, 1);
            let mut brackets = false;
            if at(text, 0) == b'%' {
                brackets = true;
                *text = drop_front(text, 1);
                let name_length = find_first_of(text, b"{", 0).unwrap_or(text.len());
                option_names.push(text[..name_length].to_string());
                *text = &text[name_length..];
            } else {
                option_names.push(String::new());
            }
            if brackets {
                self.expect(text, "{", modifier_name)?;
            } else if at(text, 0) == b'{' {
                *text = drop_front(text, 1);
                brackets = true;
            }
            options.push(self.parse(text, StopAt::PipeOrCloseBrace)?);
            if brackets {
                self.expect(text, "}", modifier_name)?;
            }
            if at(text, 0) != b'|' {
                break;
            }
        }
        self.expect(text, "}", modifier_name)?;
        Ok(Piece::EnumSelect { enum_name, option_names, options, index: self.modifier_index(text)? })
    }
}

/// How deep substitutions may nest before a text counts as substituting itself (which would
/// make clang-tblgen recurse until its stack runs out).
const MAX_SUBSTITUTION_DEPTH: usize = 64;

/// clang-tblgen's `DiagnosticTextBuilder`: the `TextSubstitution`s parsed once, and the
/// diagnostics' texts parsed and printed on demand.
pub struct DiagTextBuilder<'a> {
    input: &'a Evaluation,
    rules: &'static TextRules,
    substitutions: HashMap<String, Piece>,
}

/// The enumerations of one text's `%enum_select`s: each name and its named options (the
/// option's position and its enumerator name).
pub type Enumerations = Vec<(String, Vec<(usize, String)>)>;

impl<'a> DiagTextBuilder<'a> {
    /// Parses every `TextSubstitution` and checks that no diagnostic shares a name with one.
    pub fn new(input: &'a Evaluation, release: Release) -> Result<Self, Fatal> {
        let fields = Fields { input };
        let rules = TEXT_RULES.get(release);
        let mut substitutions = HashMap::new();
        let diagnostic = input.records.class("Diagnostic");
        // A def's name is its own: a diagnostic named as a substitution is a def that is both.
        let mut both: Vec<RecId> = Vec::new();
        for substitution in all_derived_definitions(input, "TextSubstitution")? {
            let text = fields.string(substitution, "Substitution")?;
            let piece = parse_text(input, rules, substitution, text)?;
            substitutions.entry(input.records.get(substitution).name_string()).or_insert(piece);
            if diagnostic.is_some_and(|class| input.records.get(substitution).is_subclass_of(class)) {
                both.push(substitution);
            }
        }
        // The first in the diagnostics' order, as clang-tblgen finds it.
        let diags = derived_definitions(input, "Diagnostic")?;
        if let Some(&diag) = diags.iter().find(|d| both.contains(d)) {
            return Err(Fatal::new(
                &input.records.get(diag).locs,
                format!("Diagnostic '{}' has same name as TextSubstitution definition", input.records.name_sym(diag)),
            ));
        }
        Ok(DiagTextBuilder { input, rules, substitutions })
    }

    /// The record's `Summary`, parsed.
    pub fn parse(&self, rec: RecId) -> Result<Piece, Fatal> {
        let text = Fields { input: self.input }.string(rec, "Summary")?;
        parse_text(self.input, self.rules, rec, text)
    }

    fn visitor(&self, rec: RecId) -> Visitor<'_> {
        Visitor { builder: self, rec, mappings: None, depth: 0 }
    }

    /// `buildForDefinition`: the text as clang's diagnostic tables hold it, substitutions
    /// expanded and `%enum_select` written as `%select`.
    pub fn for_definition(&self, rec: RecId) -> Result<Cow<'static, str>, Fatal> {
        let text = Fields { input: self.input }.string(rec, "Summary")?;
        if plain(text) {
            return Ok(Cow::Borrowed(text));
        }
        let root = parse_text(self.input, self.rules, rec, text)?;
        let mut out = String::new();
        self.visitor(rec).definition(&root, &mut out)?;
        Ok(Cow::Owned(out))
    }

    /// `buildForEnum`: the enumerations the text's `%enum_select`s name, in text order.
    pub fn for_enum(&self, rec: RecId) -> Result<Enumerations, Fatal> {
        let text = Fields { input: self.input }.string(rec, "Summary")?;
        if plain(text) {
            return Ok(Vec::new());
        }
        let root = parse_text(self.input, self.rules, rec, text)?;
        let mut out = Vec::new();
        self.visitor(rec).enumerations(&root, &mut out)?;
        Ok(out)
    }

    /// `buildForDocumentation`: the text as reStructuredText lines (a table where the text
    /// selects), after `severity: ` in the severity's role.
    pub fn for_documentation(&self, severity: &str, rec: RecId) -> Result<Vec<Vec<u8>>, Fatal> {
        let Piece::Multi(mut pieces) = self.parse(rec)? else { unreachable!("a parse returns a sequence") };
        pieces.insert(0, Piece::Text { text: format!("{severity}: "), role: severity.to_string() });
        let mut lines = Vec::new();
        self.visitor(rec).document(&Piece::Multi(pieces), &mut lines)?;
        Ok(lines)
    }

    /// The `TextSubstitution` named `name`, read for the text of `rec`.
    fn substitution(&self, name: &str, rec: RecId) -> Result<&Piece, Fatal> {
        self.substitutions.get(name).ok_or_else(|| {
            let locs: &[tdq_core::Loc] =
                if self.rules.unknown_substitution_at_record { &self.input.records.get(rec).locs } else { &[] };
            Fatal::new(locs, format!("Failed to find substitution with name: {name}"))
        })
    }
}

/// Whether a text has no `%`: it parses to itself, one piece of plain text, without error.
fn plain(text: &str) -> bool {
    !text.as_bytes().contains(&b'%')
}

fn parse_text(input: &Evaluation, rules: &TextRules, rec: RecId, text: &str) -> Result<Piece, Fatal> {
    let fail = |message: String| Fatal::new(&input.records.get(rec).locs, message);
    let mut rest = text;
    Parser { rules, fail: &fail }.parse(&mut rest, StopAt::End)
}

/// A walk over a text (`DiagTextVisitor`): the record whose text it is, for errors, and the
/// renumbering of modifiers inside a substitution.
#[derive(Clone)]
struct Visitor<'b> {
    builder: &'b DiagTextBuilder<'b>,
    rec: RecId,
    mappings: Option<Vec<i32>>,
    depth: usize,
}

impl<'b> Visitor<'b> {
    fn fail(&self, message: String) -> Fatal {
        Fatal::new(&self.builder.input.records.get(self.rec).locs, message)
    }

    fn map_index_with(&self, index: i32, mappings: &Option<Vec<i32>>) -> Result<i32, Fatal> {
        let Some(mappings) = mappings else { return Ok(index) };
        match usize::try_from(index).ok().and_then(|i| mappings.get(i)) {
            Some(&mapped) => Ok(mapped),
            None => Err(self.fail(format!(
                "Modifier value '{index}' is not valid for this mapping (has {} mappings)",
                mappings.len()
            ))),
        }
    }

    fn map_index(&self, index: i32) -> Result<i32, Fatal> {
        self.map_index_with(index, &self.mappings)
    }

    /// The visitor inside `%sub{name}`: its modifiers renumbered through the current ones.
    fn enter(&self, modifiers: &[i32], mappings: &Option<Vec<i32>>) -> Result<Visitor<'b>, Fatal> {
        if self.depth >= MAX_SUBSTITUTION_DEPTH {
            return Err(self.fail("text substitutions nest too deeply (a substitution uses itself)".to_string()));
        }
        let mapped = modifiers.iter().map(|&m| self.map_index_with(m, mappings)).collect::<Result<Vec<_>, _>>()?;
        Ok(Visitor { mappings: Some(mapped), depth: self.depth + 1, ..self.clone() })
    }

    /// `DiagTextPrinter`.
    fn definition(&self, piece: &Piece, out: &mut String) -> Result<(), Fatal> {
        match piece {
            Piece::Multi(pieces) => pieces.iter().try_for_each(|p| self.definition(p, out))?,
            Piece::Text { text, .. } => out.push_str(text),
            Piece::Placeholder { kind, index } => {
                out.push('%');
                out.push_str(kind.name());
                out.push_str(&self.map_index(*index)?.to_string());
            }
            Piece::Select { kind, options, index } => self.definition_select(*kind, options, *index, out)?,
            Piece::EnumSelect { options, index, .. } => {
                self.definition_select(Modifier::EnumSelect, options, *index, out)?
            }
            Piece::Plural { prefixes, options, index } => {
                out.push_str("%plural{");
                for (i, (prefix, option)) in prefixes.iter().zip(options).enumerate() {
                    if i > 0 {
                        out.push('|');
                    }
                    self.definition(prefix, out)?;
                    self.definition(option, out)?;
                }
                out.push('}');
                out.push_str(&self.map_index(*index)?.to_string());
            }
            Piece::Diff { parts, indexes } => {
                out.push_str("%diff{");
                for (part, separator) in parts.iter().zip(["$", "$", "|", "}"]) {
                    self.definition(part, out)?;
                    out.push_str(separator);
                }
                out.push_str(&self.map_index(indexes[0])?.to_string());
                out.push(',');
                out.push_str(&self.map_index(indexes[1])?.to_string());
            }
            Piece::Substitution { name, modifiers } => {
                let inner = self.enter(modifiers, &self.mappings)?;
                inner.definition(self.builder.substitution(name, self.rec)?, out)?;
            }
        }
        Ok(())
    }

    fn definition_select(&self, kind: Modifier, options: &[Piece], index: i32, out: &mut String) -> Result<(), Fatal> {
        out.push('%');
        out.push_str(kind.name());
        if matches!(kind, Modifier::Select | Modifier::EnumSelect) {
            out.push('{');
            for (i, option) in options.iter().enumerate() {
                if i > 0 {
                    out.push('|');
                }
                self.definition(option, out)?;
            }
            out.push('}');
        }
        out.push_str(&self.map_index(index)?.to_string());
        Ok(())
    }

    /// `DiagEnumPrinter`.
    fn enumerations(&self, piece: &Piece, out: &mut Enumerations) -> Result<(), Fatal> {
        match piece {
            Piece::Multi(pieces) => pieces.iter().try_for_each(|p| self.enumerations(p, out)),
            Piece::Text { .. } | Piece::Placeholder { .. } | Piece::Diff { .. } => Ok(()),
            Piece::Select { options, .. } | Piece::Plural { options, .. } => {
                options.iter().try_for_each(|p| self.enumerations(p, out))
            }
            Piece::EnumSelect { enum_name, option_names, options, .. } => {
                if !enum_name.is_empty() {
                    let named = option_names
                        .iter()
                        .enumerate()
                        .filter(|(_, name)| !name.is_empty())
                        .map(|(i, name)| (i, name.clone()))
                        .collect();
                    out.push((enum_name.clone(), named));
                }
                options.iter().try_for_each(|p| self.enumerations(p, out))
            }
            Piece::Substitution { name, modifiers } => {
                let inner = self.enter(modifiers, &self.mappings)?;
                inner.enumerations(self.builder.substitution(name, self.rec)?, out)
            }
        }
    }

    /// `DiagTextDocPrinter`: appends the lines of `piece` to `rst`.
    fn document(&self, piece: &Piece, rst: &mut Vec<Vec<u8>>) -> Result<(), Fatal> {
        match piece {
            Piece::Multi(pieces) => match pieces.as_slice() {
                [] => rst.push(Vec::new()),
                [only] => self.document(only, rst)?,
                _ => self.document_sequence(piece, rst)?,
            },
            Piece::Text { text, role } => {
                let mut line = Vec::new();
                let mut t = text.as_str();
                while let Some(rest) = t.strip_prefix(' ') {
                    line.extend_from_slice(b" |nbsp| ");
                    t = rest;
                }
                let mut suffix = Vec::new();
                while let Some(rest) = t.strip_suffix(' ') {
                    suffix.extend_from_slice(b" |nbsp| ");
                    t = rest;
                }
                if !t.is_empty() {
                    line.push(b':');
                    line.extend_from_slice(role.as_bytes());
                    line.extend_from_slice(b":`");
                    for &b in t.as_bytes() {
                        if b"`*|_[]\\".contains(&b) {
                            line.push(b'\\');
                        }
                        line.push(b);
                    }
                    line.push(b'`');
                }
                line.extend_from_slice(&suffix);
                rst.push(line);
            }
            Piece::Placeholder { index, .. } => {
                let letter = (i32::from(b'A') + self.map_index(*index)?) as u8;
                let mut line = b":placeholder:`".to_vec();
                line.push(letter);
                line.push(b'`');
                rst.push(line);
            }
            Piece::Select { options, .. } | Piece::EnumSelect { options, .. } | Piece::Plural { options, .. } => {
                self.document_select(options.iter(), rst)?
            }
            Piece::Diff { parts, indexes } => {
                // %diff{a $ b $ c|d}e,f is documented as %select{a %e b %f c|d}.
                let [a, b, c, d] = parts.as_ref();
                let first = Piece::Multi(vec![
                    a.clone(),
                    Piece::Placeholder { kind: Modifier::Placeholder, index: indexes[0] },
                    b.clone(),
                    Piece::Placeholder { kind: Modifier::Placeholder, index: indexes[1] },
                    c.clone(),
                ]);
                self.document_select([&first, d].into_iter(), rst)?;
            }
            Piece::Substitution { name, modifiers } => {
                let inner = self.enter(modifiers, &self.mappings)?;
                inner.document(self.builder.substitution(name, self.rec)?, rst)?;
            }
        }
        Ok(())
    }

    /// A select's options as table rows between separator rows.
    fn document_select<'p>(
        &self,
        options: impl Iterator<Item = &'p Piece>,
        rst: &mut Vec<Vec<u8>>,
    ) -> Result<(), Fatal> {
        let mut separators = vec![rst.len()];
        rst.push(Vec::new());
        for option in options {
            self.document(option, rst)?;
            separators.push(rst.len());
            rst.push(Vec::new());
        }
        let (first, last) = (separators[0], *separators.last().expect("one separator at least"));
        let rows = &mut rst[first..=last];
        pad_to_same_length(rows);
        for row in rows.iter_mut() {
            row.insert(0, b'|');
            row.push(b'|');
        }
        for i in separators {
            make_row_separator(&mut rst[i]);
        }
        Ok(())
    }

    /// The pieces of a sequence side by side, as columns of a table with one row.
    fn document_sequence(&self, piece: &Piece, rst: &mut Vec<Vec<u8>>) -> Result<(), Fatal> {
        let mut nodes = Vec::new();
        self.gather(piece, self.mappings.clone(), &mut nodes, self.depth)?;
        let mut empty_line_prefix: Vec<u8> = Vec::new();
        let start = rst.len();
        let mut has_multiple_lines = true;
        for (node, mappings, depth) in nodes {
            let mut lines = Vec::new();
            Visitor { mappings, depth, ..self.clone() }.document(node, &mut lines)?;
            if lines.is_empty() {
                continue;
            }
            let separator: &[u8] = if lines.len() > 1 || has_multiple_lines { b"|" } else { b"" };
            has_multiple_lines = lines.len() > 1;
            if start + lines.len() > rst.len() {
                rst.resize(start + lines.len(), empty_line_prefix.clone());
            }
            pad_to_same_length(&mut lines);
            for (i, line) in lines.iter().enumerate() {
                rst[start + i].extend_from_slice(separator);
                rst[start + i].extend_from_slice(line);
            }
            let empty = vec![b' '; lines[0].len()];
            for row in rst.iter_mut().skip(start + lines.len()) {
                row.extend_from_slice(separator);
                row.extend_from_slice(&empty);
            }
            empty_line_prefix.extend_from_slice(separator);
            empty_line_prefix.extend_from_slice(&empty);
        }
        for row in rst.iter_mut().skip(start) {
            row.push(b'|');
        }
        empty_line_prefix.push(b'|');
        make_row_separator(&mut empty_line_prefix);
        rst.insert(start, empty_line_prefix.clone());
        rst.push(empty_line_prefix);
        Ok(())
    }

    /// `gatherNodes`: a sequence flattened, substitutions replaced by their (flattened) text,
    /// each piece with the modifier renumbering it is read under.
    fn gather<'p>(
        &self,
        piece: &'p Piece,
        mappings: Option<Vec<i32>>,
        nodes: &mut Vec<(&'p Piece, Option<Vec<i32>>, usize)>,
        depth: usize,
    ) -> Result<(), Fatal>
    where
        'b: 'p,
    {
        match piece {
            Piece::Substitution { name, modifiers } => {
                let inner = Visitor { depth, ..self.clone() }.enter(modifiers, &mappings)?;
                self.gather(self.builder.substitution(name, self.rec)?, inner.mappings, nodes, inner.depth)
            }
            Piece::Multi(pieces) => pieces.iter().try_for_each(|p| self.gather(p, mappings.clone(), nodes, depth)),
            _ => {
                nodes.push((piece, mappings, depth));
                Ok(())
            }
        }
    }
}

fn pad_to_same_length(rows: &mut [Vec<u8>]) {
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    for row in rows {
        row.resize(width, b' ');
    }
}

fn make_row_separator(row: &mut [u8]) {
    for b in row {
        *b = if *b == b'|' { b'+' } else { b'-' };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Piece, String> {
        let fail = |message: String| Fatal::new(&[], message);
        let mut rest = text;
        Parser { rules: TEXT_RULES.get(Release::V23), fail: &fail }
            .parse(&mut rest, StopAt::End)
            .map_err(|e| e.0.list[0].message.clone())
    }

    #[test]
    fn escaped_percents_stay_in_the_text() {
        let Ok(Piece::Multi(pieces)) = parse("100%% of %0") else { panic!() };
        assert!(matches!(&pieces[0], Piece::Text { text, .. } if text == "100%% of "));
        assert!(matches!(pieces[1], Piece::Placeholder { kind: Modifier::Placeholder, index: 0 }));
    }

    #[test]
    fn a_text_without_percent_is_plain() {
        for text in ["plain | text } with $ braces {", "a", ""] {
            assert!(plain(text));
            let Ok(Piece::Multi(pieces)) = parse(text) else { panic!() };
            match pieces.as_slice() {
                [] => assert!(text.is_empty()),
                [Piece::Text { text: piece, .. }] => assert_eq!(piece, text),
                other => panic!("{other:?}"),
            }
        }
        assert!(!plain("100%% of it"));
    }

    #[test]
    fn malformed_texts_get_clang_tblgens_messages() {
        assert_eq!(parse("%select{a|b}").unwrap_err(), "expected modifier in diagnostic");
        assert_eq!(parse("%select{a|b").unwrap_err(), "expected '}' while parsing %select");
        assert_eq!(parse("%bogus0").unwrap_err(), "Unknown modifier type: bogus");
        assert_eq!(parse("%plural{a}0").unwrap_err(), "expected ':' while parsing %plural");
        assert_eq!(parse("%select<E>{a}0").unwrap_err(), "modifier '<' syntax not valid with %select");
        assert_eq!(parse("%enum_select{a}0").unwrap_err(), "expected '<' after enum_select");
    }
}
