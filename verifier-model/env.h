/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The verifier environment every exploration file works in (struct
 * vm_env) and its own helpers (env.c).
 */
#ifndef VM_ENV_H
#define VM_ENV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "verifier-model/cfg.h"
#include "verifier-model/fastcall.h"
#include "verifier-model/object.h"
#include "verifier-model/result.h"
#include "verifier-model/state.h"

#define VM_COMPLEXITY_LIMIT_INSNS 1000000
#define VM_COMPLEXITY_LIMIT_JMP_SEQ 8192
#define VM_MAX_VAR_OFF (1 << 29)

/* Why exploration stopped: a verdict the kernel would give, or our cap. */
enum vm_stop { VM_STOP_NONE, VM_STOP_REJECT, VM_STOP_LIMIT, VM_STOP_ERROR };

struct vm_scc_visit;
struct vm_stack_live;
struct vm_stack_extra;

struct vm_pending {
	struct vm_state *st;
	int insn, prev;
};

struct vm_env {
	const struct vm_object *obj;
	const struct vm_prog *prog;
	const struct vm_options *opt;
	struct vm_cfg cfg;
	struct vm_state *cur;
	struct vm_pool pool;           /* every state of the run (pool.h) */
	int insn_idx, prev_insn_idx;
	struct vm_pending *stack;
	size_t nstack, capstack;
	struct vm_state **buckets;     /* explored states, prog->n_insns buckets */
	long explored, freed_pending;  /* states in lists / in the free list */
	struct vm_state *free_list;
	long insn_processed, jmps_processed, prev_insn_processed, prev_jmps_processed;
	long total_states, peak_states, max_states_per_insn;
	long *insn_counts;
	uint32_t id_gen;
	int *stack_depth;              /* per subprogram, bytes */
	bool *global_called, *global_done;
	int global_subprog;            /* subprog being verified (-1 main) */
	enum vm_stop stop;
	char reason[256];
	size_t mem, mem_peak, mem_cap;
	long time_cap_ms, t0_ms, check_every;
	void *vmlinux_btf;             /* struct btf *, loaded lazily */
	struct vm_scc_visit *visits;   /* per SCC id (loops.c) */
	long n_backedges;
	long precise_marks;            /* precision marks set so far */
	uint8_t *kconfig;              /* .kconfig values (kconfig.c), lazily */
	int *special_at;               /* per map: lock and timer offset + 2, 0 unknown (locks.c) */
	struct vm_stack_live *live;    /* 6.18 stack liveness (stack_live.c), or NULL */
	struct vm_fastcall fastcall;   /* bpf_fastcall patterns (fastcall.c) */
	struct vm_stack_extra *stack_extra; /* per insn: bpf_loop inlining, may_goto (stack_extra.c) */
	int8_t arena;                  /* program names an arena map: 1, no: -1, 0 not known yet */
};

/* Reject with the kernel's words; returns -EACCES for convenient returns. */
int vm_env__reject(struct vm_env *env, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The model's own cap was hit (memory, time, unsupported construct). */
int vm_env__limit(struct vm_env *env, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Copy / free a state, accounting its memory against the cap. */
struct vm_state *vm_env__copy(struct vm_env *env, const struct vm_state *src);
void vm_env__free(struct vm_env *env, struct vm_state *st);
/* Update peak_states from the live state counts. */
void vm_env__update_peak(struct vm_env *env);
/* Current frame and register helpers. */
/* Inline: every simulated insn asks several times (3% of a long walk as calls). */
static inline struct vm_frame *vm_env__frame(struct vm_env *env)
{
	return env->cur->frame[env->cur->curframe];
}

static inline struct vm_reg *vm_env__reg(struct vm_env *env, int regno)
{
	return &vm_env__frame(env)->regs[regno];
}
/* Check that regno is readable (not NOT_INIT): "R%d !read_ok". */
int vm_env__check_read(struct vm_env *env, int regno);

/* Push the other side of a fork: a copy of cur resuming at insn. */
struct vm_state *vm_env__push(struct vm_env *env, int insn, int prev);

/* The model's time cap (vm_options) passed: a "model limit" verdict. */
int vm_env__check_caps(struct vm_env *env);
/* Free every checkpoint and pending branch env holds. */
void vm_env__free_states(struct vm_env *env);

#endif
