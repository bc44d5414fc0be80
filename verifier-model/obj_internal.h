/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Private to the object loader (object.c, obj_maps.c, obj_link.c,
 * obj_btfext.c, sectype.c): the raw ELF view the linker works from.
 */
#ifndef VM_OBJ_INTERNAL_H
#define VM_OBJ_INTERNAL_H

#include <stdarg.h>
#include "verifier-model/object.h"

#define VM_MAX_IMAGE   (256u << 20)  /* refuse objects larger than this */
#define ARENA_SEC      ".addr_space.1" /* global __arena variables */
#define VM_MAX_PROG    (1u << 20)    /* linked program size cap, insns */

struct ld_sec {
	const char *name;
	uint32_t type, link, info;
	uint64_t flags;
	const uint8_t *data;       /* NULL for SHT_NOBITS */
	size_t size;
	struct ld_ref *refs;       /* exec sections: one per insn */
	size_t n_insns;
	int map;                   /* global-data sections: map index, else -1 */
};

struct ld_sym {
	const char *name;
	uint64_t value, size;
	uint16_t shndx;
	uint8_t bind, type, vis;   /* vis: STV_* visibility */
};

/* A relocation as found in the section, before linking. */
struct ld_ref {
	enum vm_ref_kind kind;
	int map;
	uint32_t offset;
	const char *name;
	bool weak;                 /* extern declared __weak */
	size_t text_insn;          /* call/func-ptr target, insn index in .text */
};

/* A function symbol in an executable section: a program or a subprogram. */
struct ld_func {
	const char *name;
	int sec;
	size_t off, len;           /* in insns, within the section */
	bool global;
	uint32_t btf_id;
	size_t sub_off;            /* position in the program being linked */
	bool appended;
};

struct ld_ext_rec { uint32_t insn, a, b, c; };
struct ld_ext_sec {
	const char *sec_name;
	struct ld_ext_rec *func, *line, *core; /* core: a=type, b=access, c=kind */
	size_t n_func, n_line, n_core;
};

struct loader {
	struct vm_object *obj;
	struct ld_sec *secs;
	size_t n_secs;
	struct ld_sym *syms;
	size_t n_syms;
	int text, maps_sec, kconfig_map;
	int arena_map;             /* the one BPF_MAP_TYPE_ARENA map, or -1 */
	struct ld_func *funcs;
	size_t n_funcs;
	uint32_t *map_sec_off;     /* per map: offset of its variable in .maps */
	struct ld_ext_sec *ext;
	size_t n_ext;
	size_t image_len;          /* bytes of the ELF image */
	char *err;
	size_t errlen;
};

int ld_error(struct loader *ld, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Map the section name to a program type (sectype.c); false if unknown. */
bool ld_section_type(const char *sec, struct vm_prog *prog);
/* Maps from .maps, global-data sections and .kconfig (obj_maps.c). */
int ld_collect_maps(struct loader *ld);
/* Offset of extern var name inside the .kconfig datasec, or -1. */
long ld_kconfig_offset(struct loader *ld, const char *name);
/* Refuse BTF whose references dangle or cycle (obj_btfcheck.c). */
int ld_check_btf(struct loader *ld);
/* func_info and line_info of .BTF.ext (obj_btfext.c). */
int ld_parse_btf_ext(struct loader *ld, const uint8_t *data, size_t size);
void ld_free_btf_ext(struct loader *ld);
/*
 * Apply the CO-RE relocations of section sec_name that fall in insns
 * [off, off+len) to out (the copy of those insns), against the kernel
 * BTF (obj_core.c); insns stay as compiled where it cannot be read.
 */
void ld_core_apply(struct loader *ld, const char *sec_name, size_t off, size_t len,
		   struct bpf_insn *out);
/* Relocations of executable sections into per-insn refs (obj_link.c). */
int ld_collect_relocs(struct loader *ld);
/* Link main program f into prog, appending subprograms like libbpf. */
int ld_link_prog(struct loader *ld, struct ld_func *f, struct vm_prog *prog);

#endif
