/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kconfig.c: the .kconfig map as libbpf lays its externs out (the loader
 * places the map with it) and the values libbpf stores there at load time
 * (LINUX_KERNEL_VERSION from uname, CONFIG_* from /proc/config.gz or
 * /boot/config-RELEASE). The kernel sees that map frozen and read-only,
 * so its loads are constants.
 */
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <zlib.h>
#include <bpf/btf.h>
#include "verifier-model/kconfig.h"
#include "verifier-model/object.h"

/* libbpf's order for kconfig externs: alignment down, size up, name. */
static int cmp_kcfg(const void *a, const void *b)
{
	const struct vm_kconfig_var *x = a, *y = b;

	if (x->align != y->align)
		return x->align > y->align ? -1 : 1;
	if (x->size != y->size)
		return x->size < y->size ? -1 : 1;
	return strcmp(x->name, y->name);
}

long vm_kconfig_layout(const struct btf *btf, struct vm_kconfig_var **vars, int *n)
{
	int id = btf ? btf__find_by_name_kind(btf, ".kconfig", BTF_KIND_DATASEC) : -1;
	const struct btf_type *sec;
	struct vm_kconfig_var *v;
	long long pos = 0;

	*vars = NULL;
	*n = 0;
	if (id < 0)
		return -1;
	sec = btf__type_by_id(btf, id);
	v = calloc(btf_vlen(sec) ? btf_vlen(sec) : 1, sizeof(*v));
	if (!v)
		return -1;
	for (int i = 0; i < btf_vlen(sec); i++) {
		const struct btf_type *t = btf__type_by_id(btf, btf_var_secinfos(sec)[i].type);

		/* a non-VAR's ->type is its size: no type id to walk */
		if (t && btf_is_var(t)) {
			v[i].t = t;
			v[i].name = btf__name_by_offset(btf, t->name_off);
			v[i].size = btf__resolve_size(btf, t->type);
			v[i].align = vm_btf_align_of(btf, t->type);
		}
		if (!v[i].t || !v[i].name || v[i].size <= 0 || v[i].align <= 0) {
			v[i].name = v[i].name ? v[i].name : "";
			v[i].size = v[i].align = 1;
			v[i].t = NULL;
		}
	}
	qsort(v, btf_vlen(sec), sizeof(*v), cmp_kcfg);
	for (int i = 0; i < btf_vlen(sec); i++) {
		pos = (pos + v[i].align - 1) / v[i].align * v[i].align;
		v[i].off = pos;
		pos += v[i].size;
	}
	*vars = v;
	*n = btf_vlen(sec);
	return (pos + 7) / 8 * 8;
}

/* The running kernel's config line for name ("y", "m", "42", "\"str\""), or NULL. */
static const char *config_value(const char *name, char *buf, size_t len)
{
	char path[128], line[512];
	struct utsname u;
	gzFile f = gzopen("/proc/config.gz", "rb");
	size_t n = strlen(name);
	const char *res = NULL;

	if (!f && !uname(&u)) {
		snprintf(path, sizeof(path), "/boot/config-%s", u.release);
		f = gzopen(path, "rb");
	}
	if (!f)
		return NULL;
	while (gzgets(f, line, sizeof(line))) {
		if (!strncmp(line, name, n) && line[n] == '=') {
			snprintf(buf, len, "%s", line + n + 1);
			buf[strcspn(buf, "\n")] = 0;
			res = buf;
			break;
		}
	}
	gzclose(f);
	return res;
}

static uint64_t kernel_version(void)
{
	struct utsname u;
	unsigned a = 0, b = 0, c = 0;

	if (uname(&u) || sscanf(u.release, "%u.%u.%u", &a, &b, &c) < 2)
		return 0;
	return ((uint64_t)a << 16) + ((uint64_t)b << 8) + (c > 255 ? 255 : c);
}

/* Does /proc/kallsyms name sym (names are listed without privileges)? */
static bool has_ksym(const char *sym)
{
	FILE *f = fopen("/proc/kallsyms", "r");
	char line[512], name[256];
	bool found = false;

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f))
		found = sscanf(line, "%*s %*s %255s", name) == 1 && !strcmp(name, sym);
	fclose(f);
	return found;
}

