#!/usr/bin/env python3
"""Hostile inputs of issue 21, one row each: the command, its exit code,
one line on stderr matching a pattern (or a verdict on stdout), within a
time bound, and nothing written in the directory.

  hostile.py BPF_LINT BPF_FIX BPF_VERIFY SOURCE_ROOT
"""
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

LINT, FIX, VERIFY = (os.path.abspath(p) for p in sys.argv[1:4])
ROOT = os.path.abspath(sys.argv[4])
HERE = os.path.join(ROOT, "tests", "reliability", "hostile")
COMPAT = ["--", "-I" + os.path.join(ROOT, "testdata", "include")]
failures = 0
checked = 0


def snapshot(d):
    out = {}
    for base, _, files in os.walk(d):
        for n in files:
            p = os.path.join(base, n)
            with open(p, "rb") as f:
                out[p] = hashlib.sha256(f.read()).hexdigest()
    return out


def row(name, argv, files, rc, err=None, out=None, secs=60, setup=None):
    """Copy files (from hostile/) into a fresh directory, run argv there and
    check: exit rc, stderr one line matching err (None: empty), stdout
    matching out (when given), done within secs, no file changed."""
    global failures, checked
    d = tempfile.mkdtemp(prefix="hostile-")
    try:
        for f in files:
            shutil.copy(os.path.join(HERE, f), d)
        if setup:
            setup(d)
        before = snapshot(d)
        start = time.monotonic()
        try:
            r = subprocess.run(argv, cwd=d, capture_output=True, text=True,
                               errors="replace", timeout=secs)
        except subprocess.TimeoutExpired:
            failures += 1
            checked += 1
            print("FAIL %s: still running after %d s" % (name, secs))
            return
        took = time.monotonic() - start
        lines = r.stderr.splitlines()
        problems = []
        if r.returncode != rc:
            problems.append("exit %d, want %d" % (r.returncode, rc))
        if err is None and lines:
            problems.append("stderr should be empty: %r" % r.stderr[:300])
        if err is not None and (len(lines) != 1 or not re.search(err, lines[0])):
            problems.append("want one stderr line matching %r, got %r" % (err, r.stderr[:400]))
        if out is not None and not re.search(out, r.stdout):
            problems.append("stdout does not match %r: %r" % (out, r.stdout[:300]))
        if snapshot(d) != before:
            problems.append("files changed")
        checked += 1
        if problems:
            failures += 1
            print("FAIL %s: %s" % (name, "; ".join(problems)))
        else:
            print("ok %s (%.1f s)" % (name, took))
    finally:
        shutil.rmtree(d)


def model_rows():
    for f, n in (("maps.btftype20-name.o", 21), ("flow_stats.btftype10-name.o", 11)):
        row("bpf-verify: BTF name offset out of range (%s)" % f,
            [VERIFY, "--backend=model", f], [f], 2,
            r"%s: \.BTF: type \[%d\] has an invalid name offset" % (re.escape(f), n))
    for f in ("tmpl_nobtf.synth-fpoff-overflow.o", "tmpl_nobtf.synth-liveness-5args-x8.o",
              "tmpl_nobtf.synth-liveness-helper1-x1.o"):
        row("bpf-verify: fp + INT32_MIN (%s)" % f, [VERIFY, "--backend=model", f], [f], 1,
            out=r"math between fp pointer and -2147483648 is not allowed", secs=20)


def batch_rows():
    """Many files in one process (-j 1) give each file the findings it gets
    alone: rules keep no state of an earlier, freed unit (loop_ast.c's
    st.file was used by stack-budget after its unit was gone)."""
    global failures, checked
    td = os.path.join(ROOT, "testdata")
    files = [os.path.join(td, d, f) for d in ("bounded-loop", "stack-budget")
             for f in sorted(os.listdir(os.path.join(td, d))) if f.endswith(".bpf.c")]
    files = files[:4] + files[-13:]	# loop passes first, then stack-budget's files
    inc = ["--", "-I" + os.path.join(td, "include")]

    def lines(argv):
        r = subprocess.run(argv, capture_output=True, text=True, timeout=600)
        if r.returncode < 0:	# killed by a signal
            return None
        return sorted(ln for ln in r.stdout.splitlines() if ln.startswith("/"))
    together = lines([LINT, "-j", "1"] + files + inc)
    alone = []
    for f in files:
        one = lines([LINT, f] + inc)
        alone += ["%s: killed alone" % f] if one is None else one
    checked += 1
    if together is None or together != sorted(alone):
        failures += 1
        print("FAIL bpf-lint -j 1 over %d files: findings differ from each file alone"
              % len(files))
    else:
        print("ok bpf-lint -j 1 over %d files: %d finding lines, as alone" %
              (len(files), len(together)))


def deep(d):
    with open(os.path.join(d, "deep.bpf.c"), "w") as f:
        f.write("int f(void) { return 0" + "+1" * 70000 + "; }\n")


def parse_rows():
    # The address-space cap does not apply under ASan: the CPU cap ends it there.
    limits = ["--parse-limits=2048,10"]
    blowup = r"lint-include-pragma\.bpf\.c: (clang crashed|clang died|parsing took over)"
    for label, tool, opts in (("bpf-lint", LINT, []), ("bpf-fix", FIX, ["--verify=none"]),
                              ("bpf-fix --apply", FIX, ["--verify=none", "--apply"])):
        row("%s: 26-byte include that blows up clang" % label,
            [tool] + opts + limits + ["lint-include-pragma.bpf.c"],
            ["lint-include-pragma.bpf.c"], 2, blowup, secs=120)
        row("%s: 70,000-term expression" % label, [tool] + opts + ["deep.bpf.c"], [], 2,
            r"deep\.bpf\.c: clang crashed .*nested too deeply", setup=deep, secs=120)


model_rows()
parse_rows()
batch_rows()
print("%d rows, %d failed" % (checked, failures))
sys.exit(1 if failures else 0)
