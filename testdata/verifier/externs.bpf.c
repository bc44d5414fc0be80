// SPDX-License-Identifier: GPL-2.0
/* Externs and BTF-attached programs: .kconfig values, a typed __ksym
 * per-CPU variable, kfunc calls, raw_tp and tp_btf sections. (No fentry:
 * this machine's kernel refuses trampolines with EPERM, even to root.) */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_compat.h"

extern unsigned int LINUX_KERNEL_VERSION __kconfig;
extern int CONFIG_HZ __kconfig __weak;
extern _Bool CONFIG_BPF_SYSCALL __kconfig __weak;
extern const int bpf_prog_active __ksym;

__u64 seen;

SEC("tp/syscalls/sys_enter_getpid")
int kconfig_values(void *ctx)
{
	if (CONFIG_BPF_SYSCALL && LINUX_KERNEL_VERSION >= 0x060000)
		seen = CONFIG_HZ;
	return 0;
}

/* Needs the variable's address from kallsyms: rejected where the kernel
 * is built without CONFIG_KALLSYMS_ALL (this machine's 6.18 is). */
SEC("raw_tp/sys_enter")
int raw_tp_ksym(unsigned long long *ctx)
{
	const int *active = bpf_this_cpu_ptr(&bpf_prog_active);

	seen = *active;
	return 0;
}

SEC("tp_btf/sched_switch")
int tp_btf_iter(unsigned long long *ctx)
{
	__u64 sum = 0;
	int i;

	bpf_for(i, 0, 8)
		sum += i;
	seen = sum;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
