// SPDX-License-Identifier: GPL-2.0
/*
 * Programs libbpf cannot load as they are: a section it does not know
 * (the type is guessed from the context argument, as veristat does for
 * freplace) and an fentry without a target function (one line why).
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

SEC("xdp_custom_name")
int unknown_section(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;

	return data + 14 > end ? XDP_DROP : XDP_PASS;
}

SEC("fentry")
int no_target(void *ctx)
{
	return 0;
}
