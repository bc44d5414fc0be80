// SPDX-License-Identifier: GPL-2.0-only
/* The other half: a global function the linked object resolves. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

__noinline int slot_limit(__u32 idx)
{
	return 1000 + (int)(idx & 7);
}
