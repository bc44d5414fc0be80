/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The project a file belongs to, and which of the files a unit includes
 * are the project's own code (reported by default, fixed by bpf-fix):
 * those below the project's root that are not generated (vmlinux*.h,
 * *.skel.h) nor libbpf's headers (vendored or installed). The root is the
 * directory of the file's .bpf-lint.yaml, else its git work tree, else
 * the nearest directory upwards with a build file (a release tarball has
 * no .git: falco's programs/ include ../helpers/), else its own directory.
 */
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "lint/internal.h"

/* Is path (absolute) dir itself or below it? */
static bool below(const char *dir, const char *path)
{
	size_t n = strlen(dir);

	if (n == 1 && dir[0] == '/')
		return true;
	return !strncmp(dir, path, n) && (path[n] == '/' || path[n] == '\0');
}

/* The nearest directory from dir upwards holding .git (dir or file), in place. */
static bool git_top(char *dir)
{
	char probe[PATH_MAX + 8];
	struct stat st;

	for (;;) {
		char *slash;

		if (snprintf(probe, sizeof(probe), "%s/.git", dir) < (int)sizeof(probe) &&
		    stat(probe, &st) == 0)
			return true;
		slash = strrchr(dir, '/');
		if (!slash || slash == dir)
			return false;
		*slash = '\0';
	}
}

/* The nearest directory from dir upwards holding a build file, in place. */
static bool build_top(char *dir)
{
	static const char *const names[] = {
		"Makefile", "GNUmakefile", "makefile", "CMakeLists.txt", "meson.build", "Kbuild",
	};
	char probe[PATH_MAX + 16];
	struct stat st;

	for (;;) {
		char *slash;

		for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
			if (snprintf(probe, sizeof(probe), "%s/%s", dir, names[i]) <
			    (int)sizeof(probe) && stat(probe, &st) == 0 && S_ISREG(st.st_mode))
				return true;
		slash = strrchr(dir, '/');
		if (!slash || slash == dir)
			return false;
		*slash = '\0';
	}
}

int project__root(const char *main_path, const char *config_path, char *out, size_t size)
{
	char file[PATH_MAX], dir[PATH_MAX];
	char *slash;

	if (!lint__abspath(main_path, file, sizeof(file)))
		return -ENAMETOOLONG;
	snprintf(dir, sizeof(dir), "%s", file);
	slash = strrchr(dir, '/');
	if (slash)
		*(slash == dir ? slash + 1 : slash) = '\0';
	if (config_path) {
		char conf[PATH_MAX];

		if (lint__abspath(config_path, conf, sizeof(conf)) && (slash = strrchr(conf, '/'))) {
			*(slash == conf ? slash + 1 : slash) = '\0';
			if (below(conf, file))
				return snprintf(out, size, "%s", conf) < (int)size ? 0 : -ENAMETOOLONG;
		}
	}
	snprintf(out, size, "%s", dir);
	if (git_top(out))
		return 0;
	snprintf(out, size, "%s", dir);
	if (build_top(out))
		return 0;
	return snprintf(out, size, "%s", dir) < (int)size ? 0 : -ENAMETOOLONG;
}

/* Headers nobody edits by hand: generated ones and libbpf's own. */
static bool not_user_code(const char *path)
{
	static const char *const names[] = {
		"vmlinux*.h", "*.skel.h", "bpf_helpers.h", "bpf_helper_defs.h",
		"bpf_tracing.h", "bpf_core_read.h", "bpf_endian.h", "usdt.bpf.h",
	};
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!fnmatch(names[i], base, 0))
			return true;
	return strstr(path, "/libbpf/") != NULL;	/* a vendored libbpf */
}

bool project__owns(const char *root, const char *path)
{
	char real[PATH_MAX];

	if (!root || !realpath(path, real))
		return false;
	return below(root, real) && !not_user_code(real);
}
