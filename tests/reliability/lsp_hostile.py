#!/usr/bin/env python3
"""The language server against hostile documents (issue 21): a 70,000-term
expression (libclang overflows its stack) and the 26-byte include that blows
libclang up each cost one error diagnostic, within the parse limits; the same
server process then still lints a normal document (its diagnostic and its
quick fix), also after the hostile one is edited again. The parses run in a
worker process: the server's own peak memory stays small, and no worker and
no temporary file and no core file is left after exit.

  lsp_hostile.py BPF_LINT SOURCE_ROOT
"""
import os
import re
import resource
import shutil
import signal
import sys
import tempfile
import time

ROOT = os.path.abspath(sys.argv[2])
sys.path.insert(0, os.path.join(ROOT, "tests", "tools"))
from lspclient import Client  # noqa: E402

LINT = os.path.abspath(sys.argv[1])
LIMITS = (1024, 4)            # --parse-limits: MiB, CPU seconds per parse
WITHIN = LIMITS[1] * 4 + 20   # the worker's alarm, then the server's own deadline
SERVER_PEAK_MIB = 200         # the server never parses: ~60 MiB measured
BLOWUP = re.compile(r"^clang (crashed|died|failed) parsing the file|^parsing took over")
failures = 0


def check(cond, what):
    global failures
    failures += not cond
    print("%s %s" % ("ok" if cond else "FAIL", what))


def workers(pid):
    """The server's child processes (its parse worker)."""
    found = []
    for task in os.listdir("/proc/%d/task" % pid):
        with open("/proc/%d/task/%s/children" % (pid, task)) as f:
            found += [int(c) for c in f.read().split()]
    return found


def peak_mib(pid):
    with open("/proc/%d/status" % pid) as f:
        line = next(x for x in f if x.startswith("VmHWM:"))
    return int(line.split()[1]) // 1024


def publish(c, uri, version, method, text):
    doc = {"uri": uri, "version": version}
    if method == "textDocument/didOpen":
        doc.update(languageId="c", text=text)
        params = {"textDocument": doc}
    else:
        params = {"textDocument": doc, "contentChanges": [{"text": text}]}
    t0 = time.monotonic()
    c.notify(method, params)
    diags = c.wait_notification("textDocument/publishDiagnostics", uri, version)["diagnostics"]
    return diags, time.monotonic() - t0


def hostile(c, uri, version, method, text, what):
    diags, secs = publish(c, uri, version, method, text)
    check(len(diags) == 1 and diags[0]["severity"] == 1 and BLOWUP.search(diags[0]["message"]),
          "%s: one error diagnostic (%s)" % (what, diags[0]["message"] if diags else diags))
    check(secs < WITHIN, "%s: answered in %.1f s (within %d s)" % (what, secs, WITHIN))
    check(c.proc.poll() is None, "%s: the server lives on" % what)


def normal(c, uri, version, method, text, what):
    diags, _ = publish(c, uri, version, method, text)
    ai = [d for d in diags if d.get("code") == "always-inline"]
    check(len(ai) == 1, "%s: the normal document's always-inline diagnostic (%r)" % (what, diags))
    if not ai:
        return
    acts = c.request("textDocument/codeAction", {"textDocument": {"uri": uri},
                     "range": ai[0]["range"], "context": {"diagnostics": ai}})["result"]
    check(len(acts) == 1 and acts[0]["kind"] == "quickfix", "%s: its quick fix" % what)


def main():
    tmp = tempfile.mkdtemp(prefix="bpf-lint-lsp-hostile-")
    server_tmp = os.path.join(tmp, "tmpdir")
    os.mkdir(server_tmp)
    try:
        deep = "int f(void) { return 0" + "+1" * 70000 + "; }\n"
        with open(os.path.join(ROOT, "tests/reliability/hostile/lint-include-pragma.bpf.c")) as f:
            pragma = f.read()
        with open(os.path.join(ROOT, "testdata/always-inline/attribute.bpf.c")) as f:
            good = f.read()
        uris = {}
        for name, text in (("deep.bpf.c", deep), ("pragma.bpf.c", pragma), ("good.bpf.c", good)):
            with open(os.path.join(tmp, name), "w") as f:
                f.write(text)
            uris[name] = "file://" + os.path.join(tmp, name)
        env = dict(os.environ, TMPDIR=server_tmp)
        # core files allowed, in tmp: a crashed parse must still leave none
        core_max = resource.getrlimit(resource.RLIMIT_CORE)[1]
        resource.setrlimit(resource.RLIMIT_CORE, (core_max, core_max))
        os.chdir(tmp)
        c = Client([LINT, "--lsp", "--parse-limits=%d,%d" % LIMITS], timeout=WITHIN, env=env)
        c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {},
                                 "initializationOptions": {"cost": False}})
        seen = set()
        hostile(c, uris["deep.bpf.c"], 1, "textDocument/didOpen", deep, "70,000-term expression")
        hostile(c, uris["pragma.bpf.c"], 1, "textDocument/didOpen", pragma, "include of _Pragma")
        normal(c, uris["good.bpf.c"], 1, "textDocument/didOpen", good, "after both")
        seen.update(workers(c.proc.pid))
        hostile(c, uris["deep.bpf.c"], 2, "textDocument/didChange", deep + "\n",
                "70,000-term expression edited")
        normal(c, uris["good.bpf.c"], 2, "textDocument/didChange", good + "\n", "edited after it")
        seen.update(workers(c.proc.pid))
        for pid in workers(c.proc.pid):  # killed between lints: replaced, no error
            os.kill(pid, signal.SIGKILL)
        time.sleep(0.2)
        normal(c, uris["good.bpf.c"], 3, "textDocument/didChange", good + "\n\n",
               "its worker killed before the edit")
        seen.update(workers(c.proc.pid))
        peak = peak_mib(c.proc.pid)
        check(peak < SERVER_PEAK_MIB, "server peak RSS %d MiB (< %d)" % (peak, SERVER_PEAK_MIB))
        c.request("shutdown")
        c.notify("exit")
        check(c.close() == 0, "shutdown, exit: status 0")
        time.sleep(0.5)
        left = [p for p in seen if os.path.exists("/proc/%d" % p)]
        check(len(seen) == 3 and not left, "%d workers seen, none left after exit %r" % (len(seen), left))
        check(os.listdir(server_tmp) == [], "nothing left in TMPDIR %r" % os.listdir(server_tmp))
        cores = [n for n in os.listdir(tmp) if n.startswith("core")]
        check(not cores, "no core file left %r" % cores)
    finally:
        os.chdir("/")
        shutil.rmtree(tmp)
    print("%d failed" % failures)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
