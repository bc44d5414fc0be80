/* SPDX-License-Identifier: GPL-2.0-only */
#define _GNU_SOURCE /* environ; posix_spawn_file_actions_addchdir_np */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <ftw.h>
#include <signal.h>
#include <libgen.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <bpf/libbpf.h>

#include "config.h"
#include "confirm/compile.h"
#include "confirm/compile_cache.h"

int compile_dir__new(struct compile_dir *dir)
{
	const char *tmp = getenv("TMPDIR");

	if (!tmp || !*tmp)
		tmp = "/tmp";
	if (snprintf(dir->path, sizeof(dir->path), "%s/bpf-fix.XXXXXX", tmp) >=
	    (int)sizeof(dir->path))
		return -ENAMETOOLONG;
	dir->next_id = 0;
	if (!mkdtemp(dir->path))
		return -errno;
	/* absolute: the compiler may run in the project's directory */
	if (dir->path[0] != '/') {
		char real[4096];

		if (!realpath(dir->path, real)) {
			int err = -errno;

			rmdir(dir->path);
			return err;
		}
		snprintf(dir->path, sizeof(dir->path), "%s", real);
	}
	return 0;
}

static int remove_entry(const char *path, const struct stat *st, int flag,
			struct FTW *ftw)
{
	(void)st; (void)flag; (void)ftw;
	remove(path);
	return 0;
}

void compile_dir__remove(struct compile_dir *dir)
{
	if (dir->path[0])
		nftw(dir->path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
	dir->path[0] = '\0';
}

static int write_all(const char *path, const char *text, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	int err = 0;

	if (fd < 0)
		return -errno;
	while (len) {
		ssize_t n = write(fd, text, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			err = -errno;
			break;
		}
		text += n;
		len -= (size_t)n;
	}
	if (close(fd) && !err)
		err = -errno;
	return err;
}

static char *read_small_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	if (n < 0 || n > (1 << 20))
		n = 1 << 20;
	buf = malloc((size_t)n + 1);
	if (buf) {
		size_t got = fread(buf, 1, (size_t)n, f);

		buf[got] = '\0';
	}
	fclose(f);
	return buf;
}

/*
 * argv: compiler, -O2 -g, the project's flags, -ivfsoverlay YAML, -iquote
 * DIR, -MD -MF DEPS (what it read, for the object cache), -c SRC -o OBJ.
 */
static char **build_argv(const struct compile_opts *cc, const char *quote_dir,
			 const char *src, const char *obj, const char *deps)
{
	size_t n = 0, i = 0;
	char **argv;

	while (cc->args && cc->args[n])
		n++;
	argv = calloc(n + 16, sizeof(*argv));
	if (!argv)
		return NULL;
	argv[i++] = (char *)(cc->compiler ? cc->compiler : BPF_CLANG);
	argv[i++] = (char *)"-O2";
	argv[i++] = (char *)"-g";
	for (size_t k = 0; k < n; k++)
		argv[i++] = cc->args[k];
	if (cc->overlay) {
		argv[i++] = (char *)"-ivfsoverlay";
		argv[i++] = (char *)cc->overlay;
	}
	if (deps) {
		argv[i++] = (char *)"-MD";
		argv[i++] = (char *)"-MF";
		argv[i++] = (char *)deps;
	}
	argv[i++] = (char *)"-iquote";
	argv[i++] = (char *)quote_dir;
	argv[i++] = (char *)"-c";
	argv[i++] = (char *)src;
	argv[i++] = (char *)"-o";
	argv[i++] = (char *)obj;
	return argv;
}

static unsigned time_limit_s = COMPILE_DEFAULT_SECONDS;

void compile__set_time_limit(unsigned seconds)
{
	time_limit_s = seconds ? seconds : COMPILE_DEFAULT_SECONDS;
}

static long now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000L + t.tv_nsec / 1000000;
}

/*
 * CPU time the compiler (and the children it reaped) used so far, in ms;
 * LONG_MAX when /proc cannot say (the wall clock decides then).
 */
static long child_cpu_ms(pid_t pid)
{
	char path[64], buf[1024], *p;
	unsigned long long ut, st;
	long long cut, cst;
	long tick = sysconf(_SC_CLK_TCK);
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return LONG_MAX;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = 0;
	p = strrchr(buf, ')');	/* the command name may hold spaces */
	if (!p || tick <= 0 || sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u "
				       "%*u %*u %llu %llu %lld %lld", &ut, &st, &cut, &cst) != 4)
		return LONG_MAX;
	return (long)((ut + st + (unsigned long long)(cut + cst)) * 1000ULL / (unsigned long)tick);
}

/* What the time limit watches of one compile. */
struct watch {
	long started_ms, checked_ms, progress_ms, cpu_ms;
	bool stalled;      /* set when killed for using no CPU time */
};

/*
 * The limit is CPU time: on a loaded machine a compile's wall-clock time
 * says more about the other processes than about the source (tracee's
 * 32 s compile took over 480 s there). A compile that uses no CPU time at
 * all for the limit's length waits rather than computes: it is stopped.
 * Without /proc the wall clock decides.
 */
