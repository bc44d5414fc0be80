// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

typedef __u64 cookie_t;

/* A per-CPU map keyed by a typedef: the fix keeps the typedef's name. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, 256);
	__uint(key_size, sizeof(cookie_t)); // EXPECT: untyped-map
	__type(value, __u64);
} by_cookie SEC(".maps");

SEC("cgroup_skb/egress")
int egress(struct __sk_buff *skb)
{
	cookie_t c = bpf_get_socket_cookie(skb);
	__u64 zero = 0;

	bpf_map_update_elem(&by_cookie, &c, &zero, BPF_NOEXIST);
	return 1;
}
