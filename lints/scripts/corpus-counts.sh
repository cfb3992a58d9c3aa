#!/usr/bin/env bash
# Runs every canned lint (`--select all`) over the targets of one LLVM release of
# ../shared/corpus and prints the findings per lint and target as a Markdown table (the one in
# lints/README.md is LLVM 23's).
# Usage: lints/scripts/corpus-counts.sh [TDQ] [OUTDIR]   (defaults: target/release/tdq, a temp dir)
# Environment: LLVM_RELEASE=19|22|23 (default 23).
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
tdq=${1:-$here/target/release/tdq}
out=${2:-$(mktemp -d)}
release=${LLVM_RELEASE:-23}
case $release in
  19) version=19.1.7;; 22) version=22.1.8;; 23) version=23.1.1;;
  *) echo "corpus-counts.sh: LLVM_RELEASE must be 19, 22 or 23" >&2; exit 2;;
esac
llvm=$here/../shared/corpus/llvm-$version/llvm
cd "$llvm"
for root in lib/Target/*/; do
  t=$(basename "$root")
  [ -f "lib/Target/$t/$t.td" ] || continue
  "$tdq" lint --td "lib/Target/$t/$t.td" -I include -I "lib/Target/$t" --llvm-version "$release" --select all --format json \
    -o "$out/$t.json" || [ $? -eq 1 ]
done
"$tdq" lint --list | awk '{print $1}' > "$out/lints.txt"
python3 - "$out" <<'PY'
import json, os, sys
out = sys.argv[1]
lints = open(os.path.join(out, 'lints.txt')).read().split()
targets = sorted((f[:-5] for f in os.listdir(out) if f.endswith('.json')), key=str.lower)
counts = {t: {} for t in targets}
for t in targets:
    for f in json.load(open(os.path.join(out, t + '.json'))):
        counts[t][f['lint']] = counts[t].get(f['lint'], 0) + 1
print('| target | ' + ' | '.join(lints) + ' |')
print('|---|' + '---:|' * len(lints))
for t in targets:
    print(f'| {t} | ' + ' | '.join(str(counts[t].get(l, 0)) for l in lints) + ' |')
print('| **total** | ' + ' | '.join(str(sum(counts[t].get(l, 0) for t in targets)) for l in lints) + ' |')
PY
echo "findings (JSON) in $out" >&2
