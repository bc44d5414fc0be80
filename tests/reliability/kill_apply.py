#!/usr/bin/env python3
"""No lost data under --apply (issue 8).

1. SIGKILL `bpf-fix --apply` at random points over many runs on a tree of
   many files: afterwards every file is either its original bytes or its
   complete fixed bytes, never partial; a clean rerun fixes the rest and
   leaves no temporary file (.NAME.bpf-fix-XXXXXX) behind.
2. Two `bpf-fix --apply` runs on the same tree at once, many times: no
   file is corrupted (each ends original or fixed).
3. Several files as one set (issue 22): copies of testdata/project, whose
   fixes edit hot.h and c_piece.bpf.c, written as one set with a pause
   between the set's steps (BPF_FIX_TEST_SET_DELAY) and killed at random
   points: each file original or fixed; a tree part fixed always has the
   set's journal; the next run finishes or undoes it (all fixed, nothing
   left behind). Needs the generated vmlinux.h (BPF_VMLINUX_DIR).

  kill_apply.py BPF_FIX SOURCE_ROOT [ROUNDS]
"""
import glob
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

FIX = os.path.abspath(sys.argv[1])
ROOT = os.path.abspath(sys.argv[2])
ROUNDS = int(sys.argv[3]) if len(sys.argv) > 3 else 40
COMPAT = os.path.join(ROOT, "testdata", "include")
# fixable cases with their expected bytes: the golden pairs of rules whose
# fixes need no verifier (--verify=none keeps the runs short)
PAIRS = sorted(p for rule in ("always-inline", "untyped-map", "pragma-unroll")
               for p in glob.glob(os.path.join(ROOT, "testdata", rule, "*.fixed.bpf.c")))
COPIES = 2  # 48 files: many, and a full run stays a few seconds
failures = 0


def read(p):
    with open(p, "rb") as f:
        return f.read()


def populate(d):
    """The tree: COPIES of each case; {path: (original, fixed)}."""
    want = {}
    for fixed in PAIRS:
        case = fixed.replace(".fixed.bpf.c", ".bpf.c")
        for k in range(COPIES):
            sub = os.path.join(d, "dir%d" % k)
            os.makedirs(sub, exist_ok=True)
            p = os.path.join(sub, os.path.basename(case))
            shutil.copy(case, p)
            for h in glob.glob(os.path.join(os.path.dirname(case), "*.h")):
                shutil.copy(h, sub)
            want[p] = (read(case), read(fixed))
    return want


def argv(files):
    return [FIX, "--verify=none", "--apply"] + files + ["--", "-I" + COMPAT]


def masked(data):
    # the golden files differ from their cases in the KERNEL: annotation only by design
    import re
    return re.sub(rb"// KERNEL:[^\r\n]*", b"", data)


def check_tree(want, label):
    global failures
    bad = []
    for p, (orig, fixed) in want.items():
        got = read(p)
        if got != orig and masked(got) != masked(fixed):
            bad.append(os.path.basename(p))
    if bad:
        failures += 1
        print("FAIL %s: %d files neither original nor fixed: %s" % (label, len(bad), bad[:5]))
    return not bad


def temps(d):
    return [os.path.join(b, n) for b, _, fs in os.walk(d) for n in fs if ".bpf-fix-" in n]


