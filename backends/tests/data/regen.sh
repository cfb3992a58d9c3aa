#!/usr/bin/env bash
# Regenerates the goldens of backends/tests/data from llvm-tblgen 19, the reference.
#
# For every NAME.td here, runs, from this directory,
#   llvm-tblgen ARGS NAME.td
# where ARGS are the words after `// ARGS:` on a line of NAME.td, and writes
#   NAME.td.out  stdout
#   NAME.td.err  stderr
#   NAME.td.rc   the exit status
# usage: backends/tests/data/regen.sh [NAME.td...]
#   With no arguments: every case, and the goldens of cases that no longer exist are removed.
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
if [ $# -eq 0 ]; then
  shopt -s nullglob
  for golden in *.td.out *.td.err *.td.rc; do
    [ -e "${golden%.*}" ] || rm -v -- "$golden"
  done
  set -- *.td
fi
for td in "$@"; do
  td=$(basename "$td")
  args=$(awk 'sub(/^\/\/ ARGS:/, "") { print; exit }' "$td")
  rc=0
  # shellcheck disable=SC2086  # ARGS are words, split on purpose.
  "$tblgen" $args "$td" >"$td.out" 2>"$td.err" </dev/null || rc=$?
  echo "$rc" >"$td.rc"
done
echo "regen.sh: $# goldens written by llvm-tblgen $("$tblgen" --version | sed -n "s/.*LLVM version \([0-9.]*\).*/\1/p")"
