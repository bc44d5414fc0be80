/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The object loader: reads sections and symbols with libelf, hands the
 * maps, relocations and .BTF.ext to their own files, then links each
 * program. Every size read from the file is checked before use.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include "verifier-model/obj_internal.h"
#include "verifier-model/sectype.h"

int ld_error(struct loader *ld, int err, const char *fmt, ...)
{
	va_list ap;

	if (ld->err && ld->errlen && !ld->err[0]) {
		va_start(ap, fmt);
		vsnprintf(ld->err, ld->errlen, fmt, ap);
		va_end(ap);
	}
	return err;
}

static int read_sections(struct loader *ld, Elf *elf)
{
	size_t n, shstrndx;

	if (elf_getshdrnum(elf, &n) || elf_getshdrstrndx(elf, &shstrndx))
		return ld_error(ld, -EINVAL, "not an ELF object: %s", elf_errmsg(-1));
	if (n > 65536)
		return ld_error(ld, -E2BIG, "too many sections (%zu)", n);
	ld->secs = calloc(n ? n : 1, sizeof(*ld->secs));
	if (!ld->secs)
		return -ENOMEM;
	ld->n_secs = n;
	for (size_t i = 1; i < n; i++) {
		Elf_Scn *scn = elf_getscn(elf, i);
		struct ld_sec *s = &ld->secs[i];
		GElf_Shdr sh;
		Elf_Data *d;

		s->map = -1;
		if (!scn || !gelf_getshdr(scn, &sh))
			return ld_error(ld, -EINVAL, "bad section header %zu", i);
		s->name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (!s->name)
			s->name = "";
		s->type = sh.sh_type;
		s->flags = sh.sh_flags;
		s->link = sh.sh_link;
		s->info = sh.sh_info;
		s->size = sh.sh_size;
		if (sh.sh_type == SHT_NOBITS)
			continue;
		if (sh.sh_offset > ld->image_len ||
		    sh.sh_size > ld->image_len - sh.sh_offset)
			return ld_error(ld, -EINVAL, "section %s: truncated", s->name);
		d = elf_getdata(scn, NULL);
		if (!d && sh.sh_size)
			return ld_error(ld, -EINVAL, "section %s: no data", s->name);
		if (d && d->d_size < s->size)
			s->size = d->d_size;
		s->data = d ? d->d_buf : NULL;
		if (!s->data)
			s->size = 0;
	}
	ld->secs[0].map = -1;
	ld->secs[0].name = "";
	return 0;
}

static int read_symbols(struct loader *ld, Elf *elf)
{
	for (size_t i = 1; i < ld->n_secs; i++) {
		Elf_Scn *scn = elf_getscn(elf, i);
		Elf_Data *d;
		GElf_Shdr sh;
		size_t n;

		if (ld->secs[i].type != SHT_SYMTAB || !gelf_getshdr(scn, &sh))
			continue;
		d = elf_getdata(scn, NULL);
		if (!d || !sh.sh_entsize)
			return ld_error(ld, -EINVAL, "bad symbol table");
		n = d->d_size / sizeof(Elf64_Sym);
		ld->syms = calloc(n ? n : 1, sizeof(*ld->syms));
		if (!ld->syms)
			return -ENOMEM;
		for (size_t j = 0; j < n; j++) {
			GElf_Sym sym;
			struct ld_sym *s = &ld->syms[j];

			if (!gelf_getsym(d, j, &sym))
				return ld_error(ld, -EINVAL, "bad symbol %zu", j);
			s->name = elf_strptr(elf, sh.sh_link, sym.st_name);
			if (!s->name)
				s->name = "";
			s->value = sym.st_value;
			s->size = sym.st_size;
			s->shndx = sym.st_shndx;
			s->bind = GELF_ST_BIND(sym.st_info);
			s->type = GELF_ST_TYPE(sym.st_info);
			s->vis = GELF_ST_VISIBILITY(sym.st_other);
		}
		ld->n_syms = n;
		return 0;
	}
	return 0;  /* no symbols: no programs */
}

static bool sec_is_exec(const struct ld_sec *s)
{
	return s->type == SHT_PROGBITS && (s->flags & SHF_EXECINSTR);
}

static int find_section(struct loader *ld, const char *name)
{
	for (size_t i = 1; i < ld->n_secs; i++)
		if (!strcmp(ld->secs[i].name, name))
			return (int)i;
	return -1;
}

/*
 * clang leaves data section sizes and variable offsets 0 in .BTF; libbpf
 * fills them from the section headers and symbols before use (its
 * btf_fixup_datasec), and so do we: -G and the model read them.
 */
