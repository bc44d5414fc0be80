// SPDX-License-Identifier: GPL-2.0-only
// LINT-ARGS: --config=testdata/pragma-unroll/off.yaml
/* Turned off by a config file. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

__u32 v[4];

SEC("xdp")
int xdp_off(struct xdp_md *ctx)
{
#pragma unroll
	for (int i = 0; i < 4; i++)
		v[i] = i;
	return XDP_PASS;
}
