// SPDX-License-Identifier: GPL-2.0-only
/*
 * Atomic replacement of a file (see atomic.h). Between the final check and
 * rename(2) a writer could still slip in; no POSIX call closes that window,
 * the check only makes it as small as it can be.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/file.h>
#include <unistd.h>
#include "rewrite/atomic.h"
#include "rewrite/atomic_internal.h"

/* Read all of fd into a NUL-terminated buffer. */
static int read_all(int fd, char **out, size_t *len)
{
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap + 1);

	if (!buf)
		return -ENOMEM;
	for (;;) {
		ssize_t r;

		if (n == cap) {
			char *p = realloc(buf, cap * 2 + 1);

			if (!p) {
				free(buf);
				return -ENOMEM;
			}
			buf = p;
			cap *= 2;
		}
		r = read(fd, buf + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int err = -errno;

			free(buf);
			return err;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	buf[n] = '\0';
	*out = buf;
	*len = n;
	return 0;
}

int file_snapshot__read(struct file_snapshot *s, const char *path,
			char *why, size_t whylen)
{
	int fd, err;

	memset(s, 0, sizeof(*s));
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);	/* a FIFO must not block */
	if (fd < 0) {
		err = -errno;
		snprintf(why, whylen, "%s", strerror(errno));
		return err;
	}
	if (fstat(fd, &s->st)) {
		err = -errno;
		snprintf(why, whylen, "%s", strerror(errno));
		goto fail;
	}
	if (S_ISDIR(s->st.st_mode) || !S_ISREG(s->st.st_mode)) {
		err = S_ISDIR(s->st.st_mode) ? -EISDIR : -EINVAL;
		snprintf(why, whylen, "%s", S_ISDIR(s->st.st_mode) ? "is a directory"
			 : S_ISFIFO(s->st.st_mode) ? "a FIFO, not read"
			 : S_ISCHR(s->st.st_mode) || S_ISBLK(s->st.st_mode) ? "a device, not read"
			 : "not a regular file, not read");
		goto fail;
	}
	s->path = realpath(path, NULL);
	err = s->path ? read_all(fd, &s->bytes, &s->len) : -errno;
	if (err) {
		snprintf(why, whylen, "%s", strerror(-err));
		goto fail;
	}
	close(fd);
	return 0;
fail:
	close(fd);
	file_snapshot__free(s);
	return err;
}

void file_snapshot__free(struct file_snapshot *s)
{
	free(s->path);
	free(s->bytes);
	memset(s, 0, sizeof(*s));
}

static int write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t w = write(fd, buf, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -errno;
		buf += w;
		len -= (size_t)w;
	}
	return 0;
}

/* Is the file at s->path still what s holds? */
bool atomic__unchanged(const struct file_snapshot *s)
{
	struct stat st;
	char *now = NULL;
	size_t len = 0;
	bool same;
	int fd = open(s->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0)
		return false;
	same = fstat(fd, &st) == 0 && st.st_dev == s->st.st_dev &&
	       st.st_ino == s->st.st_ino && st.st_size == s->st.st_size &&
	       st.st_mtim.tv_sec == s->st.st_mtim.tv_sec &&
	       st.st_mtim.tv_nsec == s->st.st_mtim.tv_nsec &&
	       read_all(fd, &now, &len) == 0 && len == s->len &&
	       memcmp(now, s->bytes, len) == 0;
	free(now);
	close(fd);
	return same;
}

int atomic__fsync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), err = 0;

	if (fd < 0)
		return -errno;
	if (fsync(fd))
		err = -errno;
	close(fd);
	return err;
}

/* The temporary beside the original, DIR/.NAME.bpf-fix-XXXXXX, and DIR. */
int atomic__temp_names(const char *path, char **tmpl, char **dir)
{
	const char *slash = strrchr(path, '/'); /* path is absolute (realpath) */
	size_t dlen = slash ? (size_t)(slash - path) : 0;

	*dir = strndup(slash ? path : ".", slash ? (dlen ? dlen : 1) : 1);
	if (!*dir || asprintf(tmpl, "%s/.%s.bpf-fix-XXXXXX", *dir,
			      slash ? slash + 1 : path) < 0) {
		free(*dir);
		*dir = *tmpl = NULL;
		return -ENOMEM;
	}
	return 0;
}

