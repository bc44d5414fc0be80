#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""work_scales.py BPF-LINT SHIM: bpf-lint's work grows linearly with the unit.

Issue 19's 52 s file: stack-budget after a loop rule visited the whole unit
for each macro identifier before each function's name (statfunc ->
static __always_inline), so the work grew with functions x unit size.
This generates that shape (functions declared through such a macro,
calling header helpers in loops, and a vmlinux-like header of many
types) at size N and 2N and counts the
cursors and tokens bpf-lint asks libclang for (count_work.so, LD_PRELOAD).
Doubling the input must at most ~double the work: the ratio is <= 2.5.
"""
import os
import subprocess
import sys
import tempfile


def write_shape(d, n):
    with open(os.path.join(d, "vmlinux.h"), "w") as f:
        for i in range(40 * n):
            f.write("struct kt%d { int a; long b; };\n" % i)
    with open(os.path.join(d, "helpers.h"), "w") as f:
        f.write("#define __hot_inline inline __attribute__((always_inline))\n")
        f.write("#define statfunc static __hot_inline\n")
        for i in range(n):
            f.write("statfunc int helper%d(int x, int y) { return x * %d + y; }\n" % (i, i + 1))
    with open(os.path.join(d, "prog.bpf.c"), "w") as f:
        f.write('#include "vmlinux.h"\n#include "helpers.h"\n')
        f.write('#define SEC(n) __attribute__((section(n), used))\n')
        for i in range(n):
            f.write("statfunc int step%d(int k)\n{\n"
                    "\tchar buf[64];\n\tbuf[k & 63] = 1;\n"
                    "\tfor (int i = 0; i < 8; i++)\n\t\tk += helper%d(i, buf[i]);\n"
                    "\treturn k;\n}\n" % (i, i))
        f.write('SEC("xdp") int prog(void *ctx)\n{\n\tint s = 0;\n')
        for i in range(n):
            f.write("\ts += step%d(s);\n" % i)
        f.write("\treturn s;\n}\n")


def work(lint, shim, n):
    with tempfile.TemporaryDirectory() as d:
        write_shape(d, n)
        out = os.path.join(d, "count")
        env = dict(os.environ, LD_PRELOAD=shim, COUNT_WORK_OUT=out)
        # ASan wants to be first in the library list; the shim only wraps.
        env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + ":verify_asan_link_order=0"
        subprocess.run([lint, "-j", "1", "-q", "--rules=-*,bounded-loop,stack-budget",
                        os.path.join(d, "prog.bpf.c"), "--", "-I", d],
                       env=env, stdout=subprocess.DEVNULL, check=False)
        total = 0
        with open(out) as f:	# a line per process: the parent and each parse child
            for line in f:
                fields = dict(kv.split("=") for kv in line.split())
                total += int(fields["visits"]) + int(fields["tokens"])
    return total


def main():
    lint, shim = sys.argv[1], sys.argv[2]
    small, large = work(lint, shim, 20), work(lint, shim, 40)
    ratio = large / small
    print("work at N=20: %d, at N=40: %d, ratio %.2f (limit 2.5)" % (small, large, ratio))
    return 0 if ratio <= 2.5 else 1


if __name__ == "__main__":
    sys.exit(main())
