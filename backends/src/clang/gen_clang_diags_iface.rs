//! `-gen-clang-diags-iface` (LLVM 22 on): a component's diagnostics interface header, the
//! `diag::` enum over its `DiagnosticXKinds.inc`, `DiagnosticXEnums.inc` and
//! `DiagnosticXCompatIDs.inc` (`EmitClangDiagsInterface`). It reads no records; LLVM 23's
//! `DIAG` macro has two parameters more (the stable IDs).

use crate::{Backend, BackendError, BackendOptions, Output};
use std::io::Write;
use tdq_core::{ByRelease, Evaluation};

pub struct GenClangDiagsIface;

/// The `DIAG` macro's parameter lines, which LLVM 23 extended with the stable IDs (the 19
/// form is never printed: clang-tblgen 19 has no such action).
const DIAG_PARAMETERS: ByRelease<&str> = ByRelease {
    v19: PARAMETERS_22,
    v22: PARAMETERS_22,
    v23: "             SHOWINSYSHEADER, SHOWINSYSMACRO, DEFERRABLE, CATEGORY, STABLE_ID, \\\n             LEGACY_STABLE_IDS) \\\n",
};
const PARAMETERS_22: &str = "             SHOWINSYSHEADER, SHOWINSYSMACRO, DEFERRABLE, CATEGORY)            \\\n";

impl Backend for GenClangDiagsIface {
    fn name(&self) -> &'static str {
        "gen-clang-diags-iface"
    }
    fn help(&self) -> &'static str {
        "Generate Clang diagnostic interface headers"
    }
    fn reads_records(&self) -> bool {
        false
    }
    fn emit(&self, _input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let component = super::component(options);
        if component.is_empty() {
            return Err(BackendError::fatal(&[], "'-gen-clang-diags-iface' requires a component name"));
        }
        let upper = component.to_ascii_uppercase();
        let parameters = DIAG_PARAMETERS.get(options.release);
        let text = format!(
            r#"
namespace clang {{
namespace diag {{
enum {{
#define DIAG(ENUM, FLAGS, DEFAULT_MAPPING, DESC, GROUP, SFINAE, NOWERROR,      \
{parameters}  ENUM,
#define {upper}START
#include "clang/Basic/Diagnostic{component}Kinds.inc"
#undef DIAG
  NUM_BUILTIN_{upper}_DIAGNOSTICS
}};

#define DIAG_ENUM(ENUM_NAME)                                                   \
  namespace ENUM_NAME {{                                                        \
  enum {{
#define DIAG_ENUM_ITEM(IDX, NAME) NAME = IDX,
#define DIAG_ENUM_END()                                                        \
  }}                                                                            \
  ;                                                                            \
  }}
#include "clang/Basic/Diagnostic{component}Enums.inc"
#undef DIAG_ENUM_END
#undef DIAG_ENUM_ITEM
#undef DIAG_ENUM
}} // end namespace diag

namespace diag_compat {{
#define DIAG_COMPAT_IDS_BEGIN() enum {{
#define DIAG_COMPAT_IDS_END()                                                  \
  }}                                                                            \
  ;
#define DIAG_COMPAT_ID(IDX, NAME, ...) NAME = IDX,
#include "clang/Basic/Diagnostic{component}CompatIDs.inc"
#undef DIAG_COMPAT_ID
#undef DIAG_COMPAT_IDS_BEGIN
#undef DIAG_COMPAT_IDS_END
}} // end namespace diag_compat
}} // end namespace clang
"#
        );
        out.write_all(text.as_bytes())?;
        Ok(())
    }
}
