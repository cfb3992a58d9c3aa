#!/usr/bin/env bash
# Builds the seed corpora in fuzz/corpus/<target>/ (not committed; see fuzz/README.md):
# every .td of LLVM's test/TableGen for the lexer, parser and evaluate targets, and for the
# store target a few small stores written by `tdq export --db` from some of those files.
# usage: fuzz/seed.sh [TDQ_BINARY]   (default: target/release/tdq, built with --no-default-features)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
llvm=${TDQ_CORPUS:-$here/../../shared/corpus/llvm-19.1.7/llvm}
tdq=${1:-${CARGO_TARGET_DIR:-$here/../target}/release/tdq}
[ -d "$llvm/test/TableGen" ] || { echo "no LLVM corpus at $llvm (set TDQ_CORPUS)" >&2; exit 2; }
for t in lexer parser evaluate store; do mkdir -p "$here/corpus/$t"; done
for f in "$llvm"/test/TableGen/*.td; do
  for t in lexer parser evaluate; do cp "$f" "$here/corpus/$t/"; done
done
[ -x "$tdq" ] || { echo "no tdq binary at $tdq: the store seeds need it" >&2; exit 2; }
export TDQ_CACHE_DIR=$(mktemp -d); trap 'rm -rf "$TDQ_CACHE_DIR"' EXIT
# Small self-contained files that evaluate without errors make the store seeds.
n=0
for f in "$llvm"/test/TableGen/*.td; do
  [ $n -ge 12 ] && break
  grep -q '^include' "$f" && continue
  [ "$(wc -c < "$f")" -gt 3000 ] && continue
  out="$here/corpus/store/$(basename "$f" .td).db"
  if (cd "$(dirname "$f")" && "$tdq" export --td "$(basename "$f")" --db "$out") >/dev/null 2>&1; then
    n=$((n + 1))
  else
    rm -f "$out"
  fi
done
echo "seeds: $(ls "$here/corpus/lexer" | wc -l) .td files, $n stores"
