/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * memcheck.c: loads and stores (check_mem_access): stack slots with
 * spills and fills, map values (bounds, read-only data), packets (range),
 * helper memory, null and scalar dereferences. Context accesses are in
 * ctx.c, BTF and map pointers' in btf_access.c.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "verifier-model/env.h"
#include "verifier-model/locks.h"
#include "verifier-model/kconfig.h"
#include "verifier-model/kbtf.h"
#include "verifier-model/kbtf_types.h"
#include "verifier-model/insn.h"
#include "verifier-model/ctx.h"
#include "verifier-model/stack_live.h"
#include "verifier-model/exec.h"
#include "verifier-model/memcheck.h"
#include "verifier-model/btf_access.h"
#include "verifier-model/dynptr.h"
#include "verifier-model/precision.h"


void vm_coerce_to_size(struct vm_scalar *s, int size, bool sx)
{
	uint64_t mask;

	if (size >= 8)
		return;
	if (sx) {
		struct vm_scalar t = *s;

		scalar_movsx(s, &t, size * 8, true);
		return;
	}
	mask = (1ull << (size * 8)) - 1;
	s->var_off = tnum_cast(s->var_off, (uint8_t)size);
	if ((s->umin & ~mask) == (s->umax & ~mask)) {
		s->umin &= mask;
		s->umax &= mask;
	} else {
		s->umin = 0;
		s->umax = mask;
	}
	s->smin = (int64_t)s->umin;
	s->smax = (int64_t)s->umax;
	s->u32_min = 0;
	s->u32_max = UINT32_MAX;
	s->s32_min = INT32_MIN;
	s->s32_max = INT32_MAX;
	if (size < 4 || s->umax <= UINT32_MAX) {
		s->u32_min = (uint32_t)s->umin;
		s->u32_max = (uint32_t)s->umax;
		if (s->u32_max <= INT32_MAX) {
			s->s32_min = (int32_t)s->u32_min;
			s->s32_max = (int32_t)s->u32_max;
		}
	}
	scalar_sync(s);
}

void vm_note_stack_depth(struct vm_env *env, int frameno, int off)
{
	int sub = env->cur->frame[frameno]->subprog;
	int depth = (-off + 7) & ~7;

	if (sub >= 0 && env->stack_depth[sub] < depth)
		env->stack_depth[sub] = depth;
}

struct vm_slot *vm_stack_slot(struct vm_env *env, const struct vm_reg *reg, int off, int *spi_out)
{
	struct vm_frame *f;
	int o, spi;

	if (reg->type != VM_PTR_STACK || !scalar_is_const(&reg->s))
		return NULL;
	o = reg->off + off + (int)scalar_const_value(&reg->s);
	if (o >= 0 || o < -VM_MAX_STACK || reg->frameno > env->cur->curframe)
		return NULL;
	f = env->cur->frame[reg->frameno];
	spi = (-o - 1) / 8;
	if (spi >= f->nslots)
		return NULL;
	*spi_out = spi;
	return &f->slots[spi];
}

static void set_hist_stack(struct vm_env *env, int frame, int spi)
{
	struct vm_state *st = env->cur;
	struct vm_hist *top = vm_state__hist_top(st);

	if (top) {
		top->spi = (int16_t)spi;
		top->frame = (uint8_t)frame & 15;
		vm_state__keep_hist(st);
	}
}

static void destroy_slot_special(struct vm_slot *s)
{
	if (s->type[0] == VM_SLOT_SPILL || s->type[0] == VM_SLOT_ITER)
		for (int b = 0; b < 8; b++)
			if (s->type[b] != VM_SLOT_INVALID)
				s->type[b] = VM_SLOT_MISC;
	vm_reg__mark_not_init(&s->spilled);
}

/*
 * A spill of size bytes: those hold the register; the rest of the slot
 * stops being a register and is data, unless zero or never written (the
 * kernel's save_register_state, for a register and an immediate alike).
 */
static void mark_spill(struct vm_slot *s, int size)
{
	for (int b = 0; b < 8; b++)
		s->type[b] = b < size ? VM_SLOT_SPILL :
			(s->type[b] == VM_SLOT_ZERO || s->type[b] == VM_SLOT_INVALID ?
			 s->type[b] : VM_SLOT_MISC);
}

