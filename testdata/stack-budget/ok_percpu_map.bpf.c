// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct scratch {
	char path[256];
	char args[256];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct scratch);
} heap SEC(".maps");

/* The cure: the buffers live in a per-CPU array map, the frames are small. */
__noinline int fill(struct scratch *s, __u64 p)
{
	if (!s)
		return 0;
	bpf_probe_read_kernel(s->args, sizeof(s->args), (void *)p);
	return s->args[0];
}

SEC("kprobe/do_sys_open")
int with_heap(void *ctx)
{
	__u32 zero = 0;
	struct scratch *s = bpf_map_lookup_elem(&heap, &zero);

	if (!s)
		return 0;
	bpf_probe_read_kernel(s->path, sizeof(s->path), ctx);
	return fill(s, s->path[0]);
}
