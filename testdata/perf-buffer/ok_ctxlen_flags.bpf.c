// SPDX-License-Identifier: GPL-2.0-only
/*
 * Packet capture through perf event arrays (issue 19's false positives):
 * the flags of bpf_perf_event_output() carry a length in their upper 32
 * bits (BPF_F_CTXLEN_MASK), so the kernel appends that many bytes of the
 * packet from the context. A ring buffer has no such thing: not reported.
 * The shapes of xdp-tools' xdpdump (the length shifted in the call) and of
 * tracee's network capture (flags built in a local first).
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct pkt_meta {
	__u64 ts;
	__u32 ifindex;
	__u16 pkt_len, cap_len;
};

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u32));
} dump_map SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u32));
} net_events SEC(".maps");

__u32 snaplen = 128;

SEC("xdp")
int xdp_dump(struct xdp_md *xdp)
{
	void *data = (void *)(long)xdp->data, *data_end = (void *)(long)xdp->data_end;
	struct pkt_meta meta = { .ifindex = xdp->ingress_ifindex };

	meta.pkt_len = (__u16)(data_end - data);
	meta.cap_len = meta.pkt_len < snaplen ? meta.pkt_len : snaplen;
	bpf_perf_event_output(xdp, &dump_map,
			      ((__u64)meta.cap_len << 32) |
			      BPF_F_CURRENT_CPU,
			      &meta, sizeof(meta));
	return XDP_PASS;
}

SEC("cgroup_skb/ingress")
int net_capture(struct __sk_buff *skb)
{
	struct pkt_meta meta = { .ifindex = skb->ifindex };
	__u64 size = skb->len > 256 ? 256 : skb->len;

	// Flag eBPF subsystem to use current CPU and copy size bytes of payload.
	__u64 flags = BPF_F_CURRENT_CPU | (__u64)size << 32;

	meta.pkt_len = skb->len;
	bpf_perf_event_output(skb, &net_events, flags, &meta, sizeof(meta));
	return 1;
}
