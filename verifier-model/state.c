/* SPDX-License-Identifier: GPL-2.0-only */
/* state.c: register/stack/frame state and the pruning comparisons. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "verifier-model/state.h"
#include "verifier-model/trace.h"

void vm_reg__mark_unknown(struct vm_reg *r)
{
	memset(r, 0, sizeof(*r));
	r->type = VM_SCALAR;
	scalar_set_unknown(&r->s);
}

void vm_reg__mark_const(struct vm_reg *r, uint64_t v)
{
	memset(r, 0, sizeof(*r));
	r->type = VM_SCALAR;
	scalar_set_const(&r->s, v);
}

void vm_reg__mark_not_init(struct vm_reg *r)
{
	memset(r, 0, sizeof(*r));
	r->type = VM_NOT_INIT;
	scalar_set_unknown(&r->s);
}

bool vm_reg__is_pkt(const struct vm_reg *r)
{
	return r->type == VM_PTR_PKT || r->type == VM_PTR_PKT_META;
}

const char *vm_reg__type_name(const struct vm_reg *r, char *buf, size_t len)
{
	static const char *const names[] = {
		[VM_NOT_INIT] = "?", [VM_SCALAR] = "scalar", [VM_PTR_CTX] = "ctx",
		[VM_PTR_MAP] = "map_ptr", [VM_PTR_MAP_VALUE] = "map_value",
		[VM_PTR_MAP_KEY] = "map_key", [VM_PTR_STACK] = "fp",
		[VM_PTR_PKT_META] = "pkt_meta", [VM_PTR_PKT] = "pkt",
		[VM_PTR_PKT_END] = "pkt_end", [VM_PTR_MEM] = "mem",
		[VM_PTR_BTF] = "ptr_", [VM_PTR_FUNC] = "func",
		[VM_PTR_SOCK_COMMON] = "sock_common", [VM_PTR_SOCKET] = "sock",
		[VM_PTR_TCP_SOCK] = "tcp_sock", [VM_PTR_ARENA] = "arena",
		[VM_PTR_DYNPTR] = "dynptr_ptr",
	};
	const char *base = r->type < sizeof(names) / sizeof(names[0]) ? names[r->type] : "?";

	bool btf = r->type == VM_PTR_BTF;

	if (r->flags & VM_F_FLOW_KEYS)
		base = "flow_keys";

	/*
	 * reg_type_str: "trusted_" for PTR_TRUSTED, which is what the model's
	 * trusted mark means on a pointer that holds no reference (an acquired
	 * one is trusted by its reference, and the kernel prints plain "ptr_");
	 * a BTF pointer's "or_null_" goes after its "ptr_".
	 */
	snprintf(buf, len, "%s%s%s%s%s%s", r->flags & VM_F_RDONLY ? "rdonly_" : "",
		 !(r->flags & VM_F_RINGBUF) ? "" : btf ? "percpu_" : "ringbuf_",
		 btf && (r->flags & VM_F_UNTRUSTED) ? "untrusted_" : "",
		 btf && (r->flags & VM_F_TRUSTED) && !r->ref_obj_id ? "trusted_" : "", base,
		 !(r->flags & VM_F_MAYBE_NULL) ? "" : btf ? "or_null_" : "_or_null");
	return buf;
}

struct vm_frame *vm_frame__new(struct vm_pool *pool, int callsite, int frameno, int subprog)
{
	struct vm_frame *f = vm_pool__alloc(pool, sizeof(*f));

	if (!f)
		return NULL;
	memset(f, 0, sizeof(*f));
	for (int i = 0; i < VM_MAX_REG; i++)
		vm_reg__mark_not_init(&f->regs[i]);
	f->callsite = callsite;
	f->frameno = frameno;
	f->subprog = subprog;
	f->pool = pool;
	return f;
}

void vm_frame__free(struct vm_frame *f)
{
	if (!f)
		return;
	vm_pool__free(f->pool, f->slots);
	vm_pool__free(f->pool, f);
}

