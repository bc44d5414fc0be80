// SPDX-License-Identifier: GPL-2.0-only
/*
 * bpf-verify-vm [--kernel=6.1] [--tsv] [--console] [--log] [--state-freq] OBJ...
 *
 * Every program of every object through the real verifier of another
 * kernel release, one VM boot for all. Prints the figures as a table, or
 * as the recorded-truth TSV (testdata/verifier/kernel-REL.tsv) with --tsv.
 * --log writes each program's level 2 verifier log to stderr.
 * Exit 0 when the VM reported on everything, 1 when it did not, 2 when
 * the VM cannot run here (the line says what to install).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verifier-model/qemu/qemu.h"

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/*
 * The recorded-truth format of testdata/verifier/kernel-*.tsv; the
 * rejection reasons follow as "# reason" comments, which readers of the
 * figures skip and tests/integration/test_vm61.py compares too.
 */
static void print_tsv(const struct vm_qemu_batch *b)
{
	printf("# kernel: %s %s\n", b->release, b->version);
	printf("object\tprogram\tverdict\tinsns\tstates\tpeak_states\n");
	for (size_t i = 0; i < b->n_objs; i++) {
		const struct vm_qemu_object *o = &b->objs[i];

		for (size_t j = 0; j < o->n_results; j++) {
			const struct vm_result *r = &o->results[j];

			printf("%s\t%s\t%s\t%ld\t%ld\t%ld\n", base_name(o->path),
			       r->prog, vm_verdict_name(r->verdict), r->insns,
			       r->total_states, r->peak_states);
		}
	}
	for (size_t i = 0; i < b->n_objs; i++)
		for (size_t j = 0; j < b->objs[i].n_results; j++)
			if (b->objs[i].results[j].reason[0])
				printf("# reason\t%s\t%s\t%s\n",
				       base_name(b->objs[i].path),
				       b->objs[i].results[j].prog,
				       b->objs[i].results[j].reason);
}

static void print_table(const struct vm_qemu_batch *b)
{
	printf("kernel %s (%s), %ld ms\n", b->release, b->version, b->wall_ms);
	printf("%-28s %-24s %-9s %9s %7s %6s %8s  %s\n", "object", "program",
	       "verdict", "insns", "states", "peak", "usec", "reason");
	for (size_t i = 0; i < b->n_objs; i++) {
		const struct vm_qemu_object *o = &b->objs[i];

		for (size_t j = 0; j < o->n_results; j++) {
			const struct vm_result *r = &o->results[j];

			printf("%-28s %-24s %-9s %9ld %7ld %6ld %8ld  %s\n",
			       base_name(o->path), r->prog,
			       vm_verdict_name(r->verdict), r->insns,
			       r->total_states, r->peak_states, r->duration_us,
			       r->reason);
		}
	}
}

/* Objects without results: say why on stderr; true if there were any. */
static bool report_errors(const struct vm_qemu_batch *b)
{
	bool any = b->error[0];

	for (size_t i = 0; i < b->n_objs; i++) {
		if (b->objs[i].error[0]) {
			fprintf(stderr, "bpf-verify-vm: %s: %s\n", b->objs[i].path,
				b->objs[i].error);
			any = true;
		}
	}
	return any;
}

int main(int argc, char **argv)
{
	struct vm_qemu_opts o = { .kernel = "6.1" };
	struct vm_qemu_batch *b;
	bool tsv = false;
	char err[512];
	int i, rc;

	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		if (!strncmp(argv[i], "--kernel=", 9))
			o.kernel = argv[i] + 9;
		else if (!strcmp(argv[i], "--tsv"))
			tsv = true;
		else if (!strcmp(argv[i], "--console"))
			o.console = stderr;
		else if (!strcmp(argv[i], "--log"))
			o.log2 = true, o.console = stderr;
		else if (!strcmp(argv[i], "--state-freq"))
			o.test_state_freq = true;
		else
			break;
	}
	if (i >= argc || argv[i][0] == '-') {
		fprintf(stderr, "usage: bpf-verify-vm [--kernel=REL] [--tsv] [--console] [--log] [--state-freq] OBJ...\n");
		return 2;
	}
	rc = vm_qemu__run(&o, (const char *const *)argv + i, argc - i, &b,
			  err, sizeof(err));
	if (rc) {
		fprintf(stderr, "bpf-verify-vm: %s\n", err[0] ? err : strerror(-rc));
		return 2;
	}
	if (tsv)
		print_tsv(b);
	else
		print_table(b);
	rc = report_errors(b) ? 1 : 0;
	vm_qemu_batch__free(b);
	return rc;
}
