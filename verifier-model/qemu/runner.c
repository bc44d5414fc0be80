// SPDX-License-Identifier: GPL-2.0-only
/*
 * One qemu boot for a batch of objects: the cached base initramfs plus an
 * appended archive of the objects, the serial console read line by line
 * until the loader says it is done or the timeout strikes.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "verifier-model/qemu/cpio.h"
#include "verifier-model/qemu/files.h"
#include "verifier-model/qemu/qemu.h"
#include "verifier-model/release.h"

#define STR_(x) #x
#define STR(x) STR_(x)
#define GUEST_CPUS STR(VM_GUEST_NR_CPUS)

#define FETCH_HINT "scripts/vm/fetch-kernel"

int vm_qemu__available(const char *kernel, char *why, size_t whylen)
{
	char path[4096];

	if (qemu_files__qemu(path, sizeof(path)))
		snprintf(why, whylen, "qemu-system-x86_64 not found: apt-get install qemu-system-x86");
	else if (qemu_files__kernel(kernel, path, sizeof(path)))
		snprintf(why, whylen, "no %s kernel image at %s: run " FETCH_HINT " %s (apt-get download linux-image-%s.*-cloud-amd64-unsigned)",
			 kernel, path, kernel, kernel);
	else if (qemu_files__busybox(path, sizeof(path)))
		snprintf(why, whylen, "no static busybox: apt-get install busybox-static");
	else if (qemu_files__loader(path, sizeof(path)))
		snprintf(why, whylen, "bpf-vm-loader not found: build the tree or set BPF_LINT_VM_LOADER");
	else
		return 0;
	return -ENOENT;
}

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000;
}

/* /boot/config-RELEASE when fetch-kernel kept it (older caches did not). */
static int add_kconfig(FILE *out, const char *kernel)
{
	char path[4096], rel[128], name[160];

	if (qemu_files__kconfig(kernel, path, sizeof(path), rel, sizeof(rel)))
		return 0;
	snprintf(name, sizeof(name), "boot/config-%s", rel);
	return cpio__add_dir(out, "boot") ?: cpio__add_file(out, name, path);
}

/*
 * initrd = base archive + one with /objs/NNNN.o and the loader's args.
 * An object that cannot be read gets its error and stays out.
 */
static int write_initrd(const char *dst, const char *base,
			const struct vm_qemu_opts *o, struct vm_qemu_batch *b)
{
	FILE *out = fopen(dst, "wb"), *in = fopen(base, "rb");
	char buf[65536], name[32];
	char args[8];
	size_t got;
	int err = out && in ? 0 : -errno;

	snprintf(args, sizeof(args), "%s%s\n", o->test_state_freq ? "-f " : "",
		 o->log2 ? "-l" : "");
	while (!err && (got = fread(buf, 1, sizeof(buf), in)) > 0)
		err = fwrite(buf, 1, got, out) == got ? 0 : -EIO;
	for (size_t i = 0; !err && i < b->n_objs; i++) {
		int e = access(b->objs[i].path, R_OK) ? -errno : 0;

		snprintf(name, sizeof(name), "objs/%04zu.o", i);
		if (!e)
			err = cpio__add_file(out, name, b->objs[i].path);
		else
			snprintf(b->objs[i].error, sizeof(b->objs[i].error),
				 "cannot read it: %s", strerror(-e));
	}
	err = err ?: add_kconfig(out, o->kernel);
	err = err ?: cpio__add_data(out, "objs/args", 0644, args, strlen(args));
	err = err ?: cpio__finish(out);
	if (in)
		fclose(in);
	if (out && fclose(out) && !err)
		err = -EIO;
	return err;
}

static pid_t spawn_qemu(const char *kernel, const char *initrd, int *outfd)
{
	char qemu[4096];
	int p[2];
	pid_t pid;

	if (qemu_files__qemu(qemu, sizeof(qemu)) || pipe(p))
		return -1;
	pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);

		dup2(null, 0);
		dup2(p[1], 1);
		dup2(p[1], 2);
		close(p[0]);
		execl(qemu, qemu, "-accel", "tcg", "-m", "512M", "-smp", GUEST_CPUS,
		      "-nodefaults", "-display", "none", "-serial", "stdio",
		      "-no-reboot", "-kernel", kernel, "-initrd", initrd,
		      "-append", "console=ttyS0 quiet loglevel=3 panic=-1",
		      (char *)NULL);
		_exit(127);
	}
	close(p[1]);
	*outfd = p[0];
	return pid;
}

enum console_end { CONSOLE_DONE, CONSOLE_TIMEOUT, CONSOLE_EOF };

