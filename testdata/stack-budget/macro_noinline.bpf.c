// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* noinline spelled through a project macro, as many code bases do. */
#define BPF_NOINLINE __attribute__((noinline))

BPF_NOINLINE int digest(__u64 p)
{
	__u8 block[320];

	bpf_probe_read_kernel(block, sizeof(block), (void *)p);
	return block[0] + block[319];
}

SEC("socket") // EXPECT: stack-budget "544 bytes"
int sock_digest(struct __sk_buff *skb)
{
	__u8 hdr[224];

	bpf_skb_load_bytes(skb, 0, hdr, sizeof(hdr));
	return digest(hdr[9]);
}
