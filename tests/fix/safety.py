# SPDX-License-Identifier: GPL-2.0-only
"""bpf-fix --apply never loses data: read-only file, a file changed between read and
write (BPF_FIX_TEST_RACE hook, growing and same-size-same-mtime), parse failure,
and missing file all give exit 2 with a one-line error, leave the bytes as
they were, leave no temporary behind, and do not stop the other files. Also: the mode
is kept, a symlink's target is fixed, and --export-fixes output applied by
clang-apply-replacements gives the same bytes as --apply."""
import os
import shutil
import stat
import subprocess
import sys
import tempfile
from fixlib import TESTDATA, Checks, masked, golden_pairs, include_flags, lint_args, read, run, tool_argv, write

BPF_FIX = os.path.abspath(sys.argv[1])
CAR = shutil.which("clang-apply-replacements-19") or shutil.which("clang-apply-replacements")


def changing_case():
    """A golden case bpf-fix changes today, as (case, fixed bytes), or None."""
    for rule, case, fixed in golden_pairs():
        tmp = tempfile.mkdtemp(prefix="bpf-fix-probe-")
        try:
            t = os.path.join(tmp, os.path.basename(case))
            shutil.copy(case, t)
            r = run(tool_argv(BPF_FIX, case, t, ["--apply"]))
            if r.returncode == 1:
                return case, read(t)
        finally:
            shutil.rmtree(tmp)
    return None


def leftovers(d):
    return [n for n in os.listdir(d) if ".bpf-fix-" in n]


def one_line_error(c, r, label):
    lines = r.stderr.decode().strip().splitlines()
    errs = [l for l in lines if l.startswith("bpf-fix: ")]
    c.check(r.returncode == 2, label + ": exit 2", "rc=%d %s" % (r.returncode, r.stderr.decode()))
    c.check(len(errs) == 1 and "\n" not in errs[0], label + ": one bpf-fix: error line", r.stderr.decode())


def always_checks(c, d, good):
    """Errors that need no fix to be provoked; good (case, fixed) is processed alongside."""
    bad = os.path.join(d, "broken.bpf.c")
    src = b"int f(void) { return 1 +; }\n"
    write(bad, src)
    r = run([BPF_FIX, "--apply", bad])
    one_line_error(c, r, "parse failure")
    c.check(read(bad) == src, "parse failure: bytes unchanged")
    one_line_error(c, run([BPF_FIX, os.path.join(d, "missing.bpf.c")]), "missing file")
    sub = os.path.join(d, "adir.bpf.c")
    os.mkdir(sub)
    r = run([BPF_FIX, sub])  # a directory is walked: one without *.bpf.c files is said
    c.check(r.returncode == 0 and r.stderr.decode().count("\n") == 1 and
            "no *.bpf.c files here" in r.stderr.decode(), "empty directory: said, exit 0",
            r.stderr.decode())
    if good:
        case, fixed = good
        t = os.path.join(d, os.path.basename(case))
        shutil.copy(case, t)
        opts, clang = lint_args(case)
        r = run([BPF_FIX, "--apply", "--verify=none"] + opts + [bad, os.path.join(d, "missing.bpf.c"), t, "--"] +
                clang + include_flags(case))
        c.check(r.returncode == 2, "errors with a good file: exit 2 wins")
        c.check(read(t) == fixed, "errors with a good file: the good file is still fixed")
    c.check(not leftovers(d), "no temporary files left", str(leftovers(d)))


def race_checks(c, d, case):
    for mode, expect in (("append", lambda s: s + b"/* changed by another writer */\n"),
                         ("same-size", lambda s: (b"Y" if s[:1] == b"X" else b"X") + s[1:])):
        t = os.path.join(d, "race-" + mode + ".bpf.c")
        src = read(case)
        write(t, src)
        r = run(tool_argv(BPF_FIX, case, t, ["--apply"]), env={"BPF_FIX_TEST_RACE": mode})
        one_line_error(c, r, "changed between read and write (%s)" % mode)
        c.check(read(t) == expect(src), "race (%s): the other writer's bytes are kept" % mode)
    c.check(not leftovers(d), "race: no temporary files left", str(leftovers(d)))


def file_checks(c, d, case, fixed):
    ro = os.path.join(d, "ro.bpf.c")
    write(ro, read(case), 0o444)
    r = run(tool_argv(BPF_FIX, case, ro, ["--apply"]))
    one_line_error(c, r, "read-only file")
    c.check(read(ro) == read(case) and stat.S_IMODE(os.stat(ro).st_mode) == 0o444,
            "read-only file: untouched")
    priv = os.path.join(d, "priv.bpf.c")
    write(priv, read(case), 0o600)
    run(tool_argv(BPF_FIX, case, priv, ["--apply"]))
    c.check(read(priv) == fixed and stat.S_IMODE(os.stat(priv).st_mode) == 0o600,
            "mode 0600 kept by --apply")
    real, link = os.path.join(d, "real.bpf.c"), os.path.join(d, "link.bpf.c")
    write(real, read(case))
    os.symlink("real.bpf.c", link)
    r = run(tool_argv(BPF_FIX, case, link, ["--apply"]))
    c.check(r.returncode == 1 and os.path.islink(link) and read(real) == fixed,
            "symlink: the target is fixed, the link stays", r.stderr.decode())


