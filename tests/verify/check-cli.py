#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""bpf-verify end to end with the kernel backend.

usage: check-cli.py BPF_VERIFY BPFTOOL OBJDIR

Exit codes; csv/json parse back and agree; figures equal the kernel's
own stats line (bpftool's load log for objects it can load whole);
--lines totals equal processed insns; -C on objects and on CSV files;
the one-line refusal for an unprivileged user; damaged objects. Skips
(77) when bpf() is not permitted.
"""
import csv
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

BV, BPFTOOL, OBJDIR = sys.argv[1:4]
errors = []
STATS = re.compile(r"processed (\d+) insns \(limit \d+\) max_states_per_insn (\d+) "
                   r"total_states (\d+) peak_states (\d+)")


def check(cond, msg):
    if not cond:
        errors.append(msg)
    return cond


def bv(*args, env=None, user=None):
    cmd = [BV, *args]
    if user:
        cmd = ["setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups",
               "--inh-caps=-all", "--bounding-set=-all", *cmd]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)


def obj(name):
    return os.path.join(OBJDIR, name + ".bpf.o")


def csv_rows(out):
    return list(csv.DictReader(io.StringIO(out)))


def test_exit_codes(tmp):
    check(bv(obj("basic")).returncode == 0, "all accepted: exit 0")
    check(bv(obj("rejected")).returncode == 1, "some rejected: exit 1")
    check(bv().returncode == 2, "no arguments: exit 2")
    check(bv("--format=xml", obj("basic")).returncode == 2, "bad --format: exit 2")
    r = bv(os.path.join(tmp, "missing.o"))
    check(r.returncode == 2 and r.stderr.count("\n") == 1, "missing file: one line, exit 2")
    with open(obj("calls"), "rb") as f:
        data = f.read()
    for i, blob in enumerate([data[: len(data) // 3], b"\x7fELF" + os.urandom(400),
                              data[:64] + os.urandom(len(data) - 64)]):
        p = os.path.join(tmp, f"bad{i}.o")
        with open(p, "wb") as f:
            f.write(blob)
        r = bv(p)
        check(r.returncode == 2 and "bpf-verify:" in r.stderr,
              f"damaged object {i}: exit {r.returncode}, {r.stderr.strip()!r}")


def test_formats():
    rows = csv_rows(bv("--format=csv", obj("loops")).stdout)
    js = json.loads(bv("--format=json", obj("loops")).stdout)
    check(len(rows) == len(js) > 10, "csv and json list the same programs")
    for r, j in zip(rows, js):
        for k in ("program", "verdict", "insns", "states", "peak_states",
                  "max_states_per_insn", "prog_size"):
            check(str(j[k]) == r[k], f"{r['program']}: {k} csv {r[k]} json {j[k]}")
        check(j["verdict"] != "failure" or j["reason"], f"{r['program']}: no reason")
    table = bv(obj("loops")).stdout.splitlines()
    for col in ("File", "Program", "Type", "Verdict", "Duration (us)", "Insns", "States",
                "Peak states", "Max states per insn", "Stack depth", "Prog size"):
        check(col in table[0], f"table header lacks {col}")
    check(any("BPF program is too large" in l for l in table), "no rejection reason shown")


def test_both():
    rows = csv_rows(bv("--backend=both", "--format=csv", obj("basic")).stdout)
    check(len(rows) == 2, "--backend=both lists each program once")
    for r in rows:
        check(r.get("model_verdict") in ("success", "failure", "model-limit", "error"),
              f"--backend=both: model verdict {r.get('model_verdict')!r}")
    table = bv("--backend=both", obj("basic")).stdout.splitlines()
    check("Model insns" in table[0] and "Insns error" in table[0],
          "--backend=both table lacks the model's columns")


def bpftool_stats(path):
    """(prog, insns, max_states, total, peak) from bpftool's own load log."""
    pin = tempfile.mkdtemp(dir="/sys/fs/bpf")
    os.rmdir(pin)
    try:
        r = subprocess.run([BPFTOOL, "-d", "prog", "loadall", path, pin],
                           capture_output=True, text=True, timeout=600)
    finally:
        shutil.rmtree(pin, ignore_errors=True)
    out, prog = {}, None
    for l in r.stderr.splitlines():
        m = re.match(r"libbpf: prog '(\w+)': -- BEGIN PROG LOAD LOG --", l)
        if m:
            prog = m.group(1)
        m = STATS.match(l)
        if m and prog:
            out[prog] = tuple(int(x) for x in m.groups())
    return r.returncode, out


def test_kernel_figures():
    for name in ("basic", "calls", "maps", "packet", "helpers"):
        rc, want = bpftool_stats(obj(name))
        if not check(rc == 0 and want, f"bpftool cannot load {name}"):
            continue
        for r in csv_rows(bv("--format=csv", obj(name)).stdout):
            got = (int(r["insns"]), int(r["max_states_per_insn"]), int(r["states"]),
                   int(r["peak_states"]))
            check(want.get(r["program"]) == got,
                  f"{name}/{r['program']}: ours {got}, kernel log {want.get(r['program'])}")


def test_lines():
    for name in ("calls", "loops", "maps", "packet"):
        for r in csv_rows(bv("--format=csv", obj(name)).stdout):
            if int(r["insns"]) > 100000:
                continue  # a level-2 log of 1M insns is too large for a unit test
            p = json.loads(bv("--format=json", "--lines=100000", "--prog=" + r["program"],
                              obj(name)).stdout)[0]
            total = sum(l["insns"] for l in p.get("lines", []))
            # the kernel never prints the insn it refuses as the 1,000,001st
            too_large = "too large" in p["reason"]
            check(total == p["insns"] - too_large,
                  f"{name}/{p['program']}: lines sum to {total}, processed {p['insns']}")
            # the model's own per-insn counts, mapped through the same line info
            m = json.loads(bv("--backend=model", "--format=json", "--lines=100000",
                              "--prog=" + r["program"], obj(name)).stdout)[0]
            mlines = {(l["file"], l["line"]): l["insns"] for l in m.get("lines", [])}
            check(sum(mlines.values()) == m["insns"] - ("too large" in m["reason"]),
                  f"{name}/{p['program']}: model lines sum to {sum(mlines.values())}, "
                  f"model processed {m['insns']}")
            if m["insns"] == p["insns"]:
                klines = {(l["file"], l["line"]): l["insns"] for l in p.get("lines", [])}
                check(mlines == klines, f"{name}/{p['program']}: model --lines differ from "
                      f"the kernel's at an equal total")
    out = bv("--lines=3", "--prog=static_in_loop", obj("calls")).stdout
    m = re.search(r"calls\.bpf\.c:(\d+)\s+(\d+)\s+([\d.]+)%\s+(.*)", out)
    check(m and m.group(4), f"--lines shows no FILE:LINE with source:\n{out}")


def test_compare(tmp):
    r = bv("-C", obj("calls"), obj("calls"))
    body = [l for l in r.stdout.splitlines()[2:] if l.strip()]
    check(len(body) == 5 and all("MATCH" in l and "+0 (+0.00%)" in l for l in body),
          f"-C of an object with itself:\n{r.stdout}")
    a = csv_rows(bv("--format=csv", obj("calls")).stdout)
    b = [dict(x) for x in a if x["program"] != "bpf_loop_callback"]
    for x in b:
        if x["program"] == "global_in_loop":
            x["insns"] = str(int(x["insns"]) * 3)
        if x["program"] == "static_k_sites":
            x["insns"] = str(int(x["insns"]) - 100)
            x["verdict"] = "failure"
    b.append(dict(a[0], program="new_prog", insns="7"))
    paths = []
    for rows, n in ((a, "A.csv"), (b, "B.csv")):
        p = os.path.join(tmp, n)
        with open(p, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(a[0].keys()))
            w.writeheader()
            w.writerows(rows)
        paths.append(p)
    rows = csv_rows(bv("-C", *paths, "--format=csv").stdout)
    by = {r["program"]: r for r in rows}
    g = next(x for x in a if x["program"] == "global_in_loop")
    gi = int(g["insns"])
    check(by["global_in_loop"]["insns_diff"] == f"+{2 * gi} (+200.00%)",
          f"-C diff {by['global_in_loop']['insns_diff']}")
    check(rows[0]["program"] == "global_in_loop", "-C not sorted by largest change")
    check(by["static_k_sites"]["verdict_diff"] == "MISMATCH", "-C verdict diff")
    check(by["bpf_loop_callback"]["insns_b"] == "-" and by["new_prog"]["insns_a"] == "-",
          "-C programs on one side only")
    both = [r for r in rows if "-" not in (r["insns_a"], r["insns_b"])]
    changes = [abs(int(r["insns_b"]) - int(r["insns_a"])) for r in both]
    check(changes == sorted(changes, reverse=True), f"-C order {changes}")
    check(rows[len(both):] == [r for r in rows if r not in both],
          "-C: programs on one side only come after the pairs")


def test_unprivileged(tmp):
    if os.geteuid() != 0 or not shutil.which("setpriv"):
        print("skip unprivileged check: not root or no setpriv")
        return
    r = bv("--backend=kernel", obj("basic"), user="65534")
    if "Permission denied" in r.stderr and "exec" in r.stderr:
        print("skip unprivileged check: nobody cannot run the binary here")
        return
    check(r.returncode == 2 and r.stderr.strip().count("\n") == 0 and
          "needs root or CAP_BPF+CAP_PERFMON" in r.stderr,
          f"unprivileged: exit {r.returncode}, stderr {r.stderr!r}")


def main():
    r = bv("--backend=kernel", obj("basic"))
    if r.returncode == 2:
        print("skip:", r.stderr.strip())
        return 77
    with tempfile.TemporaryDirectory() as tmp:
        test_exit_codes(tmp)
        test_formats()
        test_both()
        test_kernel_figures()
        test_lines()
        test_compare(tmp)
        test_unprivileged(tmp)
    for e in errors:
        print("FAIL", e)
    print(f"{len(errors)} failures")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
