//! OpenCL's builtin functions (clang/lib/Sema/OpenCLBuiltins.td) as
//! ClangOpenCLBuiltinEmitter.cpp reads them. [`NameTables`] is what `-gen-clang-opencl-builtins`
//! prints for Sema's lookup: the type enum, the function extensions, the types, the shared
//! signatures, the overloads of each function grouped with the functions that have the same
//! ones, and how each type becomes a clang `QualType`. [`declarations`] is each builtin's
//! signatures spelled out in OpenCL C (generic types expanded), with the extension and version
//! guards of `-gen-clang-opencl-builtin-header` and `-gen-clang-opencl-builtin-tests`.
//!
//! Each model reads the records in the order its emitter does, so that of two faults in the
//! input the one clang-tblgen reports is the one reported. The inputs on which clang-tblgen's
//! behaviour is undefined are errors at the def: an access qualifier none of `RO`, `WO`, `RW`
//! where it switches on it (it reads a `StringSwitch` that matched nothing: 19 writes nothing
//! there, 22 another qualifier), a signature of a def that is no `Type` (it reads past its type
//! table), and in the header and tests an empty signature (it reads the return type past the
//! end: 22's header writes none, its tests run out of memory) or one of a generic type of no
//! type or no vector size (it divides by zero).

use crate::records::{derived_definitions, Fatal, Fields};
use crate::string_map::string_map_order;
use std::collections::{HashMap, HashSet};
use tdq_core::intern::Sym;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation, Release};

/// The OpenCL versions a builtin's availability mask has a bit for, lowest bit first
/// (`EncodeVersions`; clang's `OpenCLVersionID`). LLVM 23 adds OpenCL C 3.1.
pub const VERSION_IDS: ByRelease<&[u32]> = ByRelease {
    v19: &[100, 110, 120, 200, 300],
    v22: &[100, 110, 120, 200, 300],
    v23: &[100, 110, 120, 200, 300, 310],
};

/// The mask of the versions in `min..max` (a `max` of 0: no upper bound).
pub fn encode_versions(release: Release, min: u32, max: u32) -> u16 {
    let max = if max == 0 { u32::MAX } else { max };
    let mut mask = 0u16;
    for (bit, &id) in VERSION_IDS.get(release).iter().enumerate() {
        if id >= min && id < max {
            mask |= 1 << bit;
        }
    }
    mask
}

/// A type's `AccessQualifier`, the image access qualifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// `""` (or, in the type table, any string it does not know).
    None,
    ReadOnly,
    WriteOnly,
    ReadWrite,
}

impl Access {
    /// `"RO"`, `"WO"` or `"RW"`; `None` for any other string.
    fn parse(s: &str) -> Option<Access> {
        match s {
            "RO" => Some(Access::ReadOnly),
            "WO" => Some(Access::WriteOnly),
            "RW" => Some(Access::ReadWrite),
            _ => None,
        }
    }

    /// The enumerator of `OpenCLAccessQual`.
    pub fn enumerator(self) -> &'static str {
        match self {
            Access::None => "OCLAQ_None",
            Access::ReadOnly => "OCLAQ_ReadOnly",
            Access::WriteOnly => "OCLAQ_WriteOnly",
            Access::ReadWrite => "OCLAQ_ReadWrite",
        }
    }

    /// The OpenCL C keyword and a space (`__read_only `), empty for none.
    pub fn keyword(self) -> &'static str {
        match self {
            Access::None => "",
            Access::ReadOnly => "__read_only ",
            Access::WriteOnly => "__write_only ",
            Access::ReadWrite => "__read_write ",
        }
    }
}

/// The error where clang-tblgen switches on an access qualifier it does not know (reading a
/// result that no case set).
fn unknown_access(f: Fields, rec: RecId, access: &str) -> Fatal {
    let name = f.input.records.get(rec).name_string();
    Fatal::new(
        &f.input.records.get(rec).locs,
        format!("{name}: AccessQualifier \"{access}\" is none of \"RO\", \"WO\" and \"RW\""),
    )
}

/// The access qualifier of a type where an empty one is no qualifier and another one an error.
fn access_of(f: Fields, rec: RecId) -> Result<Access, Fatal> {
    let access = f.string(rec, "AccessQualifier")?;
    if access.is_empty() {
        return Ok(Access::None);
    }
    Access::parse(access).ok_or_else(|| unknown_access(f, rec, access))
}