def full_run_seconds(want):
    for p, (orig, _) in want.items():
        with open(p, "wb") as f:
            f.write(orig)
    t = time.time()
    subprocess.run(argv(sorted(want)), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.time() - t


def kill_rounds(d, want):
    files = sorted(want)
    killed = partial = 0
    span = full_run_seconds(want)
    stale = set()
    for r in range(ROUNDS):
        for p, (orig, _) in want.items():      # back to the originals
            with open(p, "wb") as f:
                f.write(orig)
        proc = subprocess.Popen(argv(files), stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        time.sleep(random.uniform(0.0, span))
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            killed += 1
        proc.wait()
        if not check_tree(want, "kill round %d" % r):
            return
        done = sum(read(p) != orig for p, (orig, _) in want.items())
        partial += 0 < done < len(want)
        stale.update(temps(d))
    print("ok %d rounds (a full run takes %.1f s), %d killed mid-run, %d with the tree "
          "part fixed, %d temporaries left by kills: every file original or fixed" %
          (ROUNDS, span, killed, partial, len(stale)))


def clean_rerun(d, want):
    global failures
    # what a run killed between creating and renaming its temporary leaves
    victim = sorted(want)[0]
    planted = os.path.join(os.path.dirname(victim),
                           "." + os.path.basename(victim) + ".bpf-fix-Ab12Cd")
    with open(planted, "wb") as f:
        f.write(want[victim][1][:100])
    r = subprocess.run(argv(sorted(want)), capture_output=True, text=True)
    left = temps(d)
    fixed = all(masked(read(p)) == masked(f) for p, (_, f) in want.items())
    if r.returncode not in (0, 1) or left or not fixed:
        failures += 1
        print("FAIL clean rerun: exit %d, temporaries left %s, all fixed %s\n%s" %
              (r.returncode, left[:3], fixed, r.stderr[-500:]))
    else:
        print("ok clean rerun: all %d files fixed, no temporary file left" % len(want))


def concurrent_rounds(d, want):
    files = sorted(want)
    for r in range(ROUNDS // 4 or 1):
        for p, (orig, _) in want.items():
            with open(p, "wb") as f:
                f.write(orig)
        a = subprocess.Popen(argv(files), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        b = subprocess.Popen(argv(files[::-1]), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        a.communicate()
        b.communicate()
        if not check_tree(want, "concurrent round %d" % r):
            return
    print("ok %d rounds of two concurrent --apply runs: no file corrupted" % (ROUNDS // 4 or 1))


SET_COPIES = 2
SET_DELAY_MS = 40


def set_populate(d):
    src = os.path.join(ROOT, "testdata", "project")
    vm = os.path.join(os.environ.get("BPF_VMLINUX_DIR", ""), "vmlinux.h")
    if not os.path.exists(vm):
        return None
    mains = []
    for k in range(SET_COPIES):
        sub = os.path.join(d, "proj%d" % k)
        os.makedirs(sub)
        for n in os.listdir(src):
            shutil.copy(os.path.join(src, n), sub)
        shutil.copy(vm, sub)
        mains += [os.path.join(sub, m) for m in ("a.bpf.c", "c.bpf.c")]
    return mains


def set_argv(mains):
    return [FIX, "--verify=none", "--apply"] + mains


def set_files(d):
    return sorted(os.path.join(b, n) for b, _, fs in os.walk(d) for n in fs
                  if n in ("hot.h", "c_piece.bpf.c"))


def set_rounds(d):
    global failures
    mains = set_populate(d)
    if mains is None:
        print("skip set rounds: no generated vmlinux.h (BPF_VMLINUX_DIR)")
        return
    files = set_files(d)
    orig = {p: read(p) for p in files}
    env = dict(os.environ, BPF_FIX_TEST_SET_DELAY=str(SET_DELAY_MS))
    t = time.time()
    subprocess.run(set_argv(mains), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    span = time.time() - t
    fixed = {p: read(p) for p in files}
    if any(fixed[p] == orig[p] for p in files):
        failures += 1
        print("FAIL set rounds: a clean run did not fix every file of the set")
        return
    mixed = committed = 0
    for r in range(max(4, ROUNDS // 4)):
        for p in files:
            with open(p, "wb") as f:
                f.write(orig[p])
        proc = subprocess.Popen(set_argv(mains), env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        # the set's write begins with its temporaries: kill somewhere in its 3n steps
        while proc.poll() is None and not temps(d):
            time.sleep(0.005)
        time.sleep(random.uniform(0, 3 * len(files) * SET_DELAY_MS / 1000.0))
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
        proc.wait()
        state = [read(p) == fixed[p] for p in files]
        bad = [p for p in files if read(p) not in (orig[p], fixed[p])]
        journal = [n for n in temps(d) if n.endswith(".bpf-fix-journal")]
        if bad or (0 < sum(state) < len(files) and not journal):
            failures += 1
            print("FAIL set round %d: %d files neither original nor fixed, %d of %d fixed, "
                  "journals %s" % (r, len(bad), sum(state), len(files), journal[:2]))
            return
        mixed += 0 < sum(state) < len(files)
        committed += bool(journal)
        rr = subprocess.run(set_argv(mains), capture_output=True, text=True)
        left = temps(d)
        if left or any(read(p) != fixed[p] for p in files) or rr.returncode not in (0, 1):
            failures += 1
            print("FAIL set round %d: the next run left %s, all fixed %s\n%s" %
                  (r, left[:3], all(read(p) == fixed[p] for p in files), rr.stderr[-500:]))
            return
    print("ok %d set rounds over %d files (a full run takes %.1f s): %d killed with the set "
          "half written, %d with its journal; each file original or fixed, the next run "
          "finished every set" % (max(4, ROUNDS // 4), len(files), span, mixed, committed))
    if not committed:
        failures += 1
        print("FAIL set rounds: no kill landed after the commit; the recovery went untested")


def main():
    if not PAIRS:
        print("FAIL: no golden pairs found under %s/testdata" % ROOT)
        return 1
    d = tempfile.mkdtemp(prefix="kill-apply-")
    try:
        want = populate(d)
        print("%d files in the tree" % len(want))
        kill_rounds(d, want)
        clean_rerun(d, want)
        concurrent_rounds(d, want)
    finally:
        shutil.rmtree(d)
    d = tempfile.mkdtemp(prefix="kill-apply-set-")
    try:
        set_rounds(d)
    finally:
        shutil.rmtree(d)
    print("%d failed" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
