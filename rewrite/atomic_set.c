// SPDX-License-Identifier: GPL-2.0-only
/*
 * Writing the files of one fix as a set (atomic.h): every file's new
 * bytes in a temporary beside it, then a journal beside every file
 * naming the set, the first file's journal last: its rename is the
 * commit. After the renames the journals go, the first file's first.
 * A journal is:  line 1 the first file's journal path, then one
 * "TEMP<TAB>FILE" line per file. The writer holds flock() on every
 * journal while it works; a journal nobody holds was left by a kill.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>
#include "rewrite/atomic.h"
#include "rewrite/atomic_internal.h"

struct set_file {
	char *tmpl, *dir, *journal;
	int fd, jfd;                 /* the temporary, the journal (locked) */
	bool renamed;
};

static char *journal_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *j = NULL;

	if (asprintf(&j, "%.*s.%s.bpf-fix-journal", slash ? (int)(slash - path + 1) : 0, path,
		     slash ? slash + 1 : path) < 0)
		return NULL;
	return j;
}

static void step(const struct replace_opts *o)
{
	if (o && o->between_steps)
		o->between_steps(o->arg);
}

/* The journal text: the commit journal's path, then TEMP\tFILE lines. */
static char *journal_text(const struct file_snapshot *snaps, const struct set_file *f, size_t n)
{
	size_t len = strlen(f[0].journal) + 2;
	char *t;

	for (size_t i = 0; i < n; i++)
		len += strlen(f[i].tmpl) + strlen(snaps[i].path) + 2;
	t = malloc(len + 1);
	if (!t)
		return NULL;
	strcpy(t, f[0].journal);
	strcat(t, "\n");
	for (size_t i = 0; i < n; i++) {
		strcat(t, f[i].tmpl);
		strcat(t, "\t");
		strcat(t, snaps[i].path);
		strcat(t, "\n");
	}
	return t;
}

/* Write text as file i's journal: temporary, fsync, rename, fsync the directory. */
static int put_journal(struct set_file *f, const struct file_snapshot *s, const char *text)
{
	char *tmpl = NULL, *dir = NULL;
	char why[128];
	int fd, err;

	if (atomic__temp_names(s->path, &tmpl, &dir))
		return -ENOMEM;
	fd = mkostemp(tmpl, O_CLOEXEC);
	err = fd < 0 ? -errno : 0;
	if (!err) {
		flock(fd, LOCK_EX);
		err = atomic__fill_temp(fd, s, text, strlen(text), why, sizeof(why));
	}
	if (!err && rename(tmpl, f->journal))
		err = -errno;
	if (!err)
		err = atomic__fsync_dir(dir);
	if (err && fd >= 0) {
		unlink(tmpl);
		close(fd);
	} else if (!err) {
		f->jfd = fd;	/* stays locked: the set is being written */
	}
	free(tmpl);
	free(dir);
	return err;
}

static void undo(struct set_file *f, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (f[i].fd >= 0 && !f[i].renamed)
			unlink(f[i].tmpl);
		if (f[i].jfd >= 0)
			unlink(f[i].journal);
	}
}

static void release(struct set_file *f, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (f[i].fd >= 0)
			close(f[i].fd);
		if (f[i].jfd >= 0)
			close(f[i].jfd);
		free(f[i].tmpl);
		free(f[i].dir);
		free(f[i].journal);
	}
	free(f);
}

/* Every file's temporary, written, synced and checked against what was read. */
static int prepare(const struct file_snapshot *snaps, const char *const *bytes,
		   const size_t *lens, size_t n, struct set_file *f,
		   const struct replace_opts *opts, char *why, size_t whylen)
{
	for (size_t i = 0; i < n; i++) {
		int err;

		if (atomic__read_only(&snaps[i])) {
			snprintf(why, whylen, "%s: read-only file, not changed", snaps[i].path);
			return -EACCES;
		}
		if (atomic__temp_names(snaps[i].path, &f[i].tmpl, &f[i].dir) ||
		    !(f[i].journal = journal_name(snaps[i].path)))
			return -ENOMEM;
		f[i].fd = mkostemp(f[i].tmpl, O_CLOEXEC);
		if (f[i].fd < 0) {
			snprintf(why, whylen, "%s: creating a temporary file: %s", snaps[i].path,
				 strerror(errno));
			return -errno;
		}
		flock(f[i].fd, LOCK_EX);
		err = atomic__fill_temp(f[i].fd, &snaps[i], bytes[i], lens[i], why, whylen);
		if (err)
			return err;
		if (opts && opts->before_commit)
			opts->before_commit(snaps[i].path, opts->arg);
	}
	for (size_t i = 0; i < n; i++)
		if (!atomic__unchanged(&snaps[i])) {
			snprintf(why, whylen, "%s: changed on disk since it was read, no file of "
				 "the set written", snaps[i].path);
			return -ESTALE;
		}
	return 0;
}

