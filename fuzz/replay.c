// SPDX-License-Identifier: GPL-2.0-only
/*
 * Runs a libFuzzer harness without libFuzzer: each file named is one
 * input. Links with any fuzz_*.c in the normal build, so the regression
 * inputs in tests/reliability/regress/ replay under gcc and --sanitize.
 *   replay-HARNESS FILE...
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "fuzz/fuzz.h"

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL, *exact;
	size_t len = 0, cap = 0, r;

	if (!f) {
		perror(path);
		return 1;
	}
	do {
		if (len == cap) {
			uint8_t *p = realloc(buf, cap = cap * 2 + 65536);

			if (!p)
				abort();
			buf = p;
		}
		r = fread(buf + len, 1, cap - len, f);
		len += r;
	} while (r > 0);
	fclose(f);
	/* exactly len bytes, as libFuzzer hands them: overreads are caught */
	exact = malloc(len ? len : 1);
	if (!exact)
		abort();
	for (size_t i = 0; i < len; i++)
		exact[i] = buf[i];
	free(buf);
	LLVMFuzzerTestOneInput(exact, len);
	free(exact);
	return 0;
}

int main(int argc, char **argv)
{
	int bad = 0;

	if (LLVMFuzzerInitialize)
		LLVMFuzzerInitialize(&argc, &argv);
	for (int i = 1; i < argc; i++)
		bad |= run_file(argv[i]);
	printf("%d inputs replayed\n", argc - 1);
	return bad;
}
