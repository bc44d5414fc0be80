/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The testdata runner: for every testdata/DIR/NAME.bpf.c (not NAME.fixed.bpf.c,
 * not verifier/ or e2e/), run bpf-lint --format=json with the file's
 * LINT-ARGS and compare its findings with the EXPECT annotations
 * (testdata/README.md). Each mismatch is printed as FILE:LINE: why.
 * usage: testdata_runner BPF-LINT SOURCE-ROOT [EXTRA-INCLUDE-DIR] [ONLY-DIR]
 * Runs in SOURCE-ROOT, so LINT-ARGS paths are relative to it.
 */
#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <limits.h>
#include <unistd.h>
#include "tests/lint/run_util.h"

struct expect {
	unsigned line, col;      /* col 0: any */
	char rule[64];
	char text[256];          /* "" : any message */
	bool met;
};

struct expects {
	struct expect v[256];
	size_t n;
	char *args[64];
	int n_args;
};

/* Parse one "EXPECT[+-N]: rule [col=N] ["text"]" starting at p on line ln. */
static void parse_expect(struct expects *e, const char *p, unsigned ln)
{
	struct expect *x;
	long delta = 0;
	char *end;

	p += strlen("EXPECT");
	if (*p == '+' || *p == '-') {
		delta = strtol(p, &end, 10);
		p = end;
	}
	if (*p != ':' || e->n >= 256)
		return;
	x = &e->v[e->n++];
	memset(x, 0, sizeof(*x));
	x->line = (unsigned)((long)ln + delta);
	p++;
	while (*p == ' ')
		p++;
	for (size_t i = 0; *p && *p != ' ' && *p != '\n' && i < sizeof(x->rule) - 1; i++)
		x->rule[i] = *p++;
	while (*p == ' ') {
		while (*p == ' ')
			p++;
		if (!strncmp(p, "col=", 4)) {
			x->col = (unsigned)strtoul(p + 4, &end, 10);
			p = end;
		} else if (*p == '"') {
			const char *q = strchr(p + 1, '"');

			if (q && (size_t)(q - p - 1) < sizeof(x->text)) {
				memcpy(x->text, p + 1, q - p - 1);
				x->text[q - p - 1] = '\0';
			}
			p = q ? q + 1 : p + strlen(p);
		} else
			break;
	}
}

static void parse_file(struct expects *e, const char *text)
{
	unsigned ln = 1;

	for (const char *p = text; *p; ln++) {
		const char *eol = strchr(p, '\n');
		size_t n = eol ? (size_t)(eol - p) : strlen(p);
		char line[1024];
		char *s;

		if (n >= sizeof(line))
			n = sizeof(line) - 1;
		memcpy(line, p, n);
		line[n] = '\0';
		for (s = line; (s = strstr(s, "// EXPECT")); s += 9)
			parse_expect(e, s + 3, ln);
		if ((s = strstr(line, "// LINT-ARGS:")))
			e->n_args += split_words(s + 13, e->args + e->n_args, 60 - e->n_args);
		p = eol ? eol + 1 : p + n;
	}
}

static bool matches(const struct expect *x, const char *rule, unsigned line,
		    unsigned col, const char *msg)
{
	return !x->met && x->line == line && !strcmp(x->rule, rule) &&
	       (!x->col || x->col == col) && (!x->text[0] || strstr(msg, x->text));
}

/* Compare findings (JSON array) with expectations; returns mismatches. */
static int compare(const char *path, struct expects *e, json_t *arr)
{
	int bad = 0;
	size_t i;
	json_t *f;

	json_array_foreach(arr, i, f) {
		const char *rule = json_string_value(json_object_get(f, "rule"));
		const char *msg = json_string_value(json_object_get(f, "message"));
		const char *file = json_string_value(json_object_get(f, "file"));
		json_t *start = json_object_get(json_object_get(f, "range"), "start");
		unsigned line = (unsigned)json_integer_value(json_object_get(start, "line"));
		unsigned col = (unsigned)json_integer_value(json_object_get(start, "col"));
		bool found = false;

		if (!rule || !msg || !file) {
			printf("%s: malformed finding in JSON output\n", path);
			bad++;
			continue;
		}
		for (size_t k = 0; k < e->n && !found; k++)
			if (strcmp(file, path) == 0 && matches(&e->v[k], rule, line, col, msg))
				found = e->v[k].met = true;
		if (!found) {
			printf("%s:%u: unexpected finding [%s] col %u: %s\n", file, line, rule, col, msg);
			bad++;
		}
	}
	for (size_t k = 0; k < e->n; k++) {
		if (!e->v[k].met) {
			printf("%s:%u: expected [%s]%s%s%s not reported\n", path, e->v[k].line,
			       e->v[k].rule, e->v[k].text[0] ? " \"" : "", e->v[k].text,
			       e->v[k].text[0] ? "\"" : "");
			bad++;
		}
	}
	return bad;
}

