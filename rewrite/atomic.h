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
	/* file_set__replace: called between its steps (tests widen the windows). */
	void (*between_steps)(void *arg);
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

/*
 * Replace the files of one fix at once (rewrite/atomic_set.c): snaps[i]
 * gets bytes[i]. Each file goes through a temporary as above; then a
 * journal beside every file (.NAME.bpf-fix-journal) names the set, the
 * one beside the first file last (the commit), the renames follow and the
 * journals go. A run killed before the commit leaves the originals, one
 * killed after it is finished by file_set__recover. Errors as
 * file_snapshot__replace, and then no file is changed.
 */
int file_set__replace(const struct file_snapshot *snaps, const char *const *bytes,
		      const size_t *lens, size_t n, const struct replace_opts *opts,
		      char *why, size_t whylen);
/*
 * If a killed run left a journal beside path: finish its set (committed)
 * or remove its temporaries (not). Returns 1 if it changed anything, else
 * 0; a set another live run is writing is left alone.
 */
int file_set__recover(const char *path);
/*
 * How many sets file_set__recover has settled in this process so far: a
 * thread that read files before the count moved may have read a set half
 * renamed, and reads them again.
 */
unsigned file_set__settled(void);

#endif
