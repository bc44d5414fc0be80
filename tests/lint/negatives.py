#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""One run over every negative case of testdata (ok_*.bpf.c in each rule
directory): none may have an EXPECT line or produce any finding, with its
LINT-ARGS (the default rule set, as a user runs it). Then each RULE given must have at least
MIN positive and MIN negative cases; no RULE: every rule of
`bpf-lint --list-rules`, so a new rule needs no line here.
usage: negatives.py BPF-LINT SOURCE-ROOT VMLINUX-DIR MIN [RULE...]"""
import json, os, shlex, subprocess, sys

SKIP = ('verifier', 'e2e', 'include')


def lint_args(path):
    words = []
    for line in open(path, encoding='utf-8', errors='replace'):
        if '// LINT-ARGS:' in line:
            words += shlex.split(line.split('// LINT-ARGS:', 1)[1])
    return words


def findings(lint, root, inc, path, args):
    extra = ['-I' + root + '/testdata/include'] + (['-I' + inc] if inc else [])
    if '--' not in args:
        args = args + ['--']
    r = subprocess.run([lint, '--format=json', path] + args + extra,
                       capture_output=True, cwd=root)
    if r.returncode not in (0, 1):
        return None, r.stderr.decode().strip()
    return json.loads(r.stdout), None


def cases(root, d):
    return [n for n in sorted(os.listdir(os.path.join(root, 'testdata', d)))
            if n.endswith('.bpf.c') and not n.endswith('.fixed.bpf.c')]


def main():
    lint, root, inc, need, rules = (os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3],
                                    int(sys.argv[4]), sys.argv[5:])
    if not rules:
        out = subprocess.run([lint, '--list-rules'], capture_output=True, text=True, check=True)
        rules = [line.split()[0] for line in out.stdout.splitlines() if line.strip()]
    bad = runs = 0
    dirs = [d for d in sorted(os.listdir(os.path.join(root, 'testdata')))
            if os.path.isdir(os.path.join(root, 'testdata', d)) and d not in SKIP]
    # BPF_TEST_CASES_PER_RULE=N (the sanitizer build): lint the first N of each
    # directory; the counts below still cover every case
    per_rule = int(os.environ.get('BPF_TEST_CASES_PER_RULE', '0'))
    for d in dirs:
        oks = [n for n in cases(root, d) if n.startswith('ok_')]
        for n in oks[:per_rule] if per_rule else oks:
            rel = os.path.join('testdata', d, n)
            if '// EXPECT' in open(os.path.join(root, rel), errors='replace').read():
                print(f'{rel}: a negative case with an EXPECT line')
                bad += 1
            args = lint_args(os.path.join(root, rel))
            for v in [args]:
                runs += 1
                fs, err = findings(lint, root, inc, rel, v)
                if fs is None:
                    print(f'{rel}: bpf-lint failed: {err}')
                    bad += 1
                for f in fs or []:
                    print(f"{rel}:{f['range']['start']['line']}: [{f['rule']}] {f['message']}"
                          f" (args {' '.join(v)})")
                    bad += 1
    for r in rules:
        all_ = cases(root, r) if os.path.isdir(os.path.join(root, 'testdata', r)) else []
        neg = sum(n.startswith('ok_') for n in all_)
        if neg < need or len(all_) - neg < need:
            print(f'testdata/{r}: {len(all_) - neg} positive, {neg} negative cases; want {need} each')
            bad += 1
    print(f'{runs} negative runs over {len(dirs)} directories, {bad} problems')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
