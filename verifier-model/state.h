/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The model's abstract state: registers, stack slots, frames and whole
 * verifier states, with the kernel's pruning comparisons (regsafe,
 * stacksafe, states_equal in NOT_EXACT / RANGE_WITHIN / EXACT modes).
 */
#ifndef VM_STATE_H
#define VM_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "verifier-model/scalar.h"
#include "verifier-model/insn.h"
#include "verifier-model/pool.h"

enum vm_reg_type {
	VM_NOT_INIT,
	VM_SCALAR,
	VM_PTR_CTX,
	VM_PTR_MAP,          /* CONST_PTR_TO_MAP */
	VM_PTR_MAP_VALUE,
	VM_PTR_MAP_KEY,
	VM_PTR_STACK,
	VM_PTR_PKT_META,
	VM_PTR_PKT,
	VM_PTR_PKT_END,
	VM_PTR_MEM,          /* helper-returned memory (ringbuf, iterator elem) */
	VM_PTR_BTF,          /* PTR_TO_BTF_ID */
	VM_PTR_FUNC,
	VM_PTR_SOCK_COMMON,  /* struct bpf_sock views of a socket: read-only */
	VM_PTR_SOCKET,
	VM_PTR_TCP_SOCK,     /* struct bpf_tcp_sock */
	VM_PTR_ARENA,        /* kernel-side arena address (addr_space_cast 1 -> 0) */
	VM_PTR_DYNPTR,       /* CONST_PTR_TO_DYNPTR: a global function's dynptr argument (dynptr.c) */
};

/* type flags, compared as part of the type */
#define VM_F_MAYBE_NULL 0x1
#define VM_F_RDONLY     0x2
#define VM_F_RINGBUF    0x4
#define VM_F_PERCPU     0x4     /* BTF: MEM_PERCPU (a per-CPU ksym); RINGBUF's bit, only MEM has that */
#define VM_F_TRUSTED    0x8
#define VM_F_SOCK_VALUE 0x10    /* sockmap/sockhash lookup: a socket once not NULL */
#define VM_F_FLOW_KEYS  0x20    /* MEM: a flow dissector's flow_keys (PTR_TO_FLOW_KEYS) */
#define VM_F_DYNPTR_SLICE 0x40  /* MEM: a dynptr's slice, btf_id its dynptr's id */
#define VM_F_PKT_SLICE  0x80    /* MEM: ... of an skb or xdp dynptr (packet data) */
#define VM_F_UNTRUSTED  0x100   /* BTF: PTR_UNTRUSTED (walked through a field not listed as safe) */

/* scalar id flag: this register is its id's base plus off (rX += K link) */
#define VM_ID_ADD_CONST64 0x80000000u
/* ... of a 32-bit add (wX += K, 6.18): the link holds for the low 32 bits, zero-extended */
#define VM_ID_ADD_CONST32 0x20000000u
/* either: what "this id is a base plus off" tests mean */
#define VM_ID_ADD_CONST (VM_ID_ADD_CONST64 | VM_ID_ADD_CONST32)

struct vm_reg {            /* ordered to pack: a state holds hundreds */
	uint8_t type;
	bool precise;
	uint8_t frameno;        /* PTR_STACK: owning frame */
	uint16_t flags;
	struct vm_scalar s;     /* scalar value, or pointer's variable offset */
	int32_t off;            /* fixed pointer offset; scalar: ADD_CONST delta */
	uint32_t id;            /* null-check / scalar link id */
	uint32_t ref_obj_id;    /* acquired reference */
	int32_t map;            /* map index (MAP, MAP_VALUE) */
	uint32_t mem_size;      /* MEM: bytes; */
	int32_t range;          /* PKT: verified bytes past off */
	int32_t subprog;        /* FUNC: target subprog */
	uint32_t btf_id;
};

enum vm_slot_type { VM_SLOT_INVALID, VM_SLOT_SPILL, VM_SLOT_MISC, VM_SLOT_ZERO, VM_SLOT_ITER,
		       VM_SLOT_DYNPTR };
enum vm_iter_state { VM_ITER_ACTIVE = 1, VM_ITER_DRAINED = 2 };

struct vm_slot {
	struct vm_reg spilled;  /* SPILL: the register; ITER: id/ref */
	uint8_t type[8];        /* per byte, byte 0 = lowest address */
	uint8_t iter_state;
	uint32_t iter_depth;
};

#define VM_MAX_FRAMES 8
#define VM_MAX_STACK 512

struct vm_frame {
	struct vm_reg regs[VM_MAX_REG];
	int callsite;            /* call insn in the caller, -1 for main */
	int frameno, subprog;
	int in_callback;         /* callback frame: returns to the call insn */
	int callback_ret_min, callback_ret_max;
	uint32_t callback_depth;
	int nslots;              /* allocated_stack / 8 */
	uint64_t live_slots;     /* cleaned state: slots alive (bit spi) */
	struct vm_slot *slots;   /* slots[spi], spi 0 = fp-8 */
	struct vm_pool *pool;    /* where the frame and its slots live */
};

/*
 * Scalars linked by id at a branch (the kernel's struct linked_regs), at
 * most VM_LINKED_MAX: an entry is a register or a spilled stack slot.
 */
