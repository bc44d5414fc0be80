/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pool.h: the allocator of one model run's states (frames, stack slots,
 * histories). Blocks are carved from chunks the pool maps itself and are
 * kept on per-size free lists when freed; the chunks go at once with
 * vm_pool__fini. Large chunks are backed by transparent huge pages: a
 * million-instruction walk keeps tens of MB of checkpoints, and one page
 * fault per 4 KB page cost more than the walk itself (bench/verifier-speed).
 */
#ifndef VM_POOL_H
#define VM_POOL_H

#include <stddef.h>

#define VM_POOL_CLASSES 52

/* Under AddressSanitizer (GCC's or clang's) every block is malloc's: it still sees use after free. */
#if defined(__SANITIZE_ADDRESS__)
#define VM_POOL_USES_MALLOC 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define VM_POOL_USES_MALLOC 1
#endif
#endif
#ifndef VM_POOL_USES_MALLOC
#define VM_POOL_USES_MALLOC 0
#endif

struct vm_pool {
	void *free[VM_POOL_CLASSES];   /* freed blocks of each size class */
	void *chunks;                  /* mapped chunks, linked through their head */
	char *next, *end;              /* unused part of the newest chunk */
	size_t mapped;                 /* bytes mapped so far */
};

/* n bytes, 16-byte aligned; NULL on OOM. p zeroed is an empty pool. */
void *vm_pool__alloc(struct vm_pool *p, size_t n);
/* realloc within the pool (ptr may be NULL). NULL on OOM, ptr kept. */
void *vm_pool__realloc(struct vm_pool *p, void *ptr, size_t n);
void vm_pool__free(struct vm_pool *p, void *ptr);
/* Unmap the chunks; p is empty again. Free every block first: those of
 * malloc (over 256 KB, every one under ASan) are not the chunks'. */
void vm_pool__fini(struct vm_pool *p);

#endif
