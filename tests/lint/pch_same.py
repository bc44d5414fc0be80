#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""vmlinux.h as a precompiled header changes nothing (issue 19, lint/pch.c).

Every testdata case that includes a vmlinux*.h, in groups of equal
LINT-ARGS, is linted in one run three ways: from source (BPF_LINT_PCH=0,
-j 2), with the run's precompiled header (BPF_LINT_PCH=1, -j 1) and so with
-j 2. Standard output (JSON: rules, places, messages, notes, fix edits) and
standard error must be byte for byte the same. The PCH must be built and
used (BPF_LINT_CPU_LOG's "pch" lines) for at least MIN_USED of the files,
and the run leaves nothing in its TMPDIR, also when killed by SIGTERM.
With --quick (the sanitizer build) the first QUICK_FILES of the largest group,
-j 1 and -j 2.
usage: pch_same.py BPF-LINT SOURCE-ROOT VMLINUX-DIR [--quick]"""
import os
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import time

SKIP = ('verifier', 'e2e', 'include')
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"][^>"]*vmlinux[^>"/]*\.h[>"]', re.M)
MIN_USED = 0.9
QUICK_FILES = 12


def lint_args(text):
    words = []
    for line in text.splitlines():
        if '// LINT-ARGS:' in line:
            words += shlex.split(line.split('// LINT-ARGS:', 1)[1])
    return words


def groups(root):
    by_args = {}
    td = os.path.join(root, 'testdata')
    for d in sorted(os.listdir(td)):
        if d in SKIP or not os.path.isdir(os.path.join(td, d)):
            continue
        for dirpath, _, names in sorted(os.walk(os.path.join(td, d))):
            for n in sorted(names):
                if not n.endswith('.bpf.c'):
                    continue
                path = os.path.join(dirpath, n)
                text = open(path, encoding='utf-8', errors='replace').read()
                if INCLUDE.search(text):
                    key = tuple(lint_args(text))
                    by_args.setdefault(key, []).append(os.path.relpath(path, root))
    return by_args


def run(lint, root, files, args, extra, pch, jobs, tmp, log=None):
    env = dict(os.environ, BPF_LINT_PCH=pch, TMPDIR=tmp)
    env.pop('BPF_LINT_CPU_LOG', None)
    if log:
        env['BPF_LINT_CPU_LOG'] = log
    if '--' not in args:
        args = args + ['--']
    r = subprocess.run([lint, '--format=json', '-j', str(jobs)] + files + args + extra,
                       capture_output=True, cwd=root, env=env)
    return r.returncode, r.stdout, r.stderr


def killed_run_leaves_nothing(lint, root, files, extra, tmp):
    """SIGTERM once the PCH directory exists: the directory goes with the run."""
    env = dict(os.environ, BPF_LINT_PCH='1', TMPDIR=tmp)
    p = subprocess.Popen([lint, '-j', '1'] + files + ['--'] + extra, cwd=root, env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while not os.listdir(tmp) and p.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    saw = bool(os.listdir(tmp))
    p.send_signal(signal.SIGTERM)
    p.wait()
    return saw, os.listdir(tmp)


def main():
    lint, root, inc = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    quick = sys.argv[4:] == ['--quick']
    if not inc:
        print('no generated vmlinux.h (bpftool or /sys/kernel/btf/vmlinux missing)')
        return 77
    extra = ['-I' + os.path.join(root, 'testdata/include'), '-I' + inc]
    bad = total = used = 0
    with tempfile.TemporaryDirectory() as work:
        tmp = os.path.join(work, 'tmp')
        os.mkdir(tmp)
        log = os.path.join(work, 'log')
        todo = sorted(groups(root).items())
        largest = max(len(f) for _, f in todo)
        if quick:  # every parse is 5-10x slower under the sanitizers
            todo = [(a, f[:QUICK_FILES]) for a, f in todo if len(f) == largest][:1]
            largest = len(todo[0][1])
        for args, files in todo:
            args = list(args)
            # from source on both cores: the slow way, and -j 2 against the PCH's -j 1
            plain = run(lint, root, files, args, extra, '0', 2, tmp)
            open(log, 'w').close()
            results = [('-j 1', run(lint, root, files, args, extra, '1', 1, tmp, log))]
            if len(files) == largest:  # -j 2 once: the order of the output
                results.append(('-j 2', run(lint, root, files, args, extra, '1', 2, tmp)))
            total += len(files)
            used += sum(1 for line in open(log) if line.startswith('pch '))
            for name, got in results:
                if got != plain:
                    bad += 1
                    print('%s with the PCH (%s) differs from source: exit %d/%d, '
                          'stdout %s, stderr %s' % (' '.join(args) or 'no LINT-ARGS', name,
                          got[0], plain[0], got[1] == plain[1], got[2] == plain[2]))
            if os.listdir(tmp):
                bad += 1
                print('left behind in TMPDIR: %s' % os.listdir(tmp))
        print('%d files in %d groups; parsed with the PCH: %d' % (total, len(todo), used))
        if used < MIN_USED * total:
            bad += 1
            print('the PCH was used for %d of %d files (expected >= %.0f%%)'
                  % (used, total, MIN_USED * 100))
        saw, left = killed_run_leaves_nothing(lint, root, groups(root)[()], extra, tmp)
        print('SIGTERM during a run: PCH directory seen %s, left behind %s' % (saw, left))
        if not saw or left:
            bad += 1
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
