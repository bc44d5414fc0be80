#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# bpf-lint --install-git-hook on a temporary repository, without the
# pre-commit framework: the hook lints the STAGED contents of the staged
# *.bpf.c files and blocks the commit on findings; it replaces only itself.
# usage: test_git_hook.sh BPF-LINT SOURCE-ROOT
set -u
lint=$(realpath "$1") root=$(realpath "$2")
command -v git >/dev/null || { echo "git not installed"; exit 77; }
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export HOME="$tmp" GIT_CONFIG_NOSYSTEM=1 GIT_CEILING_DIRECTORIES="$tmp"
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@e GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@e
costly="$root/testdata/pragma-unroll/clang_loop.bpf.c"
clean="$root/testdata/pragma-unroll/clang_loop.fixed.bpf.c"
commits() { git rev-list --count HEAD 2>/dev/null || echo 0; }
# commit_ok NAME: the commit goes through; commit_blocked NAME PATTERN: it
# does not, and the hook's output matches PATTERN.
commit_ok() {
	n=$(commits)
	git commit -qm "$1" > "$tmp/out.txt" 2>&1 || { cat "$tmp/out.txt"; fail "$1: commit blocked"; }
	[ "$(commits)" -eq $((n + 1)) ] || fail "$1: no commit made"
	echo "ok: $1"
}
commit_blocked() {
	n=$(commits)
	if git commit -qm "$1" > "$tmp/out.txt" 2>&1; then cat "$tmp/out.txt"; fail "$1: commit accepted"; fi
	[ "$(commits)" -eq "$n" ] || fail "$1: a commit was made"
	grep -q -- "$2" "$tmp/out.txt" || { cat "$tmp/out.txt"; fail "$1: output lacks '$2'"; }
	echo "ok: $1"
}

# Outside a repository: one line, exit 2, nothing written.
mkdir "$tmp/norepo" && cd "$tmp/norepo" || fail "norepo"
"$lint" --install-git-hook > "$tmp/out.txt" 2> "$tmp/err.txt"; rc=$?
[ $rc -eq 2 ] || fail "outside a repository: exit $rc, want 2"
[ "$(wc -l < "$tmp/err.txt")" -eq 1 ] && grep -q "not inside a git repository" "$tmp/err.txt" ||
	{ cat "$tmp/err.txt"; fail "outside a repository: want one line"; }
[ -z "$(ls -A)" ] || fail "outside a repository: files written: $(ls -A)"
echo "ok: outside a repository, exit 2"

git init -q "$tmp/proj" && cd "$tmp/proj" || fail "project repository"
echo "notes" > README && git add README && git commit -qm init || fail "first commit"

# Install: one line on stdout naming the file, mode 0755, our marker.
"$lint" --install-git-hook > "$tmp/out.txt" 2> "$tmp/err.txt" || { cat "$tmp/err.txt"; fail "install failed"; }
hook=$(git rev-parse --git-path hooks)/pre-commit
[ -s "$tmp/err.txt" ] && { cat "$tmp/err.txt"; fail "install: stderr not empty"; }
[ "$(wc -l < "$tmp/out.txt")" -eq 1 ] && grep -q "written to $tmp/proj/.git/hooks/pre-commit\$" "$tmp/out.txt" ||
	{ cat "$tmp/out.txt"; fail "install: want one line naming the hook"; }
[ "$(stat -c %a "$hook")" = 755 ] || fail "hook mode $(stat -c %a "$hook"), want 755"
head -1 "$hook" | grep -q '^#!/bin/sh' || fail "hook is not a sh script"
ls "$(dirname "$hook")" | grep -q 'bpf-lint-' && fail "temporary file left in hooks dir"
echo "ok: installed, mode 755"

# A staged costly file blocks the commit, with the finding printed.
cp "$costly" prog.bpf.c && git add prog.bpf.c
commit_blocked "staged costly file" "^prog.bpf.c:16:1: warning: .*\[pragma-unroll\]"
grep -q "commit blocked" "$tmp/out.txt" || fail "no 'commit blocked' line"

# The staged copy is what is linted, not the working tree: clean staged,
# costly on disk commits; costly staged, clean on disk is blocked.
cp "$clean" prog.bpf.c && git add prog.bpf.c && cp "$costly" prog.bpf.c
commit_ok "clean staged, costly working tree"
git add prog.bpf.c && cp "$clean" prog.bpf.c
commit_blocked "costly staged, clean working tree" "^prog.bpf.c:16:1: .*\[pragma-unroll\]"
# The source line quoted is the staged one (the working tree's line 16 differs).
grep -q "^   16 | #pragma clang loop unroll(full)" "$tmp/out.txt" || { cat "$tmp/out.txt"; fail "snippet not from the staged copy"; }
git add prog.bpf.c

# Staged, then deleted from the working tree: the staged copy is linted.
mkdir -p src/gone && cp "$costly" src/gone/del.bpf.c && git add src/gone/del.bpf.c &&
	rm -r src/gone
commit_blocked "staged file deleted from the working tree" "^src/gone/del.bpf.c:16:1: .*\[pragma-unroll\]"
git rm -q --cached src/gone/del.bpf.c

