//! `--gen-disassembler`: the tables a target's disassembler decodes instructions with
//! (LLVM's DisassemblerEmitter.cpp). Every target but two gets the release's table-driven
//! decoder, of fixed-length and variable-length encodings alike: LLVM 19's filter chooser
//! ([`decoder19`]) or LLVM 22's decoder tree ([`decoder`], DecoderEmitter.cpp,
//! DecoderTableEmitter.cpp). WebAssembly ([`web_assembly`]) and X86 ([`x86`]) have tables of
//! their own.

mod decoder;
mod decoder19;
mod web_assembly;
mod x86;

use crate::common::emit::source_file_header;
use crate::{AnyOption, Backend, BackendError, BackendOptions, Choice, Opt, Output};
use std::io::Write;
use tdq_core::{ByRelease, Evaluation, Release};
use tdq_models::target::encodings::Encodings;
use tdq_models::target::Target;

pub struct GenDisassembler;

/// `-suppress-per-hwmode-duplicates`: what happens to instructions encoded the same in every
/// mode when some are encoded by mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Duplicates {
    /// In every mode's table (`O0`).
    Keep,
    /// Only in the tables of the modes their decoder namespace has (`O1`).
    PerNamespace,
    /// Only in the default mode's table (`O2`).
    DefaultOnly,
}

impl Choice for Duplicates {
    const CHOICES: &'static [(Self, &'static str, &'static str)] = &[
        (Duplicates::Keep, "O0", "Do not prevent DecoderTable duplications caused by HwModes"),
        (Duplicates::PerNamespace, "O1", "Remove duplicate DecoderTable entries generated due to HwModes"),
        (
            Duplicates::DefaultOnly,
            "O2",
            "Extract HwModes-specific instructions into new DecoderTables, significantly reducing Table Duplications",
        ),
    ];
    const NAMES: &'static [(&'static str, &'static str)] = &crate::choice_names::<Self, 3>();
}

const CATEGORY: &str = "Options for -gen-disassembler";

pub static SUPPRESS_PER_HWMODE_DUPLICATES: Opt<Duplicates> = Opt {
    name: "suppress-per-hwmode-duplicates",
    help: "Suppress duplication of instrs into per-HwMode decoder tables",
    value_desc: "",
    category: CATEGORY,
    default: Duplicates::Keep,
    since: Release::V19,
};
pub static USE_FN_TABLE_IN_DECODE_TO_MCINST: Opt<bool> = Opt {
    name: "use-fn-table-in-decode-to-mcinst",
    help: "Use a table of function pointers instead of a switch case in the\ngenerated `decodeToMCInst` function. Helps improve compile time\nof the generated code.",
    value_desc: "",
    category: CATEGORY,
    default: false,
    since: Release::V22,
};
pub static SPECIALIZE_DECODERS_PER_BITWIDTH: Opt<bool> = Opt {
    name: "specialize-decoders-per-bitwidth",
    help: "Specialize the generated `decodeToMCInst` function per bitwidth. Helps reduce the code size.",
    value_desc: "",
    category: CATEGORY,
    default: false,
    since: Release::V22,
};
pub static IGNORE_NON_DECODABLE_OPERANDS: Opt<bool> = Opt {
    name: "ignore-non-decodable-operands",
    help: "Do not issue an error if an operand cannot be decoded automatically.",
    value_desc: "",
    category: CATEGORY,
    default: false,
    since: Release::V22,
};
pub static IGNORE_FULLY_DEFINED_OPERANDS: Opt<bool> = Opt {
    name: "ignore-fully-defined-operands",
    help: "Do not automatically decode operands with no '?' in their encoding.",
    value_desc: "",
    category: CATEGORY,
    default: false,
    since: Release::V22,
};

/// Which decoder emitter a release has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Emitter {
    /// LLVM 19's `FilterChooser` writing its table as it goes ([`decoder19`]).
    Filters19,
    /// LLVM 22's decoder tree and table emitter.
    Tree,
}

/// What one release's DecoderEmitter writes.
#[derive(Debug)]
struct Form {
    emitter: Emitter,
    /// An island of known bits is cut every 64 bits (LLVM 23).
    islands_of_at_most_64_bits: bool,
}

const FORM_22: Form = Form { emitter: Emitter::Tree, islands_of_at_most_64_bits: false };

const FORM: ByRelease<Form> = ByRelease {
    v19: Form { emitter: Emitter::Filters19, ..FORM_22 },
    v22: FORM_22,
    v23: Form { islands_of_at_most_64_bits: true, ..FORM_22 },
};

impl Backend for GenDisassembler {
    fn name(&self) -> &'static str {
        "gen-disassembler"
    }
    fn help(&self) -> &'static str {
        "Generate disassembler"
    }
    fn options(&self) -> &'static [&'static dyn AnyOption] {
        static OPTIONS: [&dyn AnyOption; 5] = [
            &IGNORE_FULLY_DEFINED_OPERANDS,
            &IGNORE_NON_DECODABLE_OPERANDS,
            &SPECIALIZE_DECODERS_PER_BITWIDTH,
            &SUPPRESS_PER_HWMODE_DUPLICATES,
            &USE_FN_TABLE_IN_DECODE_TO_MCINST,
        ];
        &OPTIONS
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let form = FORM.get(options.release);
        let target = Target::get(input)?;
        let mut text = String::new();
        source_file_header(&mut text, &format!(" * {} Disassembler", target.name), None);
        let duplicates = options.get(&SUPPRESS_PER_HWMODE_DUPLICATES);
        // X86 and WebAssembly have emitters of their own; the others decode encodings.
        let encodings = || Encodings::get(input);
        match (target.name, form.emitter) {
            ("X86", _) => x86::emit(input, options.release, &target, &mut out.diags, &mut text)?,
            ("WebAssembly", _) => web_assembly::emit(input, options.release, &mut text)?,
            (_, Emitter::Filters19) => {
                decoder19::emit(input, &target, &*encodings()?, duplicates, &mut out.diags, &mut text)?
            }
            (_, Emitter::Tree) => {
                let settings = decoder::Settings {
                    duplicates,
                    fn_table: options.get(&USE_FN_TABLE_IN_DECODE_TO_MCINST),
                    per_bitwidth: options.get(&SPECIALIZE_DECODERS_PER_BITWIDTH),
                    ignore_non_decodable: options.get(&IGNORE_NON_DECODABLE_OPERANDS),
                    ignore_fully_defined: options.get(&IGNORE_FULLY_DEFINED_OPERANDS),
                    islands_of_at_most_64_bits: form.islands_of_at_most_64_bits,
                };
                decoder::emit(input, &target, &*encodings()?, &settings, &mut out.diags, &mut text)?;
            }
        }
        out.write_all(text.as_bytes())?;
        Ok(())
    }
}
