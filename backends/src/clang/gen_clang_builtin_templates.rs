//! `-gen-clang-builtin-templates` (LLVM 20 on, `BuiltinTemplates.inc`): clang's builtin
//! templates (`__make_integer_seq`, ...): an X-macro of each under its class, and the C++ that
//! creates each one's template parameter list.

use crate::common::emit::source_file_header;
use crate::common::string_map::string_map_order;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::Evaluation;
use tdq_models::records::{derived_definitions, Fatal};
use tdq_models::Fields;

pub struct GenClangBuiltinTemplates;

/// `ParserState`: the counter of unique names and what has been declared once.
#[derive(Default)]
struct ParserState {
    unique: usize,
    depth: usize,
    size_t_info: bool,
    uint32_t_info: bool,
}

/// `ParseTemplateParameterList`: the code that creates the parameters of `args` and their
/// list, and the list's name.
fn parameter_list(f: Fields, ps: &mut ParserState, args: &[RecId]) -> Result<(String, String), Fatal> {
    let mut params = Vec::new();
    let mut parm_of_name: HashMap<&str, String> = HashMap::new();
    let mut code = String::new();
    for (position, &arg) in args.iter().enumerate() {
        let parm = format!("Parm{}", ps.unique);
        ps.unique += 1;
        let depth = ps.depth;
        if f.is_a(arg, "Template") {
            ps.depth += 1;
            let (inner, list) = parameter_list(f, ps, &f.defs(arg, "Args")?)?;
            ps.depth -= 1;
            let _ = writeln!(
                code,
                "{inner} auto *{parm} = TemplateTemplateParmDecl::Create(C, DC, SourceLocation(), {depth}, {position}, /*ParameterPack=*/false, /*Id=*/nullptr, /*Kind=*/TNK_Type_template, /*Typename=*/false, {list});"
            );
        } else if f.is_a(arg, "Class") {
            let variadic = f.bit(arg, "IsVariadic")?;
            let _ = writeln!(
                code,
                " auto *{parm} = TemplateTypeParmDecl::Create(C, DC, SourceLocation(), SourceLocation(), {depth}, {position}, /*Id=*/nullptr, /*Typename=*/false, {variadic});"
            );
        } else if f.is_a(arg, "NTTP") {
            let type_name = f.string(arg, "TypeName")?;
            let Some(type_parm) = parm_of_name.get(type_name) else {
                return Err(Fatal::new(&[], "Unknown Type Name"));
            };
            let tsi = format!("TSI{}", ps.unique);
            ps.unique += 1;
            let variadic = f.bit(arg, "IsVariadic")?;
            let _ = writeln!(
                code,
                " auto *{tsi} = C.getTrivialTypeSourceInfo(QualType({type_parm}->getTypeForDecl(), 0));"
            );
            let _ = writeln!(
                code,
                " auto *{parm} = NonTypeTemplateParmDecl::Create(C, DC, SourceLocation(), SourceLocation(), {depth}, {position}, /*Id=*/nullptr, {tsi}->getType(), {variadic}, {tsi});"
            );
        } else if f.is_a(arg, "BuiltinNTTP") {
            let info = match f.string(arg, "TypeName")? {
                "size_t" => {
                    if !ps.size_t_info {
                        code.push_str("TypeSourceInfo *SizeTInfo = C.getTrivialTypeSourceInfo(C.getSizeType());\n");
                        ps.size_t_info = true;
                    }
                    "SizeTInfo"
                }
                "uint32_t" => {
                    if !ps.uint32_t_info {
                        code.push_str("TypeSourceInfo *Uint32TInfo = C.getTrivialTypeSourceInfo(C.UnsignedIntTy);\n");
                        ps.uint32_t_info = true;
                    }
                    "Uint32TInfo"
                }
                _ => return Err(Fatal::new(&[], "Unknown Type Name")),
            };
            let _ = writeln!(
                code,
                " auto *{parm} = NonTypeTemplateParmDecl::Create(C, DC, SourceLocation(), SourceLocation(), {depth}, {position}, /*Id=*/nullptr, {info}->getType(), /*ParameterPack=*/false, {info});"
            );
        } else {
            return Err(Fatal::new(&[], "Unknown Argument Type"));
        }
        parm_of_name.insert(f.string(arg, "Name")?, parm.clone());
        params.push(parm);
    }
    let list = format!("TPL{}", ps.unique);
    ps.unique += 1;
    let _ = write!(code, " auto *{list} = TemplateParameterList::Create(C, SourceLocation(), SourceLocation(), {{");
    if params.is_empty() {
        return Err(Fatal::new(&[], "Expected at least one argument in template parameter list"));
    }
    let _ = writeln!(code, "{}}}, SourceLocation(), nullptr);", params.join(", "));
    Ok((code, list))
}

impl Backend for GenClangBuiltinTemplates {
    fn name(&self) -> &'static str {
        "gen-clang-builtin-templates"
    }
    fn help(&self) -> &'static str {
        "Generate clang builtins list"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let mut s = String::new();
        source_file_header(&mut s, "Tables and code for Clang's builtin templates", None);
        let mut create = String::new();
        let mut names = String::new();
        let mut classes: Vec<String> = Vec::new();
        for &builtin in derived_definitions(input, "BuiltinTemplate")?.iter() {
            let class = input.records.get(builtin).ty(&input.records).to_string();
            let name = input.records.get(builtin).name_string();
            let _ = writeln!(create, "case BTK{name}: {{");
            let (code, list) = parameter_list(f, &mut ParserState::default(), &f.defs(builtin, "TemplateHead")?)?;
            let _ = write!(create, "{code}\n  return {list};\n  }}\n");
            let _ = writeln!(names, "{class}({name})");
            if !classes.contains(&class) {
                classes.push(class);
            }
        }
        let classes = string_map_order(options.release, classes.iter().map(String::as_str));
        for class in classes.iter().filter(|&&c| c != "BuiltinTemplate") {
            let _ = write!(s, "#ifndef {class}\n#define {class}(NAME) BuiltinTemplate(NAME)\n#endif\n\n");
        }
        let _ = write!(
            s,
            "#if defined(CREATE_BUILTIN_TEMPLATE_PARAMETER_LIST)\n{create}#undef CREATE_BUILTIN_TEMPLATE_PARAMETER_LIST\n#else\n{names}#undef BuiltinTemplate\n#endif\n"
        );
        for class in classes.iter().filter(|&&c| c != "BuiltinTemplate") {
            let _ = writeln!(s, "#undef {class}");
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}
