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
import stat
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
            st = os.lstat(p)
            if not stat.S_ISREG(st.st_mode):	# FIFOs, links: never opened here
                out[p] = "mode %o" % st.st_mode
                continue
            with open(p, "rb") as f:
                out[p] = hashlib.sha256(f.read()).hexdigest()
    return out


def row(name, argv, files, rc, err=None, out=None, secs=60, setup=None, report=None):
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
        if report is not None and not re.search(report, r.stderr):
            problems.append("stderr lacks %r: %r" % (report, r.stderr[:300]))
        if err is None and report is None and lines:
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
    # The address-space cap does not apply under ASan: the CPU cap ends it
    # there (3 s: each second of it is a second of CPU in all three rows).
    limits = ["--parse-limits=2048,3"]
    blowup = r"lint-include-pragma\.bpf\.c: (clang crashed|clang died|parsing took over)"
    for label, tool, opts in (("bpf-lint", LINT, []), ("bpf-fix", FIX, ["--verify=none"]),
                              ("bpf-fix --apply", FIX, ["--verify=none", "--apply"])):
        row("%s: 26-byte include that blows up clang" % label,
            [tool] + opts + limits + ["lint-include-pragma.bpf.c"],
            ["lint-include-pragma.bpf.c"], 2, blowup, secs=120)
        row("%s: 70,000-term expression" % label, [tool] + opts + ["deep.bpf.c"], [], 2,
            r"deep\.bpf\.c: clang crashed .*nested too deeply", setup=deep, secs=120)


def fixable(d, name="a.bpf.c"):
    shutil.copy(os.path.join(ROOT, "testdata", "always-inline", "attribute.bpf.c"),
                os.path.join(d, name))


TOOLS = (("bpf-lint", LINT, []), ("bpf-fix", FIX, ["--verify=none"]),
         ("bpf-fix --apply", FIX, ["--verify=none", "--apply"]))


def special_rows():
    """FIFOs and devices are refused in one line, before they are read
    (a FIFO blocked every tool; /dev/zero as a config grew to gigabytes)."""
    def fifo_src(d):
        os.mkfifo(os.path.join(d, "f.bpf.c"))
    def zero_src(d):
        os.symlink("/dev/zero", os.path.join(d, "z.bpf.c"))
    def fifo_conf(d):
        fixable(d)
        os.mkfifo(os.path.join(d, ".bpf-lint.yaml"))
    def zero_conf(d):
        fixable(d)
        os.symlink("/dev/zero", os.path.join(d, ".bpf-lint.yaml"))
    def deep_conf(d):
        fixable(d)
        with open(os.path.join(d, ".bpf-lint.yaml"), "w") as f:
            f.write("- " * 100000 + "x\n")
    def fifo_db(d):
        fixable(d)
        os.mkdir(os.path.join(d, "db"))
        os.mkfifo(os.path.join(d, "db", "compile_commands.json"))
    def bad_db(d):
        fixable(d)
        os.mkdir(os.path.join(d, "db"))
        with open(os.path.join(d, "db", "compile_commands.json"), "w") as f:
            f.write('[{"directory": "/tmp", "file": ')
    for label, tool, opts in TOOLS:
        row("%s: FIFO source" % label, [tool] + opts + ["f.bpf.c"], [], 2,
            r"f\.bpf\.c: a FIFO, not read", setup=fifo_src, secs=20)
        row("%s: /dev/zero source" % label, [tool] + opts + ["z.bpf.c"], [], 2,
            r"z\.bpf\.c: (a device|not a regular file), not read", setup=zero_src, secs=20)
        row("%s: FIFO .bpf-lint.yaml" % label, [tool] + opts + ["a.bpf.c"] + COMPAT, [], 2,
            r"\.bpf-lint\.yaml: a FIFO, not read", setup=fifo_conf, secs=20)
        row("%s: .bpf-lint.yaml -> /dev/zero" % label, [tool] + opts + ["a.bpf.c"] + COMPAT,
            [], 2, r"\.bpf-lint\.yaml: a device, not read", setup=zero_conf, secs=20)
        row("%s: .bpf-lint.yaml nested 100,000 deep" % label,
            [tool] + opts + ["a.bpf.c"] + COMPAT, [], 2,
            r"\.bpf-lint\.yaml:1: nested deeper than 64 levels", setup=deep_conf, secs=20)
        row("%s: FIFO compile_commands.json" % label,
            [tool] + opts + ["-p", "db", "a.bpf.c"] + COMPAT, [], 2,
            r"compile_commands\.json: a FIFO, not read", setup=fifo_db, secs=20)
        row("%s: malformed compile_commands.json with a file" % label,
            [tool] + opts + ["-p", "db", "a.bpf.c"] + COMPAT, [], 2,
            r"compile_commands\.json:\d+: malformed compile database", setup=bad_db, secs=20)
    row("bpf-lint -p DIR: malformed compile_commands.json", [LINT, "-p", "db"], [], 2,
        r"compile_commands\.json:\d+: malformed compile database", setup=bad_db, secs=20)

    def fifo_obj(d):
        os.mkfifo(os.path.join(d, "o.o"))
    row("bpf-verify: FIFO object", [VERIFY, "--backend=model", "o.o"], [], 2,
        r"o\.o: not a regular file, not read", setup=fifo_obj, secs=20)

    def unlisted(d):
        fixable(d)
        fixable(d, "b.bpf.c")
        os.mkdir(os.path.join(d, "db"))
        with open(os.path.join(d, "db", "compile_commands.json"), "w") as f:
            f.write('[{"directory": "%s", "file": "b.bpf.c", "command": '
                    '"clang -O2 -target bpf -c b.bpf.c"}]' % d)
    row("bpf-fix: a file the database does not list takes the flags after --",
        [FIX, "-p", "db", "a.bpf.c"] + COMPAT, [], 0,
        report=r"count_openat: \d+ -> \d+ processed insns", setup=unlisted)


