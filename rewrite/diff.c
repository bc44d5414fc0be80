// SPDX-License-Identifier: GPL-2.0-only
/*
 * Diffs: libgit2's xdiff rather than a hand-written one, so that hunks,
 * "\ No newline at end of file" and CRLF lines come out as git writes them.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <git2.h>
#include "rewrite/diff.h"

char *diff_display_path(const char *path)
{
	char *real = realpath(path, NULL), *cwd = getcwd(NULL, 0), *out = NULL;
	size_t n;

	if (!real)
		goto out;
	n = cwd ? strlen(cwd) : 0;
	if (cwd && strcmp(cwd, "/") == 0)
		out = strdup(real + 1);
	else if (cwd && strncmp(real, cwd, n) == 0 && real[n] == '/')
		out = strdup(real + n + 1);
	else
		out = strdup(real + (real[0] == '/'));
out:
	free(real);
	free(cwd);
	return out;
}

int diff_unified(const char *name, const char *old, size_t old_len,
		 const char *new_text, size_t new_len, char **out, size_t *out_len)
{
	git_diff_options opts;
	git_patch *patch = NULL;
	git_buf buf = { 0 };
	int rc = 0;

	*out = NULL;
	*out_len = 0;
	if (old_len == new_len && memcmp(old, new_text, old_len) == 0) {
		*out = strdup("");
		return *out ? 0 : -ENOMEM;
	}
	git_libgit2_init();
	git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
	opts.flags |= GIT_DIFF_FORCE_TEXT;
	opts.context_lines = 3;
	if (git_patch_from_buffers(&patch, old, old_len, name, new_text, new_len, name, &opts) ||
	    git_patch_to_buf(&buf, patch)) {
		rc = -EIO;
		goto out;
	}
	*out = malloc(buf.size + 1);
	if (!*out) {
		rc = -ENOMEM;
		goto out;
	}
	memcpy(*out, buf.ptr, buf.size);
	(*out)[buf.size] = '\0';
	*out_len = buf.size;
out:
	git_buf_dispose(&buf);
	git_patch_free(patch);
	git_libgit2_shutdown();
	return rc;
}
