/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Any byte string → an error or a consistent object, never a crash:
 * every testdata object, truncated at many lengths and with random
 * bytes overwritten (fixed seed), goes through vm_object__open_mem. An
 * object that opens must hold together (targets inside the program,
 * subprograms tiling it, lines sorted). Run under ASan in ./run-tests
 * --sanitize.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "verifier-model/object.h"

static int failures;

#define CHECK(cond, ...) do { if (!(cond)) { failures++; \
	fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

static void check_prog(const char *what, const struct vm_prog *p)
{
	size_t covered = 0;

	for (size_t i = 0; i < p->n_subprogs; i++) {
		CHECK(p->subprogs[i].start == covered, "%s: %s subprograms do not tile",
		      what, p->name);
		covered += p->subprogs[i].len;
	}
	CHECK(covered == p->n_insns, "%s: %s subprograms cover %zu of %zu", what,
	      p->name, covered, p->n_insns);
	for (size_t i = 0; i < p->n_insns; i++) {
		const struct vm_insn_ref *r = &p->refs[i];

		if (r->kind == VM_REF_SUBPROG_CALL || r->kind == VM_REF_FUNC_PTR)
			CHECK(r->target < p->n_insns && vm_prog__subprog_at(p, r->target)
			      && vm_prog__subprog_at(p, r->target)->start == r->target,
			      "%s: %s insn %zu targets %zu", what, p->name, i, r->target);
		vm_prog__line_at(p, i);
	}
	for (size_t i = 1; i < p->n_lines; i++)
		CHECK(p->lines[i - 1].insn <= p->lines[i].insn, "%s: lines unsorted", what);
}

static int try_open(const char *what, const unsigned char *buf, size_t len)
{
	struct vm_object *obj;
	char err[256];
	int rc = vm_object__open_mem(buf, len, what, &obj, err, sizeof(err));

	if (rc) {
		CHECK(rc < 0 && err[0], "%s: error %d without a reason", what, rc);
		return rc;
	}
	for (size_t i = 0; i < obj->n_progs; i++)
		check_prog(what, &obj->progs[i]);
	vm_object__free(obj);
	return 0;
}

static unsigned char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf;
	long n;

	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
		return NULL;
	buf = malloc(n + 1);
	if (buf && fread(buf, 1, n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	*len = n;
	return buf;
}

static void fuzz(const char *path, const unsigned char *orig, size_t len)
{
	unsigned char *buf = malloc(len);
	const char *env = getenv("VM_FUZZ_ROUNDS");  /* longer local runs */
	int rounds = env ? atoi(env) : 400;
	unsigned seed = env && getenv("VM_FUZZ_SEED") ? (unsigned)atoi(getenv("VM_FUZZ_SEED")) : 12345;
	int opened = 0, refused = 0;

	CHECK(try_open(path, orig, len) == 0, "%s: the intact object does not open", path);
	for (size_t cut = 0; cut < len; cut += cut < 512 ? 8 : len / 97 + 1)
		try_open(path, orig, cut) ? refused++ : opened++;
	for (int round = 0; round < rounds; round++) {
		memcpy(buf, orig, len);
		for (int k = 0; k < 1 + round % 8; k++) {
			seed = seed * 1103515245 + 12345;
			buf[(seed >> 8) % len] = (unsigned char)(seed >> 20);
		}
		try_open(path, buf, len) ? refused++ : opened++;
	}
	printf("%s: %d opened, %d refused\n", path, opened, refused);
	CHECK(refused > 0, "%s: no damaged copy was refused", path);
	free(buf);
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		size_t len;
		unsigned char *buf = slurp(argv[i], &len);

		CHECK(buf && len, "%s: cannot read", argv[i]);
		if (buf && len)
			fuzz(argv[i], buf, len);
		free(buf);
	}
	CHECK(try_open("empty", (const unsigned char *)"", 0) < 0, "empty input opened");
	printf("%d failures\n", failures);
	return failures ? 1 : 0;
}