/*
 * Temporaries of ours that a killed run left beside path: each live one
 * is flock()ed by its writer, so one we can lock has no writer any more.
 */
static void remove_stale_temps(const char *dir, const char *path)
{
	const char *base = strrchr(path, '/');
	char prefix[512];
	struct dirent *e;
	DIR *d;

	base = base ? base + 1 : path;
	if (snprintf(prefix, sizeof(prefix), ".%s.bpf-fix-", base) >= (int)sizeof(prefix))
		return;
	d = opendir(dir);
	if (!d)
		return;
	while ((e = readdir(d))) {
		int fd;

		if (strncmp(e->d_name, prefix, strlen(prefix)) ||
		    strlen(e->d_name) != strlen(prefix) + 6)
			continue;
		fd = openat(dirfd(d), e->d_name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0)
			continue;
		if (!flock(fd, LOCK_EX | LOCK_NB))
			unlinkat(dirfd(d), e->d_name, 0);
		close(fd);
	}
	closedir(d);
}

void file_snapshot__remove_stale(const char *path)
{
	char *tmpl = NULL, *dir = NULL, *real;

	file_set__recover(path);	/* a set's temporaries are its journal's to judge */
	real = realpath(path, NULL);
	if (real && !atomic__temp_names(real, &tmpl, &dir))
		remove_stale_temps(dir, real);
	free(real);
	free(tmpl);
	free(dir);
}

static int fail(char *why, size_t whylen, int err, const char *what)
{
	snprintf(why, whylen, "%s: %s", what, strerror(-err));
	return err;
}

bool atomic__read_only(const struct file_snapshot *s)
{
	/* root may write anything: the mode bits still say "do not". */
	return !(s->st.st_mode & 0222) || access(s->path, W_OK) != 0;
}

/* Write, sync and give the temporary the original's mode and owner. */
int atomic__fill_temp(int fd, const struct file_snapshot *s, const char *bytes,
		     size_t len, char *why, size_t whylen)
{
	int err = write_all(fd, bytes, len);

	if (err)
		return fail(why, whylen, err, "writing the temporary file");
	if (fchmod(fd, s->st.st_mode & 07777))
		return fail(why, whylen, -errno, "fchmod");
	if (fchown(fd, s->st.st_uid, s->st.st_gid) && errno != EPERM)
		return fail(why, whylen, -errno, "fchown");
	if (fsync(fd))
		return fail(why, whylen, -errno, "fsync");
	return 0;
}

int file_snapshot__replace(const struct file_snapshot *s, const char *bytes,
			   size_t len, const struct replace_opts *opts,
			   char *why, size_t whylen)
{
	char *tmpl = NULL, *dir = NULL;
	int fd, err;

	if (atomic__read_only(s)) {
		snprintf(why, whylen, "read-only file, not changed");
		return -EACCES;
	}
	if (atomic__temp_names(s->path, &tmpl, &dir))
		return fail(why, whylen, -ENOMEM, "temporary file name");
	fd = mkostemp(tmpl, O_CLOEXEC);
	if (fd < 0) {
		err = fail(why, whylen, -errno, "creating a temporary file");
		goto out;
	}
	flock(fd, LOCK_EX);	/* "alive": a later run must not take it for stale */
	err = atomic__fill_temp(fd, s, bytes, len, why, whylen);
	if (!err && opts && opts->before_commit)
		opts->before_commit(s->path, opts->arg);
	if (!err && !atomic__unchanged(s)) {
		snprintf(why, whylen, "changed on disk since it was read, not written");
		err = -ESTALE;
	}
	if (!err && rename(tmpl, s->path))
		err = fail(why, whylen, -errno, "rename");
	close(fd);
	if (err) {
		unlink(tmpl);
		goto out;
	}
	err = atomic__fsync_dir(dir);
	if (err)
		fail(why, whylen, err, "written, but fsync of the directory failed");
out:
	free(tmpl);
	free(dir);
	return err;
}
