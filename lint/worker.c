/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The language server's parses in one long-lived worker process (issue
 * 21): libclang can take gigabytes and minutes on 26 hostile bytes or
 * overflow its stack on a deep expression, and in the server's own
 * process that ends the session or keeps the memory. The worker is a
 * fork of the server holding the warm units (warm.c), so a keystroke
 * still costs a reparse; it runs under the memory limit of
 * --parse-limits and gets the CPU limit anew for each parse. When it dies,
 * the buffer it was parsing gets one error, its memory goes back to the
 * system and the next lint forks a new worker.
 *
 * Frames on a socket pair, each a 64-bit length and then wire.h bytes:
 * to the worker "lint PATH TEXT" (answered with "reparsed" and the
 * result) or "forget PATH" (not answered).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "lint/internal.h"
#include "lint/isolate.h"
#include "lint/warm.h"
#include "lint/wire.h"
#include "lint/worker.h"

enum { OP_LINT = 1, OP_FORGET = 2 };

#define FRAME_MAX (1ull << 30)   /* no answer is a gigabyte: a broken stream */

struct lint_worker {
	struct lint_options opt;     /* unsaved_text set per lint */
	struct lint_limits lim;
	pid_t pid;                   /* 0: no worker running */
	int fd;                      /* our end of the socket pair */
	char **held;                 /* the paths the running worker keeps units for */
	size_t n_held;
};

static int send_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t r = send(fd, p, n, MSG_NOSIGNAL);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -EPIPE;
		p += r;
		n -= (size_t)r;
	}
	return 0;
}

static int send_frame(int fd, const struct lint_wire *w)
{
	uint64_t n = w->n;

	if (w->bad)
		return -ENOMEM;
	if (send_all(fd, (const char *)&n, sizeof(n)))
		return -EPIPE;
	return send_all(fd, w->p, w->n);
}

static int ms_until(const struct timespec *t)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (int)((t->tv_sec - now.tv_sec) * 1000 + (t->tv_nsec - now.tv_nsec) / 1000000);
}

/* n bytes into p by deadline (NULL: no deadline): 0, -EPIPE (closed) or -ETIME. */
static int recv_all(int fd, char *p, size_t n, const struct timespec *deadline)
{
	while (n) {
		struct pollfd pfd = { fd, POLLIN, 0 };
		ssize_t r;

		if (deadline) {
			int ms = ms_until(deadline), ready;

			if (ms <= 0)
				return -ETIME;
			ready = poll(&pfd, 1, ms);
			if (ready < 0 && errno == EINTR)
				continue;
			if (ready == 0)
				return -ETIME;
		}
		r = read(fd, p, n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -EPIPE;
		p += r;
		n -= (size_t)r;
	}
	return 0;
}

static int recv_frame(int fd, struct lint_wire *w, const struct timespec *deadline)
{
	uint64_t n;
	int rc = recv_all(fd, (char *)&n, sizeof(n), deadline);

	if (rc)
		return rc;
	if (n > FRAME_MAX)
		return -EPROTO;
	w->p = malloc(n ? n : 1);
	if (!w->p)
		return -EPROTO;	/* the stream cannot go on without reading it */
	w->n = w->cap = n;
	w->at = 0;
	return recv_all(fd, w->p, n, deadline);
}

/* The CPU limit from now on for one parse, and an alarm for one stuck off-CPU. */
static void limit_this_parse(unsigned secs)
{
	struct rusage ru;
	struct rlimit cpu;

	if (!getrusage(RUSAGE_SELF, &ru) && !getrlimit(RLIMIT_CPU, &cpu)) {
		cpu.rlim_cur = (rlim_t)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) + 1 + secs;
		if (cpu.rlim_max != RLIM_INFINITY && cpu.rlim_cur > cpu.rlim_max)
			cpu.rlim_cur = cpu.rlim_max;
		setrlimit(RLIMIT_CPU, &cpu);
	}
	alarm(secs * 4 + 10);
}

