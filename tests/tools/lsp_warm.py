#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Warm units find what a cold bpf-lint run finds: each testdata case (the first
three of each rule's directory) opened in bpf-lint --lsp (first parse, precompiled
preamble) and changed to the same text (a reparse) gets, both times, the
diagnostics --format=json reports for it (rule, start line and column; columns
are UTF-16 in LSP, bytes in JSON, so only ASCII cases are compared).
usage: lsp_warm.py BPF-LINT SOURCE-ROOT [VMLINUX-DIR]"""
import json
import os
import pathlib
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lspclient import Client  # noqa: E402


def main():
    lint, root = os.path.abspath(sys.argv[1]), pathlib.Path(sys.argv[2]).resolve()
    vmlinux = sys.argv[3] if len(sys.argv) > 3 and sys.argv[3] else None
    flags = ["-I%s/testdata/include" % root] + (["-I" + vmlinux] if vmlinux else [])
    files = []
    for p in sorted(root.glob("testdata/*/*.bpf.c")):
        text = p.read_bytes()
        if p.parent.name in ("verifier", "e2e", "project", "project-stable") or p.name.endswith(".fixed.bpf.c") or \
                (not vmlinux and b"vmlinux.h" in text) or not text.isascii():
            continue
        files.append(p)
    # warm and cold agree or not per rule: three cases of each rule's directory
    files = [p for i, p in enumerate(files) if [q.parent for q in files[:i]].count(p.parent) < 3]
    js = json.loads(subprocess.run([lint, "--format=json", "--rules=*"] +
                                   [str(f) for f in files] + ["--"] + flags,
                                   capture_output=True, text=True).stdout)
    want = {str(f): [] for f in files}
    for f in js:
        s = f["range"]["start"]
        want[f["file"]].append((f["rule"], s["line"] - 1, s["col"] - 1))
    c = Client([lint, "--lsp", "--rules=*", "--"] + flags)
    c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {},
                             "initializationOptions": {"cost": False}})
    bad = 0
    for f in files:
        uri, text = "file://" + str(f), f.read_text()
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "c", "version": 1, "text": text}})
        for version in (1, 2):
            if version == 2:
                c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                                    "contentChanges": [{"text": text}]})
            diags = c.wait_notification("textDocument/publishDiagnostics", uri, version)
            got = sorted((d.get("code"), d["range"]["start"]["line"],
                          d["range"]["start"]["character"]) for d in diags["diagnostics"])
            if got != sorted(want[str(f)]):
                bad += 1
                print("FAIL: %s (%s): %r, cold run %r" % (f, "reparse" if version == 2 else
                                                           "first parse", got, want[str(f)]))
        c.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    c.request("shutdown")
    c.notify("exit")
    if c.close() != 0 or bad:
        sys.exit("FAIL: %d of %d runs differ from the cold lint" % (bad, 2 * len(files)))
    print("ok: %d cases, first parse and reparse both as the cold lint (%d findings)"
          % (len(files), len(js)))


if __name__ == "__main__":
    main()
