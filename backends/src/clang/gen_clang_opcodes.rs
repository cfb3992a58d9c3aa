//! `-gen-clang-opcodes` (`Opcodes.inc`): the opcodes of clang's constant interpreter
//! (lib/AST/ByteCode/Opcodes.td), one per combination of the types of an opcode's type
//! classes, with their enumerators, interpreter cases (LLVM 23: tail-calling dispatchers and
//! their list), disassembler cases, emitter prototypes and bodies, type-dispatching group
//! emitters and evaluator methods.

use crate::{Backend, BackendError, BackendOptions, Output};
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::init::InitKind;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::records::{derived_definitions, Fatal};
use tdq_models::Fields;

pub struct GenClangOpcodes;

/// How the interpreter runs an opcode.
#[derive(Clone, Copy)]
enum Interp {
    /// A `case` of the interpreter's switch (`GET_INTERP`); whether an opcode that can return
    /// passes `Result` (LLVM 19).
    Switch { passes_result: bool },
    /// A function per opcode that tail-calls the next one, and the list of them (LLVM 23).
    TailCalls,
}

/// What a release's emitter writes differently.
struct Dialect {
    interp: Interp,
    /// The disassembler prints to a stream (LLVM 19) rather than filling `Text`.
    disasm_streams: bool,
    /// `SourceInfo` is passed by const reference (LLVM 19).
    source_info_by_ref: bool,
    /// A group of an opcode without types is an error, and evaluators know `NeedsOpPC` and
    /// `EndSpeculation` (LLVM 23).
    tail_call_era: bool,
}

const DIALECT: ByRelease<Dialect> = ByRelease {
    v19: Dialect {
        interp: Interp::Switch { passes_result: true },
        disasm_streams: true,
        source_info_by_ref: true,
        tail_call_era: false,
    },
    v22: Dialect {
        interp: Interp::Switch { passes_result: false },
        disasm_streams: false,
        source_info_by_ref: false,
        tail_call_era: false,
    },
    v23: Dialect { interp: Interp::TailCalls, disasm_streams: false, source_info_by_ref: false, tail_call_era: true },
};

/// An argument of an opcode: its C++ type and whether it is passed by reference.
struct Arg {
    name: &'static str,
    as_ref: bool,
}

/// One opcode and each of its instances: the types of each and its name (the opcode's name
/// followed by the types').
struct Opcode {
    rec: RecId,
    name: String,
    args: Vec<Arg>,
    /// The type classes' types, one list per class.
    classes: Vec<Vec<RecId>>,
    instances: Vec<(Vec<RecId>, String)>,
}

struct Writer<'a> {
    f: Fields<'a>,
    dialect: &'a Dialect,
    num_types: usize,
    s: String,
}

