/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A compiled BPF object as the verifier sees it: each program linked the
 * way libbpf links it (main body first, then every reachable .text
 * subprogram appended in the order libbpf appends them), its maps, its
 * extern kfuncs and its line info. Read with libelf + libbpf's BTF API;
 * needs no kernel.
 */
#ifndef VM_OBJECT_H
#define VM_OBJECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/bpf.h>

struct btf;

/* 6.9's map type; Debian 12's headers predate it */
#define VM_BPF_MAP_TYPE_ARENA 33

enum vm_map_kind {
	VM_MAP_USER,    /* from the BTF .maps section */
	VM_MAP_DATA,    /* .data, .data.* */
	VM_MAP_BSS,     /* .bss */
	VM_MAP_RODATA,  /* .rodata, .rodata.* (frozen: loads of it are known) */
	VM_MAP_KCONFIG, /* .kconfig externs */
	VM_MAP_ARENA,   /* BPF_MAP_TYPE_ARENA */
};

struct vm_map {
	char name[64];
	enum vm_map_kind kind;
	uint32_t type;          /* enum bpf_map_type */
	uint32_t key_size, value_size, max_entries, map_flags;
	uint32_t btf_key_type_id, btf_value_type_id;
	uint64_t map_extra;     /* an arena's user address, a bloom filter's hashes */
	const uint8_t *init_data;  /* initial bytes of global-data maps, the arena's globals */
	size_t init_size;
	bool preset;            /* -G changed init_data: an owned copy */
	int inner_map;          /* index of the inner map template, -1 none */
};

/* What an instruction refers to, from its relocation. */
enum vm_ref_kind {
	VM_REF_NONE,
	VM_REF_MAP_FD,       /* ld_imm64 of a map pointer: map */
	VM_REF_MAP_VALUE,    /* ld_imm64 of global data: map + offset */
	VM_REF_KFUNC,        /* call of an extern kfunc: name */
	VM_REF_KSYM,         /* ld_imm64 of an extern __ksym variable: name */
	VM_REF_SUBPROG_CALL, /* BPF_PSEUDO_CALL: target insn (imm fixed up) */
	VM_REF_FUNC_PTR,     /* ld_imm64 BPF_PSEUDO_FUNC (callbacks): target */
};

/*
 * The linked insns are rewritten the way libbpf rewrites them before
 * BPF_PROG_LOAD, except that map fds are map indexes: ld_imm64 of a map
 * has src_reg BPF_PSEUDO_MAP_FD and imm = map index; global data has
 * BPF_PSEUDO_MAP_VALUE, imm = map index, insn[1].imm = offset; kfunc
 * calls have src_reg BPF_PSEUDO_KFUNC_CALL, imm 0; __ksym ld_imm64
 * BPF_PSEUDO_BTF_ID, imm 0; subprogram calls and BPF_PSEUDO_FUNC have
 * imm relative to the linked layout. refs[] says the same as data.
 */
struct vm_insn_ref {
	enum vm_ref_kind kind;
	int map;             /* index into vm_object.maps */
	uint32_t offset;     /* VM_REF_MAP_VALUE: offset in the value */
	const char *name;    /* kfunc/ksym name (owned by the object) */
	bool weak;           /* kfunc/ksym extern declared __weak */
	size_t target;       /* call/func-ptr target insn in this program */
};

struct vm_subprog {
	char name[64];
	size_t start;        /* first insn in the linked program */
	size_t len;
	bool global;         /* BTF FUNC linkage global (STB_GLOBAL fallback) */
	uint32_t btf_id;     /* BTF FUNC id, 0 if unknown */
};

struct vm_line {
	size_t insn;         /* first insn of this record in the linked program */
	const char *file;    /* owned by the object */
	unsigned line, col;
	const char *text;    /* the source line as BTF recorded it, or NULL */
};

struct vm_prog {
	char name[64];
	char section[128];
	enum bpf_prog_type type;
	enum bpf_attach_type expected_attach_type;
	const char *attach_to;      /* fentry/fexit/lsm/... target, or NULL */
	bool sleepable;
	bool type_guessed;          /* section unknown: type from the context arg */
	struct bpf_insn *insns;     /* linked: main body, then subprograms */
	size_t n_insns;
	struct vm_insn_ref *refs;   /* n_insns entries */
	struct vm_subprog *subprogs;/* [0] is the program itself */
	size_t n_subprogs;
	struct vm_line *lines;      /* sorted by insn */
	size_t n_lines;
};

struct vm_object {
	char *path;
	char license[128];
	struct vm_prog *progs;
	size_t n_progs;
	struct vm_map *maps;
	size_t n_maps;
	struct btf *btf;            /* the object's BTF (libbpf), or NULL */
	char error[256];            /* why open failed */
	void *priv_image;           /* loader-private: the ELF bytes ... */
	void *priv_elf;             /* ... and libelf's handle; names point in */
};

/*
 * Open and link every program of the ELF object at path. Returns 0 and
 * *out, or a negative errno with a one-line reason in errbuf.
 */
int vm_object__open(const char *path, struct vm_object **out,
		    char *errbuf, size_t errlen);
/* Same from memory (fuzzing, tests); buf must outlive nothing: it is copied. */
int vm_object__open_mem(const void *buf, size_t len, const char *name,
			struct vm_object **out, char *errbuf, size_t errlen);
void vm_object__free(struct vm_object *obj);
/* Has obj an arena map? (libbpf before 1.4 cannot load such an object.) */
bool vm_object__has_arena(const struct vm_object *obj);
/*
 * max_entries for a map of type whose definition says 0 (a loader sizes
 * it at run time): a storage map keeps 0, a ring buffer gets one page
 * (its size must be a power of 2 and of pages), any other map 1.
 */
uint32_t vm_map_runtime_entries(uint32_t type);
/* Alignment of BTF type id (checking every id it follows, unlike libbpf 1.1), or -1. */
long vm_btf_align_of(const struct btf *btf, unsigned id);
/* The program named name, or NULL. */
const struct vm_prog *vm_object__prog(const struct vm_object *obj,
				      const char *name);
/* The subprogram containing insn, or NULL. */
const struct vm_subprog *vm_prog__subprog_at(const struct vm_prog *prog,
					     size_t insn);
/* The line record covering insn, or NULL. */
const struct vm_line *vm_prog__line_at(const struct vm_prog *prog, size_t insn);

#endif