static void worker_lint(struct lint_warm *warm, struct lint_wire *req, int fd,
			struct lint_options *opt, const struct lint_limits *lim)
{
	struct bpf_findings found = { 0 };
	struct lint_wire out = { 0 };
	char *path = wire__get_str(req), *text, *err = NULL;
	bool reparsed = false;
	size_t len;
	int rc = -EPROTO;

	text = wire__get_mem(req, &len);
	if (!req->bad && path && text) {
		opt->unsaved_text = text;
		opt->unsaved_len = len;
		limit_this_parse(lim->cpu_seconds);
		rc = lint_warm_run(warm, path, opt, &found, &err, &reparsed);
		alarm(0);
		opt->unsaved_text = NULL;	/* freed below */
	}
	wire__put_u64(&out, reparsed);
	wire__put_result(&out, rc, err, &found);
	/* the server is gone, or libclang lost memory catching a crash: end */
	if (send_frame(fd, &out) || rc == -ECANCELED)
		_exit(0);
	wire__free(&out);
	findings_free(&found);
	free(err);
	free(path);
	free(text);
}

static void __attribute__((noreturn))
worker_main(int fd, struct lint_options opt, const struct lint_limits *lim, pid_t server)
{
	int null = open("/dev/null", O_RDWR);
	struct lint_warm *warm;

	/* stdin and stdout are the editor's channel: the worker never touches them */
	if (null >= 0) {
		dup2(null, STDIN_FILENO);
		dup2(null, STDOUT_FILENO);
		close(null);
	}
	lint__forked_child(lim);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != server)
		_exit(0);
	warm = lint_warm_new();
	if (!warm)
		_exit(4);
	for (;;) {
		struct lint_wire req = { 0 };
		uint64_t op;

		if (recv_frame(fd, &req, NULL))
			_exit(0);	/* the server closed its end: no leak check, no atexit */
		op = wire__get_u64(&req);
		if (op == OP_LINT) {
			worker_lint(warm, &req, fd, &opt, lim);
		} else if (op == OP_FORGET) {
			char *path = wire__get_str(&req);

			if (path)
				lint_warm_forget(warm, path);
			free(path);
		}
		wire__free(&req);
	}
}

static int worker_start(struct lint_worker *w)
{
	pid_t server = getpid(), pid;
	int sv[2], rc;

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv))
		return -errno;
	pid = lint__fork();
	if (pid < 0) {
		rc = -errno;
		close(sv[0]);
		close(sv[1]);
		return rc;
	}
	if (pid == 0) {
		close(sv[0]);
		worker_main(sv[1], w->opt, &w->lim, server);
	}
	close(sv[1]);
	w->pid = pid;
	w->fd = sv[0];
	return 0;
}

static void drop_held(struct lint_worker *w)
{
	for (size_t i = 0; i < w->n_held; i++)
		free(w->held[i]);
	free(w->held);
	w->held = NULL;
	w->n_held = 0;
}

/* End the worker (kill: it may be stuck); its wait status. */
static int worker_stop(struct lint_worker *w, bool kill_it)
{
	int status = 0;

	close(w->fd);	/* a worker waiting for a frame exits */
	if (kill_it)
		kill(w->pid, SIGKILL);
	while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
		;
	w->pid = 0;
	w->fd = -1;
	drop_held(w);
	return status;
}

static bool holds_others(const struct lint_worker *w, const char *path)
{
	for (size_t i = 0; i < w->n_held; i++)
		if (strcmp(w->held[i], path))
			return true;
	return false;
}

static void note_held(struct lint_worker *w, const char *path)
{
	char **nv;

	for (size_t i = 0; i < w->n_held; i++)
		if (!strcmp(w->held[i], path))
			return;
	nv = realloc(w->held, (w->n_held + 1) * sizeof(*nv));
	if (!nv)
		return;	/* only a retry fewer */
	w->held = nv;
	if ((w->held[w->n_held] = strdup(path)))
		w->n_held++;
}

