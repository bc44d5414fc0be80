/* SPDX-License-Identifier: GPL-2.0-only */
/* .bpf-lint.yaml: rule settings, threshold, target kernel, errors at file:line. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lint/internal.h"
#include "lint/lint.h"

static int parse(struct lint_file_config *c, const char *text, char **err)
{
	*err = NULL;
	memset(c, 0, sizeof(*c));
	for (int i = 0; i < LINT_MAX_RULES; i++)
		c->rules[i].enabled = c->rules[i].severity = -1;
	return config__parse(c, text, strlen(text), "cfg.yaml", err);
}

Test(config, rule_map)
{
	struct lint_file_config c;
	char *err;
	int ai = config__rule_index("always-inline"), pu = config__rule_index("pragma-unroll");

	cr_assert(ai >= 0 && pu >= 0);
	cr_assert_eq(parse(&c, "rules:\n  always-inline: off\n  pragma-unroll: error\n", &err), 0,
		     "%s", err);
	cr_expect_eq(c.rules[ai].enabled, 0);
	cr_expect_eq(c.rules[pu].enabled, 1);
	cr_expect_eq(c.rules[pu].severity, BPF_SEV_ERROR);
}

Test(config, checks_list)
{
	struct lint_file_config c;
	char *err;
	int ai = config__rule_index("always-inline"), pu = config__rule_index("pragma-unroll");

	cr_assert_eq(parse(&c, "rules: [\"-*\", pragma-unroll]\n", &err), 0, "%s", err);
	cr_expect_eq(c.rules[ai].enabled, 0);
	cr_expect_eq(c.rules[pu].enabled, 1);
	cr_assert_eq(parse(&c, "Checks: \"-*,always-*\"\n", &err), 0, "%s", err);
	cr_expect_eq(c.rules[ai].enabled, 1);
	cr_expect_eq(c.rules[pu].enabled, 0);
}

Test(config, threshold_and_kernel)
{
	struct lint_file_config c;
	char *err;

	cr_assert_eq(parse(&c, "bounded-loop-threshold: 8\ntarget-kernel: \"6.4\"\n", &err), 0);
	cr_expect_eq(c.rules[config__rule_index("bounded-loop")].option, 8);
	cr_expect_eq(c.rules[config__rule_index("can-loop-index")].option, 0);
	cr_expect_eq(c.cfg.target_kernel, KVER(6, 4));
	cr_expect(c.kernel_set);
}

static void expect_error(const char *text, const char *want)
{
	struct lint_file_config c;
	char *err;

	cr_expect_neq(parse(&c, text, &err), 0, "accepted: %s", text);
	cr_expect(err && strstr(err, want), "error '%s' lacks '%s'", err ? err : "(none)", want);
	cr_expect(err && !strchr(err, '\n'), "error is not one line");
	free(err);
}

Test(config, errors_name_file_and_line)
{
	expect_error("rules:\n  no-such-rule: on\n", "cfg.yaml:2:");
	expect_error("rules:\n  always-inline: sometimes\n", "cfg.yaml:2:");
	expect_error("bounded-loop-threshold: -3\n", "cfg.yaml:1:");
	expect_error("bounded-loop-threshold: -3\n", "bounded-loop-threshold must be");
	/* a rule without an option has no <id>-<option> key */
	expect_error("always-inline-threshold: 3\n", "unknown key");
	expect_error("target-kernel: six\n", "cfg.yaml:1:");
	expect_error("a: b\n  c: [\n", "cfg.yaml:");
	expect_error("colour: blue\n", "unknown key");
	expect_error("- a\n- b\n", "mapping");
}

Test(kernel, parse_versions)
{
	cr_expect_eq(lint_parse_kernel("6.4"), KVER(6, 4));
	cr_expect_eq(lint_parse_kernel("5.15.0-91-generic"), KVER(5, 15));
	cr_expect_eq(lint_parse_kernel("6"), KVER(6, 0));
	cr_expect_eq(lint_parse_kernel("x"), 0);
	cr_expect_eq(lint_parse_kernel("6.x"), 0);
	cr_expect_eq(lint_parse_kernel(""), 0);
	cr_expect_geq(lint_running_kernel(), KVER(3, 0));
}

