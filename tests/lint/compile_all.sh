#!/bin/sh
# Every testdata/*/*.bpf.c (fixed forms included, verifier/ too) compiles with
# clang -O2 -g -target bpf and testdata/README.md's flags. A piece another
# file of its directory #includes (as bpf-lint's directory mode skips it)
# is compiled through that file only.
# usage: compile_all.sh CLANG SOURCE-ROOT [VMLINUX-DIR]
clang=$1 root=$2 vmdir=${3:-}
multi=$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
case $(uname -m) in
x86_64) arch=x86 ;; aarch64) arch=arm64 ;; s390x) arch=s390 ;; *) arch=$(uname -m) ;;
esac
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0 bad=0
for f in "$root"/testdata/*/*.bpf.c; do
	[ -e "$f" ] || continue
	if grep -qsF "#include \"$(basename "$f")\"" "$(dirname "$f")"/*.bpf.c; then
		continue
	fi
	n=$((n + 1))
	if ! "$clang" -O2 -g -target bpf -D__TARGET_ARCH_$arch -I/usr/include/$multi \
		-I"$root/testdata/include" ${vmdir:+-I"$vmdir"} -c "$f" -o "$tmp/out.o" \
		2>"$tmp/err"; then
		echo "$f:1: does not compile:"
		sed 's/^/    /' "$tmp/err" | head -20
		bad=$((bad + 1))
	fi
done
echo "$n files, $bad do not compile"
[ "$n" -gt 0 ] && [ "$bad" -eq 0 ]
