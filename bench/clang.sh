#!/usr/bin/env bash
# tdq clang-tblgen against clang-tblgen on every clang-tblgen command of clang's build (issue 34's
# speed figures), for one release.
#
# 1. Per command, the evaluation cache off (each command evaluates its .td itself): RUNS runs of
#    clang-tblgen and tdq in turn (clang-tblgen, tdq, clang-tblgen, tdq, ...), the median wall time
#    and peak memory of each, the ratios tdq/clang-tblgen, tdq's excess in milliseconds over
#    clang-tblgen (a command may be slower by process start-up, no more), whether the outputs are
#    byte-identical. Then the totals of the medians.
# 2. The build-like total: every command once in the build's order, tdq's evaluation cache empty at
#    the start (a temporary TDQ_CACHE_DIR) and on, as a build runs it: clang's build evaluates
#    Attr.td and Diagnostic.td again for each output, which the cache serves. Per command the
#    processor time (user + system, exact: wait4's rusage, not /usr/bin/time's hundredths) and
#    the wall time of both tools; then their peak resident memory, from the same sequence run
#    again from an empty cache under /usr/bin/time (wait4's peak of a child counts what its
#    parent had mapped before the exec: python's 14 MB, above every small command's own); with
#    -p PASSES each sequence is run PASSES times and each command's medians kept. Then the totals
#    (processor time is the figure: a busy machine moves it least), the commands whose processor
#    time exceeds clang-tblgen's by more than START ms (-x, default 2: process start-up) and those
#    whose peak memory is above clang-tblgen's.
#
# usage: bench/clang.sh [-l 19|22|23] [-n RUNS] [-p PASSES] [-x START] [-m MATCH] [-s] [-b]
#   -l  the release (default 23; 23's clang-tblgen is built by install-reference.sh 23)
#   -n  runs per tool and command in part 1 (default 3; the median is kept)
#   -p  passes of part 2 (default 1; the median per command is kept)
#   -x  part 2's allowance in ms of processor time for process start-up (default 2)
#   -m  only commands whose line contains MATCH (e.g. -m riscv_vector or -m gen-arm-neon)
#   -s  skip part 1;  -b  skip part 2
# Environment: TDQ (default ${CARGO_TARGET_DIR:-target}/release/tdq), CLANG_TBLGEN (default: the
# release's), TDQ_SHARED (default ../shared beside the repository).
# Commands: ../shared/conformance/clang-build-V.txt (`OUTPUT ARGS...`), run from the corpus root.
# clang-tblgen 22 on riscv_vector.td's codegen peaks near 12 GiB: the commands run one at a time,
# and nothing else that large should run beside this. The machine's load moves every figure (the
# first line prints it): rerun when it changes and quote the medians.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
shared=${TDQ_SHARED:-$root/../shared}
tdq=${TDQ:-${CARGO_TARGET_DIR:-$root/target}/release/tdq}
ver=23 runs=3 passes=1 start_ms=2 match="" part1=1 part2=1
while getopts "l:n:p:x:m:sb" o; do
  case $o in l) ver=$OPTARG;; n) runs=$OPTARG;; p) passes=$OPTARG;; x) start_ms=$OPTARG;; m) match=$OPTARG;; s) part1=0;; b) part2=0;; *) sed -n 2,34p "$0"; exit 2;; esac
