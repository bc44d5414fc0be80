#!/usr/bin/env python3
"""The language server after a broken frame (issue 21): a bad, short, zero,
over-64 MB or missing Content-Length, or a 100 MB body, is answered with a
parse error or skipped to the next Content-Length; the next request is
answered, never a silent hang.

  lsp_framing.py BPF_LINT SOURCE_ROOT
"""
import os
import sys
import threading

sys.path.insert(0, os.path.join(os.path.abspath(sys.argv[2]), "tests", "tools"))
from lspclient import Client  # noqa: E402

LINT = os.path.abspath(sys.argv[1])
CASES = [
    ("bad Content-Length", b"Content-Length: abc\r\n\r\n{}"),
    ("short Content-Length", b'Content-Length: 5\r\n\r\n{"jsonrpc": "2.0", "id": 77}'),
    ("zero Content-Length", b"Content-Length: 0\r\n\r\n"),
    ("Content-Length over 64 MB", b"Content-Length: 70000000\r\n\r\n{}"),
    ("missing Content-Length", b'Content-Type: x\r\n\r\n{"jsonrpc": "2.0", "id": 78}'),
    ("100 MB body", b"Content-Length: 104857600\r\n\r\n" + b" " * 104857600),
]
failures = 0


def probe(raw):
    """Send raw, then two requests; True when both are answered."""
    c = Client([LINT, "--lsp"])
    answered = []

    def talk():
        c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        c.proc.stdin.write(raw)
        c.proc.stdin.flush()
        for _ in range(2):
            r = c.request("shutdown")
            answered.append("result" in r or "error" in r)
    t = threading.Thread(target=talk, daemon=True)
    t.start()
    t.join(30)
    c.proc.kill()
    c.proc.wait()
    return len(answered) == 2 and all(answered)


for name, raw in CASES:
    ok = probe(raw)
    failures += not ok
    print("%s %s: the next requests %s" % ("ok" if ok else "FAIL", name,
                                          "answered" if ok else "never answered in 30 s"))
print("%d cases, %d failed" % (len(CASES), failures))
sys.exit(1 if failures else 0)
