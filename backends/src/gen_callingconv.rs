//! `--gen-callingconv`: each `CallingConv` def's actions as a C++ function that assigns an
//! argument to a register or a stack slot, and the registers each convention may assign
//! (LLVM's CallingConvEmitter.cpp).

use crate::common::emit::source_file_header;
use crate::{all_derived_definitions, Backend, BackendError, BackendOptions, Output};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::init::InitKind;
use tdq_core::types::RecId;
use tdq_core::{phases, ByRelease, Evaluation};
use tdq_models::target::registers::RegBank;
use tdq_models::target::value_types::ValueTypes;
use tdq_models::target::{qualified_name, Target};
use tdq_models::Fields;

pub struct GenCallingConv;

impl Backend for GenCallingConv {
    fn name(&self) -> &'static str {
        "gen-callingconv"
    }
    fn help(&self) -> &'static str {
        "Generate calling convention descriptions"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<()> {
        let form = FORM.get(options.release);
        let registers = match form.registers {
            Registers::Defs => None,
            Registers::DefsOrNames => {
                Target::get(input)?;
                Some(RegBank::get(input)?)
            }
        };
        let mut emitter = Emitter {
            input,
            f: Fields { input },
            form,
            registers: registers.as_deref(),
            value_types: ValueTypes::get(input)?,
            s: String::new(),
            counter: 0,
            swift: false,
            current: "",
            assigned: BTreeMap::new(),
            assigned_swift: BTreeMap::new(),
            diags: &mut out.diags,
        };
        emitter.run()?;
        let text = std::mem::take(&mut emitter.s);
        out.write_all(text.as_bytes())?;
        Ok(())
    }
}

type Result<T> = std::result::Result<T, BackendError>;

/// How a release names the registers a convention assigns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Registers {
    /// Every element of a register list is a `Register` def (LLVM 19).
    Defs,
    /// An element may also be a string naming a register of the target's register bank, such
    /// as one a `RegisterTuples` def synthesizes (`CCAssignToRegTuple`); the target and its
    /// register bank are computed first, with their checks (LLVM 22 on).
    DefsOrNames,
}

/// How the release's output is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Guards {
    /// `#ifndef GET_CC_REGISTER_LISTS` around everything, `#else` before the register lists,
    /// closed by `#endif // CC_REGISTER_LIST` (LLVM 19).
    IfndefElse,
    /// The same, spelt `#if !defined(GET_CC_REGISTER_LISTS)` and closed by a matching
    /// `#endif // !defined(GET_CC_REGISTER_LISTS)` and a blank line (LLVM 22).
    IfNotDefinedElse,
    /// Two sections: `GET_CALLING_CONV_IMPL` (prototypes and functions) and
    /// `GET_CC_REGISTER_LISTS` (the lists), each `#ifdef`/`#undef`/`#endif` (LLVM 23).
    TwoSections,
}

/// What one release's CallingConvEmitter writes.
#[derive(Debug)]
struct Form {
    registers: Registers,
    guards: Guards,
    /// Functions take the argument's IR type (`Type *OrigTy`) and pass it to delegates.
    orig_ty: bool,
    /// The type an allocated register is held in (`unsigned`, then `MCRegister`).
    reg_type: &'static str,
    /// `CCAssignToRegTuple` is an action (LLVM 22 on).
    reg_tuples: bool,
}

const FORM_19: Form = Form {
    registers: Registers::Defs,
    guards: Guards::IfndefElse,
    orig_ty: false,
    reg_type: "unsigned",
    reg_tuples: false,
};

const FORM_22: Form = Form {
    registers: Registers::DefsOrNames,
    guards: Guards::IfNotDefinedElse,
    orig_ty: true,
    reg_type: "MCRegister",
    reg_tuples: true,
};

const FORM: ByRelease<Form> =
    ByRelease { v19: FORM_19, v22: FORM_22, v23: Form { guards: Guards::TwoSections, ..FORM_22 } };

