// SPDX-License-Identifier: GPL-2.0-only
/*
 * The loader's console lines (format in loader.c) turned into vm_results.
 * Objects travel as /objs/NNNN.o, so the object field is an index.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verifier-model/qemu/qemu.h"

#define MAX_FIELDS 16

/* Split line at tabs in place; returns the number of fields. */
static int split_tabs(char *line, char **field)
{
	int n = 0;

	field[n++] = line;
	for (char *p = line; *p && n < MAX_FIELDS; p++) {
		if (*p == '\t') {
			*p = '\0';
			field[n++] = p + 1;
		}
	}
	return n;
}

static void copy_field(char *dst, size_t cap, const char *s)
{
	snprintf(dst, cap, "%s", strcmp(s, "-") ? s : "");
}

/* "0007.o" -> the object it names, or NULL. */
static struct vm_qemu_object *object_named(struct vm_qemu_batch *b,
					   const char *name)
{
	char *end;
	unsigned long idx = strtoul(name, &end, 10);

	if (end == name || strcmp(end, ".o") || idx >= b->n_objs)
		return NULL;
	return &b->objs[idx];
}

static enum vm_verdict verdict_of(const char *s)
{
	if (!strcmp(s, "accepted"))
		return VM_ACCEPTED;
	if (!strcmp(s, "rejected"))
		return VM_REJECTED;
	return VM_LOAD_ERROR;
}

static int add_result(struct vm_qemu_object *o, char **f)
{
	struct vm_result *grown, *r;

	grown = realloc(o->results, (o->n_results + 1) * sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	o->results = grown;
	r = &o->results[o->n_results++];
	memset(r, 0, sizeof(*r));
	copy_field(r->prog, sizeof(r->prog), f[2]);
	copy_field(r->section, sizeof(r->section), f[3]);
	r->verdict = verdict_of(f[4]);
	r->insns = atol(f[5]);
	r->total_states = atol(f[6]);
	r->peak_states = atol(f[7]);
	r->max_states_per_insn = atol(f[8]);
	r->duration_us = atol(f[9]);
	copy_field(r->stack_depth, sizeof(r->stack_depth), f[10]);
	r->prog_size = strtoul(f[11], NULL, 10);
	if (r->verdict != VM_ACCEPTED)
		copy_field(r->reason, sizeof(r->reason), f[13]);
	return 0;
}

int vm_qemu_batch__parse_line(struct vm_qemu_batch *b, const char *line)
{
	char buf[1024], *f[MAX_FIELDS];
	struct vm_qemu_object *o;
	size_t len;
	int n;

	/* the console may put junk (kernel messages, \r) around our lines */
	line = strstr(line, "@vm61");
	if (!line)
		return 0;
	snprintf(buf, sizeof(buf), "%s", line);
	len = strcspn(buf, "\r\n");
	buf[len] = '\0';
	n = split_tabs(buf, f);
	if (!strcmp(f[0], "@vm61-done"))
		return 1;
	if (!strcmp(f[0], "@vm61-kernel") && n >= 3) {
		copy_field(b->release, sizeof(b->release), f[1]);
		copy_field(b->version, sizeof(b->version), f[2]);
	} else if (!strcmp(f[0], "@vm61-error") && n >= 4 &&
		   (o = object_named(b, f[1]))) {
		snprintf(o->error, sizeof(o->error), "%s (%s)", f[3], f[2]);
	} else if (!strcmp(f[0], "@vm61") && n >= 14 &&
		   (o = object_named(b, f[1]))) {
		add_result(o, f);
	}
	return 0;
}

void vm_qemu_batch__free(struct vm_qemu_batch *b)
{
	if (!b)
		return;
	for (size_t i = 0; i < b->n_objs; i++) {
		/* our results own nothing: the VM sends no per-insn counts */
		free(b->objs[i].results);
		free(b->objs[i].path);
	}
	free(b->objs);
	free(b);
}

const struct vm_result *vm_qemu_batch__find(const struct vm_qemu_batch *b,
					    const char *path, const char *prog)
{
	for (size_t i = 0; b && i < b->n_objs; i++) {
		const struct vm_qemu_object *o = &b->objs[i];

		if (strcmp(o->path, path))
			continue;
		for (size_t j = 0; j < o->n_results; j++)
			if (!strcmp(o->results[j].prog, prog))
				return &o->results[j];
	}
	return NULL;
}
