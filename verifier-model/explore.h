/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The model's do_check: the verifier environment shared by the
 * exploration files (explore.c, exec.c, memcheck.c, calls.c,
 * precision.c), and the entry point model.c calls.
 */
#ifndef VM_EXPLORE_H
#define VM_EXPLORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "verifier-model/cfg.h"
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
	struct vm_stack_live *live;    /* 6.18 stack liveness (stack_live.c), or NULL */
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
struct vm_frame *vm_env__frame(struct vm_env *env);
struct vm_reg *vm_env__reg(struct vm_env *env, int regno);
/* Check that regno is readable (not NOT_INIT): "R%d !read_ok". */
int vm_env__check_read(struct vm_env *env, int regno);

/* Push the other side of a fork: a copy of cur resuming at insn. */
struct vm_state *vm_env__push(struct vm_env *env, int insn, int prev);

/* Simulate one non-jump insn at env->insn_idx (exec.c, memcheck.c). */
int vm_exec_alu(struct vm_env *env, const struct bpf_insn *insn);
int vm_exec_ld_imm64(struct vm_env *env, const struct bpf_insn *insn);
int vm_exec_cond_jmp(struct vm_env *env, const struct bpf_insn *insn);
int vm_exec_ldx(struct vm_env *env, const struct bpf_insn *insn);
int vm_exec_st(struct vm_env *env, const struct bpf_insn *insn);
int vm_exec_atomic(struct vm_env *env, const struct bpf_insn *insn);
int vm_exec_ld_abs(struct vm_env *env, const struct bpf_insn *insn);

/*
 * Check an access of size bytes at reg+off (memcheck.c). write: store;
 * val: the stored register (NULL for BPF_ST/helpers); dst: register
 * receiving a load (-1 none). Used by loads, stores and helper args.
 */
int vm_check_mem(struct vm_env *env, int regno, int off, int size, bool write,
		 const struct vm_reg *val, int dst, bool sx);
/* assign_scalar_id_before_mov: a scalar copied (moved or spilled) gets an id to share. */
void vm_assign_id_before_mov(struct vm_env *env, struct vm_reg *src);
/* check_ptr_alignment of an access at reg + off; strict_once: atomics, MEM_ALIGNED args. */
int vm_check_alignment(struct vm_env *env, const struct vm_reg *reg, int off, int size,
		       bool strict_once);
/* A helper reads (write=false) or fills size bytes at register regno. */
int vm_check_helper_mem(struct vm_env *env, int regno, long size, bool write,
			bool zero_ok);
/* Stack bookkeeping: record the frame's depth for off (negative). */
void vm_note_stack_depth(struct vm_env *env, int frameno, int off);
/* The stack slot regno points at (const offset), or NULL. */
struct vm_slot *vm_stack_slot(struct vm_env *env, const struct vm_reg *reg,
			      int off, int *spi_out);
/* Narrow a loaded scalar to size bytes (coerce_reg_to_size[_sx]). */
void vm_coerce_to_size(struct vm_scalar *s, int size, bool sx);

/*
 * Calls and returns (calls.c). Return 0 to continue at env->insn_idx,
 * 1 when the path ended, negative on rejection.
 */
int vm_exec_call(struct vm_env *env, const struct bpf_insn *insn);
int vm_exec_exit(struct vm_env *env, const struct bpf_insn *insn);
int vm_exec_may_goto(struct vm_env *env, const struct bpf_insn *insn);
/* Acquire a reference (ringbuf record, iterator); its id, or 0 if full. */
uint32_t vm_acquire_ref(struct vm_env *env, int insn);
/* Release reference ref: 0, or reject. */
int vm_release_ref(struct vm_env *env, uint32_t ref);
/* Push a callback call: a pending state entering subprog at the call insn. */
int vm_push_callback(struct vm_env *env, int subprog, int kind);
/*
 * Before 6.8: enter the callback once, now, in the current state (args:
 * the caller's registers before the call). Returns 1 (insn_idx is set).
 */
int vm_enter_callback(struct vm_env *env, int subprog, int helper, const struct vm_reg *args);
/* Static or global subprogram call at env->insn_idx. */
int vm_exec_subprog_call(struct vm_env *env, const struct bpf_insn *insn);
/*
 * Type a global subprogram's arguments from BTF into regs[1..*nargs]
 * (btf_prepare_func_args). report: reject in the kernel's words on error.
 */
int vm_global_args(struct vm_env *env, int subprog, struct vm_reg *regs, int *nargs,
		   bool report);
/* Set up frame 0 for the program or for a global subprogram. */
int vm_init_entry_state(struct vm_env *env, int subprog);

/* Precision (precision.c). */
int vm_mark_precise(struct vm_env *env, int regno);
int vm_mark_precise_slot(struct vm_env *env, int frame, int spi);
void vm_mark_all_precise(struct vm_env *env, struct vm_state *st);
void vm_mark_all_imprecise(struct vm_state *st);
/* On a prune hit: make cur's chain precise wherever old is. */
int vm_propagate_precision(struct vm_env *env, const struct vm_state *old);

/* Linked scalars: copy a refined value to every register sharing its id. */
void vm_sync_linked(struct vm_env *env, struct vm_state *st, const struct vm_reg *reg);
/* Null-check outcome for every pointer sharing id: null → scalar 0. */
void vm_mark_ptr_null(const struct vm_env *env, struct vm_state *st, uint32_t id, bool is_null);
/* Invalidate packet pointers after a packet-changing helper. */
void vm_clear_pkt_pointers(struct vm_state *st);

/* Loops (loops.c): SCC visits, as 6.17+ tracks them. */
void vm_scc_enter(struct vm_env *env, struct vm_state *st);
/* A checkpoint's last descendant finished: leave its SCC visit. */
void vm_scc_exit(struct vm_env *env, struct vm_state *st);
/* Old's marks may be incomplete (its loop is still being explored). */
bool vm_scc_range_within(struct vm_env *env, const struct vm_state *old);
/* Remember cur as a backedge of a loop hit against old. */
int vm_scc_add_backedge(struct vm_env *env, const struct vm_state *old);
int vm_scc_init(struct vm_env *env);
/* Drop all visits and backedges (between runs). */
void vm_scc_reset(struct vm_env *env);
void vm_scc_free(struct vm_env *env);
/* The previous loop entry at insn: a checkpoint on st's path older than st. */
struct vm_state *vm_find_prev_entry(struct vm_env *env, const struct vm_state *st, int insn);
/* Widen imprecise scalars of cur that differ from old (loop entries). */
void vm_widen_imprecise(struct vm_env *env, const struct vm_state *old, struct vm_state *cur);

/* VM_MODEL_TRACE debugging output (trace.c). */
extern bool vm_trace_enabled;  /* VM_MODEL_TRACE was set at start */
/* True when the model should print its walk (VM_MODEL_TRACE). */
static inline bool vm_trace_on(void) { return vm_trace_enabled; }
void vm_trace_state(struct vm_env *env, int idx, const char *what);
/* Print state st (a checkpoint, or the current one) at insn idx. */
void vm_trace_one(const struct vm_state *st, int idx, const char *what);

/* Walk env's program from its entry state to the end (explore.c). 0 or -errno. */
int vm_do_check(struct vm_env *env);
/* Free every checkpoint and pending branch env holds. */
void vm_env__free_states(struct vm_env *env);

/* Verify prog_idx of obj with the model; fills res. */
int vm_explore__run(const struct vm_object *obj, size_t prog_idx,
		    const struct vm_options *opt, struct vm_result *res);

#endif
