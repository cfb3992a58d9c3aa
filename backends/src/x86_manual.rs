//! The X86 tables llvm-tblgen carries in its own source rather than reads from the records:
//! `X86ManualFoldTables.def` and `X86ManualInstrMapping.def` of each release, kept here as the
//! releases ship them (LLVM's licence, Apache-2.0 WITH LLVM-exception, in each file) and read
//! as their macros are: one `NAME(ARG, ...)` per line, the rest comments and preprocessor lines.

use tdq_core::ByRelease;

/// `X86ManualFoldTables.def`: `NOFOLD(INST)`, `ENTRY(REG, MEM, FLAGS)`, and since LLVM 23
/// `NOFOLD_SAME_MASK_PREFIX(PREFIX)` and `NOFOLD_SAME_MASK(INST)`.
pub const FOLD_TABLES: ByRelease<&str> = ByRelease {
    v19: include_str!("x86_manual/fold_tables_19.def"),
    v22: include_str!("x86_manual/fold_tables_22.def"),
    v23: include_str!("x86_manual/fold_tables_23.def"),
};

/// `X86ManualInstrMapping.def`: `NOCOMP`, `ENTRY`, `NOCOMP_ND`, `ENTRY_ND`, `ENTRY_SSE2AVX`.
pub const INSTR_MAPPING: ByRelease<&str> = ByRelease {
    v19: include_str!("x86_manual/instr_mapping_19.def"),
    v22: include_str!("x86_manual/instr_mapping_22.def"),
    v23: include_str!("x86_manual/instr_mapping_22.def"),
};

/// The uses of macro `name` in `def`, in order, each as its arguments.
pub fn uses<'a>(def: &'a str, name: &'static str) -> impl Iterator<Item = Vec<&'a str>> + 'a {
    def.lines().filter_map(move |line| {
        let args = line.trim().strip_prefix(name)?.strip_prefix('(')?.strip_suffix(')')?;
        Some(args.split(',').map(str::trim).collect())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn macros_are_read_by_name_only() {
        let def = "#define ENTRY(A, B)\n// ENTRY(X, Y)\nENTRY(ADD, SUB)\nENTRY_ND(P, Q)\nNOCOMP(Z)\n";
        assert_eq!(uses(def, "ENTRY").collect::<Vec<_>>(), vec![vec!["ADD", "SUB"]]);
        assert_eq!(uses(def, "ENTRY_ND").collect::<Vec<_>>(), vec![vec!["P", "Q"]]);
        assert_eq!(uses(def, "NOCOMP").collect::<Vec<_>>(), vec![vec!["Z"]]);
    }

    #[test]
    fn every_release_has_its_tables() {
        for release in tdq_core::Release::ALL {
            assert!(uses(FOLD_TABLES.get(release), "ENTRY").any(|a| a.len() == 3));
            assert!(uses(FOLD_TABLES.get(release), "NOFOLD").count() > 100);
            assert!(uses(INSTR_MAPPING.get(release), "ENTRY_SSE2AVX").count() > 0);
        }
    }
}
