/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Findings on the wire (wire.c): what a parse child or the language
 * server's worker sends its parent, as bytes in a growing buffer.
 */
#ifndef BPF_LINT_WIRE_H
#define BPF_LINT_WIRE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "lint/finding.h"

struct lint_wire {
	char *p;
	size_t n, cap;
	size_t at;               /* where the next get reads */
	bool bad;                /* out of memory, or a get past the end */
};

void wire__put(struct lint_wire *w, const void *v, size_t n);
void wire__put_u64(struct lint_wire *w, uint64_t v);
/* n bytes with their length; NULL (any n) stands for no string. */
void wire__put_mem(struct lint_wire *w, const char *s, size_t n);
void wire__put_str(struct lint_wire *w, const char *s);
uint64_t wire__get_u64(struct lint_wire *w);
/* A string put by wire__put_mem or _str, NUL-terminated, malloc'd; *n its length. */
char *wire__get_mem(struct lint_wire *w, size_t *n);
char *wire__get_str(struct lint_wire *w);

/* A lint's result: its return code, *err and the findings. */
void wire__put_result(struct lint_wire *w, int rc, const char *err,
		      const struct bpf_findings *found);
/* The result put by wire__put_result into out and *err; its rc, or -EPROTO. */
int wire__get_result(struct lint_wire *w, struct bpf_findings *out, char **err);

void wire__free(struct lint_wire *w);

#endif
