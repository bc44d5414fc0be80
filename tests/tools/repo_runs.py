#!/usr/bin/env python3
"""Whole repositories (issue 7): directories, excludes, -p without files, -j.

Builds a small tree in a temporary git repository and checks which files
bpf-lint and bpf-fix take, that the output does not depend on -j, the
summary line, and the progress line (a terminal only).

  repo_runs.py BPF_LINT BPF_FIX SOURCE_ROOT
"""
import json
import os
import pty
import re
import shutil
import subprocess
import sys
import tempfile

LINT, FIX = (os.path.abspath(p) for p in sys.argv[1:3])
ROOT = os.path.abspath(sys.argv[3])
INC = ["--", "-I" + os.path.join(ROOT, "testdata", "include")]
COSTLY = os.path.join(ROOT, "testdata", "pragma-unroll", "clang_loop.bpf.c")
failures = 0


def check(ok, what, detail=""):
    global failures
    if ok:
        print("ok   " + what)
    else:
        failures += 1
        print("FAIL " + what + (("\n" + detail) if detail else ""))


def run(argv, cwd, **kw):
    return subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=300, **kw)


def files_reported(out):
    """The files named in GCC-style warning lines, in order of first appearance."""
    seen = []
    for line in out.splitlines():
        m = re.match(r"^(.+?):\d+:\d+: warning: ", line)
        if m and m.group(1) not in seen:
            seen.append(m.group(1))
    return seen


def make_tree(top):
    for d in ["src/net", "src/vendor/lib", "src/gen", ".hidden", "build", "docs"]:
        os.makedirs(os.path.join(top, d), exist_ok=True)
    for f in ["src/b.bpf.c", "src/a.bpf.c", "src/net/x.bpf.c", "src/vendor/lib/v.bpf.c",
              "src/gen/g.bpf.c", "src/gen/keep.bpf.c", "src/foo.skel.bpf.c",
              ".hidden/h.bpf.c", "build/out.bpf.c"]:
        shutil.copy(COSTLY, os.path.join(top, f))
    with open(os.path.join(top, "docs", "notes.c"), "w") as f:
        f.write("int not_bpf;\n")
    with open(os.path.join(top, ".gitignore"), "w") as f:
        f.write("build/\n")
    with open(os.path.join(top, ".bpf-lint.yaml"), "w") as f:
        f.write("exclude:\n  - vendor/\n  - /src/gen/*\n  - '!src/gen/keep.bpf.c'\n"
                "  - '*.skel.bpf.c'\n")
    subprocess.run(["git", "init", "-q", top], check=True)