def slow(d):
    body = "".join("\t\tv[%d & 63] += i * %d;\n" % (k, k) for k in range(20000))
    with open(os.path.join(d, "slow.bpf.c"), "w") as f:
        f.write('#include <linux/bpf.h>\n#include <bpf/bpf_helpers.h>\n'
                'SEC("socket")\nint prog(void *ctx)\n{\n\tvolatile int v[64] = {};\n'
                '\tfor (int i = 0; i < 256; i++) {\n%s\t}\n\treturn v[1];\n}\n'
                'char LICENSE[] SEC("license") = "GPL";\n' % body)


def compile_rows():
    """clang -O2 takes minutes on this loop: the compile is killed at the limit
    (1 s: the row burns the limit's CPU time)."""
    for label, opts in (("bpf-fix", []), ("bpf-fix --apply", ["--apply"])):
        row("%s: a compile past --compile-timeout" % label,
            [FIX, "--compile-timeout=1"] + opts + ["slow.bpf.c"], [], 2,
            r"slow\.bpf\.c: not changed: compiling took over 1 s of CPU time", setup=slow,
            secs=90)
    # the limit is CPU time (a loaded machine does not kill an honest compile);
    # a compiler that uses no CPU time for the limit's length is stopped
    def waits(d):
        fixable(d)
        with open(os.path.join(d, "waits.sh"), "w") as f:
            f.write("#!/bin/sh\nexec sleep 60\n")
        os.chmod(os.path.join(d, "waits.sh"), 0o755)
    row("bpf-fix: a compiler that waits for --compile-timeout",
        [FIX, "--compile-timeout=2", "a.bpf.c", "--", "./waits.sh"] + COMPAT[1:], [], 2,
        r"a\.bpf\.c: not changed: compiling took over 2 s without using any CPU time",
        setup=waits, secs=30)


def unprivileged_rows():
    """--apply as nobody on root-owned files: refused, and not counted as written."""
    if os.geteuid() != 0:
        print("skip unprivileged --apply: needs root to switch to nobody")
        return
    def owned(d):
        fixable(d)
        fixable(d, "b.bpf.c")
        os.chmod(d, 0o755)
    row("bpf-fix --apply as nobody on root's files",
        ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", FIX,
         "--verify=none", "--apply", "a.bpf.c", "b.bpf.c"] + COMPAT, [], 2,
        report=r"2 files: nothing written; 2 files not done", setup=owned)


model_rows()
unprivileged_rows()
compile_rows()
special_rows()
parse_rows()
batch_rows()
print("%d rows, %d failed" % (checked, failures))
sys.exit(1 if failures else 0)
