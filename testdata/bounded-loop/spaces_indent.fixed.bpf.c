// SPDX-License-Identifier: GPL-2.0-only
// KERNEL: sum_two insns=0
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

    {
        int i;
        bpf_for(i, 0, 64) // EXPECT: bounded-loop "64 iterations"
            sum += rx[i];
    }
    {
        int i;
        bpf_for(i, 0, 64) { // EXPECT: bounded-loop "64 iterations"
            if (tx[i] > 1000)
                break;
            sum += tx[i];
        }
    }
    int k;
    bpf_for(k, 0, 64) { // EXPECT: bounded-loop "64 iterations"
        if (!(sum < limit))
            break;
        sum += rx[k] ^ tx[k];
    }
    total = sum;
    return XDP_PASS;
}