static void fixup_datasecs(struct loader *ld)
{
	struct btf *btf = ld->obj->btf;
	int n = btf__type_cnt(btf);

	for (int id = 1; id < n; id++) {
		struct btf_type *t = (struct btf_type *)btf__type_by_id(btf, id);
		const char *sname = btf_is_datasec(t) ? btf__name_by_offset(btf, t->name_off) : NULL;
		int sec = sname ? find_section(ld, sname) : -1;

		if (sec <= 0)
			continue;
		if (!t->size)
			t->size = ld->secs[sec].size;
		for (int i = 0; i < btf_vlen(t); i++) {
			struct btf_var_secinfo *vs = &btf_var_secinfos(t)[i];
			const struct btf_type *var = btf__type_by_id(btf, vs->type);
			const char *name = var && btf_is_var(var) ?
					   btf__name_by_offset(btf, var->name_off) : NULL;

			for (size_t k = 0; name && k < ld->n_syms; k++)
				if (ld->syms[k].shndx == sec && ld->syms[k].type == STT_OBJECT &&
				    ld->syms[k].name && !strcmp(ld->syms[k].name, name)) {
					vs->offset = (uint32_t)ld->syms[k].value;
					break;
				}
		}
	}
}

static int load_btf(struct loader *ld)
{
	int i = find_section(ld, ".BTF");
	int e = find_section(ld, ".BTF.ext");
	libbpf_print_fn_t old;
	int err;

	if (i < 0 || !ld->secs[i].data)
		return 0;  /* no BTF: no line info, no .maps */
	/* a malformed .BTF is our error to report, not libbpf's to print */
	old = libbpf_set_print(NULL);
	ld->obj->btf = btf__new(ld->secs[i].data, ld->secs[i].size);
	libbpf_set_print(old);
	if (!ld->obj->btf) {
		ld->obj->btf = NULL;
		return ld_error(ld, -EINVAL, "invalid .BTF section");
	}
	if ((err = ld_check_btf(ld)))
		return err;
	fixup_datasecs(ld);
	if (e >= 0 && ld->secs[e].data)
		return ld_parse_btf_ext(ld, ld->secs[e].data, ld->secs[e].size);
	return 0;
}

static void func_linkage(struct loader *ld, struct ld_func *f, const struct ld_sym *s)
{
	struct btf *btf = ld->obj->btf;
	int id = btf ? btf__find_by_name_kind(btf, f->name, BTF_KIND_FUNC) : -1;

	f->global = s->bind == STB_GLOBAL || s->bind == STB_WEAK;
	if (id > 0) {
		f->btf_id = (uint32_t)id;
		f->global = btf_vlen(btf__type_by_id(btf, id)) ==  /* FUNC linkage */
			    BTF_FUNC_GLOBAL;
	}
	/* libbpf marks hidden global subprograms static in BTF (__hidden):
	 * the verifier then checks them in their caller's context */
	if (f->sec == ld->text && (s->vis == STV_HIDDEN || s->vis == STV_INTERNAL))
		f->global = false;
}

static int collect_funcs(struct loader *ld)
{
	ld->funcs = calloc(ld->n_syms ? ld->n_syms : 1, sizeof(*ld->funcs));
	if (!ld->funcs)
		return -ENOMEM;
	for (size_t i = 0; i < ld->n_syms; i++) {
		struct ld_sym *s = &ld->syms[i];
		struct ld_func *f = &ld->funcs[ld->n_funcs];
		struct ld_sec *sec;

		if (s->type != STT_FUNC || !s->shndx || s->shndx >= ld->n_secs)
			continue;
		sec = &ld->secs[s->shndx];
		if (!sec_is_exec(sec))
			continue;
		if (s->value % 8 || s->size % 8 || !s->size ||
		    s->value > sec->size || s->size > sec->size - s->value)
			return ld_error(ld, -EINVAL, "function %s: bad bounds",
					s->name);
		f->name = s->name;
		f->sec = s->shndx;
		f->off = s->value / 8;
		f->len = s->size / 8;
		func_linkage(ld, f, s);
		ld->n_funcs++;
	}
	return 0;
}

static int cmp_func(const void *a, const void *b)
{
	const struct ld_func *x = a, *y = b;

	if (x->sec != y->sec)
		return x->sec < y->sec ? -1 : 1;
	return x->off < y->off ? -1 : x->off > y->off;
}

