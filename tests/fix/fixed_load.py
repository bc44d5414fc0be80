# SPDX-License-Identifier: GPL-2.0-only
"""Every testdata/RULE/NAME.fixed.bpf.c compiles with clang -O2 -g -target bpf against
Debian's libbpf 1.1 headers and loads into the running kernel's verifier. A rejected
program fails the test; the test is skipped (77) only when bpf() is not permitted.
A file's `// VARIANTS: -DA | -DB` line lists build variants besides the default: each
is compiled and loaded too (a fix must compile for every branch of an #if)."""
import os
import re
import shutil
import subprocess
import sys
import tempfile
from fixlib import COMPAT, VMLINUX, Checks, golden_pairs, lint_args

CLANG = sys.argv[1] if len(sys.argv) > 1 else "clang-19"
MULTIARCH = subprocess.run(["gcc", "-print-multiarch"], stdout=subprocess.PIPE,
                           text=True).stdout.strip() or "x86_64-linux-gnu"
CFLAGS = ["-O2", "-g", "-target", "bpf", "-D__TARGET_ARCH_x86", "-I/usr/include/" + MULTIARCH,
          "-I" + COMPAT]
PROBE = b'#include <linux/bpf.h>\n#include <bpf/bpf_helpers.h>\n' \
        b'SEC("xdp") int probe(struct xdp_md *c) { return XDP_PASS; }\n' \
        b'char LICENSE[] SEC("license") = "GPL";\n'


def compile_obj(src, obj, extra):
    return subprocess.run([CLANG] + CFLAGS + extra + ["-c", src, "-o", obj],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def load(obj, pin):
    """bpftool loadall; returns (ok, log) and always removes the pins."""
    r = subprocess.run(["bpftool", "-d", "prog", "loadall", obj, pin],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    shutil.rmtree(pin, ignore_errors=True)
    return r.returncode == 0, r.stdout


def bpf_permitted(tmp):
    if not shutil.which("bpftool"):
        return "bpftool is not installed"
    if not os.path.isdir("/sys/fs/bpf"):
        return "/sys/fs/bpf is not mounted"
    src, obj = os.path.join(tmp, "probe.bpf.c"), os.path.join(tmp, "probe.o")
    with open(src, "wb") as f:
        f.write(PROBE)
    r = compile_obj(src, obj, [])
    if r.returncode:
        return None  # the compile checks below will fail loudly
    ok, log = load(obj, "/sys/fs/bpf/bpf-fix-probe-%d" % os.getpid())
    if not ok and ("Operation not permitted" in log or "EPERM" in log):
        return "bpf() is not permitted here (EPERM loading a trivial XDP program)"
    return None


def vmlinux_dir(tmp):
    """A directory with vmlinux.h generated from the running kernel's BTF, or None."""
    d = os.path.join(tmp, "vmlinux")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "vmlinux.h"), "w") as f:
        r = subprocess.run(["bpftool", "btf", "dump", "file", "/sys/kernel/btf/vmlinux",
                            "format", "c"], stdout=f, stderr=subprocess.PIPE)
    return d if r.returncode == 0 else None


def variants(path):
    """[] (the default build) plus each `// VARIANTS:` entry's -D flags."""
    out = [[]]
    with open(path, "rb") as f:
        for line in f.read().decode("utf-8", "replace").splitlines():
            if "// VARIANTS:" in line:
                out += [v.split() for v in line.split("// VARIANTS:", 1)[1].split("|") if v.strip()]
    return out


def main():
    c = Checks()
    pairs = golden_pairs()
    if not pairs:
        print("no .fixed.bpf.c files in testdata/: nothing to check")
        sys.exit(77)
    tmp = tempfile.mkdtemp(prefix="bpf-fix-load-")
    try:
        no_bpf = bpf_permitted(tmp)
        vmlinux = VMLINUX or vmlinux_dir(tmp)
        for rule, case, fixed in pairs:
            for defs in variants(fixed):
                label = "%s/%s%s" % (rule, os.path.basename(fixed), "".join(" " + d for d in defs))
                obj = os.path.join(tmp, os.path.basename(fixed) + ".o")
                r = compile_obj(fixed, obj, lint_args(fixed)[1] + defs + ["-I" + os.path.dirname(fixed)] +
                                (["-I" + vmlinux] if vmlinux else []))
                if not c.check(r.returncode == 0, label + ": compiles", r.stdout[-2000:]):
                    continue
                if no_bpf:
                    continue
                ok, log = load(obj, "/sys/fs/bpf/bpf-fix-%d" % os.getpid())
                if c.check(ok, label + ": loads into the kernel verifier", log[-3000:]):
                    counts = re.findall(r"processed (\d+) insns", log)
                    print("ok %s loaded%s" % (label, (" (processed insns: %s)" % ", ".join(counts)) if counts else ""))
        if no_bpf:
            print("SKIP loading: " + no_bpf)
            if c.failed == 0:
                print("%d compile checks passed" % c.n)
                sys.exit(77)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    c.finish()


if __name__ == "__main__":
    main()
