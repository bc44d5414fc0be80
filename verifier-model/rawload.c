/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rawload.c: one program into the kernel the way libbpf 1.4 would load
 * it, from the model's reading of the object (object.c links, relocates
 * and applies CO-RE): the object's BTF with extern functions and
 * variables made acceptable to the kernel, every map created (global
 * data filled, read-only data frozen, an arena mapped and given its
 * .addr_space.1 bytes), map, kfunc and ksym references resolved, and
 * func_info from the subprograms.
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include "verifier-model/kconfig.h"
#include "verifier-model/rawload.h"

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif
#define ARENA_PAGE 4096

struct raw {
	const struct vm_object *obj;
	const struct btf *kbtf; /* the running kernel's (running_kernel_btf), or NULL */
	struct btf *btf;        /* the object's, made loadable */
	int btf_fd;
	int *map_fd;
	int *map_errno;         /* why a map could not be created (its fd is -1) */
	void *arena;            /* the arena's user-side mapping */
	size_t arena_len;
	struct vm_raw_load *out;
};

static int fail(struct raw *r, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(struct raw *r, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->out->why, sizeof(r->out->why), fmt, ap);
	va_end(ap);
	r->out->err = err;
	return err;
}

/* Lay out a section holding externs as libbpf does: one after another. */
static void fix_datasec(struct btf *btf, struct btf_type *sec, uint32_t dummy)
{
	struct btf_var_secinfo *vs = btf_var_secinfos(sec);
	uint32_t off = 0;
	bool externs = false;

	for (int i = 0; i < btf_vlen(sec); i++) {
		const struct btf_type *t = btf__type_by_id(btf, vs[i].type);

		externs |= t && (btf_is_func(t) ||
				 (btf_is_var(t) && btf_var(t)->linkage == BTF_VAR_GLOBAL_EXTERN));
	}
	if (!externs)
		return;
	for (int i = 0; i < btf_vlen(sec); i++) {
		struct btf_type *t = (struct btf_type *)btf__type_by_id(btf, vs[i].type);
		long size = 4;

		if (t && btf_is_func(t)) {
			vs[i].type = dummy;
		} else if (t && btf_is_var(t)) {
			btf_var(t)->linkage = BTF_VAR_GLOBAL_ALLOCATED;
			size = btf__resolve_size(btf, t->type);
			if (size <= 0)
				size = 4;
		}
		off = (off + 7) & ~7u;
		vs[i].offset = off;
		vs[i].size = (uint32_t)size;
		off += (uint32_t)size;
	}
	sec->size = off ? off : 4;
}

/* Static, its unnamed parameters named (the kernel wants names), as libbpf does. */
static void extern_func(struct btf *btf, struct btf_type *func, uint32_t dummy)
{
	struct btf_type *proto = (struct btf_type *)btf__type_by_id(btf, func->type);
	struct btf_param *arg = proto && btf_is_func_proto(proto) ? btf_params(proto) : NULL;

	func->info = BTF_KIND_FUNC << 24 | BTF_FUNC_STATIC;
	for (int i = 0; arg && i < btf_vlen(proto); i++)
		if (!arg[i].name_off && arg[i].type)
			arg[i].name_off = btf__type_by_id(btf, dummy)->name_off;
}

/*
 * The kernel takes no extern linkage: extern functions become static,
 * .ksyms and .kconfig entries allocated variables (functions there a
 * dummy int), as libbpf rewrites them.
 */
static struct btf *loadable_btf(const struct btf *src)
{
	__u32 size, n;
	const void *raw = btf__raw_data(src, &size);
	struct btf *btf = raw ? btf__new(raw, size) : NULL;
	int int_id, dummy;

	if (!btf || libbpf_get_error(btf))
		return NULL;
	/* first: adding types may move them all */
	int_id = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	dummy = int_id > 0 ? btf__add_var(btf, "__bpf_verify_ksym", BTF_VAR_GLOBAL_ALLOCATED,
					  int_id) : -1;
	if (dummy < 0) {
		btf__free(btf);
		return NULL;
	}
	n = btf__type_cnt(btf);
	for (__u32 id = 1; id < n; id++) {
		struct btf_type *t = (struct btf_type *)btf__type_by_id(btf, id);

		if (btf_is_func(t) && btf_vlen(t) == BTF_FUNC_EXTERN)
			extern_func(btf, t, (uint32_t)dummy);
		else if (btf_is_datasec(t))
			fix_datasec(btf, t, (uint32_t)dummy);
	}
	return btf;
}

