// SPDX-License-Identifier: GPL-2.0
/* Map-heavy programs: array, hash, per-CPU, LRU, map-in-map, and the
 * global-data sections .data, .rodata and .bss. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct stats {
	__u64 packets, bytes;
	__u32 flags[4];
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 16);
	__type(key, __u32);
	__type(value, struct stats);
} stats_array SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, __u64);
	__type(value, __u32);
	__uint(map_flags, BPF_F_NO_PREALLOC);
} pid_hash SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__uint(key_size, 4);
	__uint(value_size, 64);
} scratch SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 256);
	__type(key, __u32);
	__type(value, __u64);
} lru SEC(".maps");

struct inner {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u32);
} inner0 SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
	__uint(max_entries, 2);
	__type(key, __u32);
	__array(values, struct inner);
} outer SEC(".maps") = {
	.values = { [0] = &inner0 },
};

__u64 counter = 1;                       /* .data */
const volatile __u32 limit = 8;          /* .rodata */
__u64 seen;                              /* .bss */
char tag[16] SEC(".data.tags") = "tag";

SEC("tp/syscalls/sys_enter_getpid")
int map_update(void *ctx)
{
	__u64 pid = bpf_get_current_pid_tgid();
	__u32 one = 1, key = pid & 15, *cnt;
	struct stats *s = bpf_map_lookup_elem(&stats_array, &key);

	if (s) {
		s->packets++;
		s->bytes += 64;
		s->flags[key & 3] |= 1;
	}
	cnt = bpf_map_lookup_elem(&pid_hash, &pid);
	if (cnt)
		__sync_fetch_and_add(cnt, 1);
	else
		bpf_map_update_elem(&pid_hash, &pid, &one, BPF_NOEXIST);
	return 0;
}

SEC("tp/syscalls/sys_enter_getpid")
int map_globals(void *ctx)
{
	__u32 zero = 0, k = (__u32)seen;
	__u8 *buf = bpf_map_lookup_elem(&scratch, &zero);
	__u64 v = 1, *old;

	if (!buf)
		return 0;
	if (k < limit)
		buf[k] = tag[0];
	counter += v;
	seen = counter;
	old = bpf_map_lookup_elem(&lru, &k);
	if (!old)
		bpf_map_update_elem(&lru, &k, &v, BPF_ANY);
	return 0;
}

SEC("tp/syscalls/sys_enter_getpid")
int map_in_map(void *ctx)
{
	__u32 zero = 0, *val;
	void *in = bpf_map_lookup_elem(&outer, &zero);

	if (!in)
		return 0;
	val = bpf_map_lookup_elem(in, &zero);
	if (val)
		*val += 1;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
