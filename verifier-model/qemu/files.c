// SPDX-License-Identifier: GPL-2.0-only
/*
 * Finding what the VM needs (qemu, the kernel image, busybox-static, our
 * loader) and building the cached base initramfs from them.
 */
#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "verifier-model/qemu/cpio.h"
#include "verifier-model/qemu/files.h"
#include "verifier-model/qemu/qemu.h"

/* Runs as PID 1: mount what libbpf reads (kernel BTF, /proc), load, stop. */
static const char init_script[] =
	"#!/bin/busybox sh\n"
	"/bin/busybox mount -t proc proc /proc\n"
	"/bin/busybox mount -t sysfs sysfs /sys\n"
	"/loader $(/bin/busybox cat /objs/args) /objs/*.o\n"
	"/bin/busybox reboot -f\n";

int vm_qemu__cache_dir(char *buf, size_t len)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	int n;

	if (xdg && *xdg)
		n = snprintf(buf, len, "%s/bpf-lint", xdg);
	else if (home && *home)
		n = snprintf(buf, len, "%s/.cache/bpf-lint", home);
	else
		return -ENOENT;
	return n > 0 && (size_t)n < len ? 0 : -ENAMETOOLONG;
}

static bool executable(const char *path)
{
	return path && access(path, X_OK) == 0;
}

int qemu_files__qemu(char *buf, size_t len)
{
	const char *env = getenv("BPF_LINT_QEMU"), *path = getenv("PATH");

	if (env && *env) {
		snprintf(buf, len, "%s", env);
		return executable(buf) ? 0 : -ENOENT;
	}
	for (const char *p = path ? path : "/usr/bin:/bin"; *p;) {
		size_t n = strcspn(p, ":");

		snprintf(buf, len, "%.*s/qemu-system-x86_64", (int)n, p);
		if (n && executable(buf))
			return 0;
		p += n + (p[n] == ':');
	}
	return -ENOENT;
}

int qemu_files__kernel(const char *release, char *buf, size_t len)
{
	char dir[4096];
	int err = vm_qemu__cache_dir(dir, sizeof(dir));

	if (err)
		return err;
	snprintf(buf, len, "%s/kernels/%s/vmlinuz", dir, release);
	return access(buf, R_OK) ? -ENOENT : 0;
}

int qemu_files__kconfig(const char *release, char *path, size_t len,
			char *uname_r, size_t ulen)
{
	char dir[4096], file[4200];
	FILE *f;
	int err = vm_qemu__cache_dir(dir, sizeof(dir));

	if (err)
		return err;
	snprintf(path, len, "%s/kernels/%s/config", dir, release);
	snprintf(file, sizeof(file), "%s/kernels/%s/release", dir, release);
	f = fopen(file, "r");
	if (!f)
		return -ENOENT;
	if (!fgets(uname_r, (int)ulen, f))
		uname_r[0] = '\0';
	fclose(f);
	uname_r[strcspn(uname_r, "\n/")] = '\0';
	return uname_r[0] && access(path, R_OK) == 0 ? 0 : -ENOENT;
}

int qemu_files__loader(char *buf, size_t len)
{
	const char *cands[] = { getenv("BPF_LINT_VM_LOADER"),
				QEMU_LOADER_BUILD, QEMU_LOADER_INSTALLED };

	for (size_t i = 0; i < sizeof(cands) / sizeof(cands[0]); i++) {
		if (cands[i] && *cands[i] && executable(cands[i])) {
			snprintf(buf, len, "%s", cands[i]);
			return 0;
		}
	}
	return -ENOENT;
}