static void load_btf(struct raw *r, const struct vm_prog *p)
{
	r->btf_fd = -1;
	if (!r->obj->btf || !(r->btf = loadable_btf(r->obj->btf)))
		return;
	/* a hidden global subprogram is static to the verifier (libbpf's __hidden) */
	for (size_t s = 1; s < p->n_subprogs; s++) {
		struct btf_type *t = p->subprogs[s].btf_id ?
			(struct btf_type *)btf__type_by_id(r->btf, p->subprogs[s].btf_id) : NULL;

		if (t && btf_is_func(t) && !p->subprogs[s].global)
			t->info = BTF_KIND_FUNC << 24 | BTF_FUNC_STATIC;
	}
	if (!btf__load_into_kernel(r->btf))
		r->btf_fd = btf__fd(r->btf);
}

/* A map name the kernel takes: 15 characters of [A-Za-z0-9_.]. */
static void map_name(const char *in, char *out)
{
	size_t i;

	for (i = 0; in[i] && i < BPF_OBJ_NAME_LEN - 1; i++)
		out[i] = (in[i] == '_' || in[i] == '.' || (in[i] >= '0' && in[i] <= '9') ||
			  ((in[i] | 32) >= 'a' && (in[i] | 32) <= 'z')) ? in[i] : '_';
	out[i] = 0;
}

/* Global data: the section's bytes (.kconfig: the values libbpf finds), frozen if read-only. */
static int fill_data(struct raw *r, const struct vm_map *m, int fd)
{
	uint8_t *val = m->kind == VM_MAP_KCONFIG ? vm_kconfig_values(r->obj, m->value_size)
						 : calloc(1, m->value_size ? m->value_size : 1);
	uint32_t zero = 0;
	int err;

	if (!val)
		return -ENOMEM;
	if (m->kind != VM_MAP_KCONFIG && m->init_data)
		memcpy(val, m->init_data, m->init_size < m->value_size ? m->init_size : m->value_size);
	err = bpf_map_update_elem(fd, &zero, val, 0);
	free(val);
	if (!err && (m->kind == VM_MAP_RODATA || m->kind == VM_MAP_KCONFIG))
		err = bpf_map_freeze(fd);
	return err ? -errno : 0;
}

/* The arena mapped where map_extra says (nothing there is replaced), its globals copied in. */
static int map_arena(struct raw *r, const struct vm_map *m, int fd)
{
	size_t len = (size_t)m->max_entries * ARENA_PAGE;
	void *at = (void *)(uintptr_t)m->map_extra;
	void *p = mmap(at, len, PROT_READ | PROT_WRITE,
		       MAP_SHARED | (at ? MAP_FIXED_NOREPLACE : 0), fd, 0);

	if (p == MAP_FAILED)
		return -errno;
	r->arena = p;
	r->arena_len = len;
	if (m->init_data && m->init_size <= len)
		memcpy(p, m->init_data, m->init_size);
	return 0;
}

