// SPDX-License-Identifier: GPL-2.0-only
#include <stdio.h>
#include <unistd.h>
#include "lint/progress.h"

void progress__init(struct progress *p, size_t n, bool quiet)
{
	p->on = !quiet && n > 1 && isatty(2);
	p->n = n;
	p->shown = false;
}

void progress__step(struct progress *p, size_t i, const char *path)
{
	if (!p->on)
		return;
	/* \r and erase-line: one line that keeps being rewritten */
	fprintf(stderr, "\r\033[K[%zu/%zu] %s", i, p->n, path);
	fflush(stderr);
	p->shown = true;
}

void progress__clear(struct progress *p)
{
	if (!p->shown)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
	p->shown = false;
}
