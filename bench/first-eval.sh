#!/usr/bin/env bash
# Issue 33's figures: tdq tblgen's first evaluation (its cache off) against llvm-tblgen 23, each
# row the medians of alternating pairs (tdq, llvm-tblgen, tdq, ...) of whole processes, with the
# ratio taken pair by pair, so that a machine whose load drifts slows both sides of a pair.
#
# usage: bench/first-eval.sh [-n PAIRS] [-p CPUS] [SECTION...]
#   SECTION  large   X86, RISCV, AArch64 --print-records to a file and to a pipe (goal: time
#                    <= 0.35, peak memory <= 0.45), AMDGPU to a file (time <= 0.2)
#            medium  llvm's Intrinsics.td, clang's Attr.td and Diagnostic.td (time <= 0.5)
#            small   the small roots of LLVM 23's build (its option tables and directive files,
#                    each command as the build runs it) and the lit suite's frontend tests, run as
#                    one batch (goal: <= 0.7); then each small root's --time-phases total, tdq's
#                    against llvm-tblgen's (goal: <= on every one)
#            onecore the batch and X86 with both tools pinned to one processor (taskset -c 0)
#            instr   the evaluator's instructions (callgrind) on a small root, OMP.td, the three
#                    medium roots and X86: EVALUATE's against EVALUATE_OLD's, a before/after
#                    figure that a loaded machine does not blur (not in the default)
#            default: large medium small onecore
#   -n       pairs per row (default 7)
#   -p       pin both tools to these processors for every row (taskset -c CPUS)
# Environment: TDQ (default ${CARGO_TARGET_DIR:-target}/release/tdq); TDQ_OLD, another tdq binary
# (the one before a change): each row is then also measured as tdq against TDQ_OLD, the
# before/after pair that stays readable when the machine is too loaded for the reference ratio;
# LLVM_TBLGEN (default: release.sh's llvm-tblgen 23); TDQ_SHARED (default ../shared).
# For instr: EVALUATE (default ${CARGO_TARGET_DIR:-target}/profiling/examples/evaluate, from
# cargo build --profile profiling -p tdq-core --example evaluate) and EVALUATE_OLD (an older one).
# Needs Python 3 (bench/pairs.py times the alternating pairs) and taskset.
set -uo pipefail
export TDQ_TBLGEN_CACHE=off
root=$(cd "$(dirname "$0")/.." && pwd)
shared=${TDQ_SHARED:-$root/../shared}
tdq=${TDQ:-${CARGO_TARGET_DIR:-$root/target}/release/tdq}
old=${TDQ_OLD:-}
pairs=7; pin=
while getopts "n:p:" o; do case $o in n) pairs=$OPTARG;; p) pin=$OPTARG;; *) sed -n 2,26p "$0"; exit 2;; esac; done
shift $((OPTIND-1))
sections=("$@"); [ ${#sections[@]} -gt 0 ] || sections=(large medium small onecore)
source "$shared/conformance/release.sh"
corpus=$shared/corpus/$(release_corpus 23)
llvm=$corpus/llvm
ref=${LLVM_TBLGEN:-$(release_bin 23)/llvm-tblgen}
for x in "$ref" "$tdq" ${old:+"$old"}; do [ -x "$x" ] || { echo "missing $x" >&2; exit 2; }; done
pairs() { python3 "$root/bench/pairs.py" "$@"; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

# row LABEL GOAL -- ARGS...: tdq tblgen ARGS against llvm-tblgen ARGS (and against TDQ_OLD).
# An argument `>FILE` sends the output to FILE; without one it goes to a pipe.
row() {
  local label=$1 goal=$2; shift 3
  local taskset=(); [ -n "$pin" ] && taskset=(taskset -c "$pin")
  local figures
  figures=$(pairs "$pairs" "${taskset[@]}" "$tdq" tblgen --llvm-version 23 "$@" -- "${taskset[@]}" "$ref" "$@") \
    || { echo "$label: $figures"; return; }
  printf "%-34s %s | %s" "$label" "$figures" "$goal"
  if [ -n "$old" ]; then
    figures=$(pairs "$pairs" "${taskset[@]}" "$tdq" tblgen --llvm-version 23 "$@" -- \
      "${taskset[@]}" "$old" tblgen --llvm-version 23 "$@")
    # shellcheck disable=SC2086
    set -- $figures
    printf " | new/old wall %s cpu %s peak %s" "$3" "$4" "$8"
  fi
  echo
}
header() {
  echo "## $1  ($(uptime | sed 's/.*load/load/'); $(nproc) processors)"
  printf "%-34s %7s %7s %6s %6s | %7s %7s %6s | %s\n" "" tdq_s llvm_s wall cpu tdq_MiB llvm_MiB peak goal
}

# The batch: every small root of LLVM 23's build, as its build runs it (from the corpus root,
# each writing its file), then every lit frontend test as --print-records (errors included:
# both tools report the same ones). TOOL... is the command that stands for llvm-tblgen.
make_batch() {
  local label=$1; shift
  local taskset=("$@") figures
  figures=$(pairs "$pairs" "${taskset[@]}" sh "$work/batch.sh" "$tdq" tblgen --llvm-version 23 -- \
    "${taskset[@]}" sh "$work/batch.sh" "$ref")
  printf "%-34s %s | %s" "$label" "$figures" "<= 0.7"
  if [ -n "$old" ]; then
    figures=$(pairs "$pairs" "${taskset[@]}" sh "$work/batch.sh" "$tdq" tblgen --llvm-version 23 -- \
      "${taskset[@]}" sh "$work/batch.sh" "$old" tblgen --llvm-version 23)
    # shellcheck disable=SC2086
    set -- $figures
    printf " | new/old wall %s cpu %s" "$3" "$4"
  fi
  echo
}
# Each small root's --time-phases total (wall), the median of PAIRS alternating runs of each tool.
phases() {
  local better=0 all=0
  printf "%-44s %9s %9s\n" "--time-phases total, wall ms" tdq llvm
  while read -r output args; do
    local t=() l=()
    for _ in $(seq "$pairs"); do
      # shellcheck disable=SC2086
      t+=("$(cd "$llvm" && "$tdq" tblgen --llvm-version 23 --time-phases $args -o "$work/p.out" 2>&1 >/dev/null | sed -n 's/.*(\([0-9.]*\) wall clock).*/\1/p')")
      # shellcheck disable=SC2086
      l+=("$(cd "$llvm" && "$ref" --time-phases $args -o "$work/p.out" 2>&1 >/dev/null | sed -n 's/.*(\([0-9.]*\) wall clock).*/\1/p')")
    done
    local tm lm
    tm=$(printf "%s\n" "${t[@]}" | sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)] * 1000}')
    lm=$(printf "%s\n" "${l[@]}" | sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)] * 1000}')
    all=$((all + 1)); awk -v a="$tm" -v b="$lm" 'BEGIN {exit !(a <= b)}' && better=$((better + 1))
    printf "%-44s %9.2f %9.2f\n" "$(echo "$output" | awk -F/ '{print $(NF - 1) "/" $NF}')" "$tm" "$lm"
  done < <(grep -E -- '-gen-opt-parser-defs|-gen-directive-' "$shared/conformance/llvm-build-23.txt")
  echo "tdq's total <= llvm-tblgen's on $better of $all small roots (goal: all)"
}

