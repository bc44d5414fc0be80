/* SPDX-License-Identifier: GPL-2.0-only */
/* kbtf.c: the kernel's own BTF, read once and indexed by name (the loader's CO-RE, the model's types). */
#include <bpf/btf.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>
#include "verifier-model/kbtf.h"

/* Names of the kinds we look up, sorted once: libbpf's lookup is a linear scan. */
struct name_entry {
	const char *name;
	uint32_t id;
	uint16_t kind;
};

static struct btf *kernel_btf;
static struct name_entry *names;
static size_t n_names;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static int cmp_entry(const void *a, const void *b)
{
	const struct name_entry *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : (int)x->kind - (int)y->kind;
}

static bool indexed_kind(int kind)
{
	return kind == BTF_KIND_STRUCT || kind == BTF_KIND_UNION ||
	       kind == BTF_KIND_FUNC || kind == BTF_KIND_TYPEDEF || kind == BTF_KIND_VAR ||
	       kind == BTF_KIND_DATASEC;
}

static void build_index(void)
{
	uint32_t n = btf__type_cnt(kernel_btf);

	names = calloc(n, sizeof(*names));
	if (!names)
		return;
	for (uint32_t id = 1; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(kernel_btf, id);

		if (!indexed_kind(btf_kind(t)) || !t->name_off)
			continue;
		names[n_names++] = (struct name_entry){
			btf__name_by_offset(kernel_btf, t->name_off), id, (uint16_t)btf_kind(t) };
	}
	qsort(names, n_names, sizeof(*names), cmp_entry);
}

static void load_kernel_btf(void)
{
	const char *path = getenv("BPF_MODEL_KERNEL_BTF");
	struct btf *btf;

	if (!path || !*path)
		path = "/sys/kernel/btf/vmlinux";
	btf = btf__parse(path, NULL);
	if (!btf)	/* libbpf 1.x: NULL and errno on error */
		return;
	kernel_btf = btf;
	build_index();
}

const struct btf *vm_kbtf(void)
{
	pthread_once(&load_once, load_kernel_btf);
	return kernel_btf;
}

static uint32_t find_named(const char *name, int kind)
{
	struct name_entry key = { name, 0, (uint16_t)kind }, *e;

	if (!vm_kbtf() || !names)
		return 0;
	e = bsearch(&key, names, n_names, sizeof(*names), cmp_entry);
	return e ? e->id : 0;
}

uint32_t vm_kbtf_named(const char *name, int kind)
{
	return find_named(name, kind);
}

uint32_t vm_kbtf_struct_id(const char *name)
{
	return find_named(name, BTF_KIND_STRUCT);
}

/* find_btf_percpu_datasec: ".data..percpu" lists the per-CPU variables */
static bool var_is_percpu(uint32_t var_id)
{
	const struct btf *btf = vm_kbtf();
	uint32_t sec = find_named(".data..percpu", BTF_KIND_DATASEC);
	const struct btf_type *t = sec ? btf__type_by_id(btf, sec) : NULL;
	const struct btf_var_secinfo *v = t ? btf_var_secinfos(t) : NULL;

	for (int i = 0; v && i < btf_vlen(t); i++)
		if (v[i].type == var_id)
			return true;
	return false;
}

uint32_t vm_kbtf_ksym(const char *name, bool *percpu)
{
	uint32_t id = name ? find_named(name, BTF_KIND_VAR) : 0;

	*percpu = id && var_is_percpu(id);
	return id ? btf__type_by_id(vm_kbtf(), id)->type : 0;
}
