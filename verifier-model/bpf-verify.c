/* SPDX-License-Identifier: GPL-2.0-only */
/* bpf-verify: being written. */
#include <stdio.h>
int main(void)
{
	fprintf(stderr, "bpf-verify: not built yet\n");
	return 2;
}
