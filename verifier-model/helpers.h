/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Helper and kfunc signatures as tables: what each argument must be and
 * what comes back. The explorer checks and applies them generically.
 */
#ifndef VM_HELPERS_H
#define VM_HELPERS_H

#include <stdbool.h>
#include <stdint.h>
#include <linux/bpf.h>

#define VM_BPF_FUNC_MAX_ID 212   /* 6.18's __BPF_FUNC_MAX_ID */

enum vm_arg {
	VM_ARG_NONE,          /* not an argument */
	VM_ARG_ANYTHING,      /* any initialised register */
	VM_ARG_SCALAR,        /* a scalar */
	VM_ARG_CONST_MAP,     /* map pointer */
	VM_ARG_MAP_KEY,       /* readable memory of key_size */
	VM_ARG_MAP_VALUE,     /* readable memory of value_size */
	VM_ARG_MAP_VALUE_OR_NULL, /* same, or NULL (local storage init value) */
	VM_ARG_MEM,           /* readable memory, size in the next arg */
	VM_ARG_MEM_OR_NULL,   /* same, or NULL */
	VM_ARG_UNINIT_MEM,    /* writable memory, size in the next arg */
	VM_ARG_CONST_SIZE,    /* size > 0 of the previous arg */
	VM_ARG_CONST_SIZE_OR_ZERO,
	VM_ARG_CTX,           /* the program context */
	VM_ARG_CTX_OR_NULL,   /* same, or NULL */
	VM_ARG_FUNC,          /* callback (ld_imm64 pseudo func) */
	VM_ARG_STACK_OR_NULL, /* callback context: stack pointer or NULL */
	VM_ARG_ALLOC_MEM,     /* memory from ringbuf_reserve (released) */
	VM_ARG_ALLOC_SIZE,    /* constant allocation size */
	VM_ARG_CONST_STR,     /* read-only map value, NUL terminated */
	VM_ARG_BTF_PTR,       /* a BTF pointer (task, ...) */
	VM_ARG_BTF_PTR_OR_NULL, /* same, or NULL */
	VM_ARG_SOCK_COMMON,   /* a socket: sock_common, sock, tcp_sock or a BTF pointer */
	VM_ARG_SOCK_COMMON_OR_NULL,
	VM_ARG_SOCK_NO_BTF,   /* the same but no BTF pointer (ARG_PTR_TO_SOCK_COMMON) */
	VM_ARG_PERCPU_BTF_ID, /* a per-CPU BTF pointer (a per-CPU ksym) */
	VM_ARG_ITER,          /* kfunc: pointer to an iterator stack slot */
	VM_ARG_ITER_NEW,      /* kfunc: uninitialised iterator slot */
	VM_ARG_SPIN_LOCK,     /* the bpf_spin_lock of a map value */
	VM_ARG_FIXED_MEM,     /* readable memory of the sig's fixed_size */
	VM_ARG_FIXED_UNINIT_MEM, /* writable memory of the sig's fixed_size */
	VM_ARG_DYNPTR,        /* an initialised dynptr of any kind, not mutated (dynptr.c) */
	VM_ARG_DYNPTR_NEW_LOCAL,   /* a stack dynptr to make over memory */
	VM_ARG_DYNPTR_NEW_RINGBUF, /* a stack dynptr to make over a ringbuf record */
	VM_ARG_DYNPTR_RELEASE,     /* a ringbuf dynptr whose record is released */
};

enum vm_ret {
	VM_RET_INTEGER,
	VM_RET_VOID,
	VM_RET_MAP_VALUE_OR_NULL,
	VM_RET_MAP_VALUE,         /* never NULL (cgroup local storage) */
	VM_RET_ALLOC_MEM_OR_NULL, /* sized by the const arg (ringbuf reserve) */
	VM_RET_BTF_PTR,           /* trusted BTF pointer (current task) */
	VM_RET_BTF_PTR_OR_NULL,
	VM_RET_ITER_NEXT,         /* iterator next: mem or NULL, handled apart */
	VM_RET_MEM_RDONLY_OR_NULL,
	VM_RET_SOCKET_OR_NULL,
	VM_RET_SOCK_COMMON_OR_NULL,
	VM_RET_TCP_SOCK_OR_NULL,
	VM_RET_MEM_OR_BTF_ID,     /* the per-CPU argument's type: a BTF pointer or read-only memory */
	VM_RET_MEM_OR_BTF_ID_OR_NULL,
};

enum {
	VM_FN_CALLBACK = 1,       /* calls a synchronous callback (arg FUNC) */
	VM_FN_PKT_CHANGE = 2,     /* invalidates packet pointers */
	VM_FN_RELEASE = 4,        /* releases the reference in its ALLOC_MEM arg */
	VM_FN_TAIL_CALL = 8,
	VM_FN_ITER_NEW = 16,
	VM_FN_ITER_NEXT = 32,
	VM_FN_ITER_DESTROY = 64,
	VM_FN_NEEDS_GPL = 128,
	VM_FN_LOOP = 256,         /* bpf_loop: nr_loops bounds the callback */
	VM_FN_SLEEPABLE = 512,    /* only sleepable programs get it */
	VM_FN_RET_UNTRUSTED = 1024, /* VM_RET_BTF_PTR*: not a trusted pointer */
	VM_FN_ACQUIRE = 2048,     /* the returned socket holds a reference */
	VM_FN_PTR_CAST = 4096,    /* the result carries its socket argument's reference */
	VM_FN_KF_PTR = 8192,      /* kfunc of kernel objects by BTF pointer (kfunc_ptrs.c) */
	VM_FN_KF_CPUMASK = 16384, /* one of the cpumask kfuncs (their own program types) */
	VM_FN_DYNPTR = 32768,     /* dynptr constructors and slices, checked in dynptr.c */
	VM_FN_KF_RCU = 65536,     /* KF_RCU: an untrusted argument must at least be an RCU pointer */
};

struct vm_func_sig {
	const char *name;
	enum vm_ret ret;
	enum vm_arg args[5];
	unsigned flags;
	int cb_nargs;             /* callback: arguments it receives */
	int ret_size;             /* VM_RET_ITER_NEXT: bytes of the element */
	const char *ret_struct;   /* VM_RET_BTF_PTR*: the kernel struct returned */
	int fixed_size;           /* VM_ARG_FIXED_*: bytes of that argument; iterators: their size */
	const char *arg_struct;   /* VM_ARG_BTF_PTR*: the kernel struct wanted */
};

/* The signature of helper id, or NULL if the model does not know it. */
const struct vm_func_sig *vm_helper_sig(int id);
/* The signature of helper id as a program of type sees it (NULL if unknown). */
const struct vm_func_sig *vm_helper_sig_for(int id, enum bpf_prog_type type);
/* Whether a program of type gets helper id at all (helper_avail.c, measured). */
bool vm_helper_available(int id, enum bpf_prog_type type);
/* Whether helper id takes packet pointers (its proto's pkt_access). */
bool vm_helper_pkt_access(int id);
/* The signature of kfunc name, or NULL if unknown. */
const struct vm_func_sig *vm_kfunc_sig(const char *name);

#endif
