// SPDX-License-Identifier: GPL-2.0
/*
 * The dynptr helpers and kfuncs past the packet ones (dynptr.bpf.c):
 * bpf_dynptr_from_mem over a map value, bpf_dynptr_read and _write,
 * ringbuf records as dynptrs (bpf_ringbuf_reserve_dynptr holds a
 * reference that bpf_ringbuf_submit_dynptr or _discard_dynptr releases,
 * with the record's clones and slices; the dynptr cannot be overwritten
 * meanwhile), and the kfuncs bpf_dynptr_adjust, _is_null, _is_rdonly,
 * _size and _clone. The model once stopped at each of them ("model
 * limit"). EXPECT-VERDICT, EXPECT-MSG and EXPECT-INSNS are what
 * 6.18.44-fc-v1272 answers (measured); tests/model/btf_args.py holds the
 * model to them and to the live kernel's message and count.
 */
#include <linux/bpf.h>
#include <linux/pkt_cls.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4096);
} events SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64[4]);
} buf SEC(".maps");

extern int bpf_dynptr_from_skb(struct __sk_buff *s, __u64 flags,
			       struct bpf_dynptr *ptr__uninit) __ksym;
extern int bpf_dynptr_from_xdp(struct xdp_md *x, __u64 flags,
			       struct bpf_dynptr *ptr__uninit) __ksym;
extern void *bpf_dynptr_slice(const struct bpf_dynptr *p, __u32 offset,
			      void *buffer__opt, __u32 buffer__szk) __ksym;
extern int bpf_dynptr_adjust(const struct bpf_dynptr *p, __u32 start, __u32 end) __ksym;
extern _Bool bpf_dynptr_is_null(const struct bpf_dynptr *p) __ksym;
extern _Bool bpf_dynptr_is_rdonly(const struct bpf_dynptr *p) __ksym;
extern __u32 bpf_dynptr_size(const struct bpf_dynptr *p) __ksym;
extern int bpf_dynptr_clone(const struct bpf_dynptr *p, struct bpf_dynptr *clone__uninit) __ksym;

/* EXPECT-VERDICT: accepted — reserve, write, submit */
/* EXPECT-INSNS: 30 */
SEC("tc")
int rb_write_submit(struct __sk_buff *skb)
{
	struct bpf_dynptr rb;
	__u64 v = skb->len;

	if (bpf_ringbuf_reserve_dynptr(&events, sizeof(v), 0, &rb)) {
		bpf_ringbuf_discard_dynptr(&rb, 0);
		return TC_ACT_OK;
	}
	bpf_dynptr_write(&rb, 0, &v, sizeof(v), 0);
	bpf_ringbuf_submit_dynptr(&rb, 0);
	return TC_ACT_OK;
}

/* EXPECT-VERDICT: accepted — bpf_dynptr_data of a ringbuf record, written through */
/* EXPECT-INSNS: 27 */
SEC("tc")
int rb_data_submit(struct __sk_buff *skb)
{
	struct bpf_dynptr rb;
	__u64 *p;

	bpf_ringbuf_reserve_dynptr(&events, 16, 0, &rb);
	p = bpf_dynptr_data(&rb, 8, sizeof(*p));
	if (p)
		*p = skb->len;
	bpf_ringbuf_submit_dynptr(&rb, 0);
	return TC_ACT_OK;
}

/* EXPECT-VERDICT: rejected — the record is never submitted */
/* EXPECT-MSG: BPF_EXIT instruction in main prog would lead to reference leak */
/* EXPECT-INSNS: 8 */
SEC("tc")
int rb_leak(struct __sk_buff *skb)
{
	struct bpf_dynptr rb;

	bpf_ringbuf_reserve_dynptr(&events, 16, 0, &rb);
	return TC_ACT_OK;
}