static int stack_write(struct vm_env *env, struct vm_frame *f, int o, int size,
		       const struct vm_reg *val, const struct bpf_insn *insn)
{
	int spi = (-o - 1) / 8, b0 = o + 8 * (spi + 1);
	struct vm_slot *s;

	if (vm_frame__grow(f, spi + 1))
		return vm_env__limit(env, "model: out of memory");
	s = &f->slots[spi];
	if (s->type[0] == VM_SLOT_ITER)
		return vm_env__reject(env, "invalid write to stack: iterator slot");
	if (vm_dynptr_destroy(env, f, spi))    /* a write over a dynptr ends it */
		return -EACCES;
	if (val && !(o % 8) && (val->type == VM_SCALAR || size == 8)) {
		if (val->type != VM_SCALAR && size != 8)
			return vm_env__reject(env, "invalid size of register spill");
		/* a spill that holds the whole value links it to its fill */
		if (val->type == VM_SCALAR && insn && BPF_CLASS(insn->code) == BPF_STX &&
		    !(size < 8 && val->s.umax >> (size * 8)))
			vm_assign_id_before_mov(env, vm_env__reg(env, insn->src_reg));
		s->spilled = *val;
		if (size < 8 && val->s.umax >> (size * 8))
			s->spilled.id = 0;
		mark_spill(s, size);
		set_hist_stack(env, f->frameno, spi);
		return 0;
	}
	if (!val && insn && !(o % 8) && BPF_CLASS(insn->code) == BPF_ST) {
		struct vm_reg k;

		vm_reg__mark_const(&k, (uint64_t)(int64_t)insn->imm);
		s->spilled = k;
		mark_spill(s, size);
		set_hist_stack(env, f->frameno, spi);
		return 0;
	}
	if (val && val->type != VM_SCALAR)
		return vm_env__reject(env, "invalid size of register spill");
	{
		bool zero = (val && val->type == VM_SCALAR && scalar_is_const(&val->s) &&
			     !scalar_const_value(&val->s)) ||
			    (!val && insn && BPF_CLASS(insn->code) == BPF_ST && !insn->imm);
		uint8_t t = zero ? VM_SLOT_ZERO : VM_SLOT_MISC;

		if (zero && val && insn && BPF_CLASS(insn->code) == BPF_STX &&
		    vm_mark_precise(env, insn->src_reg))
			return -EACCES;
		destroy_slot_special(s);
		for (int b = b0; b < b0 + size && b < 8; b++)
			s->type[b] = t;
	}
	return 0;
}

static int stack_read(struct vm_env *env, struct vm_frame *f, int o, int size, int dst, bool sx)
{
	int spi = (-o - 1) / 8, b0 = o + 8 * (spi + 1);
	struct vm_reg *d = dst >= 0 ? vm_env__reg(env, dst) : NULL;
	struct vm_slot *s;
	int spill = 0, zero = 0;

	if (vm_frame__grow(f, spi + 1))
		return vm_env__limit(env, "model: out of memory");
	s = &f->slots[spi];
	if (s->type[0] == VM_SLOT_SPILL) {
		int spill_size = 0;

		while (spill_size < 8 && s->type[spill_size] == VM_SLOT_SPILL)
			spill_size++;
		if (size == 8 && spill_size == 8) {
			if (d)
				*d = s->spilled;
			set_hist_stack(env, f->frameno, spi);
			return 0;
		}
		if (s->spilled.type != VM_SCALAR)
			return vm_env__reject(env, "invalid size of register fill");
		if (!d)
			return 0;
		if (b0 == 0 && size <= spill_size) {
			*d = s->spilled;
			if (d->s.umax >> (size * 8))
				d->id = 0;
			vm_coerce_to_size(&d->s, size, sx);
			set_hist_stack(env, f->frameno, spi);
			return 0;
		}
	}
	for (int b = b0; b < b0 + size && b < 8; b++) {
		/* an iterator's or a dynptr's state is not data */
		if (s->type[b] == VM_SLOT_ITER || s->type[b] == VM_SLOT_DYNPTR)
			return vm_env__reject(env, "invalid read from stack off %d+%d size %d", o,
					      b - b0, size);
		spill += s->type[b] == VM_SLOT_SPILL;
		zero += s->type[b] == VM_SLOT_ZERO;
	}
	if (!d)
		return 0;
	if ((spill == size && scalar_is_const(&s->spilled.s) && !scalar_const_value(&s->spilled.s)) ||
	    zero == size) {
		vm_reg__mark_const(d, 0);
		if (spill == size)
			set_hist_stack(env, f->frameno, spi);
		return 0;
	}
	vm_reg__mark_unknown(d);
	if (size < 8)
		scalar_set_unknown_size(&d->s, size);
	if (sx && size < 8)
		scalar_set_unknown_size_sx(&d->s, size);
	return 0;
}

