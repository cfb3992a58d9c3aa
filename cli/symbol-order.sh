#!/usr/bin/env bash
# Writes cli/symbol-order.txt: the functions that small clang-tblgen commands run, which
# cli/build.rs has the linker (lld) put first in the executable's text, together, so that a small
# command maps a few hundred kilobytes of code rather than pages all over 80 MB (the kernel maps
# a file 64 KiB around each fault: the peak memory of a small command is mostly code).
#
# usage: cli/symbol-order.sh [-l 19|22|23]
# Runs callgrind (valgrind) on a sample of LLVM V's clang-tblgen commands (below) with a release
# tdq relinked with its symbols (cargo rustc ... -C strip=none: build it again afterwards), and
# lists every function that ran, by its mangled name. A name the next build no longer has is
# skipped by the linker: the file only needs regenerating when much of what small commands run
# has changed.
# Environment: TDQ_SHARED (default ../shared beside the repository).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
shared=${TDQ_SHARED:-$root/../shared}
ver=23
while getopts "l:" o; do
  case $o in l) ver=$OPTARG;; *) sed -n 2,13p "$0"; exit 2;; esac
done
command -v valgrind >/dev/null || { echo "missing valgrind (apt-get install valgrind)" >&2; exit 2; }
source "$shared/conformance/release.sh"; release_check "$ver" symbol-order.sh
corpus=$shared/corpus/$(release_corpus "$ver")
list=$shared/conformance/clang-build-$ver.txt
target=${CARGO_TARGET_DIR:-$root/target}
(cd "$root" && cargo rustc --release -p tdq-cli --bin tdq -- -C strip=none)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cp "$target/release/tdq" "$work/tdq"
export TDQ_CACHE_DIR=$work/cache
# The first command of each action, run twice (evaluated, then loaded from the evaluation
# cache), but for the large intrinsic roots (ARM's and RISC-V's vector intrinsics, OpenCL's
# builtins), whose peak is their data's, not their code's, and which callgrind takes minutes on.
skip='arm_(sve|sme|neon|mve|cde)\.td|riscv_.*vector\.td|OpenCLBuiltins\.td'
i=0
cd "$corpus"
awk '{for (i = 2; i <= NF; i++) if ($i ~ /^-gen-/) {if (!($i in seen)) print; seen[$i] = 1; break}}' "$list" |
  grep -v -E -- "$skip" | while read -r _ args; do
  for _ in 1 2; do
    i=$((i + 1))
    # shellcheck disable=SC2086
    valgrind --tool=callgrind --demangle=no --dump-instr=no --compress-strings=no \
      --callgrind-out-file="$work/cg.$i" "$work/tdq" clang-tblgen --llvm-version "$ver" $args \
      -o "$work/out" >/dev/null 2>&1 || true
  done
done
# Every function that ran or was called, in the executable (not the C library's).
nm --defined-only "$work/tdq" | awk '$2 ~ /^[tT]$/ {print $3}' | sort -u >"$work/defined"
cat "$work"/cg.* | sed -n 's/^c\?fn=\(([0-9]*) \)\?//p' | sort -u | comm -12 - "$work/defined" \
  >"$root/cli/symbol-order.txt"
echo "$(wc -l <"$root/cli/symbol-order.txt") functions in cli/symbol-order.txt"