def export_checks(c, d, case, fixed):
    if not c.check(CAR is not None, "clang-apply-replacements is installed (clang-tools-19)"):
        return
    t = os.path.join(d, "exp.bpf.c")
    write(t, read(case))
    ydir = os.path.join(d, "fixes")
    os.mkdir(ydir)
    r = run(tool_argv(BPF_FIX, case, t, ["--export-fixes=" + os.path.join(ydir, "f.yaml")]))
    c.check(r.returncode == 1 and read(t) == read(case), "--export-fixes without --apply leaves the file")
    p = subprocess.run([CAR, ydir], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    c.check(p.returncode == 0 and read(t) == fixed,
            "clang-apply-replacements on the export gives the --apply bytes", p.stdout.decode())


def rule_checks(c, d, case, fixed):
    """--rule=ID limits the fixes to those rules; an unknown id is an error."""
    rule = os.path.basename(os.path.dirname(case))
    other = "always-inline" if rule != "always-inline" else "pragma-unroll"
    t = os.path.join(d, "rules.bpf.c")
    write(t, read(case))
    r = run(tool_argv(BPF_FIX, case, t, ["--apply", "--rule=" + other]))
    c.check(r.returncode == 0 and read(t) == read(case) and not r.stdout,
            "--rule=%s: no %s fix made" % (other, rule), r.stderr.decode())
    r = run(tool_argv(BPF_FIX, case, t, ["--apply", "--rule=%s,%s" % (other, rule)]))
    c.check(r.returncode == 1 and read(t) == fixed, "--rule=%s,%s: the fix is made" % (other, rule))
    r = run(tool_argv(BPF_FIX, case, t, ["--rule=no-such-rule"]))
    one_line_error(c, r, "--rule with an unknown id")


def kernel_checks(c, d):
    """bpf_for needs 6.4: an older target (option or config) gets no fix, a note instead."""
    case = os.path.join(TESTDATA, "bounded-loop", "sum_array.bpf.c")
    fixed = read(case[:-len(".bpf.c")] + ".fixed.bpf.c")
    if not c.check(os.path.exists(case), "testdata/bounded-loop/sum_array.bpf.c exists"):
        return
    k = os.path.join(d, "kernel")
    os.mkdir(k)
    t = os.path.join(k, "sum_array.bpf.c")
    for how, extra, key in (("--target-kernel=6.1", ["--target-kernel=6.1"], None),
                            ("config target-kernel: \"6.1\"", [], "target-kernel"),
                            ("config target_kernel: \"6.1\"", [], "target_kernel")):
        write(t, read(case))
        if key:
            with open(os.path.join(k, ".bpf-lint.yaml"), "w") as f:
                f.write('%s: "6.1"\n' % key)
        r = run(tool_argv(BPF_FIX, case, t, ["--apply"] + extra))
        c.check(r.returncode == 0 and read(t) == read(case) and b"fix not applied" in r.stderr,
                "%s: no bpf_for fix, a note says why" % how, r.stderr.decode())
    os.unlink(os.path.join(k, ".bpf-lint.yaml"))
    r = run(tool_argv(BPF_FIX, case, t, ["--apply", "--target-kernel=6.4"]))
    c.check(r.returncode == 1 and masked(read(t)) == masked(fixed), "--target-kernel=6.4: bpf_for fix made")


def compile_db_checks(c, d, case, fixed):
    """-p DIR: the include flags come from DIR/compile_commands.json alone."""
    import json
    p = os.path.join(d, "db")
    os.mkdir(p)
    t = os.path.join(p, "db.bpf.c")
    write(t, read(case))
    flags = [f for f in include_flags(case)]
    with open(os.path.join(p, "compile_commands.json"), "w") as f:
        json.dump([{"directory": p, "file": t,
                    "arguments": ["clang", "-target", "bpf"] + flags + ["-c", t]}], f)
    r = run([BPF_FIX, "--apply", "--verify=none", "-p", p] + lint_args(case)[0] + [t] +
            (["--"] + lint_args(case)[1] if lint_args(case)[1] else []))
    c.check(r.returncode == 1 and read(t) == fixed, "-p DIR: flags from compile_commands.json",
            r.stderr.decode())


def main():
    c = Checks()
    d = tempfile.mkdtemp(prefix="bpf-fix-safety-")
    try:
        good = changing_case()
        always_checks(c, d, good)
        kernel_checks(c, d)
        if good:
            race_checks(c, d, good[0])
            file_checks(c, d, *good)
            export_checks(c, d, *good)
            rule_checks(c, d, *good)
            compile_db_checks(c, d, *good)
        else:
            print("note: no golden case is changed by bpf-fix yet: read-only, race, mode, "
                  "symlink and export checks not run")
    finally:
        shutil.rmtree(d)
    c.finish()


main()
