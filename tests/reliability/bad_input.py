#!/usr/bin/env python3
"""The bad-input matrix (issue 8): one row per case.

Each row runs one command in a fresh directory and asserts the exit code,
that stderr is exactly one line matching the row's pattern (or nothing
where the input is fine), and that no file in the directory changed
(hashes before and after), except where the row says it must change.

  bad_input.py BPF_LINT BPF_FIX BPF_VERIFY CLANG SOURCE_ROOT
"""
import hashlib
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile

# the rows run in their own directories: the tools' paths must not be relative
LINT, FIX, VERIFY = (os.path.abspath(p) for p in sys.argv[1:4])
CLANG, ROOT = sys.argv[4], os.path.abspath(sys.argv[5])
COMPAT = os.path.join(ROOT, "testdata", "include")
FIXABLE = os.path.join(ROOT, "testdata", "always-inline", "attribute.bpf.c")
failures = 0
checked = 0


def write(path, data, mode=None):
    with open(path, "wb") as f:
        f.write(data)
    if mode is not None:
        os.chmod(path, mode)


def fixable():
    with open(FIXABLE, "rb") as f:
        return f.read()


def compile_obj(d, name, src):
    write(os.path.join(d, name + ".c"), src)
    subprocess.run([CLANG, "-O2", "-g", "-target", "bpf", "-c",
                    os.path.join(d, name + ".c"), "-o", os.path.join(d, name)],
                   check=True)
    os.unlink(os.path.join(d, name + ".c"))


def snapshot(d):
    out = {}
    for base, _, files in os.walk(d):
        for n in files:
            p = os.path.join(base, n)
            if os.path.islink(p):
                out[p] = "link:" + os.readlink(p)
                continue
            with open(p, "rb") as f:
                out[p] = hashlib.sha256(f.read()).hexdigest()
    return out


def row(name, argv, setup, rc, pattern, changes=(), quiet_stdout=False, stdout_has=None):
    """Run argv (with {d} for the directory) after setup(d); check rc, stderr, files
    and, with quiet_stdout, that nothing (not even a table header) went to stdout;
    with stdout_has, that stdout holds that text (the good inputs' rows)."""
    global failures, checked
    d = tempfile.mkdtemp(prefix="bad-input-")
    try:
        setup(d)
        before = snapshot(d)
        args = [a.replace("{d}", d) for a in argv]
        r = subprocess.run(args, cwd=d, capture_output=True, text=True,
                           errors="replace", timeout=120)
        after = snapshot(d)
        lines = r.stderr.splitlines()
        problems = []
        if r.returncode != rc:
            problems.append("exit %d, want %d" % (r.returncode, rc))
        if pattern is None and lines:
            problems.append("stderr should be empty: %r" % r.stderr[:300])
        if pattern is not None:
            if len(lines) != 1:
                problems.append("want one line on stderr, got %d: %r" %
                                (len(lines), r.stderr[:400]))
            elif not re.search(pattern, lines[0]):
                problems.append("stderr %r does not match %r" % (lines[0], pattern))
        changed = {os.path.basename(p) for p in set(before) | set(after)
                   if before.get(p) != after.get(p)}
        if stdout_has is not None and stdout_has not in r.stdout:
            problems.append("stdout lacks %r: %r" % (stdout_has, r.stdout[:200]))
        if quiet_stdout and r.stdout:
            problems.append("stdout should be empty: %r" % r.stdout[:200])
        if changed != set(changes):
            problems.append("files changed: %s, want: %s" %
                            (sorted(changed) or "none", sorted(changes) or "none"))
        checked += 1
        if problems:
            failures += 1
            print("FAIL %s: %s" % (name, "; ".join(problems)))
        else:
            print("ok %s" % name)
    finally:
        for base, dirs, files in os.walk(d):
            for n in dirs + files:
                p = os.path.join(base, n)
                if not os.path.islink(p):
                    os.chmod(p, 0o755)
        shutil.rmtree(d)


