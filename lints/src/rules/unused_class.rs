//! `unused-class`: a target class nothing uses.

use crate::context::Context;
use crate::Sink;
use rustc_hash::FxHashSet;
use tdq_core::init::{Init, InitKind};
use tdq_core::types::{RecId, Ty, TyKind};

crate::declare_lint! {
    /// A class defined in the target's own sources that no record derives from and no value or
    /// type mentions.
    ///
    /// **What it finds.** A class from a file in the root file's directory (or below it) that is
    /// not a superclass of any class or def, not the class of a `Class<args>` value, and not
    /// named by any field type, `!isa`, `!cast` or `!exists`. Multiclasses are not checked (the
    /// evaluator does not keep them); a class used only by a multiclass that is never
    /// instantiated is reported, since it is dead too.
    ///
    /// **Why it matters.** Dead classes are left behind by refactorings and mislead readers
    /// into editing a class that affects nothing. Classes from LLVM's shared `include/` are not
    /// reported: each target uses only part of them.
    ///
    /// **Fires:**
    /// ```tablegen fires
    /// class Instruction;
    /// class OldFormat : Instruction; // <- fires
    /// def ADD : Instruction;
    /// ```
    ///
    /// **Does not fire:**
    /// ```tablegen passes
    /// class Instruction;
    /// class Operand;
    /// class Format : Instruction { list<Operand> ops = []; }
    /// def ADD : Format;
    /// ```
    pub static LINT = {
        id: "unused-class",
        level: Note,
        enabled_by_default: true,
        check: check,
    };
}

fn check(ctx: &Context, sink: &mut Sink) {
    let rk = ctx.rk;
    let mut used = Uses { classes: FxHashSet::default(), seen: FxHashSet::default() };
    let records = rk.classes.values().chain(rk.defs.values());
    for &id in records {
        let rec = rk.get(id);
        used.classes.extend(rec.superclasses.iter().map(|(c, _)| *c));
        for v in &rec.values {
            used.ty(v.ty);
            used.value(v.value);
        }
    }
    for v in rk.globals.values() {
        used.value(*v);
    }
    for &id in rk.classes.values() {
        if !used.classes.contains(&id) && ctx.is_local(rk.get(id).loc()) {
            sink.report(id, None, "no record derives from this class and no value or type names it");
        }
    }
}

/// The classes found so far, and the values already walked.
struct Uses {
    classes: FxHashSet<RecId>,
    seen: FxHashSet<Init>,
}

impl Uses {
    fn ty(&mut self, ty: Ty) {
        match ty.kind() {
            TyKind::Record(classes) => self.classes.extend(classes.iter().map(|(c, _)| *c)),
            TyKind::List(elem) => self.ty(*elem),
            _ => {}
        }
    }

    /// Walks a value that may name classes; a closed value names only defs, whose classes are
    /// counted as the defs' superclasses.
    fn value(&mut self, v: Init) {
        if v.is_closed() || !self.seen.insert(v) {
            return;
        }
        if let Some(ty) = v.ty() {
            self.ty(ty);
        }
        match v.kind() {
            InitKind::Bits(items) | InitKind::List(items, _) => items.iter().for_each(|x| self.value(*x)),
            InitKind::VarDef(class, _, args) => {
                self.classes.insert(*class);
                args.iter().for_each(|x| self.value(*x));
            }
            InitKind::Field(rec, _, _) => self.value(*rec),
            InitKind::VarBit(x, _) | InitKind::Arg(x, _) => self.value(*x),
            InitKind::Cond(conds, vals, _) => conds.iter().chain(vals.iter()).for_each(|x| self.value(*x)),
            InitKind::Dag(op, _, args) => {
                self.value(*op);
                args.iter().for_each(|(x, _)| self.value(*x));
            }
            InitKind::UnOp(_, a, _) => self.value(*a),
            InitKind::BinOp(_, a, b, _) => [a, b].into_iter().for_each(|x| self.value(*x)),
            InitKind::TernOp(_, a, b, c, _) => [a, b, c].into_iter().for_each(|x| self.value(*x)),
            InitKind::Fold(ops, _) => ops.iter().for_each(|x| self.value(*x)),
            InitKind::IsA(ty, x) | InitKind::Exists(ty, x) | InitKind::Instances(ty, x) => {
                self.ty(*ty);
                self.value(*x);
            }
            _ => {}
        }
    }
}
