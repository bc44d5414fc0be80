/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * env.c: the verifier environment's own helpers: verdicts in the kernel's
 * words, the current frame and registers, states copied, freed and pushed
 * with their memory counted against the model's cap, and the time cap.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "verifier-model/env.h"
#include "verifier-model/loops.h"

int vm_env__reject(struct vm_env *env, const char *fmt, ...)
{
	va_list ap;

	if (env->stop != VM_STOP_NONE)
		return -EACCES;
	va_start(ap, fmt);
	vsnprintf(env->reason, sizeof(env->reason), fmt, ap);
	va_end(ap);
	env->stop = VM_STOP_REJECT;
	return -EACCES;
}

int vm_env__limit(struct vm_env *env, const char *fmt, ...)
{
	va_list ap;

	if (env->stop != VM_STOP_NONE)
		return -E2BIG;
	va_start(ap, fmt);
	vsnprintf(env->reason, sizeof(env->reason), fmt, ap);
	va_end(ap);
	env->stop = VM_STOP_LIMIT;
	return -E2BIG;
}

int vm_env__check_read(struct vm_env *env, int regno)
{
	if (regno < 0 || regno >= VM_MAX_REG)
		return vm_env__reject(env, "R%d is invalid", regno);
	if (vm_env__reg(env, regno)->type == VM_NOT_INIT)
		return vm_env__reject(env, "R%d !read_ok", regno);
	return 0;
}

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

static void mem_add(struct vm_env *env, const struct vm_state *st, int sign)
{
	size_t b = vm_state__bytes(st);

	if (sign > 0) {
		env->mem += b;
		if (env->mem > env->mem_peak)
			env->mem_peak = env->mem;
	} else {
		env->mem = env->mem > b ? env->mem - b : 0;
	}
}

struct vm_state *vm_env__copy(struct vm_env *env, const struct vm_state *src)
{
	struct vm_state *st = vm_state__copy(src);

	if (!st) {
		vm_env__limit(env, "model: out of memory");
		return NULL;
	}
	mem_add(env, st, 1);
	if (env->mem_cap && env->mem > env->mem_cap) {
		vm_env__limit(env, "model: memory cap of %zu MB reached", env->mem_cap >> 20);
		mem_add(env, st, -1);
		vm_state__free(st);
		return NULL;
	}
	return st;
}

void vm_env__free(struct vm_env *env, struct vm_state *st)
{
	if (!st)
		return;
	mem_add(env, st, -1);
	vm_state__free(st);
}

/* peak_states (6.17+): explored + evicted-but-alive + loop backedges. */
void vm_env__update_peak(struct vm_env *env)
{
	long n = env->explored + env->freed_pending + env->n_backedges;

	if (n > env->peak_states)
		env->peak_states = n;
}

struct vm_state *vm_env__push(struct vm_env *env, int insn, int prev)
{
	struct vm_state *st;

	if (env->nstack == env->capstack) {
		size_t cap = env->capstack ? env->capstack * 2 : 64;
		struct vm_pending *p = realloc(env->stack, sizeof(*p) * cap);

		if (!p) {
			vm_env__limit(env, "model: out of memory");
			return NULL;
		}
		env->stack = p;
		env->capstack = cap;
	}
	st = vm_env__copy(env, env->cur);
	if (!st)
		return NULL;
	env->stack[env->nstack++] = (struct vm_pending){ st, insn, prev };
	if (env->nstack > VM_COMPLEXITY_LIMIT_JMP_SEQ) {
		vm_env__reject(env, "The sequence of %zu jumps is too complex.", env->nstack);
		return NULL;
	}
	if (st->parent)
		st->parent->branches++;
	return st;
}

int vm_env__check_caps(struct vm_env *env)
{
	if (env->time_cap_ms && now_ms() - env->t0_ms > env->time_cap_ms)
		return vm_env__limit(env, "model: time cap of %ld ms reached", env->time_cap_ms);
	return 0;
}

/* Free every state of a run: current, pending, explored, evicted. */
void vm_env__free_states(struct vm_env *env)
{
	vm_env__free(env, env->cur);
	env->cur = NULL;
	while (env->nstack)
		vm_env__free(env, env->stack[--env->nstack].st);
	free(env->stack);
	env->stack = NULL;
	env->capstack = 0;
	vm_scc_reset(env);
	for (size_t b = 0; env->buckets && b < env->prog->n_insns; b++)
		while (env->buckets[b]) {
			struct vm_state *st = env->buckets[b];

			env->buckets[b] = st->next;
			vm_env__free(env, st);
		}
	while (env->free_list) {
		struct vm_state *st = env->free_list;

		env->free_list = st->next;
		vm_env__free(env, st);
	}
	/* explored/freed_pending stay: the kernel's peak counts across runs */
}
