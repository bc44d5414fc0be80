#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Debian's pre-commit, for real and offline: a hooks repository holding our
# .pre-commit-hooks.yaml (by path), a project using both hooks; a commit of a
# costly file is rejected (and bpf-fix rewrites it), the fixed one is accepted.
# usage: test_precommit.sh BPF-LINT BPF-FIX SOURCE-ROOT
set -u
lint=$(realpath "$1") fix=$(realpath "$2") root=$(realpath "$3")
command -v pre-commit >/dev/null || { echo "pre-commit not installed (scripts/install-deps)"; exit 77; }
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export PRE_COMMIT_HOME="$tmp/cache" HOME="$tmp" GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@e GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@e
mkdir -p "$tmp/bin" && ln -s "$lint" "$tmp/bin/bpf-lint" && ln -s "$fix" "$tmp/bin/bpf-fix"
export PATH="$tmp/bin:$PATH"

# The hooks repository: our hooks file, as a user's pre-commit would clone it.
git init -q "$tmp/hooks" && cp "$root/.pre-commit-hooks.yaml" "$tmp/hooks/" &&
	git -C "$tmp/hooks" add .pre-commit-hooks.yaml && git -C "$tmp/hooks" commit -qm hooks ||
	fail "hooks repository"
rev=$(git -C "$tmp/hooks" rev-parse HEAD)

git init -q "$tmp/proj" && cd "$tmp/proj" || fail "project repository"
cat > .pre-commit-config.yaml <<EOC
repos:
  - repo: $tmp/hooks
    rev: $rev
    hooks:
      - id: bpf-fix
      - id: bpf-lint
EOC
git add .pre-commit-config.yaml && git commit -qm config || fail "config commit"
pre-commit install >/dev/null || fail "pre-commit install"

# The issue's case: a static function called in a 64-iteration for loop.
cp "$root/tests/integration/static_call_64.bpf.c" prog.bpf.c
echo "no BPF here" > notes.txt
git add prog.bpf.c notes.txt
if git commit -qm costly > out.txt 2>&1; then cat out.txt; fail "costly commit accepted"; fi
grep -q "bpf-fix.*Failed" out.txt && grep -q "files were modified by this hook" out.txt ||
	{ cat out.txt; fail "bpf-fix did not fail the commit by rewriting"; }
grep -q "bpf_for(i, 0, 64)" prog.bpf.c || { cat prog.bpf.c; fail "bpf-fix hook did not rewrite the file"; }
git rev-parse -q --verify HEAD~1 >/dev/null && fail "a commit was made"

# bpf-lint alone rejects a costly file too.
cp "$root/testdata/pragma-unroll/clang_loop.bpf.c" unrolled.bpf.c
git add unrolled.bpf.c
if SKIP=bpf-fix git commit -qm unrolled > out.txt 2>&1; then cat out.txt; fail "bpf-lint passed a costly file"; fi
grep -q "bpf-lint.*Failed" out.txt && grep -q "unrolled.bpf.c:.*\[pragma-unroll\]" out.txt || { cat out.txt; fail "bpf-lint hook did not fail"; }
git rm -q --cached unrolled.bpf.c

git add prog.bpf.c
git commit -qm fixed > out.txt 2>&1 || { cat out.txt; fail "clean commit rejected"; }
[ "$(git log --format=%s -1)" = fixed ] || fail "clean commit missing"
echo "ok: costly commit rejected and rewritten by bpf-fix, clean commit accepted"
