//! LLVM's `PredicateExpander`: an `MCInstPredicate` (`CheckOpcode`, `CheckImmOperand`,
//! `CheckAll`, ... of TargetInstrPredicate.td) as a C++ boolean expression over a
//! `MachineInstr` or an `MCInst`, and `MCStatement`s as C++ statements. Macro fusion, the
//! subtarget's scheduling predicates and the instruction info's `TIIPredicate`s print through
//! it.

use crate::records::{Fatal, Fields};
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};

type Result<T> = std::result::Result<T, Fatal>;

/// What differs between releases in the expressions.
#[derive(Debug)]
struct Rules {
    /// `CheckOpcode` of several opcodes is `llvm::is_contained({...}, MI.getOpcode())`
    /// (LLVM 22 on); LLVM 19 writes one comparison a line, joined by `||` (`&&` negated).
    opcodes_with_is_contained: bool,
    /// `CheckInvalidRegOperand` is `!MI.getOperand(N).getReg().isValid()` (LLVM 22 on);
    /// LLVM 19 compares the register with 0.
    invalid_reg_is_valid_call: bool,
    /// An opcode switch's default case leaves the indentation one level deeper, where the
    /// switch's closing brace and everything the expander writes after it go (LLVM 22 on);
    /// LLVM 19 goes back to the switch's level.
    switch_default_keeps_indent: bool,
}

const RULES_22: Rules =
    Rules { opcodes_with_is_contained: true, invalid_reg_is_valid_call: true, switch_default_keeps_indent: true };

const RULES: ByRelease<Rules> = ByRelease {
    v19: Rules {
        opcodes_with_is_contained: false,
        invalid_reg_is_valid_call: false,
        switch_default_keeps_indent: false,
    },
    v22: RULES_22,
    v23: RULES_22,
};

/// An expander's settings and state, as LLVM's class keeps them.
pub struct PredicateExpander<'a> {
    f: Fields<'a>,
    rules: &'static Rules,
    target: &'a str,
    /// Calls take the instruction by reference (`MI.`), not by pointer (`MI->`).
    pub by_ref: bool,
    pub negate: bool,
    /// Expand for an `MCInst` (`_MC::` functions, non-portable checks false).
    pub expand_for_mc: bool,
    /// The indentation level, two spaces each.
    pub indent: usize,
}

