// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness: the verifier model on arbitrary instruction
 * sequences. Byte 0 picks the program type, the rest are bpf_insns; the
 * program is wrapped the way the loader would hand it over (one
 * subprogram, no relocations, "GPL") and verified with small caps, so
 * every input ends in well under a second.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "verifier-model/object.h"
#include "verifier-model/result.h"
#include "fuzz/fuzz.h"

/* Types the model knows well enough to go past the entry checks. */
static const enum bpf_prog_type types[] = {
	BPF_PROG_TYPE_SOCKET_FILTER, BPF_PROG_TYPE_KPROBE, BPF_PROG_TYPE_SCHED_CLS,
	BPF_PROG_TYPE_XDP, BPF_PROG_TYPE_TRACEPOINT, BPF_PROG_TYPE_PERF_EVENT,
	BPF_PROG_TYPE_RAW_TRACEPOINT, BPF_PROG_TYPE_CGROUP_SKB,
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct vm_options opt = { .max_insns = 100000, .mem_cap_mb = 64, .time_cap_ms = 300 };
	size_t n = size ? (size - 1) / sizeof(struct bpf_insn) : 0;
	struct bpf_insn *insns;
	struct vm_insn_ref *refs;
	struct vm_result res;

	if (n == 0 || n > 4096)
		return 0;
	/* one more for a final exit, so short inputs are whole programs */
	insns = calloc(n + 1, sizeof(*insns));
	refs = calloc(n + 1, sizeof(*refs));
	if (!insns || !refs)
		abort();
	memcpy(insns, data + 1, n * sizeof(*insns));
	insns[n] = (struct bpf_insn){ .code = BPF_JMP | BPF_EXIT };
	{
		struct vm_subprog sub = { .name = "fuzz", .start = 0, .len = n + 1, .global = true };
		struct vm_prog prog = { .name = "fuzz", .section = "fuzz",
					.type = types[data[0] % (sizeof(types) / sizeof(types[0]))],
					.insns = insns, .n_insns = n + 1, .refs = refs,
					.subprogs = &sub, .n_subprogs = 1 };
		struct vm_object obj = { .path = "fuzz.o", .license = "GPL",
					 .progs = &prog, .n_progs = 1 };

		if (vm_model_backend.verify(&obj, 0, &opt, &res) == 0) {
			if (res.verdict > VM_LOAD_ERROR || res.insns > opt.max_insns + 1)
				abort(); /* a verdict outside the contract */
			vm_result__free(&res);
		}
	}
	free(insns);
	free(refs);
	return 0;
}
