#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""A skipped fix in a header is said once per run, however many units
include it (falco's modern probe: 5 loops of one header, included by 175
units, were 875 identical notes); a unit's own skipped fix is still said.

usage: header_notes.py BPF_FIX
"""
import os
import subprocess
import sys
import tempfile

HEADER = """static int sum_header(const int *v)
{
	int s = 0;

	for (int i = 0; i < 100; i++)
		s += v[i & 7];
	return s;
}
"""
UNIT = """#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "loop.h"

char LICENSE[] SEC("license") = "GPL";
int vals[8];

SEC("socket")
int prog_NAME(void *ctx)
{
	int s = 0;

	for (int i = 0; i < 200; i++)
		s += vals[i & 7];
	return s + sum_header(vals);
}
"""


def main():
    bpf_fix = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, ".bpf-lint.yaml"), "w") as f:
            f.write('target-kernel: "5.8"\n')
        with open(os.path.join(tmp, "loop.h"), "w") as f:
            f.write(HEADER)
        names = []
        for n in ("one", "two", "three"):
            names.append(n + ".bpf.c")
            with open(os.path.join(tmp, names[-1]), "w") as f:
                f.write(UNIT.replace("NAME", n))
        r = subprocess.run([bpf_fix, "--verify=none", *names], cwd=tmp,
                           capture_output=True, text=True, timeout=120)
        notes = [l for l in r.stderr.splitlines() if "fix not applied" in l]
        header = [l for l in notes if l.startswith("loop.h:") or "/loop.h:" in l]
        own = [l for l in notes if ".bpf.c:" in l.split(": note:")[0]]
        errors = []
        if len(header) != 1:
            errors.append(f"the header's skipped fix said {len(header)} times, want 1")
        if len(own) != 3:
            errors.append(f"{len(own)} notes for the units' own loops, want 3")
        for e in errors:
            print("FAIL", e)
        if errors:
            print(r.stderr)
        print(f"header notes {len(header)}, unit notes {len(own)}")
        return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
