/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * scc.c: loops of each subprogram as strongly connected components of its
 * flow graph (the kernel's compute_scc, 6.17+): an insn gets a non-zero id
 * when it lies on a cycle.
 */
#include <errno.h>
#include <stdlib.h>
#include "verifier-model/cfg.h"
#include "verifier-model/insn.h"
#include "verifier-model/scc.h"

static int edges(const struct vm_prog *p, size_t n, size_t i, long out[2])
{
	const struct bpf_insn *x = &p->insns[i];
	int k = 0;

	if (vm_insn_is_exit(x) || vm_insn_is_second_half(p->insns, i))
		return 0;
	if (vm_insn_is_ja(x)) {
		out[k++] = vm_insn_jmp_target(x, i);
	} else {
		out[k++] = (long)i + vm_insn_len(x);
		if (vm_insn_is_cond_jmp(x) || vm_insn_is_may_goto(x))
			out[k++] = vm_insn_jmp_target(x, i);
	}
	for (int e = 0; e < k; e++)
		if (out[e] < 0 || (size_t)out[e] >= n)
			out[e--] = out[--k];
	return k;
}

struct tarjan {
	long *index, *low, *stk, *cs, *ce;
	char *on;
	long sp, csp, next_index;
	int next_id;
};

static void finish(struct tarjan *t, struct vm_cfg *c, const struct vm_prog *p, long v)
{
	long w, count = 0, first = t->sp;
	long out[2];

	do {
		w = t->stk[--first];
		count++;
	} while (w != v);
	/* a single insn is a loop only with a self edge */
	bool loop = count > 1;

	if (!loop) {
		int k = edges(p, c->n, (size_t)v, out);

		for (int e = 0; e < k; e++)
			loop |= out[e] == v;
	}
	if (loop)
		t->next_id++;
	while (t->sp > first) {
		w = t->stk[--t->sp];
		t->on[w] = 0;
		c->scc[w] = loop ? t->next_id : 0;
	}
}

int vm_cfg_scc(const struct vm_prog *p, struct vm_cfg *c)
{
	struct tarjan t = { 0 };
	size_t n = c->n;
	int ret = 0;

	t.index = malloc(sizeof(long) * n);
	t.low = malloc(sizeof(long) * n);
	t.stk = malloc(sizeof(long) * n);
	t.cs = malloc(sizeof(long) * n);   /* call stack: node */
	t.ce = malloc(sizeof(long) * n);   /* call stack: next edge */
	t.on = calloc(n, 1);
	if (!t.index || !t.low || !t.stk || !t.cs || !t.ce || !t.on) {
		ret = -ENOMEM;
		goto out;
	}
	for (size_t i = 0; i < n; i++)
		t.index[i] = -1;
	for (size_t root = 0; root < n; root++) {
		if (t.index[root] >= 0 || vm_insn_is_second_half(p->insns, root))
			continue;
		t.cs[0] = (long)root;
		t.ce[0] = 0;
		t.csp = 1;
		t.index[root] = t.low[root] = t.next_index++;
		t.stk[t.sp++] = (long)root;
		t.on[root] = 1;
		while (t.csp) {
			long v = t.cs[t.csp - 1], out[2];
			int k = edges(p, n, (size_t)v, out);

			if (t.ce[t.csp - 1] < k) {
				long w = out[t.ce[t.csp - 1]++];

				if (t.index[w] < 0) {
					t.index[w] = t.low[w] = t.next_index++;
					t.stk[t.sp++] = w;
					t.on[w] = 1;
					t.cs[t.csp] = w;
					t.ce[t.csp++] = 0;
				} else if (t.on[w] && t.index[w] < t.low[v]) {
					t.low[v] = t.index[w];
				}
				continue;
			}
			if (t.low[v] == t.index[v])
				finish(&t, c, p, v);
			t.csp--;
			if (t.csp) {
				long u = t.cs[t.csp - 1];

				if (t.low[v] < t.low[u])
					t.low[u] = t.low[v];
			}
		}
	}
out:
	free(t.index);
	free(t.low);
	free(t.stk);
	free(t.cs);
	free(t.ce);
	free(t.on);
	return ret;
}
