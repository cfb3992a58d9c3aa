//! `--gen-x86-mnemonic-tables`: for each X86 mnemonic, a function telling whether an opcode is
//! an instruction of that mnemonic (LLVM's X86MnemonicTables.cpp).

use crate::common::emit::{ifdef_block, namespace, source_file_header};
use crate::common::string_map::string_map_order;
use crate::gen_asm_writer::ASMWRITERNUM;
use crate::{Backend, BackendError, BackendOptions, Output};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::target::instructions::Instructions;
use tdq_models::target::x86::{form, mnemonic, RecognizableInstr};
use tdq_models::target::Target;
use tdq_models::Fields;

pub struct GenX86MnemonicTables;

impl Backend for GenX86MnemonicTables {
    fn name(&self) -> &'static str {
        "gen-x86-mnemonic-tables"
    }
    fn help(&self) -> &'static str {
        "Generate X86 mnemonic tables"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let form = FORM.get(options.release);
        let f = Fields { input };
        let target = Target::get(input)?;
        // `-asmwriternum`, which `--gen-asm-writer` declares (LLVM's `CodeGenTarget` reads it).
        let variant = target.asm_writer_variant(input, options.get(&ASMWRITERNUM) as usize)?;
        let instructions = Instructions::get(input)?;
        // Instructions by mnemonic, in enum order; the mnemonics as first met.
        let mut by_mnemonic: HashMap<String, Vec<&'static str>> = HashMap::new();
        let mut mnemonics: Vec<String> = Vec::new();
        for inst in instructions.in_enum_order() {
            if !f.is_a(inst.def, "X86Inst") {
                continue;
            }
            let ri = RecognizableInstr::read(&f, inst.def)?;
            if !ri.should_be_emitted() {
                continue;
            }
            if f.string(inst.def, "AsmVariantName")? == "NonParsable" || ri.form == form::PREFIX_BYTE {
                continue;
            }
            let m = mnemonic(inst, variant);
            let list = by_mnemonic.entry(m.clone()).or_default();
            if list.is_empty() {
                mnemonics.push(m);
            }
            list.push(inst.name);
        }
        let order = string_map_order(options.release, mnemonics.iter().map(String::as_str));
        let mut s = String::new();
        source_file_header(&mut s, "X86 Mnemonic tables", None);
        let declarations = |s: &mut String| {
            for m in &order {
                let _ = writeln!(s, "bool is{m}(unsigned Opcode);");
            }
        };
        let definitions = |s: &mut String| {
            for m in &order {
                let _ = writeln!(s, "bool is{m}(unsigned Opcode) {{");
                let insts = &by_mnemonic[*m];
                let t = form.indent;
                if insts.len() == 1 {
                    let _ = write!(s, "{t}return Opcode == {};\n}}\n\n", insts[0]);
                } else {
                    let _ = writeln!(s, "{t}switch (Opcode) {{");
                    for inst in insts {
                        let _ = writeln!(s, "{t}case {inst}:");
                    }
                    let _ = write!(s, "{t}{t}return true;\n{t}}}\n{t}return false;\n}}\n\n");
                }
            }
        };
        if form.helper_sections {
            ifdef_block(&mut s, "GET_X86_MNEMONIC_TABLES_H", false, |s| namespace(s, "llvm::X86", declarations));
            ifdef_block(&mut s, "GET_X86_MNEMONIC_TABLES_CPP", false, |s| namespace(s, "llvm::X86", definitions));
        } else {
            s.push_str("namespace llvm {\nnamespace X86 {\n\n");
            s.push_str("#ifdef GET_X86_MNEMONIC_TABLES_H\n#undef GET_X86_MNEMONIC_TABLES_H\n\n");
            declarations(&mut s);
            s.push_str("#endif // GET_X86_MNEMONIC_TABLES_H\n\n");
            s.push_str("#ifdef GET_X86_MNEMONIC_TABLES_CPP\n#undef GET_X86_MNEMONIC_TABLES_CPP\n\n");
            definitions(&mut s);
            s.push_str("#endif // GET_X86_MNEMONIC_TABLES_CPP\n\n");
            s.push_str("} // end namespace X86\n} // end namespace llvm");
        }
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

/// What one release writes.
#[derive(Debug)]
struct Form {
    /// LLVM 23's `IfDefEmitter`/`NamespaceEmitter` sections inside `llvm::X86`; before, one
    /// namespace around two hand-written sections.
    helper_sections: bool,
    /// The indentation of the functions' bodies (a tab before LLVM 23).
    indent: &'static str,
}

const FORM: ByRelease<Form> = ByRelease {
    v19: Form { helper_sections: false, indent: "\t" },
    v22: Form { helper_sections: false, indent: "\t" },
    v23: Form { helper_sections: true, indent: "  " },
};
