// SPDX-License-Identifier: GPL-2.0-only
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

SEC("kprobe/tcp_v4_connect")
int BPF_KPROBE(connect, struct sock *sk)
{
	struct net *net;
	unsigned int inum = 0;
	possible_net_t pn;

	bpf_probe_read_kernel(&pn, sizeof(pn), &sk->__sk_common.skc_net);
	net = pn.net;
	if (!net)
		return 0;
	struct user_namespace *uns;
	bpf_probe_read_kernel(&uns, sizeof(uns), &net->user_ns); // EXPECT: core-read-chain "net->user_ns->ns"
	struct ns_common nsc;
	bpf_probe_read_kernel(&nsc, sizeof(nsc), &uns->ns);
	inum = nsc.inum;
	return inum & 1;
}
