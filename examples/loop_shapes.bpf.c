// SPDX-License-Identifier: GPL-2.0-only
/*
 * The loop shapes from "Taking BPF programs beyond one-million
 * instructions" (LWN, 2025) in one tracing program: the costly ones are
 * reported, the modern ones (bpf_for over a constant range) are not.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

#define N 100

__u64 arr[N];
__u64 sink;

static void consume(__u64 v)
{
	sink += v;
}

/* Global and not inlined: verified once, each call costs one instruction. */
__noinline int consume_once(__u64 v)
{
	sink += v;
	return 0;
}

SEC("tracepoint/syscalls/sys_enter_getpid")
int repeat_from_constant(void *ctx)
{
	int i = 0;

	/* Bad: i starts at a constant, so the verifier walks every value. */
	bpf_repeat(N) {
		if (i < N)
			consume(arr[i]);
		else
			break;
		i++;
	}
	return 0;
}

SEC("tracepoint/syscalls/sys_enter_getppid")
int can_loop_from_constant(void *ctx)
{
	/* Ok but processed many times: each iteration is a new state. */
	for (int i = 0; i < N && can_loop; i++)
		consume(arr[i]);
	return 0;
}

SEC("tracepoint/syscalls/sys_enter_gettid")
int modern(void *ctx)
{
	int i;

	/* Ok, only processes the loop body once. */
	bpf_for(i, 0, N)
		consume_once(arr[i]);
	return 0;
}