struct Emitter<'a> {
    input: &'a Evaluation,
    f: Fields<'a>,
    form: &'static Form,
    registers: Option<&'a RegBank>,
    value_types: std::sync::Arc<ValueTypes>,
    s: String,
    /// Numbers the register lists and stack offsets of one convention.
    counter: u32,
    /// The action being emitted derives from a `CCIfSwift...` class.
    swift: bool,
    /// The convention being emitted.
    current: &'static str,
    /// The registers each convention assigns (every emitted convention has an entry).
    assigned: BTreeMap<&'static str, BTreeSet<String>>,
    /// The registers each convention assigns in its Swift actions.
    assigned_swift: BTreeMap<&'static str, BTreeSet<String>>,
    diags: &'a mut tdq_core::Diagnostics,
}

impl<'a> Emitter<'a> {
    fn fatal(&self, rec: RecId, message: &str) -> BackendError {
        BackendError::fatal(&self.input.records.get(rec).locs, message)
    }

    fn run(&mut self) -> Result<()> {
        source_file_header(&mut self.s, "Calling Convention Implementation Fragment", None);
        let conventions = all_derived_definitions(self.input, "CallingConv")?;
        phases::start("Emit prototypes");
        let mut emitted = Vec::new();
        for &cc in &conventions {
            if !self.f.bit(cc, "Custom")? {
                emitted.push(cc);
            }
        }
        match self.form.guards {
            Guards::IfndefElse => self.s.push_str("#ifndef GET_CC_REGISTER_LISTS\n\n"),
            Guards::IfNotDefinedElse => self.s.push_str("#if !defined(GET_CC_REGISTER_LISTS)\n\n"),
            Guards::TwoSections => self.s.push_str("#ifdef GET_CALLING_CONV_IMPL\n#undef GET_CALLING_CONV_IMPL\n\n"),
        }
        for &cc in &emitted {
            self.header(cc, ";\n")?;
        }
        phases::start("Emit full descriptions");
        for &cc in &emitted {
            self.convention(cc)?;
        }
        if self.form.guards == Guards::TwoSections {
            self.s.push_str("\n#endif // GET_CALLING_CONV_IMPL\n\n");
        }
        self.register_lists();
        match self.form.guards {
            Guards::IfndefElse => self.s.push_str("\n#endif // CC_REGISTER_LIST\n"),
            Guards::IfNotDefinedElse => self.s.push_str("\n#endif // !defined(GET_CC_REGISTER_LISTS)\n\n"),
            Guards::TwoSections => {}
        }
        Ok(())
    }

    /// A convention's function header, ending with `suffix`.
    fn header(&mut self, cc: RecId, suffix: &str) -> Result<()> {
        let name = self.f.name(cc);
        let (start, pad) = if self.f.bit(cc, "Entry")? { ("bool llvm::", 11) } else { ("static bool ", 12) };
        let pad = " ".repeat(name.len() + pad + 1);
        let orig_ty = if self.form.orig_ty { "Type *OrigTy, " } else { "" };
        let _ = write!(
            self.s,
            "{start}{name}(unsigned ValNo, MVT ValVT,\n{pad}MVT LocVT, CCValAssign::LocInfo LocInfo,\n{pad}ISD::ArgFlagsTy ArgFlags, {orig_ty}CCState &State){suffix}"
        );
        Ok(())
    }

    fn convention(&mut self, cc: RecId) -> Result<()> {
        let count = self.f.list(cc, "Actions")?.len();
        let actions = self.f.init(cc, "Actions")?;
        self.counter = 0;
        self.current = self.f.name(cc);
        self.assigned.insert(self.current, BTreeSet::new());
        self.s.push_str("\n\n");
        self.header(cc, " {\n")?;
        for i in 0..count {
            let action = self.f.element_as_record(actions, i)?;
            let rk = &self.input.records;
            self.swift =
                rk.get(action).superclasses.iter().any(|&(sc, _)| rk.get(sc).name_string().starts_with("CCIfSwift"));
            self.s.push('\n');
            self.action(action, 2)?;
        }
        self.s.push_str("\n  return true; // CC didn't match.\n}\n");
        Ok(())
    }

