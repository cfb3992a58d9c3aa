//! `clang-attribute-undocumented`: a clang attribute documented as `Undocumented`.

use crate::context::Context;
use crate::Sink;

crate::declare_lint! {
    /// A clang attribute whose documentation is the placeholder `Undocumented`.
    ///
    /// **What it finds.** A def deriving from `Attr` whose `Documentation` list holds the def
    /// `Undocumented`.
    ///
    /// **Why it matters.** clang's attribute reference (`AttributeReference.rst`) is generated
    /// from these records; an attribute marked `Undocumented` is left out of it, so users meet
    /// a spelling the compiler accepts and the reference never mentions. clang asks that new
    /// attributes be documented; this lists the ones still waiting.
    ///
    /// **Fires:**
    /// ```tablegen fires
    /// class Documentation;
    /// def Undocumented : Documentation;
    /// class Attr { list<Documentation> Documentation; }
    /// def Odd : Attr { let Documentation = [Undocumented]; } // <- fires
    /// ```
    ///
    /// **Does not fire:**
    /// ```tablegen passes
    /// class Documentation;
    /// def Undocumented : Documentation;
    /// def OddDocs : Documentation;
    /// class Attr { list<Documentation> Documentation; }
    /// def Odd : Attr { let Documentation = [OddDocs]; }
    /// ```
    pub static LINT = {
        id: "clang-attribute-undocumented",
        level: Note,
        enabled_by_default: true,
        check: check,
    };
}

fn check(ctx: &Context, sink: &mut Sink) {
    let Some(attr) = ctx.rk.class("Attr") else { return };
    let Some(undocumented) = ctx.rk.def("Undocumented") else { return };
    for &id in ctx.rk.defs.values() {
        if !ctx.record(id).is_subclass_of(attr) {
            continue;
        }
        if ctx.list(id, "Documentation").iter().any(|d| d.as_def() == Some(undocumented)) {
            sink.report(
                id,
                Some("Documentation"),
                "this attribute is `Undocumented`: the attribute reference leaves it out",
            );
        }
    }
}
