#!/usr/bin/env bash
# tdq standing in for llvm-tblgen and clang-tblgen in LLVM's own CMake build (issue 32's check).
#
# Configures LLVM V with clang, every target and the experimental ones of the conformance
# command lists (ARC, CSKY, DirectX, M68k, Xtensa), once with `-DLLVM_TABLEGEN` and
# `-DCLANG_TABLEGEN` naming links called llvm-tblgen and clang-tblgen to tdq, once with the real
# tools of the release; builds, in each, every output of a TableGen step (ninja -k 0: the
# failures of one step do not stop the others) and compares the generated files byte for byte.
# Then, in tdq's tree, the incremental build:
#   - a second ninja over the same outputs has no work to do (the depfiles are complete and
#     match the outputs' own names);
#   - touching a .td that one target includes reruns that target's steps and only those, and
#     steps whose output did not change leave its modification time as it was
#     (--write-if-changed: ninja's restat then spares what depends on it).
# Prints a row per differing or failing output, then the totals and the times of both builds.
#
# usage: tests/cmake-standin.sh [-l 23] [-w DIR] [-j N] [-s] [-c] [TDQ]
#   -l  the release (default 23); its sources: $TDQ_LLVM_SRC (an LLVM monorepo checkout with
#       llvm/, clang/, cmake/, third-party/, libc/), else Debian's source tarball that
#       ../shared/conformance/install-reference.sh V downloads (for 23), extracted into DIR
#   -w  the work directory (default ~/.cache/tdq-cmake-V; kept, so that a second run reuses the
#       sources and the configured trees)
#   -j  ninja's jobs (default: the processors)
#   -s  keep the reference tree's outputs when they are all there (no time ratio then)
#   -c  no reference tree: compare with the checksums of the reference's outputs in
#       ../shared/conformance (llvm-build-V.sha256, clang-build-V.sha256; no depfiles, no time
#       ratio); the steps those lists do not have are counted apart
#   TDQ the tdq executable (default ${CARGO_TARGET_DIR:-target}/release/tdq)
# Needs cmake (3.23 or later, for depfiles in custom commands), ninja, a C++ compiler (CMake's
# configure checks; nothing is compiled). Exit status 1 when an output differs or a step fails.
set -uo pipefail
export LC_ALL=C
root=$(cd "$(dirname "$0")/.." && pwd)
shared=${TDQ_SHARED:-$root/../shared}
ver=23 work="" jobs=$(nproc) keep_ref=0 sums=0
while getopts "l:w:j:sc" o; do
  case $o in l) ver=$OPTARG;; w) work=$OPTARG;; j) jobs=$OPTARG;; s) keep_ref=1;; c) sums=1;; *) sed -n 2,30p "$0"; exit 2;; esac
done
shift $((OPTIND - 1))
tdq=$(realpath "${1:-${CARGO_TARGET_DIR:-$root/target}/release/tdq}")
[ -x "$tdq" ] || { echo "cmake-standin: no tdq executable at $tdq (cargo build --release)" >&2; exit 2; }
source "$shared/conformance/release.sh"; release_check "$ver" cmake-standin.sh
for t in cmake ninja; do command -v $t >/dev/null || { echo "cmake-standin: $t is missing (apt-get install cmake ninja-build)" >&2; exit 2; }; done
refbin=$(release_bin "$ver")
if [ $sums = 0 ]; then
  for t in llvm-tblgen clang-tblgen; do
    [ -x "$refbin/$t" ] || { echo "cmake-standin: no $refbin/$t (../shared/conformance/install-reference.sh $ver, or -c)" >&2; exit 2; }
  done
fi
work=${work:-$HOME/.cache/tdq-cmake-$ver}
mkdir -p "$work"; work=$(realpath "$work")

# The sources.
src=${TDQ_LLVM_SRC:-}
if [ -z "$src" ]; then
  tarball=$(ls "${TDQ_REF_DIR:-$HOME/.cache/tdq-ref}/llvm-$ver/src/"*.orig.tar.xz 2>/dev/null | head -1)
  [ -n "$tarball" ] || { echo "cmake-standin: no LLVM $ver sources: set TDQ_LLVM_SRC, or run ../shared/conformance/install-reference.sh $ver" >&2; exit 2; }
  top=$(basename "$tarball" .orig.tar.xz)
  src=$work/$top
  if [ ! -f "$src/llvm/CMakeLists.txt" ]; then
    echo "cmake-standin: extracting $(basename "$tarball")"
    tar -xJf "$tarball" -C "$work" "$top/llvm" "$top/clang" "$top/cmake" "$top/third-party" "$top/libc" || exit 2
  fi
