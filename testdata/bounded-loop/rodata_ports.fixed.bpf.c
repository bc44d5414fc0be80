// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: port_filter insns=93
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

/* From bcc's tcplife: two port-filter loops over loader-set .rodata share
 * one counter. The second loop's `i = 0` is a write, so the counter is not
 * read after the first loop and both get bpf_for. Measured: with all ports
 * zero (the loader set none) the verifier reads target_sports[0] == 0 from
 * frozen .rodata and leaves the plain loop at once: 12 insns, against 93
 * for bpf_for, so the textbook fix costs more for this input (the KERNEL
 * lines). With all 1024 ports set the plain loop costs 23567 insns and
 * bpf_for still 93. */
#define MAX_PORTS 1024

const volatile __u16 target_sports[MAX_PORTS] = {};
const volatile __u16 target_dports[MAX_PORTS] = {};
const volatile int filter_sport = 1;
const volatile int filter_dport = 1;

SEC("tc")
int port_filter(struct __sk_buff *skb)
{
	__u16 sport = skb->mark & 0xffff, dport = skb->mark >> 16;
	int found;
	int i;

	if (filter_sport) {
		found = 0;
		bpf_for(i, 0, MAX_PORTS) { // EXPECT: bounded-loop "1024 iterations"
			if (!target_sports[i])
				return 0;
			if (sport != target_sports[i])
				continue;
			found = 1;
			break;
		}
		if (!found)
			return 0;
	}
	if (filter_dport) {
		found = 0;
		bpf_for(i, 0, MAX_PORTS) { // EXPECT: bounded-loop "1024 iterations"
			if (!target_dports[i])
				return 0;
			if (dport != target_dports[i])
				continue;
			found = 1;
			break;
		}
		if (!found)
			return 0;
	}
	return 1;
}
