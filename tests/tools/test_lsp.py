#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""bpf-lint --lsp end to end: open, diagnostics, code action, apply, clean diagnostics,
a parse error, close, shutdown/exit. usage: test_lsp.py BPF-LINT SOURCE-ROOT"""
import os
import pathlib
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lspclient import Client, apply_edits  # noqa: E402


def check(cond, what):
    if not cond:
        sys.exit("FAIL: " + what)


def main():
    lint, root = sys.argv[1], pathlib.Path(sys.argv[2])
    case = root / "testdata/always-inline/attribute.bpf.c"
    expected_fixed = (root / "testdata/always-inline/attribute.fixed.bpf.c").read_text()
    tmp = tempfile.mkdtemp(prefix="bpf-lint-lsp-")
    try:
        path = os.path.join(tmp, "with space.bpf.c")
        shutil.copy(case, path)
        uri = "file://" + path.replace(" ", "%20")
        text = case.read_text()
        c = Client([lint, "--lsp"])
        init = c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        caps = init["result"]["capabilities"]
        check(caps["textDocumentSync"]["change"] == 1, "full sync announced")
        check("quickfix" in caps["codeActionProvider"]["codeActionKinds"], "quickfix announced")
        c.notify("initialized")
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "c", "version": 1, "text": text}})
        diags = c.wait_notification("textDocument/publishDiagnostics", uri, 1)["diagnostics"]
        ai = [d for d in diags if d["code"] == "always-inline"]
        check(len(ai) == 1, "one always-inline diagnostic, got %r" % diags)
        d = ai[0]
        check(d["source"] == "bpf-lint" and d["severity"] == 2, "source and severity")
        check(d["range"]["start"] == {"line": 14, "character": 14}, "range start %r" % d["range"])
        check("note:" in d["message"], "notes in the message")
        check("processed insns" not in d["message"], "no cost before the model ran")
        # then the same findings again with the verifier model's cost note
        costed = c.wait_notification("textDocument/publishDiagnostics", uri, 1)["diagnostics"]
        check(len(costed) == len(diags) and costed[0]["range"] == d["range"], "same findings")
        check(re.search(r"accounts for \d+ of \d+ processed insns in prog count_openat",
                        costed[0]["message"]), "cost note, got %r" % costed[0]["message"])
        # un-inlining bump() leaves count_openat at 22 insns (the kernel agrees: 6.18)
        check(costed[0]["severity"] == 3 and "the fix measures no gain in prog count_openat: "
              "22 -> 22 processed insns" in costed[0]["message"],
              "a fix of no gain: a note with both figures, got %r" % costed[0])

        actions = c.request("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": d["range"],
            "context": {"diagnostics": [d]}})["result"]
        check(len(actions) == 1, "one code action, got %r" % actions)
        act = actions[0]
        check(act["kind"] == "quickfix" and "[always-inline]" in act["title"], "title names the rule")
        check(act["isPreferred"] is False, "a fix measured as no gain is not the preferred one")
        fixed = apply_edits(text, act["edit"]["changes"][uri])
        check(fixed == expected_fixed, "applied action gives the .fixed file:\n" + fixed)

        none = c.request("textDocument/codeAction", {
            "textDocument": {"uri": uri},
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 1}},
            "context": {"diagnostics": []}})["result"]
        check(none == [], "no action away from the finding")

        c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                            "contentChanges": [{"text": fixed}]})
        diags = c.wait_notification("textDocument/publishDiagnostics", uri, 2)["diagnostics"]
        check(diags == [], "clean after the fix, got %r" % diags)
        c.notify("textDocument/didSave", {"textDocument": {"uri": uri}, "text": fixed})
        for what in ("lint", "cost"):
            diags = c.wait_notification("textDocument/publishDiagnostics", uri, 2)["diagnostics"]
            check(diags == [], "clean on save (%s), got %r" % (what, diags))

        broken = fixed.replace("return 0;", "return 0", 1)
        c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3},
                                            "contentChanges": [{"text": broken}]})
        diags = c.wait_notification("textDocument/publishDiagnostics", uri, 3)["diagnostics"]
        check(len(diags) >= 1 and diags[0]["severity"] == 1 and diags[0]["source"] == "clang",
              "parse error reported, got %r" % diags)

        c.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        diags = c.wait_notification("textDocument/publishDiagnostics", uri)["diagnostics"]
        check(diags == [], "close clears the diagnostics")
        unknown = c.request("textDocument/hover", {})
        check(unknown.get("error", {}).get("code") == -32601, "unknown method refused")
        check(c.request("shutdown")["result"] is None, "shutdown answers null")
        after = c.request("textDocument/codeAction", {})
        check(after.get("error", {}).get("code") == -32600, "requests after shutdown refused")
        c.notify("exit")
        check(c.close() == 0, "exit status 0 after shutdown")

        # LSP: exit without shutdown is status 1, and so is the client vanishing.
        c = Client([lint, "--lsp"])
        early = c.request("textDocument/codeAction", {})
        check(early.get("error", {}).get("code") == -32002, "requests before initialize refused")
        c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        c.notify("exit")
        check(c.close() == 1, "exit status 1 without shutdown")
        c = Client([lint, "--lsp"])
        check(c.close() == 1, "exit status 1 at end of input")

        # initializationOptions.cost = false: one publish per open, no model run.
        c = Client([lint, "--lsp"])
        c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {},
                                 "initializationOptions": {"cost": False}})
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "c", "version": 7, "text": text}})
        diags = c.wait_notification("textDocument/publishDiagnostics", uri, 7)["diagnostics"]
        check(len(diags) == 1, "diagnostics without cost")
        c.request("shutdown")
        check(not [m for m in c.pending if m.get("method") == "textDocument/publishDiagnostics"],
              "no second (cost) publish when cost is off")
        c.notify("exit")
        check(c.close() == 0, "exit status 0")
    finally:
        shutil.rmtree(tmp)
    print("ok: diagnostics, quick fix, clean after fix, parse error, shutdown")


if __name__ == "__main__":
    main()
