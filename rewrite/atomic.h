/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Replacing a file without ever losing data: what was read is kept as a
 * snapshot, and the new bytes go to a temporary file in the same
 * directory that is renamed over the original only if the original is
 * still exactly what was read. A symlink is followed: its target is
 * rewritten and the link stays a link.
 */
#ifndef BPF_REWRITE_ATOMIC_H
#define BPF_REWRITE_ATOMIC_H

#include <stddef.h>
#include <sys/stat.h>

struct file_snapshot {
	char *path;          /* the real file (symlinks resolved) */
	struct stat st;      /* as read */
	char *bytes;         /* NUL-terminated copy; len bytes */
	size_t len;
};

/*
 * Read path into s. -ENOENT, -EISDIR, -EINVAL (not a regular file),
 * -EACCES, -ENOMEM... with a one-line reason in why.
 */
int file_snapshot__read(struct file_snapshot *s, const char *path,
			char *why, size_t whylen);
void file_snapshot__free(struct file_snapshot *s);
/*
 * Remove the temporaries a killed bpf-fix left beside path
 * (.NAME.bpf-fix-XXXXXX nobody holds a lock on). Never fails loudly.
 */
void file_snapshot__remove_stale(const char *path);

struct replace_opts {
	/* Called after the temporary is written, before the final check (tests). */
	void (*before_commit)(const char *path, void *arg);
	void *arg;
};

/*
 * Replace the snapshot's file with bytes: mkstemp beside it, write,
 * fsync, the original's mode (and owner when permitted), check the
 * original is unchanged (size, mtime, inode, content re-read), rename,
 * fsync the directory. -EACCES for a read-only file, -ESTALE when it
 * changed since it was read; on any error the original is untouched and
 * the temporary removed. opts may be NULL.
 */
int file_snapshot__replace(const struct file_snapshot *s, const char *bytes,
			   size_t len, const struct replace_opts *opts,
			   char *why, size_t whylen);

#endif
