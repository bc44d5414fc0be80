// SPDX-License-Identifier: GPL-2.0-only
/* statfunc comes from a header: reported, but no automatic fix. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "statfunc.h"

char LICENSE[] SEC("license") = "GPL";

__u32 drops;

statfunc void note_drop(void) // EXPECT: always-inline "through macro 'statfunc'"
{
	drops++;
}

SEC("xdp")
int xdp_drop_all(struct xdp_md *ctx)
{
	note_drop();
	note_drop();
	return XDP_DROP;
}
