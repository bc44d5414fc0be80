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

/* A growing byte buffer: the child's findings on the wire. */
struct wire {
	char *p;
	size_t n, cap, at;
	bool bad;
};

static void put(struct wire *w, const void *v, size_t n)
{
	if (w->n + n > w->cap) {
		size_t cap = (w->n + n) * 2 + 4096;
		char *p = realloc(w->p, cap);

		if (!p) {
			w->bad = true;
			return;
		}
		w->p = p;
		w->cap = cap;
	}
	memcpy(w->p + w->n, v, n);
	w->n += n;
}

static void put_u64(struct wire *w, uint64_t v) { put(w, &v, sizeof(v)); }

/* A string with its length; UINT32_MAX stands for NULL. */
static void put_str(struct wire *w, const char *s)
{
	uint32_t n = s ? (uint32_t)strlen(s) : UINT32_MAX;

	put(w, &n, sizeof(n));
	if (s)
		put(w, s, n);
}

static uint64_t get_u64(struct wire *w)
{
	uint64_t v = 0;

	if (w->at + sizeof(v) > w->n) {
		w->bad = true;
		return 0;
	}
	memcpy(&v, w->p + w->at, sizeof(v));
	w->at += sizeof(v);
	return v;
}

static char *get_str(struct wire *w)
{
	uint32_t n;
	char *s;

	if (w->at + sizeof(n) > w->n) {
		w->bad = true;
		return NULL;
	}
	memcpy(&n, w->p + w->at, sizeof(n));
	w->at += sizeof(n);
	if (n == UINT32_MAX)
		return NULL;
	if (n > w->n - w->at || !(s = malloc(n + 1))) {
		w->bad = true;
		return NULL;
	}
	memcpy(s, w->p + w->at, n);
	s[n] = 0;
	w->at += n;
	return s;
}

static void put_finding(struct wire *w, const struct bpf_finding *f)
{
	/* rule ids are static strings of this very image: the fork shares them */
	put(w, &f->rule, sizeof(f->rule));
	put_u64(w, f->severity);
	put_str(w, f->file);
	put_u64(w, f->line); put_u64(w, f->col);
	put_u64(w, f->end_line); put_u64(w, f->end_col);
	put_u64(w, f->offset); put_u64(w, f->end_offset);
	put_str(w, f->message);
	put_u64(w, f->n_notes);
	for (size_t i = 0; i < f->n_notes; i++)
		put_str(w, f->notes[i]);
	put_u64(w, f->fix.n_edits);
	for (size_t i = 0; i < f->fix.n_edits; i++) {
		put_str(w, f->fix.edits[i].file);
		put_u64(w, f->fix.edits[i].offset);
		put_u64(w, f->fix.edits[i].length);
		put_str(w, f->fix.edits[i].text);
	}
	put_u64(w, f->fix.needs); put_u64(w, f->fix.min_kernel);
	put_str(w, f->fix.unfixable);
	put_u64(w, (uint64_t)f->cost);
	put_u64(w, f->scope_line); put_u64(w, f->scope_end_line);
}

static int get_finding(struct wire *w, struct bpf_findings *out)
{
	struct bpf_finding *f = findings_add(out);
	size_t n;

	if (!f || w->at + sizeof(f->rule) > w->n)
		return -EPROTO;
	memcpy(&f->rule, w->p + w->at, sizeof(f->rule));
	w->at += sizeof(f->rule);
	f->severity = (enum bpf_severity)get_u64(w);
	f->file = get_str(w);
	f->line = get_u64(w); f->col = get_u64(w);
	f->end_line = get_u64(w); f->end_col = get_u64(w);
	f->offset = get_u64(w); f->end_offset = get_u64(w);
	f->message = get_str(w);
	n = get_u64(w);
	for (size_t i = 0; i < n && !w->bad; i++) {
		char *note = get_str(w);

		if (finding_add_note(f, "%s", note ? note : ""))
			w->bad = true;
		free(note);
	}
	n = get_u64(w);
	for (size_t i = 0; i < n && !w->bad; i++) {
		char *file = get_str(w), *text;
		unsigned off = get_u64(w), len = get_u64(w);

		text = get_str(w);
		if (!w->bad && fix_add_edit(&f->fix, file ? file : "", off, len, text ? text : ""))
			w->bad = true;
		free(file);
		free(text);
	}
	f->fix.needs = get_u64(w); f->fix.min_kernel = get_u64(w);
	f->fix.unfixable = get_str(w);
	f->cost = (long)get_u64(w);
	f->scope_line = get_u64(w); f->scope_end_line = get_u64(w);
	return w->bad ? -EPROTO : 0;
}