def main():
    tmp = tempfile.mkdtemp(prefix="repo-runs-")
    try:
        top = os.path.join(tmp, "proj")
        make_tree(top)
        want = ["src/a.bpf.c", "src/b.bpf.c", "src/gen/keep.bpf.c", "src/net/x.bpf.c"]

        r = run([LINT, "-j", "1", "."] + INC, top)
        check(r.returncode == 1, "a directory with findings exits 1", r.stderr)
        check(files_reported(r.stdout) == want,
              "walk: sorted *.bpf.c, less hidden dirs, .gitignore and the config's excludes",
              "got %s" % files_reported(r.stdout))
        summary = r.stderr.strip().splitlines()
        check(len(summary) == 1 and re.match(
            r"^bpf-lint: 4 files: 12 findings in 4 files \(pragma-unroll 12\)$", summary[0]),
            "summary line on stderr", r.stderr)

        r2 = run([LINT, "-j", "2", "."] + INC, top)
        check(r2.stdout == r.stdout and r2.returncode == 1,
              "-j 2 prints exactly what -j 1 prints")
        r3 = run([LINT, "-q", "src"] + INC, top)
        check(r3.stderr == "" and files_reported(r3.stdout) == want, "-q: no summary; src/ alone")

        r = run([LINT, "src/vendor/lib/v.bpf.c"] + INC, top)
        check(files_reported(r.stdout) == ["src/vendor/lib/v.bpf.c"],
              "a file named on the command line is linted even if excluded")

        # files: in a directory's own config picks other names (xdp-project's *_kern.c)
        os.makedirs(os.path.join(top, "samples"))
        shutil.copy(COSTLY, os.path.join(top, "samples", "xdp_kern.c"))
        shutil.copy(COSTLY, os.path.join(top, "samples", "other.bpf.c"))
        with open(os.path.join(top, "samples", "user.c"), "w") as f:
            f.write("int main(void) { return 0; }\n")
        r = run([LINT, "-q", "samples"] + INC, top)
        check(files_reported(r.stdout) == ["samples/other.bpf.c"], "without files: only *.bpf.c",
              "got %s" % files_reported(r.stdout))
        with open(os.path.join(top, "samples", ".bpf-lint.yaml"), "w") as f:
            f.write("files: ['*_kern.c', '*.bpf.c']\n")
        r = run([LINT, "-q", "samples"] + INC, top)
        check(files_reported(r.stdout) == ["samples/other.bpf.c", "samples/xdp_kern.c"],
              "files: in the nearest config names what a walk takes",
              "got %s\n%s" % (files_reported(r.stdout), r.stderr))
        shutil.rmtree(os.path.join(top, "samples"))

        r = run([LINT, "docs"] + INC, top)
        check(r.returncode == 0 and "no *.bpf.c files" in r.stderr,
              "a directory without BPF files: said, exit 0", r.stderr)

        r = run([LINT, "-j", "0", "src"] + INC, top)
        check(r.returncode == 2 and len(r.stderr.splitlines()) == 1, "-j 0: one line, exit 2",
              r.stderr)

        # -p DIR without files: the BPF entries of compile_commands.json
        inc = INC[1]
        db = [
            {"directory": top, "file": "src/net/x.bpf.c",
             "command": "clang -target bpf %s -c src/net/x.bpf.c -o x.o" % inc},
            {"directory": top, "file": os.path.join(top, "src/vendor/lib/v.bpf.c"),
             "arguments": ["clang", "--target=bpf", inc, "-c", "src/vendor/lib/v.bpf.c"]},
            {"directory": top, "file": "docs/notes.c", "command": "cc -c docs/notes.c"},
            {"directory": top, "file": "src/a.bpf.c",
             "command": "clang -O2 %s -c src/a.bpf.c" % inc},
            {"directory": top, "file": "src/a.bpf.c",
             "command": "clang -O2 -DAGAIN %s -c src/a.bpf.c" % inc},
        ]
        with open(os.path.join(top, "compile_commands.json"), "w") as f:
            json.dump(db, f)
        r = run([LINT, "-q", "-p", "."], top)
        check(files_reported(r.stdout) == ["src/a.bpf.c", "src/net/x.bpf.c"],
              "-p DIR alone: each BPF entry once, non-BPF and excluded entries left out",
              "got %s\n%s" % (files_reported(r.stdout), r.stderr))

        # bpf-fix over the directory: the same diff whatever -j, then written
        r1 = run([FIX, "--verify=none", "-j", "1", "src"] + INC, top)
        r2 = run([FIX, "--verify=none", "-j", "2", "src"] + INC, top)
        diffed = re.findall(r"^\+\+\+ b/(.*)$", r1.stdout, re.M)
        check(r1.returncode == 1 and diffed == want, "bpf-fix src: one diff per file, in order",
              "got %s\n%s" % (diffed, r1.stderr))
        check(r2.stdout == r1.stdout, "bpf-fix -j 2 prints exactly what -j 1 prints")
        check(re.search(r"^bpf-fix: 4 files: 12 fixes in 4 files \(pragma-unroll 12\), "
                        r"shown as a diff$", r1.stderr, re.M) is not None,
              "bpf-fix summary line", r1.stderr)
        r = run([FIX, "--verify=none", "--apply", "-q", "src"] + INC, top)
        r = run([LINT, "-q", "src"] + INC, top)
        check(r.returncode == 0 and r.stdout == "", "bpf-fix --apply src fixed every file",
              r.stdout[:2000])
        with open(os.path.join(top, "src/vendor/lib/v.bpf.c")) as f, open(COSTLY) as g:
            check(f.read() == g.read(), "bpf-fix left the excluded file alone")

        # the progress line: on a terminal's stderr only
        shutil.copy(COSTLY, os.path.join(top, "src/a.bpf.c"))
        master, slave = pty.openpty()
        p = subprocess.run([LINT, "src"] + INC, cwd=top, stdout=subprocess.PIPE,
                           stderr=slave, timeout=300)
        os.close(slave)
        tty = b""
        try:
            while True:
                chunk = os.read(master, 65536)
                if not chunk:
                    break
                tty += chunk
        except OSError:
            pass
        os.close(master)
        check(b"[1/4] src/a.bpf.c" in tty and b"\x1b[K" in tty and p.returncode == 1,
              "a progress line on a terminal", repr(tty[:300]))
        r = run([LINT, "src"] + INC, top)
        check("[1/4]" not in r.stderr, "no progress line when stderr is not a terminal")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("%d failed" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
