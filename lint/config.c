/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * .bpf-lint.yaml, found walking up from the file as .clang-tidy is:
 *   rules: {ID: on|off|note|warning|error}   or   rules: [ID, -glob*]
 *   RULE-ID-OPTION: N        (a rule's integer option, rules/rule.h)
 *   target-kernel: "6.4"
 *   exclude: [vendor/, "*.skel.bpf.c"]   (gitignore-style, for directory runs)
 *   files: ["*.bpf.c", "*_kern.c"]        (the names a directory walk takes)
 *   link: [[a.bpf.c, b.bpf.c], ...]      (sources linked into one object,
 *                                         as bpftool gen object does)
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>
#include "lint/internal.h"
#include "lint/lint.h"

#define CONFIG_NAME ".bpf-lint.yaml"

int config__rule_index(const char *id)
{
	for (unsigned i = 0; i < bpf_rules_count && i < LINT_MAX_RULES; i++)
		if (strcmp(bpf_rules[i]->id, id) == 0)
			return (int)i;
	return -1;
}

static void config_defaults(struct lint_file_config *c)
{
	memset(c, 0, sizeof(*c));
	for (int i = 0; i < LINT_MAX_RULES; i++) {
		c->rules[i].enabled = -1;
		c->rules[i].severity = -1;
	}
}

struct yctx {
	yaml_document_t *doc;
	struct lint_file_config *c;
	const char *name;
	char **err;
};

static int fail(struct yctx *y, yaml_node_t *n, const char *what, const char *val)
{
	*y->err = lint__strdupf("%s:%zu: %s%s%s%s", y->name, n ? n->start_mark.line + 1 : 1,
				what, val ? " '" : "", val ? val : "", val ? "'" : "");
	return -EINVAL;
}

static const char *scalar(yaml_node_t *n)
{
	return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static int set_rule(struct yctx *y, yaml_node_t *kn, yaml_node_t *vn)
{
	static const char *const sev[] = { "note", "warning", "error" };
	const char *id = scalar(kn), *v = scalar(vn);
	int i = id ? config__rule_index(id) : -1;

	if (i < 0)
		return fail(y, kn, "unknown rule", id);
	if (!v)
		return fail(y, vn, "rule setting must be on, off, note, warning or error", NULL);
	if (!strcmp(v, "on") || !strcmp(v, "true")) {
		y->c->rules[i].enabled = 1;
		return 0;
	}
	if (!strcmp(v, "off") || !strcmp(v, "false")) {
		y->c->rules[i].enabled = 0;
		return 0;
	}
	for (int s = 0; s < 3; s++) {
		if (!strcmp(v, sev[s])) {
			y->c->rules[i].enabled = 1;
			y->c->rules[i].severity = s;
			return 0;
		}
	}
	return fail(y, vn, "rule setting must be on, off, note, warning or error, not", v);
}

/* A Checks-like glob ("-*", "bounded-*") applied to every rule in order. */
static int apply_glob(struct yctx *y, yaml_node_t *n)
{
	const char *g = scalar(n);
	bool any = false;

	if (!g)
		return fail(y, n, "rules list entries must be strings", NULL);
	for (unsigned i = 0; i < bpf_rules_count && i < LINT_MAX_RULES; i++) {
		bool was = y->c->rules[i].enabled < 0 ? bpf_rules[i]->enabled_by_default
						       : y->c->rules[i].enabled;
		bool now = lint__globs_apply(g, strlen(g), bpf_rules[i]->id, was);

		any |= nolint__list_matches(g[0] == '-' ? g + 1 : g,
					    strlen(g[0] == '-' ? g + 1 : g), bpf_rules[i]->id);
		y->c->rules[i].enabled = now;
	}
	return any ? 0 : fail(y, n, "no rule matches", g);
}

static int load_rules(struct yctx *y, yaml_node_t *n)
{
	int rc = 0;

	if (n->type == YAML_MAPPING_NODE) {
		for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
		     p < n->data.mapping.pairs.top && !rc; p++)
			rc = set_rule(y, yaml_document_get_node(y->doc, p->key),
				      yaml_document_get_node(y->doc, p->value));
	} else if (n->type == YAML_SEQUENCE_NODE) {
		for (yaml_node_item_t *it = n->data.sequence.items.start;
		     it < n->data.sequence.items.top && !rc; it++)
			rc = apply_glob(y, yaml_document_get_node(y->doc, *it));
	} else if (scalar(n)) {
		/* "-*,pragma-*" as one string, like clang-tidy's Checks. */
		char *s = strdup(scalar(n)), *save = NULL;

		for (char *t = s ? strtok_r(s, ",", &save) : NULL; t && !rc;
		     t = strtok_r(NULL, ",", &save)) {
			yaml_node_t tmp = *n;

			while (*t == ' ')
				t++;
			tmp.data.scalar.value = (yaml_char_t *)t;
			rc = apply_glob(y, &tmp);
		}
		free(s);
	}
	return rc;
}

static int add_pattern(struct yctx *y, yaml_node_t *n, struct lint_patterns *l,
		       const char *key)
{
	const char *v = scalar(n);
	char **e, what[64];

	if (!v || !*v) {
		snprintf(what, sizeof(what), "%s entries must be non-empty strings", key);
		return fail(y, n, what, NULL);
	}
	e = realloc(l->v, (l->n + 1) * sizeof(*e));
	if (!e)
		return -ENOMEM;
	l->v = e;
	if (!(e[l->n] = strdup(v)))
		return -ENOMEM;
	l->n++;
	return 0;
}

/* exclude: / files: one pattern or a list of them. */
static int load_patterns(struct yctx *y, yaml_node_t *n, struct lint_patterns *l,
			 const char *key)
{
	int rc = 0;

	if (n->type != YAML_SEQUENCE_NODE)
		return add_pattern(y, n, l, key);
	for (yaml_node_item_t *it = n->data.sequence.items.start;
	     it < n->data.sequence.items.top && !rc; it++)
		rc = add_pattern(y, yaml_document_get_node(y->doc, *it), l, key);
	return rc;
}

static void free_patterns(struct lint_patterns *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

/* link: a list of groups, each a list of two or more source paths. */
static int load_links(struct yctx *y, yaml_node_t *n)
{
	int rc = 0;

	if (n->type != YAML_SEQUENCE_NODE)
		return fail(y, n, "link must be a list of lists of files", NULL);
	for (yaml_node_item_t *it = n->data.sequence.items.start;
	     it < n->data.sequence.items.top && !rc; it++) {
		yaml_node_t *g = yaml_document_get_node(y->doc, *it);
		struct lint_patterns *v;

		if (g->type != YAML_SEQUENCE_NODE ||
		    g->data.sequence.items.top - g->data.sequence.items.start < 2)
			return fail(y, g, "each link entry must list two or more files", NULL);
		v = realloc(y->c->links, (y->c->n_links + 1) * sizeof(*v));
		if (!v)
			return -ENOMEM;
		y->c->links = v;
		memset(&v[y->c->n_links], 0, sizeof(*v));
		rc = load_patterns(y, g, &v[y->c->n_links++], "link");
	}
	return rc;
}

/* k is "<id>-<option>" of a rule: set it (0 or -EINVAL), else -ENOENT. */
static int rule_option(struct yctx *y, const char *k, yaml_node_t *vn)
{
	const char *v = scalar(vn);

	for (unsigned i = 0; i < bpf_rules_count && i < LINT_MAX_RULES; i++) {
		const struct bpf_rule *r = bpf_rules[i];
		size_t n = strlen(r->id);
		char *end;
		long t;

		if (!r->option || strncmp(k, r->id, n) || k[n] != '-' || strcmp(k + n + 1, r->option))
			continue;
		t = v ? strtol(v, &end, 10) : 0;
		if (!v || *end || t < 1 || t > 1000000) {
			char what[160];

			snprintf(what, sizeof(what), "%s must be a positive integer", k);
			return fail(y, vn, what, v);
		}
		y->c->rules[i].option = (unsigned)t;
		return 0;
	}
	return -ENOENT;
}

static int load_key(struct yctx *y, yaml_node_t *kn, yaml_node_t *vn)
{
	const char *k = scalar(kn), *v = scalar(vn);
	int rc;

	if (!k)
		return fail(y, kn, "keys must be strings", NULL);
	if (!strcmp(k, "rules") || !strcmp(k, "Checks"))
		return load_rules(y, vn);
	if (!strcmp(k, "exclude"))
		return load_patterns(y, vn, &y->c->exclude, k);
	if (!strcmp(k, "files"))
		return load_patterns(y, vn, &y->c->files, k);
	if (!strcmp(k, "link"))
		return load_links(y, vn);
	rc = rule_option(y, k, vn);
	if (rc != -ENOENT)
		return rc;
	/* target_kernel: is the spelling other YAML tools would use. */
	if (!strcmp(k, "target-kernel") || !strcmp(k, "target_kernel")) {
		unsigned kv = lint_parse_kernel(v);

		if (!kv)
			return fail(y, vn, "target-kernel must look like \"6.4\", not", v);
		y->c->cfg.target_kernel = kv;
		y->c->kernel_set = true;
		return 0;
	}
	return fail(y, kn, "unknown key", k);
}

int config__parse(struct lint_file_config *c, const char *text, size_t len,
		  const char *name, char **err)
{
	yaml_parser_t parser;
	yaml_document_t doc;
	yaml_node_t *root;
	struct yctx y = { &doc, c, name, err };
	int rc = 0;

	if (!yaml_parser_initialize(&parser))
		return -ENOMEM;
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	if (!yaml_parser_load(&parser, &doc)) {
		*err = lint__strdupf("%s:%zu: %s", name, parser.problem_mark.line + 1,
				     parser.problem ? parser.problem : "malformed YAML");
		yaml_parser_delete(&parser);
		return -EINVAL;
	}
	root = yaml_document_get_root_node(&doc);
	if (root && root->type != YAML_MAPPING_NODE)
		rc = fail(&y, root, "the top level must be a mapping", NULL);
	for (yaml_node_pair_t *p = root && !rc ? root->data.mapping.pairs.start : NULL;
	     p && p < root->data.mapping.pairs.top && !rc; p++)
		rc = load_key(&y, yaml_document_get_node(&doc, p->key),
			      yaml_document_get_node(&doc, p->value));
	yaml_document_delete(&doc);
	yaml_parser_delete(&parser);
	return rc;
}

static int load_file(struct lint_file_config *c, const char *file, char **err)
{
	FILE *fp = fopen(file, "r");
	char *buf = NULL;
	size_t len = 0, cap = 0, n;
	int rc;

	if (!fp) {
		int e = errno;

		*err = lint__strdupf("%s: %s", file, strerror(e));
		return -e;
	}
	do {
		if (len + 4096 > cap) {
			char *b = realloc(buf, cap = cap * 2 + 4096);

			if (!b) {
				free(buf);
				fclose(fp);
				return -ENOMEM;
			}
			buf = b;
		}
		n = fread(buf + len, 1, cap - len, fp);
		len += n;
	} while (n > 0);
	fclose(fp);
	rc = config__parse(c, buf ? buf : "", len, file, err);
	free(buf);
	c->path = strdup(file);
	return rc;
}

/* Nearest .bpf-lint.yaml in path's directory or above; 0 if none. */
static int find_config(const char *path, char *out, size_t size)
{
	char dir[PATH_MAX];
	char *slash;

	struct stat st;

	if (!lint__abspath(path, dir, sizeof(dir))) {
		if (!getcwd(dir, sizeof(dir)))
			return 0;
	} else if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) {
		/* a directory's own config applies to it */
	} else if ((slash = strrchr(dir, '/'))) {
		*slash = '\0';
	}
	for (;;) {
		snprintf(out, size, "%s/%s", dir, CONFIG_NAME);
		if (access(out, R_OK) == 0)
			return 1;
		slash = strrchr(dir, '/');
		if (!slash || slash == dir) {
			snprintf(out, size, "/%s", CONFIG_NAME);
			return access(out, R_OK) == 0;
		}
		*slash = '\0';
	}
}

int config__load(struct lint_file_config *c, const char *path,
		 const char *opt_path, char **err)
{
	char found[PATH_MAX + 32];
	int rc;

	config_defaults(c);
	if (opt_path)
		rc = load_file(c, opt_path, err);
	else if (find_config(path, found, sizeof(found)))
		rc = load_file(c, found, err);
	else
		return 0;
	if (rc)
		config__free(c);
	return rc;
}

/* dir/rel made absolute and canonical (realpath), into out. */
static bool resolve(const char *dir, const char *rel, char *out)
{
	char joined[PATH_MAX * 2];

	snprintf(joined, sizeof(joined), "%s/%s", rel[0] == '/' ? "" : dir, rel);
	return realpath(joined, out) != NULL;
}

/* The members of group g, resolved; NULL if path is not one of them. */
static char **group_members(const struct lint_patterns *g, const char *dir,
			    const char *self)
{
	char **out = calloc(g->n + 1, sizeof(*out)), abs[PATH_MAX * 2 + 2];
	bool found = false;

	for (size_t i = 0; out && i < g->n; i++) {
		if (!resolve(dir, g->v[i], abs))	/* missing: said when compiled */
			snprintf(abs, sizeof(abs), "%s/%s", dir, g->v[i]);
		found |= !strcmp(abs, self);
		out[i] = strdup(abs);
	}
	if (out && !found) {
		lint_args_free(out);
		out = NULL;
	}
	return out;
}

char **lint_link_group(const char *path, const struct lint_options *opt)
{
	struct lint_file_config c;
	char self[PATH_MAX], dir[PATH_MAX], *err = NULL, **out = NULL;

	if (!realpath(path, self) ||
	    config__load(&c, path, opt ? opt->config_path : NULL, &err)) {
		free(err);
		return NULL;
	}
	snprintf(dir, sizeof(dir), "%s", c.path ? c.path : ".");
	if (strrchr(dir, '/'))
		*strrchr(dir, '/') = '\0';
	for (size_t i = 0; i < c.n_links && !out; i++)
		out = group_members(&c.links[i], dir, self);
	config__free(&c);
	return out;
}

void config__free(struct lint_file_config *c)
{
	free_patterns(&c->exclude);
	free_patterns(&c->files);
	for (size_t i = 0; i < c->n_links; i++)
		free_patterns(&c->links[i]);
	free(c->links);
	c->links = NULL;
	c->n_links = 0;
	free(c->path);
	c->path = NULL;
}
