/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * exec.c: ALU, ld_imm64, LD_ABS and conditional jumps (check_alu_op,
 * adjust_ptr_min_max_vals, check_ld_abs, check_cond_jmp_op) on the model's state.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "verifier-model/env.h"
#include "verifier-model/insn.h"
#include "verifier-model/exec.h"
#include "verifier-model/precision.h"
#include "verifier-model/ctx.h"
#include "verifier-model/kbtf.h"
#include "verifier-model/kbtf_types.h"

/* the kernel's bpf_alu_string[] */
static const char *const alu_name[16] = {
	"+=", "-=", "*=", "/=", "|=", "&=", "<<=", ">>=", "neg", "%=", "^=", "=", "s>>=", "endian",
};

static int check_write_reg(struct vm_env *env, int regno)
{
	if (regno == VM_REG_FP)
		return vm_env__reject(env, "frame pointer is read only");
	return 0;
}

static void set_const(struct vm_scalar *s, uint64_t v)
{
	scalar_set_const(s, v);
}

/* r's offsets within the kernel's bounds; ptr names the pointer in the message. */
static bool sane_offset(struct vm_env *env, const struct vm_reg *r, const struct vm_reg *ptr)
{
	bool known = tnum_is_const(r->s.var_off);
	int64_t val = (int64_t)r->s.var_off.value;
	char tname[48];

	if (!((known && (val >= VM_MAX_VAR_OFF || val <= -VM_MAX_VAR_OFF)) ||
	      r->off >= VM_MAX_VAR_OFF || r->off <= -VM_MAX_VAR_OFF ||
	      r->s.smin >= VM_MAX_VAR_OFF || r->s.smin <= -VM_MAX_VAR_OFF))
		return true;
	/* only a rejection formats the name: this runs at every pointer move */
	vm_reg__type_name(ptr, tname, sizeof(tname));

	if (known && (val >= VM_MAX_VAR_OFF || val <= -VM_MAX_VAR_OFF)) {
		vm_env__reject(env, "math between %s pointer and %lld is not allowed", tname,
			       (long long)val);
		return false;
	}
	if (r->off >= VM_MAX_VAR_OFF || r->off <= -VM_MAX_VAR_OFF) {
		vm_env__reject(env, "%s pointer offset %d is not allowed", tname, r->off);
		return false;
	}
	if (r->s.smin == INT64_MIN) {
		vm_env__reject(env, "math between %s pointer and register with unbounded min value is not allowed",
			       tname);
		return false;
	}
	if (r->s.smin >= VM_MAX_VAR_OFF || r->s.smin <= -VM_MAX_VAR_OFF) {
		vm_env__reject(env, "value %lld makes %s pointer be out of bounds",
			       (long long)r->s.smin, tname);
		return false;
	}
	return true;
}