/// A `FunctionExtension` def: `FunctionExtensionTable`'s entry.
#[derive(Clone, Debug)]
pub struct FunctionExtension {
    /// The def's name (the table's comment).
    pub name: String,
    /// `ExtName`: the extensions, space-separated.
    pub extensions: Sym,
}

/// A `Type` def: a `TypeTable` entry.
#[derive(Clone, Debug)]
pub struct TypeEntry {
    pub name: Sym,
    pub vec_width: i64,
    pub is_pointer: bool,
    pub is_const: bool,
    pub is_volatile: bool,
    pub access: Access,
    /// `AddrSpace`: a `clang::LangAS` enumerator.
    pub addr_space: Sym,
}

/// A signature shared by the overloads that have it: its offset in `SignatureTable` and its
/// types (return type first) as indices into the type table.
#[derive(Clone, Debug)]
pub struct Signature {
    pub offset: u32,
    pub types: Vec<u32>,
}

/// One overload: a `BuiltinTable` entry.
#[derive(Clone, Debug)]
pub struct Overload {
    /// The offset of its signature in `SignatureTable`.
    pub signature: u32,
    /// The signature's length (the return type and the arguments).
    pub num_types: usize,
    pub is_pure: bool,
    pub is_const: bool,
    pub is_conv: bool,
    /// Its extension's index in `FunctionExtensionTable` (0 for a def that is not one).
    pub extension: u32,
    /// The versions it exists in ([`encode_versions`]).
    pub versions: u16,
}

/// Functions that share their list of overloads (`sin`, `cos`, ...), and the list.
#[derive(Clone, Debug)]
pub struct OverloadGroup {
    pub names: Vec<Sym>,
    pub overloads: Vec<Overload>,
}

/// One image type's `QualType` for an access qualifier.
#[derive(Clone, Debug)]
pub struct ImageCase {
    pub access: Access,
    /// The type's extensions (space-separated; empty for none).
    pub extensions: Sym,
    pub type_expr: Sym,
}

/// An image type's name and its access-qualified types.
#[derive(Clone, Debug)]
pub struct ImageTypes {
    pub name: Sym,
    pub cases: Vec<ImageCase>,
}

/// A scalar type's `QualType` expression and extensions.
#[derive(Clone, Debug)]
pub struct QualTypeCase {
    pub name: Sym,
    pub extensions: Sym,
    pub type_expr: Sym,
}

/// A generic type: its element types and vector sizes.
#[derive(Clone, Debug)]
pub struct GenericCase {
    pub name: Sym,
    /// The element types (their names are not printed).
    pub members: Vec<QualTypeCase>,
    /// How many vector sizes it has.
    pub vector_sizes: usize,
    /// The name of its `IntList` of vector sizes.
    pub vector_list: Sym,
}

/// What `-gen-clang-opencl-builtins` prints, in its order.
#[derive(Clone, Debug)]
pub struct NameTables {
    /// `enum OpenCLTypeID`: the names of the non-generic types, first seen first.
    pub type_names: Vec<Sym>,
    /// ... then the generic types'.
    pub generic_type_names: Vec<Sym>,
    pub extensions: Vec<FunctionExtension>,
    /// Every `Type` def, by name.
    pub types: Vec<TypeEntry>,
    pub signatures: Vec<Signature>,
    pub groups: Vec<OverloadGroup>,
    /// The `IntList` defs: each name and list.
    pub int_lists: Vec<(Sym, Vec<i64>)>,
    /// The image types, in their `StringMap`'s order.
    pub images: Vec<ImageTypes>,
    pub generics: Vec<GenericCase>,
    /// The types neither image nor abstract, each name once.
    pub scalars: Vec<QualTypeCase>,
}

/// `ExtName` of the extension def of `rec`'s field `Extension`.
fn extension_names(f: Fields, rec: RecId) -> Result<Sym, Fatal> {
    f.string(f.def(rec, "Extension")?, "ExtName")
}

/// `TypeExpr` of the `QualType` of `rec`.
fn type_expr(f: Fields, rec: RecId) -> Result<Sym, Fatal> {
    f.string(f.def(rec, "QTExpr")?, "TypeExpr")
}

