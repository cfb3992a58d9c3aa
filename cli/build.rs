//! Links `tdq` as a position-dependent executable on Linux.
//!
//! The binary carries DataFusion and Arrow, whose tables of pointers (vtables, string tables:
//! 3.4 MB of `.data.rel.ro`, 4.6 MB of relocation entries) a position-independent executable has
//! the dynamic loader patch at every start: 8 MB of pages touched before `main`, more than a
//! sixth of the peak memory of `tdq tblgen` on a small LLVM target. Linked at a fixed address
//! those pointers are final in the file and their pages are read only when used. The cost is
//! address-space randomisation of the executable itself (libraries, heap and stacks keep
//! theirs), which a build tool that reads trusted sources can spare.
fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