/* pointer op= scalar: the pointer keeps its kind, the offset moves. */
static int ptr_arith(struct vm_env *env, const struct bpf_insn *insn, struct vm_reg *dst,
		     const struct vm_reg *ptr, const struct vm_reg *off, bool scalar_dst)
{
	uint8_t op = BPF_OP(insn->code);
	bool known = scalar_is_const(&off->s);
	int64_t v = (int64_t)off->s.var_off.value;
	char tn[48];             /* the pointer's name, formatted only to reject */
	struct vm_reg res = *ptr;

	if (BPF_CLASS(insn->code) != BPF_ALU64) {
		if (op == BPF_SUB) {
			vm_reg__mark_unknown(dst);
			return 0;
		}
		return vm_env__reject(env, "R%d 32-bit pointer arithmetic prohibited", insn->dst_reg);
	}
	if (ptr->flags & VM_F_MAYBE_NULL)
		return vm_env__reject(env, "R%d pointer arithmetic on %s prohibited, null-check it first",
				      insn->dst_reg, vm_reg__type_name(ptr, tn, sizeof(tn)));
	switch (ptr->type) {
	case VM_PTR_CTX: case VM_PTR_MAP_VALUE: case VM_PTR_MAP_KEY: case VM_PTR_STACK:
	case VM_PTR_PKT_META: case VM_PTR_PKT: case VM_PTR_BTF: case VM_PTR_FUNC:
		break;
	case VM_PTR_MEM:
		if (!(ptr->flags & VM_F_FLOW_KEYS) || known)
			break;
		return vm_env__reject(env, "R%d pointer arithmetic on %s prohibited", insn->dst_reg,
				      vm_reg__type_name(ptr, tn, sizeof(tn)));
	case VM_PTR_MAP:
		if (known && v == 0 && op == BPF_ADD)
			break;
		/* fallthrough */
	default:
		return vm_env__reject(env, "R%d pointer arithmetic on %s prohibited", insn->dst_reg,
				      vm_reg__type_name(ptr, tn, sizeof(tn)));
	}
	if (!sane_offset(env, off, ptr) || !sane_offset(env, ptr, ptr))
		return -EACCES;
	if (op == BPF_SUB && scalar_dst)
		return vm_env__reject(env, "R%d tried to subtract pointer from scalar", insn->dst_reg);
	if (op == BPF_SUB && ptr->type == VM_PTR_STACK)
		return vm_env__reject(env, "R%d subtraction from stack pointer prohibited", insn->dst_reg);
	if (op == BPF_AND || op == BPF_OR || op == BPF_XOR)
		return vm_env__reject(env, "R%d bitwise operator %s on pointer prohibited",
				      insn->dst_reg, alu_name[op >> 4]);
	if (op != BPF_ADD && op != BPF_SUB)
		return vm_env__reject(env, "R%d pointer arithmetic with %s operator prohibited",
				      insn->dst_reg, alu_name[op >> 4]);
	if (known && (int64_t)(int32_t)(ptr->off + (op == BPF_ADD ? v : -v)) ==
			     (int64_t)ptr->off + (op == BPF_ADD ? v : -v)) {
		res.off = (int32_t)(ptr->off + (op == BPF_ADD ? v : -v));
	} else {
		scalar_alu(&res.s, &off->s, op, true, 0);
		if (vm_reg__is_pkt(ptr)) {
			res.id = ++env->id_gen;
			res.range = 0;
		}
	}
	res.precise = false;
	*dst = res;
	return sane_offset(env, dst, dst) ? 0 : -EACCES;
}

/* rX = rY links both through one id; an "id + K" source starts a fresh link. */
void vm_assign_id_before_mov(struct vm_env *env, struct vm_reg *src)
{
	if (src->type != VM_SCALAR)
		return;
	if (src->id & VM_ID_ADD_CONST) {
		src->id = 0;
		src->off = 0;
	}
	if (!src->id && !scalar_is_const(&src->s))
		src->id = ++env->id_gen;
}

/* The kernel's prog->aux->arena: an ld_imm64 of the program names an arena map. */
bool vm_prog_has_arena(struct vm_env *env)
{
	if (!env->arena) {
		env->arena = -1;
		for (size_t i = 0; env->prog->refs && i < env->prog->n_insns; i++) {
			const struct vm_insn_ref *r = &env->prog->refs[i];

			if ((r->kind == VM_REF_MAP_FD || r->kind == VM_REF_MAP_VALUE) &&
			    r->map >= 0 && (size_t)r->map < env->obj->n_maps &&
			    env->obj->maps[r->map].type == VM_BPF_MAP_TYPE_ARENA)
				env->arena = 1;
		}
	}
	return env->arena > 0;
}

/*
 * addr_space_cast: to address space 0 (imm 1) the result is PTR_TO_ARENA,
 * the kernel-side address the JIT makes of the low 32 bits; to 1 (imm
 * 1 << 16) it is a number (the user-side address).
 */