# File names with spaces, in a directory with a space too.
mkdir -p "my dir" && cp "$costly" "my dir/my prog.bpf.c" && git add "my dir/my prog.bpf.c"
commit_blocked "file name with spaces" "^my dir/my prog.bpf.c:16:1: .*\[pragma-unroll\]"
cp "$clean" "my dir/my prog.bpf.c" && git add "my dir/my prog.bpf.c"
commit_ok "clean file name with spaces"

# A staged file that does not parse blocks the commit with clang's error.
printf 'int f( { return 0 }\n' > broken.bpf.c && git add broken.bpf.c
commit_blocked "file that does not parse" "^broken.bpf.c:1:[0-9]*: error: "
git rm -q --cached broken.bpf.c && rm broken.bpf.c

# Other files are not linted; deleting a costly file commits.
printf 'int f( {\n' > notes.c && git add notes.c && commit_ok "a .c file that is not .bpf.c"
cp "$costly" old.bpf.c && git add old.bpf.c && git commit -qn -m "costly, hook skipped" &&
	git rm -q old.bpf.c || fail "set up deletion"
commit_ok "deleted costly file"

# Installing again replaces our own hook, with the options embedded
# (quoted: a space and a quote in a clang argument survive).
cp "$hook" "$tmp/hook.before"
"$lint" --install-git-hook --rules=-pragma-unroll -- "-DNAME=it's a b" > "$tmp/out.txt" 2> "$tmp/err.txt" ||
	{ cat "$tmp/err.txt"; fail "second install refused"; }
cmp -s "$hook" "$tmp/hook.before" && fail "second install did not change the hook"
grep -q -- "'--rules=-pragma-unroll'" "$hook" && grep -qF -- "'-DNAME=it'\\''s a b'" "$hook" ||
	{ cat "$hook"; fail "options not embedded"; }
cp "$costly" unrolled.bpf.c && git add unrolled.bpf.c
commit_ok "second install replaced the hook (--rules=-pragma-unroll embedded)"
sh -n "$hook" || fail "hook is not valid sh"

# The clang args reach bpf-lint: a file that only parses with -DNAME.
printf 'const char *s = NAME;\nint f(void) { return 0; }\n' > needs_def.bpf.c
"$lint" --install-git-hook >/dev/null || fail "install without clang args"
git add needs_def.bpf.c && commit_blocked "clang arg missing" "^needs_def.bpf.c:1:.*error: .*'NAME'"
"$lint" --install-git-hook -- '-DNAME="x y"' >/dev/null || fail "install with -DNAME"
commit_ok "clang arg embedded"

# The binary by absolute path, else bpf-lint on PATH once that file is gone.
mkdir "$tmp/copy" "$tmp/bin" && cp "$lint" "$tmp/copy/bpf-lint" && ln -s "$lint" "$tmp/bin/bpf-lint"
"$tmp/copy/bpf-lint" --install-git-hook >/dev/null || fail "install from a copy"
grep -qF "lint='$tmp/copy/bpf-lint'" "$hook" || { cat "$hook"; fail "absolute path not embedded"; }
rm "$tmp/copy/bpf-lint"
cp "$costly" fallback.bpf.c && git add fallback.bpf.c
PATH="$tmp/bin:$PATH" commit_blocked "bpf-lint on PATH when the installed binary is gone" \
	"^fallback.bpf.c:16:1: .*\[pragma-unroll\]"
git rm -q --cached fallback.bpf.c && rm fallback.bpf.c

# A foreign hook is never overwritten: one line naming it, exit 2.
printf '#!/bin/sh\nexit 0\n' > "$hook" && cp "$hook" "$tmp/hook.foreign"
"$lint" --install-git-hook > "$tmp/out.txt" 2> "$tmp/err.txt"; rc=$?
[ $rc -eq 2 ] || fail "foreign hook: exit $rc, want 2"
[ "$(wc -l < "$tmp/err.txt")" -eq 1 ] && grep -q "pre-commit" "$tmp/err.txt" || { cat "$tmp/err.txt"; fail "foreign hook: want one line naming it"; }
[ -s "$tmp/out.txt" ] && fail "foreign hook: stdout not empty"
cmp -s "$hook" "$tmp/hook.foreign" || fail "foreign hook was changed"
echo "ok: foreign hook kept, exit 2"

# core.hooksPath is honoured.
git config core.hooksPath myhooks && mkdir myhooks
"$lint" --install-git-hook > "$tmp/out.txt" || fail "install with core.hooksPath"
grep -q "written to $tmp/proj/myhooks/pre-commit\$" "$tmp/out.txt" && [ -x myhooks/pre-commit ] ||
	{ cat "$tmp/out.txt"; fail "core.hooksPath not honoured"; }
echo "ok: core.hooksPath"

# Options the hook does not embed, and files, are usage errors.
"$lint" --install-git-hook --format=json 2> "$tmp/err.txt"; rc=$?
[ $rc -eq 2 ] && [ "$(wc -l < "$tmp/err.txt")" -eq 1 ] || fail "--format with --install-git-hook: exit $rc"
"$lint" --install-git-hook prog.bpf.c 2> "$tmp/err.txt"; rc=$?
[ $rc -eq 2 ] && [ "$(wc -l < "$tmp/err.txt")" -eq 1 ] || fail "a file with --install-git-hook: exit $rc"
echo "ok: usage errors"