/* A section libbpf does not know: veristat's guess from the context type. */
static void guess_type(struct loader *ld, struct vm_prog *p)
{
	unsigned type, attach;
	const char *ctx;

	if (vm_guess_type_by_ctx(ld->obj->btf, p->name, &type, &attach, &ctx)) {
		p->type = type;
		p->expected_attach_type = attach;
		p->type_guessed = true;
	}
}

static int link_programs(struct loader *ld)
{
	struct vm_object *obj = ld->obj;
	int err;

	qsort(ld->funcs, ld->n_funcs, sizeof(*ld->funcs), cmp_func);
	obj->progs = calloc(ld->n_funcs ? ld->n_funcs : 1, sizeof(*obj->progs));
	if (!obj->progs)
		return -ENOMEM;
	for (size_t i = 0; i < ld->n_funcs; i++) {
		struct ld_func *f = &ld->funcs[i];
		struct vm_prog *p = &obj->progs[obj->n_progs];

		if (f->sec == ld->text)
			continue;
		if (!f->global)
			return ld_error(ld, -ENOTSUP,
					"program %s is static (libbpf refuses it)",
					f->name);
		snprintf(p->name, sizeof(p->name), "%s", f->name);
		snprintf(p->section, sizeof(p->section), "%s",
			 ld->secs[f->sec].name);
		if (!ld_section_type(p->section, p))
			guess_type(ld, p);
		obj->n_progs++;
		err = ld_link_prog(ld, f, p);
		if (err)
			return err;
	}
	return 0;
}

static void read_license(struct loader *ld)
{
	int i = find_section(ld, "license");

	if (i >= 0 && ld->secs[i].data && ld->secs[i].size)
		snprintf(ld->obj->license, sizeof(ld->obj->license), "%.*s",
			 (int)ld->secs[i].size, (const char *)ld->secs[i].data);
}

static int load(struct loader *ld, Elf *elf)
{
	int err;
	GElf_Ehdr eh;

	if (elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh))
		return ld_error(ld, -EINVAL, "not an ELF object");
	if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_machine != EM_BPF)
		return ld_error(ld, -EINVAL, "not a 64-bit BPF ELF object");
	if (!eh.e_shoff || eh.e_shoff > ld->image_len ||
	    (uint64_t)eh.e_shnum * eh.e_shentsize > ld->image_len - eh.e_shoff)
		return ld_error(ld, -EINVAL, "truncated ELF object");
	if ((err = read_sections(ld, elf)) || (err = read_symbols(ld, elf)))
		return err;
	ld->text = find_section(ld, ".text");
	ld->maps_sec = find_section(ld, ".maps");
	read_license(ld);
	if ((err = load_btf(ld)) || (err = ld_collect_maps(ld)) ||
	    (err = collect_funcs(ld)) || (err = ld_collect_relocs(ld)))
		return err;
	return link_programs(ld);
}

static void loader_free(struct loader *ld)
{
	for (size_t i = 0; i < ld->n_secs; i++)
		free(ld->secs[i].refs);
	free(ld->secs);
	free(ld->syms);
	free(ld->funcs);
	free(ld->map_sec_off);
	ld_free_btf_ext(ld);
}

int vm_object__open_mem(const void *buf, size_t len, const char *name,
			struct vm_object **out, char *errbuf, size_t errlen)
{
	struct loader ld = { .err = errbuf, .errlen = errlen, .kconfig_map = -1,
			    .arena_map = -1 };
	struct vm_object *obj;
	Elf *elf;
	int err;

	*out = NULL;
	if (errbuf && errlen)
		errbuf[0] = 0;
	if (len > VM_MAX_IMAGE)
		return ld_error(&ld, -E2BIG, "%s: object too large", name);
	obj = calloc(1, sizeof(*obj));
	if (!obj)
		return -ENOMEM;
	obj->path = strdup(name ? name : "");
	obj->priv_image = malloc(len ? len : 1);
	if (!obj->path || !obj->priv_image) {
		vm_object__free(obj);
		return -ENOMEM;
	}
	memcpy(obj->priv_image, buf, len);
	ld.obj = obj;
	ld.image_len = len;
	elf_version(EV_CURRENT);
	elf = elf_memory(obj->priv_image, len);
	if (!elf)
		err = ld_error(&ld, -EINVAL, "not an ELF object");
	else
		err = load(&ld, elf);
	/* names, section data and map init bytes point into elf's memory */
	obj->priv_elf = elf;
	loader_free(&ld);
	if (err) {
		if (errbuf && errlen && !errbuf[0])
			snprintf(errbuf, errlen, "%s", strerror(-err));
		snprintf(obj->error, sizeof(obj->error), "%s", errbuf ? errbuf : "");
		vm_object__free(obj);
		return err;
	}
	*out = obj;
	return 0;
}

