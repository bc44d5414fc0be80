// SPDX-License-Identifier: GPL-2.0
/*
 * Stack frames of 256 + 272 bytes through a BPF-to-BPF call: over 512
 * together. Since 6.13 the x86-64 JIT can give a program a private stack
 * per subprogram of 64 bytes or more, and there each frame is held to 512
 * alone. Which types get one differs between 6.18 builds: on
 * 6.18.44-fc-v1147 tracepoint, raw_tp, tp_btf and perf_event loaded; on
 * 6.18.44-fc-v1272 only perf_event does. EXPECT-VERDICT says what v1272
 * answers; tests/model/btf_args.py holds the model to it and to the live
 * kernel.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

static __attribute__((noinline)) int copy_and_mix(__u64 p)
{
	char copy[272];

	bpf_probe_read_kernel(copy, sizeof(copy), (void *)p);
	return copy[0] ^ copy[100];
}

/* EXPECT-VERDICT: rejected — a tracepoint: one stack on 6.18.44-fc-v1272
 * (v1147 gave it private stacks and accepted it) */
SEC("tracepoint/syscalls/sys_enter_openat") // EXPECT: stack-budget "528 bytes"
int on_openat(void *ctx)
{
	char buf[256];

	bpf_probe_read_kernel(buf, sizeof(buf), ctx);
	return copy_and_mix(buf[3]);
}

/* EXPECT-VERDICT: rejected — a raw tracepoint: as the tracepoint */
SEC("raw_tp/sys_enter") // EXPECT: stack-budget "528 bytes"
int on_sys_enter(void *ctx)
{
	char buf[256];

	bpf_probe_read_kernel(buf, sizeof(buf), ctx);
	return copy_and_mix(buf[5]);
}

/* EXPECT-VERDICT: rejected — tp_btf (a tracing program): as the tracepoint */
SEC("tp_btf/sys_enter") // EXPECT: stack-budget "528 bytes"
int on_btf_enter(void *ctx)
{
	char buf[256];

	bpf_probe_read_kernel(buf, sizeof(buf), ctx);
	return copy_and_mix(buf[11]);
}

/* EXPECT-VERDICT: accepted — perf_event: private stacks on both builds */
SEC("perf_event")
int on_sample(void *ctx)
{
	char buf[256];

	bpf_probe_read_kernel(buf, sizeof(buf), ctx);
	return copy_and_mix(buf[9]);
}

/* EXPECT-VERDICT: rejected — a kprobe: one stack, 528 bytes */
SEC("kprobe/do_sys_open") // EXPECT: stack-budget "528 bytes"
int on_open(void *ctx)
{
	char buf[256];

	bpf_probe_read_kernel(buf, sizeof(buf), ctx);
	return copy_and_mix(buf[7]);
}

/* EXPECT-VERDICT: rejected — XDP: one stack, 528 bytes */
SEC("xdp") // EXPECT: stack-budget "528 bytes"
int on_packet(struct xdp_md *ctx)
{
	char buf[256];

	bpf_probe_read_kernel(buf, sizeof(buf), (void *)(long)ctx->data);
	return copy_and_mix(buf[1]) ? XDP_PASS : XDP_DROP;
}