/* EXPECT-VERDICT: rejected — a store over a reserved record's dynptr */
/* EXPECT-MSG: cannot overwrite referenced dynptr */
/* EXPECT-INSNS: 8 */
SEC("tc")
__attribute__((naked)) int rb_overwrite(void)
{
	asm volatile ("r1 = %[events] ll;"
		      "r2 = 8;"
		      "r3 = 0;"
		      "r4 = r10;"
		      "r4 += -16;"
		      "call %[reserve];"
		      "r1 = 0;"
		      "*(u64 *)(r10 - 8) = r1;"
		      "r1 = r10;"
		      "r1 += -16;"
		      "r2 = 0;"
		      "call %[discard];"
		      "r0 = 0;"
		      "exit;"
		      :: [events] "i"(&events), [reserve] "i"(BPF_FUNC_ringbuf_reserve_dynptr),
			 [discard] "i"(BPF_FUNC_ringbuf_discard_dynptr) : "memory");
}

/* EXPECT-VERDICT: rejected — submitted twice */
/* EXPECT-MSG: arg 1 is an unacquired reference */
/* EXPECT-INSNS: 13 */
SEC("tc")
int rb_submit_twice(struct __sk_buff *skb)
{
	struct bpf_dynptr rb;

	bpf_ringbuf_reserve_dynptr(&events, 16, 0, &rb);
	bpf_ringbuf_submit_dynptr(&rb, 0);
	bpf_ringbuf_submit_dynptr(&rb, 0);
	return TC_ACT_OK;
}

/* EXPECT-VERDICT: rejected — an skb dynptr holds no record to submit */
/* EXPECT-MSG: arg 1 is an unacquired reference */
/* EXPECT-INSNS: 8 */
SEC("tc")
int rb_submit_skb(struct __sk_buff *skb)
{
	struct bpf_dynptr pkt;

	bpf_dynptr_from_skb(skb, 0, &pkt);
	bpf_ringbuf_submit_dynptr(&pkt, 0);
	return TC_ACT_OK;
}

/* EXPECT-VERDICT: rejected — bpf_dynptr_data's slice ends with its record */
/* EXPECT-MSG: R6 invalid mem access 'scalar' */
/* EXPECT-INSNS: 18 */
SEC("tc")
__attribute__((naked)) int rb_data_after_submit(void)
{
	asm volatile ("r1 = %[events] ll;"
		      "r2 = 16;"
		      "r3 = 0;"
		      "r4 = r10;"
		      "r4 += -16;"
		      "call %[reserve];"
		      "r1 = r10;"
		      "r1 += -16;"
		      "r2 = 0;"
		      "r3 = 8;"
		      "call %[data];"
		      "r6 = r0;"
		      "r1 = r10;"
		      "r1 += -16;"
		      "r2 = 0;"
		      "call %[submit];"
		      "if r6 == 0 goto l0_%=;"
		      "r0 = *(u64 *)(r6 + 0);"
		      "l0_%=:"
		      "r0 = 0;"
		      "exit;"
		      :: [events] "i"(&events), [reserve] "i"(BPF_FUNC_ringbuf_reserve_dynptr),
			 [data] "i"(BPF_FUNC_dynptr_data),
			 [submit] "i"(BPF_FUNC_ringbuf_submit_dynptr) : "memory");
}

/* EXPECT-VERDICT: rejected — a record must come from a ringbuf map */
/* EXPECT-MSG: cannot pass map_type 2 into func bpf_ringbuf_reserve_dynptr#198 */
/* EXPECT-INSNS: 7 */
SEC("tc")
int rb_reserve_array(struct __sk_buff *skb)
{
	struct bpf_dynptr rb;

	bpf_ringbuf_reserve_dynptr(&buf, 16, 0, &rb);
	bpf_ringbuf_discard_dynptr(&rb, 0);
	return TC_ACT_OK;
}

