// SPDX-License-Identifier: GPL-2.0-only
/* Kept on purpose and suppressed the clang-tidy way, in each of its forms. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

__u32 a, b, c, d;

static __always_inline void set_a(void) // NOLINT(always-inline)
{
	a = 1;
}

// NOLINTNEXTLINE(always-*)
static __always_inline void set_b(void)
{
	b = 2;
}

// NOLINTBEGIN(always-inline)
static __always_inline void set_c(void)
{
	c = 3;
}
// NOLINTEND(always-inline)

static __always_inline void set_d(void) // NOLINT
{
	d = 4;
}

SEC("xdp")
int xdp_set(struct xdp_md *ctx)
{
	set_a();
	set_b();
	set_c();
	set_d();
	return XDP_PASS;
}
