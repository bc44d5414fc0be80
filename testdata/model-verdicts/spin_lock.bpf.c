// SPDX-License-Identifier: GPL-2.0
/*
 * bpf_spin_lock in a map value: the lock is taken and dropped through its
 * helpers only, one at a time, with no other call in between, and never
 * held at exit; socket filters and tracing programs may not use such a
 * map at all. EXPECT-VERDICT is what 6.18 answers (measured);
 * tests/model/btf_args.py holds the model to it and to the live kernel.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct counter {
	__u64 packets;
	struct bpf_spin_lock lock;
	__u64 bytes;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, struct counter);
} counters SEC(".maps");

static struct counter *slot(struct __sk_buff *skb)
{
	__u32 k = skb->mark & 3;

	return bpf_map_lookup_elem(&counters, &k);
}

/* EXPECT-VERDICT: accepted — both counters updated under the lock */
SEC("tc")
int locked_update(struct __sk_buff *skb)
{
	struct counter *c = slot(skb);

	if (!c)
		return 0;
	bpf_spin_lock(&c->lock);
	c->packets++;
	c->bytes += skb->len;
	bpf_spin_unlock(&c->lock);
	return 0;
}

/* EXPECT-VERDICT: rejected — returns with the lock held */
SEC("tc")
int lock_leak(struct __sk_buff *skb)
{
	struct counter *c = slot(skb);

	if (!c)
		return 0;
	bpf_spin_lock(&c->lock);
	c->packets++;
	if (skb->len > 100)
		return 1;
	bpf_spin_unlock(&c->lock);
	return 0;
}

/* EXPECT-VERDICT: rejected — a helper call while the lock is held */
SEC("tc")
int call_under_lock(struct __sk_buff *skb)
{
	struct counter *c = slot(skb);

	if (!c)
		return 0;
	bpf_spin_lock(&c->lock);
	c->bytes = bpf_ktime_get_ns();
	bpf_spin_unlock(&c->lock);
	return 0;
}

/* EXPECT-VERDICT: rejected — the lock itself is not memory to read */
SEC("tc")
int read_lock(struct __sk_buff *skb)
{
	struct counter *c = slot(skb);

	if (!c)
		return 0;
	return *(volatile __u32 *)&c->lock;
}

/* EXPECT-VERDICT: rejected — unlock without a lock */
SEC("tc")
int unlock_only(struct __sk_buff *skb)
{
	struct counter *c = slot(skb);

	if (!c)
		return 0;
	bpf_spin_unlock(&c->lock);
	return 0;
}

/* EXPECT-VERDICT: rejected — the lock is not where the pointer points */
SEC("tc")
int lock_wrong_field(struct __sk_buff *skb)
{
	struct counter *c = slot(skb);

	if (!c)
		return 0;
	bpf_spin_lock((struct bpf_spin_lock *)&c->bytes);
	bpf_spin_unlock((struct bpf_spin_lock *)&c->bytes);
	return 0;
}

/* EXPECT-VERDICT: rejected — tracing programs cannot use a map with a lock */
SEC("kprobe/do_nanosleep")
int kprobe_lock(void *ctx)
{
	__u32 k = 0;
	struct counter *c = bpf_map_lookup_elem(&counters, &k);

	if (!c)
		return 0;
	bpf_spin_lock(&c->lock);
	c->packets++;
	bpf_spin_unlock(&c->lock);
	return 0;
}