/* EXPECT-VERDICT: accepted — a dynptr over a map value, read and written */
/* EXPECT-INSNS: 44 */
SEC("tc")
int local_map_rw(struct __sk_buff *skb)
{
	struct bpf_dynptr d;
	__u32 key = 0;
	__u64 *v, x = 0;

	v = bpf_map_lookup_elem(&buf, &key);
	if (!v)
		return TC_ACT_OK;
	bpf_dynptr_from_mem(v, 32, 0, &d);
	bpf_dynptr_read(&x, sizeof(x), &d, 8, 0);
	x += skb->len;
	bpf_dynptr_write(&d, 16, &x, sizeof(x), 0);
	return x > 100 ? TC_ACT_SHOT : TC_ACT_OK;
}

/* EXPECT-VERDICT: rejected — bpf_dynptr_from_mem takes map values only */
/* EXPECT-MSG: Unsupported reg type fp for bpf_dynptr_from_mem data */
/* EXPECT-INSNS: 10 */
SEC("tc")
int local_stack(struct __sk_buff *skb)
{
	struct bpf_dynptr d;
	__u64 x = skb->len;

	bpf_dynptr_from_mem(&x, sizeof(x), 0, &d);
	return bpf_dynptr_size(&d) ? TC_ACT_OK : TC_ACT_SHOT;
}

/* EXPECT-VERDICT: rejected — no dynptr at fp-16 to read */
/* EXPECT-MSG: Expected an initialized dynptr as arg #2 */
/* EXPECT-INSNS: 8 */
SEC("tc")
__attribute__((naked)) int read_no_dynptr(void)
{
	asm volatile ("r1 = r10;"
		      "r1 += -24;"
		      "r2 = 8;"
		      "r3 = r10;"
		      "r3 += -16;"
		      "r4 = 0;"
		      "r5 = 0;"
		      "call %[read];"
		      "r0 = 0;"
		      "exit;"
		      :: [read] "i"(BPF_FUNC_dynptr_read) : "memory");
}

/* EXPECT-VERDICT: rejected — the dynptr argument is a number */
/* EXPECT-MSG: R3 type=scalar expected=fp, dynptr_ptr */
/* EXPECT-INSNS: 7 */
SEC("tc")
__attribute__((naked)) int read_scalar_dynptr(void)
{
	asm volatile ("r1 = r10;"
		      "r1 += -24;"
		      "r2 = 8;"
		      "r3 = 0;"
		      "r4 = 0;"
		      "r5 = 0;"
		      "call %[read];"
		      "r0 = 0;"
		      "exit;"
		      :: [read] "i"(BPF_FUNC_dynptr_read) : "memory");
}

/* EXPECT-VERDICT: accepted — the packet read into the stack, then the first bytes changed */
/* EXPECT-INSNS: 31 */
SEC("tc")
int skb_read_write(struct __sk_buff *skb)
{
	struct bpf_dynptr pkt;
	__u8 mac[6];

	if (bpf_dynptr_from_skb(skb, 0, &pkt))
		return TC_ACT_OK;
	if (bpf_dynptr_read(mac, sizeof(mac), &pkt, 0, 0))
		return TC_ACT_OK;
	mac[0] ^= 2;
	bpf_dynptr_write(&pkt, 0, mac, sizeof(mac), 0);
	return TC_ACT_OK;
}

/* EXPECT-VERDICT: rejected — bpf_dynptr_write on an skb dynptr ends its slices */
/* EXPECT-MSG: R7 invalid mem access 'scalar' */
/* EXPECT-INSNS: 23 */
SEC("tc")
__attribute__((naked)) int skb_slice_after_write(void)
{
	asm volatile ("r2 = 0;"
		      "r3 = r10;"
		      "r3 += -16;"
		      "call %[from_skb];"
		      "r1 = r10;"
		      "r1 += -16;"
		      "r2 = 0;"
		      "r3 = 0;"
		      "r4 = 4;"
		      "call %[slice];"
		      "if r0 == 0 goto l0_%=;"
		      "r7 = r0;"
		      "r1 = 0;"
		      "*(u64 *)(r10 - 24) = r1;"
		      "r1 = r10;"
		      "r1 += -16;"
		      "r2 = 0;"
		      "r3 = r10;"
		      "r3 += -24;"
		      "r4 = 4;"
		      "r5 = 0;"
		      "call %[write];"
		      "r0 = *(u32 *)(r7 + 0);"
		      "l0_%=:"
		      "r0 = 0;"
		      "exit;"
		      :: [from_skb] "i"(bpf_dynptr_from_skb), [slice] "i"(bpf_dynptr_slice),
			 [write] "i"(BPF_FUNC_dynptr_write) : "memory");
}