static int run_case(const char *lint, const char *root, const char *inc, const char *path)
{
	struct expects *e = calloc(1, sizeof(*e));
	char *text = read_file(path, NULL), *out = NULL, *err = NULL;
	const char *argv[96];
	char inc1[4096], inc2[4096];
	int argc = 0, status, bad;
	bool dash = false;
	json_error_t jerr;
	json_t *arr;

	if (!e || !text) {
		printf("%s:1: cannot read\n", path);
		free(e);
		free(text);
		return 1;
	}
	parse_file(e, text);
	argv[argc++] = lint;
	argv[argc++] = "--format=json";
	argv[argc++] = path;
	for (int i = 0; i < e->n_args; i++)
		dash |= !strcmp(e->args[i], "--");
	for (int i = 0; i < e->n_args && argc < 80; i++)
		argv[argc++] = e->args[i];
	if (!dash)
		argv[argc++] = "--";
	snprintf(inc1, sizeof(inc1), "-I%s/testdata/include", root);
	argv[argc++] = inc1;
	if (inc) {
		snprintf(inc2, sizeof(inc2), "-I%s", inc);
		argv[argc++] = inc2;
	}
	argv[argc] = NULL;
	status = run_capture(argv, &out, &err);
	arr = out ? json_loads(out, 0, &jerr) : NULL;
	if (err && (strstr(err, "Sanitizer") || strstr(err, "runtime error:"))) {
		printf("%s:1: sanitizer report:\n%s\n", path, err);
		bad = 1;
	} else if (status != 0 && status != 1) {
		printf("%s:1: bpf-lint exited %d: %s\n", path, status, err ? err : "");
		bad = 1;
	} else if (!json_is_array(arr)) {
		printf("%s:1: bpf-lint printed no JSON array\n", path);
		bad = 1;
	} else {
		bad = compare(path, e, arr);
		if (!bad && (status == 1) != (json_array_size(arr) > 0)) {
			printf("%s:1: exit status %d does not match %zu findings\n", path,
			       status, json_array_size(arr));
			bad = 1;
		}
	}
	json_decref(arr);
	for (int i = 0; i < e->n_args; i++)
		free(e->args[i]);
	free(e);
	free(text);
	free(out);
	free(err);
	return bad;
}

static bool skip_dir(const char *name)
{
	return name[0] == '.' || !strcmp(name, "verifier") || !strcmp(name, "e2e") ||
	       !strcmp(name, "include");
}

int main(int argc, char **argv)
{
	char **files;
	size_t n;
	int bad = 0, cases = 0;

	if (argc < 3) {
		fprintf(stderr, "usage: %s BPF-LINT SOURCE-ROOT [INCLUDE-DIR] [ONLY-DIR]\n", argv[0]);
		return 2;
	}
	/* LINT-ARGS paths are relative to the source root: run from there. */
	static char lint[4096];

	if (!realpath(argv[1], lint) || chdir(argv[2])) {
		fprintf(stderr, "%s: cannot find %s or enter %s\n", argv[0], argv[1], argv[2]);
		return 2;
	}
	argv[1] = lint;
	files = testdata_cases(argv[2], skip_dir, argc > 4 ? argv[4] : NULL, &n);
	for (size_t i = 0; i < n; i++) {
		int b = run_case(argv[1], argv[2], argc > 3 && argv[3][0] ? argv[3] : NULL, files[i]);

		bad += b;
		cases++;
		free(files[i]);
	}
	free(files);
	printf("%d cases, %d mismatches\n", cases, bad);
	if (!cases)
		printf("no testdata cases found under %s/testdata\n", argv[2]);
	return bad || !cases ? 1 : 0;
}
