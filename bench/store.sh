#!/usr/bin/env bash
# The store's costs on one LLVM target (default X86), with a release build of tdq:
#   - `tdq tblgen --print-records` (evaluation and printing: the reference point),
#   - a cold store build (empty cache: evaluation and writing the store) and its ratio to it,
#   - a query on the cached store (the median of 5; target ≤ 50 ms),
# each as wall and CPU seconds (`time`, which .ci/setup installs),
#   - the store's size.
# usage: bench/store.sh [-t TARGET] [TDQ]     (TDQ default: target/release/tdq, or
#        $CARGO_TARGET_DIR/release/tdq; build it with cargo build --release)
set -euo pipefail
cd "$(dirname "$0")/.."
target=X86
while getopts "t:" o; do case $o in t) target=$OPTARG;; *) exit 2;; esac; done
shift $((OPTIND-1))
tdq=${1:-${CARGO_TARGET_DIR:-target}/release/tdq}
[ -x "$tdq" ] || { echo "no $tdq: cargo build --release" >&2; exit 2; }
llvm=$(cd ../shared/corpus/llvm-19.1.7/llvm && pwd)
td=$llvm/lib/Target/$target/$target.td
inc=(-I "$llvm/include" -I "$llvm/lib/Target/$target")
cache=$(mktemp -d); trap 'rm -rf "$cache"' EXIT
export TDQ_CACHE_DIR=$cache

# "wall cpu" seconds of a command (cpu: user + system), its output discarded. On a loaded
# machine the wall time grows and the CPU time does not: both are shown.
times() {
  /usr/bin/time -f "%e %U %S" -o "$cache/time" "$@" >/dev/null
  read -r wall user sys < "$cache/time"
  echo "$wall $(echo "$user + $sys" | bc -l)"
}

read -r records records_cpu < <(times "$tdq" tblgen "${inc[@]}" --print-records "$td")
read -r build build_cpu < <(times "$tdq" --td "$td" "${inc[@]}" "select 1")
queries=()
for _ in 1 2 3 4 5; do
  queries+=("$(times "$tdq" --td "$td" "${inc[@]}" "select name from records where isCall = 1")")
done
# The run with the median wall time.
read -r query query_cpu < <(printf "%s\n" "${queries[@]}" | sort -n | sed -n 3p)
size=$(du -m "$cache"/*.db | cut -f1)

printf "%-38s %8.2f s wall %8.2f s cpu\n" "$target: tdq tblgen --print-records" "$records" "$records_cpu"
printf "%-38s %8.2f s wall %8.2f s cpu  (%.2fx --print-records' wall, %.2fx its cpu)\n" "$target: cold store build" "$build" "$build_cpu" \
  "$(echo "$build / $records" | bc -l)" "$(echo "$build_cpu / $records_cpu" | bc -l)"
printf "%-38s %8.0f ms wall %7.0f ms cpu (median of 5; target <= 50 ms)\n" "$target: cached query (isCall = 1)" \
  "$(echo "$query * 1000" | bc -l)" "$(echo "$query_cpu * 1000" | bc -l)"
printf "%-38s %8s MB\n" "$target: store size" "$size"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