done
source "$shared/conformance/release.sh"; release_check "$ver" clang.sh
corpus=$shared/corpus/$(release_corpus "$ver")
list=$shared/conformance/clang-build-$ver.txt
ref=${CLANG_TBLGEN:-$(release_bin "$ver")/clang-tblgen}
tdq=$(realpath "$tdq")
for x in "$ref" "$tdq"; do [ -x "$x" ] || { echo "missing $x" >&2; exit 2; }; done
[ -f "$list" ] || { echo "missing $list" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "missing /usr/bin/time (apt-get install time)" >&2; exit 2; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$corpus" || exit 2

# run DIR TOOL... : one run writing into the empty directory DIR; sets ns (wall nanoseconds), kib
# (peak resident KiB) and rc. /usr/bin/time gives the peak, the clock around it the wall time
# (/usr/bin/time's own is in hundredths of a second).
run() {
  local dir=$1; shift
  rm -rf "$dir"; mkdir -p "$dir"
  local s e; s=$(date +%s%N)
  /usr/bin/time -f "%M" -o "$work/time" "$@" -o "$dir/$base" 2>"$dir.err"; rc=$?
  e=$(date +%s%N)
  ns=$((e - s)); kib=$(tail -1 "$work/time")
}
median() { printf "%s\n" "$@" | sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (b > 0) printf "%.2f", a / b; else print "-"}'; }
secs() { awk -v n="$1" 'BEGIN {printf "%.3f", n / 1e9}'; }

# The commands selected: OUTPUT and ARGS per line.
outs=(); argss=()
while read -r out args; do
  [ -n "$out" ] || continue
  [ -z "$match" ] || [[ "$out $args" == *"$match"* ]] || continue
  outs+=("$out"); argss+=("$args")
done < "$list"

echo "# $(uptime)"
echo "# clang-tblgen: $ref; tdq: $tdq clang-tblgen --llvm-version $ver; ${#outs[@]} commands of clang-build-$ver.txt"
if [ $part1 = 1 ]; then
  echo "## per command, evaluation cache off: medians of $runs runs"
  printf "%-46s %-40s %7s %7s %5s %7s | %7s %7s %5s | %s\n" \
    output action tdq_s ref_s ratio +ms tdq_MiB ref_MiB ratio same
  ttot=0 rtot=0 worst=0 worstname="" worstmem=0 worstmemname="" maxex=0 maxexname="" nsame=0 ndiff=0
  for i in "${!outs[@]}"; do
    out=${outs[$i]}; read -ra argv <<<"${argss[$i]}"; base=$(basename "$out")
    action=$(echo " ${argss[$i]}" | grep -o -- ' --\?\(gen\|print\)-[a-z0-9-]*' | head -1 | sed 's/^ -*//')
    tn=(); tk=(); rn=(); rk=(); bad=""
    for _ in $(seq "$runs"); do
      run "$work/r" "$ref" "${argv[@]}"; [ "$rc" = 0 ] || bad="clang-tblgen exit $rc"
      rn+=("$ns"); rk+=("$kib")
      TDQ_TBLGEN_CACHE=off run "$work/t" "$tdq" clang-tblgen --llvm-version "$ver" "${argv[@]}"
      [ "$rc" = 0 ] || bad="tdq exit $rc"
      tn+=("$ns"); tk+=("$kib")
    done
    t=$(median "${tn[@]}"); r=$(median "${rn[@]}"); tm=$(median "${tk[@]}"); rm_=$(median "${rk[@]}")
    if [ -n "$bad" ]; then same=$bad; ndiff=$((ndiff + 1))
    elif diff -r -q "$work/r" "$work/t" >/dev/null; then same=yes; nsame=$((nsame + 1))
    else same=NO; ndiff=$((ndiff + 1)); fi
    ttot=$((ttot + t)); rtot=$((rtot + r))
    tr=$(ratio "$t" "$r"); mr=$(ratio "$tm" "$rm_"); ex=$(((t - r) / 1000000))
    printf "%-46s %-40s %7s %7s %5s %7d | %7d %7d %5s | %s\n" "$base" "$action" "$(secs "$t")" "$(secs "$r")" \
      "$tr" "$ex" $((tm / 1024)) $((rm_ / 1024)) "$mr" "$same"
    [ "$(awk -v a="$tr" -v b="$worst" 'BEGIN {print (a > b)}')" = 1 ] && worst=$tr worstname=$base
    [ "$(awk -v a="$mr" -v b="$worstmem" 'BEGIN {print (a > b)}')" = 1 ] && worstmem=$mr worstmemname=$base
    [ "$ex" -gt "$maxex" ] && maxex=$ex maxexname=$base
  done
  echo "total, cache off: tdq $(secs "$ttot") s, clang-tblgen $(secs "$rtot") s, ratio $(ratio "$ttot" "$rtot")"
  echo "worst time ratio $worst ($worstname); largest excess ${maxex} ms ($maxexname); worst memory ratio $worstmem ($worstmemname)"
  echo "outputs: $nsame identical, $ndiff not"
fi
if [ $part2 = 1 ]; then
  command -v python3 >/dev/null || { echo "missing python3 (part 2 reads the processor time with wait4)" >&2; exit 2; }
  # measure DIR TOOL... : one run writing into the empty directory DIR; prints the wall time in
  # ns, the processor time (user + system) in µs and the exit status.
  measure() {
    local dir=$1; shift
    rm -rf "$dir"; mkdir -p "$dir"
    python3 -c '
import os, subprocess, sys, time
s = time.monotonic_ns()
p = subprocess.Popen(sys.argv[2:], stderr=open(sys.argv[1], "wb"))
_, status, ru = os.wait4(p.pid, 0)
e = time.monotonic_ns()
print(e - s, round((ru.ru_utime + ru.ru_stime) * 1e6), os.waitstatus_to_exitcode(status))
' "$dir.err" "$@" -o "$dir/$base"
  }
  echo "## build-like: every command once in the build's order, tdq's evaluation cache empty at the start; medians of $passes passes"
  declare -A tw tc tk rw rc_ rk same
  for pass in $(seq "$passes"); do
    rm -rf "$work/cache"; export TDQ_CACHE_DIR=$work/cache
    for i in "${!outs[@]}"; do
      read -ra argv <<<"${argss[$i]}"; base=$(basename "${outs[$i]}")
      read -r w c _ < <(measure "$work/r" "$ref" "${argv[@]}")
      rw[$i]+="$w "; rc_[$i]+="$c "
      read -r w c _ < <(measure "$work/t" "$tdq" clang-tblgen --llvm-version "$ver" "${argv[@]}")
      tw[$i]+="$w "; tc[$i]+="$c "
      diff -r -q "$work/r" "$work/t" >/dev/null && s=yes || s=NO
      [ "${same[$i]:-yes}" = NO ] || same[$i]=$s
    done
    # The peaks: the same sequence from an empty cache, each run started by /usr/bin/time.
    rm -rf "$work/cache"
    for i in "${!outs[@]}"; do
      read -ra argv <<<"${argss[$i]}"; base=$(basename "${outs[$i]}")
      run "$work/r" "$ref" "${argv[@]}"; rk[$i]+="$kib "
      run "$work/t" "$tdq" clang-tblgen --llvm-version "$ver" "${argv[@]}"; tk[$i]+="$kib "
    done
  done
  printf "%-46s %-34s %7s %7s %5s | %7s %7s | %6s %6s %5s | %s\n" output action tdq_cpu ref_cpu ratio tdq_s ref_s tdq_MiB ref_MiB +KiB same
  ctot=0 crtot=0 wtot=0 wrtot=0 nslow=0 nmem=0 memex=0
  for i in "${!outs[@]}"; do
    base=$(basename "${outs[$i]}")
    action=$(echo " ${argss[$i]}" | grep -o -- ' --\?\(gen\|print\)-[a-z0-9-]*' | head -1 | sed 's/^ -*//')
    # shellcheck disable=SC2086
    c=$(median ${tc[$i]}); cr=$(median ${rc_[$i]}); w=$(median ${tw[$i]}); wr=$(median ${rw[$i]})
    # shellcheck disable=SC2086
    k=$(median ${tk[$i]}); kr=$(median ${rk[$i]})
    ctot=$((ctot + c)); crtot=$((crtot + cr)); wtot=$((wtot + w)); wrtot=$((wrtot + wr))
    [ $((c - cr)) -gt $((start_ms * 1000)) ] && nslow=$((nslow + 1))
    [ "$k" -gt "$kr" ] && { nmem=$((nmem + 1)); memex=$((memex + k - kr)); }
    printf "%-46s %-34s %7s %7s %5s | %7s %7s | %6.1f %6.1f %5d | %s\n" "$base" "$action" "$(secs $((c * 1000)))" \
      "$(secs $((cr * 1000)))" "$(ratio "$c" "$cr")" "$(secs "$w")" "$(secs "$wr")" \
      "$(awk -v k="$k" 'BEGIN {print k / 1024}')" "$(awk -v k="$kr" 'BEGIN {print k / 1024}')" $((k - kr)) "${same[$i]}"
  done
  echo "total, build-like processor time: tdq $(secs $((ctot * 1000))) s, clang-tblgen $(secs $((crtot * 1000))) s, ratio $(ratio "$ctot" "$crtot")"
  echo "total, build-like wall time: tdq $(secs "$wtot") s, clang-tblgen $(secs "$wrtot") s, ratio $(ratio "$wtot" "$wrtot")"
  echo "commands slower than clang-tblgen by more than ${start_ms} ms of processor time: $nslow of ${#outs[@]}"
  echo "commands above clang-tblgen's peak memory: $nmem of ${#outs[@]} (by $((memex / (nmem > 0 ? nmem : 1))) KiB on average)"
fi
