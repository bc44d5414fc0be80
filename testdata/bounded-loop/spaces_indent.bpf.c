// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_two insns=1743
/* A file indented with four spaces: the lines the fixes add are indented
 * with four spaces too. The second loop reuses the name i, so its counter
 * gets a block of its own and the loop inside it is re-indented; the
 * third keeps its extra condition as a break at the top of the body. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

char LICENSE[] SEC("license") = "GPL";

__u64 rx[64], tx[64];
__u32 limit;
__u64 total;

SEC("xdp")
int sum_two(struct xdp_md *ctx)
{
    __u64 sum = 0;

    for (int i = 0; i < 64; i++) // EXPECT: bounded-loop "64 iterations"
        sum += rx[i];
    for (int i = 0; i < 64; i++) { // EXPECT: bounded-loop "64 iterations"
        if (tx[i] > 1000)
            break;
        sum += tx[i];
    }
    for (int k = 0; k < 64 && sum < limit; k++) { // EXPECT: bounded-loop "64 iterations"
        sum += rx[k] ^ tx[k];
    }
    total = sum;
    return XDP_PASS;
}