    /// LLVM's `getQualifiedRegisterName`: a register list's element, a def or (since LLVM 22)
    /// a string naming a register of the bank.
    fn register_name(&self, list: tdq_core::init::Init, index: usize) -> Result<String> {
        let element = list.as_list().and_then(|(elems, _)| elems.get(index).copied());
        match (self.registers, element.map(|e| e.kind())) {
            (Some(bank), Some(InitKind::Str(name, _))) => match bank.by_name(name) {
                Some(register) => Ok(register.qualified_name()),
                None => Err(BackendError::fatal(&[], format!("register not defined: {}", element.unwrap()))),
            },
            (Some(_), Some(InitKind::Def(def, _, _))) => Ok(qualified_name(self.input, *def)?),
            _ => Ok(qualified_name(self.input, self.f.element_as_record(list, index)?)?),
        }
    }

    fn register_list(&mut self, list: tdq_core::init::Init, name: &str, indent: &str) -> Result<()> {
        let _ = write!(self.s, "{indent}static const MCPhysReg {name}[] = {{\n{indent}  ");
        let len = list.as_list().map_or(0, |(elems, _)| elems.len());
        for i in 0..len {
            if i > 0 {
                self.s.push_str(", ");
            }
            let register = self.register_name(list, i)?;
            self.s.push_str(&register);
        }
        let _ = writeln!(self.s, "\n{indent}}};");
        Ok(())
    }

    /// `if (MCRegister Reg = State.AllocateReg(...)) {` over one list, or over a list and its
    /// shadows: the registers themselves when the first list has one, else lists named
    /// `RegList<N>`.
    fn allocate_reg(&mut self, lists: &[tdq_core::init::Init], indent: &str) -> Result<()> {
        let single = lists[0].as_list().is_some_and(|(elems, _)| elems.len() == 1);
        let mut params = Vec::new();
        if single {
            for &list in lists {
                params.push(self.register_name(list, 0)?);
            }
        } else {
            for _ in lists {
                self.counter += 1;
                params.push(format!("RegList{}", self.counter));
            }
            for (&list, name) in lists.iter().zip(&params) {
                self.register_list(list, name, indent)?;
            }
        }
        let reg_type = self.form.reg_type;
        let _ = writeln!(self.s, "{indent}if ({reg_type} Reg = State.AllocateReg({})) {{", params.join(", "));
        let _ = writeln!(self.s, "{indent}  State.addLoc(CCValAssign::getReg(ValNo, ValVT, Reg, LocVT, LocInfo));");
        Ok(())
    }

    /// `State.AllocateStack(Size, Align)`, each taken from the type's layout when zero.
    fn allocate_stack(&mut self, action: RecId, indent: &str, offset: bool) -> Result<()> {
        let size = self.f.int(action, "Size")? as i32;
        let align = self.f.int(action, "Align")? as i32;
        if offset {
            self.counter += 1;
            let _ = write!(self.s, "{indent}int64_t Offset{} = ", self.counter);
        } else {
            let _ = write!(self.s, "{indent}  (void)");
        }
        self.s.push_str("State.AllocateStack(");
        let layout = |what: &str| {
            format!("\n{indent}  State.getMachineFunction().getDataLayout().{what}(EVT(LocVT).getTypeForEVT(State.getContext()))")
        };
        if size != 0 {
            let _ = write!(self.s, "{size}, ");
        } else {
            self.s.push_str(&layout("getTypeAllocSize"));
            self.s.push_str(", ");
        }
        if align != 0 {
            let _ = write!(self.s, "Align({align})");
        } else {
            self.s.push_str(&layout("getABITypeAlign"));
        }
        self.s.push_str(");\n");
        Ok(())
    }

    fn note_assigned(&mut self, list: tdq_core::init::Init) -> Result<()> {
        let len = list.as_list().map_or(0, |(elems, _)| elems.len());
        for i in 0..len {
            let name = self.register_name(list, i)?;
            let map = if self.swift { &mut self.assigned_swift } else { &mut self.assigned };
            map.entry(self.current).or_default().insert(name);
        }
        Ok(())
    }

    fn dest_type(&self, action: RecId) -> Result<tdq_models::target::value_types::Mvt> {
        let dest = self.f.def(action, "DestTy")?;
        Ok(self.value_types.of(self.input, dest)?)
    }

