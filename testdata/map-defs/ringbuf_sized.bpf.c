// SPDX-License-Identifier: GPL-2.0
/*
 * Ring buffers a loader sizes at run time (max_entries 0), alone and as
 * the inner map of an array of maps (one buffer per CPU, as falco's
 * modern probe keeps them). The load fix-up's 1 is no ring buffer size
 * (a power of 2 pages): both must get a page, the inner one too, or the
 * outer map cannot be created and every program using it is refused.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
} events SEC(".maps");

struct ringbuf_map {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
	__type(key, __u32);
	__type(value, __u32);
	__array(values, struct ringbuf_map);
} per_cpu_rings SEC(".maps");

SEC("tracepoint/syscalls/sys_enter_getpid")
int send_plain(void *ctx)
{
	__u64 *v = bpf_ringbuf_reserve(&events, sizeof(*v), 0);

	if (!v)
		return 0;
	*v = bpf_ktime_get_ns();
	bpf_ringbuf_submit(v, 0);
	return 0;
}

SEC("tracepoint/syscalls/sys_enter_getppid")
int send_per_cpu(void *ctx)
{
	__u32 cpu = bpf_get_smp_processor_id();
	void *rb = bpf_map_lookup_elem(&per_cpu_rings, &cpu);
	__u64 *v;

	if (!rb)
		return 0;
	v = bpf_ringbuf_reserve(rb, sizeof(*v), 0);
	if (!v)
		return 0;
	*v = bpf_ktime_get_ns();
	bpf_ringbuf_submit(v, 0);
	return 0;
}
