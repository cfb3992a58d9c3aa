//! The target-independent instructions of each release (`llvm/Support/TargetOpcodes.def`):
//! the first values of every target's instruction enum, in order, before the target's own.

use tdq_core::{ByRelease, Release};

/// Each release's `TargetOpcodes.def`, one instruction a line (`target_opcodes/V.txt`).
static TARGET_OPCODES: ByRelease<&str> = ByRelease {
    v19: include_str!("target_opcodes/19.txt"),
    v22: include_str!("target_opcodes/22.txt"),
    v23: include_str!("target_opcodes/23.txt"),
};

/// The target-independent instructions of `release`, in their order.
pub fn target_opcodes(release: Release) -> impl Iterator<Item = &'static str> {
    TARGET_OPCODES.get(release).lines()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_release_starts_with_phi_and_lists_each_opcode_once() {
        for release in Release::ALL {
            let opcodes: Vec<&str> = target_opcodes(release).collect();
            assert_eq!(opcodes.first(), Some(&"PHI"), "{release}");
            let distinct: std::collections::BTreeSet<&str> = opcodes.iter().copied().collect();
            assert_eq!(distinct.len(), opcodes.len(), "{release}");
        }
    }
}
