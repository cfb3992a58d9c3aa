#!/usr/bin/env bash
# Runs one fuzz target for a while, niced, in a scratch directory (so that `include`s find
# nothing), with the corpus from seed.sh; findings go to fuzz/artifacts/<target>/.
# usage: fuzz/run.sh TARGET [SECONDS]   TARGET: lexer | parser | evaluate | store
# Needs cargo-fuzz (`cargo install cargo-fuzz`); on a stable toolchain RUSTC_BOOTSTRAP=1 lets
# it use the nightly flags it needs. Sanitizers are off (`-s none`): the code is safe Rust.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
target=${1:?usage: run.sh TARGET [SECONDS]}
seconds=${2:-1800}
export RUSTC_BOOTSTRAP=1
cd "$here"
cargo fuzz build -O -s none "$target"
bin=${CARGO_TARGET_DIR:-$here/target}/x86_64-unknown-linux-gnu/release/$target
max_len=4096
[ "$target" = store ] && max_len=$((1 << 20))
mkdir -p "$here/artifacts/$target" "$here/corpus/$target"
scratch=$(mktemp -d); trap 'rm -rf "$scratch"' EXIT
cd "$scratch"
# tdq never frees interned values (one evaluation per process), so a long run in one process
# grows by a few KiB an input; runs of CHUNK seconds, each a fresh process on the grown corpus,
# keep memory bounded. The total of executions is printed at the end.
chunk=${CHUNK:-120}
end=$((SECONDS + seconds)); total=0; status=0
while [ $SECONDS -lt $end ]; do
  left=$((end - SECONDS)); [ $left -gt $chunk ] && left=$chunk
  nice -n 19 "$bin" "$here/corpus/$target" -max_total_time="$left" -max_len=$max_len -timeout=10 \
    -rss_limit_mb=4096 -artifact_prefix="$here/artifacts/$target/" -print_final_stats=1 2>"$scratch/log" || status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$scratch/log")
  total=$((total + ${runs:-0}))
  tail -n 12 "$scratch/log"
  [ $status -eq 0 ] || { echo "finding: see $here/artifacts/$target/"; break; }
done
echo "$target: $total executions in $seconds s"
exit $status