impl<'a> PredicateExpander<'a> {
    pub fn new(input: &'a Evaluation, target: &'a str) -> PredicateExpander<'a> {
        PredicateExpander {
            f: Fields { input },
            rules: RULES.get(input.records.release),
            target,
            by_ref: true,
            negate: false,
            expand_for_mc: false,
            indent: 1,
        }
    }

    fn mi(&self) -> &'static str {
        if self.by_ref {
            "MI."
        } else {
            "MI->"
        }
    }

    fn pad(&self) -> String {
        " ".repeat(self.indent * 2)
    }

    fn operand(&self, out: &mut String, index: i64, getter: &str, mapper: &str) {
        if !mapper.is_empty() {
            out.push_str(mapper);
            out.push('(');
        }
        out.push_str(&format!("{}getOperand({index}).{getter}()", self.mi()));
        if !mapper.is_empty() {
            out.push(')');
        }
    }

    fn opcode_name(&self, inst: RecId) -> Result<String> {
        Ok(format!("{}::{}", self.f.string(inst, "Namespace")?, self.f.name(inst)))
    }

    fn check_opcode(&self, out: &mut String, inst: RecId) -> Result<()> {
        let op = if self.negate { "!= " } else { "== " };
        out.push_str(&format!("{}getOpcode() {op}{}", self.mi(), self.opcode_name(inst)?));
        Ok(())
    }

    fn check_opcodes(&mut self, out: &mut String, opcodes: &[RecId]) -> Result<()> {
        if opcodes.len() == 1 {
            out.push_str("( ");
            self.check_opcode(out, opcodes[0])?;
            out.push_str(" )");
            return Ok(());
        }
        if self.rules.opcodes_with_is_contained {
            if self.negate {
                out.push('!');
            }
            let names = opcodes.iter().map(|&o| self.opcode_name(o)).collect::<Result<Vec<_>>>()?;
            out.push_str(&format!("llvm::is_contained({{{}}}, {}getOpcode())", names.join(", "), self.mi()));
            return Ok(());
        }
        out.push('(');
        self.indent += 1;
        for (i, &inst) in opcodes.iter().enumerate() {
            out.push('\n');
            out.push_str(&self.pad());
            if i > 0 {
                out.push_str(if self.negate { "&& " } else { "|| " });
            }
            self.check_opcode(out, inst)?;
        }
        out.push('\n');
        self.indent -= 1;
        out.push_str(&self.pad());
        out.push(')');
        Ok(())
    }

    fn sequence(&mut self, out: &mut String, sequence: &[RecId], all: bool) -> Result<()> {
        if sequence.len() == 1 {
            return self.expand(out, sequence[0]);
        }
        out.push_str(if self.negate { "!(" } else { "(" });
        self.indent += 1;
        let old = self.negate;
        self.negate = false;
        for (i, &rec) in sequence.iter().enumerate() {
            out.push('\n');
            out.push_str(&self.pad());
            if i > 0 {
                out.push_str(if all { "&& " } else { "|| " });
            }
            self.expand(out, rec)?;
        }
        self.indent -= 1;
        out.push('\n');
        out.push_str(&self.pad());
        out.push(')');
        self.negate = old;
        Ok(())
    }

    /// `expandStatement`: an `MCStatement` (a switch on the opcode, or a `return`), the caller
    /// having written the padding.
    pub fn expand_statement(&mut self, out: &mut String, rec: RecId) -> Result<()> {
        let f = self.f;
        if f.is_a(rec, "MCOpcodeSwitchStatement") {
            let cases = f.defs(rec, "Cases")?;
            let default = f.def(rec, "DefaultCase")?;
            out.push_str("switch(MI");
            out.push_str(if self.by_ref { "." } else { "->" });
            out.push_str("getOpcode()) {\n");
            for case in cases {
                for opcode in f.defs(case, "Opcodes")? {
                    out.push_str(&self.pad());
                    out.push_str("case ");
                    out.push_str(f.string(opcode, "Namespace")?);
                    out.push_str("::");
                    out.push_str(f.name(opcode));
                    out.push_str(":\n");
                }
                self.indent += 1;
                out.push_str(&self.pad());
                self.expand_statement(out, f.def(case, "CaseStmt")?)?;
                self.indent -= 1;
                out.push('\n');
            }
            out.push_str(&self.pad());
            out.push_str("default:\n");
            self.indent += 1;
            out.push_str(&self.pad());
            self.expand_statement(out, default)?;
            if !self.rules.switch_default_keeps_indent {
                self.indent -= 1;
            }
            out.push('\n');
            out.push_str(&self.pad());
            out.push_str("} // end of switch-stmt");
            return Ok(());
        }
        if f.is_a(rec, "MCReturnStatement") {
            out.push_str("return ");
            self.expand(out, f.def(rec, "Pred")?)?;
            out.push(';');
            return Ok(());
        }
        Err(Fatal::new(&[], "No known rules to expand this MCStatement"))
    }

    /// `expandPredicate`: the expression `rec` (an `MCInstPredicate`) denotes.
    pub fn expand(&mut self, out: &mut String, rec: RecId) -> Result<()> {
        let f = self.f;
        let is = |class: &str| f.is_a(rec, class);
        let neg = self.negate;
        let not = if neg { "!" } else { "" };
        if is("MCTrue") {
            out.push_str(if neg { "false" } else { "true" });
        } else if is("MCFalse") {
            out.push_str(if neg { "true" } else { "false" });
        } else if is("CheckNot") {
            self.negate = !self.negate;
            let pred = f.def(rec, "Pred")?;
            self.expand(out, pred)?;
            self.negate = !self.negate;
        } else if is("CheckIsRegOperand") {
            out.push_str(&format!("{not}{}getOperand({}).isReg() ", self.mi(), f.int(rec, "OpIndex")?));
        } else if is("CheckIsVRegOperand") {
            out.push_str(&format!("{not}{}getOperand({}).getReg().isVirtual()", self.mi(), f.int(rec, "OpIndex")?));
        } else if is("CheckIsImmOperand") {
            out.push_str(&format!("{not}{}getOperand({}).isImm() ", self.mi(), f.int(rec, "OpIndex")?));
        } else if is("CheckRegOperand") {
            let index = f.int(rec, "OpIndex")?;
            let reg = f.def(rec, "Reg")?;
            let mapper = f.string(rec, "FunctionMapper")?;
            self.operand(out, index, "getReg", mapper);
            out.push_str(if neg { " != " } else { " == " });
            let namespace = f.string(reg, "Namespace")?;
            if !namespace.is_empty() {
                out.push_str(namespace);
                out.push_str("::");
            }
            out.push_str(f.name(reg));
        } else if is("CheckRegOperandSimple") {
            let index = f.int(rec, "OpIndex")?;
            let mapper = f.string(rec, "FunctionMapper")?;
            out.push_str(not);
            self.operand(out, index, "getReg", mapper);
        } else if is("CheckInvalidRegOperand") {
            let index = f.int(rec, "OpIndex")?;
            if self.rules.invalid_reg_is_valid_call {
                out.push_str(&format!(
                    "{}{}getOperand({index}).getReg().isValid()",
                    if neg { "" } else { "!" },
                    self.mi()
                ));
            } else {
                out.push_str(&format!(
                    "{}getOperand({index}).getReg() {}0",
                    self.mi(),
                    if neg { "!= " } else { "== " }
                ));
            }
        } else if is("CheckImmOperand") || is("CheckImmOperand_s") {
            let index = f.int(rec, "OpIndex")?;
            let mapper = f.string(rec, "FunctionMapper")?;
            let value = if is("CheckImmOperand") {
                f.int(rec, "ImmVal")?.to_string()
            } else {
                let value = f.string(rec, "ImmVal")?;
                if value.is_empty() {
                    // LLVM writes the simple form, then goes on to the comparison too.
                    out.push_str(not);
                    self.operand(out, index, "getImm", mapper);
                }
                value.to_string()
            };
            self.operand(out, index, "getImm", mapper);
            out.push_str(if neg { " != " } else { " == " });
            out.push_str(&value);
        } else if is("CheckImmOperandLT") || is("CheckImmOperandGT") {
            let index = f.int(rec, "OpIndex")?;
            let value = f.int(rec, "ImmVal")?;
            let mapper = f.string(rec, "FunctionMapper")?;
            self.operand(out, index, "getImm", mapper);
            let op = match (is("CheckImmOperandLT"), neg) {
                (true, false) => " < ",
                (true, true) => " >= ",
                (false, false) => " > ",
                (false, true) => " <= ",
            };
            out.push_str(&format!("{op}{value}"));
        } else if is("CheckImmOperandSimple") {
            let index = f.int(rec, "OpIndex")?;
            let mapper = f.string(rec, "FunctionMapper")?;
            out.push_str(not);
            self.operand(out, index, "getImm", mapper);
        } else if is("CheckSameRegOperand") {
            let (first, second) = (f.int(rec, "FirstIndex")?, f.int(rec, "SecondIndex")?);
            let mi = self.mi();
            let op = if neg { "!=" } else { "==" };
            out.push_str(&format!("{mi}getOperand({first}).getReg() {op} {mi}getOperand({second}).getReg()"));
        } else if is("CheckNumOperands") {
            let op = if neg { "!= " } else { "== " };
            out.push_str(&format!("{}getNumOperands() {op}{}", self.mi(), f.int(rec, "NumOps")?));
        } else if is("CheckPseudo") {
            let opcodes = f.defs(rec, "ValidOpcodes")?;
            if self.expand_for_mc {
                out.push_str("false");
            } else {
                self.check_opcodes(out, &opcodes)?;
            }
        } else if is("CheckOpcode") {
            let opcodes = f.defs(rec, "ValidOpcodes")?;
            self.check_opcodes(out, &opcodes)?;
        } else if is("CheckAll") || is("CheckAny") {
            let all = is("CheckAll");
            let predicates = f.defs(rec, "Predicates")?;
            if predicates.is_empty() {
                return Err(Fatal::new(&f.input.records.get(rec).locs, "Found an invalid empty predicate set!"));
            }
            self.sequence(out, &predicates, all)?;
        } else if is("CheckFunctionPredicate") {
            let mc = f.string(rec, "MCInstFnName")?;
            let machine = f.string(rec, "MachineInstrFnName")?;
            out.push_str(if self.expand_for_mc { mc } else { machine });
            out.push_str(if self.by_ref { "(MI)" } else { "(*MI)" });
        } else if is("CheckFunctionPredicateWithTII") {
            let mc = f.string(rec, "MCInstFnName")?;
            let machine = f.string(rec, "MachineInstrFnName")?;
            let tii = f.string(rec, "TIIPtrName")?;
            if self.expand_for_mc {
                out.push_str(&format!("{mc}{}, MCII)", if self.by_ref { "(MI" } else { "(*MI" }));
            } else {
                out.push_str(&format!(
                    "{}->{machine}{}",
                    if tii.is_empty() { "TII" } else { tii },
                    if self.by_ref { "(MI)" } else { "(*MI)" }
                ));
            }
        } else if is("CheckNonPortable") {
            let code = f.string(rec, "CodeBlock")?;
            if self.expand_for_mc {
                out.push_str("false");
            } else {
                out.push_str(&format!("({code})"));
            }
        } else if is("TIIPredicate") {
            let name = f.string(rec, "FunctionName")?;
            let scope = if self.expand_for_mc { "_MC::" } else { "InstrInfo::" };
            out.push_str(&format!("{not}{}{scope}{name}{}", self.target, if self.by_ref { "(MI)" } else { "(*MI)" }));
        } else {
            let name = f.name(rec);
            return Err(Fatal::new(
                &f.input.records.get(rec).locs,
                format!("No known rules to expand this MCInstPredicate: '{name}'"),
            ));
        }
        Ok(())
    }
}