int vm_object__open(const char *path, struct vm_object **out,
		    char *errbuf, size_t errlen)
{
	struct stat st;
	uint8_t *buf;
	ssize_t got;
	int fd, err;

	*out = NULL;
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);	/* a FIFO must not block */
	if (fd < 0 || fstat(fd, &st) < 0) {
		err = -errno;
		snprintf(errbuf, errlen, "%s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return err;
	}
	if (!S_ISREG(st.st_mode) || (uint64_t)st.st_size > VM_MAX_IMAGE) {
		close(fd);
		snprintf(errbuf, errlen, "%s: %s", path, S_ISREG(st.st_mode)
			 ? "over the size limit for an object" : "not a regular file, not read");
		return -EINVAL;
	}
	buf = malloc(st.st_size ? st.st_size : 1);
	if (!buf) {
		close(fd);
		return -ENOMEM;
	}
	got = read(fd, buf, st.st_size);
	close(fd);
	if (got != st.st_size) {
		free(buf);
		snprintf(errbuf, errlen, "%s: short read", path);
		return -EIO;
	}
	err = vm_object__open_mem(buf, st.st_size, path, out, errbuf, errlen);
	free(buf);
	if (err && errbuf && errlen && strncmp(errbuf, path, strlen(path))) {
		char tmp[256];

		snprintf(tmp, sizeof(tmp), "%s", errbuf);
		snprintf(errbuf, errlen, "%s: %s", path, tmp);
	}
	return err;
}

static void prog_free(struct vm_prog *p)
{
	free(p->insns);
	free(p->refs);
	free(p->subprogs);
	free(p->lines);
}

bool vm_object__has_arena(const struct vm_object *obj)
{
	for (size_t i = 0; i < obj->n_maps; i++)
		if (obj->maps[i].type == VM_BPF_MAP_TYPE_ARENA)
			return true;
	return false;
}

uint32_t vm_map_runtime_entries(uint32_t type)
{
	long page = sysconf(_SC_PAGESIZE);

	switch (type) {
	case BPF_MAP_TYPE_SK_STORAGE:
	case BPF_MAP_TYPE_TASK_STORAGE:
	case BPF_MAP_TYPE_INODE_STORAGE:
	case BPF_MAP_TYPE_CGROUP_STORAGE:
	case 32: /* BPF_MAP_TYPE_CGRP_STORAGE, newer than these headers */
		return 0;
	case BPF_MAP_TYPE_RINGBUF:
	case BPF_MAP_TYPE_USER_RINGBUF:
		return page > 0 ? (uint32_t)page : 4096;
	default:
		return 1;
	}
}

void vm_object__free(struct vm_object *obj)
{
	if (!obj)
		return;
	for (size_t i = 0; i < obj->n_progs; i++)
		prog_free(&obj->progs[i]);
	free(obj->progs);
	for (size_t i = 0; i < obj->n_maps; i++)
		if (obj->maps[i].preset)
			free((void *)obj->maps[i].init_data);
	free(obj->maps);
	btf__free(obj->btf);
	if (obj->priv_elf)
		elf_end(obj->priv_elf);
	free(obj->priv_image);
	free(obj->path);
	free(obj);
}

const struct vm_prog *vm_object__prog(const struct vm_object *obj,
				      const char *name)
{
	for (size_t i = 0; obj && i < obj->n_progs; i++)
		if (!strcmp(obj->progs[i].name, name))
			return &obj->progs[i];
	return NULL;
}

const struct vm_subprog *vm_prog__subprog_at(const struct vm_prog *prog,
					     size_t insn)
{
	for (size_t i = 0; i < prog->n_subprogs; i++) {
		const struct vm_subprog *s = &prog->subprogs[i];

		if (insn >= s->start && insn < s->start + s->len)
			return s;
	}
	return NULL;
}

const struct vm_line *vm_prog__line_at(const struct vm_prog *prog, size_t insn)
{
	size_t lo = 0, hi = prog->n_lines;

	/* the last record starting at or before insn */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (prog->lines[mid].insn <= insn)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return NULL;
	/* a record does not reach into the next subprogram */
	if (vm_prog__subprog_at(prog, prog->lines[lo - 1].insn) !=
	    vm_prog__subprog_at(prog, insn))
		return NULL;
	return &prog->lines[lo - 1];
}