static int create_map(struct raw *r, size_t i)
{
	const struct vm_map *m = &r->obj->maps[i];
	LIBBPF_OPTS(bpf_map_create_opts, o, .map_flags = m->map_flags, .map_extra = m->map_extra);
	uint32_t max = m->max_entries ? m->max_entries : vm_map_runtime_entries(m->type);
	char name[BPF_OBJ_NAME_LEN];
	int fd, err;

	if (r->map_fd[i] >= 0 || r->map_errno[i])
		return 0;
	if (m->inner_map >= 0 && (size_t)m->inner_map < r->obj->n_maps) {
		if ((err = create_map(r, (size_t)m->inner_map)))
			return err;
		if (r->map_fd[m->inner_map] >= 0)
			o.inner_map_fd = r->map_fd[m->inner_map];
	}
	map_name(m->name, name);
	if (r->btf_fd >= 0 && m->btf_value_type_id) {
		o.btf_fd = r->btf_fd;
		o.btf_key_type_id = m->btf_key_type_id;
		o.btf_value_type_id = m->btf_value_type_id;
	}
	fd = bpf_map_create(m->type, name, m->key_size, m->value_size, max, &o);
	if (fd < 0 && o.btf_fd) {   /* as libbpf: once more without BTF */
		o.btf_fd = o.btf_key_type_id = o.btf_value_type_id = 0;
		fd = bpf_map_create(m->type, name, m->key_size, m->value_size, max, &o);
	}
	if (fd < 0) {   /* left out: only a program that uses it fails */
		r->map_errno[i] = errno;
		if (r->out->n_left_out < 2)
			snprintf(r->out->left_out[r->out->n_left_out], sizeof(r->out->left_out[0]),
				 "%s", m->name);
		if (!r->out->n_left_out++)
			r->out->left_out_errno = errno;
		return 0;
	}
	r->map_fd[i] = fd;
	if (m->kind != VM_MAP_USER)
		err = fill_data(r, m, fd);
	else if (m->type == VM_BPF_MAP_TYPE_ARENA)
		err = map_arena(r, m, fd);
	else
		err = 0;
	return err ? fail(r, err, "map '%.60s': %s", m->name, strerror(-err)) : 0;
}

/* The id in vmlinux BTF of name (kind), or a failure naming it. */
static int vmlinux_id(struct raw *r, const char *prefix, const char *name, int kind)
{
	char full[192];
	int id;

	if (!r->kbtf)
		return fail(r, -ENOENT, "no kernel BTF to resolve %s", name);
	snprintf(full, sizeof(full), "%s%s", prefix, name);
	id = btf__find_by_name_kind(r->kbtf, full, kind);
	return id > 0 ? id : fail(r, -ESRCH, "%s is not in the kernel's BTF", full);
}

/* Map fds, kfunc and ksym BTF ids into a copy of the linked insns. */
static int resolve_insns(struct raw *r, const struct vm_prog *p, struct bpf_insn *insn)
{
	for (size_t i = 0; i < p->n_insns; i++) {
		const struct vm_insn_ref *ref = p->refs ? &p->refs[i] : NULL;
		int id;

		if (!ref)
			break;
		switch (ref->kind) {
		case VM_REF_MAP_FD: case VM_REF_MAP_VALUE:
			if (ref->map < 0 || (size_t)ref->map >= r->obj->n_maps)
				return fail(r, -EINVAL, "insn %zu: bad map reference", i);
			if (r->map_fd[ref->map] < 0) {   /* libbpf's poison_map_ldimm64 */
				for (int k = 0; k < 2; k++)
					insn[i + k] = (struct bpf_insn){ .code = BPF_JMP | BPF_CALL,
						.imm = VM_RAW_POISON_BASE + ref->map };
				break;
			}
			insn[i].imm = r->map_fd[ref->map];
			break;
		case VM_REF_KFUNC:
			if ((id = vmlinux_id(r, "", ref->name, BTF_KIND_FUNC)) < 0)
				return id;
			insn[i].imm = id;
			insn[i].off = 0;
			break;
		case VM_REF_KSYM:
			if ((id = vmlinux_id(r, "", ref->name, BTF_KIND_VAR)) < 0)
				return id;
			insn[i].imm = id;
			insn[i + 1].imm = 0;
			break;
		default:
			break;
		}
	}
	return 0;
}

/* The BTF id of a tracing program's target, as libbpf's find_attach_btf_id names it. */
static int attach_id(struct raw *r, const struct vm_prog *p)
{
	if (!p->attach_to)
		return 0;
	if (p->expected_attach_type == BPF_TRACE_RAW_TP)
		return vmlinux_id(r, "btf_trace_", p->attach_to, BTF_KIND_TYPEDEF);
	if (p->expected_attach_type == BPF_TRACE_ITER)
		return vmlinux_id(r, "bpf_iter_", p->attach_to, BTF_KIND_FUNC);
	if (p->type == BPF_PROG_TYPE_LSM)
		return vmlinux_id(r, "bpf_lsm_", p->attach_to, BTF_KIND_FUNC);
	return vmlinux_id(r, "", p->attach_to, BTF_KIND_FUNC);
}

