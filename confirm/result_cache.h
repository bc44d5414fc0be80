/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Verifier results of this run by program fingerprint: a program whose
 * code, maps, data and signatures were verified before (in another trial,
 * another unit, the file's own stage) is not verified again. A result is
 * reused under another budget only when neither budget stopped the run.
 * Off until enabled (bpf-fix).
 */
#ifndef CONFIRM_RESULT_CACHE_H
#define CONFIRM_RESULT_CACHE_H

#include <stdbool.h>
#include <stdint.h>
#include "verifier-model/result.h"

/* Reuse results in every later verification of this process (or stop). */
void result_cache__enable(bool on);

struct cached_result {
	enum vm_verdict verdict;
	long insns;
	char reason[256];
};

/* The result of fingerprint fp with be and opt (opt->max_insns its budget): 0, or -ENOENT. */
int result_cache__get(const struct vm_backend *be, const struct vm_options *opt,
		      uint64_t fp, struct cached_result *out);
/* Keep a result (not a backend failure, not a model resource cap). */
void result_cache__put(const struct vm_backend *be, const struct vm_options *opt,
		       uint64_t fp, const struct cached_result *r);

#endif
