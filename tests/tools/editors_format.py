#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The text output over testdata is GCC's diagnostic format line by line, and
the README's editor recipes read it: the VS Code problem matcher's regexp (with
Python's re) and the vim errorformat (in vim itself, when installed) find every
finding and note that --format=json reports, with the same fields.
usage: editors_format.py BPF-LINT SOURCE-ROOT [VMLINUX-DIR]"""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

GCC = re.compile(r"^(?P<file>[^:\s][^:]*):(?P<line>\d+):(?P<col>\d+): "
                 r"(?P<sev>error|warning|note): (?P<msg>.*?)(?: \[(?P<rule>[a-z0-9-]+)\])?$")
SNIPPET = re.compile(r"^ *(\d+)? \| ")


def fail(what):
    sys.exit("FAIL: " + what)


def readme_block(readme, marker, lang):
    m = re.search(r"<!-- editors:%s -->\n```%s\n(.*?)```" % (marker, lang), readme, re.S)
    if not m:
        fail("README has no %s block after <!-- editors:%s -->" % (lang, marker))
    return m.group(1)


def expected(findings):
    """(file, line, col, severity, message, rule) per text line, from the JSON."""
    out = []
    for f in findings:
        s = f["range"]["start"]
        where = (f["file"], s["line"], s["col"])
        out.append(where + (f["severity"], f["message"], f["rule"]))
        out += [where + ("note", n, None) for n in f["notes"]]
        if f["fix"]["unfixable"]:
            out.append(where + ("note", "no automatic fix: " + f["fix"]["unfixable"], None))
    return out


def check_lines(text, want):
    got, prev = [], None
    for n, line in enumerate(text.splitlines(), 1):
        m = GCC.match(line)
        if m:
            got.append((m["file"], int(m["line"]), int(m["col"]), m["sev"], m["msg"], m["rule"]))
            prev = "diag"
        elif SNIPPET.match(line) and prev in ("diag", "source"):
            prev = "source" if prev == "diag" else "caret"  # clang's source + caret pair
        else:
            fail("line %d is neither GCC's format nor a snippet after one: %r" % (n, line))
    if got != want:
        fail("text lines differ from the JSON findings:\n%r\n%r" % (got[:3], want[:3]))


def check_vscode(text, readme, want):
    matcher = json.loads(readme_block(readme, "vscode", "json"))["tasks"][0]["problemMatcher"]
    pat = matcher["pattern"]
    rx = re.compile(pat["regexp"])
    got = []
    for line in text.splitlines():
        m = rx.match(line)
        if m:
            got.append((m[pat["file"]], int(m[pat["line"]]), int(m[pat["column"]]),
                        m[pat["severity"]], m[pat["message"]], m[pat["code"]]))
    if got != want:
        fail("the README's problem matcher reads other fields:\n%r\n%r" % (got[:3], want[:3]))


def check_vim(text, readme, want, tmp):
    vim = shutil.which("vim")
    if not vim:
        print("vim not installed: errorformat not checked in vim")
        return False
    efm = re.search(r"^setlocal errorformat=(.*)$", readme_block(readme, "vim", "vim"), re.M)
    if not efm:
        fail("README's vim block sets no errorformat")
    out, qf = os.path.join(tmp, "out.txt"), os.path.join(tmp, "qf.json")
    pathlib.Path(out).write_text(text)
    script = os.path.join(tmp, "efm.vim")
    pathlib.Path(script).write_text(
        "set errorformat=%s\ncgetfile %s\n"
        "call writefile([json_encode(map(getqflist(), "
        "{_, e -> [e.valid, bufname(e.bufnr), e.lnum, e.col, e.type, e.text]}))], '%s')\nqa!\n"
        % (efm.group(1), out, qf))
    subprocess.run([vim, "-u", "NONE", "-i", "NONE", "-N", "-es", "-S", script],
                   check=False, timeout=60, stdin=subprocess.DEVNULL)
    entries = [e for e in json.loads(pathlib.Path(qf).read_text()) if e[0]]
    got = [(e[1], e[2], e[3], {"e": "error", "w": "warning", "n": "note"}[e[4]], e[5])
           for e in entries]
    want_vim = [(w[0], w[1], w[2], w[3], w[4] + (" [%s]" % w[5] if w[5] else "")) for w in want]
    if got != want_vim:
        fail("vim's quickfix list from the README's errorformat differs:\n%r\n%r"
             % (got[:3], want_vim[:3]))
    return True


def per_dir(paths, k):
    """The first k paths of each directory."""
    seen = {}
    return [p for p in paths if seen.setdefault(os.path.dirname(p), []).append(p) or
            len(seen[os.path.dirname(p)]) <= k]


def main():
    lint, root = os.path.abspath(sys.argv[1]), pathlib.Path(sys.argv[2])
    vmlinux = sys.argv[3] if len(sys.argv) > 3 and sys.argv[3] else None
    readme = (root / "README.md").read_text()
    os.chdir(root)
    # the format, not the rules, is under test: three cases of each rule's
    # directory keep every rule's findings and notes in the sample
    files = per_dir(sorted(str(p) for p in pathlib.Path("testdata").glob("*/*.bpf.c")
                           if p.parts[1] not in ("verifier", "e2e", "include", "project", "project-stable")
                           and not p.name.endswith(".fixed.bpf.c")
                           and (vmlinux or "vmlinux.h" not in p.read_text())), 3)
    flags = ["--rules=*"] + files + ["--", "-Itestdata/include"]
    flags += ["-I" + vmlinux] if vmlinux else []
    text = subprocess.run([lint, "--color=never"] + flags, capture_output=True, text=True).stdout
    js = subprocess.run([lint, "--format=json"] + flags, capture_output=True, text=True).stdout
    want = expected(json.loads(js))
    if len(want) < 50:
        fail("only %d diagnostics over %d files: testdata not linted?" % (len(want), len(files)))
    check_lines(text, want)
    check_vscode(text, readme, want)
    with tempfile.TemporaryDirectory() as tmp:
        vim = check_vim(text, readme, want, tmp)
    print("ok: %d diagnostic lines from %d files in GCC format; problem matcher%s read them"
          % (len(want), len(files), " and vim errorformat" if vim else ""))


if __name__ == "__main__":
    main()
