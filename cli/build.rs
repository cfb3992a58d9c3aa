//! Links `tdq` as a position-dependent executable on Linux, with the code small commands run
//! first in its text where the linker is LLD.
//!
//! The binary carries DataFusion and Arrow, whose tables of pointers (vtables, string tables:
//! 3.4 MB of `.data.rel.ro`, 4.6 MB of relocation entries) a position-independent executable has
//! the dynamic loader patch at every start: 8 MB of pages touched before `main`, more than a
//! sixth of the peak memory of `tdq tblgen` on a small LLVM target. Linked at a fixed address
//! those pointers are final in the file and their pages are read only when used. The cost is
//! address-space randomisation of the executable itself (libraries, heap and stacks keep
//! theirs), which a build tool that reads trusted sources can spare.
//!
//! The kernel maps an executable's pages 64 KiB around each fault, so a small command that runs
//! a few hundred functions spread over 80 MB of text maps megabytes of code it never runs.
//! `symbol-order.txt` (written by `symbol-order.sh`) lists the functions small clang-tblgen
//! commands run; LLD puts them first, together (`--symbol-ordering-file`; names it no longer
//! finds are skipped). rustc links with LLD on x86-64 Linux from 1.90; with another linker the
//! list is not passed.
fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    if links_with_lld() {
        let order =
            std::path::Path::new(&std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default()).join("symbol-order.txt");
        if order.is_file() {
            println!("cargo:rustc-link-arg-bins=-Wl,--symbol-ordering-file={}", order.display());
            println!("cargo:rustc-link-arg-bins=-Wl,--no-warn-symbol-ordering");
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=symbol-order.txt");
    println!("cargo:rerun-if-env-changed=CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER");
}

/// Whether rustc links this target with its own LLD: x86-64 Linux (glibc) from Rust 1.90, with
/// neither a linker nor linker flavour of the user's choosing.
fn links_with_lld() -> bool {
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    if var("TARGET") != "x86_64-unknown-linux-gnu" || !var("CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER").is_empty() {
        return false;
    }
    let flags = var("CARGO_ENCODED_RUSTFLAGS");
    if flags.contains("linker") || flags.contains("link-self-contained") || flags.contains("fuse-ld") {
        return false;
    }
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let Ok(out) = std::process::Command::new(rustc).arg("-V").output() else { return false };
    // "rustc 1.95.0 (59807616e 2026-04-14)"
    let version = String::from_utf8_lossy(&out.stdout);
    let minor = version.split_whitespace().nth(1).and_then(|v| v.split('.').nth(1)).and_then(|m| m.parse::<u32>().ok());
    minor.is_some_and(|m| m >= 90)
}