/* EXPECT-VERDICT: accepted — the kfuncs that look at and narrow a dynptr */
/* EXPECT-INSNS: 71 */
SEC("tc")
int kfuncs_view(struct __sk_buff *skb)
{
	struct bpf_dynptr pkt, head;
	__u8 two[2], *h;
	__u32 n = 0;

	if (bpf_dynptr_from_skb(skb, 0, &pkt))
		return TC_ACT_OK;
	if (bpf_dynptr_is_null(&pkt) || bpf_dynptr_is_rdonly(&pkt))
		return TC_ACT_OK;
	bpf_dynptr_clone(&pkt, &head);
	if (bpf_dynptr_adjust(&head, 0, 14))
		return TC_ACT_OK;
	n = bpf_dynptr_size(&head) + bpf_dynptr_size(&pkt);
	h = bpf_dynptr_slice(&head, 12, two, sizeof(two));
	if (h)
		n += h[0];
	return n > 1000 ? TC_ACT_SHOT : TC_ACT_OK;
}

/* EXPECT-VERDICT: accepted — a clone of a record submitted for both */
/* EXPECT-INSNS: 26 */
SEC("tc")
int rb_clone_submit(struct __sk_buff *skb)
{
	struct bpf_dynptr rb, copy;
	__u64 v = skb->len;

	bpf_ringbuf_reserve_dynptr(&events, 16, 0, &rb);
	bpf_dynptr_clone(&rb, &copy);
	bpf_dynptr_write(&copy, 0, &v, sizeof(v), 0);
	bpf_ringbuf_submit_dynptr(&copy, 0);
	return TC_ACT_OK;
}

/* EXPECT-VERDICT: rejected — the clone ends with its record */
/* EXPECT-MSG: Expected an initialized dynptr as arg #0 */
/* EXPECT-INSNS: 24 */
SEC("tc")
int rb_clone_after_submit(struct __sk_buff *skb)
{
	struct bpf_dynptr rb, copy;
	__u64 v = skb->len;

	bpf_ringbuf_reserve_dynptr(&events, 16, 0, &rb);
	bpf_dynptr_clone(&rb, &copy);
	bpf_ringbuf_submit_dynptr(&rb, 0);
	bpf_dynptr_write(&copy, 0, &v, sizeof(v), 0);
	return TC_ACT_OK;
}

/* EXPECT-VERDICT: rejected — a dynptr over dynptr data */
/* EXPECT-MSG: Unsupported reg type mem for bpf_dynptr_from_mem data */
/* EXPECT-INSNS: 18 */
SEC("tc")
int local_from_data(struct __sk_buff *skb)
{
	struct bpf_dynptr rb, d;
	void *p;

	bpf_ringbuf_reserve_dynptr(&events, 16, 0, &rb);
	p = bpf_dynptr_data(&rb, 0, 8);
	if (p)
		bpf_dynptr_from_mem(p, 8, 0, &d);
	bpf_ringbuf_discard_dynptr(&rb, 0);
	return TC_ACT_OK;
}

/* EXPECT-VERDICT: accepted — records of two sizes, one path each, submitted after */
/* EXPECT-INSNS: 31 */
SEC("tc")
int rb_two_sizes(struct __sk_buff *skb)
{
	struct bpf_dynptr rb;
	__u64 v = skb->len;

	if (skb->len > 100)
		bpf_ringbuf_reserve_dynptr(&events, 32, 0, &rb);
	else
		bpf_ringbuf_reserve_dynptr(&events, 16, 0, &rb);
	bpf_dynptr_write(&rb, 8, &v, sizeof(v), 0);
	bpf_ringbuf_submit_dynptr(&rb, 0);
	return TC_ACT_OK;
}

