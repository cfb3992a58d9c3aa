#!/usr/bin/env bash
# The target model's backends against llvm-tblgen (issue 29's speed figures), for one release.
#
# 1. Every build command of the 16 target-model actions, with ../shared/conformance/build-outputs.sh
#    (llvm-tblgen in the same run, tdq's evaluation cache emptied first, as a build starts):
#    each action's total time ratio and whether its outputs are identical.
# 2. The four large targets' heavy backends with the evaluation cache off (the backend's own work
#    counts, not a cached evaluation): farm-bench's alternating runs, median wall time, peak memory
#    and the per-pair ratio tdq/llvm-tblgen.
#
# usage: bench/target-model.sh [-l 19|22|23] [-n RUNS] [-s] [-f]
#   -l  the release (default 23; 23 needs llvm-tblgen 23, install-reference.sh 23 builds it)
#   -n  farm-bench runs per command (default 5)
#   -s  skip part 1;  -f  skip part 2
# Environment: TDQ (default ${CARGO_TARGET_DIR:-target}/release/tdq), TDQ_SHARED (../shared).
# The machine's load moves every figure: run it on a quiet machine and quote the medians.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
shared=${TDQ_SHARED:-$root/../shared}
tdq=${TDQ:-${CARGO_TARGET_DIR:-$root/target}/release/tdq}
ver=23 runs=5 part1=1 part2=1
while getopts "l:n:sf" o; do
  case $o in l) ver=$OPTARG;; n) runs=$OPTARG;; s) part1=0;; f) part2=0;; *) sed -n 2,17p "$0"; exit 2;; esac
done
source "$shared/conformance/release.sh"; release_check "$ver" target-model.sh
llvm=$shared/corpus/$(release_corpus "$ver")/llvm
ref=$(release_bin "$ver")/llvm-tblgen
for x in "$ref" "$tdq"; do [ -x "$x" ] || { echo "missing $x" >&2; exit 2; }; done
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
actions=(-gen-register-info -gen-subtarget -gen-asm-writer -gen-emitter -gen-disassembler -gen-callingconv
  -gen-asm-matcher -gen-pseudo-lowering -gen-register-bank -gen-compress-inst-emitter -gen-dfa-packetizer
  -gen-macro-fusion-pred -gen-x86-fold-tables -gen-x86-instr-mapping -gen-x86-mnemonic-tables -gen-dxil-operation)
echo "# $(uptime)"
if [ $part1 = 1 ]; then
  echo "## build commands of the target-model actions, LLVM $ver (tdq / llvm-tblgen, one run each)"
  for a in "${actions[@]}"; do
    rm -rf "${TDQ_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/tdq}/tblgen"
    out=$("$shared/conformance/build-outputs.sh" -l "$ver" -k -g "$a" "$tdq" tblgen 2>&1)
    printf "%-30s %-16s %s\n" "$a" "$(echo "$out" | grep -o '[0-9]* passed, [0-9]* failed')" \
      "$(echo "$out" | grep -o 'ratio [.0-9]*')"
  done
fi
if [ $part2 = 1 ]; then
  echo "## large targets, evaluation cache off: farm-bench medians ($runs alternating pairs)"
  for t in AMDGPU X86 AArch64 RISCV; do
    for b in --gen-register-info --gen-subtarget --gen-asm-matcher --gen-disassembler; do
      # A file, not /dev/null: LLVM 22's --gen-register-info writes four more beside it.
      args="-I $llvm/include -I $llvm/lib/Target/$t $b $llvm/lib/Target/$t/$t.td -o $work/$t.inc"
      echo "### $t $b"
      TDQ_TBLGEN_CACHE=off farm-bench -n "$runs" --timeout 1800 --vs "$ref $args" -- \
        "$tdq" tblgen --llvm-version "$ver" $args 2>&1 | grep -E "wall|peak|ratio|exit" | head -6
    done
  done
fi
