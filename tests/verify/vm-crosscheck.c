/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * vm-crosscheck OBJ...: the loader links each program exactly as libbpf
 * does. Each program is loaded alone through libbpf, then its final
 * instructions (bpf_program__insns) are compared with ours: same count,
 * same opcodes, registers and offsets, same immediates except where
 * libbpf puts a map fd or a kernel BTF id. Needs bpf(): exits 77 without.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <bpf/libbpf.h>
#include "verifier-model/object.h"
#include "verifier-model/result.h"

static int quiet(enum libbpf_print_level l, const char *f, va_list ap)
{
	(void)l; (void)f; (void)ap;
	return 0;
}

static bool imm_differs_ok(const struct vm_prog *p, size_t i)
{
	enum vm_ref_kind k = p->refs[i].kind;

	if (k == VM_REF_MAP_FD || k == VM_REF_MAP_VALUE || k == VM_REF_KFUNC ||
	    k == VM_REF_KSYM)
		return true;
	/* the second half of a map or ksym ld_imm64 */
	return i > 0 && (p->refs[i - 1].kind == VM_REF_MAP_FD ||
			 p->refs[i - 1].kind == VM_REF_KSYM);
}

static int compare(const char *path, const struct vm_prog *p, struct bpf_program *bp)
{
	const struct bpf_insn *li = bpf_program__insns(bp);
	size_t n = bpf_program__insn_cnt(bp);
	int bad = 0;

	if (n != p->n_insns) {
		printf("FAIL %s/%s: libbpf %zu insns, ours %zu\n", path, p->name, n,
		       p->n_insns);
		return 1;
	}
	for (size_t i = 0; i < n && bad < 5; i++) {
		const struct bpf_insn *a = &li[i], *b = &p->insns[i];

		if (a->code != b->code || a->dst_reg != b->dst_reg ||
		    a->src_reg != b->src_reg || a->off != b->off ||
		    (a->imm != b->imm && !imm_differs_ok(p, i))) {
			printf("FAIL %s/%s: insn %zu libbpf %02x %u %u %d %d, ours %02x %u %u %d %d\n",
			       path, p->name, i, a->code, a->dst_reg, a->src_reg, a->off,
			       a->imm, b->code, b->dst_reg, b->src_reg, b->off, b->imm);
			bad++;
		}
	}
	return bad != 0;
}

/* Load prog alone; compare whether or not the verifier accepted it. */
static int check_prog(const char *path, const struct vm_prog *p)
{
	struct bpf_object *bo = bpf_object__open_file(path, NULL);
	struct bpf_program *bp, *me = NULL;
	int rc;

	if (!bo) {
		printf("FAIL %s: libbpf cannot open it\n", path);
		return 1;
	}
	bpf_object__for_each_program(bp, bo) {
		bpf_program__set_autoload(bp, !strcmp(bpf_program__name(bp), p->name));
		if (!strcmp(bpf_program__name(bp), p->name))
			me = bp;
	}
	if (!me) {
		printf("FAIL %s/%s: libbpf has no such program\n", path, p->name);
		bpf_object__close(bo);
		return 1;
	}
	bpf_object__load(bo);
	rc = compare(path, p, me);
	bpf_object__close(bo);
	return rc;
}

int main(int argc, char **argv)
{
	char why[128], err[256];
	int fails = 0, progs = 0;

	if (!vm_kernel_available(why, sizeof(why))) {
		printf("skip: %s\n", why);
		return 77;
	}
	libbpf_set_print(quiet);
	for (int i = 1; i < argc; i++) {
		struct vm_object *obj;

		if (vm_object__open(argv[i], &obj, err, sizeof(err))) {
			printf("FAIL %s\n", err);
			fails++;
			continue;
		}
		for (size_t k = 0; k < obj->n_progs; k++, progs++)
			fails += check_prog(argv[i], &obj->progs[k]);
		vm_object__free(obj);
	}
	printf("%d programs, %d differ from libbpf\n", progs, fails);
	return fails ? 1 : 0;
}
