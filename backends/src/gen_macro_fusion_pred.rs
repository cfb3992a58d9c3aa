//! `--gen-macro-fusion-pred`: for each `Fusion` def, the C++ predicate that says whether two
//! instructions may be fused, from its fusion predicates (LLVM's
//! MacroFusionPredicatorEmitter.cpp; `MCInstPredicate`s print through the model's
//! [`PredicateExpander`]).

use crate::common::emit::{ifdef_block, namespace, source_file_header};
use crate::{Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::target::predicate_expander::PredicateExpander;
use tdq_models::target::Target;
use tdq_models::{Fatal, Fields};

pub struct GenMacroFusionPred;

impl Backend for GenMacroFusionPred {
    fn name(&self) -> &'static str {
        "gen-macro-fusion-pred"
    }
    fn help(&self) -> &'static str {
        "Generate macro fusion predicators."
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<()> {
        let form = FORM.get(options.release);
        let target = Target::get(input)?;
        let mut e = Emitter { f: Fields { input }, form, pe: PredicateExpander::new(input, target.name) };
        e.pe.by_ref = false;
        e.pe.expand_for_mc = false;
        let mut s = String::new();
        source_file_header(&mut s, "Macro Fusion Predicators", None);
        let fusions = &target.macro_fusions;
        let decl = format!("GET_{}_MACRO_FUSION_PRED_DECL", target.name);
        e.section(&mut s, &decl, |e, s| {
            for &fusion in fusions {
                let _ = writeln!(
                    s,
                    "bool is{}(const TargetInstrInfo &, const TargetSubtargetInfo &, const MachineInstr *, const MachineInstr &);",
                    e.f.name(fusion)
                );
            }
            Ok(())
        })?;
        s.push('\n');
        let implementation = format!("GET_{}_MACRO_FUSION_PRED_IMPL", target.name);
        e.section(&mut s, &implementation, |e, s| {
            for &fusion in fusions {
                e.fusion(s, fusion)?;
            }
            Ok(())
        })?;
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

type Result<T> = std::result::Result<T, BackendError>;

/// What one release's MacroFusionPredicatorEmitter writes.
#[derive(Debug)]
struct Form {
    /// Sections are LLVM 23's `IfDefEmitter` and `NamespaceEmitter` (blank lines inside,
    /// `#endif // NAME`); before, `namespace llvm {` directly and a bare `#endif`.
    helper_sections: bool,
    /// The class of a second-instruction predicate on two of its registers: `SameReg`
    /// (LLVM 19), `SecondInstHasSameReg` (LLVM 22 on, beside `FirstInstHasSameReg`).
    second_same_reg: &'static str,
    first_same_reg: bool,
    /// `const MachineInstr *MI` is declared `[[maybe_unused]]` (LLVM 23).
    maybe_unused_mi: bool,
}

const FORM_22: Form = Form {
    helper_sections: false,
    second_same_reg: "SecondInstHasSameReg",
    first_same_reg: true,
    maybe_unused_mi: false,
};

const FORM: ByRelease<Form> = ByRelease {
    v19: Form { second_same_reg: "SameReg", first_same_reg: false, ..FORM_22 },
    v22: FORM_22,
    v23: Form { helper_sections: true, maybe_unused_mi: true, ..FORM_22 },
};

struct Emitter<'a> {
    f: Fields<'a>,
    form: &'static Form,
    pe: PredicateExpander<'a>,
}

impl<'a> Emitter<'a> {
    fn fatal(&self, rec: RecId, message: String) -> BackendError {
        Fatal::new(&self.f.input.records.get(rec).locs, message).into()
    }

    /// `#ifdef NAME` ... in namespace `llvm`.
    fn section(
        &mut self,
        s: &mut String,
        name: &str,
        body: impl FnOnce(&mut Self, &mut String) -> Result<()>,
    ) -> Result<()> {
        if self.form.helper_sections {
            let mut result = Ok(());
            ifdef_block(s, name, false, |s| namespace(s, "llvm", |s| result = body(self, s)));
            return result;
        }
        let _ = write!(s, "#ifdef {name}\n#undef {name}\n\nnamespace llvm {{\n");
        body(self, s)?;
        s.push_str("} // end namespace llvm\n\n#endif\n");
        Ok(())
    }

    fn fusion(&mut self, s: &mut String, fusion: RecId) -> Result<()> {
        let predicates = self.f.defs(fusion, "Predicates")?;
        let commutable = self.f.bit(fusion, "IsCommutable")?;
        let _ = write!(
            s,
            "bool is{}(\n    const TargetInstrInfo &TII,\n    const TargetSubtargetInfo &STI,\n    const MachineInstr *FirstMI,\n    const MachineInstr &SecondMI) {{\n",
            self.f.name(fusion)
        );
        s.push_str("  [[maybe_unused]] auto &MRI = SecondMI.getMF()->getRegInfo();\n");
        for predicate in predicates {
            let target = self.f.def(predicate, "Target")?;
            match self.f.name(target) {
                "first_fusion_target" => self.first(s, predicate, commutable)?,
                "second_fusion_target" => self.second(s, predicate, commutable)?,
                "both_fusion_target" => self.both(s, predicate, commutable)?,
                other => return Err(self.fatal(target, format!("Unsupported 'FusionTarget': {other}"))),
            }
        }
        s.push_str("  return true;\n}\n");
        Ok(())
    }

    /// The predicate's `MCInstPredicate`, negated, on `FirstMI` or `SecondMI`.
    fn with_mc_predicate(&mut self, s: &mut String, predicate: RecId, mi: &str) -> Result<()> {
        let unused = if self.form.maybe_unused_mi { "[[maybe_unused]] " } else { "" };
        let _ = write!(s, "  {{\n    {unused}const MachineInstr *MI = {mi};\n    if (");
        self.pe.negate = true;
        self.pe.indent = 3;
        let pred = self.f.def(predicate, "Predicate")?;
        self.pe.expand(s, pred)?;
        s.push_str(")\n      return false;\n  }\n");
        Ok(())
    }

    /// A check that two registers of one instruction (`FirstMI->` or `SecondMI.`) are the same.
    fn same_reg(&self, s: &mut String, predicate: RecId, mi: &str, desc: &str, commutable: bool) -> Result<()> {
        let first = self.f.int(predicate, "FirstOpIdx")? as i32;
        let second = self.f.int(predicate, "SecondOpIdx")? as i32;
        let _ = write!(
            s,
            "  if (!{mi}getOperand({first}).getReg().isVirtual()) {{\n    if ({mi}getOperand({first}).getReg() != {mi}getOperand({second}).getReg())"
        );
        if commutable {
            let _ = write!(
                s,
                " {{\n      if (!{mi}getDesc().isCommutable())\n        return false;\n      unsigned SrcOpIdx1 = {second}, SrcOpIdx2 = TargetInstrInfo::CommuteAnyOperandIndex;\n      if (TII.findCommutedOpIndices({desc}, SrcOpIdx1, SrcOpIdx2))\n        if ({mi}getOperand({first}).getReg() != {mi}getOperand(SrcOpIdx2).getReg())\n          return false;\n    }}\n"
            );
        } else {
            s.push_str("\n      return false;\n");
        }
        s.push_str("  }\n");
        Ok(())
    }

    fn first(&mut self, s: &mut String, predicate: RecId, commutable: bool) -> Result<()> {
        let f = self.f;
        if f.is_a(predicate, "WildcardPred") {
            let value = if f.bit(predicate, "ReturnValue")? { "true" } else { "false" };
            let _ = write!(s, "  if (!FirstMI)\n    return {value};\n");
        } else if f.is_a(predicate, "OneUsePred") {
            s.push_str("  {\n    Register FirstDest = FirstMI->getOperand(0).getReg();\n    if (FirstDest.isVirtual() && !MRI.hasOneNonDBGUse(FirstDest))\n      return false;\n  }\n");
        } else if self.form.first_same_reg && f.is_a(predicate, "FirstInstHasSameReg") {
            self.same_reg(s, predicate, "FirstMI->", "FirstMI", commutable)?;
        } else if f.is_a(predicate, "FusionPredicateWithMCInstPredicate") {
            self.with_mc_predicate(s, predicate, "FirstMI")?;
        } else {
            return Err(self.unsupported(predicate, "first instruction"));
        }
        Ok(())
    }

    fn second(&mut self, s: &mut String, predicate: RecId, commutable: bool) -> Result<()> {
        if self.f.is_a(predicate, "FusionPredicateWithMCInstPredicate") {
            self.with_mc_predicate(s, predicate, "&SecondMI")?;
        } else if self.f.is_a(predicate, self.form.second_same_reg) {
            self.same_reg(s, predicate, "SecondMI.", "SecondMI", commutable)?;
        } else {
            return Err(self.unsupported(predicate, "second instruction"));
        }
        Ok(())
    }

    fn both(&mut self, s: &mut String, predicate: RecId, commutable: bool) -> Result<()> {
        let f = self.f;
        if f.is_a(predicate, "FusionPredicateWithCode") {
            s.push_str(f.string(predicate, "Predicate")?);
        } else if f.is_a(predicate, "BothFusionPredicateWithMCInstPredicate") {
            self.first(s, predicate, commutable)?;
            self.second(s, predicate, commutable)?;
        } else if f.is_a(predicate, "TieReg") {
            let first = f.int(predicate, "FirstOpIdx")? as i32;
            let second = f.int(predicate, "SecondOpIdx")? as i32;
            let _ = write!(
                s,
                "  if (!(FirstMI->getOperand({first}).isReg() &&\n        SecondMI.getOperand({second}).isReg() &&\n        FirstMI->getOperand({first}).getReg() == SecondMI.getOperand({second}).getReg()))"
            );
            if commutable {
                let _ = write!(
                    s,
                    " {{\n    if (!SecondMI.getDesc().isCommutable())\n      return false;\n    unsigned SrcOpIdx1 = {second}, SrcOpIdx2 = TargetInstrInfo::CommuteAnyOperandIndex;\n    if (TII.findCommutedOpIndices(SecondMI, SrcOpIdx1, SrcOpIdx2))\n      if (FirstMI->getOperand({first}).getReg() != SecondMI.getOperand(SrcOpIdx2).getReg())\n        return false;\n  }}"
                );
            } else {
                s.push_str("\n    return false;");
            }
            s.push('\n');
        } else {
            return Err(self.unsupported(predicate, "both instruction"));
        }
        Ok(())
    }

    /// LLVM's message names the predicate's type: its direct superclasses, as a record type
    /// prints (`A`, or `{A, B}`).
    fn unsupported(&self, predicate: RecId, which: &str) -> BackendError {
        let rk = &self.f.input.records;
        let names: Vec<&str> = rk.get(predicate).direct_superclass_names(rk).iter().map(|&(_, n)| n).collect();
        let ty = if names.len() == 1 { names[0].to_string() } else { format!("{{{}}}", names.join(", ")) };
        self.fatal(predicate, format!("Unsupported predicate for {which}: {ty}"))
    }
}
