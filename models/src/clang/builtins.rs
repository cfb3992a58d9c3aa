//! clang's builtins as ClangBuiltinsEmitter.cpp reads them (`Builtins*.td`): each `Builtin` def
//! made into one builtin per template instance and spelling, of a kind (`LibBuiltin`,
//! `TargetBuiltin`, ...), its prototype parsed into clang's type string (`"v*i."`) and its
//! attributes into their letters. What a release's prototype parser accepts differently is
//! [`PROTOTYPE_RULES`].

use crate::records::{Fatal, Fields};
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Loc, Release};

/// The kind of a builtin: the X-macro that declares it (`BUILTIN`, `LIBBUILTIN`, ...).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BuiltinKind {
    Builtin,
    Atomic,
    Lib,
    Lang,
    Target,
    /// `TargetLibBuiltin` (from LLVM 20): a target builtin with a header and languages.
    TargetLib,
}

impl BuiltinKind {
    /// The X-macro of this kind.
    pub fn macro_name(self) -> &'static str {
        match self {
            BuiltinKind::Builtin => "BUILTIN",
            BuiltinKind::Atomic => "ATOMIC_BUILTIN",
            BuiltinKind::Lib => "LIBBUILTIN",
            BuiltinKind::Lang => "LANGBUILTIN",
            BuiltinKind::Target => "TARGET_BUILTIN",
            BuiltinKind::TargetLib => "TARGET_HEADER_BUILTIN",
        }
    }
}

/// One builtin: a spelling of a `Builtin` def (of one template instance).
pub struct Builtin {
    pub kind: BuiltinKind,
    /// The spelling, with the template's affix (and `__builtin_` for a library builtin's alias).
    pub name: String,
    /// The prototype as clang's type string.
    pub type_string: String,
    /// The attributes' letters (`"nc"`, `"fp:0:"`).
    pub attributes: String,
    pub record: RecId,
}

/// How an address space qualifier (`int address_space<3> *`) is read.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum AddressSpaces {
    /// Not at all (LLVM 19): `address_space<3>` is an unknown type.
    None,
    /// Any but `address_space<0>` (LLVM 20 to 22).
    NonZero,
    /// Any number (LLVM 23).
    Any,
}

/// What a release's `PrototypeParser` accepts.
pub struct PrototypeRules {
    /// An empty prototype gives an empty type string (from LLVM 20); an error before.
    pub empty_prototype: bool,
    /// `_Vector<N, T>` besides `_ExtVector<N, T>` (from LLVM 20).
    pub vector: bool,
    /// A vector parameter's `<...>` may nest (`_Vector<2, int address_space<1> *>`, LLVM 23);
    /// before, it ends at the first `>`.
    pub nested_angles: bool,
    pub address_spaces: AddressSpaces,
    /// A qualifier (`*`, `const`, `volatile`, `restrict`) may stand alone, on the type parsed
    /// before it (LLVM 23); before, what it qualifies must be written.
    pub bare_qualifiers: bool,
    /// `signed`, `T)` as a reference, and `long long` as OpenCL's `O` under `EnableOpenCLLong`
    /// (from LLVM 20).
    pub signed_and_opencl: bool,
    /// The named types and their codes, in tables of the release and those before.
    pub types: &'static [&'static [(&'static str, &'static str)]],
}

