#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Check that the fix edits bpf-lint emits turn each case of the given testdata
dirs (the dir is the rule id; other rules' edits are not applied) into its
NAME.fixed.bpf.c byte for byte, and that the fixed file lints clean of it. Identical edits from several findings (one macro definition) count
once; overlapping different edits are a failure.
usage: apply_fixes.py BPF-LINT SOURCE-ROOT DIR... [--write]"""
import json, os, shlex, subprocess, sys


def lint_args(path):
    """The case's LINT-ARGS, split as a shell would, "--" last."""
    words = []
    for line in open(path, encoding='utf-8', errors='replace'):
        if '// LINT-ARGS:' in line:
            words += shlex.split(line.split('// LINT-ARGS:', 1)[1])
    if '--' not in words:
        words.append('--')
    return words


def lint_json(lint, path, root, args):
    r = subprocess.run([lint, '--format=json', path] + args + ['-I' + root + '/testdata/include'],
                       capture_output=True, cwd=root)
    if r.returncode not in (0, 1):
        raise RuntimeError(f'{path}: bpf-lint exited {r.returncode}: {r.stderr.decode()}')
    return json.loads(r.stdout)


def apply(path, findings, rule):
    data = open(path, 'rb').read()
    edits = sorted({(e['offset'], e['length'], e['text']) for f in findings
                    if f['rule'] == rule for e in f['fix']['edits'] if e['file'] == path})
    out, pos = b'', 0
    for off, length, text in edits:
        if off < pos:
            raise RuntimeError(f'{path}: overlapping edits at offset {off}')
        out += data[pos:off] + text.encode()
        pos = off + length
    return out + data[pos:]


def main():
    args = [a for a in sys.argv[1:] if a != '--write']
    write = '--write' in sys.argv
    lint, root, dirs = os.path.abspath(args[0]), args[1], args[2:]
    bad = checked = 0
    for d in dirs:
        base = os.path.join(root, 'testdata', d)
        for name in sorted(os.listdir(base)):
            # ok_* are negatives (some need their LINT-ARGS): nothing to fix.
            if (not name.endswith('.bpf.c') or name.endswith('.fixed.bpf.c')
                    or name.startswith('ok_')):
                continue
            path = os.path.join(base, name)
            fixed = path[:-len('.bpf.c')] + '.fixed.bpf.c'
            args = lint_args(path)
            findings = lint_json(lint, path, root, args)
            findings = [f for f in findings if f['rule'] == d]
            if not any(f['fix']['edits'] for f in findings):
                if os.path.exists(fixed):
                    print(f'{fixed}:1: exists but no finding of {name} has a fix')
                    bad += 1
                continue
            got = apply(path, findings, d)
            if write:
                open(fixed, 'wb').write(got)
            checked += 1
            if not os.path.exists(fixed) or open(fixed, 'rb').read() != got:
                print(f'{fixed}:1: differs from applying the fixes of {name}')
                bad += 1
                continue
            left = [f for f in lint_json(lint, fixed, root, args) if f['rule'] == d]
            for f in left:
                print(f"{fixed}:{f['range']['start']['line']}: still reported [{f['rule']}]")
                bad += 1
    print(f'{checked} fixed files checked, {bad} mismatches')
    return 1 if bad or not checked else 0


if __name__ == '__main__':
    sys.exit(main())
