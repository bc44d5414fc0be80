/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Reading the small files lint_run depends on (configs, the compile
 * database) safely: a FIFO, device or socket is refused before it is read
 * (opening a FIFO alone blocks), and so is a file over the size bound.
 */
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lint/internal.h"

const char *lint__file_kind(mode_t mode)
{
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISCHR(mode) || S_ISBLK(mode))
		return "a device";
	if (S_ISSOCK(mode))
		return "a socket";
	if (S_ISDIR(mode))
		return "a directory";
	return "not a regular file";
}

int lint__read_regular(const char *path, size_t max, char **text, size_t *len, char **err)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC), e;
	struct stat st;
	char *buf;
	size_t got = 0;

	if (fd < 0 || fstat(fd, &st)) {
		e = errno;
		*err = lint__strdupf("%s: %s", path, strerror(e));
		if (fd >= 0)
			close(fd);
		return -e;
	}
	if (!S_ISREG(st.st_mode) || (unsigned long long)st.st_size > max) {
		*err = S_ISREG(st.st_mode)
			? lint__strdupf("%s: %llu bytes, over the %zu KiB limit", path,
					(unsigned long long)st.st_size, max >> 10)
			: lint__strdupf("%s: %s, not read", path, lint__file_kind(st.st_mode));
		close(fd);
		return S_ISREG(st.st_mode) ? -EFBIG : -EINVAL;
	}
	buf = malloc((size_t)st.st_size + 1);
	while (buf && got < (size_t)st.st_size) {
		ssize_t r = read(fd, buf + got, (size_t)st.st_size - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;	/* shrank meanwhile: what was there */
		got += (size_t)r;
	}
	close(fd);
	if (!buf)
		return -ENOMEM;
	buf[got] = 0;
	*text = buf;
	*len = got;
	return 0;
}

/* Array of objects, each with a "file" and a "command" or "arguments". */
static const char *db_shape_error(json_t *root)
{
	size_t i;
	json_t *e;

	if (!json_is_array(root))
		return "not a JSON array";
	json_array_foreach(root, i, e) {
		if (!json_is_object(e) || !json_is_string(json_object_get(e, "file")) ||
		    !json_is_string(json_object_get(e, "directory")) ||
		    !(json_is_string(json_object_get(e, "command")) ||
		      json_is_array(json_object_get(e, "arguments"))))
			return "an entry lacks directory, file, or command/arguments";
	}
	return NULL;
}

static int check_db(const char *dir, char **err)
{
	char *path = lint__strdupf("%s/compile_commands.json", dir), *text = NULL;
	const char *shape;
	json_error_t jerr;
	json_t *root;
	size_t len;
	int rc;

	if (!path)
		return -ENOMEM;
	rc = lint__read_regular(path, LINT_MAX_DB_BYTES, &text, &len, err);
	if (rc) {
		free(path);
		return rc;
	}
	root = json_loadb(text, len, 0, &jerr);
	free(text);
	if (!root)
		*err = lint__strdupf("%s:%d: malformed compile database: %s", path, jerr.line,
				     jerr.text);
	else if ((shape = db_shape_error(root)))
		*err = lint__strdupf("%s: malformed compile database: %s", path, shape);
	json_decref(root);
	free(path);
	return *err ? -EINVAL : 0;
}

/* One check per directory and process: lint_run asks for every file. */
int lint__check_compile_db(const char *dir, char **err)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	static char *done_dir, *done_err;
	static int done_rc;
	int rc;

	pthread_mutex_lock(&lock);
	if (!done_dir || strcmp(done_dir, dir)) {
		free(done_dir);
		free(done_err);
		done_err = NULL;
		done_rc = check_db(dir, &done_err);
		done_dir = strdup(dir);
	}
	rc = done_rc;
	*err = done_err ? strdup(done_err) : NULL;
	pthread_mutex_unlock(&lock);
	return rc;
}
