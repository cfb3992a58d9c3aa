#!/usr/bin/env python3
"""Times two commands as alternating pairs of whole processes (A B A B ...), so that a machine
whose load drifts slows both sides of a pair; reports medians and the medians of the pair-by-pair
ratios A/B. Each run's user and system time and peak resident memory are the kernel's accounting
of the finished child (wait4), its wall time a monotonic clock around it.

usage: pairs.py N A_WORDS... -- B_WORDS...
  Each side is a command and its arguments. A last word `>FILE` sends that side's standard output
  to FILE; without one it goes to a pipe that is read and thrown away. Standard error is thrown
  away. Prints one line: A's and B's median wall seconds, the median wall and cpu ratios, '|',
  A's and B's median peak MiB and the median peak ratio. Exits 1 (printing `failed: COMMAND`)
  when a run of either side fails.
"""

import os
import statistics
import subprocess
import sys
import time


def run(words):
    """One run: (wall seconds, user + system seconds, peak MiB), or None when it failed."""
    out = None
    if words[-1].startswith(">"):
        out, words = words[-1][1:], words[:-1]
    sink = open(out, "wb") if out else subprocess.PIPE
    start = time.monotonic()
    child = subprocess.Popen(words, stdin=subprocess.DEVNULL, stdout=sink, stderr=subprocess.DEVNULL)
    if out is None:
        while child.stdout.read(1 << 16):
            pass
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - start
    if out:
        sink.close()
    else:
        child.stdout.close()
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        return None
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main():
    if len(sys.argv) < 5 or "--" not in sys.argv[2:]:
        sys.exit(__doc__)
    n = int(sys.argv[1])
    cut = sys.argv.index("--", 2)
    a, b = sys.argv[2:cut], sys.argv[cut + 1:]
    runs = {"a": [], "b": []}
    for _ in range(n):
        for side, words in (("a", a), ("b", b)):
            r = run(words)
            if r is None:
                print("failed: " + " ".join(words))
                sys.exit(1)
            runs[side].append(r)
    med = statistics.median
    pairs = list(zip(runs["a"], runs["b"]))
    ratio = lambda i: med(x[i] / y[i] if y[i] > 0 else 0.0 for x, y in pairs)
    col = lambda side, i: med(r[i] for r in runs[side])
    print(
        f"{col('a', 0):7.3f} {col('b', 0):7.3f} {ratio(0):6.2f} {ratio(1):6.2f} | "
        f"{col('a', 2):7.1f} {col('b', 2):7.1f} {ratio(2):6.2f}"
    )


if __name__ == "__main__":
    main()
