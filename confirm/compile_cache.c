/* SPDX-License-Identifier: GPL-2.0-only */
/* Reusing the objects of identical compiles within one run (compile_cache.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "confirm/compile_cache.h"

/* Objects kept at most, in bytes: the oldest go first. */
#define CACHE_MAX_BYTES (256u << 20)

struct dep {
	char *path;            /* absolute, as the compile saw it (overlay: its real path) */
	uint64_t hash;
	size_t size;
};

struct compile_cache_key {
	char *head;            /* compiler, directory, file, flags, text */
	size_t head_len;
	char *cwd;             /* where relative dependencies are */
	char **external;       /* overlay temporaries ... */
	char **real;           /* ... and the paths they stand for */
	size_t n_overlay;
};

struct entry {
	struct entry *next;
	struct compile_cache_key *key;
	struct dep *deps;
	size_t n_deps;
	char *obj;
	size_t obj_len;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static bool enabled;
static struct entry *head, **tail = &head;
static size_t bytes;
static unsigned long n_compiled, n_reused;

void compile_cache__enable(bool on)
{
	enabled = on;
}

void compile_cache__counts(unsigned long *compiled, unsigned long *reused)
{
	pthread_mutex_lock(&lock);
	*compiled = n_compiled;
	*reused = n_reused;
	pthread_mutex_unlock(&lock);
}

/* A fast 64-bit hash of bytes (telling a changed file, not an adversary). */
static uint64_t hash_bytes(const char *p, size_t n)
{
	uint64_t h = 0x9e3779b97f4a7c15ull ^ n;

	for (; n >= 8; p += 8, n -= 8) {
		uint64_t w;

		memcpy(&w, p, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdull;
		h ^= h >> 32;
	}
	for (; n; p++, n--)
		h = (h ^ (unsigned char)*p) * 0x100000001b3ull;
	return h ^ (h >> 29);
}

/* A whole file (malloc'd), or NULL. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0, got;

	if (!f)
		return NULL;
	do {
		if (n == cap) {
			char *b = realloc(buf, cap = cap ? cap * 2 : 65536);

			if (!b) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = b;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
	} while (got);
	if (ferror(f)) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	*len = n;
	return buf;
}

static int append(char **s, size_t *n, const char *p, size_t len)
{
	char *v = realloc(*s, *n + len + 1);

	if (!v)
		return -ENOMEM;
	memcpy(v + *n, p, len);
	v[*n + len] = '\0';
	*s = v;
	*n += len + 1;	/* each part ends with a NUL */
	return 0;
}

/* The compile's directory, absolute (NULL: ours). */
static char *abs_cwd(const char *cwd)
{
	char here[PATH_MAX], *out = NULL;

	if (cwd && cwd[0] == '/')
		return strdup(cwd);
	if (!getcwd(here, sizeof(here)))
		return NULL;
	if (!cwd)
		return strdup(here);
	return asprintf(&out, "%s/%s", here, cwd) < 0 ? NULL : out;
}

static int key_overlay(struct compile_cache_key *k, const struct compile_opts *cc)
{
	k->n_overlay = cc->n_overlay_files;
	k->external = calloc(k->n_overlay + 1, sizeof(*k->external));
	k->real = calloc(k->n_overlay + 1, sizeof(*k->real));
	if (!k->external || !k->real)
		return -ENOMEM;
	for (size_t i = 0; i < k->n_overlay; i++) {
		k->external[i] = strdup(cc->overlay_files[i].external);
		k->real[i] = realpath(cc->overlay_files[i].path, NULL);
		if (!k->external[i] || !k->real[i])
			return -ENOMEM;
	}
	return 0;
}

struct compile_cache_key *compile_cache_key__new(const struct compile_opts *cc,
						 const char *orig_path,
						 const char *text, size_t len)
{
	struct compile_cache_key *k;
	int err;

	if (!enabled || (cc->link_with && cc->link_with[0]))
		return NULL;
	k = calloc(1, sizeof(*k));
	if (!k)
		return NULL;
	k->cwd = abs_cwd(cc->cwd);
	err = k->cwd ? 0 : -ENOMEM;
	if (!err)
		err = append(&k->head, &k->head_len, cc->compiler ? cc->compiler : BPF_CLANG,
			     strlen(cc->compiler ? cc->compiler : BPF_CLANG));
	if (!err)
		err = append(&k->head, &k->head_len, k->cwd, strlen(k->cwd));
	if (!err)
		err = append(&k->head, &k->head_len, orig_path, strlen(orig_path));
	for (size_t i = 0; !err && cc->args && cc->args[i]; i++)
		err = append(&k->head, &k->head_len, cc->args[i], strlen(cc->args[i]));
	if (!err)	/* flags end here: "\1" is no flag */
		err = append(&k->head, &k->head_len, "\1", 1);
	if (!err)
		err = append(&k->head, &k->head_len, text, len);
	if (!err)
		err = key_overlay(k, cc);
	if (err) {
		compile_cache_key__free(k);
		return NULL;
	}
	return k;
}

void compile_cache_key__free(struct compile_cache_key *k)
{
	if (!k)
		return;
	for (size_t i = 0; i < k->n_overlay; i++) {
		free(k->external ? k->external[i] : NULL);
		free(k->real ? k->real[i] : NULL);
	}
	free(k->external);
	free(k->real);
	free(k->head);
	free(k->cwd);
	free(k);
}

/* Does the compile of cc read d's bytes at d's path (its overlay's, else the disk's)? */
static bool dep_matches(const struct dep *d, const struct compile_opts *cc,
			char *const *overlaid)
{
	size_t len;
	char *text;
	bool same;

	for (size_t i = 0; i < cc->n_overlay_files; i++)
		if (!strcmp(overlaid[i], d->path))
			return cc->overlay_files[i].len == d->size &&
			       hash_bytes(cc->overlay_files[i].text,
					  cc->overlay_files[i].len) == d->hash;
	text = slurp(d->path, &len);
	same = text && len == d->size && hash_bytes(text, len) == d->hash;
	free(text);
	return same;
}

static bool entry_matches(const struct entry *e, const struct compile_cache_key *k,
			  const struct compile_opts *cc, char *const *overlaid)
{
	if (e->key->head_len != k->head_len || memcmp(e->key->head, k->head, k->head_len))
		return false;
	for (size_t i = 0; i < e->n_deps; i++)
		if (!dep_matches(&e->deps[i], cc, overlaid))
			return false;
	return true;
}

/* The real paths of cc's overlay files (malloc'd), or NULL if one has none. */
static char **overlaid_paths(const struct compile_opts *cc)
{
	char **v = calloc(cc->n_overlay_files + 1, sizeof(*v));
	bool all = v != NULL;

	for (size_t i = 0; all && i < cc->n_overlay_files; i++)
		all = (v[i] = realpath(cc->overlay_files[i].path, NULL)) != NULL;
	if (!all && v) {
		for (size_t i = 0; i < cc->n_overlay_files; i++)
			free(v[i]);
		free(v);
		v = NULL;
	}
	return v;
}

static void free_paths(char **v, size_t n)
{
	for (size_t i = 0; v && i < n; i++)
		free(v[i]);
	free(v);
}

static int write_obj(const char *path, const char *bytes, size_t len)
{
	FILE *f = fopen(path, "wb");
	int err = 0;

	if (!f)
		return -errno;
	if (fwrite(bytes, 1, len, f) != len)
		err = -EIO;
	if (fclose(f) && !err)
		err = -errno;
	if (err)
		unlink(path);
	return err;
}

int compile_cache__get(const struct compile_cache_key *k, const struct compile_opts *cc,
		       const char *obj_path)
{
	char **overlaid;
	int err = -ENOENT;

	if (!k)
		return -ENOENT;
	overlaid = overlaid_paths(cc);
	if (!overlaid)
		return -ENOENT;
	/* the lock covers the file reads: compiles start from one thread */
	pthread_mutex_lock(&lock);
	for (struct entry *e = head; e; e = e->next) {
		if (!entry_matches(e, k, cc, overlaid))
			continue;
		err = write_obj(obj_path, e->obj, e->obj_len);
		break;
	}
	if (err)
		n_compiled++;
	else
		n_reused++;
	pthread_mutex_unlock(&lock);
	free_paths(overlaid, cc->n_overlay_files);
	return err ? -ENOENT : 0;
}

/* The next path of a make rule; escapes ("\ ", "\#", "$$") undone. NULL at the end. */
static char *next_dep(const char **p)
{
	const char *s = *p;
	char *out;
	size_t n = 0;

	for (;;) {
		if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
			s++;
		else if (s[0] == '\\' && (s[1] == '\n' || (s[1] == '\r' && s[2] == '\n')))
			s += s[1] == '\n' ? 2 : 3;
		else
			break;
	}
	if (!*s)
		return NULL;
	out = malloc(strlen(s) + 1);
	while (out && *s && *s != ' ' && *s != '\t' && *s != '\n' && *s != '\r') {
		if (s[0] == '\\' && (s[1] == ' ' || s[1] == '#'))
			s++;
		else if (s[0] == '$' && s[1] == '$')
			s++;
		else if (s[0] == '\\' && (s[1] == '\n' || s[1] == '\r'))
			break;
		out[n++] = *s++;
	}
	if (out)
		out[n] = '\0';
	*p = s;
	return out;
}

/*
 * Where the compile read listed (absolute) from, and the path it stands
 * for (as overlays name theirs: realpath); *path malloc'd, NULL if gone.
 */
static const char *locate(const struct compile_cache_key *k, const char *listed, char **path)
{
	*path = NULL;
	for (size_t i = 0; i < k->n_overlay; i++)
		if (!strcmp(k->external[i], listed)) {
			*path = strdup(k->real[i]);
			return listed;
		}
	*path = realpath(listed, NULL);
	for (size_t i = 0; *path && i < k->n_overlay; i++)
		if (!strcmp(k->real[i], *path))
			return k->external[i];	/* named by the path it overlays */
	return *path;
}

/* One listed file into e, hashed as the compile read it. */
static int add_dep(struct entry *e, const struct compile_cache_key *k, const char *listed)
{
	struct dep *v = realloc(e->deps, (e->n_deps + 1) * sizeof(*v));
	char *text = NULL, *abs = NULL, *path;
	const char *from;
	size_t len;

	if (!v)
		return -ENOMEM;
	e->deps = v;
	if (listed[0] != '/' && asprintf(&abs, "%s/%s", k->cwd, listed) < 0)
		return -ENOMEM;
	from = locate(k, abs ? abs : listed, &path);
	if (path)
		text = slurp(from, &len);
	free(abs);
	if (!text) {
		free(path);
		return -ENOENT;
	}
	e->deps[e->n_deps++] = (struct dep){ .path = path, .hash = hash_bytes(text, len),
					     .size = len };
	free(text);
	return 0;
}

/* The files dep_path lists after the target and the source itself. */
static int read_deps(struct entry *e, const struct compile_cache_key *k, const char *dep_path)
{
	size_t len;
	char *rule = slurp(dep_path, &len), *tok;
	const char *p;
	int err = 0, i = 0;

	if (!rule)
		return -ENOENT;
	rule = realloc(rule, len + 1);
	if (!rule)
		return -ENOMEM;
	rule[len] = '\0';
	p = rule;
	while (!err && (tok = next_dep(&p))) {
		if (i++ >= 2)	/* "OBJ:", the compiled copy: in the key already */
			err = add_dep(e, k, tok);
		free(tok);
	}
	free(rule);
	return i >= 2 ? err : -EBADMSG;
}

static void entry_free(struct entry *e)
{
	for (size_t i = 0; i < e->n_deps; i++)
		free(e->deps[i].path);
	free(e->deps);
	free(e->obj);
	compile_cache_key__free(e->key);
	free(e);
}

/* Make room for len more bytes: the oldest objects go. */
static void evict_for(size_t len)
{
	while (head && bytes + len > CACHE_MAX_BYTES) {
		struct entry *e = head;

		head = e->next;
		if (!head)
			tail = &head;
		bytes -= e->obj_len;
		entry_free(e);
	}
}

void compile_cache__put(struct compile_cache_key *k, const char *obj_path,
			const char *dep_path)
{
	struct entry *e;

	if (!k)
		return;
	e = calloc(1, sizeof(*e));
	if (!e) {
		compile_cache_key__free(k);
		return;
	}
	e->key = k;
	e->obj = slurp(obj_path, &e->obj_len);
	if (!e->obj || e->obj_len > CACHE_MAX_BYTES || read_deps(e, k, dep_path)) {
		entry_free(e);
		return;
	}
	pthread_mutex_lock(&lock);
	evict_for(e->obj_len);
	*tail = e;
	tail = &e->next;
	bytes += e->obj_len;
	pthread_mutex_unlock(&lock);
}
