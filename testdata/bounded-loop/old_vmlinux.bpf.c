// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: count_ports insns=11479
/* A project that includes its own vmlinux.h, older than struct
 * bpf_iter_num (6.4), with Debian's libbpf 1.1: the fix adds the struct
 * and the kfunc declarations to this file because the unit lacks them
 * (whatever the header versions say), and leaves vmlinux.h alone. */
#include "project_vmlinux/vmlinux.h"
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

#define N_PORTS 512

__u16 ports[N_PORTS];
__u32 hits;

SEC("xdp")
int count_ports(struct xdp_md *ctx)
{
	__u32 n = 0;

	for (int i = 0; i < N_PORTS; i++) { // EXPECT: bounded-loop "512 iterations"
		if (ports[i] == 443)
			n++;
	}
	hits = n;
	return XDP_PASS;
}