static int load_prog(struct raw *r, const struct vm_prog *p, unsigned level, unsigned flags,
		     char *log, size_t log_size)
{
	LIBBPF_OPTS(bpf_prog_load_opts, o, .expected_attach_type = p->expected_attach_type,
		    .log_level = level, .log_buf = log, .log_size = (__u32)log_size,
		    .prog_flags = flags | (p->sleepable ? BPF_F_SLEEPABLE : 0));
	struct bpf_func_info *fi = calloc(p->n_subprogs ? p->n_subprogs : 1, sizeof(*fi));
	struct bpf_insn *insn = malloc(p->n_insns * sizeof(*insn));
	char name[BPF_OBJ_NAME_LEN];
	bool all_funcs = r->btf_fd >= 0;
	int id = 0, err = -ENOMEM;

	if (!fi || !insn)
		goto out;
	memcpy(insn, p->insns, p->n_insns * sizeof(*insn));
	if ((err = resolve_insns(r, p, insn)) || (id = attach_id(r, p)) < 0) {
		err = r->out->err;
		goto out;
	}
	o.attach_btf_id = (__u32)id;
	for (size_t s = 0; s < p->n_subprogs; s++) {
		fi[s].insn_off = (__u32)p->subprogs[s].start;
		fi[s].type_id = p->subprogs[s].btf_id;
		all_funcs &= fi[s].type_id != 0;
	}
	if (all_funcs && p->n_subprogs) {
		o.prog_btf_fd = (__u32)r->btf_fd;
		o.func_info = fi;
		o.func_info_cnt = (__u32)p->n_subprogs;
		o.func_info_rec_size = sizeof(*fi);
	}
	map_name(p->name, name);
	if (log && log_size)
		log[0] = 0;
	r->out->fd = bpf_prog_load(p->type, name, r->obj->license, insn, p->n_insns, &o);
	r->out->err = err = r->out->fd < 0 ? -errno : 0;
out:
	free(fi);
	free(insn);
	return err;
}

static void release(struct raw *r)
{
	for (size_t i = 0; r->map_fd && i < r->obj->n_maps; i++)
		if (r->map_fd[i] >= 0)
			close(r->map_fd[i]);
	free(r->map_fd);
	free(r->map_errno);
	if (r->arena)
		munmap(r->arena, r->arena_len);
	btf__free(r->btf);   /* closes its fd */
}

static struct btf *kernel_btf;
static pthread_once_t kernel_btf_once = PTHREAD_ONCE_INIT;

static void read_kernel_btf(void)
{
	kernel_btf = btf__load_vmlinux_btf();
	if (libbpf_get_error(kernel_btf))
		kernel_btf = NULL;
}

/*
 * The running kernel's BTF, read once per process (a load per program
 * parsed its megabytes each time). Not kbtf.c's: that one is the BTF the
 * model imitates, which BPF_MODEL_KERNEL_BTF may point elsewhere.
 */
static const struct btf *running_kernel_btf(void)
{
	pthread_once(&kernel_btf_once, read_kernel_btf);
	return kernel_btf;
}

int vm_raw_load(const struct vm_object *obj, size_t idx, unsigned log_level,
		unsigned prog_flags, char *log, size_t log_size, struct vm_raw_load *out)
{
	struct raw r = { .obj = obj, .out = out, .btf_fd = -1 };
	int err = 0;

	memset(out, 0, sizeof(*out));
	out->fd = -1;
	if (idx >= obj->n_progs)
		return fail(&r, -ENOENT, "no program %zu", idx);
	r.kbtf = running_kernel_btf();
	r.map_fd = malloc((obj->n_maps ? obj->n_maps : 1) * sizeof(int));
	r.map_errno = calloc(obj->n_maps ? obj->n_maps : 1, sizeof(int));
	if (!r.map_fd || !r.map_errno) {
		release(&r);
		return fail(&r, -ENOMEM, "out of memory");
	}
	for (size_t i = 0; i < obj->n_maps; i++)
		r.map_fd[i] = -1;
	load_btf(&r, &obj->progs[idx]);
	for (size_t i = 0; i < obj->n_maps && !err; i++)
		err = create_map(&r, i);
	if (!err)
		err = load_prog(&r, &obj->progs[idx], log_level, prog_flags, log, log_size);
	release(&r);
	/* a failure before bpf_prog_load has its reason; the load's own is the log's */
	return out->why[0] ? out->err : 0;
}
