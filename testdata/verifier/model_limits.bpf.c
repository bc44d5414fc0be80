// SPDX-License-Identifier: GPL-2.0
/* Model calibration for the limits: the 8192 pending-jump limit, a tail
 * call inside a subprogram (it leaves the frame), and a call chain nine
 * frames deep. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

__u64 arr[64];
__u64 res;
int input;

/* Each iteration pushes its break: the pending stack passes 8192. */
SEC("tp/syscalls/sys_enter_getpid")
int jmp_seq(void *ctx)
{
	__u32 i;

	for (i = 0; i < 100000; i++) {
		if (arr[i & 63] == 5)
			break;
	}
	res = i;
	return 0;
}

struct {
	__uint(type, BPF_MAP_TYPE_PROG_ARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u32);
} jt SEC(".maps");

static __noinline int deep(void *ctx, int x)
{
	volatile char buf[300] = {};

	buf[x & 255] = 1;
	bpf_tail_call(ctx, &jt, 0);
	return buf[7];
}

SEC("tp/syscalls/sys_enter_getpid")
int tail_in_subprog(void *ctx)
{
	volatile char big[100] = {};

	big[3] = 1;
	return deep(ctx, big[3]);
}

#define LINK(n, next) \
static __noinline int n(int x) { return next(x ^ input) + 1; }
static __noinline int c9(int x) { return x * input; }
LINK(c8, c9) LINK(c7, c8) LINK(c6, c7) LINK(c5, c6) LINK(c4, c5) LINK(c3, c4)
LINK(c2, c3) LINK(c1, c2)

SEC("tp/syscalls/sys_enter_getpid")
int nine_frames(void *ctx)
{
	return c1(input);
}

char LICENSE[] SEC("license") = "GPL";
