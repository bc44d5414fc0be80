#!/bin/sh
# Every testdata/*/*.bpf.c (fixed forms included, verifier/ too) compiles with
# clang -O2 -g -target bpf and testdata/README.md's flags. A piece another
# file of its directory #includes (as bpf-lint's directory mode skips it)
# is compiled through that file only.
# CI time: a file whose first line of code is #include "vmlinux.h" takes
# vmlinux.h from a precompiled header built once (0.6 s of CPU a file from
# source, 0.33 s with it). Only a pass counts that way: a file that fails
# with the PCH is compiled again from source, and that verdict is reported.
# usage: compile_all.sh CLANG SOURCE-ROOT [VMLINUX-DIR]
clang=$1 root=$2 vmdir=${3:-}
multi=$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
case $(uname -m) in
x86_64) arch=x86 ;; aarch64) arch=arm64 ;; s390x) arch=s390 ;; *) arch=$(uname -m) ;;
esac
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
set -- -O2 -g -target bpf -D__TARGET_ARCH_$arch -I/usr/include/$multi \
	-I"$root/testdata/include" ${vmdir:+-I"$vmdir"}

# One pass over all files (a process per file costs more than the check):
# "skip FILE" for a piece another file of its directory #includes, "pch
# FILE" where the first line of code is #include "vmlinux.h" (nothing
# before it, so the PCH is that #include), "src FILE" for the rest.
classify() {
	awk '
	FNR == 1 { files[++n] = FILENAME; decided = incomment = 0 }
	{
		rest = $0
		while ((i = index(rest, "#include \"")) > 0) {
			rest = substr(rest, i + 10)
			if ((j = index(rest, "\"")) > 0) {
				dir = FILENAME
				sub(/[^\/]*$/, "", dir)
				included[dir substr(rest, 1, j - 1)] = 1
			}
		}
		if (decided)
			next
		line = $0
		if (incomment) {
			if (!sub(/^([^*]|\*+[^*\/])*\*+\//, "", line))
				next
			incomment = 0
		}
		gsub(/\/\*[^*]*\*+([^\/*][^*]*\*+)*\//, "", line)
		if (sub(/\/\*.*/, "", line))
			incomment = 1
		sub(/\/\/.*/, "", line)
		if (line ~ /^[ \t]*$/)
			next
		decided = 1
		if (line ~ /^[ \t]*#[ \t]*include[ \t]*"vmlinux\.h"[ \t]*$/)
			first[FILENAME] = 1
	}
	END {
		for (k = 1; k <= n; k++) {
			f = files[k]
			print (f in included) ? "skip" : (f in first) ? "pch" : "src", f
		}
	}' "$@"
}

pch=
if [ -n "$vmdir" ] && [ -f "$vmdir/vmlinux.h" ]; then
	if "$clang" "$@" -x c-header "$vmdir/vmlinux.h" -o "$tmp/vmlinux.h.pch" 2>"$tmp/err"; then
		pch=$tmp/vmlinux.h.pch
	else
		echo "note: no precompiled vmlinux.h (every file from source):"
		sed 's/^/    /' "$tmp/err" | head -5
	fi
fi

set -- "$root"/testdata/*/*.bpf.c
[ -e "$1" ] && classify "$@" >"$tmp/list"
set -- -O2 -g -target bpf -D__TARGET_ARCH_$arch -I/usr/include/$multi \
	-I"$root/testdata/include" ${vmdir:+-I"$vmdir"}
n=0 bad=0 viapch=0
while read -r mode f; do
	[ "$mode" != skip ] || continue
	n=$((n + 1))
	# (a vmlinux.h beside the file would be the one its #include "…" reads)
	if [ "$mode" = pch ] && [ -n "$pch" ] && [ ! -e "${f%/*}/vmlinux.h" ] &&
		"$clang" "$@" -include-pch "$pch" -c "$f" -o "$tmp/out.o" 2>/dev/null; then
		viapch=$((viapch + 1))
		continue
	fi
	if ! "$clang" "$@" -c "$f" -o "$tmp/out.o" 2>"$tmp/err"; then
		echo "$f:1: does not compile:"
		sed 's/^/    /' "$tmp/err" | head -20
		bad=$((bad + 1))
	fi
done <"$tmp/list"
echo "$n files ($viapch with the precompiled vmlinux.h), $bad do not compile"
[ "$n" -gt 0 ] && [ "$bad" -eq 0 ]
