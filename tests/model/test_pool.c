// SPDX-License-Identifier: GPL-2.0-only
/*
 * The state pool (verifier-model/pool.c): blocks of every size class are
 * aligned and do not overlap, realloc keeps the contents, freed blocks are
 * taken again, and a run that grows past the huge-page chunks keeps every
 * byte. Under AddressSanitizer the pool hands out malloc's blocks; the
 * same checks hold.
 */
#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>
#include "verifier-model/pool.h"

static void fill(void *p, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++)
		((uint8_t *)p)[i] = (uint8_t)(seed * 31 + i);
}

static bool holds(const void *p, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++)
		if (((const uint8_t *)p)[i] != (uint8_t)(seed * 31 + i))
			return false;
	return true;
}

/* sizes around each class boundary, and past the largest class */
static size_t size_at(unsigned k)
{
	static const size_t base[] = { 1, 16, 100, 112, 113, 128, 200, 304, 1192, 2048,
				       4000, 7680, 65536, 262000, 262144, 300000 };

	return base[k % (sizeof(base) / sizeof(base[0]))] + k / 16;
}

Test(pool, blocks_aligned_and_disjoint)
{
	struct vm_pool p = { 0 };
	void *b[160];

	for (unsigned k = 0; k < 160; k++) {
		b[k] = vm_pool__alloc(&p, size_at(k));
		cr_assert_not_null(b[k]);
		cr_assert_eq((uintptr_t)b[k] % 16, 0, "size %zu", size_at(k));
		fill(b[k], size_at(k), k);
	}
	for (unsigned k = 0; k < 160; k++)
		cr_assert(holds(b[k], size_at(k), k), "block %u of %zu bytes was overwritten",
			  k, size_at(k));
	for (unsigned k = 0; k < 160; k += 2)
		vm_pool__free(&p, b[k]);
	for (unsigned k = 0; k < 160; k += 2) {
		b[k] = vm_pool__alloc(&p, size_at(k));
		fill(b[k], size_at(k), k + 1000);
	}
	for (unsigned k = 0; k < 160; k++)
		cr_assert(holds(b[k], size_at(k), k % 2 ? k : k + 1000), "block %u", k);
	for (unsigned k = 0; k < 160; k++)
		vm_pool__free(&p, b[k]);
	vm_pool__fini(&p);
}

Test(pool, realloc_keeps_contents)
{
	struct vm_pool p = { 0 };
	void *b = vm_pool__realloc(&p, NULL, 16);

	fill(b, 16, 7);
	for (size_t n = 16; n < 600000; n = n * 2 + 8) {
		void *nb = vm_pool__realloc(&p, b, n * 2 + 8);

		cr_assert_not_null(nb);
		cr_assert(holds(nb, n, 7), "grown from %zu bytes", n);
		fill(nb, n * 2 + 8, 7);
		b = nb;
	}
	b = vm_pool__realloc(&p, b, 24);
	cr_assert(holds(b, 24, 7));
	vm_pool__free(&p, b);
	vm_pool__fini(&p);
}

Test(pool, freed_block_taken_again)
{
	struct vm_pool p = { 0 };
	void *a = vm_pool__alloc(&p, 1192), *b;

	vm_pool__free(&p, a);
	b = vm_pool__alloc(&p, 1200);        /* the same class */
	cr_assert_not_null(b);
	if (!VM_POOL_USES_MALLOC)
		cr_expect_eq(a, b, "a freed block of the class is reused");
	vm_pool__free(&p, b);
	vm_pool__fini(&p);
	cr_assert_null(p.chunks);
	cr_assert_eq(p.mapped, 0);
}

/* 24 MB of frames: chunks of 2 MB backed by huge pages, every byte kept */
Test(pool, grows_past_huge_chunks)
{
	struct vm_pool p = { 0 };
	enum { N = 20000, SZ = 1200 };
	static void *b[N];

	for (unsigned k = 0; k < N; k++) {
		b[k] = vm_pool__alloc(&p, SZ);
		cr_assert_not_null(b[k]);
		fill(b[k], SZ, k);
	}
	for (unsigned k = 0; k < N; k++)
		cr_assert(holds(b[k], SZ, k), "block %u", k);
	for (unsigned k = 0; k < N; k++)
		vm_pool__free(&p, b[k]);
	vm_pool__fini(&p);
	/* empty again: usable after fini */
	b[0] = vm_pool__alloc(&p, 64);
	cr_assert_not_null(b[0]);
	vm_pool__free(&p, b[0]);
	vm_pool__fini(&p);
}
