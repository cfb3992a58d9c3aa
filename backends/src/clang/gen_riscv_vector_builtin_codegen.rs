//! `-gen-riscv-vector-builtin-codegen`, `-gen-riscv-sifive-vector-builtin-codegen` and (LLVM
//! 22 on) `-gen-riscv-andes-vector-builtin-codegen` (`*_builtin_cg.inc`): CGBuiltin.cpp's
//! `case`s, the intrinsics sorted by LLVM intrinsic and policy, consecutive builtins that
//! lower alike sharing one body (the intrinsic ID, policy bits, operand shuffling and the
//! types that select the overload, or the def's `ManualCodegen`).

use crate::BackendOptions;
use rustc_hash::FxHashMap as HashMap;
use std::collections::hash_map::Entry;
use std::fmt::Write as _;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::clang::rvv_intrinsics::{indexed_load_store_ptr_idx, seg_inst_log2_sew, Intrinsic, RvvModel};
use tdq_models::Fatal;

pub struct GenRiscvVectorBuiltinCodegen;
pub struct GenRiscvSifiveVectorBuiltinCodegen;
pub struct GenRiscvAndesVectorBuiltinCodegen;

/// What a release's bodies say of segment loads and stores.
#[derive(Clone, Copy)]
enum Segments {
    /// `NF = N;` for a segment intrinsic (LLVM 19).
    Nf,
    /// `TWiden`, and `SegInstSEW` (from the pointee's width for indexed ones) in every body
    /// or, with `only_flagged`, in those of defs with `HasSegInstSEW` (LLVM 23); a body ends
    /// where the element width or `TWiden` changes too.
    SegInstSew { only_flagged: bool },
}

const FORM: ByRelease<Segments> = ByRelease {
    v19: Segments::Nf,
    v22: Segments::SegInstSew { only_flagged: false },
    v23: Segments::SegInstSew { only_flagged: true },
};

/// `emitCodeGenSwitchBody`.
fn body(s: &mut String, i: &Intrinsic, form: Segments) {
    if !i.ir_name.is_empty() {
        let _ = writeln!(s, "  ID = Intrinsic::riscv_{};", i.ir_name);
    }
    match form {
        Segments::Nf => {
            if i.nf >= 2 {
                let _ = writeln!(s, "  NF = {};", i.nf);
            }
        }
        Segments::SegInstSew { .. } => {
            if i.twiden > 0 {
                let _ = writeln!(s, "  TWiden = {};", i.twiden);
            }
        }
    }
    let _ = writeln!(s, "  PolicyAttrs = {};", i.policy.bits());
    if let Segments::SegInstSew { only_flagged } = form {
        if !only_flagged || i.has_seg_inst_sew {
            match indexed_load_store_ptr_idx(i) {
                Some(idx) => {
                    let _ = write!(
                        s,
                        "  {{\n    auto PointeeType = E->getArg({idx})->getType()->getPointeeType();\n    SegInstSEW = llvm::Log2_64(getContext().getTypeSize(PointeeType));\n  }}\n"
                    );
                }
                None => {
                    let _ = writeln!(s, "  SegInstSEW = {};", seg_inst_log2_sew(&i.overloaded_name));
                }
            }
        }
    }
    if !i.manual_codegen.is_empty() {
        let _ = writeln!(s, "IsMasked = {};", i.is_masked);
        s.push_str(i.manual_codegen);
        s.push_str("break;\n");
        return;
    }
    let poison = "  Ops.insert(Ops.begin(), llvm::PoisonValue::get(ResultType));\n";
    if i.is_masked {
        if i.has_vl {
            s.push_str("  std::rotate(Ops.begin(), Ops.begin() + 1, Ops.end() - 1);\n");
            if i.has_policy_operand() {
                s.push_str("  Ops.push_back(ConstantInt::get(Ops.back()->getType(), PolicyAttrs));\n");
            }
            if i.has_masked_off_operand && i.policy.is_tama() {
                s.push_str(poison);
            }
            if !i.has_masked_off_operand && i.has_passthru_operand() && i.policy.is_tama() {
                s.push_str(poison);
            }
        } else {
            s.push_str("  std::rotate(Ops.begin(), Ops.begin() + 1, Ops.end());\n");
        }
    } else if i.has_policy_operand() {
        s.push_str("  Ops.push_back(ConstantInt::get(Ops.back()->getType(), PolicyAttrs));\n");
    } else if i.has_passthru_operand() && i.policy.is_ta() {
        s.push_str(poison);
    }
    if matches!(form, Segments::SegInstSew { .. }) && i.twiden > 0 {
        s.push_str("  Ops.push_back(ConstantInt::get(Ops.back()->getType(), TWiden));\n");
    }
    let types: Vec<String> = i
        .intrinsic_types
        .iter()
        .map(|&t| if t == -1 { "ResultType".to_string() } else { format!("Ops[{t}]->getType()") })
        .collect();
    let _ = write!(s, "  IntrinsicTypes = {{{}", types.join(", "));
    if i.has_vl {
        s.push_str(", Ops.back()->getType()");
    }
    s.push_str("};\n  break;\n");
}

