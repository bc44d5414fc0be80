// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct sample {
	__u64 ts;
	__u32 pid;
	__u32 n;
	__u64 ips[30];
};

/* A sampling profiler: a struct filled by helpers in the caller and a
 * buffer in a static __attribute__((noinline)) callee: 256 + 272 = 528
 * bytes, but in a perf_event program, which 6.13+ x86-64 runs on a private
 * stack per frame of 64+ bytes. Measured: 6.18.44-fc-v1147 and
 * 6.18.44-fc-v1272 both accept it, so no finding. */
static __attribute__((noinline)) int hash_stack(const __u64 *ips)
{
	char copy[272];

	bpf_probe_read_kernel(copy, sizeof(copy), ips);
	return copy[0] ^ copy[100];
}

SEC("perf_event")
int on_sample(void *ctx)
{
	struct sample s = {};

	s.ts = bpf_ktime_get_ns();
	s.pid = bpf_get_current_pid_tgid() >> 32;
	s.n = bpf_get_stack(ctx, s.ips, sizeof(s.ips), 0);
	return hash_stack(s.ips);
}