    /// An unknown action: LLVM prints the record, then the error.
    fn unknown(&mut self, action: RecId, message: &str) -> BackendError {
        let mut text = String::new();
        self.input.records.get(action).print_to(&self.input.records, &mut text);
        self.diags.text(text);
        self.fatal(action, message)
    }

    fn action(&mut self, action: RecId, indent: usize) -> Result<()> {
        let ind = " ".repeat(indent);
        let f = Fields { input: self.input };
        let is = |class: &str| f.is_a(action, class);
        if is("CCPredicateAction") {
            let _ = write!(self.s, "{ind}if (");
            if is("CCIfType") {
                let types = self.f.list(action, "VTs")?;
                for i in 0..types.len() {
                    let vt = self.f.element_as_record(self.f.init(action, "VTs")?, i)?;
                    if i != 0 {
                        let _ = write!(self.s, " ||\n    {ind}");
                    }
                    let mvt = self.value_types.of(self.input, vt)?;
                    let _ = write!(self.s, "LocVT == {}", mvt.enum_name());
                }
            } else if is("CCIf") {
                let predicate = self.f.string(action, "Predicate")?;
                self.s.push_str(predicate);
            } else {
                return Err(self.unknown(action, "Unknown CCPredicateAction!"));
            }
            self.s.push_str(") {\n");
            let sub = self.f.def(action, "SubAction")?;
            self.action(sub, indent + 2)?;
            let _ = writeln!(self.s, "{ind}}}");
            return Ok(());
        }
        if is("CCDelegateTo") {
            let cc = self.f.def(action, "CC")?;
            let orig_ty = if self.form.orig_ty { "OrigTy, " } else { "" };
            let _ = write!(
                self.s,
                "{ind}if (!{}(ValNo, ValVT, LocVT, LocInfo, ArgFlags, {orig_ty}State))\n{ind}  return false;\n",
                self.f.name(cc)
            );
        } else if is("CCAssignToReg")
            || (self.form.reg_tuples && is("CCAssignToRegTuple"))
            || is("CCAssignToRegAndStack")
        {
            let list = self.f.init(action, "RegList")?;
            self.f.list(action, "RegList")?;
            self.note_assigned(list)?;
            self.allocate_reg(&[list], &ind)?;
            if is("CCAssignToRegAndStack") {
                self.allocate_stack(action, &ind, false)?;
            }
            let _ = write!(self.s, "{ind}  return false;\n{ind}}}\n");
        } else if is("CCAssignToRegWithShadow") {
            let list = self.f.init(action, "RegList")?;
            let len = self.f.list(action, "RegList")?.len();
            let shadows = self.f.init(action, "ShadowRegList")?;
            let shadow_len = self.f.list(action, "ShadowRegList")?.len();
            if shadow_len != 0 && shadow_len != len {
                return Err(self.fatal(action, "Invalid length of list of shadowed registers"));
            }
            self.allocate_reg(&[list, shadows], &ind)?;
            let _ = write!(self.s, "{ind}  return false;\n{ind}}}\n");
        } else if is("CCAssignToStack") {
            self.allocate_stack(action, &ind, true)?;
            let _ = write!(
                self.s,
                "{ind}State.addLoc(CCValAssign::getMem(ValNo, ValVT, Offset{}, LocVT, LocInfo));\n{ind}return false;\n",
                self.counter
            );
        } else if is("CCAssignToStackWithShadow") {
            let size = self.f.int(action, "Size")? as i32;
            let align = self.f.int(action, "Align")? as i32;
            let shadows = self.f.init(action, "ShadowRegList")?;
            self.f.list(action, "ShadowRegList")?;
            self.counter += 1;
            let shadow_number = self.counter;
            self.register_list(shadows, &format!("ShadowRegList{shadow_number}"), &ind)?;
            self.counter += 1;
            let _ = writeln!(
                self.s,
                "{ind}int64_t Offset{} = State.AllocateStack({size}, Align({align}), ShadowRegList{shadow_number});",
                self.counter
            );
            let _ = write!(
                self.s,
                "{ind}State.addLoc(CCValAssign::getMem(ValNo, ValVT, Offset{}, LocVT, LocInfo));\n{ind}return false;\n",
                self.counter
            );
        } else if is("CCPromoteToType") {
            let dest = self.dest_type(action)?;
            let _ = writeln!(self.s, "{ind}LocVT = {};", dest.enum_name());
            if dest.is_fp {
                let _ = writeln!(self.s, "{ind}LocInfo = CCValAssign::FPExt;");
            } else {
                self.extension(&ind, "");
            }
        } else if is("CCPromoteToUpperBitsInType") {
            let dest = self.dest_type(action)?;
            let _ = writeln!(self.s, "{ind}LocVT = {};", dest.enum_name());
            if dest.is_fp {
                return Err(self.fatal(action, "CCPromoteToUpperBitsInType does not handle floating point"));
            }
            self.extension(&ind, "Upper");
        } else if let Some(info) = ["CCBitConvertToType", "CCTruncToType", "CCPassIndirect"]
            .iter()
            .zip(["BCvt", "Trunc", "Indirect"])
            .find_map(|(class, info)| is(class).then_some(info))
        {
            let dest = self.dest_type(action)?;
            let _ = writeln!(self.s, "{ind}LocVT = {};", dest.enum_name());
            let _ = writeln!(self.s, "{ind}LocInfo = CCValAssign::{info};");
        } else if is("CCPassByVal") {
            let size = self.f.int(action, "Size")? as i32;
            let align = self.f.int(action, "Align")? as i32;
            let _ = write!(
                self.s,
                "{ind}State.HandleByVal(ValNo, ValVT, LocVT, LocInfo, {size}, Align({align}), ArgFlags);\n{ind}return false;\n"
            );
        } else if is("CCCustom") {
            let function = self.f.string(action, "FuncName")?;
            let _ = write!(
                self.s,
                "{ind}if ({function}(ValNo, ValVT, LocVT, LocInfo, ArgFlags, State))\n{ind}  return false;\n"
            );
        } else {
            return Err(self.unknown(action, "Unknown CCAction!"));
        }
        Ok(())
    }

