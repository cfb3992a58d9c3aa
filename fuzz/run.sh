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
exec nice -n 19 "$bin" "$here/corpus/$target" -max_total_time="$seconds" -max_len=$max_len -timeout=10 \
  -rss_limit_mb=4096 -artifact_prefix="$here/artifacts/$target/" -print_final_stats=1
