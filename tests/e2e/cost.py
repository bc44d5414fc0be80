#!/usr/bin/env python3
"""bpf-lint --cost: findings carry what their lines cost in the model,
rejected programs become error findings, --sort=cost puts the dearest
first. Usage: cost.py BPF_LINT SRCDIR"""
import json
import os
import re
import subprocess
import sys

BPF_LINT, SRC = sys.argv[1:3]
E2E = os.path.join(SRC, "testdata", "e2e")
INC = "-I" + os.path.join(SRC, "testdata", "include")
failures = []


def lint(*args):
    r = subprocess.run([BPF_LINT, *args, "--", INC], capture_output=True, text=True)
    if r.returncode not in (0, 1):
        failures.append(f"bpf-lint {args} exited {r.returncode}: {r.stderr}")
    return r


def main():
    loops = os.path.join(E2E, "article_loops.bpf.c")
    found = json.loads(lint("--cost", "--format=json", loops).stdout)
    rejected = {m.group(1) for f in found if f["rule"] == "verifier-rejected"
                for m in [re.search(r"program '(\w+)'", f["message"])] if m}
    if rejected != {"plain_bounded", "repeat_with_break", "can_loop_from_constant"}:
        failures.append(f"rejected programs reported: {rejected}")
    for f in found:
        if "cost" not in f:
            failures.append(f"{f['rule']} at line {f['range']['start']['line']} has no cost")
        elif f["rule"] == "bounded-loop" and f["cost"] < 100000:
            failures.append(f"the 100-iteration loop costs only {f['cost']}")
    notes = [n for f in found for n in f["notes"] if re.search(r"accounts? for", n)]
    if not any(re.match(r"this loop accounts for \d+ of 1000001 processed insns in prog "
                        r"plain_bounded", n) for n in notes):
        failures.append(f"no loop cost note: {notes}")
    # Without --cost there is no cost, and nothing is compiled.
    plain = json.loads(lint("--format=json", loops).stdout)
    if any("cost" in f for f in plain):
        failures.append("cost present without --cost")
    ordered = json.loads(lint("--sort=cost", "--format=json", loops,
                              os.path.join(E2E, "static_in_loop.bpf.c")).stdout)
    costs = [f.get("cost", -1) for f in ordered]
    if costs != sorted(costs, reverse=True):
        failures.append(f"--sort=cost order: {costs}")
    text = lint("--cost", os.path.join(E2E, "static_in_loop.bpf.c")).stdout
    if not re.search(r"note: the called function's body accounts for \d+ of \d+ processed "
                     r"insns in prog bump_all", text):
        failures.append(f"text output lacks the cost note:\n{text}")
    for f in failures:
        print("FAIL", f)
    print(f"cost: {len(failures)} failures")
    return 1 if failures else 0


sys.exit(main())
