#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Re-check testdata/verifier/kernel-6.18.tsv against the live kernel.

usage: check-recorded.py BPF_VERIFY TSV OBJ...

On the recorded kernel release any difference fails (regenerate with
scripts/record-kernel-figures after changing a case or the compiler); on
another release the differences are printed and the test passes; without
bpf() it skips (77).
"""
import csv
import io
import os
import subprocess
import sys


def main():
    bv, tsv, objs = sys.argv[1], sys.argv[2], sys.argv[3:]
    recorded, release = {}, None
    with open(tsv) as f:
        lines = f.read().splitlines()
    for l in lines:
        if l.startswith("# kernel:"):
            release = l.split(":", 1)[1].strip()
    body = [l for l in lines if not l.startswith("#")]
    for r in csv.DictReader(body, delimiter="\t"):
        recorded[(r["object"], r["program"])] = (r["verdict"], r["insns"], r["states"],
                                                 r["peak_states"])
    r = subprocess.run([bv, "--backend=kernel", "--format=csv", *objs],
                       capture_output=True, text=True, timeout=1200)
    if r.returncode == 2 and not r.stdout:
        print("skip:", r.stderr.strip())
        return 77
    live = {}
    for x in csv.DictReader(io.StringIO(r.stdout)):
        live[(os.path.basename(x["file"]), x["program"])] = (
            x["verdict"], x["insns"], x["states"], x["peak_states"])
    diffs = [f"{k[0]}/{k[1]}: recorded {recorded.get(k)}, live {live.get(k)}"
             for k in sorted(set(recorded) | set(live)) if recorded.get(k) != live.get(k)]
    running = os.uname().release
    for d in diffs:
        print("DIFF", d)
    print(f"{len(live)} programs, {len(diffs)} differences; recorded on {release}, "
          f"running {running}")
    if diffs and running == release:
        print("regenerate with scripts/record-kernel-figures if a case or the compiler changed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
