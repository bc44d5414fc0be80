// SPDX-License-Identifier: GPL-2.0
/*
 * BTF pointers the verifier does not trust: bpf_find_vma's callback gets
 * its vma as plain PTR_TO_BTF_ID (set_find_vma_callback_state sets no
 * PTR_TRUSTED), so it may be NULL as far as the verifier knows (both
 * branches of a NULL test are explored), a kfunc wanting a trusted
 * argument refuses it ("must be referenced or trusted", or for a KF_RCU
 * kfunc "must be a rcu pointer"), and a rejection names it "ptr_". The
 * model once took it as trusted: 32 insns against 36 on find_vma_null,
 * and other words in the rejections.
 * Typed __ksym variables: this host's kallsyms holds no data symbols
 * (no CONFIG_KALLSYMS_ALL), so every typed ksym fails before do_check.
 * bpf_per_cpu_ptr/bpf_this_cpu_ptr (helpers 153, 154) take only a per-CPU
 * BTF pointer.
 * EXPECT-VERDICT, EXPECT-INSNS and EXPECT-MSG are what 6.18.44-fc-v1272
 * answers (measured); tests/model/btf_args.py holds the model to them and
 * to the live kernel.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

extern const struct rq runqueues __ksym;
extern struct bpf_cpumask *bpf_cpumask_acquire(struct bpf_cpumask *cpumask) __ksym;
extern void bpf_cpumask_release(struct bpf_cpumask *cpumask) __ksym;
extern bool bpf_cpumask_test_cpu(u32 cpu, const struct cpumask *cpumask) __ksym;
extern struct task_struct *bpf_task_acquire(struct task_struct *p) __ksym;
extern void bpf_task_release(struct task_struct *p) __ksym;

struct vma_ctx { __u64 start; };

/* the compiler may not fold a NULL test of p away */
static __always_inline void *hide(const void *p)
{
	void *q = (void *)p;

	asm volatile("" : "+r"(q));
	return q;
}

static long vma_null_cb(struct task_struct *task, struct vm_area_struct *vma, void *data)
{
	struct vma_ctx *c = data;

	if (!hide(vma))
		return 1;
	c->start = vma->vm_start;
	return 0;
}

/* EXPECT-VERDICT: accepted — the vma may be NULL: both branches run */
/* EXPECT-INSNS: 36 */
SEC("raw_tp/sys_enter")
int find_vma_null(void *ctx)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct vma_ctx c = {};

	bpf_find_vma(task, 0, vma_null_cb, &c, 0);
	return c.start & 1;
}

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4);
	__type(key, __u64);
	__type(value, __u64);
} m SEC(".maps");

static long vma_key_cb(struct task_struct *task, struct vm_area_struct *vma, void *data)
{
	bpf_map_delete_elem(&m, vma);
	return 0;
}

/* EXPECT-VERDICT: rejected — a helper's memory argument takes trusted_ptr_ only */
/* EXPECT-MSG: R2 type=ptr_ expected=fp, pkt, pkt_meta, map_key, map_value, mem, ringbuf_mem, buf, trusted_ptr_ */
SEC("raw_tp/sys_enter")
int find_vma_as_key(void *ctx)
{
	struct task_struct *task = bpf_get_current_task_btf();

	bpf_find_vma(task, 0, vma_key_cb, NULL, 0);
	return 0;
}

static long vma_cpumask_cb(struct task_struct *task, struct vm_area_struct *vma, void *data)
{
	bpf_cpumask_release(bpf_cpumask_acquire((struct bpf_cpumask *)vma));
	return 0;
}

/* EXPECT-VERDICT: rejected — KF_TRUSTED_ARGS: the vma is not trusted */
/* EXPECT-MSG: R1 must be referenced or trusted */
SEC("tp_btf/sys_enter")
int find_vma_cpumask(void *ctx)
{
	struct task_struct *task = bpf_get_current_task_btf();

	bpf_find_vma(task, 0, vma_cpumask_cb, NULL, 0);
	return 0;
}

static long vma_test_cpu_cb(struct task_struct *task, struct vm_area_struct *vma, void *data)
{
	return bpf_cpumask_test_cpu(0, (struct cpumask *)vma);
}

/* EXPECT-VERDICT: rejected — KF_RCU: neither trusted nor an RCU pointer */
/* EXPECT-MSG: R2 must be a rcu pointer */
SEC("tp_btf/sys_enter")
int find_vma_test_cpu(void *ctx)
{
	struct task_struct *task = bpf_get_current_task_btf();

	bpf_find_vma(task, 0, vma_test_cpu_cb, NULL, 0);
	return 0;
}

static long vma_owner_cb(struct task_struct *task, struct vm_area_struct *vma, void *data)
{
	struct task_struct *t = bpf_task_acquire(vma->vm_mm->owner);

	if (t)
		bpf_task_release(t);
	return 0;
}

/* EXPECT-VERDICT: rejected — a field of an untrusted pointer is untrusted too */
/* EXPECT-MSG: R1 must be a rcu pointer */
SEC("tp_btf/sys_enter")
int find_vma_owner(void *ctx)
{
	struct task_struct *task = bpf_get_current_task_btf();

	bpf_find_vma(task, 0, vma_owner_cb, NULL, 0);
	return 0;
}

static long task_acquire_cb(struct task_struct *task, struct vm_area_struct *vma, void *data)
{
	struct task_struct *t = bpf_task_acquire(task);

	if (t)
		bpf_task_release(t);
	return 0;
}

/* EXPECT-VERDICT: accepted — the callback's task is the caller's, trusted */
/* EXPECT-INSNS: 19 */
SEC("tp_btf/sys_enter")
int find_vma_task(void *ctx)
{
	struct task_struct *task = bpf_get_current_task_btf();

	bpf_find_vma(task, 0, task_acquire_cb, NULL, 0);
	return 0;
}

/* EXPECT-VERDICT: rejected — this host resolves no data symbol */
/* EXPECT-MSG: ldimm64 failed to find the address for kernel symbol 'runqueues'. */
SEC("raw_tp/sys_enter")
int this_cpu_rq(void *ctx)
{
	struct rq *rq = bpf_this_cpu_ptr(&runqueues);

	return rq->cpu & 1;
}

/* EXPECT-VERDICT: rejected — a stack address is no per-CPU pointer */
/* EXPECT-MSG: R1 type=fp expected=percpu_ptr_, percpu_rcu_ptr_, percpu_trusted_ptr_ */
SEC("raw_tp/sys_enter")
int this_cpu_stack(void *ctx)
{
	int x = 0;

	return *(int *)bpf_this_cpu_ptr(&x) & 1;
}

/* EXPECT-VERDICT: rejected — nor is a number */
/* EXPECT-MSG: R1 type=scalar expected=percpu_ptr_, percpu_rcu_ptr_, percpu_trusted_ptr_ */
SEC("raw_tp/sys_enter")
int per_cpu_scalar(void *ctx)
{
	return *(int *)bpf_per_cpu_ptr((void *)8, 0) & 1;
}

/* EXPECT-VERDICT: rejected — nor is a trusted task */
/* EXPECT-MSG: R1 type=trusted_ptr_ expected=percpu_ptr_, percpu_rcu_ptr_, percpu_trusted_ptr_ */
SEC("tp_btf/sys_enter")
int per_cpu_task(void *ctx)
{
	return *(int *)bpf_per_cpu_ptr(bpf_get_current_task_btf(), 0) & 1;
}
