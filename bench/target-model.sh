#!/usr/bin/env bash
# The target model's backends against llvm-tblgen (issue 29's speed figures), for one release.
#
# 1. Every build command of the 16 target-model actions, with ../shared/conformance/build-outputs.sh
#    (llvm-tblgen in the same run, tdq's evaluation cache emptied first, as a build starts):
#    each action's total time ratio and whether its outputs are identical.
# 2. The four large targets' heavy backends with the evaluation cache off (the backend's own work
#    counts, not a cached evaluation), 16 rows: llvm-tblgen and tdq run in turn RUNS times; the
#    median CPU seconds (user + system) of each, the median of the pairs' ratios tdq/llvm-tblgen,
#    tdq's median backend seconds (its --time-phases rows but "Parse, build records": the
#    backend's and its models' phases, or "Backend overall", and "Write output"), and
#    each tool's largest peak memory with their ratio.
#
# usage: bench/target-model.sh [-l 19|22|23] [-n RUNS] [-s] [-f] [-t TARGETS] [-b BACKENDS]
#   -l  the release (default 23; 23 needs llvm-tblgen 23, install-reference.sh 23 builds it)
#   -n  alternating pairs per command in part 2 (default 5)
#   -s  skip part 1;  -f  skip part 2
#   -t, -b  part 2's targets and backends (quoted lists; default all four of each)
# Environment: TDQ (default ${CARGO_TARGET_DIR:-target}/release/tdq), TDQ_SHARED (../shared).
# The machine's load moves every figure: run it on a quiet machine and quote the medians.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
shared=${TDQ_SHARED:-$root/../shared}
tdq=${TDQ:-${CARGO_TARGET_DIR:-$root/target}/release/tdq}
ver=23 runs=5 part1=1 part2=1
targets="AMDGPU X86 AArch64 RISCV" backends="--gen-register-info --gen-subtarget --gen-asm-matcher --gen-disassembler"
while getopts "l:n:sft:b:" o; do
  case $o in
    l) ver=$OPTARG;; n) runs=$OPTARG;; s) part1=0;; f) part2=0;; t) targets=$OPTARG;; b) backends=$OPTARG;;
    *) sed -n 2,22p "$0"; exit 2;;
  esac
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
  command -v /usr/bin/time >/dev/null || { echo "missing /usr/bin/time (apt-get install time)" >&2; exit 2; }
  export TDQ_TBLGEN_CACHE=off
  # pair ARGS: one llvm-tblgen run then one tdq run (alternating keeps a drifting machine's speed
  # out of the ratio); appends "ref_cpu tdq_cpu ref_KiB tdq_KiB tdq_backend_s" to $work/pairs.
  # (Into a file, not /dev/null: LLVM 22's --gen-register-info writes four more beside it.)
  pair() {
    /usr/bin/time -f "%U %S %M" -o "$work/ref.time" "$ref" "$@" -o "$work/ref.inc" 2>/dev/null || return 1
    /usr/bin/time -f "%U %S %M" -o "$work/tdq.time" "$tdq" tblgen --llvm-version "$ver" --time-phases "$@" \
      -o "$work/tdq.inc" 2>"$work/tdq.err" || return 1
    read -r ru rs rm < <(tail -1 "$work/ref.time")
    read -r tu ts tm < <(tail -1 "$work/tdq.time")
    # --time-phases rows: user, system, user+system, wall (each with a percentage), name.
    local be
    # Every row but the evaluation's and the total: the backend's and its models' named phases
    # (or the driver's "Backend overall") and "Write output".
    be=$(awk '/%\)/ && !/Parse, build records|Total *$/ {gsub(/\([^)]*\)/, ""); s += $3} END {print s + 0}' "$work/tdq.err")
    echo "$(echo "$ru + $rs" | bc -l) $(echo "$tu + $ts" | bc -l) $rm $tm $be" >>"$work/pairs"
  }
  # median COLUMN_EXPRESSION: the median over the pairs of an awk expression of the columns.
  median() { awk "{print $1}" "$work/pairs" | sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
  echo "## large targets, evaluation cache off: medians of $runs alternating pairs (cpu = user + system)"
  printf "%-8s %-22s %7s %7s %6s %8s %9s %9s %6s\n" target backend tdq_cpu llvm_cpu ratio tdq_back tdq_MiB llvm_MiB mem
  # Each row runs the build's own command (its options: AMDGPU's decoder needs three) from the
  # corpus's llvm/ directory, as build-outputs.sh does.
  cd "$llvm" || exit 2
  for t in $targets; do
    for b in $backends; do
      line=$(awk -v g="${b#-}" -v td="lib/Target/$t/$t.td" '($2 == g || $2 == "-" g) && $NF == td' \
        "$shared/conformance/llvm-build-$ver.txt" | head -1)
      [ -n "$line" ] || { echo "$t $b: no build command" >&2; continue; }
      read -r -a args <<<"$line"
      args=("${args[@]:1}")
      rm -f "$work/pairs"
      for _ in $(seq "$runs"); do pair "${args[@]}" || { echo "$t $b failed" >&2; break; }; done
      [ -s "$work/pairs" ] || continue
      peak() { awk "{ if (\$$1 > m) m = \$$1 } END {printf \"%d\", m / 1024}" "$work/pairs"; }
      tm=$(peak 4) rm=$(peak 3)
      printf "%-8s %-22s %7.2f %7.2f %6.2f %8.2f %9d %9d %6.2f\n" "$t" "$b" "$(median '$2')" "$(median '$1')" \
        "$(median '$2 / $1')" "$(median '$5')" "$tm" "$rm" "$(echo "$tm / $rm" | bc -l)"
    done
  done
fi
