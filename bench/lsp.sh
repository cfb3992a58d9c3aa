#!/usr/bin/env bash
# `tdq lsp` latency on LLVM 23's X86, opened at lib/Target/X86/X86InstrArithmetic.td (not the
# root), against `tdq tblgen --null-backend` of the same target (the evaluation alone):
#   - first diagnostics after didOpen (target: within 1.5 x the evaluation),
#   - hover on `defm ADD` and definition of a class (medians of 9; target: under 50 ms),
#   - re-evaluation after an edit (didChange to diagnostics, debounce included),
#   - the peak memory of an evaluating worker and of the server, and of all of them together
#     (server and workers: during a re-evaluation the previous worker answers meanwhile),
#     against the evaluation's (target: under twice).
# usage: bench/lsp.sh [-l 19|22|23] [TDQ]   (TDQ default: target/release/tdq, or
#        $CARGO_TARGET_DIR/release/tdq)
set -euo pipefail
cd "$(dirname "$0")/.."
release=23
while getopts "l:" o; do case $o in l) release=$OPTARG;; *) exit 2;; esac; done
shift $((OPTIND-1))
tdq=$(realpath "${1:-${CARGO_TARGET_DIR:-target}/release/tdq}")
[ -x "$tdq" ] || { echo "no $tdq: cargo build --release" >&2; exit 2; }
case $release in 19) v=19.1.7;; 22) v=22.1.8;; 23) v=23.1.1;; *) echo "no release $release" >&2; exit 2;; esac
llvm=$(cd "../shared/corpus/llvm-$v/llvm" && pwd)
x86=$llvm/lib/Target/X86

evals=()
for _ in 1 2 3; do
  /usr/bin/time -f "%e %M" -o /tmp/tdq-lsp-bench.time env TDQ_TBLGEN_CACHE=off \
    "$tdq" tblgen --null-backend -I "$llvm/include" -I "$x86" "$x86/X86.td"
  evals+=("$(cat /tmp/tdq-lsp-bench.time)")
done
printf '%s\n' "${evals[@]}" | sort -n | sed -n 2p > /tmp/tdq-lsp-bench.eval

python3 - "$tdq" "$x86" /tmp/tdq-lsp-bench.eval <<'PY'
import json, os, statistics, subprocess, sys, threading, time
tdq, x86, evalfile = sys.argv[1:]
eval_s, eval_kb = open(evalfile).read().split()
arith = os.path.join(x86, "X86InstrArithmetic.td")
text = open(arith).read()
p = subprocess.Popen([tdq, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
msgs, cond = [], threading.Condition()
def reader():
    while True:
        n = None
        while True:
            line = p.stdout.readline()
            if not line: return
            line = line.strip()
            if not line: break
            if line.lower().startswith(b"content-length:"): n = int(line.split(b":")[1])
        body = json.loads(p.stdout.read(n))
        with cond: msgs.append(body); cond.notify_all()
threading.Thread(target=reader, daemon=True).start()
def send(obj):
    b = json.dumps(obj).encode()
    p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(b) + b); p.stdin.flush()
def wait(pred):
    with cond:
        while True:
            for i, m in enumerate(msgs):
                if pred(m): return msgs.pop(i)
            cond.wait(120)
ids = iter(range(1, 10**6))
def request(method, params):
    i = next(ids); send({"jsonrpc": "2.0", "id": i, "method": method, "params": params})
    return wait(lambda m: m.get("id") == i)
uri = "file://" + arith
peak, together = {}, [0, 0]
def watch():
    # Each process's own peak (VmHWM), and the peak of all of them together (VmRSS summed at
    # each look: while a worker re-evaluates, the one before it answers requests meanwhile).
    while p.poll() is None:
        kids = []
        try:
            for task in os.listdir(f"/proc/{p.pid}/task"):
                kids += open(f"/proc/{p.pid}/task/{task}/children").read().split()
        except OSError: pass
        total = 0
        for pid in [str(p.pid)] + kids:
            try:
                for l in open(f"/proc/{pid}/status"):
                    if l.startswith("VmHWM:"):
                        kb = int(l.split()[1]); role = "server" if pid == str(p.pid) else "worker"
                        peak[role] = max(peak.get(role, 0), kb)
                    elif l.startswith("VmRSS:"):
                        total += int(l.split()[1])
            except OSError: pass
        together[phase] = max(together[phase], total)
        time.sleep(0.02)
phase = 0
threading.Thread(target=watch, daemon=True).start()
request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
diag = lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
t0 = time.monotonic()
send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "tablegen", "version": 1, "text": text}}})
wait(diag); first = time.monotonic() - t0
def at(needle, skip):
    i = text.index(needle); line = text.count("\n", 0, i); col = i - (text.rfind("\n", 0, i) + 1) + skip
    return {"textDocument": {"uri": uri}, "position": {"line": line, "character": col}}
def median(method, params):
    ts = []
    for _ in range(9):
        t = time.monotonic(); request(method, params); ts.append(time.monotonic() - t)
    return statistics.median(ts)
hover = median("textDocument/hover", at("defm ADD ", 6))
defn = median("textDocument/definition", at(": BinOpRR_RF<", 3))
phase = 1
t0 = time.monotonic()
send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": text + "\n// edited\n"}]}})
wait(diag); reeval = time.monotonic() - t0
request("shutdown", None); send({"jsonrpc": "2.0", "method": "exit", "params": None}); p.wait()
e = float(eval_s)
print(f"evaluation (tdq tblgen --null-backend)  {e:6.3f} s  {int(eval_kb)//1024} MiB")
print(f"first diagnostics                      {first:6.3f} s  ratio {first/e:.2f} (target <= 1.5)")
print(f"hover on defm ADD (median of 9)        {hover*1000:6.1f} ms (target < 50)")
print(f"definition of a class (median of 9)    {defn*1000:6.1f} ms (target < 50)")
print(f"re-evaluation after an edit            {reeval:6.3f} s  ratio {reeval/e:.2f} (debounce 0.15 s included)")
for role in ("server", "worker"):
    print(f"peak memory, {role:6}                   {peak.get(role, 0)//1024:6d} MiB  ratio {peak.get(role, 0)/int(eval_kb):.2f}")
for i, what in enumerate(("first evaluation", "re-evaluation")):
    print(f"peak memory, all together, {what:16} {together[i]//1024:6d} MiB  ratio {together[i]/int(eval_kb):.2f} (target < 2)")
PY
