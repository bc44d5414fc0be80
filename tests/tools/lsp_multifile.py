#!/usr/bin/env python3
"""bpf-lint --lsp: a fix that spans files is one WorkspaceEdit (issue 22.7).

A static function defined in a project header (helper.h) and declared in
the open file, called in a loop: the static-call-in-loop fix edits the
definition in helper.h and the declaration in the document. The code
action carries both documents' edits in one WorkspaceEdit; applied, each
matches what bpf-fix writes (helper.h: __noinline, the document: no static).

  lsp_multifile.py BPF_LINT SOURCE_ROOT
"""
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lspclient import Client, apply_edits  # noqa: E402

HELPER = "static int weigh(__u32 v)\n{\n\treturn v > 3 ? 1 : 0;\n}\n"
MAIN = """#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
static int weigh(__u32 v);
#include "helper.h"

char LICENSE[] SEC("license") = "GPL";
__u32 arr[64];

SEC("xdp")
int loop_calls(struct xdp_md *ctx)
{
	int hits = 0;

	for (int i = 0; i < 64; i++)
		hits += weigh(arr[i]);
	return hits > 5 ? XDP_PASS : XDP_DROP;
}
"""
failures = 0


def check(cond, what):
    global failures
    print("%s %s" % ("ok" if cond else "FAIL", what))
    failures += not cond


def main():
    lint, root = sys.argv[1], sys.argv[2]
    tmp = tempfile.mkdtemp(prefix="bpf-lint-lsp-multi-")
    try:
        with open(os.path.join(tmp, "helper.h"), "w") as f:
            f.write(HELPER)
        path = os.path.join(tmp, "m.bpf.c")
        with open(path, "w") as f:
            f.write(MAIN)
        uri, huri = "file://" + path, "file://" + os.path.realpath(os.path.join(tmp, "helper.h"))
        c = Client([lint, "--lsp", "--", "-I" + os.path.join(root, "testdata", "include")])
        c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {},
                                 "initializationOptions": {"cost": False}})
        c.notify("initialized")
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "c", "version": 1, "text": MAIN}})
        diags = c.wait_notification("textDocument/publishDiagnostics", uri, 1)["diagnostics"]
        sc = [d for d in diags if d["code"] == "static-call-in-loop"]
        check(len(sc) == 1, "one static-call-in-loop diagnostic, got %r" % diags)
        if not sc:
            return 1
        actions = c.request("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": sc[0]["range"],
            "context": {"diagnostics": sc}})["result"]
        acts = [a for a in actions if "[static-call-in-loop]" in a["title"]]
        check(len(acts) == 1, "one action for it, got %r" % actions)
        changes = acts[0]["edit"]["changes"] if acts else {}
        check(sorted(changes) == sorted([uri, huri]), "one WorkspaceEdit over both documents: %r"
              % sorted(changes))
        if uri in changes and huri in changes:
            main_fixed = apply_edits(MAIN, changes[uri])
            helper_fixed = apply_edits(HELPER, changes[huri])
            check("\nint weigh(__u32 v);" in main_fixed, "the declaration loses static")
            check("__noinline int weigh(__u32 v)\n{" in helper_fixed,
                  "the definition in helper.h becomes __noinline:\n" + helper_fixed)
        c.request("shutdown")
        c.notify("exit")
        check(c.close() == 0, "exit status 0")
    finally:
        shutil.rmtree(tmp)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