static bool over_limit(pid_t pid, struct watch *w)
{
	long limit = (long)time_limit_s * 1000, now = now_ms(), cpu;

	if (now - w->checked_ms < 200)
		return false;
	w->checked_ms = now;
	cpu = child_cpu_ms(pid);
	if (cpu == LONG_MAX)
		return now - w->started_ms > limit;
	if (cpu > limit)
		return true;
	if (cpu > w->cpu_ms) {
		w->cpu_ms = cpu;
		w->progress_ms = now;
	}
	w->stalled = now - w->progress_ms > limit;
	return w->stalled;
}

/* waitpid with the time limit: 0 and *status, -ETIME (killed and reaped), -errno. */
static int wait_limited(pid_t pid, struct watch *w, int *status)
{
	long nap_us = 500;

	for (;;) {
		pid_t r = waitpid(pid, status, WNOHANG);

		if (r == pid)
			return 0;
		if (r < 0 && errno != EINTR)
			return -errno;
		if (over_limit(pid, w)) {
			kill(pid, SIGKILL);
			while (waitpid(pid, status, 0) < 0 && errno == EINTR)
				;
			return -ETIME;
		}
		struct timespec nap = { 0, nap_us * 1000 };

		nanosleep(&nap, NULL);	/* short at first: most compiles take ~0.1 s */
		nap_us = nap_us < 20000 ? nap_us * 2 : 20000;
	}
}