/// The error of a signature that is not all `Type` defs (clang-tblgen looks the def up in its
/// type table and reads past it).
fn not_a_type(f: Fields, builtin: RecId, ty: RecId) -> Fatal {
    let rk = &f.input.records;
    Fatal::new(
        &rk.get(builtin).locs,
        format!("{}: {} in its Signature is not a Type", rk.get(builtin).name_string(), rk.get(ty).name_string()),
    )
}

impl NameTables {
    /// The tables of `input`; the first fault clang-tblgen reports, if any.
    pub fn new(input: &Evaluation) -> Result<NameTables, Fatal> {
        let f = Fields { input };
        let release = input.records.release;

        // The type enum: the generic types, then the others, each name once.
        let generic_defs = derived_definitions(input, "GenericType")?;
        let type_defs = derived_definitions(input, "Type")?;
        let mut seen = HashSet::new();
        let mut generic_type_names = Vec::new();
        for &rec in generic_defs.iter() {
            let name = f.string(rec, "Name")?;
            if seen.insert(name) {
                generic_type_names.push(name);
            }
        }
        let mut type_names = Vec::new();
        for &rec in type_defs.iter() {
            let name = f.string(rec, "Name")?;
            if seen.insert(name) {
                type_names.push(name);
            }
        }

        // Every type's index in the type table.
        let type_index: HashMap<RecId, u32> = type_defs.iter().enumerate().map(|(i, &r)| (r, i as u32)).collect();

        // The signatures, each once, and each function's overloads.
        let builtin_defs = derived_definitions(input, "Builtin")?;
        let mut signature_offsets: HashMap<Vec<RecId>, u32> = HashMap::new();
        let mut signature_defs: Vec<(Vec<RecId>, u32, RecId)> = Vec::new();
        let mut next_offset = 0u32;
        let mut function_index: HashMap<Sym, usize> = HashMap::new();
        let mut functions: Vec<(Sym, Vec<(RecId, u32)>)> = Vec::new();
        for &builtin in builtin_defs.iter() {
            let name = f.string(builtin, "Name")?;
            let at = *function_index.entry(name).or_insert_with(|| {
                functions.push((name, Vec::new()));
                functions.len() - 1
            });
            let signature = f.defs(builtin, "Signature")?;
            let offset = match signature_offsets.get(&signature) {
                Some(&offset) => offset,
                None => {
                    verify_signature(f, builtin, &signature)?;
                    let offset = next_offset;
                    next_offset = next_offset.wrapping_add(signature.len() as u32);
                    signature_offsets.insert(signature.clone(), offset);
                    signature_defs.push((signature, offset, builtin));
                    offset
                }
            };
            functions[at].1.push((builtin, offset));
        }

        let groups = group_by_signature(f, &functions)?;

        let mut extensions = Vec::new();
        let mut extension_index: HashMap<Sym, u32> = HashMap::new();
        for (i, &rec) in derived_definitions(input, "FunctionExtension")?.iter().enumerate() {
            let name = f.name(rec);
            extensions.push(FunctionExtension { name: name.to_string(), extensions: f.string(rec, "ExtName")? });
            extension_index.insert(name, i as u32);
        }

        let mut types = Vec::with_capacity(type_defs.len());
        for &rec in type_defs.iter() {
            let access = Access::parse(f.string(rec, "AccessQualifier")?).unwrap_or(Access::None);
            types.push(TypeEntry {
                name: f.string(rec, "Name")?,
                vec_width: f.int(rec, "VecWidth")?,
                is_pointer: f.bit(rec, "IsPointer")?,
                is_const: f.bit(rec, "IsConst")?,
                is_volatile: f.bit(rec, "IsVolatile")?,
                access,
                addr_space: f.string(rec, "AddrSpace")?,
            });
        }

        let mut signatures = Vec::with_capacity(signature_defs.len());
        for (defs, offset, builtin) in signature_defs {
            let mut indices = Vec::with_capacity(defs.len());
            for ty in defs {
                let index = *type_index.get(&ty).ok_or_else(|| not_a_type(f, builtin, ty))?;
                if index > u32::from(u16::MAX) {
                    return Err(Fatal::new(&[], "Entry in SignatureTable exceeds limit."));
                }
                indices.push(index);
            }
            signatures.push(Signature { offset, types: indices });
        }

        let mut overload_groups = Vec::with_capacity(groups.len());
        for (names, members) in groups {
            let mut overloads = Vec::with_capacity(members.len());
            for (builtin, signature) in members {
                let extension = f.name(f.def(builtin, "Extension")?);
                let min = f.int(f.def(builtin, "MinVersion")?, "ID")? as u32;
                let max = f.int(f.def(builtin, "MaxVersion")?, "ID")? as u32;
                overloads.push(Overload {
                    signature,
                    num_types: f.defs(builtin, "Signature")?.len(),
                    is_pure: f.bit(builtin, "IsPure")?,
                    is_const: f.bit(builtin, "IsConst")?,
                    is_conv: f.bit(builtin, "IsConv")?,
                    extension: extension_index.get(extension).copied().unwrap_or(0),
                    versions: encode_versions(release, min, max),
                });
            }
            overload_groups.push(OverloadGroup { names, overloads });
        }

        let mut int_lists = Vec::new();
        for &rec in derived_definitions(input, "IntList")?.iter() {
            int_lists.push((f.string(rec, "Name")?, f.ints(rec, "List")?));
        }

        let images = image_types(f, release)?;
        let image_names: HashSet<Sym> = images.iter().map(|i| i.name).collect();

        let mut generics = Vec::with_capacity(generic_defs.len());
        for &rec in generic_defs.iter() {
            let name = f.string(rec, "Name")?;
            let mut members = Vec::new();
            for member in f.defs(f.def(rec, "TypeList")?, "List")? {
                let extensions = extension_names(f, member)?;
                let type_expr = type_expr(f, member)?;
                members.push(QualTypeCase { name: f.name(member), extensions, type_expr });
            }
            let vector_sizes = f.ints(f.def(rec, "VectorList")?, "List")?.len();
            let vector_list = f.string(f.def(rec, "VectorList")?, "Name")?;
            generics.push(GenericCase { name, members, vector_sizes, vector_list });
        }

        let mut scalars = Vec::new();
        let mut seen = HashSet::new();
        for &rec in type_defs.iter() {
            if image_names.contains(f.string(rec, "Name")?) {
                continue;
            }
            let name = f.string(rec, "Name")?;
            if !seen.insert(name) {
                continue;
            }
            let qual_type = f.def(rec, "QTExpr")?;
            if f.bit(qual_type, "IsAbstract")? {
                continue;
            }
            let extensions = extension_names(f, rec)?;
            scalars.push(QualTypeCase { name, extensions, type_expr: f.string(qual_type, "TypeExpr")? });
        }

        Ok(NameTables {
            type_names,
            generic_type_names,
            extensions,
            types,
            signatures,
            groups: overload_groups,
            int_lists,
            images,
            generics,
            scalars,
        })
    }
}

