// SPDX-License-Identifier: GPL-2.0
/*
 * An object without a single map (no .maps, no global data): a callback's
 * address loaded by ld_imm64 is still a function, not a map. The model
 * once refused it ("fd N is not pointing to valid bpf_map") because it
 * checked every ld_imm64 against the object's map count. EXPECT-VERDICT
 * is what 6.18 answers (measured); tests/model/btf_args.py holds the model
 * to it and to the live kernel.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

static int count_round(__u64 i, void *ctx)
{
	return i > 2;
}

/* EXPECT-VERDICT: accepted — bpf_loop with a callback, no map anywhere */
SEC("raw_tp")
int loop_without_maps(void *ctx)
{
	return bpf_loop(4, count_round, NULL, 0) > 0; // EXPECT: bpf-loop-callback
}