fi
[ -f "$src/llvm/CMakeLists.txt" ] || { echo "cmake-standin: $src is not an LLVM monorepo checkout" >&2; exit 2; }

# Links named as the tools, so that tdq answers as each (and CMake sees a file to depend on).
mkdir -p "$work/bin-tdq"
ln -sf "$tdq" "$work/bin-tdq/llvm-tblgen"
ln -sf "$tdq" "$work/bin-tdq/clang-tblgen"

configure() { # configure DIR BIN
  [ -f "$work/$1/build.ninja" ] && return 0
  echo "cmake-standin: configuring $1"
  cmake -G Ninja -S "$src/llvm" -B "$work/$1" -DCMAKE_BUILD_TYPE=Release \
    -DLLVM_TARGETS_TO_BUILD=all -DLLVM_EXPERIMENTAL_TARGETS_TO_BUILD="ARC;CSKY;DirectX;M68k;Xtensa" \
    -DLLVM_ENABLE_PROJECTS=clang -DLLVM_TABLEGEN="$2/llvm-tblgen" -DCLANG_TABLEGEN="$2/clang-tblgen" \
    > "$work/$1.configure.log" 2>&1 || { echo "cmake-standin: configuring $1 failed: $work/$1.configure.log" >&2; exit 2; }
}
configure build-tdq "$work/bin-tdq"
[ $sums = 1 ] || configure build-ref "$refbin"

# The outputs of the TableGen steps: the first output of every build statement whose command
# runs one of the tools.
outputs() { # outputs DIR BIN
  python3 - "$work/$1/build.ninja" "$2" <<'EOF'
import sys
build = None
for line in open(sys.argv[1]):
    if line.startswith('build '):
        build = line[6:].split(':')[0].split(' | ')[0].split()[0]
    elif line.startswith('  COMMAND = ') and build and any(f'{sys.argv[2]}/{t} ' in line for t in ('llvm-tblgen', 'clang-tblgen')):
        print(build)
        build = None
EOF
}
outputs build-tdq "$work/bin-tdq" > "$work/outputs.txt"
if [ $sums = 0 ]; then
  outputs build-ref "$refbin" > "$work/outputs-ref.txt"
  cmp -s "$work/outputs.txt" "$work/outputs-ref.txt" || { echo "cmake-standin: the two trees have different TableGen steps" >&2; exit 2; }
fi
n=$(wc -l < "$work/outputs.txt")

# tdq's evaluation cache starts empty, as on a build machine's first build.
export TDQ_CACHE_DIR=$work/tdq-cache
build() { # build DIR: every TableGen output from nothing, timed
  rm -rf "$TDQ_CACHE_DIR"
  (cd "$work/$1" && xargs rm -f < "$work/outputs.txt" && rm -f .ninja_log)
  local start=$(date +%s.%N)
  (cd "$work/$1" && xargs ninja -k 0 -j "$jobs" < "$work/outputs.txt" > "$work/$1.ninja.log" 2>&1)
  echo "$(date +%s.%N) - $start" | bc
}
echo "cmake-standin: LLVM $ver, $n TableGen steps (ninja -j $jobs, tdq's evaluation cache empty at the start)"
t_tdq=$(build build-tdq)
if [ $sums = 1 ]; then
  t_ref=0
elif [ $keep_ref = 1 ] && (cd "$work/build-ref" && xargs ls < "$work/outputs.txt" > /dev/null 2>&1); then
  t_ref=0
else
  t_ref=$(build build-ref)
fi

# Compare every file a step wrote (the output and, for --gen-register-info, the four files
# CMake declares beside it), and the depfiles with each tree's own path replaced; with -c, the
# files' checksum as build-outputs.sh makes it (sha256sum of the files, sorted by name).
declare -A sum
if [ $sums = 1 ]; then
  for f in "$shared/conformance/llvm-build-$ver.sha256" "$shared/conformance/clang-build-$ver.sha256"; do
    while read -r o h; do sum[$o]=$h; done < "$f"
  done