/// `VerifySignature`: the generic types of one signature must have the same number of vector
/// sizes (or one), and the same number of types (or one).
fn verify_signature(f: Fields, builtin: RecId, signature: &[RecId]) -> Result<(), Fatal> {
    let mut vector_sizes = 1usize;
    let mut types = 1usize;
    let fail = |what: &str| {
        Fatal::new(
            &f.input.records.get(builtin).locs,
            format!("number of {what} should be equal or 1 for all gentypes in a declaration"),
        )
    };
    for &ty in signature {
        if !f.is_a(ty, "GenericType") {
            continue;
        }
        let n = f.ints(f.def(ty, "VectorList")?, "List")?.len();
        if n != vector_sizes && n != 1 {
            if vector_sizes > 1 {
                return Err(fail("vector sizes"));
            }
            vector_sizes = n;
        }
        let n = f.defs(f.def(ty, "TypeList")?, "List")?.len();
        if n != types && n != 1 {
            if types > 1 {
                return Err(fail("types"));
            }
            types = n;
        }
    }
    Ok(())
}

/// The functions' names grouped with those of the same overloads, and the overloads (each
/// builtin and its signature's offset) of the first function of each group.
type Groups = Vec<(Vec<Sym>, Vec<(RecId, u32)>)>;

/// `GroupBySignature`: a function joins every earlier group of the same signatures (as a sorted
/// list) whose overloads it can share ([`can_share`]); one it joins none of starts a group.
fn group_by_signature(f: Fields, functions: &[(Sym, Vec<(RecId, u32)>)]) -> Result<Groups, Fatal> {
    let mut groups: Groups = Vec::new();
    // The groups of each sorted list of signatures, oldest first.
    let mut by_signatures: HashMap<Vec<u32>, Vec<usize>> = HashMap::new();
    for (name, overloads) in functions {
        let mut key: Vec<u32> = overloads.iter().map(|&(_, offset)| offset).collect();
        key.sort_unstable();
        let mut joined = false;
        for &group in by_signatures.get(&key).map(Vec::as_slice).unwrap_or_default() {
            if can_share(f, &groups[group].1, overloads)? {
                groups[group].0.push(name);
                joined = true;
            }
        }
        if !joined {
            by_signatures.entry(key).or_default().push(groups.len());
            groups.push((vec![name], overloads.clone()));
        }
    }
    Ok(groups)
}

