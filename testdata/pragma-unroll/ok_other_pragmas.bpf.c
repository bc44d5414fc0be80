// SPDX-License-Identifier: GPL-2.0-only
/* Pragmas that have nothing to do with unrolling. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "ok_header_once.h"

char LICENSE[] SEC("license") = "GPL";

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunused-variable"
#pragma pack(push, 1)
struct packed_hdr {
	__u8 kind;
	__u32 len;
};
#pragma pack(pop)

__u32 lens[8];

SEC("xdp")
int xdp_hdr(struct xdp_md *ctx)
{
	struct packed_hdr h = { .kind = 1, .len = ONCE_VALUE };
	int unused;

#pragma clang loop vectorize(disable)
	for (int i = 0; i < 8; i++)
		lens[i] = h.len;
#pragma clang loop interleave(disable)
	for (int i = 0; i < 8; i++)
		lens[i] += h.kind;
	return XDP_PASS;
}
#pragma clang diagnostic pop
