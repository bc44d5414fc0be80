#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# meson install --destdir into a temporary directory: the three commands, their
# man pages and bash completions land where the options say, and the installed
# commands run and print the project's version.
# usage: test_install.sh MESON BUILD-DIR VERSION BINDIR MANDIR DATADIR
set -u
meson=$1 build=$2 version=$3 bindir=$4 mandir=$5 datadir=$6
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$meson" install -C "$build" --no-rebuild --quiet --destdir "$tmp/root" >"$tmp/log" 2>&1 ||
	{ cat "$tmp/log"; fail "meson install"; }
for cmd in bpf-lint bpf-fix bpf-verify; do
	bin=$tmp/root$bindir/$cmd
	[ -x "$bin" ] || fail "$bin not installed"
	out=$("$bin" --version) || fail "$cmd --version exit status"
	[ "$out" = "$cmd $version" ] || fail "$cmd --version: '$out', want '$cmd $version'"
	man=$tmp/root$mandir/man1/$cmd.1
	[ -s "$man" ] || fail "$man not installed"
	grep -q '^\.TH' "$man" || fail "$man is not a man page"
	comp=$tmp/root$datadir/bash-completion/completions/$cmd
	[ -s "$comp" ] || fail "$comp not installed"
	grep -q "complete -F .* $cmd" "$comp" || fail "$comp does not complete $cmd"
done
echo "ok: 3 commands, 3 man pages, 3 completions in $tmp/root; --version $version"
