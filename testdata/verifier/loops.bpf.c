// SPDX-License-Identifier: GPL-2.0
/* The article's loop shapes, one program each, all summing arr[i] over
 * 100 elements of a global array. Rejected shapes are kept on purpose
 * (their kernel verdicts are recorded in kernel-6.18.tsv). */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

#define N 100

__u64 arr[N];
__u64 result;
int zero;              /* a global: the verifier does not know it is 0 */
__u64 zero64;         /* the same, 64-bit: no zero-extension between copies */

SEC("tp/syscalls/sys_enter_getpid")
int bounded_for(void *ctx)
{
	__u64 sum = 0;

	for (int i = 0; i < N; i++)
		sum += arr[i];
	result = sum;
	return 0;
}

SEC("tp/syscalls/sys_enter_getpid")
int pragma_unroll(void *ctx)
{
	__u64 sum = 0;

#pragma unroll
	for (int i = 0; i < N; i++)
		sum += arr[i];
	result = sum;
	return 0;
}

SEC("tp/syscalls/sys_enter_getpid")
int bpf_for_loop(void *ctx)
{
	__u64 sum = 0;
	int i;

	bpf_for(i, 0, N)
		sum += arr[i];
	result = sum;
	return 0;
}

/* Rejected: i is unbounded inside bpf_repeat, arr[i] may be out of bounds. */
SEC("tp/syscalls/sys_enter_getpid")
int repeat_no_check(void *ctx)
{
	__u64 sum = 0;
	int i = 0;

	bpf_repeat(N) {
		sum += arr[i];
		i++;
	}
	result = sum;
	return 0;
}

/* In bounds, but the verifier walks every value of i: too many insns. */
SEC("tp/syscalls/sys_enter_getpid")
int repeat_check(void *ctx)
{
	__u64 sum = 0;
	int i = 0;

	bpf_repeat(N) {
		if (i < N)
			sum += arr[i];
		i++;
	}
	result = sum;
	return 0;
}

/* Accepted, the body processed about N times. */
SEC("tp/syscalls/sys_enter_getpid")
int repeat_check_break(void *ctx)
{
	__u64 sum = 0;
	int i = 0;

	bpf_repeat(N) {
		if (i < N)
			sum += arr[i];
		else
			break;
		i++;
	}
	result = sum;
	return 0;
}

/* The article's global-zero variant with a signed i: i may be negative. */
SEC("tp/syscalls/sys_enter_getpid")
int repeat_zero_signed(void *ctx)
{
	__u64 sum = 0;
	int i = zero;

	bpf_repeat(N) {
		if (i < N)
			sum += arr[i];
		else
			break;
		i++;
	}
	result = sum;
	return 0;
}

/* Unsigned, but clang turns arr[i] into a pointer bumped by 8 per
 * iteration (scalar evolution): the pointer is unbounded. Rejected. */
SEC("tp/syscalls/sys_enter_getpid")
int repeat_zero_unsigned(void *ctx)
{
	__u64 sum = 0;
	unsigned int i = zero;

	bpf_repeat(N) {
		if (i < N)
			sum += arr[i];
		else
			break;
		i++;
	}
	result = sum;
	return 0;
}

/* The working global-zero variant: 64-bit i, barrier_var keeps the index. */
SEC("tp/syscalls/sys_enter_getpid")
int repeat_zero_u64_barrier(void *ctx)
{
	__u64 sum = 0, i = zero64;

	bpf_repeat(N) {
		barrier_var(i);
		if (i < N)
			sum += arr[i];
		else
			break;
		i++;
	}
	result = sum;
	return 0;
}

SEC("tp/syscalls/sys_enter_getpid")
int can_loop_const(void *ctx)
{
	__u64 sum = 0;

	for (int i = 0; i < N && can_loop; i++)
		sum += arr[i];
	result = sum;
	return 0;
}

SEC("tp/syscalls/sys_enter_getpid")
int can_loop_zero(void *ctx)
{
	__u64 sum = 0;

	for (int i = zero; i < N && can_loop; i++)
		sum += arr[i];
	result = sum;
	return 0;
}

/* The article's "Ok" form; with a signed i, 6.18 rejects it (i < 0). */
SEC("tp/syscalls/sys_enter_getpid")
int can_loop_zero_barrier(void *ctx)
{
	__u64 sum = 0;

	for (int i = zero; i < N && can_loop; i++) {
		barrier_var(i);
		sum += arr[i];
	}
	result = sum;
	return 0;
}

/* Working forms: a 64-bit unsigned i, or a signed i checked for i >= 0. */
SEC("tp/syscalls/sys_enter_getpid")
int can_loop_zero_u64_barrier(void *ctx)
{
	__u64 sum = 0;

	for (__u64 i = zero64; i < N && can_loop; i++) {
		barrier_var(i);
		sum += arr[i];
	}
	result = sum;
	return 0;
}

SEC("tp/syscalls/sys_enter_getpid")
int can_loop_zero_checked(void *ctx)
{
	__u64 sum = 0;

	for (int i = zero; i < N && can_loop; i++) {
		barrier_var(i);
		if (i >= 0)
			sum += arr[i];
	}
	result = sum;
	return 0;
}

/* Rejected: a loop whose state repeats exactly, with nothing to stop it. */
SEC("tp/syscalls/sys_enter_getpid")
int infinite_loop(void *ctx)
{
	volatile int spin = 1;

	while (spin)
		;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