static int addr_space_cast(struct vm_env *env, const struct bpf_insn *insn, struct vm_reg *dst)
{
	if (insn->imm != 1 && insn->imm != 1 << 16)
		return vm_env__reject(env, "addr_space_cast insn can only convert between "
				      "address space 1 and 0");
	if (!vm_prog_has_arena(env))
		return vm_env__reject(env, "addr_space_cast insn can only be used in a program "
				      "that has an associated arena");
	if (vm_env__check_read(env, insn->src_reg))
		return -EACCES;
	vm_reg__mark_unknown(dst);
	if (insn->imm == 1)
		dst->type = VM_PTR_ARENA;
	return 0;
}

static int alu_mov(struct vm_env *env, const struct bpf_insn *insn, bool alu64)
{
	struct vm_reg *dst = vm_env__reg(env, insn->dst_reg);

	if (alu64 && BPF_SRC(insn->code) == BPF_X && insn->off == VM_BPF_ADDR_SPACE_CAST)
		return addr_space_cast(env, insn, dst);
	if (BPF_SRC(insn->code) == BPF_K) {
		vm_reg__mark_const(dst, alu64 ? (uint64_t)(int64_t)insn->imm : (uint32_t)insn->imm);
		return 0;
	}
	struct vm_reg *src = vm_env__reg(env, insn->src_reg);

	if (vm_env__check_read(env, insn->src_reg))
		return -EACCES;
	if (insn->off) {          /* movsx */
		struct vm_scalar s;

		if (src->type != VM_SCALAR) {   /* privileged: part of a pointer is a number */
			vm_reg__mark_unknown(dst);
			if (!alu64)
				scalar_set_unknown_size(&dst->s, 4);
			return 0;
		}
		s = src->s;
		vm_reg__mark_unknown(dst);
		scalar_movsx(&dst->s, &s, insn->off, alu64);
		return 0;
	}
	if (alu64) {
		vm_assign_id_before_mov(env, src);
		*dst = *src;
		return 0;
	}
	if (src->type != VM_SCALAR) {
		vm_reg__mark_unknown(dst);
		scalar_set_unknown_size(&dst->s, 4);
		return 0;
	}
	{
		bool fits = src->s.umax <= UINT32_MAX;

		if (fits)
			vm_assign_id_before_mov(env, src);
		*dst = *src;
		if (!fits)
			dst->id = 0;
		scalar_zext32(&dst->s);
	}
	return 0;
}

static int alu_unary(struct vm_env *env, const struct bpf_insn *insn, bool alu64)
{
	struct vm_reg *dst = vm_env__reg(env, insn->dst_reg);

	/* privileged (allow_ptr_leaks): a pointer negated or swapped is just a number */
	if (dst->type != VM_SCALAR) {
		vm_reg__mark_unknown(dst);
		return 0;
	}
	dst->id = 0;
	dst->off = 0;
	if (BPF_OP(insn->code) == BPF_NEG) {
		scalar_alu(&dst->s, &dst->s, BPF_NEG, alu64, 0);
		return 0;
	}
	/* BPF_END: ALU64 is bswap; ALU to_le is a truncation on this little-endian host */
	scalar_bswap(&dst->s, insn->imm, !alu64 && BPF_SRC(insn->code) == BPF_K);
	return 0;
}

/* is_reg_const(src, alu32): the 64 bits, or for a 32-bit op the low 32 */
static bool const_for(const struct vm_reg *src, bool alu64, int64_t *v)
{
	if (alu64) {
		*v = (int64_t)scalar_const_value(&src->s);
		return scalar_is_const(&src->s);
	}
	*v = (int32_t)(uint32_t)src->s.var_off.value;
	return !(uint32_t)src->s.var_off.mask;
}

/*
 * rX += K keeps rX linked to its id as "base + K" (6.11+; wX += K too, a
 * 32-bit link, 6.18); anything else unlinks.
 */
static void link_add_const(struct vm_reg *dst, const struct vm_reg *src, uint8_t op, bool alu64)
{
	int64_t v;

	/* rX += rX: the constant read is the sum already, no "base + K" (6.18) */
	if ((op != BPF_ADD && op != BPF_SUB) || !dst->id || dst == src ||
	    !const_for(src, alu64, &v) || (dst->id & VM_ID_ADD_CONST)) {
		dst->id = 0;
		dst->off = 0;
		return;
	}
	if (v < INT32_MIN || v > INT32_MAX || (op == BPF_SUB && v == INT32_MIN)) {
		dst->id = 0;
		dst->off = 0;
		return;
	}
	dst->id |= alu64 ? VM_ID_ADD_CONST64 : VM_ID_ADD_CONST32;
	dst->off = (int32_t)(op == BPF_SUB ? -v : v);
}