/* An access crossing a slot boundary: bytes become (or read as) plain data. */
static int stack_unaligned(struct vm_env *env, struct vm_frame *f, int frameno, int o,
			   int size, bool write, int dst)
{
	vm_note_stack_depth(env, frameno, o);
	if (vm_frame__grow(f, (-o - 1) / 8 + 1))
		return vm_env__limit(env, "model: out of memory");
	for (int a = o; a < o + size; a++) {
		struct vm_slot *s = &f->slots[(-a - 1) / 8];

		if (write) {
			destroy_slot_special(s);
			s->type[a + 8 * ((-a - 1) / 8 + 1)] = VM_SLOT_MISC;
		}
	}
	if (!write && dst >= 0) {
		vm_reg__mark_unknown(vm_env__reg(env, dst));
		scalar_set_unknown_size(&vm_env__reg(env, dst)->s, size);
	}
	return 0;
}

/* check_stack_access_within_bounds: a variable offset beyond +-2^29 is not bounded */
static bool var_off_unbounded(const struct vm_reg *reg)
{
	return reg->s.smax >= VM_MAX_VAR_OFF || reg->s.smin <= -VM_MAX_VAR_OFF;
}

static int stack_access(struct vm_env *env, int regno, const struct vm_reg *reg, int off,
			int size, bool write, const struct vm_reg *val, int dst, bool sx,
			const struct bpf_insn *insn)
{
	struct vm_frame *f = env->cur->frame[reg->frameno];
	int o;

	if (!scalar_is_const(&reg->s)) {
		int64_t lo = reg->s.smin + reg->off + off, hi = reg->s.smax + reg->off + off;

		if (var_off_unbounded(reg))
			return vm_env__reject(env, "invalid unbounded variable-offset %s stack R%d",
					      write ? "write to" : "read from", regno);
		if (lo < -VM_MAX_STACK || hi + size > 0)
			return vm_env__reject(env, "invalid variable-offset %s stack R%d var_off=(0x%llx; 0x%llx) off=%d size=%d",
					      write ? "write to" : "read from", regno,
					      (unsigned long long)reg->s.var_off.value,
					      (unsigned long long)reg->s.var_off.mask, off, size);
		vm_note_stack_depth(env, reg->frameno, (int)lo);
		vm_fastcall_access(env, reg->frameno, env->insn_idx, (int)lo);
		if (vm_frame__grow(f, (int)((-lo - 1) / 8) + 1))
			return vm_env__limit(env, "model: out of memory");
		if (!write && vm_live_read(env, reg->frameno, vm_live_slots_of(lo, hi + size)))
			return -ENOMEM;
		for (int64_t a = lo; a < hi + size; a++) {
			struct vm_slot *s = &f->slots[(-a - 1) / 8];

			if (write) {
				/* check_stack_write_var_off: each dynptr it may touch ends */
				if (vm_dynptr_destroy(env, f, (int)((-a - 1) / 8)))
					return -EACCES;
				destroy_slot_special(s);
				s->type[a + 8 * ((-a - 1) / 8 + 1)] = VM_SLOT_MISC;
			}
		}
		if (!write && dst >= 0) {
			vm_reg__mark_unknown(vm_env__reg(env, dst));
			if (size < 8)
				scalar_set_unknown_size(&vm_env__reg(env, dst)->s, size);
		}
		return 0;
	}
	o = reg->off + off + (int)scalar_const_value(&reg->s);
	if (o < -VM_MAX_STACK || o + size > 0)
		return vm_env__reject(env, "invalid %s stack R%d off=%d size=%d",
				      write ? "write to" : "read from", regno, o, size);
	/* a fixed-offset read is held to the current frame's pattern, as the kernel does */
	vm_fastcall_access(env, write ? reg->frameno : env->cur->curframe, env->insn_idx, o);
	if (write && size == 8 && !(o % 8))   /* only whole slots end a slot's life */
		vm_live_write(env, reg->frameno, vm_live_slots_of(o, o + 8));
	else if (!write && vm_live_read(env, reg->frameno, vm_live_slots_of(o, o + size)))
		return -ENOMEM;
	if (((o % 8) + 8) % 8 + size > 8)
		return stack_unaligned(env, f, reg->frameno, o, size, write, dst);
	vm_note_stack_depth(env, reg->frameno, o);
	if (write)
		return stack_write(env, f, o, size, val, insn);
	return stack_read(env, f, o, size, dst, sx);
}

