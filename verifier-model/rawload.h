/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Loading one program of an object as the model's reader has read and
 * linked it, with libbpf's low-level calls only (BTF, bpf_map_create,
 * bpf_prog_load): for objects the libbpf on this system cannot open,
 * such as those using a BPF arena under Debian 12's libbpf 1.1.
 */
#ifndef VM_RAWLOAD_H
#define VM_RAWLOAD_H

#include <stddef.h>
#include "verifier-model/object.h"

#define VM_RAW_POISON_BASE 2001000000   /* libbpf's POISON_LDIMM64_MAP_BASE */

struct vm_raw_load {
	int fd;          /* the loaded program (the caller closes it), or -1 */
	int err;         /* 0, or the negative errno of the step that failed */
	char why[200];   /* a step before the verifier that failed: what and why */
	int n_left_out;  /* maps this kernel would not create: left out, as libbpf's */
	char left_out[2][64];   /* autocreate off leaves them (their first two) */
	int left_out_errno;     /* why the first was refused */
};

/*
 * Load program idx of obj with the verifier log at log_level into log
 * (log_size bytes). A map the kernel will not create is left out and a
 * use of it poisoned as libbpf poisons it: a call of helper
 * VM_RAW_POISON_BASE + the map's index, which the verifier refuses. The object's BTF, its maps and an arena's mapping
 * are released before it returns; nothing is pinned. Returns 0 when the
 * load was tried (out->err says how it went), a negative errno when it
 * could not be set up (out->why says why).
 */
int vm_raw_load(const struct vm_object *obj, size_t idx, unsigned log_level,
		unsigned prog_flags, char *log, size_t log_size, struct vm_raw_load *out);

#endif