/* EXPECT-VERDICT: rejected — a second record over the first's dynptr */
/* EXPECT-MSG: cannot overwrite referenced dynptr */
/* EXPECT-INSNS: 12 */
SEC("tc")
int rb_reserve_over(struct __sk_buff *skb)
{
	struct bpf_dynptr rb;

	bpf_ringbuf_reserve_dynptr(&events, 16, 0, &rb);
	bpf_ringbuf_reserve_dynptr(&events, 16, 0, &rb);
	bpf_ringbuf_discard_dynptr(&rb, 0);
	return TC_ACT_OK;
}

/* EXPECT-VERDICT: rejected — a slice of a record (kfunc or helper) ends with it */
/* EXPECT-MSG: R6 invalid mem access 'scalar' */
/* EXPECT-INSNS: 19 */
SEC("tc")
__attribute__((naked)) int rb_slice_after_submit(void)
{
	asm volatile ("r1 = %[events] ll;"
		      "r2 = 16;"
		      "r3 = 0;"
		      "r4 = r10;"
		      "r4 += -16;"
		      "call %[reserve];"
		      "r1 = r10;"
		      "r1 += -16;"
		      "r2 = 0;"
		      "r3 = 0;"
		      "r4 = 8;"
		      "call %[slice];"
		      "r6 = r0;"
		      "r1 = r10;"
		      "r1 += -16;"
		      "r2 = 0;"
		      "call %[submit];"
		      "if r6 == 0 goto l0_%=;"
		      "r0 = *(u64 *)(r6 + 0);"
		      "l0_%=:"
		      "r0 = 0;"
		      "exit;"
		      :: [events] "i"(&events), [reserve] "i"(BPF_FUNC_ringbuf_reserve_dynptr),
			 [slice] "i"(bpf_dynptr_slice),
			 [submit] "i"(BPF_FUNC_ringbuf_submit_dynptr) : "memory");
}

/* EXPECT-VERDICT: rejected — a clone made over a live record */
/* EXPECT-MSG: cannot overwrite referenced dynptr */
/* EXPECT-INSNS: 15 */
SEC("tc")
int rb_clone_over(struct __sk_buff *skb)
{
	struct bpf_dynptr pkt, rb;

	bpf_dynptr_from_skb(skb, 0, &pkt);
	bpf_ringbuf_reserve_dynptr(&events, 16, 0, &rb);
	bpf_dynptr_clone(&pkt, &rb);
	bpf_ringbuf_discard_dynptr(&rb, 0);
	return TC_ACT_OK;
}

/* EXPECT-VERDICT: rejected — the size of nothing */
/* EXPECT-MSG: Expected an initialized dynptr as arg #0 */
/* EXPECT-INSNS: 3 */
SEC("tc")
__attribute__((naked)) int size_no_dynptr(void)
{
	asm volatile ("r1 = r10;"
		      "r1 += -16;"
		      "call %[size];"
		      "r0 = 0;"
		      "exit;"
		      :: [size] "i"(bpf_dynptr_size) : "memory");
}

/* writes its argument's bytes; may not submit a record it does not own */
__attribute__((noinline)) int fill(struct bpf_dynptr *p, __u64 v)
{
	bpf_dynptr_write(p, 0, &v, sizeof(v), 0);
	return bpf_dynptr_size(p) > 8;
}

__attribute__((noinline)) int fill_and_submit(struct bpf_dynptr *p)
{
	bpf_ringbuf_submit_dynptr(p, 0);
	return 0;
}