/* check_mem_region_access: [off+smin, off+umax+size) inside [0, mem_size). */
static int region_access(struct vm_env *env, int regno, const struct vm_reg *reg, int off,
			 int size, uint32_t mem_size, const char *what)
{
	int64_t lo = reg->s.smin + off;

	if (reg->s.smin < 0 && (reg->s.smin == INT64_MIN || lo < 0))
		return vm_env__reject(env, "R%d min value is negative, either use unsigned index or do a if (index >=0) check.",
				      regno);
	if (lo < 0 || (uint64_t)size > mem_size || lo > (int64_t)mem_size - size) {
		(void)what;
		return vm_env__reject(env, "R%d min value is outside of the allowed memory range", regno);
	}
	if (reg->s.umax >= VM_MAX_VAR_OFF)
		return vm_env__reject(env, "R%d unbounded memory access, make sure to bounds check any such access",
				      regno);
	if ((int64_t)reg->s.umax + off > (int64_t)mem_size - size)
		return vm_env__reject(env, "R%d max value is outside of the allowed memory range", regno);
	return 0;
}

static int fixed_access(struct vm_env *env, int regno, const struct vm_reg *reg, int off,
			int size, uint32_t mem_size, const char *kind)
{
	int64_t o = (int64_t)off + reg->s.smin;

	if (scalar_is_const(&reg->s) &&
	    (o < 0 || (uint64_t)size > mem_size || o > (int64_t)mem_size - size)) {
		/* the kernel logs "invalid access to ..." then this line */
		(void)kind;
		return vm_env__reject(env, "R%d min value is outside of the allowed memory range", regno);
	}
	return region_access(env, regno, reg, off, size, mem_size, kind);
}

void vm_load_unknown(struct vm_env *env, int dst, int size, bool sx)
{
	struct vm_reg *d;

	if (dst < 0)
		return;
	d = vm_env__reg(env, dst);
	vm_reg__mark_unknown(d);
	if (sx)
		scalar_set_unknown_size_sx(&d->s, size);
	else if (size < 8)
		scalar_set_unknown_size(&d->s, size);
}

/* A load from frozen read-only data (.rodata, .kconfig) has a known value. */
static bool rodata_load(struct vm_env *env, const struct vm_reg *reg, int off, int size,
			int dst, bool sx)
{
	const struct vm_map *m = &env->obj->maps[reg->map];
	int64_t o = (int64_t)reg->off + off + (int64_t)reg->s.var_off.value;
	const uint8_t *data = m->init_data;
	size_t len = m->init_size;
	uint64_t v = 0;

	if (m->kind == VM_MAP_KCONFIG) {
		if (!env->kconfig)
			env->kconfig = vm_kconfig_values(env->obj, m->value_size);
		data = env->kconfig;
		len = m->value_size;
	} else if (m->kind != VM_MAP_RODATA) {
		return false;
	}
	if (!scalar_is_const(&reg->s) || dst < 0 || !data || o < 0 || (uint64_t)(o + size) > len)
		return false;
	for (int i = size - 1; i >= 0; i--)
		v = v << 8 | data[o + i];
	if (sx && size < 8) {
		int sh = 64 - size * 8;

		v = (uint64_t)((int64_t)(v << sh) >> sh);
	}
	vm_reg__mark_const(vm_env__reg(env, dst), v);
	return true;
}

/* check_map_access_type: read-only and write-only maps, for the program */
static int map_access_type(struct vm_env *env, const struct vm_reg *reg, int off, long size,
			   bool write)
{
	const struct vm_map *m = &env->obj->maps[reg->map];

	if (write && (m->kind == VM_MAP_RODATA || m->kind == VM_MAP_KCONFIG ||
		      (m->map_flags & BPF_F_RDONLY_PROG)))
		return vm_env__reject(env, "write into map forbidden, value_size=%u off=%d size=%ld",
				      m->value_size, reg->off + off, size);
	if (!write && (m->map_flags & BPF_F_WRONLY_PROG))
		return vm_env__reject(env, "read from map forbidden, value_size=%u off=%d size=%ld",
				      m->value_size, reg->off + off, size);
	return 0;
}