int vm_frame__grow(struct vm_frame *f, int nslots)
{
	struct vm_slot *s;

	if (nslots <= f->nslots)
		return 0;
	s = vm_pool__realloc(f->pool, f->slots, sizeof(*s) * nslots);
	if (!s)
		return -ENOMEM;
	memset(s + f->nslots, 0, sizeof(*s) * (nslots - f->nslots));
	f->slots = s;
	f->nslots = nslots;
	return 0;
}

static struct vm_frame *frame_copy(const struct vm_frame *src)
{
	struct vm_frame *f = vm_pool__alloc(src->pool, sizeof(*f));

	if (!f)
		return NULL;
	*f = *src;
	f->slots = NULL;
	if (src->nslots) {
		f->slots = vm_pool__alloc(src->pool, sizeof(*f->slots) * src->nslots);
		if (!f->slots) {
			vm_pool__free(src->pool, f);
			return NULL;
		}
		memcpy(f->slots, src->slots, sizeof(*f->slots) * src->nslots);
	}
	return f;
}

struct vm_state *vm_state__new(struct vm_pool *pool)
{
	struct vm_state *st = vm_pool__alloc(pool, sizeof(*st));

	if (st) {
		memset(st, 0, sizeof(*st));
		st->pool = pool;
	}
	return st;
}

struct vm_state *vm_state__copy(const struct vm_state *src)
{
	struct vm_state *st = vm_pool__alloc(src->pool, sizeof(*st));

	if (!st)
		return NULL;
	*st = *src;
	st->hist = NULL;
	st->hist_cap = st->nhist;
	if (src->nhist) {
		st->hist = vm_pool__alloc(src->pool, sizeof(*st->hist) * src->nhist);
		if (!st->hist) {
			vm_pool__free(src->pool, st);
			return NULL;
		}
		memcpy(st->hist, src->hist, sizeof(*st->hist) * src->nhist);
	}
	st->next = NULL;
	st->in_list = st->evicted = st->is_ckpt = st->cleaned = false;
	st->hit_cnt = st->miss_cnt = 0;
	for (int i = 0; i < VM_MAX_FRAMES; i++) {
		st->frame[i] = NULL;
		if (i <= src->curframe && src->frame[i]) {
			st->frame[i] = frame_copy(src->frame[i]);
			if (!st->frame[i]) {
				vm_state__free(st);
				return NULL;
			}
		}
	}
	return st;
}

void vm_state__free(struct vm_state *st)
{
	if (!st)
		return;
	for (int i = 0; i < VM_MAX_FRAMES; i++)
		vm_frame__free(st->frame[i]);
	vm_pool__free(st->pool, st->hist);
	vm_pool__free(st->pool, st);
}

/* Room for n more entries. */
static int hist_reserve(struct vm_state *st, uint32_t n)
{
	uint32_t cap = st->hist_cap ? st->hist_cap : 16;
	struct vm_hist *h;

	if (st->nhist + n <= st->hist_cap)
		return 0;
	while (cap < st->nhist + n)
		cap *= 2;
	h = vm_pool__realloc(st->pool, st->hist, sizeof(*h) * cap);
	if (!h)
		return -ENOMEM;
	st->hist = h;
	st->hist_cap = cap;
	return 0;
}

static bool plain_run(const struct vm_hist *h)
{
	return h->spi < 0 && !h->linked;
}

int vm_state__push_hist(struct vm_state *st, uint32_t idx, int frame)
{
	struct vm_hist *last = st->nhist ? &st->hist[st->nhist - 1] : NULL;

	st->hist_insns++;
	if (last && plain_run(last) && last->curframe == frame && last->n < VM_HIST_RUN_MAX &&
	    last->idx + last->n == idx) {
		last->n++;
		return 0;
	}
	if (hist_reserve(st, 1)) {
		st->hist_insns--;
		return -ENOMEM;
	}
	st->hist[st->nhist++] = (struct vm_hist){ .idx = idx, .spi = -1, .n = 1,
						  .curframe = (uint8_t)frame };
	return 0;
}

struct vm_hist *vm_state__hist_top(struct vm_state *st)
{
	struct vm_hist *last;

