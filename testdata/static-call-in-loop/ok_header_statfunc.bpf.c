// SPDX-License-Identifier: GPL-2.0-only
/*
 * A helper defined in a project header through a statfunc macro
 * (static __always_inline, tracee's style) and called with the loop
 * counter: it is inlined, not verified per call, so not reported. The
 * rule used to read the words before the name in the main file at the
 * header's offsets, missed always_inline and reported it (issue 19).
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "ok_header_statfunc.h"

char LICENSE[] SEC("license") = "GPL";

__u64 sum;

SEC("tracepoint/syscalls/sys_enter_getpid")
int walk_args(void *ctx)
{
	for (int index = 0; index < 6; index++)
		sum += save_arg(ctx, index);
	return 0;
}