/* A static executable has no PT_INTERP: Debian's busybox package does. */
static bool static_elf(const char *path)
{
	FILE *f = fopen(path, "rb");
	Elf64_Ehdr eh;
	Elf64_Phdr ph;
	bool ok = false;

	if (!f)
		return false;
	if (fread(&eh, sizeof(eh), 1, f) == 1 && !memcmp(eh.e_ident, ELFMAG, SELFMAG) &&
	    eh.e_ident[EI_CLASS] == ELFCLASS64 && eh.e_phentsize == sizeof(ph)) {
		ok = true;
		for (unsigned i = 0; ok && i < eh.e_phnum; i++) {
			if (fseek(f, eh.e_phoff + (long)i * sizeof(ph), SEEK_SET) ||
			    fread(&ph, sizeof(ph), 1, f) != 1 || ph.p_type == PT_INTERP)
				ok = false;
		}
	}
	fclose(f);
	return ok;
}

int qemu_files__busybox(char *buf, size_t len)
{
	const char *cands[] = { "/bin/busybox", "/usr/bin/busybox" };

	for (size_t i = 0; i < 2; i++) {
		if (executable(cands[i]) && static_elf(cands[i])) {
			snprintf(buf, len, "%s", cands[i]);
			return 0;
		}
	}
	return -ENOENT;
}

/* FNV-1a over what identifies a loader/busybox build: path, size, mtime. */
static unsigned long long identity(const char *path, unsigned long long h)
{
	struct stat st = { 0 };
	char key[4200];

	stat(path, &st);
	snprintf(key, sizeof(key), "%s:%lld:%lld", path, (long long)st.st_size,
		 (long long)st.st_mtime);
	for (const char *p = key; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ull;
	return h;
}

static int write_base(const char *path, const char *busybox, const char *loader)
{
	char tmp[4200];
	FILE *out;
	int err = 0;

	snprintf(tmp, sizeof(tmp), "%s.%d.tmp", path, (int)getpid());
	out = fopen(tmp, "wb");
	if (!out)
		return -errno;
	const char *dirs[] = { "bin", "dev", "proc", "sys", "objs" };
	for (size_t i = 0; !err && i < 5; i++)
		err = cpio__add_dir(out, dirs[i]);
	err = err ?: cpio__add_chardev(out, "dev/console", 5, 1);
	err = err ?: cpio__add_file(out, "bin/busybox", busybox);
	err = err ?: cpio__add_file(out, "loader", loader);
	err = err ?: cpio__add_data(out, "init", 0755, init_script,
				    strlen(init_script));
	err = err ?: cpio__finish(out);
	if (fclose(out) && !err)
		err = -EIO;
	/* rename: concurrent runs never see a half-written archive */
	if (!err && rename(tmp, path))
		err = -errno;
	if (err)
		unlink(tmp);
	return err;
}

/* Archives of loaders unused for a week go: each build dir makes its own. */
static void prune_old(const char *vmdir)
{
	DIR *d = opendir(vmdir);
	struct dirent *e;
	char path[4500];
	struct stat st;

	while (d && (e = readdir(d))) {
		if (strncmp(e->d_name, "initramfs-", 10))
			continue;
		snprintf(path, sizeof(path), "%s/%s", vmdir, e->d_name);
		if (!stat(path, &st) && st.st_atime < time(NULL) - 7 * 86400)
			unlink(path);
	}
	if (d)
		closedir(d);
}

int qemu_files__base_initramfs(char *buf, size_t len)
{
	char busybox[256], loader[4096], dir[4096], vmdir[4200];
	unsigned long long id;
	int err;

	if ((err = qemu_files__busybox(busybox, sizeof(busybox))) ||
	    (err = qemu_files__loader(loader, sizeof(loader))) ||
	    (err = vm_qemu__cache_dir(dir, sizeof(dir))))
		return err;
	snprintf(vmdir, sizeof(vmdir), "%s/vm", dir);
	mkdir(dir, 0755);
	mkdir(vmdir, 0755);
	/* named by what went in: a rebuilt loader gets a fresh archive */
	id = identity(busybox, identity(loader, 14695981039346656037ull));
	if (snprintf(buf, len, "%s/initramfs-%016llx.cpio", vmdir, id) >= (int)len)
		return -ENAMETOOLONG;
	if (access(buf, R_OK) == 0)
		return 0;
	prune_old(vmdir);
	return write_base(buf, busybox, loader);
}
