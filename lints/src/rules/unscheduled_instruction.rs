//! `unscheduled-instruction`: an instruction that no processor model of its target schedules.

use crate::context::Context;
use crate::Sink;
use tdq_models::target::instructions::{Instruction, Instructions};
use tdq_models::target::schedule::{ProcModel, SchedModels};
use tdq_models::Fields;

crate::declare_lint! {
    /// An instruction for which none of its target's processor models has scheduling
    /// information.
    ///
    /// **What it finds.** A target instruction, not marked `hasNoSchedulingInfo` nor
    /// `isAsmParserOnly` (code generation never emits those), such that no
    /// processor model of the target that schedules anything (one with itineraries or with
    /// `WriteRes`/`ItinRW` entries) gives it what LLVM's completeness check asks of a model
    /// with `CompleteModel = 1`: `SchedRW` writes, an itinerary class other than
    /// `NoItinerary` (for a model with itineraries), or an `InstRW` of that model. Models whose
    /// `UnsupportedFeatures` exclude the instruction do not count; an instruction every model
    /// excludes is not reported. The model is LLVM's (`CodeGenSchedModels`, as
    /// `-gen-subtarget` computes it); a target whose model LLVM rejects (a complete model
    /// missing an instruction is one) is left to `-gen-subtarget`'s errors.
    ///
    /// **Why it matters.** LLVM checks coverage only for models that claim to be complete, and
    /// most models do not (`CompleteModel = 0` while they are developed, which is often
    /// forever). An instruction no model covers is scheduled with default latencies on every
    /// processor, silently; this is the coverage report asked for in llvm-project#53474.
    ///
    /// **Fires:**
    /// ```tablegen fires
    /// include "llvm/Target/Target.td"
    /// def MyInstrInfo : InstrInfo;
    /// def My : Target { let InstructionSet = MyInstrInfo; }
    /// def WriteALU : SchedWrite;
    /// def MyModel : SchedMachineModel { let CompleteModel = 0; }
    /// let SchedModel = MyModel in {
    ///   def MyUnit : ProcResource<1>;
    ///   def : WriteRes<WriteALU, [MyUnit]>;
    /// }
    /// def : ProcessorModel<"my-cpu", MyModel, []>;
    /// class MyInst : Instruction {
    ///   let Namespace = "My";
    ///   let OutOperandList = (outs);
    ///   let InOperandList = (ins);
    /// }
    /// def ADD : MyInst, Sched<[WriteALU]>;
    /// def SUB : MyInst; // <- fires
    /// ```
    ///
    /// **Does not fire:**
    /// ```tablegen passes
    /// include "llvm/Target/Target.td"
    /// def MyInstrInfo : InstrInfo;
    /// def My : Target { let InstructionSet = MyInstrInfo; }
    /// def WriteALU : SchedWrite;
    /// def MyModel : SchedMachineModel { let CompleteModel = 0; }
    /// let SchedModel = MyModel in {
    ///   def MyUnit : ProcResource<1>;
    ///   def : WriteRes<WriteALU, [MyUnit]>;
    ///   def MyWriteSUB : SchedWriteRes<[MyUnit]>;
    /// }
    /// def : ProcessorModel<"my-cpu", MyModel, []>;
    /// class MyInst : Instruction {
    ///   let Namespace = "My";
    ///   let OutOperandList = (outs);
    ///   let InOperandList = (ins);
    /// }
    /// def ADD : MyInst, Sched<[WriteALU]>;
    /// def SUB : MyInst;
    /// def NOP : MyInst { let hasNoSchedulingInfo = 1; }
    /// def : InstRW<[MyWriteSUB], (instrs SUB)> { let SchedModel = MyModel; }
    /// ```
    pub static LINT = {
        id: "unscheduled-instruction",
        level: Warning,
        enabled_by_default: true,
        check: check,
    };
}

fn check(ctx: &Context, sink: &mut Sink) {
    let input = ctx.eval;
    if input.records.class("SchedMachineModel").is_none() || ctx.instructions.is_empty() {
        return;
    }
    let (Ok(instructions), Ok(models)) = (Instructions::get(input), SchedModels::get(input)) else { return };
    let f = Fields { input };
    let scheduling: Vec<&ProcModel> =
        models.proc_models.iter().filter(|pm| pm.has_itineraries() || pm.has_instr_sched_model()).collect();
    if scheduling.is_empty() {
        return;
    }
    for inst in instructions.target_instructions() {
        if inst.flags.has_no_scheduling_info || f.bit(inst.def, "isAsmParserOnly").unwrap_or(false) {
            continue;
        }
        let mut applicable = scheduling.iter().filter(|pm| !excludes(&f, pm, inst)).peekable();
        if applicable.peek().is_none() {
            continue;
        }
        if !applicable.any(|pm| schedules(&f, &models, pm, inst)) {
            let names: Vec<&str> = scheduling.iter().map(|pm| pm.model_name.as_str()).collect();
            let message = match names.len() {
                1 => format!("no scheduling information for `{}` in `{}`", inst.name, names[0]),
                n => format!("no scheduling information for `{}` in any of the {n} processor models", inst.name),
            };
            sink.report(inst.def, Some("SchedRW"), message);
        }
    }
}

/// The model's `UnsupportedFeatures` name one of the instruction's `Predicates`.
fn excludes(f: &Fields, pm: &ProcModel, inst: &Instruction) -> bool {
    let preds = f.defs(inst.def, "Predicates").unwrap_or_default();
    pm.unsupported_features.iter().any(|&u| preds.iter().any(|&p| f.name(p) == f.name(u)))
}

/// LLVM's completeness criteria for one model.
fn schedules(f: &Fields, models: &SchedModels, pm: &ProcModel, inst: &Instruction) -> bool {
    let class = models.sched_class_index(inst.def);
    if class == 0 {
        // No class: an explicit `SchedRW = []` says there is nothing to schedule.
        return !f.is_unset(inst.def, "SchedRW").unwrap_or(true);
    }
    let sc = &models.sched_classes[class as usize];
    if !sc.writes.is_empty() {
        return true;
    }
    if pm.has_itineraries() && sc.itin_class.is_some_and(|i| f.name(i) != "NoItinerary") {
        return true;
    }
    sc.inst_rws.iter().any(|&rw| f.def(rw, "SchedModel").is_ok_and(|m| m == pm.model_def))
}