const TYPES_19: &[(&str, &str)] = &[
    ("__builtin_va_list_ref", "A"),
    ("__builtin_va_list", "a"),
    ("__float128", "LLd"),
    ("__fp16", "h"),
    ("__int128_t", "LLLi"),
    ("_Float16", "x"),
    ("bool", "b"),
    ("char", "c"),
    ("constant_CFString", "F"),
    ("double", "d"),
    ("FILE", "P"),
    ("float", "f"),
    ("id", "G"),
    ("int", "i"),
    ("int32_t", "Zi"),
    ("int64_t", "Wi"),
    ("jmp_buf", "J"),
    ("msint32_t", "Ni"),
    ("msuint32_t", "UNi"),
    ("objc_super", "M"),
    ("pid_t", "p"),
    ("ptrdiff_t", "Y"),
    ("SEL", "H"),
    ("short", "s"),
    ("sigjmp_buf", "SJ"),
    ("size_t", "z"),
    ("ucontext_t", "K"),
    ("uint32_t", "UZi"),
    ("uint64_t", "UWi"),
    ("void", "v"),
    ("wchar_t", "w"),
    ("...", "."),
];
const TYPES_22: &[(&str, &str)] = &[("__hlsl_resource_t", "Qr"), ("__bf16", "y")];
const TYPES_23: &[(&str, &str)] = &[
    ("__amdgpu_buffer_rsrc_t", "Qb"),
    ("__amdgpu_feature_predicate_t", "Qc"),
    ("__amdgpu_texture_t", "Qt"),
    ("__uint128_t", "ULLLi"),
    ("int8_t", "Bi"),
    ("int16_t", "Ti"),
    ("uint8_t", "UBi"),
    ("uint16_t", "UTi"),
];

const PROTOTYPE_19: PrototypeRules = PrototypeRules {
    empty_prototype: false,
    vector: false,
    nested_angles: false,
    address_spaces: AddressSpaces::None,
    bare_qualifiers: false,
    signed_and_opencl: false,
    types: &[TYPES_19],
};
const PROTOTYPE_22: PrototypeRules = PrototypeRules {
    empty_prototype: true,
    vector: true,
    address_spaces: AddressSpaces::NonZero,
    signed_and_opencl: true,
    types: &[TYPES_19, TYPES_22],
    ..PROTOTYPE_19
};
pub const PROTOTYPE_RULES: ByRelease<PrototypeRules> = ByRelease {
    v19: PROTOTYPE_19,
    v22: PROTOTYPE_22,
    v23: PrototypeRules {
        nested_angles: true,
        address_spaces: AddressSpaces::Any,
        bare_qualifiers: true,
        types: &[TYPES_19, TYPES_22, TYPES_23],
        ..PROTOTYPE_22
    },
};

/// What a release's emitter reads of a builtin besides its prototype.
pub struct BuiltinRules {
    /// `TargetLibBuiltin` is a kind of its own (from LLVM 20).
    pub target_lib: bool,
    /// `MultiIndexAttribute`s write their indices (from LLVM 20).
    pub multi_index: bool,
    /// Builtins with a `RequiredNamePrefix` come last, apart (from LLVM 20).
    pub name_prefix: bool,
}

const BUILTIN_RULES_19: BuiltinRules = BuiltinRules { target_lib: false, multi_index: false, name_prefix: false };
const BUILTIN_RULES_22: BuiltinRules = BuiltinRules { target_lib: true, multi_index: true, name_prefix: true };
pub const BUILTIN_RULES: ByRelease<BuiltinRules> =
    ByRelease { v19: BUILTIN_RULES_19, v22: BUILTIN_RULES_22, v23: BUILTIN_RULES_22 };

/// The location of a field of a record (`getFieldLoc`): where it was declared or last set.
fn field_loc(f: Fields, rec: RecId, field: &str) -> Vec<Loc> {
    f.value(rec, field).map(|v| vec![v.loc]).unwrap_or_default()
}

/// `PrototypeParser`: a prototype (`"void*(int, char const*, ...)"`) as clang's type string,
/// `T` standing for `substitution`.
struct PrototypeParser<'a> {
    rules: &'a PrototypeRules,
    loc: Vec<Loc>,
    substitution: &'a str,
    opencl_long: bool,
    type_string: String,
}

/// LLVM's `StringRef::trim`.
pub fn trim(s: &str) -> &str {
    s.trim_matches([' ', '\t', '\n', '\x0b', '\x0c', '\r'])
}