fi
written() { # written TREE OUT: the files the step of OUT wrote, relative to TREE
  local stem=${2%.*} g
  for g in "$2" "$stem"Enums.inc "$stem"Header.inc "$stem"MCDesc.inc "$stem"TargetDesc.inc; do
    [ "$g" = "$2" ] || [ "${2%RegisterInfo.inc}" != "$2" ] || continue
    [ -f "$1/$g" ] && echo "$g"
  done
}
same=0 differ=0 missing=0 unchecked=0
while read -r out; do
  if [ ! -f "$work/build-tdq/$out" ]; then
    missing=$((missing + 1)); echo "failed:  $out"; continue
  fi
  ok=1
  if [ $sums = 1 ]; then
    if [ -z "${sum[$out]:-}" ]; then unchecked=$((unchecked + 1)); continue; fi
    h=$(cd "$work/build-tdq" && written . "$out" | while read -r g; do sha256sum "$g" | sed "s|  .*/|  |"; done | sort -k2 | sha256sum | cut -d' ' -f1)
    [ "$h" = "${sum[$out]}" ] || ok=0
  else
    while read -r g; do cmp -s "$work/build-ref/$g" "$work/build-tdq/$g" || ok=0; done < <(written "$work/build-ref" "$out")
    if [ -f "$work/build-ref/$out.d" ]; then
      cmp -s <(sed "s|$work/build-ref|B|g" "$work/build-ref/$out.d") <(sed "s|$work/build-tdq|B|g" "$work/build-tdq/$out.d") || ok=0
    fi
  fi
  if [ $ok = 1 ]; then same=$((same + 1)); else differ=$((differ + 1)); echo "differs: $out"; fi
done < "$work/outputs.txt"

# The incremental build, in tdq's tree, over the steps that succeeded (a failing step would
# run again each time): nothing to do, then one target's .td touched.
(cd "$work/build-tdq" && while read -r o; do [ -f "$o" ] && echo "$o"; done < "$work/outputs.txt") > "$work/built.txt"
again=$(cd "$work/build-tdq" && xargs ninja -n -j 1 < "$work/built.txt" | grep -c '^\[')
td=$src/llvm/lib/Target/Lanai/LanaiInstrInfo.td
stamp() { (cd "$work/$1" && grep Lanai "$work/built.txt" | xargs stat -c '%n %Y.%y') | sort; }
before=$(stamp build-tdq)
touch "$td"
reran=$(cd "$work/build-tdq" && xargs ninja -k 0 -j "$jobs" < "$work/built.txt" | grep -c '^\[')
after=$(stamp build-tdq)
if [ $sums = 1 ]; then
  # Without the reference's tree: the steps whose root is Lanai's, which includes the file.
  reran_ref=$(grep -c '^  COMMAND = .*/Lanai/Lanai\.td ' "$work/build-tdq/build.ninja")
else
  reran_ref=$(cd "$work/build-ref" && xargs ninja -k 0 -j "$jobs" < "$work/built.txt" | grep -c '^\[')
fi
changed=$(comm -13 <(echo "$before") <(echo "$after") | wc -l)
note=""; [ "$unchecked" = 0 ] || note=" ($unchecked without a checksum to compare with)"
echo "identical $same, differ $differ, failed $missing of $n steps$note"
if [ "$t_ref" = 0 ]; then
  printf 'time: tdq %.1f s (no reference build timed)\n' "$t_tdq"
else
  printf 'time: tdq %.1f s, llvm-tblgen and clang-tblgen %.1f s (ratio %.2f)\n' "$t_tdq" "$t_ref" "$(echo "$t_tdq / $t_ref" | bc -l)"
fi
echo "second build: $again steps to run (want 0)"
echo "touching $(basename "$td"): tdq's tree reran $reran steps, the reference's $reran_ref; outputs rewritten: $changed (want 0)"
[ $differ = 0 ] && [ $missing = 0 ] && [ "$again" = 0 ] && [ "$reran" = "$reran_ref" ] && [ "$changed" = 0 ]
