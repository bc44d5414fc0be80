/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One interface, two backends: the real kernel verifier (kernel.c) and
 * the embedded model (model.c). Both fill a vm_result per program.
 */
#ifndef VM_RESULT_H
#define VM_RESULT_H

#include <stdbool.h>
#include <stddef.h>
#include "verifier-model/object.h"

struct vm_globals;

enum vm_verdict {
	VM_ACCEPTED,
	VM_REJECTED,      /* the verifier refused it: reason says why */
	VM_MODEL_LIMIT,   /* the model hit its own memory/time cap */
	VM_LOAD_ERROR,    /* could not be verified at all (setup, EPERM, ...) */
};

struct vm_result {
	char prog[64];
	char section[128];
	enum vm_verdict verdict;
	char reason[256];          /* kernel's words for a rejection */
	char note[160];            /* a load fix-up worth saying (type guessed) */
	long insns;                /* "processed N insns" */
	long total_states, peak_states, max_states_per_insn;
	char stack_depth[128];     /* "8+16+0" as the kernel prints it */
	size_t prog_size;          /* instructions in the linked program */
	long duration_us;          /* kernel: "verification time"; model: wall */
	long mem_kb;               /* model: peak memory, 0 if unknown */
	long *insn_counts;         /* processed count per insn, or NULL */
	size_t n_insn_counts;
};

struct vm_options {
	bool want_insn_counts;     /* --lines: fill insn_counts */
	bool test_state_freq;      /* BPF_F_TEST_STATE_FREQ */
	unsigned prog_flags;       /* further BPF_F_* load flags (STRICT_ALIGNMENT, ...) */
	unsigned kernel;           /* KVER() to model; 0 = 6.18 */
	long max_insns;            /* complexity limit, 1000000 */
	long mem_cap_mb;           /* model: give up with VM_MODEL_LIMIT */
	long time_cap_ms;
	const struct vm_globals *globals;  /* -G presets, applied on open; NULL none */
};

struct vm_backend {
	const char *name;          /* "kernel", "model" or "vm" */
	/* Programs may be verified on several threads at once. */
	bool parallel;
	/* Honours vm_options.max_insns: a trial can stop past a budget. */
	bool insn_budget;
	/* Verify prog_idx of obj; 0 when res is filled (any verdict). */
	int (*verify)(const struct vm_object *obj, size_t prog_idx,
		      const struct vm_options *opt, struct vm_result *res);
};

extern const struct vm_backend vm_kernel_backend;
extern const struct vm_backend vm_model_backend;

/*
 * Verify prog_idx of obj with be into res (cleared first); a backend
 * that fails becomes a VM_LOAD_ERROR result naming the backend.
 */
/*
 * vm_object__open, then opt's -G presets (opt->globals) written into the
 * object's global data: the object every backend verifies. 0 or -errno
 * with a one-line reason in err.
 */
int vm_object__open_with(const char *path, const struct vm_options *opt,
			 struct vm_object **obj, char *err, size_t errlen);
void vm_backend__verify(const struct vm_backend *be, const struct vm_object *obj,
			size_t prog_idx, const struct vm_options *opt,
			struct vm_result *res);
/*
 * Call add(arg, line, n) for each instruction res counted (n > 0), in
 * order; line is prog's line record covering it, or NULL.
 */
void vm_result__for_each_line(const struct vm_result *res, const struct vm_prog *prog,
			      void (*add)(void *arg, const struct vm_line *line, long n),
			      void *arg);

/* True if this process may load BPF programs (probes bpf()). */
bool vm_kernel_available(char *why, size_t whylen);
void vm_result__free(struct vm_result *res);
const char *vm_verdict_name(enum vm_verdict v);

#endif
