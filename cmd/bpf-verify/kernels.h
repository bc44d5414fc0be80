/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bpf-verify --kernel=LIST: which kernels' verifiers to ask. "host" is
 * the running kernel; a release that is not the running one (6.1) is its
 * real verifier in a VM (qemu.h) for the kernel backend, and the release
 * the model imitates (vm_options.kernel) for the model backend. Several
 * kernels are run one after another and printed side by side.
 */
#ifndef QEMU_KERNELS_H
#define QEMU_KERNELS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "cmd/bpf-verify/report.h"
#include "verifier-model/result.h"

#define VM_KERNELS_MAX 4

struct vm_kernel {
	char name[16];             /* as the user wrote it: "6.1", "host" */
	unsigned kver;             /* major * 256 + minor */
	bool host;                 /* the running kernel's release */
};

/*
 * Parse a comma-separated list ("6.1,6.18", "6.1,host") into out[max].
 * Returns the count, or -EINVAL with a one-line reason in why.
 */
int vm_kernels__parse(const char *list, struct vm_kernel *out, size_t max,
		      char *why, size_t whylen);
/*
 * The kernel backend for k: the host's, or the VM's (booted once for all
 * files here, so its verify() calls are answered from that one boot).
 * NULL with a one-line reason (what to install) when it cannot run.
 */
const struct vm_backend *vm_kernels__backend(const struct vm_kernel *k,
					     char *const *files, int n_files,
					     bool state_freq, char *why,
					     size_t whylen);
/* Free what the VM backends kept (their batches). */
void vm_kernels__cleanup(void);
/*
 * Print nk runs of the same programs side by side (runs[k] has n rows,
 * row i of every run is the same program): verdicts and counts per kernel.
 */
void vm_kernels__print(FILE *f, enum vm_format fmt, const struct vm_kernel *ks,
		       size_t nk, struct vm_row *const *runs, size_t n);

#endif