/*
 * LINUX_HAS_SYSCALL_WRAPPER as libbpf finds it: 1 when a kprobe on
 * __<arch>_sys_bpf can be made, so 0 on a host with neither the kprobe
 * PMU nor tracefs kprobe_events even when the symbol exists.
 */
static bool wrapper;
static pthread_once_t wrapper_once = PTHREAD_ONCE_INIT;

static void probe_syscall_wrapper(void)
{
	static const char *const kprobe_iface[] = {
		"/sys/bus/event_source/devices/kprobe/type",
		"/sys/kernel/tracing/kprobe_events",
		"/sys/kernel/debug/tracing/kprobe_events",
	};
	struct utsname u;
	const char *pfx;
	char sym[64];
	bool iface = false;

	wrapper = true;
	if (uname(&u))
		return;
	pfx = !strcmp(u.machine, "x86_64") ? "x64" : !strcmp(u.machine, "aarch64") ? "arm64" :
	      !strncmp(u.machine, "s390", 4) ? "s390x" : !strncmp(u.machine, "riscv", 5) ? "riscv" :
	      NULL;
	if (!pfx)
		return;  /* libbpf's probe not modelled for this arch */
	for (size_t i = 0; i < sizeof(kprobe_iface) / sizeof(kprobe_iface[0]); i++)
		iface = iface || !access(kprobe_iface[i], F_OK);
	snprintf(sym, sizeof(sym), "__%s_sys_bpf", pfx);
	wrapper = iface && has_ksym(sym);
}

static bool syscall_wrapper(void)
{
	pthread_once(&wrapper_once, probe_syscall_wrapper);
	return wrapper;
}

static void store(uint8_t *dst, long long size, uint64_t v)
{
	for (long long i = 0; i < size && i < 8; i++)
		dst[i] = (uint8_t)(v >> (8 * i));
}

static void fill_one(const struct btf *btf, const struct vm_kconfig_var *v, uint8_t *dst)
{
	const struct btf_type *t = btf__type_by_id(btf, btf__resolve_type(btf, v->t->type));
	char buf[256];
	const char *val;

	if (!strcmp(v->name, "LINUX_KERNEL_VERSION")) {
		store(dst, v->size, kernel_version());
		return;
	}
	if (!strcmp(v->name, "LINUX_HAS_SYSCALL_WRAPPER")) {
		store(dst, v->size, syscall_wrapper());
		return;
	}
	if (!strcmp(v->name, "LINUX_HAS_BPF_COOKIE")) {
		store(dst, v->size, 1);
		return;
	}
	val = config_value(v->name, buf, sizeof(buf));
	if (!val || !t)
		return;                        /* a missing weak extern reads as 0 */
	if (btf_is_array(t) && val[0] == '"') {
		size_t l = strcspn(val + 1, "\"");

		memcpy(dst, val + 1, l < (size_t)v->size ? l : (size_t)v->size - 1);
		return;
	}
	if (!strcmp(val, "y"))
		store(dst, v->size, 1);
	else if (!strcmp(val, "m"))
		store(dst, v->size, 2);
	else if (isdigit((unsigned char)val[0]) || val[0] == '-')
		store(dst, v->size, (uint64_t)strtoll(val, NULL, 0));
}

uint8_t *vm_kconfig_values(const struct vm_object *obj, size_t size)
{
	struct vm_kconfig_var *v;
	uint8_t *buf;
	int n;

	if (vm_kconfig_layout(obj->btf, &v, &n) < 0)
		return NULL;
	buf = calloc(1, size ? size : 1);
	for (int i = 0; buf && i < n; i++)
		if (v[i].t && v[i].off + v[i].size <= (long long)size)
			fill_one(obj->btf, &v[i], buf + v[i].off);
	free(v);
	return buf;
}

/* A __ksym the running kernel cannot resolve (absent from /proc/kallsyms). */
bool vm_ksym_missing(const char *name)
{
	FILE *f = fopen("/proc/kallsyms", "r");
	char line[512];
	size_t n = strlen(name);
	bool found = false;

	if (!f)
		return false;           /* cannot tell: assume it resolves */
	while (!found && fgets(line, sizeof(line), f)) {
		char *sym = strchr(line, ' ');

		sym = sym ? strchr(sym + 1, ' ') : NULL;
		if (sym && !strncmp(sym + 1, name, n) && (sym[1 + n] == '\n' || sym[1 + n] == '\t'))
			found = true;
	}
	fclose(f);
	return !found;
}