static int map_value_access(struct vm_env *env, int regno, const struct vm_reg *reg, int off,
			    int size, bool write, int dst, bool sx)
{
	const struct vm_map *m = &env->obj->maps[reg->map];
	bool key = reg->type == VM_PTR_MAP_KEY;
	uint32_t sz = key ? m->key_size : m->value_size;
	int err;

	if (!key && map_access_type(env, reg, off, size, write))
		return -EACCES;
	if (write && key)
		return vm_env__reject(env, "R%d cannot write into map_key", regno);
	err = fixed_access(env, regno, reg, reg->off + off, size, sz, "map value");
	if (err)
		return err;
	if (!key && scalar_is_const(&reg->s) &&
	    vm_check_special_fields(env, reg->map, reg->off + off + (int)scalar_const_value(&reg->s), size))
		return -EACCES;
	if (!write && !rodata_load(env, reg, off, size, dst, sx))
		vm_load_unknown(env, dst, size, sx);
	return 0;
}

static int pkt_access(struct vm_env *env, int regno, const struct vm_reg *reg, int off,
		      int size, bool write, int dst, bool sx)
{
	int64_t o = (int64_t)reg->off + off;
	enum bpf_prog_type t = env->prog->type;

	if (write && t != BPF_PROG_TYPE_XDP && t != BPF_PROG_TYPE_SCHED_CLS &&
	    t != BPF_PROG_TYPE_SCHED_ACT && t != BPF_PROG_TYPE_LWT_XMIT &&
	    t != BPF_PROG_TYPE_SK_SKB && t != BPF_PROG_TYPE_SK_MSG && t != BPF_PROG_TYPE_CGROUP_SOCKOPT)
		return vm_env__reject(env, "cannot write into packet");
	if (reg->s.smin < 0)
		return vm_env__reject(env, "R%d min value is negative, either use unsigned index or do a if (index >=0) check.",
				      regno);
	/* the range was learnt for this pointer's own variable part: only off counts */
	if (o < 0 || size > reg->range || o > reg->range - size)
		/* after "invalid access to packet, off=.. size=.., R..(id=..,off=..,r=..)" */
		return vm_env__reject(env, "R%d offset is outside of the packet", regno);
	if (!write)
		vm_load_unknown(env, dst, size, sx);
	return 0;
}

/* The var_off part of an alignment message: 6.18 prints a constant plainly. */
static void var_off_str(const struct vm_reg *reg, char *buf, size_t len)
{
	if (!reg->s.var_off.mask)
		snprintf(buf, len, "%lld", (long long)reg->s.var_off.value);
	else
		snprintf(buf, len, "(0x%llx; 0x%llx)", (unsigned long long)reg->s.var_off.value,
			 (unsigned long long)reg->s.var_off.mask);
}

/*
 * check_ptr_alignment: stack accesses always (spill tracking needs it),
 * others under BPF_F_STRICT_ALIGNMENT or when strict_once (atomics,
 * MEM_ALIGNED helper arguments). Packets count NET_IP_ALIGN (2) in.
 */
int vm_check_alignment(struct vm_env *env, const struct vm_reg *reg, int off, int size,
		       bool strict_once)
{
	unsigned fl = env->opt ? env->opt->prog_flags : 0;
	bool strict = strict_once || ((fl & BPF_F_STRICT_ALIGNMENT) && !(fl & BPF_F_ANY_ALIGNMENT));
	bool pkt = reg->type == VM_PTR_PKT || reg->type == VM_PTR_PKT_META;
	const char *desc = "";
	uint64_t at = reg->s.var_off.value + (uint64_t)(int64_t)reg->off + (uint64_t)(int64_t)off +
		      (pkt ? 2 : 0);
	char tn[64];

	if (reg->type == VM_PTR_ARENA)   /* the JIT's probe accesses need no alignment */
		return 0;
	if (!(reg->flags & VM_F_MAYBE_NULL))
		switch (reg->type) {
		case VM_PTR_MAP_KEY: desc = "key "; break;
		case VM_PTR_MAP_VALUE: desc = "value "; break;
		case VM_PTR_CTX: desc = "context "; break;
		case VM_PTR_STACK: desc = "stack "; strict = true; break;
		case VM_PTR_SOCKET: desc = "sock "; break;
		case VM_PTR_SOCK_COMMON: desc = "sock_common "; break;
		case VM_PTR_TCP_SOCK: desc = "tcp_sock "; break;
		}
	if (!strict || size == 1 || !((at | reg->s.var_off.mask) & (uint64_t)(size - 1)))
		return 0;
	var_off_str(reg, tn, sizeof(tn));
	if (pkt)
		return vm_env__reject(env, "misaligned packet access off 2+%s+%d+%d size %d", tn,
				      reg->off, off, size);
	return vm_env__reject(env, "misaligned %saccess off %s+%d+%d size %d", desc, tn, reg->off,
			      off, size);
}