impl PrototypeParser<'_> {
    fn fail(&self, message: impl Into<String>) -> Fatal {
        Fatal::new(&self.loc, message)
    }

    fn parse_prototype(&mut self, prototype: &str) -> Result<(), Fatal> {
        let prototype = trim(prototype);
        if prototype.is_empty() && self.rules.empty_prototype {
            return Ok(());
        }
        let return_type = &prototype[..prototype.find('(').unwrap_or(prototype.len())];
        self.parse_type(return_type)?;
        // Without a `(`, LLVM drops past the end; no closing brace is as good a message.
        let params = prototype.get(return_type.len() + 1..).unwrap_or("");
        let Some(params) = params.strip_suffix(')') else {
            return Err(self.fail("Expected closing brace at end of prototype"));
        };
        let mut i = 0;
        while i < params.len() {
            let current = &params[i..];
            if current.starts_with(' ') || current.starts_with(',') {
                i += 1;
                continue;
            }
            // A vector's `<N, T>` holds a comma that separates no parameters.
            if current.starts_with("_ExtVector<") || (self.rules.vector && current.starts_with("_Vector<")) {
                let end = if self.rules.nested_angles {
                    let mut pos = current.find('<').unwrap_or(0);
                    let mut depth = 1;
                    while depth > 0 && pos + 1 < current.len() {
                        pos += 1;
                        match current.as_bytes()[pos] {
                            b'<' => depth += 1,
                            b'>' => depth -= 1,
                            _ => {}
                        }
                    }
                    if depth > 0 {
                        pos = current.len();
                    }
                    Some(pos)
                } else {
                    current.find('>')
                };
                // With no `>`, clang-tblgen parses an empty type (or the rest, LLVM 23).
                let template = match end {
                    Some(end) => &current[..(end + 1).min(current.len())],
                    None => "",
                };
                self.parse_type(template)?;
                i += end.map_or(0, |end| end + 1);
                if end.is_none() {
                    break;
                }
                continue;
            }
            if let Some(comma) = current.find(',') {
                self.parse_type(&current[..comma])?;
                i += comma + 1;
                continue;
            }
            self.parse_type(current)?;
            break;
        }
        Ok(())
    }

    /// `ConsumeAddrSpace`: a trailing `address_space<N>` taken off `t`.
    fn consume_address_space(&self, t: &mut &str) -> Result<Option<u32>, Fatal> {
        *t = trim(t);
        let Some(rest) = t.strip_suffix('>') else {
            return Ok(None);
        };
        let Some(open) = rest.rfind('<') else {
            return Err(self.fail("Mismatched angle-brackets in type"));
        };
        let arg = &rest[open + 1..];
        let Some(before) = rest[..open].strip_suffix("address_space") else {
            return Err(
                self.fail("Only `address_space<N>` supported as a parameterized pointer or reference type qualifier")
            );
        };
        *t = before;
        let number =
            if !arg.is_empty() && arg.bytes().all(|b| b.is_ascii_digit()) { arg.parse::<u32>().ok() } else { None };
        let Some(number) = number else {
            return Err(self.fail("Expected an integer argument to the address_space qualifier"));
        };
        if number == 0 && self.rules.address_spaces == AddressSpaces::NonZero {
            return Err(self.fail("No need for a qualifier for address space `0`"));
        }
        Ok(Some(number))
    }

    /// `ParseType`: one type, its codes appended. The C++ recurses on what is left of the type;
    /// this loops, keeping the codes of the qualifiers taken off its end for after the rest.
    fn parse_type(&mut self, t: &str) -> Result<(), Fatal> {
        let mut t = trim(t);
        let mut suffixes: Vec<String> = Vec::new();
        let mut substituted = false;
        let rules = self.rules;
        loop {
            t = trim(t);
            let qualifier = [("const", "C"), ("volatile", "D"), ("restrict", "R")]
                .into_iter()
                .find_map(|(word, code)| t.strip_suffix(word).map(|rest| (rest, code)));
            if let Some(rest) = t.strip_suffix('*') {
                t = rest;
                let space = match rules.address_spaces {
                    AddressSpaces::None => None,
                    _ => self.consume_address_space(&mut t)?,
                };
                suffixes.push(format!("*{}", space.map(|n| n.to_string()).unwrap_or_default()));
                if rules.bare_qualifiers && t.is_empty() {
                    break;
                }
            } else if let Some((rest, code)) = qualifier {
                t = rest;
                suffixes.push(code.to_string());
                if rules.bare_qualifiers && t.is_empty() {
                    break;
                }
            } else if let Some(rest) = t.strip_suffix('&') {
                t = rest;
                let space = match rules.address_spaces {
                    AddressSpaces::None => None,
                    _ => self.consume_address_space(&mut t)?,
                };
                suffixes.push(format!("&{}", space.map(|n| n.to_string()).unwrap_or_default()));
            } else if let Some(rest) = t.strip_suffix(')').filter(|_| rules.signed_and_opencl) {
                t = rest;
                suffixes.push("&".to_string());
            } else if let Some(rest) =
                t.strip_prefix("long long").filter(|_| rules.signed_and_opencl && self.opencl_long)
            {
                self.type_string.push('O');
                t = rest;
            } else if let Some((rest, code)) = [("long", 'L'), ("signed", 'S'), ("unsigned", 'U')]
                .into_iter()
                .filter(|(word, _)| *word != "signed" || rules.signed_and_opencl)
                .find_map(|(word, code)| t.strip_prefix(word).map(|rest| (rest, code)))
            {
                self.type_string.push(code);
                t = rest;
            } else if let Some((rest, code)) = [("_Complex", 'X'), ("_Constant", 'I')]
                .into_iter()
                .find_map(|(word, code)| t.strip_prefix(word).map(|rest| (rest, code)))
            {
                self.type_string.push(code);
                t = rest;
            } else if t.starts_with('T') {
                if self.substitution.is_empty() {
                    return Err(self.fail("Not a template"));
                }
                // A substitution that names `T` again recurses forever in clang-tblgen.
                if substituted {
                    return Err(self.fail(format!("Unknown Type: {t}")));
                }
                substituted = true;
                t = self.substitution;
            } else if let Some((rest, is_ext)) = t
                .strip_prefix("_ExtVector")
                .map(|rest| (rest, true))
                .or_else(|| t.strip_prefix("_Vector").filter(|_| rules.vector).map(|rest| (rest, false)))
            {
                let Some(rest) = rest.strip_prefix('<') else {
                    return Err(self.fail("Expected '<' after '_ExtVector'"));
                };
                let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
                let Some(lanes) = rest[..digits].parse::<u64>().ok().filter(|_| digits > 0) else {
                    return Err(self.fail("Expected number of lanes after '_ExtVector<'"));
                };
                self.type_string.push(if is_ext { 'E' } else { 'V' });
                self.type_string.push_str(&lanes.to_string());
                let Some(rest) = rest[digits..].strip_prefix(',') else {
                    return Err(self.fail("Expected ',' after number of lanes in '_ExtVector<'"));
                };
                let Some(rest) = rest.strip_suffix('>') else {
                    return Err(self.fail("Expected '>' after scalar type in '_ExtVector<N, type>'"));
                };
                t = rest;
            } else {
                let code = rules.types.iter().flat_map(|table| table.iter()).find(|(name, _)| *name == t);
                let Some((_, code)) = code else {
                    return Err(self.fail(format!("Unknown Type: {t}")));
                };
                self.type_string.push_str(code);
                break;
            }
        }
        for suffix in suffixes.iter().rev() {
            self.type_string.push_str(suffix);
        }
        Ok(())
    }
}

