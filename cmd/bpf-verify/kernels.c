// SPDX-License-Identifier: GPL-2.0-only
/* --kernel=LIST: parsing the releases and picking each one's backend. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "cmd/bpf-verify/kernels.h"
#include "verifier-model/qemu/qemu.h"

/* "6.18.44-foo" -> 6 * 256 + 18; 0 if it does not start MAJOR.MINOR. */
static unsigned kver_of(const char *s)
{
	char *end;
	unsigned long maj = strtoul(s, &end, 10), min;

	if (end == s || *end != '.')
		return 0;
	s = end + 1;
	min = strtoul(s, &end, 10);
	if (end == s || maj > 255 || min > 255)
		return 0;
	return (unsigned)(maj * 256 + min);
}

static unsigned host_kver(void)
{
	struct utsname u;

	return uname(&u) ? 0 : kver_of(u.release);
}

static int parse_one(const char *s, size_t len, struct vm_kernel *k)
{
	memset(k, 0, sizeof(*k));
	if (!len || len >= sizeof(k->name))
		return -EINVAL;
	memcpy(k->name, s, len);
	if (!strcmp(k->name, "host")) {
		k->kver = host_kver();
		k->host = true;
		return 0;
	}
	k->kver = kver_of(k->name);
	if (!k->kver || strspn(k->name, "0123456789.") != len)
		return -EINVAL;
	k->host = k->kver == host_kver();
	return 0;
}

int vm_kernels__parse(const char *list, struct vm_kernel *out, size_t max,
		      char *why, size_t whylen)
{
	size_t n = 0;

	for (const char *s = list; ; ) {
		size_t len = strcspn(s, ",");

		if (n == max || parse_one(s, len, &out[n])) {
			snprintf(why, whylen, "--kernel: want up to %zu of host or MAJOR.MINOR, comma-separated, got \"%s\"",
				 max, list);
			return -EINVAL;
		}
		n++;
		if (!s[len])
			break;
		s += len + 1;
	}
	return (int)n;
}

const struct vm_backend *vm_kernels__backend(const struct vm_kernel *k,
					     char *const *files, int n_files,
					     bool state_freq, char *why,
					     size_t whylen)
{
	struct vm_options opt = { .kernel = k->kver, .test_state_freq = state_freq };

	if (k->host)
		return vm_kernel_available(why, whylen) ? &vm_kernel_backend : NULL;
	if (vm_qemu__available(k->name, why, whylen))
		return NULL;
	/* one boot for every program of every file, answered from then on */
	if (vm_qemu__preload((const char *const *)files, n_files, &opt, why, whylen))
		return NULL;
	return &vm_qemu_backend;
}

void vm_kernels__cleanup(void)
{
	vm_qemu__cleanup();
}
