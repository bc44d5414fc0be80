/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * vm-crosscheck [--load] OBJ...: the loader links each program exactly as
 * libbpf does. libbpf links each program alone in light-skeleton
 * (gen_loader) mode, which relocates without loading, or with --load
 * really loads it (needs bpf(), exits 77 without); its final instructions
 * (bpf_program__insns) are compared with ours: same count, opcodes,
 * registers and offsets, same immediates except where libbpf puts a map
 * fd or index or a kernel BTF id.
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

static bool gen = true;

/* gen_loader mode names maps by index: MAP_IDX for MAP_FD and so on. */
static bool same_src(const struct bpf_insn *a, const struct bpf_insn *b)
{
	if (gen && a->code == (BPF_LD | BPF_IMM | BPF_DW))
		return a->src_reg == b->src_reg ||
		       (a->src_reg == BPF_PSEUDO_MAP_IDX && b->src_reg == BPF_PSEUDO_MAP_FD) ||
		       (a->src_reg == BPF_PSEUDO_MAP_IDX_VALUE &&
			b->src_reg == BPF_PSEUDO_MAP_VALUE);
	return a->src_reg == b->src_reg;
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
		    !same_src(a, b) || a->off != b->off ||
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
	if (gen) {
		LIBBPF_OPTS(gen_loader_opts, gopts);

		/* record the load instead of doing it: libbpf still links */
		bpf_object__gen_loader(bo, &gopts);
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

	int first = 1;

	if (argc > 1 && !strcmp(argv[1], "--load")) {
		gen = false;
		first = 2;
		if (!vm_kernel_available(why, sizeof(why))) {
			printf("skip: %s\n", why);
			return 77;
		}
	}
	libbpf_set_print(quiet);
	for (int i = first; i < argc; i++) {
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