/// How an `STIPredicateFunction` is written (`STIPredicateExpander`'s settings beside the
/// expander's own).
pub struct StiForm<'a> {
    /// The function's body too, not only its declaration.
    pub expand_definition: bool,
    /// The class the definition belongs to.
    pub class_prefix: &'a str,
}

impl PredicateExpander<'_> {
    /// `STIPredicateExpander::expandSTIPredicate`: a subtarget predicate function's
    /// declaration, or its definition (a switch on the opcode, a case per opcode group, a
    /// check per processor).
    pub fn expand_sti_predicate(
        &mut self,
        out: &mut String,
        function: &crate::target::schedule::StiPredicateFunction,
        form: &StiForm,
    ) -> Result<()> {
        let f = self.f;
        let decl = function.declaration;
        if self.expand_for_mc && !f.bit(decl, "ExpandForMC")? {
            return Ok(());
        }
        let name = f.string(decl, "Name")?;
        let updates_mask = f.bit(decl, "UpdatesOpcodeMask")?;
        // The header.
        out.push_str(&self.pad());
        out.push_str("bool ");
        if form.expand_definition {
            out.push_str(form.class_prefix);
            out.push_str("::");
        }
        out.push_str(name);
        out.push('(');
        let reference = if self.by_ref { "&" } else { "*" };
        if self.expand_for_mc {
            out.push_str(&format!("const MCInst {reference}MI"));
        } else {
            out.push_str(&format!("const MachineInstr {reference}MI"));
        }
        if updates_mask {
            out.push_str(", APInt &Mask");
        }
        out.push_str(if self.expand_for_mc { ", unsigned ProcessorID) const " } else { ") const " });
        if !form.expand_definition {
            if f.bit(decl, "OverridesBaseClassMember")? {
                out.push_str("override");
            }
            out.push_str(";\n");
            return Ok(());
        }
        out.push_str("{\n");
        // The prologue.
        self.indent += 1;
        for delegate in f.defs(decl, "Delegates")? {
            out.push_str(&format!("{}if ({}(MI", self.pad(), f.string(delegate, "Name")?));
            if updates_mask {
                out.push_str(", Mask");
            }
            if self.expand_for_mc {
                out.push_str(", ProcessorID");
            }
            out.push_str("))\n");
            out.push_str(&format!("{}  return true;\n\n", self.pad()));
        }
        if !self.expand_for_mc {
            out.push_str(&format!("{}unsigned ProcessorID = getSchedModel().getProcessorID();\n", self.pad()));
        }
        // The body.
        let arrow = if self.by_ref { "." } else { "->" };
        out.push_str(&format!("{}switch(MI{arrow}getOpcode()) {{\n", self.pad()));
        out.push_str(&format!("{}default:\n{}  break;", self.pad(), self.pad()));
        for group in &function.groups {
            for &opcode in &group.opcodes {
                out.push_str(&format!("\n{}case {}::{}:", self.pad(), self.target, f.name(opcode)));
            }
            out.push('\n');
            self.indent += 1;
            for info in &group.predicates {
                let ids: Vec<String> = (0..info.proc_models.active_bits())
                    .filter(|&i| info.proc_models.test(i))
                    .map(|i| i.to_string())
                    .collect();
                out.push_str(&format!("{}if (ProcessorID == {}) {{\n", self.pad(), ids.join(" || ProcessorID == ")));
                self.indent += 1;
                out.push_str(&self.pad());
                if updates_mask {
                    if info.operands.is_zero() {
                        out.push_str("Mask.clearAllBits();\n");
                    } else {
                        out.push_str(&format!("Mask = {};\n", info.operands.signed()));
                    }
                    out.push_str(&self.pad());
                }
                out.push_str("return ");
                self.expand(out, info.predicate)?;
                out.push_str(";\n");
                self.indent -= 1;
                out.push_str(&format!("{}}}\n", self.pad()));
            }
            out.push_str(&format!("{}break;\n", self.pad()));
            self.indent -= 1;
        }
        out.push_str(&format!("{}}}\n", self.pad()));
        // The epilogue.
        out.push('\n');
        out.push_str(&self.pad());
        out.push_str("return ");
        let default = f.def(decl, "DefaultReturnValue")?;
        self.expand(out, default)?;
        out.push_str(";\n");
        self.indent -= 1;
        out.push_str(&format!("{}}} // {}::{name}\n\n", self.pad(), form.class_prefix));
        Ok(())
    }
}