int vm_exec_alu(struct vm_env *env, const struct bpf_insn *insn)
{
	bool alu64 = BPF_CLASS(insn->code) == BPF_ALU64;
	uint8_t op = BPF_OP(insn->code);
	struct vm_reg *dst = vm_env__reg(env, insn->dst_reg), konst, *src;

	if (check_write_reg(env, insn->dst_reg))
		return -EACCES;
	if (op == BPF_MOV)
		return alu_mov(env, insn, alu64);
	if (vm_env__check_read(env, insn->dst_reg))
		return -EACCES;
	if (op == BPF_NEG || op == BPF_END)
		return alu_unary(env, insn, alu64);
	if (BPF_SRC(insn->code) == BPF_K) {
		if ((op == BPF_DIV || op == BPF_MOD) && insn->imm == 0)
			return vm_env__reject(env, "div by zero");
		if ((op == BPF_LSH || op == BPF_RSH || op == BPF_ARSH) &&
		    (insn->imm < 0 || insn->imm >= (alu64 ? 64 : 32)))
			return vm_env__reject(env, "invalid shift %d", insn->imm);
		memset(&konst, 0, sizeof(konst));
		konst.type = VM_SCALAR;
		set_const(&konst.s, alu64 ? (uint64_t)(int64_t)insn->imm : (uint32_t)insn->imm);
		src = &konst;
	} else {
		if (vm_env__check_read(env, insn->src_reg))
			return -EACCES;
		src = vm_env__reg(env, insn->src_reg);
	}
	/* any arithmetic on an arena address is allowed and gives one (the JIT keeps 32 bits) */
	if (dst->type == VM_PTR_ARENA || src->type == VM_PTR_ARENA) {
		if (dst->type != VM_PTR_ARENA)
			*dst = *src;
		return 0;
	}
	if (dst->type != VM_SCALAR && src->type != VM_SCALAR) {
		if (op == BPF_SUB) {
			vm_reg__mark_unknown(dst);
			return 0;
		}
		return vm_env__reject(env, "R%d pointer %s pointer prohibited", insn->dst_reg,
				      alu_name[op >> 4]);
	}
	if (src->type != VM_SCALAR) {      /* scalar += pointer */
		struct vm_reg off = *dst;

		if (vm_mark_precise(env, insn->dst_reg))
			return -EACCES;
		return ptr_arith(env, insn, dst, src, &off, true);
	}
	if (dst->type != VM_SCALAR) {      /* pointer += scalar */
		struct vm_reg off = *src;

		if (src != &konst && vm_mark_precise(env, insn->src_reg))
			return -EACCES;
		return ptr_arith(env, insn, dst, dst, &off, false);
	}
	if (dst->precise && src != &konst && vm_mark_precise(env, insn->src_reg))
		return -EACCES;
	{
		struct vm_scalar s = src->s;

		scalar_alu(&dst->s, &s, op, alu64, insn->off);
	}
	link_add_const(dst, src, op, alu64);
	return 0;
}

