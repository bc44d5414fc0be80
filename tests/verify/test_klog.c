/* SPDX-License-Identifier: GPL-2.0-only */
/* The verifier-log parser on log excerpts in the formats 6.18 prints. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "verifier-model/klog.h"

static int failures;

#define CHECK(cond) do { if (!(cond)) { failures++; \
	fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, #cond); } } while (0)

static const char accepted[] =
	"func#0 @0\n"
	"0: R1=ctx() R10=fp0\n"
	"; int x = 0; @ t.bpf.c:5\n"
	"0: (b7) r0 = 0                        ; R0_w=0\n"
	"1: (15) if r1 == 0x0 goto pc+1\n"
	"2: (07) r0 += 1                       ; R0_w=1\n"
	"3: (95) exit\n"
	"\n"
	"from 1 to 3: safe\n"
	"mark_precise: frame0: last_idx 2 first_idx 0 subseq_idx -1\n"
	"mark_precise: frame0: regs=r0 stack= before 1: (15) if r1 == 0x0 goto pc+1\n"
	"Live regs before insn:\n"
	"      0: .1........ (b7) r0 = 0\n"
	"3: safe\n"
	"verification time 12 usec\n"
	"stack depth 8+0\n"
	"processed 6 insns (limit 1000000) max_states_per_insn 1 total_states 2 "
	"peak_states 2 mark_read 0\n";

static const char rejected[] =
	"arg#0 reference type('UNKNOWN ') size cannot be determined: -22\n"
	"; while (spin) @ loops.bpf.c:209\n"
	"infinite loop detected at insn 3\n"
	"cur state: R1=scalar() R10=fp0\n"
	"old state: R1=scalar() R10=fp0\n"
	"verification time 62 usec\n"
	"stack depth 8\n"
	"processed 12 insns (limit 1000000) max_states_per_insn 0 total_states 1 "
	"peak_states 1 mark_read 0\n";

int main(void)
{
	struct vm_klog_stats st;
	char reason[256];
	long *c = NULL;
	size_t n = 0;
	long sum;

	CHECK(vm_klog__parse_stats(accepted, &st) == 0);
	CHECK(st.insns == 6 && st.max_states_per_insn == 1 && st.total_states == 2 &&
	      st.peak_states == 2 && st.duration_us == 12);
	CHECK(!strcmp(st.stack_depth, "8+0"));
	sum = vm_klog__insn_counts(accepted, &c, &n);
	/* insns 0..3, then the prunes at 3 ("from 1 to 3") and 3 ("3: safe");
	 * not the state line "0: R1=", mark_precise or the liveness table */
	CHECK(sum == 6);
	CHECK(c && n >= 4 && c[0] == 1 && c[1] == 1 && c[2] == 1 && c[3] == 3);
	free(c);

	CHECK(vm_klog__parse_stats(rejected, &st) == 0 && st.insns == 12);
	CHECK(vm_klog__insn_counts(rejected, &c, &n) == 1 && n > 3 && c[3] == 1);
	free(c);
	vm_klog__reason(rejected, reason, sizeof(reason));
	CHECK(!strcmp(reason, "infinite loop detected at insn 3"));
	vm_klog__reason("libbpf: nothing\n", reason, sizeof(reason));
	CHECK(!strcmp(reason, "libbpf: nothing"));
	CHECK(vm_klog__parse_stats("no stats here\n", &st) == -2 && st.duration_us == -1);
	CHECK(vm_klog__insn_counts("", &c, &n) == 0);
	free(c);
	printf("%d failures\n", failures);
	return failures ? 1 : 0;
}