impl Writer<'_> {
    fn source_info(&self, name: &str) -> String {
        match (self.dialect.source_info_by_ref, name) {
            (true, _) => format!("const SourceInfo &{name}"),
            (false, "") => "SourceInfo".to_string(),
            (false, _) => format!("SourceInfo {name}"),
        }
    }

    /// `PrintTypes`: `<PT_A, PT_B>`, nothing for no types.
    fn types(&self, types: &[RecId]) -> String {
        if types.is_empty() {
            return String::new();
        }
        let names: Vec<String> = types.iter().map(|&t| format!("PT_{}", self.f.name(t))).collect();
        format!("<{}>", names.join(", "))
    }

    /// The parameters `T A0, const U &A1, ` of an emitter.
    fn params(&self, op: &Opcode) -> String {
        let mut s = String::new();
        for (i, arg) in op.args.iter().enumerate() {
            let (constant, reference) = if arg.as_ref { ("const ", "&") } else { (" ", "") };
            let _ = write!(s, "{constant}{} {reference}A{i}, ", arg.name);
        }
        s
    }

    fn read(&self, rec: RecId) -> Result<Opcode, Fatal> {
        let f = self.f;
        let mut name = f.string(rec, "Name")?.to_string();
        if name.is_empty() {
            name = f.name(rec).to_string();
        }
        let mut classes = Vec::new();
        for &class in f.list(rec, "Types")? {
            let InitKind::Def(class, ..) = class.kind() else {
                return Err(Fatal::new(&[], "Expected a type class"));
            };
            classes.push(f.defs(*class, "Types")?);
        }
        let mut instances = vec![(Vec::new(), name.clone())];
        for class in &classes {
            let mut next = Vec::new();
            for (path, id) in &instances {
                for &ty in class {
                    let mut path = path.clone();
                    path.push(ty);
                    next.push((path, format!("{id}{}", f.name(ty))));
                }
            }
            instances = next;
        }
        let mut args = Vec::new();
        for arg in f.defs(rec, "Args")? {
            args.push(Arg { name: f.string(arg, "Name")?, as_ref: f.bit(arg, "AsRef")? });
        }
        Ok(Opcode { rec, name, args, classes, instances })
    }

    fn opcode(&mut self, op: &Opcode) -> Result<(), Fatal> {
        self.s.push_str("#ifdef GET_OPCODE_NAMES\n");
        for (_, id) in &op.instances {
            let _ = writeln!(self.s, "OP_{id},");
        }
        self.s.push_str("#endif\n");
        match self.dialect.interp {
            Interp::Switch { passes_result } => self.interp_switch(op, passes_result)?,
            Interp::TailCalls => {
                self.s.push_str("#ifdef GET_INTERPFN_LIST\n");
                for (_, id) in &op.instances {
                    let _ = writeln!(self.s, "&Interp_{id},");
                }
                self.s.push_str("#endif\n");
                self.interp_dispatchers(op)?;
            }
        }
        self.disasm(op);
        self.proto(op)?;
        self.group(op)?;
        self.emitter(op)?;
        self.eval(op)?;
        Ok(())
    }

    /// `EmitInterp`: a case of the interpreter's switch.
    fn interp_switch(&mut self, op: &Opcode, passes_result: bool) -> Result<(), Fatal> {
        self.s.push_str("#ifdef GET_INTERP\n");
        let can_return = self.f.bit(op.rec, "CanReturn")?;
        let changes_pc = self.f.bit(op.rec, "ChangesPC")?;
        for (types, id) in &op.instances {
            let _ = writeln!(self.s, "case OP_{id}: {{");
            if can_return {
                self.s.push_str("  bool DoReturn = (S.Current == StartFrame);\n");
            }
            for (i, arg) in op.args.iter().enumerate() {
                let reference = if arg.as_ref { "&" } else { "" };
                let _ = writeln!(self.s, "  const auto {reference}V{i} = ReadArg<{}>(S, PC);", arg.name);
            }
            let _ = write!(self.s, "  if (!{}{}(S", op.name, self.types(types));
            self.s.push_str(if changes_pc { ", PC" } else { ", OpPC" });
            if can_return && passes_result {
                self.s.push_str(", Result");
            }
            for i in 0..op.args.len() {
                let _ = write!(self.s, ", V{i}");
            }
            self.s.push_str("))\n    return false;\n");
            if can_return {
                self.s.push_str(
                    "  if (!S.Current || S.Current->isRoot())\n    return true;\n  if (DoReturn)\n    return true;\n",
                );
            }
            self.s.push_str("  continue;\n}\n");
        }
        self.s.push_str("#endif\n");
        Ok(())
    }

    /// `EmitInterpFnDispatchers`: a function per instance that reads the arguments, runs the
    /// opcode and tail-calls the next.
    fn interp_dispatchers(&mut self, op: &Opcode) -> Result<(), Fatal> {
        const NEXT: &str = "#if USE_TAILCALLS\n  MUSTTAIL return InterpNext(S);\n#else\n  return true;\n#endif\n";
        self.s.push_str("#ifdef GET_INTERPFN_DISPATCHERS\n");
        for (types, id) in &op.instances {
            let _ = write!(self.s, "PRESERVE_NONE\nstatic bool Interp_{id}(InterpState &S) {{\n");
            if id == "EndSpeculation" {
                self.s.push_str("    MUSTTAIL return EndSpeculation(S);\n}\n");
                continue;
            }
            let f = self.f;
            let can_return = f.bit(op.rec, "CanReturn")?;
            f.defs(op.rec, "Args")?;
            let can_fail = f.bit(op.rec, "CanFail")?;
            let pass_op_pc = f.bit(op.rec, "NeedsOpPC")?;
            let call = format!("{}{}", op.name, self.types(types));
            if op.args.is_empty() {
                if can_return {
                    let _ = write!(self.s, " MUSTTAIL return {call}(S);\n}}\n");
                    continue;
                }
                self.s.push_str("  ");
                if can_fail {
                    self.s.push_str("if (!");
                }
                let _ = write!(self.s, "{call}(S{})", if pass_op_pc { ", S.PC" } else { "" });
                if can_fail {
                    self.s.push_str(") return false");
                }
                self.s.push_str(";\n");
                self.s.push_str(NEXT);
                self.s.push_str("}\n");
                continue;
            }
            self.s.push_str("  {\n");
            if pass_op_pc {
                self.s.push_str("    CodePtr OpPC = S.PC;\n");
            }
            for (i, arg) in op.args.iter().enumerate() {
                let reference = if arg.as_ref { "&" } else { "" };
                let _ = writeln!(self.s, "    const auto {reference}V{i} = ReadArg<{}>(S, S.PC);", arg.name);
            }
            self.s.push_str("    ");
            if can_fail {
                self.s.push_str("if (!");
            }
            let _ = write!(self.s, "{call}(S");
            if pass_op_pc {
                self.s.push_str(", OpPC");
            }
            for i in 0..op.args.len() {
                let _ = write!(self.s, ", V{i}");
            }
            self.s.push(')');
            if can_fail {
                self.s.push_str(") return false");
            }
            self.s.push_str(";\n  }\n");
            self.s.push_str(if can_return { "  return true;\n" } else { NEXT });
            self.s.push_str("}\n");
        }
        self.s.push_str("#endif\n");
        Ok(())
    }

    /// `EmitDisasm`.
    fn disasm(&mut self, op: &Opcode) {
        self.s.push_str("#ifdef GET_DISASM\n");
        for (_, id) in &op.instances {
            let _ = writeln!(self.s, "case OP_{id}:");
            if self.dialect.disasm_streams {
                let _ = write!(self.s, "  PrintName(\"{id}\");\n  OS << \"\\t\"");
                for arg in &op.args {
                    let _ = write!(self.s, " << ReadArg<{}>(P, PC) << \" \"", arg.name);
                }
                self.s.push_str(" << \"\\n\";\n  continue;\n");
            } else {
                let _ = writeln!(self.s, "  Text.Op = PrintName(\"{id}\");");
                for arg in &op.args {
                    let _ = writeln!(self.s, "  Text.Args.push_back(printArg<{}>(P, PC));", arg.name);
                }
                self.s.push_str("  break;\n");
            }
        }
        self.s.push_str("#endif\n");
    }

    /// `EmitProto`: the emitters' prototypes, and the template of a custom evaluator.
    fn proto(&mut self, op: &Opcode) -> Result<(), Fatal> {
        self.s.push_str("#if defined(GET_EVAL_PROTO) || defined(GET_LINK_PROTO)\n");
        let source_info = self.source_info("");
        for (_, id) in &op.instances {
            let _ = write!(self.s, "bool emit{id}(");
            for arg in &op.args {
                let (constant, reference) = if arg.as_ref { ("const ", "&") } else { (" ", "") };
                let _ = write!(self.s, "{constant}{} {reference}, ", arg.name);
            }
            let _ = writeln!(self.s, "{source_info});");
        }
        let count = op.classes.len();
        if self.f.bit(op.rec, "HasCustomEval")? && count > 0 {
            self.s.push_str("#if defined(GET_EVAL_PROTO)\n");
            let _ = writeln!(self.s, "template<{}>", vec!["PrimType"; count].join(", "));
            let _ = write!(self.s, "bool emit{}(", op.name);
            for arg in &op.args {
                let _ = write!(self.s, "{}, ", arg.name);
            }
            let _ = write!(self.s, "{source_info});\n#endif\n");
        }
        self.s.push_str("#endif\n");
        Ok(())
    }

    /// `EmitGroup`: an emitter that dispatches on the types to the instances'.
    fn group(&mut self, op: &Opcode) -> Result<(), Fatal> {
        if !self.f.bit(op.rec, "HasGroup")? {
            return Ok(());
        }
        if self.dialect.tail_call_era && op.classes.is_empty() {
            return Err(Fatal::new(&[], "HasGroup only makes sense for opcodes with types"));
        }
        let func = format!("emit{}", op.name);
        let _ = write!(self.s, "#if defined(GET_EVAL_PROTO) || defined(GET_LINK_PROTO)\n[[nodiscard]] bool {func}(");
        for _ in &op.classes {
            self.s.push_str("PrimType, ");
        }
        for arg in &op.args {
            let _ = write!(self.s, "{}, ", arg.name);
        }
        let _ = write!(self.s, "{});\n#endif\n", self.source_info("I"));
        let _ = write!(
            self.s,
            "#if defined(GET_EVAL_IMPL) || defined(GET_LINK_IMPL)\nbool\n#if defined(GET_EVAL_IMPL)\nEvalEmitter\n#else\nByteCodeEmitter\n#endif\n::{func}("
        );
        for i in 0..op.classes.len() {
            let _ = write!(self.s, "PrimType T{i}, ");
        }
        let params = self.params(op);
        let _ = writeln!(self.s, "{params}{}) {{", self.source_info("I"));
        let custom_eval = self.f.bit(op.rec, "HasCustomEval")?;
        let mut path = Vec::new();
        self.group_level(op, 0, &op.name, &mut path, custom_eval, &func);
        self.s.push_str("}\n#endif\n");
        Ok(())
    }

    fn group_level(
        &mut self,
        op: &Opcode,
        level: usize,
        id: &str,
        path: &mut Vec<RecId>,
        custom_eval: bool,
        func: &str,
    ) {
        let Some(class) = op.classes.get(level) else {
            if custom_eval {
                let _ = write!(
                    self.s,
                    "#ifdef GET_LINK_IMPL\n    return emit{id}\n#else\n    return emit{}{}\n#endif\n      ",
                    op.name,
                    self.types(path)
                );
            } else {
                let _ = write!(self.s, "    return emit{id}");
            }
            self.s.push('(');
            for i in 0..op.args.len() {
                let _ = write!(self.s, "A{i}, ");
            }
            self.s.push_str("I);\n");
            return;
        };
        let _ = writeln!(self.s, "  switch (T{level}) {{");
        for &ty in class {
            let name = self.f.name(ty);
            let _ = writeln!(self.s, "  case PT_{name}:");
            path.push(ty);
            self.group_level(op, level + 1, &format!("{id}{name}"), path, custom_eval, func);
            path.pop();
        }
        if class.len() < self.num_types {
            let _ = writeln!(self.s, "  default: llvm_unreachable(\"invalid type: {func}\");");
        }
        self.s.push_str("  }\n  llvm_unreachable(\"invalid enum value\");\n");
    }

    /// `EmitEmitter`: the byte code emitter's method of each instance.
    fn emitter(&mut self, op: &Opcode) -> Result<(), Fatal> {
        if self.f.bit(op.rec, "HasCustomLink")? {
            return Ok(());
        }
        self.s.push_str("#ifdef GET_LINK_IMPL\n");
        let params = self.params(op);
        let names: Vec<&str> = op.args.iter().map(|a| a.name).collect();
        for (_, id) in &op.instances {
            let _ = writeln!(self.s, "bool ByteCodeEmitter::emit{id}({params}{}) {{", self.source_info("L"));
            let _ = write!(self.s, "  return emitOp<{}>(OP_{id}", names.join(", "));
            for i in 0..op.args.len() {
                let _ = write!(self.s, ", A{i}");
            }
            self.s.push_str(", L);\n}\n");
        }
        self.s.push_str("#endif\n");
        Ok(())
    }

    /// `EmitEval`: the evaluator's method of each instance.
    fn eval(&mut self, op: &Opcode) -> Result<(), Fatal> {
        if self.f.bit(op.rec, "HasCustomEval")? {
            return Ok(());
        }
        self.s.push_str("#ifdef GET_EVAL_IMPL\n");
        let params = self.params(op);
        for (types, id) in &op.instances {
            let _ = writeln!(self.s, "bool EvalEmitter::emit{id}({params}{}) {{", self.source_info("L"));
            self.s.push_str("  if (!isActive()) return true;\n  CurrentSource = L;\n");
            let mut pass_op_pc = None;
            if self.dialect.tail_call_era {
                if op.name == "EndSpeculation" {
                    self.s.push_str("return EndSpeculation(S);\n}\n");
                    continue;
                }
                pass_op_pc = Some(self.f.bit(op.rec, "NeedsOpPC")?);
            }
            let _ = write!(self.s, "  return {}{}(S", op.name, self.types(types));
            match pass_op_pc {
                None => self.s.push_str(", OpPC"),
                Some(true) => self.s.push_str(", CodePtr()"),
                Some(false) => {}
            }
            for i in 0..op.args.len() {
                let _ = write!(self.s, ", A{i}");
            }
            self.s.push_str(");\n}\n");
        }
        self.s.push_str("#endif\n");
        Ok(())
    }
}

impl Backend for GenClangOpcodes {
    fn name(&self) -> &'static str {
        "gen-clang-opcodes"
    }
    fn help(&self) -> &'static str {
        "Generate Clang constexpr interpreter opcodes"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let f = Fields { input };
        let num_types = derived_definitions(input, "Type")?.len();
        let mut w = Writer { f, dialect: DIALECT.get(options.release), num_types, s: String::new() };
        for &rec in derived_definitions(input, "Opcode")?.iter() {
            let op = w.read(rec)?;
            w.opcode(&op)?;
        }
        out.write_all(w.s.as_bytes())?;
        Ok(())
    }
}