/* EXPECT-VERDICT: accepted — a global function writes a record it is lent */
/* EXPECT-INSNS: 34 */
SEC("tc")
int rb_global_fill(struct __sk_buff *skb)
{
	struct bpf_dynptr rb;

	bpf_ringbuf_reserve_dynptr(&events, 16, 0, &rb);
	fill(&rb, skb->len);
	bpf_ringbuf_submit_dynptr(&rb, 0);
	return TC_ACT_OK;
}

/* EXPECT-VERDICT: rejected — ... but cannot submit it */
/* EXPECT-MSG: cannot release unowned const bpf_dynptr */
/* EXPECT-INSNS: 16 */
SEC("tc")
int rb_global_submit(struct __sk_buff *skb)
{
	struct bpf_dynptr rb;

	bpf_ringbuf_reserve_dynptr(&events, 16, 0, &rb);
	fill_and_submit(&rb);
	bpf_ringbuf_discard_dynptr(&rb, 0);
	return TC_ACT_OK;
}

/* EXPECT-VERDICT: accepted — a record per round, submitted or discarded (states pruned) */
/* EXPECT-INSNS: 177 */
SEC("tc")
int rb_loop(struct __sk_buff *skb)
{
	struct bpf_dynptr rb;
	__u64 v = 0;

	for (int i = 0; i < 4; i++) {
		if (bpf_ringbuf_reserve_dynptr(&events, 16, 0, &rb)) {
			bpf_ringbuf_discard_dynptr(&rb, 0);
			continue;
		}
		v += i;
		bpf_dynptr_write(&rb, 0, &v, sizeof(v), 0);
		if (skb->len > v)
			bpf_ringbuf_submit_dynptr(&rb, 0);
		else
			bpf_ringbuf_discard_dynptr(&rb, 0);
	}
	return TC_ACT_OK;
}

/* EXPECT-VERDICT: accepted — writing an xdp dynptr leaves its slices (only skb's go) */
/* EXPECT-INSNS: 37 */
SEC("xdp")
int xdp_slice_after_write(struct xdp_md *ctx)
{
	struct bpf_dynptr pkt;
	__u8 b[4] = {}, *p;

	if (bpf_dynptr_from_xdp(ctx, 0, &pkt))
		return XDP_PASS;
	p = bpf_dynptr_slice(&pkt, 0, b, sizeof(b));
	if (!p)
		return XDP_PASS;
	bpf_dynptr_write(&pkt, 0, b, sizeof(b), 0);
	return p[0] ? XDP_DROP : XDP_PASS;
}

/* submits or discards the record its caller lends it (the caller's frame) */
static __attribute__((noinline)) int finish(struct bpf_dynptr *p, int ok)
{
	if (ok)
		bpf_ringbuf_submit_dynptr(p, 0);
	else
		bpf_ringbuf_discard_dynptr(p, 0);
	return 0;
}

/* EXPECT-VERDICT: accepted — a static function releases a clone, and the record with it */
/* EXPECT-INSNS: 38 */
SEC("tc")
int rb_static_release(struct __sk_buff *skb)
{
	struct bpf_dynptr rb, copy;

	bpf_ringbuf_reserve_dynptr(&events, 16, 0, &rb);
	bpf_dynptr_clone(&rb, &copy);
	finish(&copy, skb->len > 10);
	return TC_ACT_OK;
}

static int write_round(__u32 i, void *ctx)
{
	__u64 v = i;

	bpf_dynptr_write(ctx, 0, &v, sizeof(v), 0);
	return 0;
}

/* EXPECT-VERDICT: accepted — a bpf_loop callback writes the record */
/* EXPECT-INSNS: 30 */
SEC("tc")
int rb_loop_callback(struct __sk_buff *skb)
{
	struct bpf_dynptr rb;

	bpf_ringbuf_reserve_dynptr(&events, 16, 0, &rb);
	bpf_loop(4, write_round, &rb, 0); // EXPECT: bpf-loop-callback
	bpf_ringbuf_submit_dynptr(&rb, 0);
	return TC_ACT_OK;
}
