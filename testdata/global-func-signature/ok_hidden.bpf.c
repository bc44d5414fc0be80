// SPDX-License-Identifier: GPL-2.0-only
// Linux 6.18 loads both programs: libbpf marks a hidden global function
// static in BTF, so the verifier checks it per call, in the caller's
// context, where the pointers are the caller's globals and stack.
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

__u64 hits, misses;

/* __hidden as libbpf's bpf_helpers.h spells it (usdt.bpf.h uses it). */
__attribute__((noinline, visibility("hidden"))) int add_to(__u64 *v, __u64 n)
{
	*v += n;
	return 0;
}

/* A void return and a pointer return are fine in a static subprogram. */
__noinline __hidden void clear(__u64 *v)
{
	*v = 0;
}

__noinline __hidden __u64 *pick(__u64 *a, __u64 *b, int first)
{
	return first ? a : b;
}

SEC("xdp")
int bump(struct xdp_md *ctx)
{
	__u64 local = 0;

	clear(&local);
	add_to(pick(&hits, &misses, ctx->ingress_ifindex == 1), 1);
	add_to(&local, 1);
	return local ? XDP_DROP : XDP_PASS;
}
