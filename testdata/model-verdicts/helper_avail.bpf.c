// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers a program type does not get: the kernel refuses the call
 * ("program of this type cannot use helper") whatever its arguments, and
 * a sleepable-only helper in a non-sleepable program ("helper call might
 * sleep"). EXPECT-VERDICT is what 6.18 answers (measured);
 * tests/model/btf_args.py holds the model to it and to the live kernel.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* EXPECT-VERDICT: accepted — tc may redirect */
SEC("tc")
int tc_redirect(struct __sk_buff *skb)
{
	return bpf_redirect(skb->ifindex, 0);
}

/* EXPECT-VERDICT: rejected — a socket filter may not redirect */
SEC("socket")
int socket_redirect(struct __sk_buff *skb)
{
	return bpf_redirect(skb->ifindex, 0);
}

/* EXPECT-VERDICT: rejected — an XDP program has no skb to load from */
SEC("xdp")
int xdp_skb_load(struct xdp_md *ctx)
{
	char b[4];

	return bpf_skb_load_bytes(ctx, 0, b, sizeof(b)) ? XDP_DROP : XDP_PASS;
}

/* EXPECT-VERDICT: accepted — a kprobe may walk the stack */
SEC("kprobe/do_nanosleep")
int kprobe_stack(void *ctx)
{
	__u64 ips[4];

	return bpf_get_stack(ctx, ips, sizeof(ips), 0) > 0;
}

/* EXPECT-VERDICT: rejected — a tracepoint cannot move the XDP head */
SEC("tracepoint/syscalls/sys_enter_openat")
int tp_adjust_head(void *ctx)
{
	return bpf_xdp_adjust_head(ctx, 4);
}

/* EXPECT-VERDICT: rejected — copy_from_user may sleep; a kprobe may not */
SEC("kprobe/do_nanosleep")
int kprobe_copy_from_user(void *ctx)
{
	char b[8];

	return bpf_copy_from_user(b, sizeof(b), ctx);
}
