#!/bin/sh
# bpf-verify --kernel=…: the one-line answers when the VM cannot run, then
# (where qemu and the 6.1 image are there) the 6.1 verdict of the issue's
# case and the side-by-side view with the running kernel.
#   test_kernel_flag.sh BPF_VERIFY CLANG SOURCE_ROOT
set -u
bv=$1 clang=$2 root=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$clang" -O2 -g -target bpf -D__TARGET_ARCH_x86 -I/usr/include/x86_64-linux-gnu \
	-c "$root/tests/integration/static_call_64.bpf.c" -o "$tmp/case.o" || fail "compile"

# what to install, in one line, exit 2
out=$(BPF_LINT_QEMU=/nonexistent/qemu "$bv" --kernel=6.1 "$tmp/case.o" 2>&1); rc=$?
[ $rc -eq 2 ] || fail "no qemu: exit $rc, want 2"
[ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || fail "no qemu: want one line, got: $out"
printf '%s' "$out" | grep -q "apt-get install qemu-system-x86" || fail "no qemu: $out"
out=$(XDG_CACHE_HOME=$tmp/empty "$bv" --kernel=6.1 "$tmp/case.o" 2>&1); rc=$?
[ $rc -eq 2 ] || fail "no image: exit $rc, want 2"
printf '%s' "$out" | grep -q "scripts/vm/fetch-kernel 6.1" || fail "no image: $out"
"$bv" --kernel=6.1x "$tmp/case.o" >/dev/null 2>&1 && fail "--kernel=6.1x accepted"

command -v qemu-system-x86_64 >/dev/null || { echo "SKIP: qemu-system-x86_64 not installed"; exit 77; }
cache=${XDG_CACHE_HOME:-$HOME/.cache}/bpf-lint/kernels/6.1/vmlinuz
[ -f "$cache" ] || { echo "SKIP: no 6.1 image ($cache): scripts/vm/fetch-kernel 6.1"; exit 77; }

out=$("$bv" --kernel=6.1 "$tmp/case.o" 2>&1); rc=$?
echo "$out"
[ $rc -eq 1 ] || fail "--kernel=6.1: exit $rc, want 1 (rejected)"
printf '%s' "$out" | grep -q "1000001" || fail "--kernel=6.1: no 1000001"
printf '%s' "$out" | grep -q "BPF program is too large" || fail "--kernel=6.1: no reason"

out=$("$bv" --kernel=6.1,host "$tmp/case.o" 2>&1); rc=$?
echo "$out"
if [ $rc -eq 2 ] && printf '%s' "$out" | grep -q "root or CAP_BPF\|bpf() is not available"; then
	echo "SKIP: the host half needs bpf(): $out"; exit 77
fi
printf '%s' "$out" | grep -q "Insns (6.1)" || fail "side by side: no 6.1 column"
printf '%s' "$out" | grep -q "Insns (host)" || fail "side by side: no host column"
printf '%s' "$out" | grep -q "score_all: 6.1: BPF program is too large" || fail "side by side: no 6.1 reason"
echo "ok"
