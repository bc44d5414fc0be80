// SPDX-License-Identifier: GPL-2.0-only
/* Words that look like the attribute without being one. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* We used to write static __always_inline here; see the commit log. */
#define NO_ALWAYS_INLINE 1

__u32 always_inline_removed = NO_ALWAYS_INLINE;
const char reason[] = "__attribute__((always_inline)) is not needed";

// __always_inline static int old_helper(void);
static int helper(void)
{
	return always_inline_removed + sizeof(reason);
}

SEC("xdp")
int xdp_mentions(struct xdp_md *ctx)
{
	return helper() ? XDP_PASS : XDP_DROP;
}
