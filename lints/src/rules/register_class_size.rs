//! `register-class-size`: a register class whose sizes disagree with its types.

use crate::context::Context;
use crate::Sink;
use tdq_models::target::registers::RegBank;
use tdq_models::target::Target;

crate::declare_lint! {
    /// A register class whose register size, spill size or spill alignment disagrees with the
    /// value types it holds.
    ///
    /// **What it finds.** A `RegisterClass` def such that, in some HW mode (its `RegInfos`, or
    /// the sizes LLVM derives from its first type and `Size`/`Alignment`), one of its value
    /// types is wider than its registers, or, for an allocatable class (the only ones spilled),
    /// its spill slot is smaller than its registers or its spill alignment is not a whole
    /// power-of-two number of bytes. Scalable vectors are left out, and so are types the same
    /// in every mode of a class whose sizes differ by mode (RISC-V's `GPR` lists `i64` for
    /// RV64 beside its 32-bit RV32 registers). The sizes are LLVM's (`CodeGenRegisterClass`,
    /// as `-gen-register-info` computes them).
    ///
    /// **Why it matters.** The register allocator spills and reloads a class by its spill
    /// size and alignment, and instruction selection puts every listed type in it: a type
    /// wider than the register loses bits silently, a spill slot smaller than the register
    /// corrupts the stack, and an alignment that is not a power of two of bytes breaks the
    /// frame lowering.
    ///
    /// **Fires:**
    /// ```tablegen fires
    /// include "llvm/Target/Target.td"
    /// def MyInstrInfo : InstrInfo;
    /// def My : Target { let InstructionSet = MyInstrInfo; }
    /// def R0 : Register<"r0">;
    /// def GPR : RegisterClass<"My", [i32, i64], 32, (add R0)>; // <- fires
    /// def ODD : RegisterClass<"My", [i32], 12, (add R0)>; // <- fires
    /// ```
    ///
    /// **Does not fire:**
    /// ```tablegen passes
    /// include "llvm/Target/Target.td"
    /// def MyInstrInfo : InstrInfo;
    /// def My : Target { let InstructionSet = MyInstrInfo; }
    /// def R0 : Register<"r0">;
    /// def GPR : RegisterClass<"My", [i32], 32, (add R0)>;
    /// def GPR64 : RegisterClass<"My", [i64, f64], 64, (add R0)>;
    /// def ANY : RegisterClass<"My", [untyped], 32, (add R0)> { let Size = 32; }
    /// ```
    pub static LINT = {
        id: "register-class-size",
        level: Warning,
        enabled_by_default: true,
        check: check,
    };
}

fn check(ctx: &Context, sink: &mut Sink) {
    let input = ctx.eval;
    if input.records.class("RegisterClass").is_none() || input.records.class("Target").is_none() {
        return;
    }
    let (Ok(target), Ok(bank)) = (Target::get(input), RegBank::get(input)) else { return };
    for class in &bank.classes {
        let Some(def) = class.def else { continue };
        for (mode, sizes) in class.rsi.iter() {
            let in_mode = match mode {
                0 => String::new(),
                m => format!(" in HW mode `{}`", target.hw_modes.modes[m as usize - 1].name),
            };
            let reg = sizes.reg_size;
            let mut problems = Vec::new();
            let sizes_by_mode = !class.rsi.is_simple();
            for vt in &class.value_types {
                // A type given for other modes only is not this mode's.
                if (sizes_by_mode && vt.is_simple()) || (!vt.is_simple() && !vt.has_mode(mode)) {
                    continue;
                }
                let vt = vt.get(mode);
                let scalable = vt.name.starts_with("nxv");
                if !scalable && vt.size > i64::from(reg) {
                    problems.push(format!("`{}` is {} bits, wider than its {reg}-bit registers", vt.name, vt.size));
                }
            }
            if class.allocatable && sizes.spill_size < reg {
                problems
                    .push(format!("its spill size ({} bits) is smaller than its registers ({reg})", sizes.spill_size));
            }
            let align = sizes.spill_alignment;
            if class.allocatable && (align % 8 != 0 || !align.is_power_of_two()) {
                problems.push(format!("its spill alignment ({align} bits) is not a power-of-two number of bytes"));
            }
            for problem in problems {
                sink.report(def, None, format!("register class `{}`{in_mode}: {problem}", class.name));
            }
        }
    }
}