fn emit(input: &Evaluation, options: &BackendOptions) -> Result<String, Fatal> {
    let model = RvvModel::new(input, options.release)?;
    let form = *FORM.get(options.release);
    let mut defs: Vec<&Intrinsic> = model.intrinsics.iter().collect();
    defs.sort_by(|a, b| a.ir_name.cmp(b.ir_name).then_with(|| a.policy.sort_key().cmp(&b.policy.sort_key())));
    let mut s = String::new();
    let Some(&first) = defs.first() else {
        return Err(Fatal::new(&[], "no RVVBuiltin intrinsics to generate code for"));
    };
    let seg_sew_matters = matches!(form, Segments::SegInstSew { .. });
    let mut seen: HashMap<&str, &Intrinsic> = HashMap::default();
    let mut prev = first;
    for &def in &defs {
        let changes = def.ir_name != prev.ir_name
            || def.manual_codegen != prev.manual_codegen
            || def.policy != prev.policy
            || (seg_sew_matters
                && (seg_inst_log2_sew(&def.overloaded_name) != seg_inst_log2_sew(&prev.overloaded_name)
                    || def.twiden != prev.twiden));
        if changes {
            body(&mut s, prev, form);
        }
        prev = def;
        match seen.entry(&def.builtin_name) {
            Entry::Vacant(e) => {
                e.insert(def);
                let _ = writeln!(s, "case RISCVVector::BI__builtin_rvv_{}:", def.builtin_name);
            }
            Entry::Occupied(e) => {
                let first = *e.get();
                let differs = if first.ir_name != def.ir_name {
                    Some("IRName")
                } else if first.manual_codegen != def.manual_codegen {
                    Some("ManualCodegen")
                } else if first.is_masked != def.is_masked {
                    Some("isMasked")
                } else if first.has_vl != def.has_vl {
                    Some("hasVL")
                } else if first.scheme != def.scheme {
                    Some("getPolicyScheme")
                } else if first.intrinsic_types != def.intrinsic_types {
                    Some("IntrinsicTypes")
                } else {
                    None
                };
                if let Some(what) = differs {
                    return Err(Fatal::new(&[], format!("Builtin with same name has different {what}")));
                }
            }
        }
    }
    body(&mut s, prev, form);
    s.push('\n');
    Ok(s)
}

string_backend!(
    GenRiscvVectorBuiltinCodegen,
    "gen-riscv-vector-builtin-codegen",
    "Generate riscv_vector_builtin_cg.inc for clang",
    emit
);
string_backend!(
    GenRiscvSifiveVectorBuiltinCodegen,
    "gen-riscv-sifive-vector-builtin-codegen",
    "Generate riscv_sifive_vector_builtin_cg.inc for clang",
    emit
);
string_backend!(
    GenRiscvAndesVectorBuiltinCodegen,
    "gen-riscv-andes-vector-builtin-codegen",
    "Generate riscv_andes_vector_builtin_cg.inc for clang",
    emit
);
