/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * trace.c: VM_MODEL_TRACE=1 prints the model's walk to stderr in a shape
 * close to the kernel's level-2 log ("N: R1=... R6_w=..." and "N: safe"),
 * for calibrating against the real verifier.
 */
#include <stdio.h>
#include <stdlib.h>
#include "verifier-model/env.h"
#include "verifier-model/trace.h"

bool vm_trace_enabled;

/* Read once at start: it is asked in the hottest loops, from several threads. */
__attribute__((constructor)) static void read_trace_env(void)
{
	vm_trace_enabled = getenv("VM_MODEL_TRACE") != NULL;
}


static void print_reg(const struct vm_reg *r, const char *name)
{
	char buf[160], tn[48];

	if (r->type == VM_NOT_INIT)
		return;
	if (r->type == VM_SCALAR) {
		scalar_snprint(buf, sizeof(buf), &r->s);
		fprintf(stderr, " %s%s=%s", name, r->precise ? "P" : "", buf);
		return;
	}
	fprintf(stderr, " %s=%s(off=%d", name, vm_reg__type_name(r, tn, sizeof(tn)), r->off);
	if (!scalar_is_const(&r->s) || scalar_const_value(&r->s)) {
		scalar_snprint(buf, sizeof(buf), &r->s);
		fprintf(stderr, ",var=%s", buf);
	}
	if (r->range)
		fprintf(stderr, ",r=%d", r->range);
	if (r->id)
		fprintf(stderr, ",id=%u", r->id);
	fprintf(stderr, ")");
}

void vm_trace_state(struct vm_env *env, int idx, const char *what)
{
	vm_trace_one(env->cur, idx, what);
}

void vm_trace_one(const struct vm_state *st, int idx, const char *what)
{
	char name[16];

	fprintf(stderr, "%d: %s frame%d", idx, what, st->curframe);
	for (int f = 0; f <= st->curframe; f++) {
		const struct vm_frame *fr = st->frame[f];

		fprintf(stderr, " |");
		for (int r = 0; r < VM_REG_FP; r++) {
			snprintf(name, sizeof(name), f == st->curframe ? "R%d" : "f%dR%d",
				 f == st->curframe ? r : f, r);
			if (f == st->curframe)
				snprintf(name, sizeof(name), "R%d", r);
			print_reg(&fr->regs[r], name);
		}
		for (int s = 0; s < fr->nslots; s++) {
			if (fr->slots[s].type[0] == VM_SLOT_SPILL) {
				snprintf(name, sizeof(name), "fp%d", -8 * (s + 1));
				print_reg(&fr->slots[s].spilled, name);
			} else if (fr->slots[s].type[0] == VM_SLOT_MISC) {
				fprintf(stderr, " fp%d=m", -8 * (s + 1));
			} else if (fr->slots[s].type[0] == VM_SLOT_ZERO) {
				fprintf(stderr, " fp%d=z", -8 * (s + 1));
			} else if (fr->slots[s].type[0] == VM_SLOT_ITER) {
				fprintf(stderr, " fp%d=iter(%s,d=%u)", -8 * (s + 1),
					fr->slots[s].iter_state == VM_ITER_ACTIVE ? "active" : "drained",
					fr->slots[s].iter_depth);
			}
		}
	}
	fprintf(stderr, "\n");
}
