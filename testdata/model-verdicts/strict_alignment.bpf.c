// SPDX-License-Identifier: GPL-2.0
/*
 * Loaded with BPF_F_STRICT_ALIGNMENT (the selftests' __flag): packet
 * accesses count NET_IP_ALIGN (2) in, map values their own offset. The
 * model once ignored the flag. EXPECT-VERDICT and EXPECT-MSG are what
 * 6.18 answers (measured); tests/model/btf_args.py holds the model to
 * them and to the live kernel.
 * BPF-VERIFY-ARGS: --prog-flags=strict-alignment
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64[2]);
} words SEC(".maps");

/* EXPECT-VERDICT: rejected — a u32 at packet offset 0 is at 2 mod 4 */
/* EXPECT-MSG: misaligned packet access off 2+0+0+0 size 4 */
SEC("xdp")
int pkt_word_at_0(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;

	if (data + 8 > end)
		return XDP_PASS;
	return *(volatile __u32 *)data == 7 ? XDP_DROP : XDP_PASS;
}

/* EXPECT-VERDICT: accepted — a u32 at offset 14 (past the Ethernet header) is aligned */
SEC("xdp")
int pkt_word_at_14(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;

	if (data + 18 > end)
		return XDP_PASS;
	return *(volatile __u32 *)(data + 14) == 7 ? XDP_DROP : XDP_PASS;
}

/* EXPECT-VERDICT: rejected — a u64 read 4 bytes into a map value */
/* EXPECT-MSG: misaligned value access off 0+0+4 size 8 */
SEC("tc")
int value_u64_at_4(struct __sk_buff *skb)
{
	__u32 k = 0;
	char *v = bpf_map_lookup_elem(&words, &k);

	return v ? (int)*(volatile __u64 *)(v + 4) : 0;
}
