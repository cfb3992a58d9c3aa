#!/usr/bin/env bash
# Checks the flags LLVM infers from patterns, as tdq's pattern model gives them (the store's
# `instruction_flags`, which `flag-inferred-from-pattern` and the other flag lints read), against
# llvm-tblgen's --gen-instr-info descriptors (MCID::MayLoad, MayStore, UnmodeledSideEffects), for
# each target named (default: every target of the release).
# Usage: lints/scripts/check-inferred-flags.sh [-l 19|22|23] [TARGET...]
# Environment: TDQ (default ${CARGO_TARGET_DIR:-target}/release/tdq), LLVM_TBLGEN (default:
# release.sh's llvm-tblgen of the release), TDQ_SHARED (default ../shared).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
shared=${TDQ_SHARED:-$root/../shared}
release=23
while getopts "l:" o; do case $o in l) release=$OPTARG;; *) sed -n 2,9p "$0"; exit 2;; esac; done
shift $((OPTIND-1))
source "$shared/conformance/release.sh"
tdq=${TDQ:-${CARGO_TARGET_DIR:-$root/target}/release/tdq}
ref=${LLVM_TBLGEN:-$(release_bin "$release")/llvm-tblgen}
llvm=$shared/corpus/$(release_corpus "$release")/llvm
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$llvm"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || for d in lib/Target/*/; do t=$(basename "$d"); [ -f "$d$t.td" ] && targets+=("$t"); done
failed=0
for t in "${targets[@]}"; do
  args=(-I include -I "lib/Target/$t" "lib/Target/$t/$t.td")
  "$ref" --gen-instr-info "${args[@]}" -o "$work/$t.inc" 2>/dev/null || { echo "$t: llvm-tblgen fails, skipped"; continue; }
  TDQ_CACHE_DIR=$work/cache "$tdq" --td "lib/Target/$t/$t.td" -I include -I "lib/Target/$t" --llvm-version "$release" \
    --format tsv "select opcode, instruction, flag, value, source from instruction_flags" > "$work/$t.tsv"
  python3 - "$work/$t.inc" "$work/$t.tsv" "$t" <<'PY' || failed=1
import sys
inc, tsv, target = sys.argv[1:]
names = {"mayLoad": "MayLoad", "mayStore": "MayStore", "hasSideEffects": "UnmodeledSideEffects"}
desc = {}
for line in open(inc):
    if "ULL },  // " in line:
        opcode = int(line.strip().lstrip("{ ").split(",")[0])
        desc[opcode] = line
rows = [l.rstrip("\n").split("\t") for l in open(tsv)][1:]
bad, counts = [], {}
for opcode, inst, flag, value, source in rows:
    counts[source] = counts.get(source, 0) + 1
    has = f"(1ULL<<MCID::{names[flag]})" in desc[int(opcode)]
    if has != (value == "1"):
        bad.append(f"{inst}.{flag} = {value} ({source}), llvm-tblgen {int(has)}")
summary = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
print(f"{target}: {len(rows)} flags ({summary}): {'all as llvm-tblgen' if not bad else str(len(bad)) + ' differ'}")
for b in bad[:10]:
    print("  " + b)
sys.exit(1 if bad else 0)
PY
done
exit $failed
