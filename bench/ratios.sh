#!/usr/bin/env bash
# tdq tblgen against llvm-tblgen on LLVM targets of a release (19 by default; -l 22, -l 23): wall time and peak memory, with the time
# split into "Parse, build records" (lex, parse, evaluate) and output (backend + write), from
# both tools' --time-phases reports. Runs the two tools one after the other per row, so a busy
# machine slows both; rerun when the load changes (uptime is printed first).
#
# usage: bench/ratios.sh [-l 19|22|23] [-b BACKEND] [-n RUNS] [TARGET...]
#   -l       the LLVM release: its corpus, its llvm-tblgen (../shared/conformance/release.sh says
#            where; 23's is built by install-reference.sh 23), tdq tblgen --llvm-version V
#   TARGET   default: AMDGPU X86 RISCV AArch64, then AMDGPU with --null-backend
#   -b       backend flag for the targets, default --print-records
#   -n       runs per tool and row, the fastest kept (default 1)
# Environment: TDQ (default ${CARGO_TARGET_DIR:-target}/release/tdq), LLVM_TBLGEN (default: the
# release's), TDQ_SHARED (default ../shared beside the repository).
# tdq's evaluation cache is off (TDQ_TBLGEN_CACHE=off): every run after the first would load the
# records from a snapshot instead of evaluating them, and this measures the evaluator.
# Columns: seconds (tdq, llvm), ratio; parse/evaluate seconds and ratio; output seconds and
# ratio; peak MiB and ratio; whether the outputs are byte-identical. A ratio below 1 is tdq faster
# or smaller.
set -uo pipefail
export TDQ_TBLGEN_CACHE=off
root=$(cd "$(dirname "$0")/.." && pwd)
shared=${TDQ_SHARED:-$root/../shared}
tdq=${TDQ:-${CARGO_TARGET_DIR:-$root/target}/release/tdq}
backend=--print-records; runs=1; ver=19
while getopts "l:b:n:" o; do case $o in l) ver=$OPTARG;; b) backend=$OPTARG;; n) runs=$OPTARG;; *) sed -n 2,18p "$0"; exit 2;; esac; done
shift $((OPTIND-1))
source "$shared/conformance/release.sh"; release_check "$ver" ratios.sh
llvm=$shared/corpus/$(release_corpus "$ver")/llvm
ref=${LLVM_TBLGEN:-$(release_bin "$ver")/llvm-tblgen}
rows=()
if [ $# -gt 0 ]; then for t in "$@"; do rows+=("$t $backend"); done
else rows=("AMDGPU $backend" "X86 $backend" "RISCV $backend" "AArch64 $backend" "AMDGPU --null-backend"); fi
for x in "$ref" "$tdq"; do [ -x "$x" ] || { echo "missing $x" >&2; exit 2; }; done
command -v /usr/bin/time >/dev/null || { echo "missing /usr/bin/time (apt-get install time)" >&2; exit 2; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

# run NAME TOOL... : fastest of $runs runs; sets wall, mib, parse, out (seconds) and leaves $work/NAME.out
run() {
  local name=$1; shift
  wall=; mib=; parse=; out=
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" --time-phases -o "$work/$name.out" 2>"$work/$name.err" || { echo "$name failed:" >&2; head -3 "$work/$name.err" >&2; return 1; }
    read -r w m < <(tail -1 "$work/time")
    # --time-phases rows: user, system, user+system, wall (each with a percentage), name.
    local p o
    p=$(awk '/Parse, build records/ {gsub(/\([^)]*\)/, ""); print $4}' "$work/$name.err")
    o=$(awk '/Backend overall|Write output/ {gsub(/\([^)]*\)/, ""); s += $4} END {print s + 0}' "$work/$name.err")
    if [ -z "$wall" ] || [ "$(echo "$w < $wall" | bc -l)" = 1 ]; then wall=$w; mib=$((m / 1024)); parse=$p; out=$o; fi
  done
}
ratio() { if [ "$(echo "$2 > 0" | bc -l)" = 1 ]; then printf "%.2f" "$(echo "$1 / $2" | bc -l)"; else echo "-"; fi; }

echo "# $(uptime)"
printf "%-8s %-15s %7s %7s %5s | %6s %6s %5s | %6s %6s %5s | %6s %6s %5s | %s\n" \
  target backend tdq_s llvm_s ratio parse parse ratio output output ratio tdq_MiB llvm_MiB ratio same
for row in "${rows[@]}"; do
  read -r t b <<<"$row"
  args=(-I "$llvm/include" -I "$llvm/lib/Target/$t" "$b" "$llvm/lib/Target/$t/$t.td")
  run llvm "$ref" "${args[@]}" || continue
  lw=$wall lm=$mib lp=$parse lo=$out
  run tdq "$tdq" tblgen --llvm-version "$ver" "${args[@]}" || continue
  cmp -s "$work/llvm.out" "$work/tdq.out" && same=yes || same=NO
  printf "%-8s %-15s %7.2f %7.2f %5s | %6.2f %6.2f %5s | %6.2f %6.2f %5s | %6d %6d %5s | %s\n" \
    "$t" "$b" "$wall" "$lw" "$(ratio "$wall" "$lw")" "$parse" "$lp" "$(ratio "$parse" "$lp")" \
    "$out" "$lo" "$(ratio "$out" "$lo")" "$mib" "$lm" "$(ratio "$mib" "$lm")" "$same"
  rm -f "$work/llvm.out" "$work/tdq.out"
done
