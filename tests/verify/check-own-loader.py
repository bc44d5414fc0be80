#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""bpf-verify's own loader (verifier-model/rawload.c, used for objects with
an arena, which Debian 12's libbpf 1.1 cannot load) against libbpf's: with
BPF_VERIFY_OWN_LOADER=1 every program of the objects given must get the
same verdict, processed count and reason from the live kernel as through
libbpf (maps, global data, .kconfig, kfuncs, ksyms, callbacks, global
functions, tracing targets), and nothing may be left in /sys/fs/bpf.
Skips (77) where bpf() is not permitted.
  check-own-loader.py BPF_VERIFY OBJ...
"""
import csv
import io
import os
import subprocess
import sys


def rows(tool, obj, own):
    env = dict(os.environ)
    env.pop("BPF_VERIFY_OWN_LOADER", None)
    if own:
        env["BPF_VERIFY_OWN_LOADER"] = "1"
    out = subprocess.run([tool, "--backend=kernel", "--format=csv", obj], env=env,
                         capture_output=True, text=True)
    if out.returncode == 2 and "CAP_BPF" in out.stdout + out.stderr:
        return None
    return [(r["program"], r["verdict"], r["insns"], r["reason"])
            for r in csv.DictReader(io.StringIO(out.stdout))]


def pinned():
    return sorted(os.listdir("/sys/fs/bpf")) if os.path.isdir("/sys/fs/bpf") else []


def main():
    tool, objs = sys.argv[1], sys.argv[2:]
    before, failed, n = pinned(), 0, 0
    for obj in objs:
        lib, own = rows(tool, obj, False), rows(tool, obj, True)
        if lib is None or own is None:
            print("skip: bpf() is not permitted here")
            return 77
        for a, b in zip(lib, own):
            n += 1
            if a != b:
                failed += 1
                print("FAIL %s: libbpf %s, own loader %s" % (os.path.basename(obj), a, b))
        if len(lib) != len(own):
            failed += 1
            print("FAIL %s: %d programs through libbpf, %d through the own loader"
                  % (os.path.basename(obj), len(lib), len(own)))
    if pinned() != before:
        failed += 1
        print("FAIL: /sys/fs/bpf changed")
    print("%d programs compared, %d differ" % (n, failed))
    return 1 if failed or not n else 0


if __name__ == "__main__":
    sys.exit(main())
