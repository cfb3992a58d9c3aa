#!/usr/bin/env bash
# Regenerates the goldens of the corpora tests/golden/frontend and tests/golden/backends/<flag> from
# llvm-tblgen 19, the reference (tests/golden/README.md).
#
# For every CORPUS/NAME.td (CORPUS: frontend or backends/<flag>; not those under CORPUS/inc/),
# runs, from CORPUS/,
#   llvm-tblgen ARGS NAME.td
# where ARGS are the words after `// ARGS:` on a line of NAME.td (optional), and writes
#   NAME.td.out  stdout
#   NAME.td.err  stderr, with llvm-tblgen's argv0 spelled `llvm-tblgen`
#   NAME.td.rc   the exit status
# usage: tests/golden/regen.sh [CORPUS/NAME.td...]
#   With no arguments: every case of both corpora, and the goldens of cases that no longer exist
#   are removed.
# Environment: LLVM_TBLGEN (default /usr/lib/llvm-19/bin/llvm-tblgen).
set -euo pipefail
export LC_ALL=C
tblgen=${LLVM_TBLGEN:-/usr/lib/llvm-19/bin/llvm-tblgen}
version=$("$tblgen" --version 2>&1 || true)
case "$version" in
  *"LLVM version 19."*) ;;
  *) echo "regen.sh: $tblgen is not llvm-tblgen 19 (it says: $version)" >&2; exit 2;;
esac
cd "$(dirname "$0")"
# The program is run as `llvm-tblgen` found on PATH, so the argv0 it prints in lines such as
# "llvm-tblgen: 2 errors." is already the normalized name.
export PATH="$(dirname "$tblgen"):$PATH"
name=$(basename "$tblgen")
if [ $# -eq 0 ]; then
  shopt -s nullglob
  for corpus in frontend backends/*/; do
    corpus=${corpus%/}
    # Goldens of cases that no longer exist go.
    for golden in "$corpus"/*.td.out "$corpus"/*.td.err "$corpus"/*.td.rc; do
      [ -e "${golden%.*}" ] || rm -v -- "$golden"
    done
  done
  set -- frontend/*.td backends/*/*.td
fi
for case in "$@"; do
  corpus=$(dirname "$case")
  td=$(basename "$case")
  (
    cd "$corpus"
    args=$(awk 'sub(/^\/\/ ARGS:/, "") { print; exit }' "$td")
    rc=0
    # shellcheck disable=SC2086  # ARGS are words, split on purpose.
    "$name" $args "$td" >"$td.out" 2>"$td.err" </dev/null || rc=$?
    if [ "$name" != llvm-tblgen ]; then
      sed -i "s#^$name: #llvm-tblgen: #" "$td.err"
    fi
    echo "$rc" >"$td.rc"
  )
done
echo "regen.sh: $# goldens written by llvm-tblgen $("$name" --version | sed -n "s/.*LLVM version \([0-9.]*\).*/\1/p")"
