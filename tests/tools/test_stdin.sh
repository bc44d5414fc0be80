#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# bpf-lint --stdin-filename=PATH -: standard input linted as if it were PATH
# (the name printed, the config and the includes of PATH's directory, the
# source lines quoted), also when PATH is not on disk; '-' alone, and
# input over 10 MiB, are one-line errors with exit status 2.
# usage: test_stdin.sh BPF-LINT SOURCE-ROOT
set -u
lint=$(realpath "$1") root=$(realpath "$2")
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
costly="$root/testdata/pragma-unroll/clang_loop.bpf.c"
clean="$root/testdata/pragma-unroll/clang_loop.fixed.bpf.c"
cd "$tmp" || fail "cd"
mkdir -p sub && cp "$costly" sub/prog.bpf.c

# The same output as the file itself, in text and JSON, with the name given.
for fmt in text json; do
	"$lint" --format=$fmt sub/prog.bpf.c > file.out 2>&1; want=$?
	"$lint" --format=$fmt --stdin-filename=sub/prog.bpf.c - < sub/prog.bpf.c > stdin.out 2>&1; rc=$?
	[ $rc -eq 1 ] && [ $want -eq 1 ] || fail "$fmt: exit $rc (file: $want), want 1"
	cmp -s file.out stdin.out || { diff file.out stdin.out; fail "$fmt: stdin output differs"; }
	grep -q "sub/prog.bpf.c" stdin.out || fail "$fmt: name not printed"
done
echo "ok: stdin output equals the file's (text, json)"

# The name given is printed; the lines quoted are standard input's, not
# the file on disk under that name.
cp "$clean" sub/prog.bpf.c
"$lint" --stdin-filename=sub/prog.bpf.c - < "$costly" > stdin.out 2>&1; rc=$?
[ $rc -eq 1 ] || fail "costly stdin, clean file: exit $rc, want 1"
grep -q "^sub/prog.bpf.c:16:1: warning: .*\[pragma-unroll\]" stdin.out &&
	grep -q "^   16 | #pragma clang loop unroll(full)" stdin.out || { cat stdin.out; fail "wrong name or source line"; }
"$lint" --stdin-filename=sub/prog.bpf.c - < "$clean" > stdin.out 2>&1; rc=$?
[ $rc -eq 0 ] && [ ! -s stdin.out ] || { cat stdin.out; fail "clean stdin: exit $rc"; }
echo "ok: standard input is linted, not the file on disk"

# PATH not on disk (a staged file deleted from the work tree): its
# directory's .bpf-lint.yaml and "#include" directory still apply.
printf '#define N 4\n' > sub/n.h
printf '#include "n.h"\nint f(int *a)\n{\n\tint s = 0;\n#pragma unroll\n\tfor (int i = 0; i < N; i++)\n\t\ts += a[i];\n\treturn s;\n}\n' > loop.c
"$lint" --stdin-filename=sub/gone.bpf.c - < loop.c > stdin.out 2>&1; rc=$?
[ $rc -eq 1 ] && grep -q "^sub/gone.bpf.c:5:1: warning: .*\[pragma-unroll\]" stdin.out ||
	{ cat stdin.out; fail "missing PATH: exit $rc"; }
printf 'rules:\n  pragma-unroll: off\n' > sub/.bpf-lint.yaml
"$lint" --stdin-filename=sub/gone.bpf.c - < loop.c > stdin.out 2>&1; rc=$?
[ $rc -eq 0 ] || { cat stdin.out; fail "missing PATH: its directory's config not read (exit $rc)"; }
"$lint" --stdin-filename=gone.bpf.c - < loop.c > stdin.out 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q "'n.h' file not found" stdin.out || { cat stdin.out; fail "include found outside PATH's directory"; }
# ... and its compile_commands.json entry (-p): the -I it gives applies.
mkdir -p db inc && printf '#define N 4\n' > inc/m.h && sed 's/"n.h"/"m.h"/' loop.c > loop2.c
printf '[{"directory": "%s", "file": "%s/sub/gone.bpf.c", "command": "clang -Iinc -c sub/gone.bpf.c -o gone.o"}]\n' \
	"$tmp" "$tmp" > db/compile_commands.json
rm sub/.bpf-lint.yaml
"$lint" -p db --stdin-filename=sub/gone.bpf.c - < loop2.c > stdin.out 2>&1; rc=$?
[ $rc -eq 1 ] && grep -q "^sub/gone.bpf.c:5:1: .*\[pragma-unroll\]" stdin.out ||
	{ cat stdin.out; fail "missing PATH: compile_commands.json entry not used (exit $rc)"; }
echo "ok: PATH that does not exist: config, includes and compile database entry of its directory"

# One-line errors, exit status 2.
one_line() {	# DESCRIPTION PATTERN: the last command's "$tmp/err" and $rc
	[ $rc -eq 2 ] || fail "$1: exit $rc, want 2"
	[ "$(wc -l < err)" -eq 1 ] && grep -q -- "$2" err || { cat err; fail "$1: want one line '$2'"; }
	echo "ok: $1"
}
"$lint" - < "$costly" > out 2> err; rc=$?
one_line "'-' without --stdin-filename" "'-' (standard input) needs --stdin-filename"
"$lint" --stdin-filename=x.bpf.c sub/prog.bpf.c > out 2> err; rc=$?
one_line "--stdin-filename without '-'" "goes with '-'"
"$lint" --stdin-filename=x.bpf.c - sub/prog.bpf.c < "$costly" > out 2> err; rc=$?
one_line "'-' beside a file" "goes with '-'"
head -c $((10 * 1024 * 1024 + 1)) /dev/zero | tr '\0' ' ' |
	"$lint" --stdin-filename=huge.bpf.c - > out 2> err; rc=$?
one_line "standard input over 10 MiB" "huge.bpf.c: standard input is over the 10 MiB limit"
"$lint" --stdin-filename=prog.cpp - < "$costly" > out 2> err; rc=$?
one_line "PATH not C" "prog.cpp: not a C source file"
"$lint" --stdin-filename=empty.bpf.c - < /dev/null > out 2> err; rc=$?
[ $rc -eq 0 ] && grep -q "empty.bpf.c: empty file" err || { cat err; fail "empty stdin: exit $rc"; }
echo "ok: empty standard input, exit 0"