/* Feed the console to the batch until done, EOF or the deadline. */
static enum console_end read_console(int fd, long deadline, struct vm_qemu_batch *b,
			 FILE *copy)
{
	char line[4096];
	size_t used = 0;
	bool done = false;

	while (!done) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		long left = deadline - now_ms();
		ssize_t got;

		if (left <= 0 || poll(&pfd, 1, (int)left) <= 0)
			return CONSOLE_TIMEOUT;
		got = read(fd, line + used, sizeof(line) - 1 - used);
		if (got <= 0)
			return CONSOLE_EOF;
		if (copy)
			fwrite(line + used, 1, got, copy);
		used += got;
		line[used] = '\0';
		for (char *nl; !done && (nl = strchr(line, '\n'));) {
			*nl = '\0';
			done = vm_qemu_batch__parse_line(b, line) == 1;
			used -= nl + 1 - line;
			memmove(line, nl + 1, used + 1);
		}
		if (used == sizeof(line) - 1)	/* no newline in 4 KiB: drop */
			used = 0;
	}
	return CONSOLE_DONE;
}

static long timeout_ms(const struct vm_qemu_opts *o, size_t n)
{
	const char *env = getenv("BPF_LINT_VM_TIMEOUT");
	long s = o->timeout_s;

	if (env && atol(env) > 0)
		s = atol(env);
	return (s > 0 ? s : 60 + 30 * (long)n) * 1000;
}

/*
 * When the VM stopped early, the object it was on and those after it get
 * the batch's error (the loader goes through them in order).
 */
static void mark_unreported(struct vm_qemu_batch *b)
{
	size_t from = 0;

	if (!b->error[0])
		return;
	for (size_t i = 0; i < b->n_objs; i++)
		if (b->objs[i].n_results)
			from = i;
	for (size_t i = from; i < b->n_objs; i++)
		if (!b->objs[i].error[0])
			snprintf(b->objs[i].error, sizeof(b->objs[i].error),
				 "%s", b->error);
}

static int boot(const struct vm_qemu_opts *o, const char *initrd,
		struct vm_qemu_batch *b, char *errbuf, size_t errlen)
{
	char kernel[4096];
	long start = now_ms(), limit = timeout_ms(o, b->n_objs);
	enum console_end end;
	int fd, status;
	pid_t pid;

	qemu_files__kernel(o->kernel, kernel, sizeof(kernel));
	pid = spawn_qemu(kernel, initrd, &fd);
	if (pid < 0) {
		snprintf(errbuf, errlen, "cannot start qemu: %s", strerror(errno));
		return -errno;
	}
	end = read_console(fd, start + limit, b, o->console);
	if (end == CONSOLE_TIMEOUT) {
		kill(pid, SIGKILL);
		snprintf(b->error, sizeof(b->error),
			 "the %s VM did not finish within %ld s", o->kernel,
			 limit / 1000);
	} else if (end == CONSOLE_EOF) {
		snprintf(b->error, sizeof(b->error),
			 "the %s VM stopped before the loader finished (bpf-verify-vm --console shows why)",
			 o->kernel);
	}
	close(fd);
	/* after "done" the guest reboots, which ends qemu (-no-reboot) */
	waitpid(pid, &status, 0);
	b->wall_ms = now_ms() - start;
	mark_unreported(b);
	return 0;
}

static struct vm_qemu_batch *batch_new(const char *const *paths, size_t n)
{
	struct vm_qemu_batch *b = calloc(1, sizeof(*b));

	if (!b || !(b->objs = calloc(n ? n : 1, sizeof(*b->objs)))) {
		free(b);
		return NULL;
	}
	for (b->n_objs = 0; b->n_objs < n; b->n_objs++) {
		b->objs[b->n_objs].path = strdup(paths[b->n_objs]);
		if (!b->objs[b->n_objs].path) {
			vm_qemu_batch__free(b);
			return NULL;
		}
	}
	return b;
}

int vm_qemu__run(const struct vm_qemu_opts *o, const char *const *paths,
		 size_t n, struct vm_qemu_batch **out, char *errbuf,
		 size_t errlen)
{
	char base[4096], dir[] = "/tmp/bpf-vm-XXXXXX", initrd[64];
	struct vm_qemu_batch *b;
	int err;

	*out = NULL;
	if ((err = vm_qemu__available(o->kernel, errbuf, errlen)))
		return err;
	if ((err = qemu_files__base_initramfs(base, sizeof(base)))) {
		snprintf(errbuf, errlen, "cannot build the initramfs: %s", strerror(-err));
		return err;
	}
	if (!(b = batch_new(paths, n)))
		return -ENOMEM;
	if (!mkdtemp(dir)) {
		vm_qemu_batch__free(b);
		return -errno;
	}
	snprintf(initrd, sizeof(initrd), "%s/initrd.cpio", dir);
	err = write_initrd(initrd, base, o, b);
	if (err)
		snprintf(errbuf, errlen, "cannot pack the objects: %s", strerror(-err));
	else
		err = boot(o, initrd, b, errbuf, errlen);
	unlink(initrd);
	rmdir(dir);
	if (err)
		vm_qemu_batch__free(b);
	else
		*out = b;
	return err;
}