    /// `LocInfo` from the argument's extension flags: `SExt`, `ZExt` or `AExt` (with `suffix`).
    fn extension(&mut self, ind: &str, suffix: &str) {
        let _ = write!(
            self.s,
            "{ind}if (ArgFlags.isSExt())\n{ind}  LocInfo = CCValAssign::SExt{suffix};\n{ind}else if (ArgFlags.isZExt())\n{ind}  LocInfo = CCValAssign::ZExt{suffix};\n{ind}else\n{ind}  LocInfo = CCValAssign::AExt{suffix};\n"
        );
    }

    /// The registers each convention may assign (`<CC>_ArgRegs`) and assigns to Swift
    /// arguments (`<CC>_Swift_ArgRegs`). LLVM first merges, transitively, the registers of the
    /// conventions a convention delegates to; its merge starts only from a convention that
    /// delegates to none, and it only visits conventions that delegate, so it never merges:
    /// each list is the convention's own registers.
    fn register_lists(&mut self) {
        if self.assigned.is_empty() {
            return;
        }
        match self.form.guards {
            Guards::IfndefElse | Guards::IfNotDefinedElse => self.s.push_str("\n#else\n\n"),
            Guards::TwoSections => self.s.push_str("#ifdef GET_CC_REGISTER_LISTS\n#undef GET_CC_REGISTER_LISTS\n\n"),
        }
        for (name, registers) in &self.assigned {
            let list = if registers.is_empty() { "0".to_string() } else { join(registers) };
            let _ = writeln!(self.s, "const MCRegister {name}_ArgRegs[] = {{ {list} }};");
        }
        if !self.assigned_swift.is_empty() {
            self.s.push_str("\n// Registers used by Swift.\n");
            for (name, registers) in &self.assigned_swift {
                let _ = writeln!(self.s, "const MCRegister {name}_Swift_ArgRegs[] = {{ {} }};", join(registers));
            }
        }
        if self.form.guards == Guards::TwoSections {
            self.s.push_str("\n#endif // GET_CC_REGISTER_LISTS\n\n");
        }
    }
}

fn join(registers: &BTreeSet<String>) -> String {
    registers.iter().map(String::as_str).collect::<Vec<_>>().join(", ")
}
