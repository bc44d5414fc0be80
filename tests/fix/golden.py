# SPDX-License-Identifier: GPL-2.0-only
"""Usage: golden.py BPF_FIX BPF_LINT [RULE|-] [--crlf].
Golden pairs: bpf-fix --apply on every testdata/RULE/NAME.bpf.c gives NAME.fixed.bpf.c
byte for byte; a second --apply changes nothing; the printed diff applies with patch -p1
and git apply; bpf-lint on the result reports none of the rules whose fixes were made;
with --crlf, the same for each case converted to CRLF line endings (both sides).
The `// KERNEL: PROG insns=N` annotations are the one exception to byte for byte: they
record what the kernel measured for each side, so the fixed file's differ by design;
their text after `KERNEL:` is masked on both sides before comparing."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
from fixlib import Checks, masked, golden_pairs, read, run, show_bytes_diff, tool_argv, write

BPF_FIX, BPF_LINT = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
ONLY = sys.argv[3] if len(sys.argv) > 3 and sys.argv[3] != "-" else None  # one testdata/RULE dir
CRLF = "--crlf" in sys.argv[4:]  # the cases converted to CRLF line endings instead


def fixed_rules(case, path):
    """Rules with a fix (not unfixable) among bpf-lint's findings on path."""
    r = run(tool_argv(BPF_LINT, case, path, ["--format=json"]))
    try:
        found = json.loads(r.stdout or b"[]")
    except ValueError:
        return None, r
    rules = set()
    for f in found:
        fix = f.get("fix") or {}
        if fix.get("edits") and not fix.get("unfixable"):
            rules.add(f["rule"])
    return rules, r


def check_apply(c, rule, case, fixed, tmp, crlf=False):
    name = os.path.basename(case)
    label = "%s/%s%s" % (rule, name, " (CRLF)" if crlf else "")
    src, want = read(case), masked(read(fixed))
    if crlf:
        src, want = src.replace(b"\n", b"\r\n"), want.replace(b"\n", b"\r\n")
    d = os.path.join(tmp, "apply")
    os.makedirs(d)
    target = os.path.join(d, name)
    write(target, src)
    r = run(tool_argv(BPF_FIX, case, target, ["--apply"]))
    got = masked(read(target))
    c.check(r.returncode == 1, label + ": --apply exits 1", r.stderr.decode())
    if not c.check(got == want, label + ": output is the .fixed file byte for byte",
                   show_bytes_diff(got, want)):
        return None
    r = run(tool_argv(BPF_FIX, case, target, ["--apply"]))
    c.check(r.returncode == 0 and masked(read(target)) == want and not r.stdout,
            label + ": second --apply changes nothing",
            "rc=%d\n%s%s" % (r.returncode, r.stdout.decode(), r.stderr.decode()))
    return target


def check_patch(c, rule, case, fixed, tmp):
    """The diff printed from a relative path applies with patch -p1 and git apply
    (one bpf-fix run: both tools take the same diff)."""
    label = "%s/%s" % (rule, os.path.basename(case))
    sub = os.path.join("src", rule)
    rel = os.path.join(sub, os.path.basename(case))
    root = os.path.join(tmp, "diff")
    os.makedirs(os.path.join(root, sub))
    write(os.path.join(root, rel), read(case))
    r = run(tool_argv(BPF_FIX, case, rel), cwd=root)
    if not c.check(r.returncode == 1 and r.stdout.startswith(b"diff --git a/" + rel.encode()),
                   label + ": diff printed for " + rel, r.stderr.decode()):
        return
    for tool in (["patch", "-p1", "-s"], ["git", "apply"]):
        copy = os.path.join(tmp, tool[0] + "-target")
        os.makedirs(os.path.join(copy, sub))
        write(os.path.join(copy, rel), read(case))
        p = subprocess.run(tool, cwd=copy, input=r.stdout, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
        c.check(p.returncode == 0 and masked(read(os.path.join(copy, rel))) == masked(read(fixed)),
                label + ": `%s` applies the diff and gives the fixed bytes" % " ".join(tool),
                (p.stdout + p.stderr).decode())


def check_lint_clean(c, rule, case, target):
    before, r1 = fixed_rules(case, case)
    after, r2 = fixed_rules(case, target)
    if not c.check(before is not None and after is not None,
                   rule + "/" + os.path.basename(case) + ": bpf-lint --format=json runs",
                   (r1.stderr + r2.stderr).decode()):
        return
    c.check(rule in before, "%s/%s: the case has a fixable %s finding" % (rule, os.path.basename(case), rule))
    # Findings of a fixed rule may remain only where the rule offers no fix.
    c.check(not (before & after), "%s/%s: bpf-lint on the fixed file reports no fixable %s"
            % (rule, os.path.basename(case), ",".join(sorted(before & after))))


def main():
    c = Checks()
    pairs = [p for p in golden_pairs() if ONLY is None or p[0] == ONLY]
    # BPF_TEST_CASES_PER_RULE=N (the sanitizer build): the first N pairs of each rule
    per_rule = int(os.environ.get("BPF_TEST_CASES_PER_RULE", "0"))
    if per_rule:
        pairs = [p for i, p in enumerate(pairs)
                 if [q[0] for q in pairs[:i]].count(p[0]) < per_rule]
    if not pairs:
        print("no golden pairs in testdata/%s: nothing to check" % (ONLY or ""))
        sys.exit(77)
    for rule, case, fixed in pairs:
        tmp = tempfile.mkdtemp(prefix="bpf-fix-golden-")
        try:
            target = check_apply(c, rule, case, fixed, tmp, CRLF)
            if not CRLF:
                check_patch(c, rule, case, fixed, tmp)
                if target:
                    check_lint_clean(c, rule, case, target)
        finally:
            shutil.rmtree(tmp)
    c.finish()


main()