int vm_exec_ld_imm64(struct vm_env *env, const struct bpf_insn *insn)
{
	struct vm_reg *dst = vm_env__reg(env, insn->dst_reg);
	const struct vm_insn_ref *ref = env->prog->refs ? &env->prog->refs[env->insn_idx] : NULL;
	uint64_t imm = (uint32_t)insn[0].imm | ((uint64_t)(uint32_t)insn[1].imm << 32);

	if (check_write_reg(env, insn->dst_reg))
		return -EACCES;
	if (insn->src_reg == 0) {
		vm_reg__mark_const(dst, imm);
		return 0;
	}
	memset(dst, 0, sizeof(*dst));
	scalar_set_const(&dst->s, 0);
	switch (insn->src_reg) {
	case BPF_PSEUDO_MAP_FD: case BPF_PSEUDO_MAP_IDX:
		dst->type = VM_PTR_MAP;
		dst->map = ref && ref->kind == VM_REF_MAP_FD ? ref->map : -1;
		break;
	case BPF_PSEUDO_MAP_VALUE: case BPF_PSEUDO_MAP_IDX_VALUE:
		dst->type = VM_PTR_MAP_VALUE;
		dst->map = ref && ref->kind == VM_REF_MAP_VALUE ? ref->map : -1;
		dst->off = ref && ref->kind == VM_REF_MAP_VALUE ? (int32_t)ref->offset : insn[1].imm;
		/* a global __arena variable's address: the verifier knows no more than a number */
		if (dst->map >= 0 && (size_t)dst->map < env->obj->n_maps &&
		    env->obj->maps[dst->map].type == VM_BPF_MAP_TYPE_ARENA) {
			vm_reg__mark_unknown(dst);
			return 0;
		}
		break;
	case BPF_PSEUDO_FUNC:
		dst->type = VM_PTR_FUNC;
		dst->subprog = env->cfg.subprog[env->insn_idx + insn->imm + 1];
		break;
	case BPF_PSEUDO_BTF_ID: {
		/* __check_pseudo_btf_id: a typed ksym is never PTR_TRUSTED; a
		 * per-CPU one is MEM_PERCPU, a scalar one read-only memory */
		bool percpu;
		uint32_t type_id = vm_kbtf_ksym(ref && ref->kind == VM_REF_KSYM ? ref->name : NULL,
						&percpu);

		if (percpu) {
			dst->type = VM_PTR_BTF;
			dst->flags = VM_F_PERCPU;
			dst->btf_id = type_id;
		} else {
			vm_kbtf_mem_or_btf(type_id, 0, dst);
		}
		return 0;
	}
	default:
		return vm_env__reject(env, "invalid bpf_ld_imm64 insn");
	}
	/* only map kinds name a map (a function pointer's map field is just 0) */
	if ((dst->type == VM_PTR_MAP || dst->type == VM_PTR_MAP_VALUE) &&
	    (dst->map < 0 || dst->map >= (int)env->obj->n_maps))
		return vm_env__reject(env, "fd %d is not pointing to valid bpf_map", insn->imm);
	return 0;
}

/* LD_ABS/LD_IND (check_ld_abs): R6 the skb, nothing held, r1-r5 clobbered. */
int vm_exec_ld_abs(struct vm_env *env, const struct bpf_insn *insn)
{
	if (vm_env__check_read(env, 6))
		return -EACCES;
	/* the hidden exit of a failed load must not leave anything held */
	if (env->cur->lock_held)
		return vm_env__reject(env, "BPF_LD_[ABS|IND] cannot be used inside bpf_spin_lock-ed region");
	if (env->cur->nrefs)  /* check_resource_leak, after "Unreleased reference ..." */
		return vm_env__reject(env, "BPF_LD_[ABS|IND] would lead to reference leak");
	if (env->cur->active_rcu)
		return vm_env__reject(env, "BPF_LD_[ABS|IND] cannot be used inside bpf_rcu_read_lock-ed region");
	if (vm_env__reg(env, 6)->type != VM_PTR_CTX)
		return vm_env__reject(env, "at the time of BPF_LD_ABS|IND R6 != pointer to skb");
	if (BPF_MODE(insn->code) == BPF_IND && vm_env__check_read(env, insn->src_reg))
		return -EACCES;
	if (vm_check_ctx_ptr_off(env, 6))
		return -EACCES;
	for (int r = 1; r <= 5; r++)
		vm_reg__mark_not_init(vm_env__reg(env, r));
	vm_reg__mark_unknown(vm_env__reg(env, 0));
	scalar_set_unknown_size(&vm_env__reg(env, 0)->s, vm_insn_size(insn));
	return 0;
}
