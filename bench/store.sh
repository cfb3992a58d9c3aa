#!/usr/bin/env bash
# The store's costs on one LLVM target (default X86), with a release build of tdq:
#   - `tdq tblgen --print-records` (evaluation and printing: the reference point),
#   - a cold store build (empty cache: evaluation and writing the store) and its ratio to it,
#   - a query on the cached store (the median of 5; target ≤ 50 ms),
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

# Wall seconds of a command, its output discarded.
seconds() {
  local start=$EPOCHREALTIME
  "$@" >/dev/null
  echo "$EPOCHREALTIME - $start" | bc -l
}

records=$(seconds "$tdq" tblgen "${inc[@]}" --print-records "$td")
build=$(seconds "$tdq" --td "$td" "${inc[@]}" "select 1")
queries=()
for _ in 1 2 3 4 5; do
  queries+=("$(seconds "$tdq" --td "$td" "${inc[@]}" "select name from records where isCall = 1")")
done
query=$(printf "%s\n" "${queries[@]}" | sort -n | sed -n 3p)
size=$(du -m "$cache"/*.db | cut -f1)

printf "%-40s %8.3f s\n" "$target: tdq tblgen --print-records" "$records"
printf "%-40s %8.3f s  (%.2f x --print-records)\n" "$target: cold store build" "$build" "$(echo "$build / $records" | bc -l)"
printf "%-40s %8.0f ms (median of 5; target <= 50 ms)\n" "$target: cached query (isCall = 1)" "$(echo "$query * 1000" | bc -l)"
printf "%-40s %8s MB\n" "$target: store size" "$size"
