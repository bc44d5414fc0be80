// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers of the socket, cgroup and callback families that the model once
 * did not know (its verdict was "model-limit"): sysctl name/strtol, sock_ops
 * flags and sockhash updates, sk_msg redirects, check_mtu's fixed-size u32,
 * redirect_neigh, user_ringbuf_drain's callback. EXPECT-VERDICT is what
 * 6.18 answers (measured); tests/model/btf_args.py holds the model to it
 * and, where bpf() is permitted, to the live kernel's processed count.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_SOCKHASH);
	__uint(max_entries, 64);
	__type(key, __u32);
	__type(value, __u64);
} socks SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_USER_RINGBUF);
	__uint(max_entries, 4096);
} from_user SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u16);
} narrow SEC(".maps");

/* EXPECT-VERDICT: accepted — the name into a stack buffer, parsed by strtol */
SEC("cgroup/sysctl")
int sysctl_name(struct bpf_sysctl *ctx)
{
	char buf[16] = {};
	long v = 0;

	if (bpf_sysctl_get_name(ctx, buf, sizeof(buf), BPF_F_SYSCTL_BASE_NAME) < 0)
		return 1;
	if (bpf_strtol(buf, sizeof(buf), 0, &v) < 0)
		return 1;
	return v > 5 ? 0 : 1;
}

/* EXPECT-VERDICT: rejected — the buffer size is not bounded */
SEC("cgroup/sysctl")
int sysctl_unbounded(struct bpf_sysctl *ctx)
{
	char buf[16] = {};
	__u32 n = ctx->file_pos;

	bpf_sysctl_get_name(ctx, buf, n, 0);
	return 1;
}

/* EXPECT-VERDICT: accepted — callback flags and a sockhash update */
SEC("sockops")
int sockops_track(struct bpf_sock_ops *skops)
{
	__u32 key = skops->local_port;

	if (skops->op != BPF_SOCK_OPS_PASSIVE_ESTABLISHED_CB)
		return 1;
	bpf_sock_ops_cb_flags_set(skops, BPF_SOCK_OPS_STATE_CB_FLAG);
	bpf_sock_hash_update(skops, &socks, &key, BPF_NOEXIST);
	return 1;
}

/* EXPECT-VERDICT: accepted — redirect through the sockhash */
SEC("sk_msg")
int msg_redirect(struct sk_msg_md *msg)
{
	__u32 key = msg->remote_port;

	return bpf_msg_redirect_hash(msg, &socks, &key, BPF_F_INGRESS);
}

/* EXPECT-VERDICT: accepted — check_mtu writes a u32 on the stack */
SEC("tc")
int tc_mtu(struct __sk_buff *skb)
{
	__u32 mtu_len = 0;

	if (bpf_check_mtu(skb, skb->ifindex, &mtu_len, 0, 0))
		return 2;
	if (mtu_len > 1500)
		return bpf_redirect_neigh(skb->ifindex, NULL, 0, 0);
	return 0;
}

/* EXPECT-VERDICT: rejected — check_mtu's u32 does not fit a 2-byte map value */
SEC("tc")
int tc_mtu_narrow(struct __sk_buff *skb)
{
	__u32 k = 0;
	__u16 *v = bpf_map_lookup_elem(&narrow, &k);

	if (!v)
		return 0;
	return bpf_check_mtu(skb, 0, (__u32 *)v, 0, 0) ? 2 : 0;
}

static long count_sample(struct bpf_dynptr *sample, void *ctx)
{
	__u64 *seen = ctx;

	*seen = 1;
	return 0;
}

/* EXPECT-VERDICT: accepted — the callback writes into the caller's stack */
SEC("tracepoint/syscalls/sys_exit_kill")
int drain_user(void *ctx)
{
	__u64 seen = 0;

	bpf_user_ringbuf_drain(&from_user, count_sample, &seen, 0);
	return seen;
}