int file_set__replace(const struct file_snapshot *snaps, const char *const *bytes,
		      const size_t *lens, size_t n, const struct replace_opts *opts,
		      char *why, size_t whylen)
{
	struct set_file *f = calloc(n ? n : 1, sizeof(*f));
	char *text = NULL;
	int err;

	if (!f)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		f[i].fd = f[i].jfd = -1;
	err = prepare(snaps, bytes, lens, n, f, opts, why, whylen);
	if (!err && !(text = journal_text(snaps, f, n)))
		err = -ENOMEM;
	/* The others' journals first: the first file's is the commit. */
	for (size_t k = 1; k <= n && !err; k++) {
		step(opts);
		err = put_journal(&f[k % n], &snaps[k % n], text);
		if (err)
			snprintf(why, whylen, "%s: writing the journal: %s", snaps[k % n].path,
				 strerror(-err));
	}
	if (err) {
		undo(f, n);
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		step(opts);
		if (rename(f[i].tmpl, snaps[i].path) == 0)
			f[i].renamed = true;
		atomic__fsync_dir(f[i].dir);
	}
	for (size_t i = 0; i < n; i++) {	/* the commit journal goes first */
		step(opts);
		unlink(f[i].journal);
		atomic__fsync_dir(f[i].dir);
	}
out:
	free(text);
	release(f, n);
	return err;
}

/* Read a whole small file (a journal); NULL if it cannot. */
static char *slurp(int fd)
{
	char *buf = malloc(65537);
	ssize_t n = buf ? pread(fd, buf, 65536, 0) : -1;

	if (n < 0) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	return buf;
}

/* Drop the journal beside file when it belongs to the set committed by master. */
static void drop_journal(const char *file, const char *master)
{
	char *j = journal_name(file), *text;
	int fd = j ? open(j, O_RDONLY | O_CLOEXEC) : -1;
	size_t ml = strlen(master);

	if (fd >= 0 && (text = slurp(fd))) {
		if (!strncmp(text, master, ml) && text[ml] == '\n')
			unlink(j);
		free(text);
	}
	if (fd >= 0)
		close(fd);
	free(j);
}

/* Committed (its master journal exists): rename what is left; else remove the temporaries. */
static void settle(char *text)
{
	char *save = NULL, *master = strtok_r(text, "\n", &save), *line;
	bool committed = master && access(master, F_OK) == 0;
	char *files[256];
	size_t n = 0;

	while (master && (line = strtok_r(NULL, "\n", &save)) && n < 256) {
		char *tab = strchr(line, '\t');

		if (!tab)
			continue;
		*tab = '\0';
		if (committed)
			rename(line, tab + 1);	/* a temporary already renamed is gone: ENOENT */
		else
			unlink(line);
		files[n++] = tab + 1;
	}
	if (!master)
		return;
	if (committed)
		unlink(master);
	for (size_t i = 0; i < n; i++)
		drop_journal(files[i], master);
}

/*
 * Threads of one run recover one at a time: a thread that finds a journal
 * another thread of this run is settling waits here until the set is
 * whole, and sees the count move (file_set__settled), so it reads again.
 */
static pthread_mutex_t recover_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_uint settled_sets;

unsigned file_set__settled(void)
{
	return atomic_load(&settled_sets);
}

int file_set__recover(const char *path)
{
	char *j = journal_name(path), *text;
	int fd, done = 0;

	pthread_mutex_lock(&recover_lock);
	fd = j ? open(j, O_RDONLY | O_CLOEXEC) : -1;
	/* a journal another process holds is a set being written now */
	if (fd >= 0 && !flock(fd, LOCK_EX | LOCK_NB) && (text = slurp(fd))) {
		settle(text);
		free(text);
		atomic_fetch_add(&settled_sets, 1);
		done = 1;
	}
	if (fd >= 0)
		close(fd);
	pthread_mutex_unlock(&recover_lock);
	free(j);
	return done;
}