/// `CanReuseSignature`, as clang-tblgen has it: whether the overloads at some one position of
/// the two lists agree on their attributes, versions and extension.
fn can_share(f: Fields, group: &[(RecId, u32)], overloads: &[(RecId, u32)]) -> Result<bool, Fatal> {
    for (&(a, _), &(b, _)) in overloads.iter().zip(group) {
        if same_overload_properties(f, a, b)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Whether builtins `a` and `b` agree on `IsPure`, `IsConst`, `IsConv`, the versions and the
/// extension, read as far as they agree.
fn same_overload_properties(f: Fields, a: RecId, b: RecId) -> Result<bool, Fatal> {
    for bit in ["IsPure", "IsConst", "IsConv"] {
        if f.bit(a, bit)? != f.bit(b, bit)? {
            return Ok(false);
        }
    }
    for version in ["MinVersion", "MaxVersion"] {
        if f.int(f.def(a, version)?, "ID")? != f.int(f.def(b, version)?, "ID")? {
            return Ok(false);
        }
    }
    Ok(f.name(f.def(a, "Extension")?) == f.name(f.def(b, "Extension")?))
}

/// The `ImageType` defs by name, the names in their `StringMap`'s order, each name's types in
/// def order.
fn image_types(f: Fields, release: Release) -> Result<Vec<ImageTypes>, Fatal> {
    let defs = derived_definitions(f.input, "ImageType")?;
    let mut by_name: HashMap<Sym, Vec<RecId>> = HashMap::new();
    let mut names = Vec::new();
    for &rec in defs.iter() {
        let name = f.string(rec, "Name")?;
        by_name
            .entry(name)
            .or_insert_with(|| {
                names.push(name);
                Vec::new()
            })
            .push(rec);
    }
    let mut images = Vec::with_capacity(names.len());
    for name in string_map_order(release, names.iter().copied()) {
        let mut cases = Vec::new();
        for &rec in &by_name[name] {
            let extensions = extension_names(f, rec)?;
            let access = f.string(rec, "AccessQualifier")?;
            let access = Access::parse(access).ok_or_else(|| unknown_access(f, rec, access))?;
            cases.push(ImageCase { access, extensions, type_expr: type_expr(f, rec)? });
        }
        images.push(ImageTypes { name, cases });
    }
    Ok(images)
}

/// Which file [`declarations`] is read for: the two read a builtin's fields in different
/// orders, and only the header reads its attributes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeclarationFile {
    /// `-gen-clang-opencl-builtin-header`: a prototype per signature.
    Header,
    /// `-gen-clang-opencl-builtin-tests`: a function calling the builtin per signature.
    Tests,
}

/// A builtin's function attributes (read for the header only).
#[derive(Clone, Copy, Debug)]
pub struct Attributes {
    pub is_const: bool,
    pub is_pure: bool,
    pub is_conv: bool,
}

/// One signature of a builtin in OpenCL C: the return type first, then the arguments.
#[derive(Clone, Debug)]
pub struct Declaration {
    pub types: Vec<String>,
    /// The extensions its types need, each once (`#if defined(...)` guards), in `SmallSet`'s
    /// order: as first needed while two or fewer, sorted beyond.
    pub type_extensions: Vec<Sym>,
}

/// A `Builtin` def with its signatures expanded.
#[derive(Clone, Debug)]
pub struct BuiltinDeclarations {
    pub name: Sym,
    /// `ExtName` of its extension: the extensions, space-separated.
    pub extensions: Sym,
    pub min_version: i32,
    pub max_version: i32,
    /// `Some` for the header.
    pub attributes: Option<Attributes>,
    pub declarations: Vec<Declaration>,
}

/// Expands signatures, remembering which extension each OpenCL C type needs (the first
/// extension seen for a spelling is kept, across builtins).
struct Expander<'a> {
    f: Fields<'a>,
    type_extensions: HashMap<String, Sym>,
}

