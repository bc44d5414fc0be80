/* SPDX-License-Identifier: GPL-2.0-only */
/* One run's rows with chosen columns (-e) as a table, CSV or Markdown. */
#ifndef BV_REPORT_EMIT_H
#define BV_REPORT_EMIT_H

#include "cmd/bpf-verify/stats.h"

/* spec NULL: veristat's default columns. Reasons follow a table, as report__print's. */
void report__print_stats(FILE *f, enum vm_format fmt, const struct vm_row *rows,
			 size_t n, const struct stat_spec *spec);

#endif