	if (!st->nhist)
		return NULL;
	last = &st->hist[st->nhist - 1];
	if (last->n == 1)
		return last;
	if (hist_reserve(st, 1))
		return NULL;
	last = &st->hist[st->nhist - 1];
	last->n--;
	st->hist[st->nhist] = *last;
	last = &st->hist[st->nhist++];
	last->idx += last->n;
	last->n = 1;
	return last;
}

uint64_t vm_linked__pack(const struct vm_linked *l)
{
	uint64_t v = l->cnt & 7;

	for (int i = 0; i < l->cnt && i < VM_LINKED_MAX; i++)
		v |= (uint64_t)((l->e[i].frame & 7) | (l->e[i].is_reg & 1) << 3 |
				(l->e[i].no & 63) << 4) << (3 + 10 * i);
	return v;
}

void vm_linked__unpack(uint64_t v, struct vm_linked *l)
{
	l->cnt = v & 7;
	for (int i = 0; i < l->cnt && i < VM_LINKED_MAX; i++) {
		unsigned e = (unsigned)(v >> (3 + 10 * i)) & 0x3ff;

		l->e[i].frame = e & 7;
		l->e[i].is_reg = e >> 3 & 1;
		l->e[i].no = e >> 4 & 63;
	}
}

void vm_state__keep_hist(struct vm_state *st)
{
	if (st->hist_insns && st->hist_kept != st->hist_insns) {
		st->hist_kept = st->hist_insns;
		st->jmp_hist_cnt++;
	}
}

size_t vm_state__bytes(const struct vm_state *st)
{
	size_t n = sizeof(*st) + st->hist_cap * sizeof(struct vm_hist);

	for (int i = 0; i <= st->curframe; i++)
		if (st->frame[i])
			n += sizeof(struct vm_frame) + st->frame[i]->nslots * sizeof(struct vm_slot);
	return n;
}

/* ---- comparisons ---- */

static bool check_ids(uint32_t old_id, uint32_t cur_id, struct vm_idmap *m)
{
	if (!!old_id != !!cur_id)
		return false;
	if (!old_id)
		return true;
	for (int i = 0; i < m->n; i++) {
		if (m->old[i] == old_id)
			return m->cur[i] == cur_id;
		if (m->cur[i] == cur_id)
			return false;
	}
	if (m->n >= 64)
		return false;
	m->old[m->n] = old_id;
	m->cur[m->n++] = cur_id;
	return true;
}

/* Unlinked scalars get fresh ids, so two old ones cannot share one cur id. */
static bool check_scalar_ids(uint32_t old_id, uint32_t cur_id, struct vm_idmap *m)
{
	static const uint32_t tmp_base = 0x40000000u;

	if (!old_id)
		old_id = tmp_base + 2 * (uint32_t)m->n + 1;
	if (!cur_id)
		cur_id = tmp_base + 2 * (uint32_t)m->n + 2;
	return check_ids(old_id, cur_id, m);
}

static bool range_within(const struct vm_reg *old, const struct vm_reg *cur)
{
	return scalar_range_within(&old->s, &cur->s);
}

/* Bitwise equality of everything that describes the value (not precision). */
static bool regs_same_value(const struct vm_reg *a, const struct vm_reg *b)
{
	return a->type == b->type && a->flags == b->flags && a->off == b->off &&
	       a->map == b->map && a->mem_size == b->mem_size &&
	       a->range == b->range && a->subprog == b->subprog &&
	       a->btf_id == b->btf_id && a->frameno == b->frameno &&
	       scalar_equal(&a->s, &b->s);
}

static bool regs_exact(const struct vm_reg *old, const struct vm_reg *cur,
		       struct vm_idmap *m)
{
	return regs_same_value(old, cur) && check_ids(old->id, cur->id, m) &&
	       check_ids(old->ref_obj_id, cur->ref_obj_id, m);
}