/// The pointer, const and volatile qualifiers that a `PointerType`, `ConstType` or
/// `VolatileType` of a generic type gives its expansion (`TypeFlags`).
#[derive(Clone, Copy, Default)]
struct Qualifiers {
    is_pointer: bool,
    is_const: bool,
    is_volatile: bool,
    addr_space: Sym,
}

/// The OpenCL C keyword of an address space (`__private` for one it does not know).
fn addr_space_keyword(addr_space: &str) -> &'static str {
    match addr_space {
        "clang::LangAS::opencl_global" => "__global",
        "clang::LangAS::opencl_constant" => "__constant",
        "clang::LangAS::opencl_local" => "__local",
        "clang::LangAS::opencl_generic" => "__generic",
        _ => "__private",
    }
}

impl Expander<'_> {
    /// `getTypeLists`: the types and vector sizes a signature element stands for, and the
    /// qualifiers it gives them.
    fn type_lists(&self, ty: RecId, q: &mut Qualifiers) -> Result<(Vec<RecId>, Vec<i64>), Fatal> {
        let f = self.f;
        if f.is_a(ty, "GenericType") {
            let types = f.defs(f.def(ty, "TypeList")?, "List")?;
            let sizes = f.ints(f.def(ty, "VectorList")?, "List")?;
            return Ok((types, sizes));
        }
        if f.is_a(ty, "PointerType") || f.is_a(ty, "ConstType") || f.is_a(ty, "VolatileType") {
            let sub = f.input.records.def(f.string(ty, "Name")?).filter(|&sub| f.is_a(sub, "GenericType"));
            if let Some(sub) = sub {
                q.is_pointer = f.bit(ty, "IsPointer")?;
                q.is_const = f.bit(ty, "IsConst")?;
                q.is_volatile = f.bit(ty, "IsVolatile")?;
                q.addr_space = f.string(ty, "AddrSpace")?;
                return self.type_lists(sub, q);
            }
        }
        Ok((vec![ty], vec![f.int(ty, "VecWidth")?]))
    }

    /// `getTypeString`: a type in OpenCL C, with its qualifiers and vector size.
    fn type_string(&self, ty: RecId, q: Qualifiers, vector_size: i64) -> Result<String, Fatal> {
        let f = self.f;
        let mut s = String::new();
        if f.bit(ty, "IsConst")? || q.is_const {
            s.push_str("const ");
        }
        if f.bit(ty, "IsVolatile")? || q.is_volatile {
            s.push_str("volatile ");
        }
        if q.is_pointer {
            s.push_str(addr_space_keyword(q.addr_space));
            s.push(' ');
        } else if f.bit(ty, "IsPointer")? {
            s.push_str(addr_space_keyword(f.string(ty, "AddrSpace")?));
            s.push(' ');
        }
        s.push_str(access_of(f, ty)?.keyword());
        s.push_str(f.string(ty, "Name")?);
        // `VectorSize` is an `int`.
        let vector_size = vector_size as i32;
        if vector_size > 1 {
            s.push_str(&vector_size.to_string());
        }
        if f.bit(ty, "IsPointer")? || q.is_pointer {
            s.push_str(" *");
        }
        Ok(s)
    }

    /// `expandTypesInSignature`: the signatures a builtin's stands for, its generic types
    /// expanded together (the shorter ones repeating). An element that stands for no type
    /// (clang-tblgen divides by zero on it) is an error after all are read.
    fn expand(&mut self, builtin: RecId, signature: &[RecId]) -> Result<Vec<Vec<String>>, Fatal> {
        let f = self.f;
        let mut expanded_args = Vec::with_capacity(signature.len());
        for &arg in signature {
            let mut q = Qualifiers::default();
            let (types, sizes) = self.type_lists(arg, &mut q)?;
            let mut expanded = Vec::with_capacity(types.len() * sizes.len());
            for &size in &sizes {
                for &ty in &types {
                    let spelled = self.type_string(ty, q, size)?;
                    let extensions = extension_names(f, ty)?;
                    if !extensions.is_empty() {
                        self.type_extensions.entry(spelled.clone()).or_insert(extensions);
                    }
                    expanded.push(spelled);
                }
            }
            expanded_args.push(expanded);
        }
        if let Some(at) = expanded_args.iter().position(Vec::is_empty) {
            let rk = &f.input.records;
            return Err(Fatal::new(
                &rk.get(builtin).locs,
                format!(
                    "{}: {} in its Signature stands for no type (no types or no vector sizes)",
                    rk.get(builtin).name_string(),
                    rk.get(signature[at]).name_string()
                ),
            ));
        }
        let count = expanded_args.iter().map(Vec::len).max().unwrap_or(1);
        Ok((0..count).map(|i| expanded_args.iter().map(|arg| arg[i % arg.len()].clone()).collect()).collect())
    }

    /// The extensions the types of a signature need, as `SmallSet<StringRef, 2>` iterates
    /// them.
    fn extensions_of(&self, types: &[String]) -> Vec<Sym> {
        let mut set: Vec<Sym> = Vec::new();
        let mut small = true;
        for ty in types {
            let Some(extensions) = self.type_extensions.get(ty) else { continue };
            for ext in extensions.split(' ') {
                if set.contains(&ext) {
                    continue;
                }
                set.push(ext);
                // Past two elements the set is a `std::set`, in order.
                small &= set.len() <= 2;
                if !small {
                    set.sort_unstable();
                }
            }
        }
        set
    }
}