/// `PrototypeParser(Substitution, Builtin)`: the type string of `rec`'s `Prototype`.
pub fn type_string(f: Fields, release: Release, rec: RecId, substitution: &str) -> Result<String, Fatal> {
    let rules = PROTOTYPE_RULES.get(release);
    let opencl_long = rules.signed_and_opencl && f.bit(rec, "EnableOpenCLLong")?;
    let mut parser = PrototypeParser {
        rules,
        loc: field_loc(f, rec, "Prototype"),
        substitution,
        opencl_long,
        type_string: String::new(),
    };
    parser.parse_prototype(f.string(rec, "Prototype")?)?;
    Ok(parser.type_string)
}

/// `HeaderNameParser`: a library builtin's `Header` as the enumerator of `HeaderDesc`
/// (`"stdio.h"` is `STDIO_H`).
pub fn header_name(f: Fields, rec: RecId) -> Result<String, Fatal> {
    let mut name = String::new();
    for c in f.string(rec, "Header")?.chars() {
        match c {
            'a'..='z' => name.push(c.to_ascii_uppercase()),
            '.' | '_' | '/' | '-' => name.push('_'),
            _ => return Err(Fatal::new(&f.input.records.get(rec).locs, "Unexpected header name")),
        }
    }
    Ok(name)
}

