/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One parse in a forked child with a memory and CPU-time limit: libclang
 * can take gigabytes and minutes on 26 hostile bytes, or overflow its
 * stack on a deep expression, and then it takes the whole process with
 * it. The child parses, runs the rules and writes the findings back down
 * a pipe; a child that dies costs one line naming the limit, and all its
 * memory is returned when it exits.
 */
#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <signal.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include "lint/internal.h"
#include "lint/isolate.h"
#include "lint/wire.h"

#if defined(__SANITIZE_ADDRESS__)
#define ASAN_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ASAN_BUILD 1
#endif
#endif

/*
 * A child has only the forking thread: a lock another thread held inside
 * libclang at the fork would never be released there. So the parent's
 * own libclang calls (session setup) exclude forks.
 */
static pthread_rwlock_t fork_lock = PTHREAD_RWLOCK_INITIALIZER;
/* A parse child has one thread and a copy of the lock as the fork held it. */
static bool in_parse_child;

void lint__fork_lock(bool exclusive)
{
	if (in_parse_child)
		return;
	if (exclusive)
		pthread_rwlock_wrlock(&fork_lock);
	else
		pthread_rwlock_rdlock(&fork_lock);
}

void lint__fork_unlock(void)
{
	if (!in_parse_child)
		pthread_rwlock_unlock(&fork_lock);
}

pid_t lint__fork(void)
{
	pid_t pid;

	lint__fork_lock(false);
	pid = fork();
	if (pid != 0)
		lint__fork_unlock();
	return pid;
}

void lint__forked_child(const struct lint_limits *lim)
{
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);
	struct rlimit no_core = { 0, 0 };

	in_parse_child = true;
	setrlimit(RLIMIT_CORE, &no_core);	/* a crashed parse leaves no core file behind */
	/* libclang's crash dump is many lines: the parent says it in one */
	if (null >= 0) {
		dup2(null, STDERR_FILENO);
		close(null);
	}
#ifndef ASAN_BUILD	/* ASan reserves terabytes of shadow: no address-space cap there */
	struct rlimit as = { (rlim_t)lim->memory_mib << 20, (rlim_t)lim->memory_mib << 20 };

	setrlimit(RLIMIT_AS, &as);
#else
	(void)lim;
#endif
}

static unsigned wall_seconds(const struct lint_limits *lim)
{
	return lim->cpu_seconds * 4 + 10;
}

static void child_limits(const struct lint_limits *lim)
{
	struct rlimit cpu = { lim->cpu_seconds, lim->cpu_seconds + 1 };

	lint__forked_child(lim);
	setrlimit(RLIMIT_CPU, &cpu);
	alarm(wall_seconds(lim));	/* a child stuck off-CPU ends too */
}

static void child_run(int fd, const struct lint_limits *lim, lint_isolated_fn fn, void *arg)
{
	struct bpf_findings found = { 0 };
	struct lint_wire w = { 0 };
	char *err = NULL;
	int rc;

	child_limits(lim);
	rc = fn(arg, &found, &err);
	wire__put_result(&w, rc, err, &found);
	for (size_t off = 0; !w.bad && off < w.n;) {
		ssize_t r = write(fd, w.p + off, w.n - off);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			_exit(3);
		off += (size_t)r;
	}
	_exit(w.bad ? 3 : 0);	/* no atexit, no leak check: the parent goes on */
}

static int read_all(int fd, struct lint_wire *w)
{
	char buf[65536];

	for (;;) {
		ssize_t r = read(fd, buf, sizeof(buf));

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return r < 0 ? -errno : 0;
		wire__put(w, buf, (size_t)r);
	}
}

char *lint__death_reason(const char *path, int status, const struct lint_limits *lim)
{
	int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;

	if (sig == SIGXCPU)
		return lint__strdupf("%s: parsing took over %u s, the limit per file "
				     "(--parse-limits)", path, lim->cpu_seconds);
	if (sig == SIGALRM)	/* stuck, not busy: a different cause, say so */
		return lint__strdupf("%s: parsing took over %u s of wall-clock time without "
				     "using its %u s of CPU (--parse-limits)", path,
				     wall_seconds(lim), lim->cpu_seconds);
	if (sig == SIGSEGV)
		return lint__strdupf("%s: clang crashed parsing the file (SIGSEGV: nested "
				     "too deeply for its stack, or a clang bug)", path);
	if (sig)
		return lint__strdupf("%s: clang died parsing the file (%s; the limit per "
				     "file is %u MiB, --parse-limits)", path, strsignal(sig),
				     lim->memory_mib);
	return lint__strdupf("%s: clang failed parsing the file (exit %d; out of the "
			     "%u MiB limit per file? --parse-limits)", path,
			     WEXITSTATUS(status), lim->memory_mib);
}

void lint__log(const char *what, const char *path)
{
	const char *name = getenv("BPF_LINT_CPU_LOG");
	char line[PATH_MAX + 64];
	int fd, n;

	if (!name || !*name)
		return;
	n = snprintf(line, sizeof(line), "%s %s\n", what, path);
	fd = open(name, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return;
	if (n > 0 && (size_t)n < sizeof(line) && write(fd, line, (size_t)n) != n)
		n = -1;	/* a lost line shows as a file without a figure */
	close(fd);
}

static void log_cpu(const char *path, const struct rusage *ru)
{
	char secs[32];

	if (!getenv("BPF_LINT_CPU_LOG"))
		return;
	snprintf(secs, sizeof(secs), "%.6f", ru->ru_utime.tv_sec + ru->ru_stime.tv_sec +
		 (ru->ru_utime.tv_usec + ru->ru_stime.tv_usec) / 1e6);
	lint__log(secs, path);
}

int lint__run_isolated(const char *path, const struct lint_limits *lim,
		       lint_isolated_fn fn, void *arg, struct bpf_findings *out, char **err)
{
	struct lint_wire w = { 0 };
	int fds[2], status = 0, rc;
	struct rusage ru = { 0 };
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC))
		return -errno;
	pid = lint__fork();
	if (pid < 0) {
		rc = -errno;
		close(fds[0]);
		close(fds[1]);
		return rc;
	}
	if (pid == 0) {
		close(fds[0]);
		child_run(fds[1], lim, fn, arg);
	}
	close(fds[1]);
	rc = read_all(fds[0], &w);
	close(fds[0]);
	while (wait4(pid, &status, 0, &ru) < 0 && errno == EINTR)
		;
	log_cpu(path, &ru);
	if (!rc && WIFEXITED(status) && WEXITSTATUS(status) == 0 && !w.bad)
		rc = wire__get_result(&w, out, err);
	else
		rc = -EPROTO;
	wire__free(&w);
	if (rc == -EPROTO) {
		findings_free(out);
		memset(out, 0, sizeof(*out));
		free(*err);
		*err = lint__death_reason(path, status, lim);
		rc = -ECHILD;
	}
	return rc;
}