bool vm_regsafe(const struct vm_reg *old, const struct vm_reg *cur,
		struct vm_idmap *m, enum vm_cmp_mode mode)
{
	if (mode == VM_EXACT)
		return regs_exact(old, cur, m);
	if (old->type == VM_NOT_INIT && (mode == VM_NOT_EXACT || cur->type == VM_NOT_INIT))
		return true;
	if (cur->type == VM_NOT_INIT)
		return false;
	if (old->type != cur->type || old->flags != cur->flags)
		return false;
	switch (old->type) {
	case VM_SCALAR:
		if (!old->precise && mode == VM_NOT_EXACT)
			return true;
		/* an unlinked old register: links in cur only add constraints */
		if (!old->id)
			return range_within(old, cur);
		if ((old->id & VM_ID_ADD_CONST) != (cur->id & VM_ID_ADD_CONST))
			return false;
		if ((old->id & VM_ID_ADD_CONST) && old->off != cur->off)
			return false;
		/* links are compared by base id: "id" and "id + K" are one link */
		return check_scalar_ids(old->id & ~VM_ID_ADD_CONST, cur->id & ~VM_ID_ADD_CONST, m) &&
		       range_within(old, cur);
	case VM_PTR_MAP_VALUE: case VM_PTR_MAP_KEY: case VM_PTR_MEM:
		return old->off == cur->off && old->map == cur->map &&
		       old->mem_size == cur->mem_size && old->btf_id == cur->btf_id &&
		       range_within(old, cur) &&
		       check_ids(old->id, cur->id, m) &&
		       check_ids(old->ref_obj_id, cur->ref_obj_id, m);
	case VM_PTR_PKT: case VM_PTR_PKT_META:
		if (old->range > cur->range || old->off != cur->off)
			return false;
		return check_ids(old->id, cur->id, m) && range_within(old, cur);
	case VM_PTR_STACK:
		return regs_exact(old, cur, m) && old->frameno == cur->frameno;
	case VM_PTR_ARENA:  /* any arena address is as good as another */
		return true;
	default:
		return regs_exact(old, cur, m);
	}
}

static bool slot_all(const struct vm_slot *s, uint8_t t, bool invalid_ok)
{
	for (int i = 0; i < 8; i++)
		if (s->type[i] != t && !(invalid_ok && s->type[i] == VM_SLOT_INVALID))
			return false;
	return true;
}

static bool is_spilled_scalar64(const struct vm_slot *s)
{
	return slot_all(s, VM_SLOT_SPILL, false) && s->spilled.type == VM_SCALAR;
}

/* A 64-bit scalar spill and eight MISC bytes both mean "some scalar". */
static bool misc_vs_spill(const struct vm_slot *o, const struct vm_slot *c,
			  struct vm_idmap *m, enum vm_cmp_mode mode, bool *res)
{
	struct vm_reg unbound;

	vm_reg__mark_unknown(&unbound);
	if (is_spilled_scalar64(o) && slot_all(c, VM_SLOT_MISC, true)) {
		*res = vm_regsafe(&o->spilled, &unbound, m, mode);
		return true;
	}
	if (slot_all(o, VM_SLOT_MISC, true) && is_spilled_scalar64(c)) {
		*res = vm_regsafe(&unbound, &c->spilled, m, mode);
		return true;
	}
	return false;
}

static bool slotsafe(const struct vm_slot *o, const struct vm_slot *c,
		     struct vm_idmap *m, enum vm_cmp_mode mode)
{
	bool res;

	if (mode == VM_EXACT) {
		if (memcmp(o->type, c->type, 8))
			return false;
	} else if (misc_vs_spill(o, c, m, mode, &res)) {
		return res;
	}
	for (int b = 0; b < 8; b++) {
		uint8_t ot = o->type[b], ct = c->type[b];

		if (ot == VM_SLOT_INVALID || ot == VM_SLOT_MISC)
			continue;  /* uninit stack is readable: MISC covers all */
		if (ot == VM_SLOT_MISC && ct == VM_SLOT_ZERO)
			continue;
		if (ot != ct)
			return false;
	}
	switch (o->type[0]) {  /* the lowest byte says what the slot holds */
	case VM_SLOT_SPILL:
		return vm_regsafe(&o->spilled, &c->spilled, m, mode);
	case VM_SLOT_ITER:
		return o->iter_state == c->iter_state &&
		       check_ids(o->spilled.ref_obj_id, c->spilled.ref_obj_id, m);
	case VM_SLOT_DYNPTR:    /* kind, first slot and reference (ringbuf) */
		return o->spilled.mem_size == c->spilled.mem_size && o->spilled.off == c->spilled.off &&
		       check_ids(o->spilled.ref_obj_id, c->spilled.ref_obj_id, m);
	default:
		return true;
	}
}

