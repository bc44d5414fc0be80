// SPDX-License-Identifier: GPL-2.0
/* Model calibration: stack liveness as 6.18 keeps it. Each program writes
 * stack slots differently on the two sides of six branches; the slots are
 * dead at the join only if liveness knows what the helpers after it read:
 * the argument's size (ringbuf_output's length, a map's value size), that
 * an uninit argument is written, not read (get_current_comm, probe_read)
 * unless its size is not a constant, and, where two paths pass different
 * stack pointers, each path's own. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4096);
} lv_rb SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 16);
	__type(key, __u32);
	__type(value, __u64);
} lv_h SEC(".maps");

/* One side spills a pointer (ctx), the other a number: states that
 * differ there match only if the slot is dead. */
#define DIVERGE(slot)                                                    \
	do {                                                             \
		if (bpf_get_prandom_u32() & 1)                           \
			*(void *volatile *)&(slot) = ctx;                \
		else                                                     \
			*(volatile __u64 *)&(slot) = bpf_ktime_get_ns(); \
	} while (0)

/* ringbuf_output reads 16 of msg's 48 bytes, update_elem 8 of val's 32:
 * the bytes past them are written on each side but never read. */
SEC("tp/syscalls/sys_enter_getpid")
int helper_arg_sizes(void *ctx)
{
	struct {
		__u64 msg[6];
		__u64 val[4];
	} s;
	__u32 key = 0;

	s.msg[0] = bpf_get_prandom_u32();
	s.msg[1] = 1;
	s.val[0] = 2;
	DIVERGE(s.msg[2]);
	bpf_ringbuf_output(&lv_rb, s.msg, 16, 0);
	DIVERGE(s.msg[3]);
	bpf_map_update_elem(&lv_h, &key, s.val, BPF_ANY);
	DIVERGE(s.val[1]);
	bpf_ringbuf_output(&lv_rb, s.msg, 16, 0);
	DIVERGE(s.msg[4]);
	bpf_map_update_elem(&lv_h, &key, s.val, BPF_ANY);
	DIVERGE(s.val[2]);
	bpf_ringbuf_output(&lv_rb, s.msg, 16, 0);
	DIVERGE(s.msg[5]);
	bpf_map_update_elem(&lv_h, &key, s.val, BPF_ANY);
	return 0;
}

/* get_current_comm and probe_read_kernel only write their buffers. */
SEC("tp/syscalls/sys_enter_getpid")
int uninit_helper_args(void *ctx)
{
	struct {
		char comm[16];
		__u64 copy[3];
		__u64 flag[6];
	} s;

	DIVERGE(s.flag[0]);
	bpf_get_current_comm(s.comm, sizeof(s.comm));
	DIVERGE(s.flag[1]);
	bpf_probe_read_kernel(s.copy, sizeof(s.copy), ctx);
	DIVERGE(s.flag[2]);
	bpf_get_current_comm(s.comm, sizeof(s.comm));
	DIVERGE(s.flag[3]);
	bpf_probe_read_kernel(s.copy, sizeof(s.copy), ctx);
	DIVERGE(s.flag[4]);
	bpf_get_current_comm(s.comm, sizeof(s.comm));
	DIVERGE(s.flag[5]);
	bpf_probe_read_kernel(s.copy, sizeof(s.copy), ctx);
	return s.comm[0] + (int)s.copy[0];
}

/* The value handed to update_elem is a or b, chosen by a branch: each
 * path reads its own slot only. */
SEC("tp/syscalls/sys_enter_getpid")
int disagree_stack_ptr(void *ctx)
{
	struct {
		__u64 a, b;
		__u64 flag[6];
	} s;
	__u32 key = 0;
	__u64 *p;

	s.a = bpf_get_prandom_u32();
	s.b = bpf_ktime_get_ns();
	if (bpf_get_prandom_u32() & 1)
		p = &s.a;
	else
		p = &s.b;
	DIVERGE(s.flag[0]);
	bpf_map_update_elem(&lv_h, &key, p, BPF_ANY);
	DIVERGE(s.flag[1]);
	bpf_map_update_elem(&lv_h, &key, p, BPF_ANY);
	DIVERGE(s.flag[2]);
	bpf_map_update_elem(&lv_h, &key, p, BPF_ANY);
	DIVERGE(s.flag[3]);
	bpf_map_update_elem(&lv_h, &key, p, BPF_ANY);
	DIVERGE(s.flag[4]);
	bpf_map_update_elem(&lv_h, &key, p, BPF_ANY);
	DIVERGE(s.flag[5]);
	bpf_map_update_elem(&lv_h, &key, p, BPF_ANY);
	return 0;
}

/* probe_read_kernel's buffer is write-only, but with a size that is not a
 * constant the kernel checks the whole range as initialized: the last call
 * reads every slot its size can reach, so the slots written on each side
 * before it stay alive through the short reads between. */
SEC("tp/syscalls/sys_enter_getpid")
int variable_size_uninit(void *ctx)
{
	struct {
		__u64 buf[6];
	} s;
	__u32 n = bpf_get_prandom_u32();

	s.buf[0] = 0;
	DIVERGE(s.buf[3]);
	bpf_probe_read_kernel(s.buf, n & 15, ctx);
	DIVERGE(s.buf[4]);
	bpf_probe_read_kernel(s.buf, n & 15, ctx);
	DIVERGE(s.buf[5]);
	bpf_probe_read_kernel(s.buf, n & 15, ctx);
	bpf_probe_read_kernel(s.buf, (n & 31) + 16, ctx);
	return (int)s.buf[0];
}

char LICENSE[] SEC("license") = "GPL";
