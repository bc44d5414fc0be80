// SPDX-License-Identifier: GPL-2.0-only
/* The VM runner's host-side pieces, without booting anything. */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verifier-model/qemu/cpio.h"
#include "verifier-model/qemu/qemu.h"

static struct vm_qemu_batch *batch_of(size_t n)
{
	struct vm_qemu_batch *b = calloc(1, sizeof(*b));

	b->objs = calloc(n, sizeof(*b->objs));
	b->n_objs = n;
	for (size_t i = 0; i < n; i++) {
		char name[32];

		snprintf(name, sizeof(name), "/x/obj%zu.o", i);
		b->objs[i].path = strdup(name);
	}
	return b;
}

Test(output, loader_lines_become_results)
{
	struct vm_qemu_batch *b = batch_of(2);
	const struct vm_result *r;

	cr_expect_eq(vm_qemu_batch__parse_line(b, "[    1.2] random: crng init done\r\n"), 0);
	vm_qemu_batch__parse_line(b, "@vm61-kernel\t6.1.0-57-cloud-amd64\t#1 SMP Debian 6.1.192-3\r\n");
	vm_qemu_batch__parse_line(b, "@vm61\t0001.o\tscore_all\txdp\trejected\t1000001\t29779\t1420\t36\t5972928\t0+8\t34\t-13\tBPF program is too large. Processed 1000001 insn\r\n");
	vm_qemu_batch__parse_line(b, "junk@vm61\t0000.o\tok\txdp\taccepted\t98\t11\t11\t1\t60\t0\t90\t0\t-\n");
	vm_qemu_batch__parse_line(b, "@vm61\t0007.o\tghost\txdp\taccepted\t1\t1\t1\t1\t1\t0\t1\t0\t-\n");
	cr_expect_str_eq(b->release, "6.1.0-57-cloud-amd64");
	r = vm_qemu_batch__find(b, "/x/obj1.o", "score_all");
	cr_assert_not_null(r);
	cr_expect_eq(r->verdict, VM_REJECTED);
	cr_expect_eq(r->insns, 1000001);
	cr_expect_eq(r->total_states, 29779);
	cr_expect_eq(r->peak_states, 1420);
	cr_expect_eq(r->max_states_per_insn, 36);
	cr_expect_eq(r->prog_size, 34);
	cr_expect_str_eq(r->stack_depth, "0+8");
	cr_expect_str_eq(r->reason, "BPF program is too large. Processed 1000001 insn");
	r = vm_qemu_batch__find(b, "/x/obj0.o", "ok");
	cr_assert_not_null(r);
	cr_expect_eq(r->verdict, VM_ACCEPTED);
	cr_expect_str_eq(r->reason, "");
	cr_expect_null(vm_qemu_batch__find(b, "/x/obj0.o", "ghost"));
	cr_expect_eq(vm_qemu_batch__parse_line(b, "@vm61-done\r\n"), 1);
	vm_qemu_batch__free(b);
}

Test(output, open_errors_land_on_the_object)
{
	struct vm_qemu_batch *b = batch_of(1);

	vm_qemu_batch__parse_line(b, "@vm61-error\t0000.o\t-22\tlibbpf: elf: not an ELF\n");
	cr_expect_str_eq(b->objs[0].error, "libbpf: elf: not an ELF (-22)");
	cr_expect_eq(b->objs[0].n_results, 0);
	vm_qemu_batch__free(b);
}

Test(cpio, newc_entries_are_aligned_and_terminated)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	cr_assert_eq(cpio__add_dir(f, "objs"), 0);
	cr_assert_eq(cpio__add_data(f, "objs/args", 0644, "-f\n", 3), 0);
	cr_assert_eq(cpio__add_chardev(f, "dev/console", 5, 1), 0);
	cr_assert_eq(cpio__finish(f), 0);
	fclose(f);
	cr_expect_eq(len % 4, 0);
	cr_expect_eq(memcmp(buf, "070701", 6), 0);
	/* the second header starts 4-aligned after "objs\0" (110 + 5 -> 116) */
	cr_expect_eq(memcmp(buf + 116, "070701", 6), 0);
	/* its file size field (7th) is 3, data padded to 4 */
	cr_expect_eq(strncmp(buf + 116 + 6 + 6 * 8, "00000003", 8), 0);
	cr_expect_not_null(memmem(buf, len, "TRAILER!!!", 10));
	free(buf);
}

Test(available, says_what_to_install)
{
	char why[512];

	setenv("BPF_LINT_QEMU", "/nonexistent/qemu", 1);
	cr_expect_eq(vm_qemu__available("6.1", why, sizeof(why)), -ENOENT);
	cr_expect_not_null(strstr(why, "apt-get install qemu-system-x86"));
	setenv("BPF_LINT_QEMU", "/bin/true", 1);
	setenv("XDG_CACHE_HOME", "/nonexistent-cache", 1);
	cr_expect_eq(vm_qemu__available("6.1", why, sizeof(why)), -ENOENT);
	cr_expect_not_null(strstr(why, "fetch-kernel 6.1"), "%s", why);
	cr_expect_not_null(strstr(why, "/nonexistent-cache/bpf-lint/kernels/6.1/vmlinuz"));
}

Test(backend, release_names)
{
	char buf[16];

	vm_qemu__release_name(6 * 256 + 1, buf, sizeof(buf));
	cr_expect_str_eq(buf, "6.1");
	vm_qemu__release_name(0, buf, sizeof(buf));
	cr_expect_str_eq(buf, "6.1");
	vm_qemu__release_name(6 * 256 + 12, buf, sizeof(buf));
	cr_expect_str_eq(buf, "6.12");
}
