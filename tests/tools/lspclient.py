# SPDX-License-Identifier: GPL-2.0-only
"""A scripted LSP client for bpf-lint --lsp: framing, requests, waiting for notifications."""
import json
import subprocess


class Client:
    def __init__(self, argv, timeout=60, env=None):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
        self.next_id = 1
        self.pending = []  # notifications read while waiting for a response
        self.timeout = timeout

    def send(self, msg):
        body = json.dumps(msg).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise EOFError("server closed its output")
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        assert length is not None, "message without Content-Length"
        return json.loads(self.proc.stdout.read(length))

    def notify(self, method, params=None):
        self.send({"jsonrpc": "2.0", "method": method, "params": params or {}})

    def request(self, method, params=None):
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params or {}})
        while True:
            msg = self.read()
            if msg.get("id") == rid and "method" not in msg:
                return msg
            self.pending.append(msg)

    def wait_notification(self, method, uri=None, version=None):
        """The next notification method (for uri, of the document's version); others are dropped."""
        while True:
            if self.pending:
                msg = self.pending.pop(0)
            else:
                msg = self.read()
            params = msg.get("params") or {}
            if msg.get("method") == method and (uri is None or params.get("uri") == uri) and \
                    (version is None or params.get("version") == version):
                return params

    def close(self):
        self.proc.stdin.close()
        return self.proc.wait(timeout=self.timeout)


def offset_of(text, pos):
    """LSP position (UTF-16 columns) -> index into the str text."""
    lines = text.split("\n")
    off = sum(len(line) + 1 for line in lines[:pos["line"]])
    units = 0
    line = lines[pos["line"]] if pos["line"] < len(lines) else ""
    i = 0
    while i < len(line) and units < pos["character"]:
        units += 2 if ord(line[i]) > 0xFFFF else 1
        i += 1
    return off + i


def apply_edits(text, edits):
    """Apply TextEdits (non-overlapping) from the end backwards."""
    spans = [(offset_of(text, e["range"]["start"]), offset_of(text, e["range"]["end"]), e["newText"])
             for e in edits]
    for start, end, new in sorted(spans, key=lambda s: s[0], reverse=True):
        text = text[:start] + new + text[end:]
    return text