/// `renderAttributes`: the letters of a builtin's attributes, its library and namespace first.
fn attributes(f: Fields, rules: &BuiltinRules, rec: RecId, kind: BuiltinKind) -> Result<String, Fatal> {
    let mut s = String::new();
    if f.is_a(rec, "LibBuiltin") {
        if kind == BuiltinKind::Lib {
            s.push('f');
        } else {
            s.push('F');
            if f.bit(rec, "OnlyBuiltinPrefixedAliasIsConstexpr")? {
                s.push('E');
            }
        }
    }
    if let Some(namespace) = f.optional_string(rec, "Namespace")? {
        if namespace != "std" {
            return Err(Fatal::new(&field_loc(f, rec, "Namespace"), "Unknown namespace: "));
        }
        s.push('z');
    }
    for attr in f.defs(rec, "Attributes")? {
        s.push_str(f.string(attr, "Mangling")?);
        if f.is_a(attr, "IndexedAttribute") {
            s.push_str(&format!(":{}:", f.int(attr, "Index")?));
        } else if rules.multi_index && f.is_a(attr, "MultiIndexAttribute") {
            let indices: Vec<String> = f.ints(attr, "Indices")?.iter().map(i64::to_string).collect();
            s.push_str(&format!("<{}>", indices.join(",")));
        }
    }
    Ok(s)
}

/// The kind of builtin `rec` declares.
fn kind(f: Fields, rules: &BuiltinRules, rec: RecId) -> BuiltinKind {
    if f.is_a(rec, "AtomicBuiltin") {
        BuiltinKind::Atomic
    } else if f.is_a(rec, "LangBuiltin") {
        BuiltinKind::Lang
    } else if rules.target_lib && f.is_a(rec, "TargetLibBuiltin") {
        BuiltinKind::TargetLib
    } else if f.is_a(rec, "TargetBuiltin") {
        BuiltinKind::Target
    } else if f.is_a(rec, "LibBuiltin") {
        BuiltinKind::Lib
    } else {
        BuiltinKind::Builtin
    }
}

/// `collectBuiltins` (`EmitBuiltin` in LLVM 19): the builtins of def `rec`, one per template
/// instance and spelling, a library builtin's `__builtin_` alias before it.
pub fn builtins_of(f: Fields, release: Release, rec: RecId) -> Result<Vec<Builtin>, Fatal> {
    let rules = BUILTIN_RULES.get(release);
    let (instances, as_prefix) = if f.is_a(rec, "Template") {
        let substitutions = f.strings(rec, "Substitutions")?;
        let affixes = f.strings(rec, "Affixes")?;
        let as_prefix = f.bit(rec, "AsPrefix")?;
        if substitutions.len() != affixes.len() {
            let locs = &f.input.records.get(rec).locs;
            return Err(Fatal::new(locs, "Substitutions and affixes don't have the same lengths"));
        }
        (substitutions.into_iter().zip(affixes).collect(), as_prefix)
    } else {
        (vec![("", "")], false)
    };
    let mut builtins = Vec::new();
    for (substitution, affix) in instances {
        for spelling in f.strings(rec, "Spellings")? {
            let name = if as_prefix { format!("{affix}{spelling}") } else { format!("{spelling}{affix}") };
            let kind = kind(f, rules, rec);
            let build = |name: String, kind: BuiltinKind| -> Result<Builtin, Fatal> {
                let type_string = type_string(f, release, rec, substitution)?;
                let attributes = attributes(f, rules, rec, kind)?;
                Ok(Builtin { kind, name, type_string, attributes, record: rec })
            };
            if kind == BuiltinKind::Lib && f.bit(rec, "AddBuiltinPrefixedAlias")? {
                builtins.push(build(format!("__builtin_{name}"), BuiltinKind::Builtin)?);
            }
            builtins.push(build(name, kind)?);
        }
    }
    Ok(builtins)
}
