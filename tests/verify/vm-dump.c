/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * vm-dump OBJ: the loader's view of an object, one fact per line, for
 * check-loader.py to compare with llvm-objdump and bpftool:
 *   prog NAME SECTION TYPE N_INSNS
 *   sub PROG NAME START LEN global|static
 *   insn PROG IDX HEX16 [ref KIND TARGET|MAP|NAME]
 *   line PROG INSN FILE LINE COL
 *   map NAME KIND TYPE KEY VALUE MAX FLAGS INNER
 */
#include <stdio.h>
#include <string.h>
#include "verifier-model/object.h"

static void dump_insn(const struct vm_prog *p, size_t i)
{
	const unsigned char *b = (const unsigned char *)&p->insns[i];
	const struct vm_insn_ref *r = &p->refs[i];

	printf("insn %s %zu ", p->name, i);
	for (int k = 0; k < 8; k++)
		printf("%02x", b[k]);
	switch (r->kind) {
	case VM_REF_SUBPROG_CALL: printf(" ref call %zu", r->target); break;
	case VM_REF_FUNC_PTR: printf(" ref func %zu", r->target); break;
	case VM_REF_MAP_FD: printf(" ref map %d", r->map); break;
	case VM_REF_MAP_VALUE: printf(" ref value %d+%u", r->map, r->offset); break;
	case VM_REF_KFUNC: printf(" ref kfunc %s", r->name); break;
	case VM_REF_KSYM: printf(" ref ksym %s", r->name); break;
	default: break;
	}
	printf("\n");
}

static void dump_prog(const struct vm_prog *p)
{
	printf("prog %s %s %d %zu\n", p->name, p->section, p->type, p->n_insns);
	for (size_t i = 0; i < p->n_subprogs; i++)
		printf("sub %s %s %zu %zu %s\n", p->name, p->subprogs[i].name,
		       p->subprogs[i].start, p->subprogs[i].len,
		       p->subprogs[i].global ? "global" : "static");
	for (size_t i = 0; i < p->n_insns; i++)
		dump_insn(p, i);
	for (size_t i = 0; i < p->n_lines; i++)
		printf("line %s %zu %s %u %u\n", p->name, p->lines[i].insn,
		       p->lines[i].file, p->lines[i].line, p->lines[i].col);
}

int main(int argc, char **argv)
{
	struct vm_object *obj;
	char err[256];

	if (argc != 2) {
		fprintf(stderr, "usage: vm-dump OBJ\n");
		return 2;
	}
	if (vm_object__open(argv[1], &obj, err, sizeof(err))) {
		printf("error %s\n", err);
		return 1;
	}
	for (size_t i = 0; i < obj->n_maps; i++) {
		const struct vm_map *m = &obj->maps[i];

		printf("map %s %d %u %u %u %u %u %d\n", m->name, m->kind, m->type,
		       m->key_size, m->value_size, m->max_entries, m->map_flags,
		       m->inner_map);
	}
	for (size_t i = 0; i < obj->n_progs; i++)
		dump_prog(&obj->progs[i]);
	vm_object__free(obj);
	return 0;
}
