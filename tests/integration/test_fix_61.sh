#!/bin/sh
# bpf-fix --target-kernel=6.1 produces code the real 6.1 verifier accepts,
# with fewer processed instructions: the static-call-in-loop case
# (refused by 6.1 at 1,000,001) before and after the fix. bpf-fix itself
# confirms in the VM (--verify=kernel with a 6.1 target), and the figures it
# prints must be the ones a separate boot measures.
#   test_fix_61.sh BPF_FIX BPF_VERIFY_VM CLANG SOURCE_ROOT
set -u
fix=$1 vm=$2 clang=$3 root=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

command -v qemu-system-x86_64 >/dev/null || { echo "SKIP: qemu-system-x86_64 not installed"; exit 77; }
img=${XDG_CACHE_HOME:-$HOME/.cache}/bpf-lint/kernels/6.1/vmlinuz
[ -f "$img" ] || { echo "SKIP: no 6.1 image ($img): scripts/vm/fetch-kernel 6.1"; exit 77; }

cp "$root/tests/integration/static_call_64.bpf.c" "$tmp/before.bpf.c"
cp "$tmp/before.bpf.c" "$tmp/after.bpf.c"
"$fix" --apply --target-kernel=6.1 --verify=kernel "$tmp/after.bpf.c" -- -I"$root/testdata/include" >"$tmp/fix.out" 2>&1
rc=$?
[ $rc -eq 2 ] && grep -q -- '--verify=kernel:' "$tmp/fix.out" &&
	{ cat "$tmp/fix.out"; echo "SKIP: the 6.1 VM cannot run here"; exit 77; }
[ $rc -eq 1 ] || { cat "$tmp/fix.out"; fail "bpf-fix exit $rc, want 1 (changes)"; }
grep -q 'bpf_for\|can_loop' "$tmp/after.bpf.c" && fail "the 6.1 fix uses bpf_for/can_loop"
cat "$tmp/fix.out"
grep -q 'verified with the kernel verifier (VM) of Linux 6.1' "$tmp/fix.out" ||
	fail "bpf-fix did not confirm in the 6.1 VM"
claimed=$(sed -n 's/^  score_all: \([0-9]*\) -> \([0-9]*\) processed insns.*rejected -> accepted$/\1 \2/p' "$tmp/fix.out")
[ -n "$claimed" ] || fail "bpf-fix did not report score_all rejected -> accepted"
for f in before after; do
	"$clang" -O2 -g -target bpf -D__TARGET_ARCH_x86 -I/usr/include/x86_64-linux-gnu \
		-I"$root/testdata/include" -c "$tmp/$f.bpf.c" -o "$tmp/$f.bpf.o" || fail "compile $f"
done
"$vm" --kernel=6.1 --tsv "$tmp/before.bpf.o" "$tmp/after.bpf.o" >"$tmp/vm.tsv" 2>&1
rc=$?
cat "$tmp/vm.tsv"
[ $rc -eq 2 ] && { echo "SKIP: the VM cannot run here"; exit 77; }
row() { awk -F'\t' -v o="$1" '$1 == o && $2 == "score_all" { print $3, $4 }' "$tmp/vm.tsv"; }
set -- $(row before.bpf.o)
[ "${1:-}" = failure ] || fail "before: want failure on 6.1, got '${1:-nothing}'"
before=$2
set -- $(row after.bpf.o)
[ "${1:-}" = success ] || fail "after: want success on 6.1, got '${1:-nothing}'"
[ "$2" -lt "$before" ] || fail "after: $2 insns, not fewer than $before"
[ "$claimed" = "$before $2" ] || fail "bpf-fix claimed '$claimed', the VM measures '$before $2'"
echo "ok: 6.1 refused the original at $before insns and accepts the fix after $2"
