/* SPDX-License-Identifier: GPL-2.0-only */
/* Padding so that the helper's offsets here fall on code in the .bpf.c.
 *
 *
 *
 *
 *
 *
 *
 *
 *
 *
 *
 *
 *
 *
 *
 *
 *
 *
 *
 *
 *
 *
 */
#ifndef OK_HEADER_STATFUNC_H
#define OK_HEADER_STATFUNC_H

#define statfunc static __always_inline

/* always-inline's finding here is right and not this case's point */
statfunc int save_arg(void *ctx, int index) // NOLINT(always-inline)
{
	__u64 v = bpf_get_current_pid_tgid();

	return (int)(v >> (index * 4)) & 0xff;
}

#endif
