// SPDX-License-Identifier: GPL-2.0
/* The complexity limit: a bounded loop whose every iteration is a new
 * verifier state (16 processed insns each). near_limit is accepted just
 * under 1,000,000 processed insns (the benchmark case); over_limit, one
 * iteration more, is refused at 1,000,001. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

__u64 arr[64];
__u64 result;

#define SUM_LOOP(n)						\
	do {							\
		__u64 sum = 0;					\
		for (int i = 0; i < (n); i++) {			\
			sum += arr[i & 63];			\
			sum ^= sum >> 7;			\
		}						\
		result = sum;					\
	} while (0)

SEC("tp/syscalls/sys_enter_getpid")
int near_limit(void *ctx)
{
	SUM_LOOP(62499);
	return 0;
}

SEC("tp/syscalls/sys_enter_getpid")
int over_limit(void *ctx)
{
	SUM_LOOP(62500);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
