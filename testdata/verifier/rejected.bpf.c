// SPDX-License-Identifier: GPL-2.0
/* One program per common rejection reason. */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u64[4]);
} vals SEC(".maps");

/* value is 32 bytes; index 4 reads bytes 32..39 */
SEC("tp/syscalls/sys_enter_getpid")
int map_value_oob(void *ctx)
{
	__u32 key = 0, idx = 4;
	__u64 *v = bpf_map_lookup_elem(&vals, &key);

	if (!v)
		return 0;
	barrier_var(idx);
	if (idx > 4)
		return 0;
	return v[idx];
}

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 64);
	__type(key, __u32);
	__type(value, __u64);
} table SEC(".maps");

/* A hash lookup (an array lookup with a constant in-range key is known
 * non-NULL on 6.18). */
SEC("tp/syscalls/sys_enter_getpid")
int map_lookup_unchecked(void *ctx)
{
	__u32 key = 0;
	__u64 *v = bpf_map_lookup_elem(&table, &key);

	return *v;
}

SEC("xdp")
int packet_unchecked(struct xdp_md *ctx)
{
	struct ethhdr *eth = (void *)(long)ctx->data;

	return eth->h_proto == 8 ? XDP_DROP : XDP_PASS;
}

/* r3 is never written before the read */
SEC("tp/syscalls/sys_enter_getpid")
int uninit_register(void *ctx)
{
	long r;

	asm volatile("%0 = r3" : "=r"(r));
	return r;
}

/* Stack bytes passed to a helper before any write: rejected without
 * privileges, accepted as root (CAP_PERFMON allows uninitialised stack
 * reads), which is how kernel-6.18.tsv records it. */
SEC("tp/syscalls/sys_enter_getpid")
int uninit_stack(void *ctx)
{
	__u64 slot[4];
	__u32 key = 0;

	slot[0] = 0;
	asm volatile("" : : "r"(slot) : "memory");
	return bpf_map_update_elem(&vals, &key, slot, 0);
}

SEC("tp/syscalls/sys_enter_getpid")
int helper_bad_arg(void *ctx)
{
	return bpf_map_lookup_elem(&vals, (void *)0) != 0;
}

/* each frame 320 bytes; together past the 512-byte limit (a socket
 * filter: never a private stack; on 6.18 perf_event programs get one, and
 * tracepoint/raw_tp/tp_btf ones on some builds: v1147 yes, v1272 no) */
static __noinline int frame3(int x)
{
	volatile char buf[320];

	buf[x & 255] = x;
	return buf[(x + 1) & 255];
}

static __noinline int frame2(int x)
{
	volatile char buf[320];

	buf[x & 255] = x;
	return frame3(buf[(x + 3) & 255]);
}

SEC("socket")
int stack_too_deep(struct __sk_buff *skb)
{
	volatile char buf[64];
	int x = bpf_get_prandom_u32();

	buf[x & 63] = x;
	return frame2(buf[(x + 1) & 63]);
}

char LICENSE[] SEC("license") = "GPL";
