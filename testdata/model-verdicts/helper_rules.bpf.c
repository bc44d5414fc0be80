// SPDX-License-Identifier: GPL-2.0
/*
 * Rules a helper call or legacy packet load carries beyond its argument
 * types: cgroup local storage only through bpf_get_local_storage with
 * zero flags (check_map_func_compatibility), and LD_ABS, whose failure is
 * a hidden "return 0" (so never under a spin lock, and in a subprogram a
 * path back to the caller with the callee-saved registers as they were).
 * The model once accepted the wrong ones. EXPECT-VERDICT and EXPECT-MSG
 * are what 6.18 answers (measured); tests/model/btf_args.py holds the
 * model to them and to the live kernel.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_CGROUP_STORAGE);
	__type(key, struct bpf_cgroup_storage_key);
	__type(value, __u64);
} per_cgroup SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4);
	__type(key, __u64);
	__type(value, __u64);
} plain SEC(".maps");

struct locked {
	struct bpf_spin_lock lock;
	__u64 n;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct locked);
} locks SEC(".maps");

/* EXPECT-VERDICT: accepted — cgroup storage, flags 0 */
SEC("cgroup_skb/ingress")
int storage_ok(struct __sk_buff *skb)
{
	__u64 *n = bpf_get_local_storage(&per_cgroup, 0);

	*n += 1;
	return 1;
}

/* EXPECT-VERDICT: rejected — a hash map is no local storage */
/* EXPECT-MSG: cannot pass map_type 1 into func bpf_get_local_storage#81 */
SEC("cgroup_skb/ingress")
int storage_of_hash(struct __sk_buff *skb)
{
	__u64 *n = bpf_get_local_storage(&plain, 0);

	*n += 1;
	return 1;
}

/* EXPECT-VERDICT: rejected — the flags must be 0 */
/* EXPECT-MSG: get_local_storage() doesn't support non-zero flags */
SEC("cgroup_skb/ingress")
int storage_flags(struct __sk_buff *skb)
{
	__u64 *n = bpf_get_local_storage(&per_cgroup, 1);

	*n += 1;
	return 1;
}

/* EXPECT-VERDICT: rejected — LD_ABS while the lock is held */
/* EXPECT-MSG: BPF_LD_[ABS|IND] cannot be used inside bpf_spin_lock-ed region */
SEC("tc")
__attribute__((naked))
int ld_abs_under_lock(void)
{
	asm volatile ("r6 = r1; r1 = 0; *(u32 *)(r10 - 4) = r1; r2 = r10; r2 += -4;"
		      "r1 = %[locks] ll; call %[lookup]; if r0 == 0 goto 1f;"
		      "r7 = r0; r1 = r0; call %[lock];"
		      "r0 = *(u8 *)skb[0];"
		      "r1 = r7; call %[unlock];"
		      "1: r0 = 0; exit;"
		      :: [locks] "i"(&locks), [lookup] "i"(BPF_FUNC_map_lookup_elem),
			 [lock] "i"(BPF_FUNC_spin_lock), [unlock] "i"(BPF_FUNC_spin_unlock)
		      : "r0", "r1", "r2", "r6", "r7");
}

/* LD_ABS in a subprogram returning int (its R6 is its own); r9 set only after it */
static __attribute__((naked, noinline, used)) int ld_abs_then_r9(void)
{
	asm volatile ("r6 = r1; r0 = *(u8 *)skb[0]; r9 = 1; r0 = 0; exit;" ::: "r0", "r6", "r9");
}

/* EXPECT-VERDICT: rejected — the subprogram's hidden exit skips the r9 it sets */
/* EXPECT-MSG: R9 !read_ok */
SEC("socket")
__attribute__((naked))
int ld_abs_hidden_exit(void)
{
	asm volatile ("call %[sub]; r0 = r9; exit;" :: [sub] "i"(ld_abs_then_r9) : "r0", "r9");
}