int vm_check_mem(struct vm_env *env, int regno, int off, int size, bool write,
		 const struct vm_reg *val, int dst, bool sx)
{
	const struct vm_reg *reg = vm_env__reg(env, regno);
	char tn[48];

	if (reg->type != VM_NOT_INIT && vm_check_alignment(env, reg, off, size, false))
		return -EACCES;
	if (reg->type == VM_NOT_INIT)
		return vm_env__reject(env, "R%d !read_ok", regno);
	if (reg->flags & VM_F_MAYBE_NULL || reg->type == VM_SCALAR ||
	    reg->type == VM_PTR_PKT_END || reg->type == VM_PTR_FUNC)
		return vm_env__reject(env, "R%d invalid mem access '%s'", regno,
				      vm_reg__type_name(reg, tn, sizeof(tn)));
	switch (reg->type) {
	case VM_PTR_STACK:
		return stack_access(env, regno, reg, off, size, write, val, dst, sx, NULL);
	case VM_PTR_MAP_VALUE: case VM_PTR_MAP_KEY:
		if (reg->map < 0 || (size_t)reg->map >= env->obj->n_maps)
			return vm_env__reject(env, "R%d invalid mem access 'map_value'", regno);
		return map_value_access(env, regno, reg, off, size, write, dst, sx);
	case VM_PTR_PKT: case VM_PTR_PKT_META:
		return pkt_access(env, regno, reg, off, size, write, dst, sx);
	case VM_PTR_MEM:
		if (write && (reg->flags & VM_F_RDONLY))
			return vm_env__reject(env, "R%d cannot write into %s", regno,
					      vm_reg__type_name(reg, tn, sizeof(tn)));
		if (fixed_access(env, regno, reg, reg->off + off, size, reg->mem_size, "mem"))
			return -EACCES;
		if (!write)
			vm_load_unknown(env, dst, size, sx);
		return 0;
	case VM_PTR_BTF:
		if (reg->flags & VM_F_PERCPU)   /* check_ptr_to_btf_access */
			return vm_env__reject(env, "R%d is ptr_%s access percpu memory: off=%d", regno,
					      vm_kbtf_name(reg->btf_id), reg->off + off);
		if (write)
			return vm_env__reject(env, "only read is supported");
		if (!scalar_is_const(&reg->s))
			return vm_env__reject(env, "R%d is ptr_ invalid variable offset: off=%d", regno,
					      reg->off);
		return vm_btf_access(env, reg, reg->off + off + (int)scalar_const_value(&reg->s),
				  size, dst, sx);
	case VM_PTR_CTX:
		return vm_check_ctx_access(env, regno, off, size, write, dst, sx);
	case VM_PTR_MAP:
		return vm_map_ptr_access(env, regno, reg, off, size, write, dst, sx);
	case VM_PTR_ARENA:  /* BPF_PROBE_MEM32: any offset, a load gives a number */
		if (!write)
			vm_load_unknown(env, dst, size, sx);
		return 0;
	case VM_PTR_SOCK_COMMON: case VM_PTR_SOCKET: case VM_PTR_TCP_SOCK:
		if (write)
			return vm_env__reject(env, "R%d cannot write into %s", regno,
					      vm_reg__type_name(reg, tn, sizeof(tn)));
		if (!vm_sock_field_ok(reg->type, reg->off + off, size))
			return vm_env__reject(env, "R%d invalid %s access off=%d size=%d", regno,
					      vm_reg__type_name(reg, tn, sizeof(tn)), reg->off + off, size);
		vm_load_unknown(env, dst, size, sx);
		return 0;
	default:
		return vm_env__reject(env, "R%d invalid mem access '%s'", regno,
				      vm_reg__type_name(reg, tn, sizeof(tn)));
	}
}