/* Send the lint and read the answer: 0, -ESRCH (the worker was gone), -EPIPE, -ETIME... */
static int ask(struct lint_worker *w, const char *path, const char *text, size_t len,
	       struct lint_wire *resp)
{
	struct lint_wire req = { 0 };
	struct timespec deadline;
	int rc;

	wire__put_u64(&req, OP_LINT);
	wire__put_str(&req, path);
	wire__put_mem(&req, text, len);
	clock_gettime(CLOCK_MONOTONIC, &deadline);
	deadline.tv_sec += w->lim.cpu_seconds * 4 + 20;	/* after the worker's own alarm */
	rc = send_frame(w->fd, &req);
	if (rc == -EPIPE)
		rc = -ESRCH;
	else if (!rc)
		rc = recv_frame(w->fd, resp, &deadline);
	wire__free(&req);
	return rc;
}

/* One lint in the worker; -EAGAIN: the worker had died before, try a new one. */
static int run_once(struct lint_worker *w, const char *path, const char *text, size_t len,
		    struct bpf_findings *out, char **err, bool *reparsed)
{
	struct lint_wire resp = { 0 };
	bool fresh = !w->pid;
	int rc, status;

	if (!w->pid && (rc = worker_start(w))) {
		*err = lint__strdupf("%s: cannot start the parse worker: %s", path, strerror(-rc));
		return rc;
	}
	rc = ask(w, path, text, len, &resp);
	if (!rc) {
		*reparsed = wire__get_u64(&resp);
		rc = wire__get_result(&resp, out, err);
	}
	wire__free(&resp);
	if (rc == -ENOMEM && !*err)
		*err = strdup("out of memory");
	if (rc == -ESRCH || rc == -ETIME || rc == -EPIPE || rc == -EPROTO) {
		status = worker_stop(w, rc != -EPIPE && rc != -ESRCH);
		findings_free(out);
		memset(out, 0, sizeof(*out));
		free(*err);
		*err = lint__death_reason(path, status, &w->lim);
		return rc == -ESRCH && !fresh ? -EAGAIN : -ECHILD;
	}
	if (rc == -ECANCELED) {	/* the worker ends after this answer */
		worker_stop(w, false);
		return -ECHILD;
	}
	note_held(w, path);
	return rc;
}

int lint_worker_run(struct lint_worker *w, const char *path, const char *text, size_t len,
		    struct bpf_findings *out, char **err, bool *reparsed)
{
	bool others = holds_others(w, path);
	int rc;

	*err = NULL;
	*reparsed = false;
	rc = run_once(w, path, text, len, out, err, reparsed);
	if (rc == -EAGAIN || (rc == -ECHILD && others)) {
		free(*err);
		*err = NULL;
		rc = run_once(w, path, text, len, out, err, reparsed);
		if (rc == -EAGAIN)
			rc = -ECHILD;
	}
	return rc;
}

void lint_worker_forget(struct lint_worker *w, const char *path)
{
	struct lint_wire req = { 0 };

	for (size_t i = 0; i < w->n_held; i++)
		if (!strcmp(w->held[i], path)) {
			free(w->held[i]);
			w->held[i] = w->held[--w->n_held];
			wire__put_u64(&req, OP_FORGET);
			wire__put_str(&req, path);
			send_frame(w->fd, &req);	/* a dead worker holds nothing */
			wire__free(&req);
			return;
		}
}

struct lint_worker *lint_worker_new(const struct lint_options *base)
{
	struct lint_worker *w = calloc(1, sizeof(*w));

	if (!w)
		return NULL;
	w->opt = *base;
	w->opt.unsaved_text = NULL;
	w->opt.unsaved_len = 0;
	w->lim = base->limits;
	if (!w->lim.memory_mib)
		w->lim = (struct lint_limits){ LINT_PARSE_MEMORY_MIB, LINT_PARSE_SECONDS };
	w->fd = -1;
	return w;
}

void lint_worker_free(struct lint_worker *w)
{
	if (!w)
		return;
	if (w->pid)
		worker_stop(w, true);
	drop_held(w);
	free(w);
}
