//! `clang-warning-without-group`: a clang warning that no `-W` flag controls.

use crate::context::Context;
use crate::Sink;

crate::declare_lint! {
    /// A clang warning (a `Diagnostic` of class `CLASS_WARNING`) that belongs to no diagnostic
    /// group.
    ///
    /// **What it finds.** A def deriving from `Diagnostic` whose `Class` is the def
    /// `CLASS_WARNING` and whose `Group` is unset (`?`).
    ///
    /// **Why it matters.** A warning outside every group has no `-W` flag: users can neither
    /// turn it off nor promote it to an error on its own. clang's `test/Misc/warning-flags.c`
    /// keeps exactly this list by hand and asks that it never grow; the lint finds a new one
    /// where it is written, before the test does.
    ///
    /// **Fires:**
    /// ```tablegen fires
    /// class DiagClass;
    /// def CLASS_WARNING : DiagClass;
    /// class DiagGroup<string name> { string GroupName = name; }
    /// class Diagnostic<string text, DiagClass c> { string Text = text; DiagClass Class = c; DiagGroup Group = ?; }
    /// class Warning<string text> : Diagnostic<text, CLASS_WARNING>;
    /// def warn_odd : Warning<"odd">; // <- fires
    /// ```
    ///
    /// **Does not fire:**
    /// ```tablegen passes
    /// class DiagClass;
    /// def CLASS_WARNING : DiagClass;
    /// def CLASS_ERROR : DiagClass;
    /// class DiagGroup<string name> { string GroupName = name; }
    /// def Odd : DiagGroup<"odd">;
    /// class Diagnostic<string text, DiagClass c> { string Text = text; DiagClass Class = c; DiagGroup Group = ?; }
    /// class Warning<string text> : Diagnostic<text, CLASS_WARNING>;
    /// class Error<string text> : Diagnostic<text, CLASS_ERROR>;
    /// def warn_odd : Warning<"odd"> { let Group = Odd; }
    /// def err_odd : Error<"odd">;
    /// ```
    pub static LINT = {
        id: "clang-warning-without-group",
        level: Warning,
        enabled_by_default: true,
        check: check,
    };
}

fn check(ctx: &Context, sink: &mut Sink) {
    let Some(diagnostic) = ctx.rk.class("Diagnostic") else { return };
    let Some(warning_class) = ctx.rk.def("CLASS_WARNING") else { return };
    for &id in ctx.rk.defs.values() {
        if !ctx.record(id).is_subclass_of(diagnostic) {
            continue;
        }
        let is_warning = ctx.field(id, "Class").and_then(|v| v.value.as_def()) == Some(warning_class);
        let ungrouped = ctx.field(id, "Group").is_some_and(|v| v.value.is_unset());
        if is_warning && ungrouped {
            sink.report(id, None, "this warning belongs to no diagnostic group, so no -W flag controls it");
        }
    }
}
