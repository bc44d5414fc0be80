// SPDX-License-Identifier: GPL-2.0-only
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct event {
	__u64 ts;
	__u32 pid;
	char comm[16];
	char path[236];
};

/* A struct whose address goes to the callee, and the callee's own buffer:
 * 272 + 256 = 528 bytes in a kprobe, one stack for all frames. */
__noinline int decorate(struct event *ev)
{
	char extra[256];

	if (!ev)	/* a global function's pointer argument may be NULL */
		return 0;
	bpf_probe_read_kernel(extra, sizeof(extra), (void *)ev->ts);
	ev->pid = extra[0];
	return 0;
}

SEC("kprobe/do_unlinkat") // EXPECT: stack-budget "528 bytes"
int on_unlink(void *ctx)
{
	struct event ev = {};

	ev.ts = bpf_ktime_get_ns();
	bpf_probe_read_kernel(ev.path, sizeof(ev.path), ctx);
	return decorate(&ev);
}