int vm_exec_ldx(struct vm_env *env, const struct bpf_insn *insn)
{
	int size = vm_insn_size(insn);
	bool sx = BPF_MODE(insn->code) == BPF_MEMSX;

	if (vm_env__check_read(env, insn->src_reg))
		return -EACCES;
	if (insn->dst_reg == VM_REG_FP)
		return vm_env__reject(env, "frame pointer is read only");
	return vm_check_mem(env, insn->src_reg, insn->off, size, false, NULL, insn->dst_reg, sx);
}

int vm_exec_st(struct vm_env *env, const struct bpf_insn *insn)
{
	int size = vm_insn_size(insn);
	const struct vm_reg *reg, *val = NULL;

	if (vm_env__check_read(env, insn->dst_reg))
		return -EACCES;
	if (BPF_CLASS(insn->code) == BPF_STX) {
		if (vm_env__check_read(env, insn->src_reg))
			return -EACCES;
		val = vm_env__reg(env, insn->src_reg);
	}
	reg = vm_env__reg(env, insn->dst_reg);
	if (reg->type == VM_PTR_STACK && !(reg->flags & VM_F_MAYBE_NULL))
		return vm_check_alignment(env, reg, insn->off, size, false) ? -EACCES :
		       stack_access(env, insn->dst_reg, reg, insn->off, size, true, val, -1,
				    false, insn);
	if (reg->type == VM_PTR_CTX && BPF_CLASS(insn->code) == BPF_ST)
		return vm_env__reject(env, "BPF_ST stores into R%d ctx is not allowed", insn->dst_reg);
	return vm_check_mem(env, insn->dst_reg, insn->off, size, true, val, -1, false);
}

/* x86-64's JIT has no arena form of fetching and/or/xor (bpf_jit_supports_insn) */
static bool arena_atomic_unsupported(const struct vm_reg *reg, int imm)
{
	return reg->type == VM_PTR_ARENA &&
	       (imm == (BPF_AND | BPF_FETCH) || imm == (BPF_OR | BPF_FETCH) ||
		imm == (BPF_XOR | BPF_FETCH));
}

int vm_exec_atomic(struct vm_env *env, const struct bpf_insn *insn)
{
	int size = vm_insn_size(insn), imm = insn->imm;
	int load_reg = imm == BPF_CMPXCHG ? 0 : (imm & BPF_FETCH ? insn->src_reg : -1);
	const struct vm_reg *reg;

	if (size != 4 && size != 8)
		return vm_env__reject(env, "invalid atomic operand size");
	if (vm_env__check_read(env, insn->src_reg) || vm_env__check_read(env, insn->dst_reg))
		return -EACCES;
	if (imm == BPF_CMPXCHG && vm_env__check_read(env, 0))
		return -EACCES;
	reg = vm_env__reg(env, insn->dst_reg);
	if (reg->type == VM_PTR_CTX || vm_reg__is_pkt(reg) || arena_atomic_unsupported(reg, imm))
		return vm_env__reject(env, "BPF_ATOMIC stores into R%d %s is not allowed",
				      insn->dst_reg, reg->type == VM_PTR_CTX ? "ctx" :
				      reg->type == VM_PTR_ARENA ? "arena" : "pkt");
	if (vm_check_alignment(env, reg, insn->off, size, true) ||
	    vm_check_mem(env, insn->dst_reg, insn->off, size, false, NULL, -1, false) ||
	    vm_check_mem(env, insn->dst_reg, insn->off, size, true, NULL, -1, false))
		return -EACCES;
	if (load_reg >= 0) {
		vm_reg__mark_unknown(vm_env__reg(env, load_reg));
		if (size == 4)
			scalar_set_unknown_size(&vm_env__reg(env, load_reg)->s, 4);
	}
	return 0;
}

