# SPDX-License-Identifier: GPL-2.0-only
"""Shared helpers of the bpf-fix end-to-end tests: testdata pairs, running the tools."""
import os
import shlex
import subprocess
import sys

SRC = os.environ.get("BPF_SOURCE_ROOT", os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
TESTDATA = os.path.join(SRC, "testdata")
COMPAT = os.path.join(TESTDATA, "include")
# The build's generated vmlinux.h (tests/lint makes it), for the cases that include it.
VMLINUX = os.environ.get("BPF_VMLINUX_DIR") or ""


def golden_pairs():
    """(rule, case path, fixed path) for every testdata/RULE/NAME.bpf.c with a NAME.fixed.bpf.c."""
    out = []
    for rule in sorted(os.listdir(TESTDATA)):
        d = os.path.join(TESTDATA, rule)
        if not os.path.isdir(d) or rule in ("include", "verifier"):
            continue
        for name in sorted(os.listdir(d)):
            if name.endswith(".bpf.c") and not name.endswith(".fixed.bpf.c"):
                fixed = os.path.join(d, name[:-len(".bpf.c")] + ".fixed.bpf.c")
                if os.path.exists(fixed):
                    out.append((rule, os.path.join(d, name), fixed))
    return out


def lint_args(path):
    """The file's `// LINT-ARGS:` split into (tool options, clang flags after --)."""
    opts, clang = [], []
    with open(path, "rb") as f:
        for line in f.read().decode("utf-8", "replace").splitlines():
            if "// LINT-ARGS:" in line:
                words = shlex.split(line.split("// LINT-ARGS:", 1)[1])
                if "--" in words:
                    i = words.index("--")
                    opts += words[:i]
                    clang += words[i + 1:]
                else:
                    opts += words
    return opts, clang


def tool_argv(tool, case, target, extra=()):
    """argv for bpf-fix/bpf-lint on target with case's LINT-ARGS and the testdata includes."""
    opts, clang = lint_args(case)
    if os.path.basename(tool) == "bpf-fix":
        # The engine's tests check the rewrite itself; confirming it with
        # the verifier is tests/e2e's business.
        opts = ["--verify=none"] + opts
    return ([tool] + list(extra) + opts + [target, "--"] + clang +
            include_flags(case))


def include_flags(case):
    return (["-I" + COMPAT, "-I" + os.path.dirname(os.path.abspath(case))] +
            (["-I" + VMLINUX] if VMLINUX else []))


def run(argv, cwd=None, env=None):
    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run(argv, cwd=cwd, env=e, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(path, data, mode=0o644):
    with open(path, "wb") as f:
        f.write(data)
    os.chmod(path, mode)


class Checks:
    """Collects failures; exit status 1 if any."""

    def __init__(self):
        self.failed = 0
        self.n = 0

    def check(self, ok, what, detail=""):
        self.n += 1
        if not ok:
            self.failed += 1
            print("FAIL: " + what)
            if detail:
                print("  " + detail.replace("\n", "\n  "))
        return ok

    def finish(self):
        print("%d checks, %d failed" % (self.n, self.failed))
        sys.exit(1 if self.failed else 0)


def show_bytes_diff(got, want):
    import difflib
    g = got.decode("utf-8", "replace").splitlines(True)
    w = want.decode("utf-8", "replace").splitlines(True)
    return "".join(difflib.unified_diff(w, g, "expected", "got"))[:3000]


def masked(data):
    """data with the text of `// KERNEL:` annotations blanked: those record what the kernel
    measured for each side of a golden pair, so they differ by design."""
    import re
    return re.sub(rb"// KERNEL:[^\r\n]*", b"// KERNEL: (masked)", data)