static void child_limits(const struct lint_limits *lim)
{
	struct rlimit cpu = { lim->cpu_seconds, lim->cpu_seconds + 1 };
	int null = open("/dev/null", O_WRONLY);

	/* libclang's crash dump is many lines: the parent says it in one */
	if (null >= 0)
		dup2(null, STDERR_FILENO);
	setrlimit(RLIMIT_CPU, &cpu);
	alarm(lim->cpu_seconds * 4 + 10);	/* a child stuck off-CPU ends too */
#ifndef ASAN_BUILD	/* ASan reserves terabytes of shadow: no address-space cap there */
	struct rlimit as = { (rlim_t)lim->memory_mib << 20, (rlim_t)lim->memory_mib << 20 };

	setrlimit(RLIMIT_AS, &as);
#endif
}

static void child_run(int fd, const struct lint_limits *lim, lint_isolated_fn fn, void *arg)
{
	struct bpf_findings found = { 0 };
	struct wire w = { 0 };
	char *err = NULL;
	int rc;

	child_limits(lim);
	rc = fn(arg, &found, &err);
	put_u64(&w, (uint64_t)(int64_t)rc);
	put_str(&w, err);
	put_u64(&w, found.declared);
	put_u64(&w, found.target_kernel);
	put_u64(&w, found.n);
	for (size_t i = 0; i < found.n; i++)
		put_finding(&w, &found.v[i]);
	put_u64(&w, found.n_includes);
	for (size_t i = 0; i < found.n_includes; i++)
		put_str(&w, found.includes[i]);
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

static int read_all(int fd, struct wire *w)
{
	char buf[65536];

	for (;;) {
		ssize_t r = read(fd, buf, sizeof(buf));

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return r < 0 ? -errno : 0;
		put(w, buf, (size_t)r);
	}
}

static char *death_reason(const char *path, int status, const struct lint_limits *lim)
{
	int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;

	if (sig == SIGXCPU || sig == SIGALRM)
		return lint__strdupf("%s: parsing took over %u s, the limit per file "
				     "(--parse-limits)", path, lim->cpu_seconds);
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

static int decode(struct wire *w, struct bpf_findings *out, char **err)
{
	int rc = (int)(int64_t)get_u64(w);
	size_t n;

	*err = get_str(w);
	out->declared = get_u64(w);
	out->target_kernel = get_u64(w);
	n = get_u64(w);
	for (size_t i = 0; i < n && !w->bad; i++)
		if (get_finding(w, out))
			break;
	n = w->bad ? 0 : get_u64(w);
	if (n && !w->bad && n <= w->n) {	/* each string costs at least its length word */
		out->includes = calloc(n, sizeof(*out->includes));
		for (size_t i = 0; out->includes && i < n && !w->bad; i++)
			out->includes[out->n_includes++] = get_str(w);
		w->bad |= !out->includes;
	}
	return w->bad ? -EPROTO : rc;
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
	struct wire w = { 0 };
	int fds[2], status = 0, rc;
	struct rusage ru = { 0 };
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC))
		return -errno;
	lint__fork_lock(false);
	pid = fork();
	if (pid != 0)
		lint__fork_unlock();
	if (pid < 0) {
		rc = -errno;
		close(fds[0]);
		close(fds[1]);
		return rc;
	}
	if (pid == 0) {
		in_parse_child = true;
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
		rc = decode(&w, out, err);
	else
		rc = -EPROTO;
	free(w.p);
	if (rc == -EPROTO) {
		findings_free(out);
		memset(out, 0, sizeof(*out));
		free(*err);
		*err = death_reason(path, status, lim);
		rc = -ECHILD;
	}
	return rc;
}