/* check_stack_access_within_bounds' words for a helper's stack argument (6.18) */
static int stack_bounds_error(struct vm_env *env, int regno, const struct vm_reg *reg, long size,
			      bool write)
{
	const char *what = write ? "write to" : "read from";

	if (scalar_is_const(&reg->s))
		return vm_env__reject(env, "invalid %s stack R%d off=%d size=%ld", what, regno,
				      reg->off, size);
	if (var_off_unbounded(reg))
		return vm_env__reject(env, "invalid unbounded variable-offset %s stack R%d", what, regno);
	return vm_env__reject(env, "invalid variable-offset %s stack R%d var_off=(0x%llx; 0x%llx) off=%d size=%ld",
			      what, regno, (unsigned long long)reg->s.var_off.value,
			      (unsigned long long)reg->s.var_off.mask, reg->off, size);
}

int vm_check_helper_stack_bounds(struct vm_env *env, int regno, long size, bool write)
{
	const struct vm_reg *reg = vm_env__reg(env, regno);
	int64_t lo = reg->off + reg->s.smin, hi = reg->off + (int64_t)reg->s.smax + size;

	if (reg->type == VM_PTR_STACK &&
	    (lo < -VM_MAX_STACK || hi > 0 || (!scalar_is_const(&reg->s) && var_off_unbounded(reg))))
		return stack_bounds_error(env, regno, reg, size, write);
	return 0;
}

int vm_check_helper_mem(struct vm_env *env, int regno, long size, bool write, bool zero_ok)
{
	struct vm_reg *reg = vm_env__reg(env, regno);
	char tn[48];

	if (reg->type == VM_PTR_STACK) {
		struct vm_frame *f = env->cur->frame[reg->frameno];
		int64_t lo = reg->off + reg->s.smin, hi = reg->off + (int64_t)reg->s.smax + size;

		/* check_stack_access_within_bounds: even a zero-size access */
		if (vm_check_helper_stack_bounds(env, regno, size, write))
			return -EACCES;
		/* which grows the stack to lo, even for a zero-size access */
		vm_note_stack_depth(env, reg->frameno, (int)lo);
		if (lo < 0 && vm_frame__grow(f, (int)((-lo - 1) / 8) + 1))
			return vm_env__limit(env, "model: out of memory");
		if (size == 0 && zero_ok)
			return 0;
		if (vm_dynptr_check_bytes(env, regno, f, lo, hi, write))
			return -EACCES;
		/* an uninit (write-only) argument is filled byte by byte: no read */
		if (!write && vm_live_read(env, reg->frameno, vm_live_slots_of(lo, hi)))
			return -ENOMEM;
		/* the kernel then writes it byte by byte with check_mem_access */
		if (write && scalar_is_const(&reg->s))
			vm_fastcall_access(env, reg->frameno, env->insn_idx, (int)lo);
		if (write)
			for (int64_t a = lo; a < hi; a++) {
				struct vm_slot *s = &f->slots[(-a - 1) / 8];

				destroy_slot_special(s);
				s->type[a + 8 * ((-a - 1) / 8 + 1)] = VM_SLOT_MISC;
			}
		return 0;
	}
	if (size == 0 && zero_ok)
		return 0;
	if (reg->type == VM_PTR_MAP_VALUE || reg->type == VM_PTR_MAP_KEY ||
	    reg->type == VM_PTR_MEM || vm_reg__is_pkt(reg)) {
		if (reg->flags & VM_F_MAYBE_NULL)
			return vm_env__reject(env, "R%d type=%s expected=fp, pkt, pkt_meta, map_key, map_value, mem, ringbuf_mem, buf, trusted_ptr_",
					      regno, vm_reg__type_name(reg, tn, sizeof(tn)));
		if (reg->type == VM_PTR_MAP_VALUE && reg->map >= 0 &&
		    (size_t)reg->map < env->obj->n_maps && map_access_type(env, reg, 0, size, write))
			return -EACCES;
		/* check both ends like check_helper_mem_access does */
		if (size > 0) {
			int first = vm_check_mem(env, regno, 0, 1, write, NULL, -1, false);

			if (first)
				return first;
			{
				struct vm_reg save = *reg;
				int err;

				reg->off += (int)size - 1;
				err = vm_check_mem(env, regno, 0, 1, write, NULL, -1, false);
				*reg = save;
				return err;
			}
		}
		return 0;
	}
	return vm_env__reject(env, "R%d type=%s expected=fp, pkt, pkt_meta, map_key, map_value, mem, ringbuf_mem, buf, trusted_ptr_",
			      regno, vm_reg__type_name(reg, tn, sizeof(tn)));
}
