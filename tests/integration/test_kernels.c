// SPDX-License-Identifier: GPL-2.0-only
/* --kernel=LIST: parsing, and the side-by-side view of several kernels. */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "cmd/bpf-verify/kernels.h"

Test(kernels, parses_releases_and_host)
{
	struct vm_kernel k[VM_KERNELS_MAX];
	char why[256];

	cr_assert_eq(vm_kernels__parse("6.1,6.18,host", k, VM_KERNELS_MAX, why, sizeof(why)), 3);
	cr_expect_str_eq(k[0].name, "6.1");
	cr_expect_eq(k[0].kver, 6 * 256 + 1);
	cr_expect_eq(k[1].kver, 6 * 256 + 18);
	cr_expect(k[2].host);
	cr_expect_str_eq(k[2].name, "host");
}

Test(kernels, the_running_release_is_the_host)
{
	struct vm_kernel k[1];
	struct utsname u;
	char rel[16], why[256];
	unsigned maj, min;

	cr_assert_eq(uname(&u), 0);
	cr_assert_eq(sscanf(u.release, "%u.%u", &maj, &min), 2);
	snprintf(rel, sizeof(rel), "%u.%u", maj, min);
	cr_assert_eq(vm_kernels__parse(rel, k, 1, why, sizeof(why)), 1);
	cr_expect(k[0].host, "%s should be the running kernel", rel);
	snprintf(rel, sizeof(rel), "%u.%u", maj + 1, min);
	cr_assert_eq(vm_kernels__parse(rel, k, 1, why, sizeof(why)), 1);
	cr_expect_not(k[0].host);
}

Test(kernels, refuses_garbage)
{
	struct vm_kernel k[2];
	char why[256];

	cr_expect_eq(vm_kernels__parse("6.1,", k, 2, why, sizeof(why)), -EINVAL);
	cr_expect_eq(vm_kernels__parse("latest", k, 2, why, sizeof(why)), -EINVAL);
	cr_expect_eq(vm_kernels__parse("6.1x", k, 2, why, sizeof(why)), -EINVAL);
	cr_expect_eq(vm_kernels__parse("6.1,6.6,6.18", k, 2, why, sizeof(why)), -EINVAL);
	cr_expect_not_null(strstr(why, "--kernel"));
}

static void row(struct vm_row *r, const char *prog, enum vm_verdict v,
		long insns, const char *reason)
{
	memset(r, 0, sizeof(*r));
	snprintf(r->file, sizeof(r->file), "x.o");
	snprintf(r->res.prog, sizeof(r->res.prog), "%s", prog);
	snprintf(r->res.reason, sizeof(r->res.reason), "%s", reason);
	r->res.verdict = v;
	r->res.insns = insns;
	r->res.peak_states = 7;
}

Test(kernels, side_by_side_table_and_csv)
{
	struct vm_kernel k[2];
	struct vm_row a[2], b[2];
	struct vm_row *runs[2] = { a, b };
	char why[64], *out = NULL;
	size_t len = 0;
	FILE *f;

	cr_assert_eq(vm_kernels__parse("6.1,6.18", k, 2, why, sizeof(why)), 2);
	row(&a[0], "score_all", VM_REJECTED, 1000001, "BPF program is too large. Processed 1000001 insn");
	row(&b[0], "score_all", VM_ACCEPTED, 3982, "");
	row(&a[1], "drain", VM_ACCEPTED, 12, "");
	row(&b[1], "drain", VM_ACCEPTED, 12, "");
	f = open_memstream(&out, &len);
	vm_kernels__print(f, VM_FMT_TABLE, k, 2, runs, 2);
	fclose(f);
	cr_expect_not_null(strstr(out, "Insns (6.1)"), "%s", out);
	cr_expect_not_null(strstr(out, "Insns (6.18)"));
	cr_expect_not_null(strstr(out, "1000001"));
	cr_expect_not_null(strstr(out, "3982"));
	cr_expect_not_null(strstr(out, "x.o score_all: 6.1: BPF program is too large"));
	cr_expect_null(strstr(out, "drain: "), "an accepted program has no reason line");
	free(out);
	out = NULL;
	f = open_memstream(&out, &len);
	vm_kernels__print(f, VM_FMT_CSV, k, 2, runs, 2);
	fclose(f);
	cr_expect_not_null(strstr(out, "File,Program,Verdict (6.1),Insns (6.1),Peak states (6.1),"), "%s", out);
	cr_expect_not_null(strstr(out, "x.o,score_all,failure,1000001,7,success,3982,7,"));
	free(out);
}