/* A name without a slash is looked up on $PATH, as make and ninja do. */
static int spawn_compiler(char **argv, const char *cwd, const char *log_path,
			  pid_t *pid)
{
	posix_spawn_file_actions_t fa;
	int err;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null",
					 O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, log_path,
					 O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (cwd)
		posix_spawn_file_actions_addchdir_np(&fa, cwd);
	err = posix_spawnp(pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	return -err;
}

/* The original's directory, absolute: the compiler may run elsewhere. */
static void quote_dir_of(const char *orig_path, char *out, size_t len)
{
	char *copy = strdup(orig_path), real[4096];
	const char *d = copy ? dirname(copy) : ".";

	if (realpath(d, real))
		d = real;
	snprintf(out, len, "%s", d);
	free(copy);
}

/* The job's -MD list: its log's name with .d for .log. */
static void deps_path(const struct compile_job *job, char *out, size_t len)
{
	snprintf(out, len, "%.*s.d", (int)(strlen(job->log_path) - 4), job->log_path);
}

/* Write text as the job's source and spawn clang on it; src_out as in compile_bpf. */
static int start_job(struct compile_job *job, struct compile_dir *dir,
		     const char *orig_path, const char *text, size_t len,
		     const struct compile_opts *cc, char *src_out, size_t srclen)
{
	char src[4200], quote_dir[4096], deps[4200];
	char *copy, **argv;
	unsigned id = dir->next_id++;
	pid_t pid;
	int err;

	job->pid = 0;
	job->ready = false;
	job->key = NULL;
	quote_dir_of(orig_path, quote_dir, sizeof(quote_dir));
	copy = strdup(orig_path);
	if (!copy)
		return -ENOMEM;
	snprintf(src, sizeof(src), "%s/%u-%s", dir->path, id, basename(copy));
	free(copy);
	snprintf(job->log_path, sizeof(job->log_path), "%s/%u.log", dir->path, id);
	snprintf(job->obj, sizeof(job->obj), "%s/%u.o", dir->path, id);
	deps_path(job, deps, sizeof(deps));
	job->link_with = cc->link_with;
	if (src_out)
		snprintf(src_out, srclen, "%s", src);
	else	/* callers that want the source's name read its line info */
		job->key = compile_cache_key__new(cc, orig_path, text, len);
	if (job->key && !compile_cache__get(job->key, cc, job->obj)) {
		compile_cache_key__free(job->key);
		job->key = NULL;
		job->ready = true;
		return 0;
	}
	err = write_all(src, text, len);
	argv = err ? NULL : build_argv(cc, quote_dir, src, job->obj, job->key ? deps : NULL);
	if (!err && !argv)
		err = -ENOMEM;
	if (!err)
		err = spawn_compiler(argv, cc->cwd, job->log_path, &pid);
	free(argv);
	if (!err) {
		job->pid = pid;
		job->started_ms = now_ms();
	} else {
		compile_cache_key__free(job->key);
		job->key = NULL;
	}
	return err;
}

int compile_job__start(struct compile_job *job, struct compile_dir *dir,
		       const char *orig_path, const char *text, size_t len,
		       const struct compile_opts *cc)
{
	return start_job(job, dir, orig_path, text, len, cc, NULL, 0);
}

void compile_job__cancel(struct compile_job *job)
{
	job->ready = false;
	compile_cache_key__free(job->key);
	job->key = NULL;
	if (!job->pid)
		return;
	kill(job->pid, SIGKILL);
	while (waitpid(job->pid, NULL, 0) < 0 && errno == EINTR)
		;
	job->pid = 0;
}

int compile_link(const char *obj, char *const *with, const char *out, char **log)
{
	struct bpf_linker *l = bpf_linker__new(out, NULL);
	const char *failed = obj;
	int err = l ? bpf_linker__add_file(l, obj, NULL) : -errno;

	for (size_t i = 0; !err && with && with[i]; i++) {
		failed = with[i];
		err = bpf_linker__add_file(l, with[i], NULL);
	}
	if (!err) {
		failed = NULL;
		err = bpf_linker__finalize(l);
	}
	bpf_linker__free(l);
	if (err && asprintf(log, "linking %s into one object failed: %s\n",
			    failed ? failed : out, strerror(err < 0 ? -err : err)) < 0)
		*log = NULL;
	return err < 0 ? err : err ? -err : 0;
}

/* Link the job's object with its link_with into <obj>.linked.o. */
static int link_job(struct compile_job *job, char **log)
{
	char linked[sizeof(job->obj)];
	int err;

	if (snprintf(linked, sizeof(linked), "%.4180s.linked.o", job->obj) >=
	    (int)sizeof(linked))
		return -ENAMETOOLONG;
	err = compile_link(job->obj, job->link_with, linked, log);
	if (!err)
		snprintf(job->obj, sizeof(job->obj), "%s", linked);
	return err ? -EBADMSG : 0;
}

int compile_job__finish(struct compile_job *job, char **log)
{
	int status, err;
	struct watch w = { .started_ms = job->started_ms, .progress_ms = job->started_ms };

	*log = NULL;
	if (job->ready) {	/* reused: the object is there already */
		job->ready = false;
		return 0;
	}
	if (!job->pid)
		return -ECHILD;
	err = wait_limited(job->pid, &w, &status);
	job->pid = 0;
	if (!err && WIFEXITED(status) && WEXITSTATUS(status) == 0 && job->key) {
		char deps[4200];

		deps_path(job, deps, sizeof(deps));
		compile_cache__put(job->key, job->obj, deps);	/* takes the key */
		job->key = NULL;
	}
	compile_cache_key__free(job->key);
	job->key = NULL;
	if (err == -ETIME) {
		*log = malloc(128);
		if (*log && w.stalled)
			snprintf(*log, 128, "%s %u s without using any CPU time (--compile-timeout): "
				 "the compiler waits\n", COMPILE_TIMEOUT_TEXT, time_limit_s);
		else if (*log)
			snprintf(*log, 128, "%s %u s of CPU time, the limit (--compile-timeout)\n",
				 COMPILE_TIMEOUT_TEXT, time_limit_s);
		return -EBADMSG;
	}
	if (err)
		return err;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return job->link_with && job->link_with[0] ? link_job(job, log) : 0;
	*log = read_small_file(job->log_path);
	return -EBADMSG;
}

int compile_bpf(struct compile_dir *dir, const char *orig_path,
		const char *text, size_t len, const struct compile_opts *cc,
		char *obj, size_t objlen, char *src_out, size_t srclen,
		char **log)
{
	struct compile_job job;
	int err;

	*log = NULL;
	err = start_job(&job, dir, orig_path, text, len, cc, src_out, srclen);
	if (err)
		return err;
	err = compile_job__finish(&job, log);
	if (!err && snprintf(obj, objlen, "%s", job.obj) >= (int)objlen)
		return -ENAMETOOLONG;
	return err;
}

/* "DIR/12-name.bpf.c" (a candidate's temporary copy): where "name.bpf.c" starts, else NULL. */
static const char *candidate_name(const char *path, size_t n)
{
	const char *base = path + n;
	size_t digits = 0;

	while (base > path && base[-1] != '/')
		base--;
	while (base + digits < path + n && base[digits] >= '0' && base[digits] <= '9')
		digits++;
	return digits && base[digits] == '-' ? base + digits + 1 : NULL;
}

void compile_log__first_error(const char *log, char *out, size_t outlen)
{
	const char *line = log, *hit = NULL;
	size_t n = 0;

	if (outlen)
		out[0] = '\0';
	while (line && *line && !hit) {
		const char *nl = strchr(line, '\n');

		n = nl ? (size_t)(nl - line) : strlen(line);
		hit = strstr(line, ": error: ");
		if (!hit || hit >= line + n)
			hit = strstr(line, ": fatal error: ");
		if (hit && hit >= line + n)
			hit = NULL;
		if (!hit)
			line = nl ? nl + 1 : NULL;
	}
	if (!hit || !outlen)
		return;
	size_t path_len = strcspn(line, ":"), loc = (size_t)(hit - line);
	const char *name = candidate_name(line, path_len);

	if (name)	/* the candidate's copy: its own name, lines as rewritten */
		snprintf(out, outlen, "%.*s (as rewritten)%.*s", (int)(line + loc - name), name,
			 (int)(n - loc), hit);
	else
		snprintf(out, outlen, "%.*s", (int)n, line);
}
