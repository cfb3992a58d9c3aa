#!/usr/bin/env bash
# Regenerates the goldens of the corpora tests/golden/frontend, tests/golden/backends/<flag> and
# tests/golden/clang/<flag> from llvm-tblgen (clang-tblgen for clang/), the reference
# (tests/golden/README.md): 19 unless the case says otherwise.
#
# For every CORPUS/NAME.td (CORPUS: frontend, backends/<flag> or clang/<flag>; not those under
# CORPUS/inc/), runs, from CORPUS/,
#   llvm-tblgen ARGS NAME.td          (clang-tblgen ARGS NAME.td for clang/<flag>)
# where ARGS are the words after `// ARGS:` on a line of NAME.td (optional) and the tool is
# the release's named on a line `// RELEASE: 19|22|23` (optional, 19 by default), and writes
#   NAME.td.out  stdout
#   NAME.td.err  stderr, with the tool's argv0 spelled `llvm-tblgen` (`clang-tblgen`)
#   NAME.td.rc   the exit status
# usage: tests/golden/regen.sh [CORPUS/NAME.td...]
#   With no arguments: every case of both corpora, and the goldens of cases that no longer exist
#   are removed.
# Environment: LLVM_TBLGEN (default /usr/lib/llvm-19/bin/llvm-tblgen), LLVM_TBLGEN_22 (default
# /usr/lib/llvm-22/bin/llvm-tblgen), LLVM_TBLGEN_23 (default ~/.cache/tdq-ref/llvm-23/bin/llvm-tblgen,
# as ../shared/conformance/install-reference.sh 23 builds it); CLANG_TBLGEN, CLANG_TBLGEN_22 and
# CLANG_TBLGEN_23 the same for clang-tblgen (install-reference.sh installs 19's and 22's).
set -euo pipefail
export LC_ALL=C
# The tool (llvm-tblgen or clang-tblgen) of a release, checked to be that release's.
tblgen_of() {
  local tblgen
  case "$2:$1" in
    llvm-tblgen:19) tblgen=${LLVM_TBLGEN:-/usr/lib/llvm-19/bin/llvm-tblgen};;
    llvm-tblgen:22) tblgen=${LLVM_TBLGEN_22:-/usr/lib/llvm-22/bin/llvm-tblgen};;
    llvm-tblgen:23) tblgen=${LLVM_TBLGEN_23:-$HOME/.cache/tdq-ref/llvm-23/bin/llvm-tblgen};;
    clang-tblgen:19) tblgen=${CLANG_TBLGEN:-/usr/lib/llvm-19/bin/clang-tblgen};;
    clang-tblgen:22) tblgen=${CLANG_TBLGEN_22:-/usr/lib/llvm-22/bin/clang-tblgen};;
    clang-tblgen:23) tblgen=${CLANG_TBLGEN_23:-$HOME/.cache/tdq-ref/llvm-23/bin/clang-tblgen};;
    *) echo "regen.sh: unknown release '$1' (19, 22 or 23)" >&2; return 2;;
  esac
  local version
  version=$("$tblgen" --version 2>&1 || true)
  case "$version" in
    *"LLVM version $1."*) echo "$tblgen";;
    *) echo "regen.sh: $tblgen is not $2 $1 (it says: $version)" >&2; return 2;;
  esac
}
cd "$(dirname "$0")"
# The program is run as `llvm-tblgen` (`clang-tblgen`) found on PATH, so the argv0 it prints in
# lines such as "llvm-tblgen: 2 errors." is already the normalized name.
if [ $# -eq 0 ]; then
  shopt -s nullglob
  for corpus in frontend backends/*/ clang/*/; do
    corpus=${corpus%/}
    # Goldens of cases that no longer exist go.
    for golden in "$corpus"/*.td.out "$corpus"/*.td.err "$corpus"/*.td.rc; do
      [ -e "${golden%.*}" ] || rm -v -- "$golden"
    done
  done
  set -- frontend/*.td backends/*/*.td clang/*/*.td
fi
for case in "$@"; do
  # What the cases include is no case.
  case "$case" in */inc/*) continue;; esac
  corpus=$(dirname "$case")
  td=$(basename "$case")
  release=$(awk 'sub(/^\/\/ RELEASE:/, "") { print $1; exit }' "$case")
  case "$corpus" in clang/*) tool=clang-tblgen;; *) tool=llvm-tblgen;; esac
  tblgen=$(tblgen_of "${release:-19}" "$tool")
  (
    cd "$corpus"
    export PATH="$(dirname "$tblgen"):$PATH"
    name=$(basename "$tblgen")
    args=$(awk 'sub(/^\/\/ ARGS:/, "") { print; exit }' "$td")
    rc=0
    # shellcheck disable=SC2086  # ARGS are words, split on purpose.
    "$name" $args "$td" >"$td.out" 2>"$td.err" </dev/null || rc=$?
    if [ "$name" != "$tool" ]; then
      sed -i "s#^$name: #$tool: #" "$td.err"
    fi
    echo "$rc" >"$td.rc"
  )
done
echo "regen.sh: $# goldens written"
