/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pool.c: size classes of 16 bytes up to 128, then four per power of
 * two up to 256 KB (at most 25% slack); anything larger, and every block
 * under AddressSanitizer (so that it still sees use after free), comes
 * from malloc. Each block has a 16-byte header naming its class and size.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "verifier-model/pool.h"


#define POOL_BIG       UINT32_MAX        /* the block is malloc's */
#define POOL_MAX_CLASS ((size_t)1 << 18)
#define POOL_HUGE      ((size_t)2 << 20) /* chunks from here on: huge pages */
#define POOL_FIRST     ((size_t)64 << 10)

struct pool_hdr {
	uint32_t cls;
	uint32_t unused;
	size_t size;                     /* bytes asked for */
};

struct pool_chunk {
	void *next;
	size_t size;
};

/* Class of a block of n bytes (header included), and its size. */
static uint32_t class_of(size_t n, size_t *bytes)
{
	int e;
	size_t q;

	if (n <= 128) {
		*bytes = (n + 15) & ~(size_t)15;
		return (uint32_t)(*bytes / 16 - 1);
	}
	e = 63 - __builtin_clzll((unsigned long long)(n - 1));
	q = (n - 1) >> (e - 2);          /* 4..7 */
	*bytes = (q + 1) << (e - 2);
	return (uint32_t)(8 + (e - 7) * 4 + (int)(q - 4));
}

/*
 * The pool fills a chunk before it maps the next, so once a run needs a
 * second chunk its pages are all touched anyway: one call faults them in
 * (a huge page when it can) instead of one trap per page, which a
 * paravirtual MMU makes dear (jmp_seq: about a fifth of the walk). The
 * first chunk of a small run is left to fault as used. Before Linux 5.14
 * (no MADV_POPULATE_WRITE) every page faults as used.
 */
static void prefault(void *start, size_t size)
{
#ifdef MADV_POPULATE_WRITE
	madvise(start, size, MADV_POPULATE_WRITE);
#else
	(void)start;
	(void)size;
#endif
}

static void *map_chunk(size_t size, bool populate)
{
	size_t span = size >= POOL_HUGE ? size + POOL_HUGE : size;
	char *m = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *start;

	if (m == MAP_FAILED)
		return NULL;
	if (span == size) {
		if (populate)
			prefault(m, size);
		return m;
	}
	/* a huge page needs a 2 MB-aligned range: trim the mapping to one */
	start = (char *)(((uintptr_t)m + POOL_HUGE - 1) & ~(uintptr_t)(POOL_HUGE - 1));
	if (start > m)
		munmap(m, (size_t)(start - m));
	if (start + size < m + span)
		munmap(start + size, (size_t)(m + span - (start + size)));
	madvise(start, size, MADV_HUGEPAGE);
	if (populate)
		prefault(start, size);
	return start;
}

/* Room for bytes more at p->next, in a new chunk if need be. */
static int pool_grow(struct vm_pool *p, size_t bytes)
{
	size_t size = p->mapped < POOL_FIRST ? POOL_FIRST :
		      p->mapped < POOL_HUGE ? p->mapped : POOL_HUGE;
	struct pool_chunk *c;

	while (size < bytes + sizeof(*c))
		size *= 2;
	c = map_chunk(size, p->mapped > 0);
	if (!c)
		return -1;
	c->next = p->chunks;
	c->size = size;
	p->chunks = c;
	p->mapped += size;
	p->next = (char *)(c + 1);
	p->end = (char *)c + size;
	return 0;
}

static void *big_alloc(size_t n)
{
	struct pool_hdr *h = malloc(sizeof(*h) + n);

	if (!h)
		return NULL;
	h->cls = POOL_BIG;
	h->size = n;
	return h + 1;
}

void *vm_pool__alloc(struct vm_pool *p, size_t n)
{
	size_t bytes;
	uint32_t cls;
	struct pool_hdr *h;

	if (VM_POOL_USES_MALLOC || n + sizeof(*h) > POOL_MAX_CLASS)
		return big_alloc(n);
	cls = class_of(n + sizeof(*h), &bytes);
	if (p->free[cls]) {
		void *b = p->free[cls];

		p->free[cls] = *(void **)b;
		h = (struct pool_hdr *)b - 1;
		h->size = n;
		return b;
	}
	if ((size_t)(p->end - p->next) < bytes && pool_grow(p, bytes))
		return NULL;
	h = (struct pool_hdr *)p->next;
	p->next += bytes;
	h->cls = cls;
	h->size = n;
	return h + 1;
}

void vm_pool__free(struct vm_pool *p, void *ptr)
{
	struct pool_hdr *h;

	if (!ptr)
		return;
	h = (struct pool_hdr *)ptr - 1;
	if (h->cls == POOL_BIG) {
		free(h);
		return;
	}
	*(void **)ptr = p->free[h->cls];
	p->free[h->cls] = ptr;
}

void *vm_pool__realloc(struct vm_pool *p, void *ptr, size_t n)
{
	struct pool_hdr *h;
	size_t bytes;
	void *nw;

	if (!ptr)
		return vm_pool__alloc(p, n);
	h = (struct pool_hdr *)ptr - 1;
	if (h->cls != POOL_BIG && n + sizeof(*h) <= POOL_MAX_CLASS &&
	    class_of(n + sizeof(*h), &bytes) == h->cls) {
		h->size = n;
		return ptr;
	}
	nw = vm_pool__alloc(p, n);
	if (!nw)
		return NULL;
	memcpy(nw, ptr, h->size < n ? h->size : n);
	vm_pool__free(p, ptr);
	return nw;
}

void vm_pool__fini(struct vm_pool *p)
{
	while (p->chunks) {
		struct pool_chunk *c = p->chunks;

		p->chunks = c->next;
		munmap(c, c->size);
	}
	memset(p, 0, sizeof(*p));
}