/* exclude: patterns as .gitignore means them; the last match decides. */
Test(config, exclude_patterns)
{
	struct lint_file_config c;
	char *err;

	cr_assert_eq(parse(&c, "exclude: [vendor/, /src/gen, '**/tmp/*.bpf.c', '*.skel.bpf.c',"
			       " '!keep.skel.bpf.c', 'a/**']\n", &err), 0, "%s", err);
	cr_expect_eq(c.exclude.n, 6);
	cr_expect(config__excludes(&c, "vendor", true));
	cr_expect(config__excludes(&c, "x/y/vendor", true), "a name without '/' matches at any depth");
	cr_expect(!config__excludes(&c, "vendor", false), "vendor/ is for directories only");
	cr_expect(config__excludes(&c, "src/gen", true));
	cr_expect(!config__excludes(&c, "lib/src/gen", true), "a leading '/' anchors");
	cr_expect(config__excludes(&c, "tmp/t.bpf.c", false), "**/ matches no directory");
	cr_expect(config__excludes(&c, "p/q/tmp/t.bpf.c", false), "**/ matches several");
	cr_expect(!config__excludes(&c, "p/tmp/sub/t.bpf.c", false), "* stays within a segment");
	cr_expect(config__excludes(&c, "d/prog.skel.bpf.c", false));
	cr_expect(!config__excludes(&c, "d/keep.skel.bpf.c", false), "! takes a path back");
	cr_expect(config__excludes(&c, "a/b/c.bpf.c", false), "a/** matches all inside");
	cr_expect(!config__excludes(&c, "b/prog.bpf.c", false));
	config__free(&c);
	cr_assert_eq(parse(&c, "exclude: 'gen/'\n", &err), 0, "%s", err);
	cr_expect_eq(c.exclude.n, 1, "one pattern as a plain string");
	config__free(&c);
	cr_expect_neq(parse(&c, "exclude: [[a]]\n", &err), 0, "a nested list is refused");
	config__free(&c);
	free(err);
}

/* files: the names a directory walk takes; *.bpf.c without it. */
Test(config, walk_files)
{
	struct lint_file_config c;
	char *err;

	cr_assert_eq(parse(&c, "target-kernel: \"6.6\"\n", &err), 0, "%s", err);
	cr_expect(config__walk_takes(&c, "a.bpf.c"));
	cr_expect(!config__walk_takes(&c, "a_kern.c"));
	cr_expect(!config__walk_takes(&c, ".bpf.c"), "a bare suffix is no file name");
	cr_expect(config__walk_takes(NULL, "x.bpf.c"), "no config: the default");
	config__free(&c);
	cr_assert_eq(parse(&c, "files: ['*_kern.c', '*.bpf.c']\n", &err), 0, "%s", err);
	cr_expect(config__walk_takes(&c, "xdp_kern.c"));
	cr_expect(config__walk_takes(&c, "x.bpf.c"));
	cr_expect(!config__walk_takes(&c, "user.c"));
	config__free(&c);
	cr_expect_neq(parse(&c, "files: ['']\n", &err), 0, "an empty pattern is refused");
	config__free(&c);
	free(err);
}

/* link: groups of sources linked into one object (issue 22). */
Test(config, link_groups)
{
	struct lint_file_config c;
	char *err;

	cr_assert_eq(parse(&c, "link:\n  - [a.bpf.c, b.bpf.c]\n  - [c.bpf.c, d.bpf.c, e.bpf.c]\n",
			   &err), 0, "%s", err);
	cr_assert_eq(c.n_links, 2);
	cr_expect_eq(c.links[0].n, 2);
	cr_expect_str_eq(c.links[0].v[1], "b.bpf.c");
	cr_expect_eq(c.links[1].n, 3);
	config__free(&c);
	cr_expect_neq(parse(&c, "link: [a.bpf.c, b.bpf.c]\n", &err), 0);
	cr_expect(err && strstr(err, "cfg.yaml:1: each link entry must list two or more files"),
		  "%s", err);
	free(err);
	config__free(&c);
	cr_expect_neq(parse(&c, "link:\n  - [a.bpf.c]\n", &err), 0);
	free(err);
	config__free(&c);
	cr_expect_neq(parse(&c, "link: a.bpf.c\n", &err), 0);
	cr_expect(err && strstr(err, "link must be a list of lists of files"), "%s", err);
	free(err);
	config__free(&c);
}

Test(config, link_group_of_a_file)
{
	char dir[] = "/tmp/bpf-lint-link-XXXXXX", cfg[4200], a[4200], b[4200], other[4200];
	char **g;
	FILE *f;

	cr_assert_not_null(mkdtemp(dir));
	snprintf(cfg, sizeof(cfg), "%s/.bpf-lint.yaml", dir);
	snprintf(a, sizeof(a), "%s/a.bpf.c", dir);
	snprintf(b, sizeof(b), "%s/b.bpf.c", dir);
	snprintf(other, sizeof(other), "%s/other.bpf.c", dir);
	f = fopen(cfg, "w");
	fputs("link:\n  - [b.bpf.c, a.bpf.c]\n", f);
	fclose(f);
	for (const char *p = a; p; p = p == a ? b : p == b ? other : NULL)
		fclose(fopen(p, "w"));
	g = lint_link_group(a, NULL);
	cr_assert_not_null(g, "a.bpf.c is in a group");
	cr_expect_str_eq(g[0], b, "in the entry's order");
	cr_expect_str_eq(g[1], a);
	cr_expect_null(g[2]);
	lint_args_free(g);
	cr_expect_null(lint_link_group(other, NULL), "other.bpf.c is linked with nothing");
	unlink(a);
	unlink(b);
	unlink(other);
	unlink(cfg);
	rmdir(dir);
}
