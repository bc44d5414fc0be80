/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Compiling candidate sources to BPF objects in a private temporary
 * directory, with the same flags the front end parsed them with.
 */
#ifndef CONFIRM_COMPILE_H
#define CONFIRM_COMPILE_H

#include <stdbool.h>
#include <stddef.h>

struct compile_cache_key;

struct compile_dir {
	char path[4096];
	unsigned next_id;          /* names the objects built in it */
};

/* Create a fresh private directory under $TMPDIR (or /tmp); 0 or -errno. */
int compile_dir__new(struct compile_dir *dir);
/* Remove the directory and everything in it (never fails loudly). */
void compile_dir__remove(struct compile_dir *dir);

/* A file an -ivfsoverlay lays over the disk for one compile. */
struct compile_overlay_file {
	const char *path;          /* the real path it stands for (absolute) */
	const char *external;      /* the temporary file holding its bytes */
	const char *text;          /* those bytes */
	size_t len;
};

/*
 * How the project compiles a file: the same compiler and flags it builds
 * with, so that the objects confirmed are the objects it loads.
 */
struct compile_opts {
	const char *compiler;      /* a path or a name on $PATH; NULL: clang-19 */
	char *const *args;         /* flags, NULL-terminated, no input/output */
	const char *cwd;           /* the command's directory; NULL: ours */
	char *const *link_with;    /* objects the project links with this one
				    * before loading (bpftool gen object), in
				    * order after it; NULL-terminated, or NULL */
	const char *overlay;       /* an -ivfsoverlay YAML put after args, or NULL */
	const struct compile_overlay_file *overlay_files;  /* what it lays over */
	size_t n_overlay_files;
};

/*
 * Compile text as if it were the file orig_path (its directory stays on
 * the quote-include path) with cc's compiler and flags: -O2 -g first (the
 * project's own -O wins), -c SRC -o OBJ last.
 * Writes the object's path into obj (size objlen) and, when src is not
 * NULL, the path the source was compiled as (what line info names)
 * into src (size srclen). Returns 0, or -errno on a spawn failure
 * (-ENOENT: no such compiler), or -EBADMSG with the compiler's messages in *log
 * (malloc'd; caller frees) when it did not compile.
 */
int compile_bpf(struct compile_dir *dir, const char *orig_path,
		const char *text, size_t len, const struct compile_opts *cc,
		char *obj, size_t objlen, char *src, size_t srclen,
		char **log);

/* Each compile is killed after this many seconds (bpf-fix --compile-timeout). */
#define COMPILE_DEFAULT_SECONDS 120u
/* The first words of the log of a compile that was killed for its time. */
#define COMPILE_TIMEOUT_TEXT "compiling took over"
/* Set the time limit of every later compile (0: the default). */
void compile__set_time_limit(unsigned seconds);

/* A compile running in the background (so two can overlap). */
struct compile_job {
	int pid;                   /* 0: not running */
	long started_ms;           /* CLOCK_MONOTONIC, for the time limit */
	char obj[4200];            /* the object it writes (linked, when finished) */
	char log_path[4200];
	char *const *link_with;    /* linked after compiling: compile_opts' */
	bool ready;                /* obj was reused (compile_cache): nothing runs */
	struct compile_cache_key *key;  /* to cache the object once it is built */
};

/*
 * Link obj with the objects in with (NULL-terminated) into out, as
 * libbpf's linker (bpftool gen object) does; 0, or -errno with a
 * one-line reason in *log (malloc'd).
 */
int compile_link(const char *obj, char *const *with, const char *out, char **log);

/* Start compiling text like compile_bpf does; 0 or -errno (nothing runs). */
int compile_job__start(struct compile_job *job, struct compile_dir *dir,
		       const char *orig_path, const char *text, size_t len,
		       const struct compile_opts *cc);
/* Stop a job whose result is no longer wanted (kill and reap it). */
void compile_job__cancel(struct compile_job *job);
/*
 * Wait for the job (and link it): compile_bpf's return and *log; obj is
 * in job->obj. A job past the time limit is killed: -EBADMSG, *log
 * starting with COMPILE_TIMEOUT_TEXT.
 */
int compile_job__finish(struct compile_job *job, char **log);

/*
 * The compiler's first error line of log into out ("" if none): a line of
 * the candidate's temporary copy is named as the file ("prog.bpf.c:12:3
 * (as rewritten): error: ..."), other files keep their path.
 */
void compile_log__first_error(const char *log, char *out, size_t outlen);

#endif