INC = ["--", "-I" + COMPAT]
TOOLS = (("bpf-lint", LINT, []), ("bpf-fix", FIX, ["--verify=none"]),
         ("bpf-fix --apply", FIX, ["--verify=none", "--apply"]))


def source_rows():
    cases = [
        ("missing file", "nothere.bpf.c", lambda d: None, 2, r"nothere\.bpf\.c: No such file"),
        # a directory is walked for *.bpf.c files (tests/tools/repo_runs.py): none is said
        ("directory without BPF files", "adir", lambda d: os.mkdir(os.path.join(d, "adir")), 0,
         r"adir: no \*\.bpf\.c files here"),
        ("empty file", "empty.bpf.c", lambda d: write(os.path.join(d, "empty.bpf.c"), b""),
         0, r"empty\.bpf\.c: empty file"),
        ("binary garbage", "junk.bpf.c",
         lambda d: write(os.path.join(d, "junk.bpf.c"), bytes(range(256)) * 16), 2,
         r"junk\.bpf\.c:\d+:\d+: (fatal )?error: "),
        ("C++ file", "prog.cpp",
         lambda d: write(os.path.join(d, "prog.cpp"), b"class A { int x; };\n"), 2,
         r"prog\.cpp: not a C source file"),
        ("syntax error", "broken.bpf.c",
         lambda d: write(os.path.join(d, "broken.bpf.c"), b"int f( { return 0 }\n"), 2,
         r"broken\.bpf\.c:1:\d+: error: .*more error"),
        ("missing header", "hdr.bpf.c",
         lambda d: write(os.path.join(d, "hdr.bpf.c"),
                         b'#include "nothere.h"\nint f(void) { return 0; }\n'), 2,
         r"hdr\.bpf\.c:1:10: fatal error: 'nothere\.h' file not found"),
        ("over 10 MiB", "huge.bpf.c",
         lambda d: write(os.path.join(d, "huge.bpf.c"),
                         b"int x;\n" + b"// padding line of a generated file\n" * 300000), 2,
         r"huge\.bpf\.c: \d+ bytes, over the 10 MiB limit"),
    ]
    for what, name, setup, rc, pattern in cases:
        for label, tool, opts in TOOLS:
            row("%s: %s" % (label, what), [tool] + opts + [name] + INC, setup, rc, pattern)


def apply_rows():
    def readonly(d):
        write(os.path.join(d, "ro.bpf.c"), fixable(), 0o444)
    row("bpf-fix --apply: read-only file", [FIX, "--verify=none", "--apply", "ro.bpf.c"] + INC,
        readonly, 2, r"ro\.bpf\.c: read-only file, not changed")

    def raced(d):
        write(os.path.join(d, "race.bpf.c"), fixable())
    env_argv = ["env", "BPF_FIX_TEST_RACE=append", FIX, "--verify=none", "--apply",
                "race.bpf.c"] + INC
    row("bpf-fix --apply: file modified between read and write", env_argv, raced, 2,
        r"race\.bpf\.c: .*changed", changes=("race.bpf.c",))  # the other writer's bytes stay

    def linked(d):
        write(os.path.join(d, "real.bpf.c"), fixable())
        os.symlink("real.bpf.c", os.path.join(d, "link.bpf.c"))
    row("bpf-fix --apply: symlink (the target is fixed, the link stays)",
        [FIX, "--verify=none", "--apply", "link.bpf.c"] + INC, linked, 1, None,
        changes=("real.bpf.c",))

    def latin1(d):
        data = fixable().replace(b"/* The attribute", b"/* caf\xe9 \xff The attribute", 1)
        write(os.path.join(d, "latin1.bpf.c"), data)
    row("bpf-fix --apply: non-UTF-8 bytes in a comment", [FIX, "--verify=none", "--apply",
        "latin1.bpf.c"] + INC, latin1, 1, None, changes=("latin1.bpf.c",))

    def crlf(d):
        write(os.path.join(d, "crlf.bpf.c"), fixable().replace(b"\n", b"\r\n"))
    row("bpf-fix --apply: CRLF line endings", [FIX, "--verify=none", "--apply", "crlf.bpf.c"]
        + INC, crlf, 1, None, changes=("crlf.bpf.c",))