#define VM_LINKED_MAX 6
struct vm_linked {
	uint8_t cnt;
	struct { uint8_t frame, is_reg, no; } e[VM_LINKED_MAX];
};

/*
 * The insns run since the last checkpoint, as runs of consecutive insns
 * idx .. idx + n - 1 run one after the other in the same frame; an insn
 * that touched a stack slot or forked on linked scalars is a run of its
 * own. 16 bytes: a million-insn walk keeps them for every checkpoint.
 */
#define VM_HIST_RUN_MAX 255
struct vm_hist {
	uint32_t idx;            /* first insn of the run */
	int16_t spi;             /* stack slot accessed (-1 none) */
	uint8_t n;               /* insns in the run */
	uint8_t frame : 4;       /* the slot's frame */
	uint8_t curframe : 4;    /* frame the insns ran in */
	uint64_t linked;         /* vm_linked__pack() of a branch's linked scalars, or 0 */
};

struct vm_state {
	struct vm_frame *frame[VM_MAX_FRAMES];
	int curframe;
	struct vm_state *parent;
	uint32_t branches;
	int insn_idx, first_insn_idx, last_insn_idx;
	uint32_t may_goto_depth, callback_unroll_depth;
	uint32_t dfs_depth;
	int nrefs;               /* acquired references */
	uint32_t refs[16];
	int ref_insn[16];        /* where each reference was acquired */
	uint32_t active_rcu;
	bool lock_held;          /* a bpf_spin_lock is held, of map lock_map */
	int32_t lock_map;
	uint32_t lock_id;        /* the id of the map value pointer it was taken through */
	/* explored-list bookkeeping */
	struct vm_state *next;
	uint32_t hit_cnt, miss_cnt;
	bool in_list, evicted, is_ckpt;
	bool cleaned;            /* dead stack slots dropped (stack_live.c) */
	struct vm_hist *hist;    /* every insn since the last checkpoint, in runs */
	uint32_t nhist, hist_cap;
	uint32_t hist_insns;     /* insns the runs hold */
	uint32_t jmp_hist_cnt;   /* entries the kernel would keep (jmp points, spills) */
	uint32_t hist_kept;      /* hist_insns when the last one was counted */
	struct vm_pool *pool;    /* where the state, its frames and history live */
};

enum vm_cmp_mode { VM_NOT_EXACT, VM_RANGE_WITHIN, VM_EXACT };

void vm_reg__mark_unknown(struct vm_reg *r);
void vm_reg__mark_const(struct vm_reg *r, uint64_t v);
void vm_reg__mark_not_init(struct vm_reg *r);
bool vm_reg__is_pkt(const struct vm_reg *r);
/* Kernel's name of the register type, e.g. "map_value_or_null". */
const char *vm_reg__type_name(const struct vm_reg *r, char *buf, size_t len);

struct vm_frame *vm_frame__new(struct vm_pool *pool, int callsite, int frameno, int subprog);
void vm_frame__free(struct vm_frame *f);
/* Grow the frame's stack to hold spi (0-based from fp-8). 0 or -ENOMEM. */
int vm_frame__grow(struct vm_frame *f, int nslots);

struct vm_state *vm_state__new(struct vm_pool *pool);
/* Deep copy of src (frames, stack, refs, history). NULL on OOM. */
struct vm_state *vm_state__copy(const struct vm_state *src);
void vm_state__free(struct vm_state *st);
/* Append insn idx run in frame curframe to the history. 0 or -ENOMEM. */
int vm_state__push_hist(struct vm_state *st, uint32_t idx, int curframe);
/* The latest insn's entry, a run of its own, to note a slot or links in; NULL if none. */
struct vm_hist *vm_state__hist_top(struct vm_state *st);
/* Packed as the kernel packs them (linked_regs_pack): 3 bits of count, 10 per entry. */
uint64_t vm_linked__pack(const struct vm_linked *l);
void vm_linked__unpack(uint64_t v, struct vm_linked *l);
/*
 * The insn just pushed to st's history is one the kernel keeps (a jump
 * point, a spill or fill, linked registers at a branch): count it once, as
 * push_insn_history() merges a second entry for the same insn into the first.
 */
void vm_state__keep_hist(struct vm_state *st);
/* Approximate bytes held by st (for the memory cap). */
size_t vm_state__bytes(const struct vm_state *st);

/* The id mapping used while comparing two states. */
struct vm_idmap {
	uint32_t old[64], cur[64];
	int n;
};

/*
 * old covers cur for pruning in mode. live_regs: bit i set if Ri is live at
 * the insn (registers of the innermost frame); stack_live returns whether
 * slot spi of frame fr is live (NULL: all live).
 */
typedef bool (*vm_slot_live_fn)(void *ctx, const struct vm_state *st, int fr, int spi);
bool vm_states_equal(const struct vm_state *old, const struct vm_state *cur,
		     enum vm_cmp_mode mode, const uint16_t *live_regs_per_frame,
		     vm_slot_live_fn slot_live, void *ctx);
bool vm_regsafe(const struct vm_reg *old, const struct vm_reg *cur,
		struct vm_idmap *map, enum vm_cmp_mode mode);

#endif