echo "# tdq $tdq${old:+, before: $old}; llvm-tblgen $ref; $pairs pairs a row, medians"
target() { echo -I "$llvm/include" -I "$llvm/lib/Target/$1" --print-records "$llvm/lib/Target/$1/$1.td"; }
for s in "${sections[@]}"; do case $s in
  large)
    header "large targets, --print-records"
    for t in X86 RISCV AArch64; do
      # shellcheck disable=SC2046
      row "$t to a file" "<= 0.35, <= 0.45" -- $(target "$t") ">$work/out"
      # shellcheck disable=SC2046
      row "$t to a pipe" "<= 0.35, <= 0.45" -- $(target "$t")
    done
    # shellcheck disable=SC2046
    row "AMDGPU to a file" "<= 0.2" -- $(target AMDGPU) ">$work/out";;
  medium)
    header "medium roots, --print-records"
    row "Intrinsics.td" "<= 0.5" -- -I "$llvm/include" "$llvm/include/llvm/IR/Intrinsics.td" ">$work/out"
    row "clang Attr.td" "<= 0.5" -- -I "$corpus/clang/include" -I "$llvm/include" \
      "$corpus/clang/include/clang/Basic/Attr.td" ">$work/out"
    row "clang Diagnostic.td" "<= 0.5" -- -I "$corpus/clang/include/clang/Basic" -I "$llvm/include" \
      "$corpus/clang/include/clang/Basic/Diagnostic.td" ">$work/out";;
  small)
    make_batch
    header "small roots ($(($(wc -l <"$work/batch.sh") - 1)) commands) as one batch"
    batch "build's small roots + lit frontend"
    phases;;
  instr)
    command -v valgrind >/dev/null || { echo "missing valgrind" >&2; exit 2; }
    eval_new=${EVALUATE:-${CARGO_TARGET_DIR:-$root/target}/profiling/examples/evaluate}
    eval_old=${EVALUATE_OLD:-}
    echo "## the evaluator's instructions (callgrind, millions)"
    printf "%-34s %9s %9s %7s\n" "" new old new/old
    instructions() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/.*refs: *//p' | tr -d ,; }
    while read -r label dir args; do
      # shellcheck disable=SC2086
      n=$(cd "$dir" && instructions "$eval_new" --llvm-version 23 $args)
      o=
      # shellcheck disable=SC2086
      [ -n "$eval_old" ] && o=$(cd "$dir" && instructions "$eval_old" --llvm-version 23 $args)
      awk -v l="$label" -v n="$n" -v o="$o" 'BEGIN {
        printf "%-34s %9.1f %9s %7s\n", l, n / 1e6, (o ? sprintf("%.1f", o / 1e6) : "-"), (o ? sprintf("%.3f", n / o) : "-")}'
    done <<ROOTS
ObjdumpOpts.td $llvm -Itools/llvm-objdump -Iinclude tools/llvm-objdump/ObjdumpOpts.td
OMP.td $llvm -Iinclude include/llvm/Frontend/OpenMP/OMP.td
clang_Attr.td $corpus -Iclang/include -Illvm/include clang/include/clang/Basic/Attr.td
clang_Diagnostic.td $corpus -Iclang/include/clang/Basic -Illvm/include clang/include/clang/Basic/Diagnostic.td
Intrinsics.td $llvm -Iinclude include/llvm/IR/Intrinsics.td
X86 $llvm -Iinclude -Ilib/Target/X86 lib/Target/X86/X86.td
ROOTS
    ;;
  onecore)
    make_batch
    header "one processor (taskset -c 0)"
    batch "batch, one processor" taskset -c 0
    pin=0
    # shellcheck disable=SC2046
    row "X86 to a file, one processor" "no worse than before" -- $(target X86) ">$work/out"
    pin=;;
  *) echo "unknown section $s" >&2; exit 2;;
esac; done
echo "# $(uptime)"
