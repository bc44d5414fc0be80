// SPDX-License-Identifier: GPL-2.0
/*
 * Configuration in .rodata (a struct with an array and an enum), .data
 * and .bss, for -G: the work the verifier walks depends on .rodata.
 * With everything zero, scale_by_config returns at once and gated is
 * accepted; -G 'cfg.mode = MODE_DEEP' -G 'cfg.rounds[1] = 20' makes the
 * loop run, and -G 'cfg.mode = MODE_BAD' makes gated dereference a
 * scalar (rejected).
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

enum mode { MODE_OFF, MODE_DEEP, MODE_BAD };

struct config {
	enum mode mode;
	__u32 rounds[3];
	struct {
		__u16 port;
		__s8 level;
	};
};

const volatile struct config cfg = {};
const volatile __u64 limit = 0;
__u32 seen = 0;          /* .bss */
__u32 threshold = 7;     /* .data */

SEC("tc")
int scale_by_config(struct __sk_buff *skb)
{
	__u32 acc = 0;

	if (cfg.mode != MODE_DEEP)
		return 0;
	for (__u32 i = 0; i < cfg.rounds[1] && i < 64; i++) // EXPECT: bounded-loop "64 iterations"
		acc += skb->len ^ i;
	if (cfg.port == 80 && cfg.level < 0)
		acc++;
	return acc + limit + seen + threshold;
}

SEC("tc")
int gated(struct __sk_buff *skb)
{
	if (cfg.mode == MODE_BAD)   /* a scalar used as a pointer */
		return *(int *)(long)skb->len;
	return 0;
}
