// SPDX-License-Identifier: GPL-2.0-only
/*
 * The model's own bounds: a program that would take it past its memory
 * or time cap ends with VM_MODEL_LIMIT and a "model: ... cap" reason,
 * promptly and without growing past the cap, never an OOM or a hang.
 *   test-model-limits
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include "verifier-model/object.h"
#include "verifier-model/result.h"

#define INSN(c, d, s, o, i) \
	((struct bpf_insn){ .code = (c), .dst_reg = (d), .src_reg = (s), .off = (o), .imm = (i) })

/*
 * r1 = 0; r2 = 0; loop: r1 += 1; r2 += r1; if r1 < 100000000 goto loop;
 * r0 = 0; exit. Every iteration is a new state (r1, r2 are constants), so
 * with no complexity limit the exploration only ends at a cap.
 */
static const struct bpf_insn endless[] = {
	INSN(BPF_ALU64 | BPF_MOV | BPF_K, 1, 0, 0, 0),
	INSN(BPF_ALU64 | BPF_MOV | BPF_K, 2, 0, 0, 0),
	INSN(BPF_ALU64 | BPF_ADD | BPF_K, 1, 0, 0, 1),
	INSN(BPF_ALU64 | BPF_ADD | BPF_X, 2, 1, 0, 0),
	INSN(BPF_JMP | BPF_JLT | BPF_K, 1, 0, -3, 100000000),
	INSN(BPF_ALU64 | BPF_MOV | BPF_K, 0, 0, 0, 0),
	INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0),
};

static long now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static long rss_mb(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss / 1024;
}

/* Verify `endless` with opt; check the verdict, the reason and the time. */
static int run(const char *what, const struct vm_options *opt, const char *want,
	       long max_ms)
{
	size_t n = sizeof(endless) / sizeof(endless[0]);
	struct bpf_insn insns[sizeof(endless) / sizeof(endless[0])];
	struct vm_insn_ref refs[sizeof(endless) / sizeof(endless[0])] = { 0 };
	struct vm_subprog sub = { .name = "endless", .start = 0, .len = n };
	struct vm_prog prog = { .name = "endless", .section = "socket",
				.type = BPF_PROG_TYPE_SOCKET_FILTER, .insns = insns,
				.n_insns = n, .refs = refs, .subprogs = &sub, .n_subprogs = 1 };
	struct vm_object obj = { .path = "endless.o", .license = "GPL",
				 .progs = &prog, .n_progs = 1 };
	struct vm_result res;
	long t0 = now_ms(), ms;
	int bad = 0;

	memcpy(insns, endless, sizeof(insns));
	if (vm_model_backend.verify(&obj, 0, opt, &res)) {
		printf("FAIL %s: verify did not run\n", what);
		return 1;
	}
	ms = now_ms() - t0;
	printf("%s: %s \"%s\" after %ld insns, %ld ms, peak rss %ld MB\n", what,
	       vm_verdict_name(res.verdict), res.reason, res.insns, ms, rss_mb());
	if (res.verdict != VM_MODEL_LIMIT || !strstr(res.reason, want)) {
		printf("FAIL %s: want model-limit \"%s\"\n", what, want);
		bad = 1;
	}
	if (ms > max_ms) {
		printf("FAIL %s: took %ld ms, more than %ld\n", what, ms, max_ms);
		bad = 1;
	}
	vm_result__free(&res);
	return bad;
}

int main(void)
{
	/* no complexity limit in the way: only the caps can end it */
	struct vm_options time_cap = { .max_insns = 4000000000L, .mem_cap_mb = 4096,
				       .time_cap_ms = 300 };
	struct vm_options mem_cap = { .max_insns = 4000000000L, .mem_cap_mb = 16,
				      .time_cap_ms = 120000 };
	int bad = 0;

	/* generous margins: sanitizers and a shared machine slow it down */
	bad |= run("time cap 300 ms", &time_cap, "time cap", 10000);
	bad |= run("memory cap 16 MB", &mem_cap, "memory cap", 60000);
	/* the memory cap bounds the process: far from an OOM */
	if (rss_mb() > 1024) {
		printf("FAIL: peak rss %ld MB with a 16 MB cap\n", rss_mb());
		bad = 1;
	}
	return bad;
}
