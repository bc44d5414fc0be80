/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The real verifier of another kernel release (Debian's 6.1 cloud kernel
 * by default), run in a qemu VM (TCG, no KVM needed). One boot verifies
 * every program of every object given: the objects travel in the
 * initramfs, a static loader of ours (loader.c) loads each program alone
 * with log level 4, and its lines come back on the serial console.
 *
 * Files: the kernel is ${XDG_CACHE_HOME:-~/.cache}/bpf-lint/kernels/REL/
 * vmlinuz (scripts/vm/fetch-kernel REL puts it there); the base initramfs
 * (busybox-static, the loader, /init) is cached in .../bpf-lint/vm/.
 * Environment: BPF_LINT_VM_LOADER (loader binary), BPF_LINT_VM_TIMEOUT
 * (seconds), BPF_LINT_QEMU (the qemu-system-x86_64 to run).
 */
#ifndef QEMU_QEMU_H
#define QEMU_QEMU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "verifier-model/result.h"

struct vm_qemu_opts {
	const char *kernel;        /* release directory name, "6.1" */
	long timeout_s;            /* whole boot; 0: 60 + 30 per object */
	bool test_state_freq;      /* BPF_F_TEST_STATE_FREQ */
	bool log2;                 /* level 2 logs on the console (with .console) */
	FILE *console;             /* if set, the raw serial output goes here */
};

/* What the VM said about one object. */
struct vm_qemu_object {
	char *path;
	struct vm_result *results; /* one per program, in libbpf's order */
	size_t n_results;
	char error[256];           /* the loader could not open it, timeout */
};

struct vm_qemu_batch {
	char release[128];         /* uname -r inside the VM */
	char version[128];         /* uname -v: Debian's package version */
	struct vm_qemu_object *objs;
	size_t n_objs;
	long wall_ms;              /* the whole qemu run */
	char error[256];           /* "" when the VM reached the end */
};

/*
 * 0 if qemu, the kernel image for opts->kernel, busybox-static and the
 * loader are all there; else -ENOENT and one line saying what to install.
 */
int vm_qemu__available(const char *kernel, char *why, size_t whylen);

/*
 * Boot the VM once for all paths and collect a result per program.
 * Returns 0 and *out (free with vm_qemu_batch__free) even when the VM
 * timed out part way (out->error says so, unreported objects get an
 * error); a negative errno with errbuf when it could not run at all.
 */
int vm_qemu__run(const struct vm_qemu_opts *opts, const char *const *paths,
		 size_t n_paths, struct vm_qemu_batch **out,
		 char *errbuf, size_t errlen);
void vm_qemu_batch__free(struct vm_qemu_batch *batch);

/* The result for program prog of the object at path, or NULL. */
const struct vm_result *vm_qemu_batch__find(const struct vm_qemu_batch *batch,
					    const char *path, const char *prog);

/*
 * Parse one console line into batch (lines not ours are ignored);
 * returns 1 on the loader's final line, else 0. Exposed for tests.
 */
int vm_qemu_batch__parse_line(struct vm_qemu_batch *batch, const char *line);

/*
 * The VM as a vm_backend ("vm"): opt->kernel (KVER, major * 256 + minor;
 * 0 means 6.1) picks the release. Results come from the batches that
 * vm_qemu__preload booted; an object not preloaded gets a boot of its own.
 * A program the VM could not report on comes back VM_LOAD_ERROR.
 */
extern const struct vm_backend vm_qemu_backend;

/* Boot the release of opt->kernel once for all paths (see vm_qemu__run). */
int vm_qemu__preload(const char *const *paths, size_t n_paths,
		     const struct vm_options *opt, char *errbuf, size_t errlen);
/* "6.1" for KVER(6, 1) (and for 0) into buf. */
void vm_qemu__release_name(unsigned kver, char *buf, size_t len);
/* Free every preloaded batch. */
void vm_qemu__cleanup(void);

/* Where the cache lives: $XDG_CACHE_HOME/bpf-lint or ~/.cache/bpf-lint. */
int vm_qemu__cache_dir(char *buf, size_t len);

#endif
