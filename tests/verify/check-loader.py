#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Check the object loader (vm-dump's view) against llvm-objdump and bpftool.

usage: check-loader.py VM_DUMP LLVM_OBJDUMP BPFTOOL OBJ...

For every program: subprogram boundaries and linkage, instruction bytes,
call and callback targets (by callee name), reachability of the appended
subprograms, line info at every record; for every map: type, key/value
size, max entries and flags from the BTF, and global-data sizes from the
section headers.
"""
import json
import os
import re
import struct
import subprocess
import sys

errors = []


def fail(obj, msg):
    errors.append(f"{os.path.basename(obj)}: {msg}")


def run(*cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def parse_objdump(objdump, obj):
    secs = {}
    sec = None
    line = None
    last = None
    for l in run(objdump, "-d", "-l", "-r", obj).splitlines():
        m = re.match(r"Disassembly of section (.*):$", l)
        if m:
            sec = secs.setdefault(m.group(1), {"insns": {}, "relocs": {}, "lines": {}})
            line, last = None, None
            continue
        m = re.match(r"; (/.*):(\d+)$", l)
        if m:
            line = (os.path.realpath(m.group(1)), int(m.group(2)))
            continue
        m = re.match(r"\s+(\d+):\t([0-9a-f ]+?)\s*\t", l)
        if m and sec is not None:
            last = int(m.group(1))
            sec["insns"][last] = bytes.fromhex(m.group(2).replace(" ", ""))
            sec["lines"][last] = line
            continue
        m = re.match(r"\t\t[0-9a-f]+:\s+(R_BPF_\w+)\s+(\S+)", l)
        if m and sec is not None and last is not None:
            sec["relocs"][last] = (m.group(1), m.group(2))
    syms = {}
    for l in run(objdump, "-t", obj).splitlines():
        m = re.match(r"([0-9a-f]{16}) (.)\s+F (\S+)\s+([0-9a-f]{16}) (\S+)$", l)
        if m:
            syms[m.group(5)] = {"sec": m.group(3), "off": int(m.group(1), 16) // 8,
                                "len": int(m.group(4), 16) // 8,
                                "global": m.group(2) == "g"}
    hdrs = {}
    for l in run(objdump, "-h", obj).splitlines():
        m = re.match(r"\s*\d+ (\S+)\s+([0-9a-f]+) ", l)
        if m:
            hdrs[m.group(1)] = int(m.group(2), 16)
    return secs, syms, hdrs


def parse_dump(vm_dump, obj):
    progs, maps = {}, []
    for l in run(vm_dump, obj).splitlines():
        f = l.split(" ")
        if f[0] == "map":
            maps.append({"name": f[1], "kind": int(f[2]), "type": int(f[3]),
                         "key": int(f[4]), "value": int(f[5]), "max": int(f[6]),
                         "flags": int(f[7]), "inner": int(f[8])})
        elif f[0] == "prog":
            progs[f[1]] = {"section": f[2], "n": int(f[4]), "subs": [], "insns": [],
                           "lines": []}
        elif f[0] == "sub":
            progs[f[1]]["subs"].append({"name": f[2], "start": int(f[3]),
                                        "len": int(f[4]), "global": f[5] == "global"})
        elif f[0] == "insn":
            ref = (f[5], f[6]) if len(f) > 5 else None
            progs[f[1]]["insns"].append((bytes.fromhex(f[3]), ref))
        elif f[0] == "line":
            progs[f[1]]["lines"].append((int(f[2]), os.path.realpath(f[3]), int(f[4])))
    return progs, maps


def imm(b):
    return struct.unpack("<i", b[4:8])[0]


def text_func_at(syms, idx):
    for name, s in syms.items():
        if s["sec"] == ".text" and s["off"] <= idx < s["off"] + s["len"]:
            return name
    return None


def expected_callee(secs, syms, sub, k, orig):
    """Name of the .text function insn k of sub calls or takes the address of."""
    s = syms[sub["name"]]
    sec = secs[s["sec"]]
    idx = s["off"] + k
    rel = sec["relocs"].get(idx)
    is_call = orig[0] == 0x85
    if rel is None:
        return text_func_at(syms, idx + imm(orig) + 1) if s["sec"] == ".text" else None
    if rel[1] != ".text":
        return rel[1]
    t = imm(orig) + 1 if is_call else imm(orig) // 8
    return text_func_at(syms, t)


def check_prog(obj, name, p, secs, syms, btf_linkage):
    subs = p["subs"]
    if not subs or subs[0]["name"] != name or subs[0]["start"] != 0:
        fail(obj, f"{name}: subprogram 0 is not the program")
        return
    by_start = {s["start"]: s for s in subs}
    if len(by_start) != len(subs) or len({s["name"] for s in subs}) != len(subs):
        fail(obj, f"{name}: a subprogram appears twice")
    total = 0
    for s in subs:
        sym = syms.get(s["name"])
        if sym is None:
            fail(obj, f"{name}: subprogram {s['name']} has no symbol")
            continue
        if s is not subs[0] and sym["sec"] != ".text":
            fail(obj, f"{name}: subprogram {s['name']} not from .text")
        if s["len"] != sym["len"] or s["start"] != total:
            fail(obj, f"{name}: {s['name']} at {s['start']}+{s['len']}, symbol says "
                      f"{total}+{sym['len']}")
        total += s["len"]
        want_global = btf_linkage.get(s["name"], sym["global"])
        if s["global"] != want_global:
            fail(obj, f"{name}: {s['name']} linkage global={s['global']}")
    if total != p["n"] or len(p["insns"]) != p["n"]:
        fail(obj, f"{name}: {p['n']} insns, subprograms cover {total}")
        return
    called = {subs[0]["name"]}
    for s in subs:
        sym = syms[s["name"]]
        sec = secs[sym["sec"]]
        for k in range(s["len"]):
            at = s["start"] + k
            mine, ref = p["insns"][at]
            orig = sec["insns"].get(sym["off"] + k)
            if orig is None:
                # second half of an ld_imm64: objdump prints it with the first
                continue
            orig = orig[:8]
            relocated = (sym["off"] + k) in sec["relocs"] or (orig[0] == 0x85 and orig[1] >> 4 == 1)
            if mine[0] != orig[0] or (not relocated and mine != orig):
                fail(obj, f"{name}: insn {at} {mine.hex()} != objdump {orig.hex()}")
            if ref and ref[0] in ("call", "func"):
                t = int(ref[1])
                callee = expected_callee(secs, syms, s, k, orig)
                if t not in by_start or by_start[t]["name"] != callee:
                    fail(obj, f"{name}: insn {at} targets {t}, expected {callee}")
                if at + imm(mine) + 1 != t:
                    fail(obj, f"{name}: insn {at} imm {imm(mine)} does not reach {t}")
                called.add(callee)
    if called != {s["name"] for s in subs}:
        fail(obj, f"{name}: appended {sorted(s['name'] for s in subs)}, reachable {sorted(called)}")
    check_lines(obj, name, p, secs, syms)


def check_lines(obj, name, p, secs, syms):
    starts = {s["start"] for s in p["subs"]}
    have = {l[0] for l in p["lines"]}
    for st in starts:
        if st not in have:
            fail(obj, f"{name}: no line record at subprogram start {st}")
    for insn, path, line in p["lines"]:
        s = next(s for s in p["subs"] if s["start"] <= insn < s["start"] + s["len"])
        sym = syms[s["name"]]
        want = secs[sym["sec"]]["lines"].get(sym["off"] + insn - s["start"])
        if insn == s["start"] and want != (path, line) and declares(path, line, s["name"]):
            continue  # BTF's first record of a function is its declaration line
        if want != (path, line):
            fail(obj, f"{name}: insn {insn} line {path}:{line}, objdump says {want}")


def declares(path, line, func):
    try:
        with open(path) as f:
            text = f.read().splitlines()[line - 1]
    except (OSError, IndexError):
        return False
    return re.search(r"\b" + re.escape(func) + r"\s*\(", text) is not None


def btf_maps(bpftool, obj):
    types = {t["id"]: t for t in json.loads(run(bpftool, "-j", "btf", "dump", "file", obj))["types"]}

    def strip(i):
        while types[i]["kind"] in ("TYPEDEF", "VOLATILE", "CONST", "RESTRICT", "TYPE_TAG"):
            i = types[i]["type_id"]
        return i

    def size(i):
        t = types[strip(i)]
        if t["kind"] == "ARRAY":
            return t["nr_elems"] * size(t["type_id"])
        if t["kind"] == "PTR":
            return 8
        return t["size"]

    def definition(sid):
        d = {}
        for m in types[strip(sid)]["members"]:
            t = types[m["type_id"]]
            if m["name"] in ("type", "max_entries", "map_flags", "key_size", "value_size"):
                d[m["name"]] = types[t["type_id"]]["nr_elems"]
            elif m["name"] in ("key", "value"):
                d[m["name"] + "_size"] = size(t["type_id"])
        return d

    linkage = {t["name"]: t["linkage"] == "global" for t in types.values()
               if t["kind"] == "FUNC"}
    maps = {}
    for t in types.values():
        if t["kind"] == "DATASEC" and t["name"] == ".maps":
            for v in t["vars"]:
                var = types[v["type_id"]]
                maps[var["name"]] = definition(var["type_id"])
    return maps, linkage


def check_maps(obj, maps, want, hdrs):
    user = [m for m in maps if m["kind"] == 0 and not m["name"].endswith(".inner")]
    if sorted(m["name"] for m in user) != sorted(want):
        fail(obj, f"maps {sorted(m['name'] for m in user)}, BTF has {sorted(want)}")
    for m in user:
        d = want.get(m["name"], {})
        got = {"type": m["type"], "max_entries": m["max"], "map_flags": m["flags"],
               "key_size": m["key"], "value_size": m["value"]}
        for k, v in d.items():
            if got[k] != v:
                fail(obj, f"map {m['name']}: {k} {got[k]}, BTF says {v}")
    for m in maps:
        if m["kind"] in (1, 2, 3):
            if m["value"] != hdrs.get(m["name"]) or m["key"] != 4 or m["max"] != 1:
                fail(obj, f"map {m['name']}: value {m['value']}, section is {hdrs.get(m['name'])}")
    for name, size in hdrs.items():
        if re.match(r"\.(data|bss|rodata)(\..*)?$", name) and size and \
                name not in {m["name"] for m in maps}:
            fail(obj, f"section {name} has no map")


def main():
    if len(sys.argv) < 5:
        print(__doc__)
        return 2
    vm_dump, objdump, bpftool = sys.argv[1:4]
    n_progs = 0
    for obj in sys.argv[4:]:
        secs, syms, hdrs = parse_objdump(objdump, obj)
        progs, maps = parse_dump(vm_dump, obj)
        want_maps, linkage = btf_maps(bpftool, obj)
        for name, p in progs.items():
            check_prog(obj, name, p, secs, syms, linkage)
        want_progs = {n for n, s in syms.items() if s["sec"] != ".text"}
        if set(progs) != want_progs:
            fail(obj, f"programs {sorted(progs)}, symbols say {sorted(want_progs)}")
        check_maps(obj, maps, want_maps, hdrs)
        n_progs += len(progs)
    for e in errors:
        print("FAIL", e)
    print(f"{len(sys.argv) - 4} objects, {n_progs} programs, {len(errors)} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