static bool stacksafe(const struct vm_state *os, const struct vm_state *cs, int fr,
		      struct vm_idmap *m, enum vm_cmp_mode mode,
		      vm_slot_live_fn slot_live, void *ctx)
{
	const struct vm_frame *o = os->frame[fr], *c = cs->frame[fr];
	static const struct vm_slot empty;

	for (int spi = 0; spi < o->nslots; spi++) {
		const struct vm_slot *os_ = &o->slots[spi];
		const struct vm_slot *cs_ = spi < c->nslots ? &c->slots[spi] : &empty;

		if (mode == VM_EXACT) {
			if (spi >= c->nslots || !slotsafe(os_, cs_, m, mode))
				return false;
			continue;
		}
		if (slot_live && !slot_live(ctx, os, fr, spi))
			continue;
		if (slot_all(os_, VM_SLOT_INVALID, false) || slot_all(os_, VM_SLOT_MISC, true))
			continue;
		if (spi >= c->nslots)
			return false;
		if (!slotsafe(os_, cs_, m, mode))
			return false;
	}
	return true;
}

static bool refsafe(const struct vm_state *o, const struct vm_state *c, struct vm_idmap *m)
{
	if (o->nrefs != c->nrefs || o->active_rcu != c->active_rcu || o->lock_held != c->lock_held ||
	    (o->lock_held && (o->lock_map != c->lock_map || !check_ids(o->lock_id, c->lock_id, m))))
		return false;
	for (int i = 0; i < o->nrefs; i++)
		if (!check_ids(o->refs[i], c->refs[i], m))
			return false;
	return true;
}

/* Why two states did not match, for VM_MODEL_TRACE calibration runs. */
static void trace_reg_mismatch(const struct vm_reg *o, const struct vm_reg *c,
			       int r, int frame, enum vm_cmp_mode mode)
{
	char a[128], b[128];

	scalar_snprint(a, sizeof(a), &o->s);
	scalar_snprint(b, sizeof(b), &c->s);
	fprintf(stderr, "  (R%d of frame %d differs, mode %d: t%d/%d id%x/%x p%d [%s] vs [%s])\n",
		r, frame, mode, o->type, c->type, o->id, c->id, o->precise, a, b);
}

bool vm_states_equal(const struct vm_state *old, const struct vm_state *cur,
		     enum vm_cmp_mode mode, const uint16_t *live,
		     vm_slot_live_fn slot_live, void *ctx)
{
	struct vm_idmap m;	/* only m.n is read before set: no memset per compare */

	m.n = 0;
	if (old->curframe != cur->curframe)
		return false;
	if (!refsafe(old, cur, &m))
		return false;
	for (int i = 0; i <= old->curframe; i++) {
		const struct vm_frame *of = old->frame[i], *cf = cur->frame[i];

		if (of->callsite != cf->callsite)
			return false;
		if (of->callback_depth > cf->callback_depth)
			return false;
		for (int r = 0; r < VM_MAX_REG; r++) {
			if (live && !(live[i] & (1u << r)))
				continue;
			if (!vm_regsafe(&of->regs[r], &cf->regs[r], &m, mode)) {
				if (vm_trace_on())
					trace_reg_mismatch(&of->regs[r], &cf->regs[r], r, i, mode);
				return false;
			}
		}
		if (!stacksafe(old, cur, i, &m, mode, slot_live, ctx)) {
			if (vm_trace_on())
				fprintf(stderr, "  (stack of frame %d differs, mode %d)\n", i, mode);
			return false;
		}
	}
	return true;
}
