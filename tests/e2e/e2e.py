#!/usr/bin/env python3
"""End to end: each testdata/e2e case through `bpf-fix --apply`.

Checks the annotations written in the case (see testdata/README.md):
  // E2E: PROG BEFORE -> AFTER     verdicts the model must report
  // E2E-KEPT: RULE...             fixes that must be applied
  // E2E-DROPPED: RULE...          fixes that must be measured and refused
  // E2E-UNCHANGED                 the file must keep its bytes
and that every kept fix lowered the model's count. Where bpf() is
permitted, the kernel must agree on the verdicts and the direction.
A last run over the rule testdata (three cases of each rule) must end with
one summary line.
Usage: e2e.py BPF_FIX BPF_VERIFY CLANG SRCDIR [VMLINUX_DIR]
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

BPF_FIX, BPF_VERIFY, CLANG, SRC = sys.argv[1:5]
VMLINUX_DIR = sys.argv[5] if len(sys.argv) > 5 else None
INCLUDE = os.path.join(SRC, "testdata", "include")
CASES = os.path.join(SRC, "testdata", "e2e")
CFLAGS = ["-O2", "-g", "-target", "bpf", "-D__TARGET_ARCH_x86",
          "-I/usr/include/" + subprocess.run(["gcc", "-print-multiarch"],
                                             capture_output=True, text=True).stdout.strip(),
          "-I" + INCLUDE]
ROW = re.compile(r"^  (\S+): (\d+) -> (\d+) processed insns \(([-+0-9.]+)%\), "
                 r"(\S+(?: \S+)?) -> (\S+(?: \S+)?)$")
failures = []


def fail(case, msg):
    failures.append(f"{case}: {msg}")


def annotations(text):
    want = {"verdicts": {}, "kept": set(), "dropped": set(), "unchanged": False}
    for m in re.finditer(r"// E2E: (\S+) (\w+) -> (\w+)", text):
        want["verdicts"][m.group(1)] = (m.group(2), m.group(3))
    for m in re.finditer(r"// E2E-KEPT: (.*)", text):
        want["kept"] |= set(m.group(1).split())
    for m in re.finditer(r"// E2E-DROPPED: (.*)", text):
        want["dropped"] |= set(m.group(1).split())
    want["unchanged"] = "// E2E-UNCHANGED" in text
    return want


def kernel_available(tmp):
    """bpf-verify refuses the kernel backend with one line naming CAP_BPF."""
    obj = os.path.join(tmp, "probe.o")
    compile_obj(os.path.join(CASES, "unroll_small.bpf.c"), obj)
    probe = subprocess.run([BPF_VERIFY, "--backend=kernel", "--format=csv", obj],
                           capture_output=True, text=True)
    return "CAP_BPF" not in probe.stderr


def kernel_figures(obj):
    out = subprocess.run([BPF_VERIFY, "--backend=kernel", "--format=csv", obj],
                         capture_output=True, text=True).stdout.splitlines()
    head = out[0].split(",")
    rows = {}
    for line in out[1:]:
        cols = dict(zip(head, line.split(",")))
        rows[cols["program"]] = cols
    return rows


def compile_obj(src, obj):
    subprocess.run([CLANG] + CFLAGS + ["-c", src, "-o", obj], check=True)


def check_case(name, tmp, use_kernel):
    src = os.path.join(CASES, name)
    work = os.path.join(tmp, name)
    shutil.copy(src, work)
    original = open(src, "rb").read()
    want = annotations(original.decode("utf-8", "replace"))
    env = dict(os.environ, TMPDIR=os.path.join(tmp, "private"))
    os.makedirs(env["TMPDIR"], exist_ok=True)
    run = subprocess.run([BPF_FIX, "--apply", "--verify=model", work, "--", "-I" + INCLUDE],
                         capture_output=True, text=True, env=env)
    if run.returncode == 2:
        return fail(name, f"bpf-fix failed: {run.stderr.strip()}")
    if os.listdir(env["TMPDIR"]):
        fail(name, f"temporary files left: {os.listdir(env['TMPDIR'])}")
    rows = {m.group(1): m for m in map(ROW.match, run.stderr.splitlines()) if m}
    for prog, (before, after) in want["verdicts"].items():
        row = rows.get(prog)
        if not row:
            fail(name, f"no before/after line for {prog} in:\n{run.stderr}")
            continue
        if (row.group(5), row.group(6)) != (before, after):
            fail(name, f"{prog}: model says {row.group(5)} -> {row.group(6)}, "
                       f"expected {before} -> {after}")
        if want["kept"] and int(row.group(3)) >= int(row.group(2)) and before == after:
            fail(name, f"{prog}: kept fixes but the count did not drop ({row.group(0)})")
    dropped = set(re.findall(r"fix not applied \[([\w-]+)\]", run.stderr))
    for rule in want["dropped"] - dropped:
        fail(name, f"{rule} should have been measured and dropped:\n{run.stderr}")
    for rule in want["kept"] & dropped:
        fail(name, f"{rule} was dropped but should be kept:\n{run.stderr}")
    fixed = open(work, "rb").read()
    if want["unchanged"] != (fixed == original):
        fail(name, "file changed" if want["unchanged"] else "file not changed")
    again = subprocess.run([BPF_FIX, "--verify=none", work, "--", "-I" + INCLUDE],
                           capture_output=True, text=True)
    for rule in want["kept"]:
        if f"[{rule}]" in again.stderr + again.stdout:
            fail(name, f"{rule} is still proposed after --apply")
    if use_kernel:
        cross_check_kernel(name, src, work, rows, tmp)


def cross_check_kernel(name, src, work, rows, tmp):
    before_o, after_o = os.path.join(tmp, name + ".a.o"), os.path.join(tmp, name + ".b.o")
    compile_obj(src, before_o)
    compile_obj(work, after_o)
    kb, ka = kernel_figures(before_o), kernel_figures(after_o)
    for prog, row in rows.items():
        if prog not in kb or prog not in ka:
            fail(name, f"{prog}: kernel did not report it")
            continue
        kverdict = lambda c: "accepted" if c["verdict"] == "success" else "rejected"
        if (kverdict(kb[prog]), kverdict(ka[prog])) != (row.group(5), row.group(6)):
            fail(name, f"{prog}: kernel says {kverdict(kb[prog])} -> {kverdict(ka[prog])}, "
                       f"model {row.group(5)} -> {row.group(6)}")
        kins = lambda c: int(c["insns"])
        model_dir = (int(row.group(3)) > int(row.group(2))) - (int(row.group(3)) < int(row.group(2)))
        kern_dir = (kins(ka[prog]) > kins(kb[prog])) - (kins(ka[prog]) < kins(kb[prog]))
        if model_dir != kern_dir:
            fail(name, f"{prog}: model {row.group(2)} -> {row.group(3)}, kernel "
                       f"{kins(kb[prog])} -> {kins(ka[prog])}: directions differ")


def check_summary_over_testdata(tmp):
    """One bpf-fix run over many files (the first three cases of each rule's
    directory): one summary line closes it."""
    root = os.path.join(SRC, "testdata")
    files = []
    for d in sorted(os.listdir(root)):
        if d in ("include", "verifier", "e2e") or not os.path.isdir(os.path.join(root, d)):
            continue
        cases = [f for f in sorted(os.listdir(os.path.join(root, d)))
                 if f.endswith(".bpf.c") and not f.endswith(".fixed.bpf.c")]
        files += [os.path.join(root, d, f) for f in cases[:3]]
    extra = ["-I" + INCLUDE] + (["-I" + VMLINUX_DIR] if VMLINUX_DIR else [])
    env = dict(os.environ, TMPDIR=os.path.join(tmp, "summary"))
    os.makedirs(env["TMPDIR"])
    run = subprocess.run([BPF_FIX, "--verify=model"] + files + ["--"] + extra,
                         capture_output=True, text=True, env=env)
    lines = run.stderr.splitlines()
    summaries = [l for l in lines if l.startswith("summary: ")]
    m = re.match(r"summary: (\d+) files? changed, (\d+) fix(?:es)? kept, (\d+) dropped; "
                 r"processed insns (\d+) -> (\d+)", summaries[-1] if summaries else "")
    if len(summaries) != 1 or lines[-1] != summaries[0] or not m:
        return fail("testdata", f"expected one closing summary line, got {summaries}")
    if int(m.group(1)) == 0 or int(m.group(2)) == 0 or int(m.group(5)) >= int(m.group(4)):
        fail("testdata", f"the run over testdata fixed nothing: {summaries[0]}")
    if os.listdir(env["TMPDIR"]):
        fail("testdata", "temporary files left behind")
    print(f"{len(files)} files: {summaries[0]}")


def main():
    cases = sorted(f for f in os.listdir(CASES) if f.endswith(".bpf.c"))
    with tempfile.TemporaryDirectory() as tmp:
        use_kernel = kernel_available(tmp)
        if not use_kernel:
            print("kernel cross-check skipped: bpf() is not permitted here")
        for name in cases:
            check_case(name, tmp, use_kernel)
        check_summary_over_testdata(tmp)
    for f in failures:
        print("FAIL", f)
    print(f"{len(cases)} e2e cases, {len(failures)} failures")
    return 1 if failures or not cases else 0


sys.exit(main())