def object_rows():
    def trunc(d):
        compile_obj(d, "whole.o", b'__attribute__((section("xdp"), used)) int p(void *c) '
                    b'{ return 2; }\nchar l[] __attribute__((section("license"), used)) = "GPL";\n')
        with open(os.path.join(d, "whole.o"), "rb") as f:
            write(os.path.join(d, "trunc.o"), f.read()[:300])
    row("bpf-verify: truncated ELF", [VERIFY, "--backend=model", "trunc.o"], trunc, 2,
        r"trunc\.o: truncated ELF", quiet_stdout=True)
    # A bad object among good ones: said, and the good one's row still printed,
    # for one kernel and for a --kernel list alike.
    for kernel in ([], ["--kernel=6.1"], ["--kernel=6.1,6.18"]):
        row("bpf-verify %s: bad object beside a good one" % " ".join(kernel or ["(host)"]),
            [VERIFY, "--backend=model", "--format=csv"] + kernel + ["whole.o", "trunc.o"],
            trunc, 2, r"trunc\.o: truncated ELF", stdout_has="whole.o")
    row("bpf-verify: non-BPF ELF", [VERIFY, "--backend=model", "host.o"],
        lambda d: shutil.copy(sys.executable if os.path.exists(sys.executable)
                              else "/bin/true", os.path.join(d, "host.o")), 2,
        r"host\.o: not a .*BPF ELF", quiet_stdout=True)
    row("bpf-verify: object with no programs", [VERIFY, "--backend=model", "none.o"],
        lambda d: compile_obj(d, "none.o", b"int x = 1;\n"), 2,
        r"none\.o: no BPF programs", quiet_stdout=True)
    row("bpf-verify: missing file", [VERIFY, "--backend=model", "gone.o"], lambda d: None, 2,
        r"gone\.o: No such file", quiet_stdout=True)


def flag_rows():
    for name, tool in (("bpf-lint", LINT), ("bpf-fix", FIX), ("bpf-verify", VERIFY)):
        row("%s: unknown flag" % name, [tool, "--no-such-flag", "x.bpf.c"], lambda d: None, 2,
            r"unknown option '--no-such-flag'; try '%s --help'" % name)

    def bad_config(d):
        write(os.path.join(d, ".bpf-lint.yaml"), b"rules:\n  - [unclosed\n")
        write(os.path.join(d, "ok.bpf.c"), b"int f(void) { return 0; }\n")
    row("bpf-lint: malformed .bpf-lint.yaml", [LINT, "ok.bpf.c"], bad_config, 2,
        r"\.bpf-lint\.yaml:\d+: ")


def stdin_rows():
    # bpf-lint --stdin-filename=PATH -: standard input linted as PATH.
    def huge(d):
        write(os.path.join(d, "huge.txt"), b"int x;\n" + b"// padding line\n" * 700000)
    row("bpf-lint -: standard input over 10 MiB",
        ["sh", "-c", 'exec "$0" --stdin-filename=huge.bpf.c - < huge.txt', LINT],
        huge, 2, r"huge\.bpf\.c: standard input is over the 10 MiB limit", quiet_stdout=True)
    row("bpf-lint -: no --stdin-filename", [LINT, "-"], lambda d: None, 2,
        r"'-' \(standard input\) needs --stdin-filename", quiet_stdout=True)
    row("bpf-lint --stdin-filename: a file instead of '-'",
        [LINT, "--stdin-filename=a.bpf.c", "a.bpf.c"],
        lambda d: write(os.path.join(d, "a.bpf.c"), fixable()), 2,
        r"--stdin-filename=PATH goes with '-'", quiet_stdout=True)


source_rows()
apply_rows()
object_rows()
stdin_rows()
flag_rows()
print("%d rows, %d failed" % (checked, failures))
sys.exit(1 if failures else 0)
