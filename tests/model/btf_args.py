#!/usr/bin/env python3
"""Annotated verdicts: testdata/btf-args (BTF-typed pointers) and
testdata/model-verdicts (other cases whose verdict the model must get).

Each program's comment says what the 6.18 verifier answers
(EXPECT-VERDICT: accepted|rejected) and, for a rejection, may give the
words of its error line (EXPECT-MSG: text, a substring both the model's
and the kernel's reason must hold) and the processed count it measured
(EXPECT-INSNS: N, which the model must give even where bpf() is not
permitted); EXPECT-STACK: the stack depth line ("8+0") both must report.
A file's BPF-VERIFY-ARGS: line gives bpf-verify options for
all its programs (--prog-flags=strict-alignment). The model must give that verdict;
where bpf() is permitted, the live kernel must agree and the model's
processed count must be the kernel's. An object DIR-CASE.bpf.o comes
from testdata/DIR/CASE.bpf.c.
  btf_args.py BPF_VERIFY TESTDATA_DIR OBJ...
"""
import csv
import io
import os
import re
import subprocess
import sys

SKIP = 77


def expectations(src):
    """{program: (verdict, message, insns, stack)} from the EXPECT-VERDICT,
    EXPECT-MSG, EXPECT-INSNS and EXPECT-STACK comments before each SEC
    function, and the file's BPF-VERIFY-ARGS."""
    want, pending, msg, insns, stack, args = {}, None, None, None, None, []
    for line in open(src):
        m = re.search(r"BPF-VERIFY-ARGS: (.*)", line)
        if m:
            args = m.group(1).split()
        m = re.search(r"EXPECT-VERDICT: (accepted|rejected)", line)
        if m:
            pending, msg, insns, stack = m.group(1), None, None, None
            continue
        m = re.search(r"EXPECT-INSNS: (\d+)", line)
        if m:
            insns = m.group(1)
            continue
        m = re.search(r"EXPECT-STACK: ([0-9+]+)", line)
        if m:
            stack = m.group(1)
            continue
        m = re.search(r"EXPECT-MSG: (.*?)\s*(?:\*/)?\s*$", line)
        if m:
            msg = m.group(1)
            continue
        # int NAME, int BPF_PROG(NAME, or a naked function's int NAME
        m = re.match(r"(?:__attribute__\(\(naked\)\) )?int (?:BPF_[A-Z_]+\()?(\w+)", line)
        if m and pending:
            want[m.group(1)] = (pending, msg, insns, stack)
            pending = None
    return want, args


def run(tool, backend, obj, args):
    out = subprocess.run([tool, "--backend=" + backend, "--format=csv", *args, obj],
                         capture_output=True, text=True)
    if out.returncode == 2 and backend == "kernel":
        rows = list(csv.DictReader(io.StringIO(out.stdout)))
        why = (rows and rows[0].get("reason")) or \
            (out.stderr.strip().splitlines() or ["exit 2"])[-1]
        print("note: %s: the kernel backend cannot load it here (%s): "
              "checking the annotated verdicts only" % (os.path.basename(obj), why))
        return None
    return {r["program"]: r for r in csv.DictReader(io.StringIO(out.stdout))}


def main():
    tool, srcdir, objs = sys.argv[1], sys.argv[2], sys.argv[3:]
    if not objs:
        print("skip: no cases were built")
        return SKIP
    failures = checked = 0
    for obj in objs:
        base = os.path.basename(obj)[:-len(".bpf.o")]
        sub = next(d for d in ("btf-args", "model-verdicts") if base.startswith(d + "-"))
        want, args = expectations(os.path.join(srcdir, sub, base[len(sub) + 1:] + ".bpf.c"))
        model = run(tool, "model", obj, args)
        kernel = run(tool, "kernel", obj, args)
        for prog, (verdict, msg, insns, stack) in sorted(want.items()):
            word = {"accepted": "success", "rejected": "failure"}[verdict]
            m = model.get(prog)
            checked += 1
            if not m or m["verdict"] != word:
                print("FAIL %s: model says %s (%s), want %s" %
                      (prog, m and m["verdict"], m and m["reason"], verdict))
                failures += 1
                continue
            if msg and msg not in m["reason"]:
                print("FAIL %s: model says '%s', want '%s'" % (prog, m["reason"], msg))
                failures += 1
                continue
            if insns and m["insns"] != insns:
                print("FAIL %s: model %s processed insns, the annotation %s" %
                      (prog, m["insns"], insns))
                failures += 1
                continue
            if stack and m["stack_depth"] != stack:
                print("FAIL %s: model's stack depth %s, want %s" % (prog, m["stack_depth"], stack))
                failures += 1
                continue
            if kernel is None:
                print("ok %s: %s, %s insns (model; no kernel here)" % (prog, verdict, m["insns"]))
                continue
            k = kernel.get(prog)
            if k and "which could not be created here" in k["reason"]:
                # this host refuses the map (arenas: EPERM): the kernel cannot judge
                print("ok %s: %s, %s insns (model; the kernel here: %s)" %
                      (prog, verdict, m["insns"], k["reason"]))
                continue
            if not k or k["verdict"] != word:
                print("FAIL %s: kernel says %s, the annotation %s" %
                      (prog, k and k["verdict"], verdict))
                failures += 1
            elif msg and msg not in k["reason"]:
                print("FAIL %s: kernel says '%s', the annotation '%s'" % (prog, k["reason"], msg))
                failures += 1
            elif stack and k["stack_depth"] != stack:
                print("FAIL %s: kernel's stack depth %s, the annotation %s" %
                      (prog, k["stack_depth"], stack))
                failures += 1
            elif insns and k["insns"] != insns:
                print("FAIL %s: kernel %s processed insns, the annotation %s" %
                      (prog, k["insns"], insns))
                failures += 1
            elif k["insns"] != m["insns"]:
                print("FAIL %s: model %s processed insns, kernel %s" %
                      (prog, m["insns"], k["insns"]))
                failures += 1
            else:
                print("ok %s: %s, %s insns (model = kernel)" % (prog, verdict, m["insns"]))
    print("%d programs checked, %d failed" % (checked, failures))
    return 1 if failures or not checked else 0


if __name__ == "__main__":
    sys.exit(main())
