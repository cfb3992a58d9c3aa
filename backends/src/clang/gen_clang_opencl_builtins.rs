//! `-gen-clang-opencl-builtins` (OpenCLBuiltins.inc, for Sema's lookup of OpenCL builtins): the
//! type enum and the structs, then the tables of [`NameTables`] (function extensions, types,
//! signatures, overloads), `isOpenCLBuiltin`'s string matcher over the function names and
//! `OCL2Qual`, which turns a table type into clang `QualType`s.

use crate::common::emit::source_file_header;
use crate::common::string_matcher::{self, StringPair};
use crate::{Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::Evaluation;
use tdq_models::clang::opencl_builtins::{NameTables, QualTypeCase};

pub struct GenClangOpenclBuiltins;

impl Backend for GenClangOpenclBuiltins {
    fn name(&self) -> &'static str {
        "gen-clang-opencl-builtins"
    }
    fn help(&self) -> &'static str {
        "Generate OpenCL builtin declaration handlers"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let tables = NameTables::new(input)?;
        let mut s = String::new();
        source_file_header(&mut s, "OpenCL Builtin handling", Some(&options.input_filename));
        s.push_str("#include \"llvm/ADT/StringRef.h\"\nusing namespace clang;\n\n");
        emit_declarations(&tables, &mut s);
        emit_tables(&tables, &mut s);
        emit_string_matcher(&tables, &mut s);
        emit_qual_type_finder(&tables, &mut s);
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

const STRUCTS: &str = r#"
// Image access qualifier.
enum OpenCLAccessQual : unsigned char {
  OCLAQ_None,
  OCLAQ_ReadOnly,
  OCLAQ_WriteOnly,
  OCLAQ_ReadWrite
};

// Represents a return type or argument type.
struct OpenCLTypeStruct {
  // A type (e.g. float, int, ...).
  const OpenCLTypeID ID;
  // Vector size (if applicable; 0 for scalars and generic types).
  const unsigned VectorWidth;
  // 0 if the type is not a pointer.
  const bool IsPointer : 1;
  // 0 if the type is not const.
  const bool IsConst : 1;
  // 0 if the type is not volatile.
  const bool IsVolatile : 1;
  // Access qualifier.
  const OpenCLAccessQual AccessQualifier;
  // Address space of the pointer (if applicable).
  const LangAS AS;
};

// One overload of an OpenCL builtin function.
struct OpenCLBuiltinStruct {
  // Index of the signature in the OpenCLTypeStruct table.
  const unsigned SigTableIndex;
  // Entries between index SigTableIndex and (SigTableIndex + NumTypes - 1) in
  // the SignatureTable represent the complete signature.  The first type at
  // index SigTableIndex is the return type.
  const unsigned NumTypes;
  // Function attribute __attribute__((pure))
  const bool IsPure : 1;
  // Function attribute __attribute__((const))
  const bool IsConst : 1;
  // Function attribute __attribute__((convergent))
  const bool IsConv : 1;
  // OpenCL extension(s) required for this overload.
  const unsigned short Extension;
  // OpenCL versions in which this overload is available.
  const unsigned short Versions;
};

"#;
const MATCHER_PROLOGUE: &str = r#"
// Find out whether a string matches an existing OpenCL builtin function name.
// Returns: A pair <0, 0> if no name matches.
//          A pair <Index, Len> indexing the BuiltinTable if the name is
//          matching an OpenCL builtin function.
static std::pair<unsigned, unsigned> isOpenCLBuiltin(llvm::StringRef Name) {

"#;
const OCL2QUAL_PROLOGUE: &str = r#"

static QualType getOpenCLEnumType(Sema &S, llvm::StringRef Name);
static QualType getOpenCLTypedefType(Sema &S, llvm::StringRef Name);

// Convert an OpenCLTypeStruct type to a list of QualTypes.
// Generic types represent multiple types and vector sizes, thus a vector
// is returned. The conversion is done in two steps:
// Step 1: A switch statement fills a vector with scalar base types for the
//         Cartesian product of (vector sizes) x (types) for generic types,
//         or a single scalar type for non generic types.
// Step 2: Qualifiers and other type properties such as vector size are
//         applied.
static void OCL2Qual(Sema &S, const OpenCLTypeStruct &Ty,
                     llvm::SmallVectorImpl<QualType> &QT) {
  ASTContext &Context = S.Context;
  // Number of scalar types in the GenType.
  unsigned GenTypeNumTypes;
  // Pointer to the list of vector sizes for the GenType.
  llvm::ArrayRef<unsigned> GenVectorSizes;
"#;
const GENERIC_VECTORS: &str = r#"
    for (unsigned I = 0; I < QT.size(); I++) {
      // For scalars, size is 1.
      if (GenVectorSizes[I / GenTypeNumTypes] != 1) {
        QT[I] = Context.getExtVectorType(QT[I],
                          GenVectorSizes[I / GenTypeNumTypes]);
      }
    }
  }
"#;
const QUALIFIERS: &str = r#"
  // Set vector size for non-generic vector types.
  if (Ty.VectorWidth > 1) {
    for (unsigned Index = 0; Index < QT.size(); Index++) {
      QT[Index] = Context.getExtVectorType(QT[Index], Ty.VectorWidth);
    }
  }

  if (Ty.IsVolatile != 0) {
    for (unsigned Index = 0; Index < QT.size(); Index++) {
      QT[Index] = Context.getVolatileType(QT[Index]);
    }
  }

  if (Ty.IsConst != 0) {
    for (unsigned Index = 0; Index < QT.size(); Index++) {
      QT[Index] = Context.getConstType(QT[Index]);
    }
  }

  // Transform the type to a pointer as the last step, if necessary.
  // Builtin functions only have pointers on [const|volatile], no
  // [const|volatile] pointers, so this is ok to do it as a last step.
  if (Ty.IsPointer != 0) {
    for (unsigned Index = 0; Index < QT.size(); Index++) {
      QT[Index] = Context.getAddrSpaceQualType(QT[Index], Ty.AS);
      QT[Index] = Context.getPointerType(QT[Index]);
    }
  }
"#;
/// `enum OpenCLTypeID` (the generic types last) and the structs of the tables.
fn emit_declarations(t: &NameTables, s: &mut String) {
    s.push_str("enum OpenCLTypeID {\n");
    for name in t.type_names.iter().chain(&t.generic_type_names) {
        let _ = writeln!(s, "  OCLT_{name},");
    }
    s.push_str("};\n");
    s.push_str(STRUCTS);
}

/// `FunctionExtensionTable`, `TypeTable`, `SignatureTable` and `BuiltinTable`.
fn emit_tables(t: &NameTables, s: &mut String) {
    s.push_str("static const char *FunctionExtensionTable[] = {\n");
    for (i, ext) in t.extensions.iter().enumerate() {
        let _ = write!(s, "  // {i}: {}\n  \"{}\",\n", ext.name, ext.extensions);
    }
    s.push_str("};\n\n");

    s.push_str("static const OpenCLTypeStruct TypeTable[] = {\n");
    for (i, ty) in t.types.iter().enumerate() {
        let _ = write!(
            s,
            "  // {i}\n  {{OCLT_{}, {}, {}, {}, {}, {}, {}}},\n",
            ty.name,
            ty.vec_width,
            u8::from(ty.is_pointer),
            u8::from(ty.is_const),
            u8::from(ty.is_volatile),
            ty.access.enumerator(),
            ty.addr_space
        );
    }
    s.push_str("};\n\n");

    s.push_str("static const unsigned short SignatureTable[] = {\n");
    for sig in &t.signatures {
        let _ = write!(s, "  // {}\n  ", sig.offset);
        for ty in &sig.types {
            let _ = write!(s, "{ty}, ");
        }
        s.push('\n');
    }
    s.push_str("};\n\n");

    s.push_str("static const OpenCLBuiltinStruct BuiltinTable[] = {\n");
    let mut index = 0usize;
    for group in &t.groups {
        let _ = write!(s, "  // {}: ", index + 1);
        for name in &group.names {
            let _ = write!(s, "{name}, ");
        }
        s.push('\n');
        for o in &group.overloads {
            let _ = writeln!(
                s,
                "  {{ {}, {}, {}, {}, {}, {}, {} }},",
                o.signature,
                o.num_types,
                u8::from(o.is_pure),
                u8::from(o.is_const),
                u8::from(o.is_conv),
                o.extension,
                o.versions
            );
            index += 1;
        }
    }
    s.push_str("};\n\n");
}

/// `isOpenCLBuiltin`: each function name's first entry in `BuiltinTable` (counting from 1) and
/// number of overloads.
fn emit_string_matcher(t: &NameTables, s: &mut String) {
    let mut matches: Vec<StringPair> = Vec::new();
    let mut first = 1usize;
    for group in &t.groups {
        let len = group.overloads.len();
        for name in &group.names {
            matches.push((name.to_string(), format!("return std::make_pair({first}, {len});")));
        }
        first += len;
    }
    s.push_str(MATCHER_PROLOGUE);
    // A function name in two groups is matched by its first.
    let _ = string_matcher::emit_with("Name", &matches, 0, true, s);
    s.push_str("  return std::make_pair(0, 0);\n} // isOpenCLBuiltin\n");
}

/// `if (S.getPreprocessor().isMacroDefined("ext") && ...) {` over space-separated extensions
/// (an extension spelled as the first is not preceded by `&&`, as clang-tblgen compares
/// them by their text).
fn emit_macro_checks(extensions: &str, s: &mut String) {
    let mut words = extensions.split(' ');
    let first = words.next().unwrap_or_default();
    s.push_str("      if (");
    for ext in std::iter::once(first).chain(words) {
        if ext != first {
            s.push_str(" && ");
        }
        let _ = write!(s, "S.getPreprocessor().isMacroDefined(\"{ext}\")");
    }
    s.push_str(") {\n  ");
}

/// `OCL2Qual`: the vector size lists, a `switch` over the type with a case per image type,
/// generic type and scalar type, then the qualifiers applied.
fn emit_qual_type_finder(t: &NameTables, s: &mut String) {
    s.push_str(OCL2QUAL_PROLOGUE);
    for (name, list) in &t.int_lists {
        let _ = write!(s, "  constexpr unsigned List{name}[] = {{");
        for v in list {
            let _ = write!(s, "{v}, ");
        }
        s.push_str("};\n");
    }
    s.push_str("\n  switch (Ty.ID) {\n");

    for image in &t.images {
        let _ = write!(
            s,
            "    case OCLT_{}:\n      switch (Ty.AccessQualifier) {{\n        case OCLAQ_None:\n          \
             llvm_unreachable(\"Image without access qualifier\");\n",
            image.name
        );
        for case in &image.cases {
            let _ = writeln!(s, "        case {}:", case.access.enumerator());
            if !case.extensions.is_empty() {
                s.push_str("    ");
                emit_macro_checks(case.extensions, s);
            }
            let _ = writeln!(s, "          QT.push_back({});", case.type_expr);
            if !case.extensions.is_empty() {
                s.push_str("          }\n");
            }
            s.push_str("          break;\n");
        }
        s.push_str("      }\n      break;\n");
    }

    for generic in &t.generics {
        let _ = write!(
            s,
            "    case OCLT_{}: {{\n      SmallVector<QualType, {}> TypeList;\n",
            generic.name,
            generic.members.len()
        );
        for member in &generic.members {
            emit_guarded_push("TypeList", member, s);
        }
        let (sizes, types) = (generic.vector_sizes, generic.members.len());
        let _ = write!(
            s,
            "      GenTypeNumTypes = TypeList.size();\n      QT.reserve({});\n      for (unsigned I = 0; I < {sizes}; I++) {{\n        \
             QT.append(TypeList);\n      }}\n      GenVectorSizes = List{};\n      break;\n    }}\n",
            sizes * types,
            generic.vector_list
        );
    }

    for scalar in &t.scalars {
        let _ = writeln!(s, "    case OCLT_{}:", scalar.name);
        emit_guarded_push("QT", scalar, s);
        s.push_str("      break;\n");
    }

    s.push_str("  } // end of switch (Ty.ID)\n\n");
    s.push_str("  // Construct the different vector types for each generic type.\n");
    let _ = write!(s, "  if (Ty.ID >= {}) {{", t.type_names.len());
    s.push_str(GENERIC_VECTORS);
    s.push_str(QUALIFIERS);
    s.push_str("\n} // OCL2Qual\n");
}

/// `<list>.push_back(<TypeExpr>);`, inside the type's extension checks if it has any.
fn emit_guarded_push(list: &str, ty: &QualTypeCase, s: &mut String) {
    if !ty.extensions.is_empty() {
        emit_macro_checks(ty.extensions, s);
    }
    let _ = writeln!(s, "      {list}.push_back({});", ty.type_expr);
    if !ty.extensions.is_empty() {
        s.push_str("      }\n");
    }
}
