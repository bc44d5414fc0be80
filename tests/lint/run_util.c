/* SPDX-License-Identifier: GPL-2.0-only */
#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tests/lint/run_util.h"

char *read_file(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (!fp)
		return NULL;
	if (fseek(fp, 0, SEEK_END) == 0 && (n = ftell(fp)) >= 0 && fseek(fp, 0, SEEK_SET) == 0 &&
	    (buf = malloc(n + 1))) {
		size_t got = fread(buf, 1, n, fp);

		buf[got] = '\0';
		if (len)
			*len = got;
	}
	fclose(fp);
	return buf;
}

int split_words(const char *s, char **out, int max)
{
	int n = 0;

	while (*s && n < max) {
		char word[1024];
		size_t k = 0;

		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s || *s == '\n')
			break;
		while (*s && *s != ' ' && *s != '\t' && *s != '\n' && k < sizeof(word) - 1) {
			if (*s == '"') {
				for (s++; *s && *s != '"' && k < sizeof(word) - 1; s++)
					word[k++] = *s;
				if (*s == '"')
					s++;
			} else
				word[k++] = *s++;
		}
		word[k] = '\0';
		out[n++] = strdup(word);
	}
	return n;
}

/* Append what fd has to *buf; false at EOF. */
static bool drain(int fd, char **buf, size_t *len)
{
	char chunk[4096];
	ssize_t r = read(fd, chunk, sizeof(chunk));
	char *b;

	if (r <= 0)
		return false;
	b = realloc(*buf, *len + r + 1);
	if (!b)
		return false;
	memcpy(b + *len, chunk, r);
	*len += r;
	b[*len] = '\0';
	*buf = b;
	return true;
}

int run_capture(const char *const *argv, char **out, char **err)
{
	int po[2], pe[2], status;
	size_t lo = 0, le = 0;
	pid_t pid;

	*out = calloc(1, 1);
	*err = calloc(1, 1);
	if (pipe(po) || pipe(pe))
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		dup2(po[1], 1);
		dup2(pe[1], 2);
		close(po[0]);
		close(pe[0]);
		execv(argv[0], (char *const *)argv);
		_exit(127);
	}
	close(po[1]);
	close(pe[1]);
	struct pollfd fds[2] = { { po[0], POLLIN, 0 }, { pe[0], POLLIN, 0 } };
	int open = 2;

	while (open > 0 && poll(fds, 2, -1) > 0) {
		for (int i = 0; i < 2; i++) {
			if (fds[i].fd >= 0 && fds[i].revents &&
			    !drain(fds[i].fd, i ? err : out, i ? &le : &lo)) {
				close(fds[i].fd);
				fds[i].fd = -1;
				open--;
			}
		}
	}
	if (waitpid(pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_case(const char *name)
{
	size_t n = strlen(name);

	return n > 6 && !strcmp(name + n - 6, ".bpf.c") &&
	       !(n > 12 && !strcmp(name + n - 12, ".fixed.bpf.c"));
}

char **testdata_cases(const char *root, bool (*skip)(const char *dir),
		      const char *only, size_t *n)
{
	char top[4096], sub[8192];
	char **v = NULL;
	size_t cap = 0;
	struct dirent *d, *f;
	DIR *td, *sd;

	*n = 0;
	snprintf(top, sizeof(top), "%s/testdata", root);
	td = opendir(top);
	while (td && (d = readdir(td))) {
		if ((skip && skip(d->d_name)) || (only && strcmp(only, d->d_name)))
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", top, d->d_name);
		sd = opendir(sub);
		while (sd && (f = readdir(sd))) {
			if (!is_case(f->d_name))
				continue;
			if (*n == cap) {
				char **nv = realloc(v, (cap = cap * 2 + 64) * sizeof(*v));

				if (!nv)
					break;
				v = nv;
			}
			if (asprintf(&v[*n], "%s/%s", sub, f->d_name) >= 0)
				(*n)++;
		}
		if (sd)
			closedir(sd);
	}
	if (td)
		closedir(td);
	if (*n)
		qsort(v, *n, sizeof(*v), cmp);
	return v;
}