/// The error where clang-tblgen prints the return type of a builtin of an empty signature
/// (reading past its end).
fn empty_signature(f: Fields, builtin: RecId) -> Fatal {
    let rk = &f.input.records;
    Fatal::new(
        &rk.get(builtin).locs,
        format!("{}: its Signature is empty (it needs a return type)", rk.get(builtin).name_string()),
    )
}

/// Every `Builtin` def with its signatures in OpenCL C, read as `file`'s emitter reads them.
pub fn declarations(input: &Evaluation, file: DeclarationFile) -> Result<Vec<BuiltinDeclarations>, Fatal> {
    let f = Fields { input };
    let mut expander = Expander { f, type_extensions: HashMap::new() };
    let mut builtins = Vec::new();
    for &builtin in derived_definitions(input, "Builtin")?.iter() {
        let name = f.string(builtin, "Name")?;
        let guards = || -> Result<(Sym, i32, i32), Fatal> {
            let extensions = extension_names(f, builtin)?;
            let min = f.int(f.def(builtin, "MinVersion")?, "ID")? as i32;
            let max = f.int(f.def(builtin, "MaxVersion")?, "ID")? as i32;
            Ok((extensions, min, max))
        };
        // The tests expand the signature before they read the guards, the header after.
        let (signatures, (extensions, min_version, max_version)) = match file {
            DeclarationFile::Tests => {
                let signatures = expander.expand(builtin, &f.defs(builtin, "Signature")?)?;
                (signatures, guards()?)
            }
            DeclarationFile::Header => {
                let guards = guards()?;
                (expander.expand(builtin, &f.defs(builtin, "Signature")?)?, guards)
            }
        };
        if signatures.iter().any(Vec::is_empty) {
            return Err(empty_signature(f, builtin));
        }
        let attributes = match file {
            DeclarationFile::Tests => None,
            DeclarationFile::Header => Some(Attributes {
                is_const: f.bit(builtin, "IsConst")?,
                is_pure: f.bit(builtin, "IsPure")?,
                is_conv: f.bit(builtin, "IsConv")?,
            }),
        };
        let declarations = signatures
            .into_iter()
            .map(|types| Declaration { type_extensions: expander.extensions_of(&types), types })
            .collect();
        builtins.push(BuiltinDeclarations { name, extensions, min_version, max_version, attributes, declarations });
    }
    Ok(builtins)
}
