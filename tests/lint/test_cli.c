/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bpf-lint end to end: exit codes, clang's parse errors, text/JSON/SARIF
 * output parsed back with jansson, config walk-up, header filter, -p.
 * BPF_LINT (env) is the binary, BPF_SOURCE_ROOT the tree.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "tests/lint/run_util.h"

static char *out, *err;
static char tmp[] = "/tmp/bpf-lint-cli-XXXXXX";

static void setup(void)
{
	cr_assert(mkdtemp(tmp), "mkdtemp");
}

static void teardown(void)
{
	char cmd[256];

	free(out);
	free(err);
	out = err = NULL;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmp);
	cr_expect_eq(system(cmd), 0);
	strcpy(tmp, "/tmp/bpf-lint-cli-XXXXXX");
}

TestSuite(cli, .init = setup, .fini = teardown);

static const char *root(void)
{
	const char *r = getenv("BPF_SOURCE_ROOT");

	cr_assert(r, "BPF_SOURCE_ROOT not set");
	return r;
}

/* Run bpf-lint with up to 8 args (NULL-terminated); returns the exit status. */
static int lint(const char *a0, const char *a1, const char *a2, const char *a3,
		const char *a4, const char *a5)
{
	const char *argv[8] = { getenv("BPF_LINT"), a0, a1, a2, a3, a4, a5, NULL };

	cr_assert(argv[0], "BPF_LINT not set");
	free(out);
	free(err);
	int rc = run_capture(argv, &out, &err);

	/* Under ./run-tests --sanitize, a report fails the test whatever the exit code. */
	cr_expect(!strstr(err, "Sanitizer") && !strstr(err, "runtime error:"), "%s", err);
	return rc;
}

static char *write_tmp(const char *name, const char *text)
{
	static char path[4][512];
	static int k;
	char *p = path[k++ % 4];
	FILE *fp;

	snprintf(p, 512, "%s/%s", tmp, name);
	fp = fopen(p, "w");
	cr_assert(fp, "%s", p);
	fputs(text, fp);
	fclose(fp);
	return p;
}

#define AI_FILE "#include <linux/bpf.h>\n#include <bpf/bpf_helpers.h>\n" \
	"static __always_inline int f(int x) { return x; }\n" \
	"SEC(\"xdp\") int p(struct xdp_md *c) { return f(c->data != 0) + f(1); }\n"

Test(cli, syntax_error_exits_2_with_clangs_message)
{
	char *f = write_tmp("bad.bpf.c", "int f(void) { return 0 }\n");

	cr_expect_eq(lint(f, NULL, NULL, NULL, NULL, NULL), 2);
	cr_expect(strstr(err, "bad.bpf.c:1:23: error: expected ';' after return statement"),
		  "stderr: %s", err);
	cr_expect_str_empty(out);
}

Test(cli, missing_header_exits_2)
{
	char *f = write_tmp("hdr.bpf.c", "#include \"vmlinux_missing.h\"\nint x;\n");

	cr_expect_eq(lint(f, NULL, NULL, NULL, NULL, NULL), 2);
	cr_expect(strstr(err, "fatal error: 'vmlinux_missing.h' file not found"), "%s", err);
}

Test(cli, bad_inputs_one_line_exit_2)
{
	char *txt = write_tmp("notes.txt", "hello\n");

	cr_expect_eq(lint("/nonexistent/x.bpf.c", NULL, NULL, NULL, NULL, NULL), 2);
	cr_expect(strstr(err, "No such file"), "%s", err);
	/* a directory is walked; one without *.bpf.c files is said, not an error */
	cr_expect_eq(lint(tmp, NULL, NULL, NULL, NULL, NULL), 0);
	cr_expect(strstr(err, "no *.bpf.c files here"), "%s", err);
	cr_expect_eq(lint(txt, NULL, NULL, NULL, NULL, NULL), 2);
	cr_expect(strstr(err, "not a C source"), "%s", err);
	cr_expect_eq(strchr(err, '\n'), err + strlen(err) - 1, "not one line: %s", err);
	cr_expect_eq(lint("--format=xml", txt, NULL, NULL, NULL, NULL), 2);
	cr_expect_eq(lint(NULL, NULL, NULL, NULL, NULL, NULL), 2);
}

Test(cli, text_format_as_clang)
{
	char *f = write_tmp("ai.bpf.c", AI_FILE);
	char want[600];

	cr_expect_eq(lint(f, "--color=never", NULL, NULL, NULL, NULL), 1);
	snprintf(want, sizeof(want), "%s:3:8: warning: 'f' is forced inline", f);
	cr_expect(strstr(out, want), "%s", out);
	cr_expect(strstr(out, "[always-inline]\n    3 | static __always_inline int f"), "%s", out);
	cr_expect(strstr(out, "\n      |        ^~~~~~~~~~~~~~~\n"), "%s", out);
	cr_expect(strstr(out, ":3:8: note: "), "%s", out);
	cr_expect(!strchr(out, '\033'), "colour without a tty");
	cr_expect_eq(lint(f, "--color=always", NULL, NULL, NULL, NULL), 1);
	cr_expect(strchr(out, '\033'), "no colour with --color=always");
}

Test(cli, json_parses_back)
{
	char *f = write_tmp("ai.bpf.c", AI_FILE);
	json_error_t je;
	json_t *arr, *o, *fix, *e;

	cr_expect_eq(lint("--format=json", f, NULL, NULL, NULL, NULL), 1);
	arr = json_loads(out, 0, &je);
	cr_assert(json_is_array(arr) && json_array_size(arr) == 1, "%s", je.text);
	o = json_array_get(arr, 0);
	cr_expect_str_eq(json_string_value(json_object_get(o, "rule")), "always-inline");
	cr_expect_str_eq(json_string_value(json_object_get(o, "severity")), "warning");
	cr_expect_str_eq(json_string_value(json_object_get(o, "file")), f);
	cr_expect(json_is_string(json_object_get(o, "message")));
	cr_expect(json_array_size(json_object_get(o, "notes")) >= 1);
	json_t *start = json_object_get(json_object_get(o, "range"), "start");
	json_t *end = json_object_get(json_object_get(o, "range"), "end");

	cr_expect_eq(json_integer_value(json_object_get(start, "line")), 3);
	cr_expect_eq(json_integer_value(json_object_get(start, "col")), 8);
	cr_expect_eq(json_integer_value(json_object_get(end, "col")), 23);
	cr_expect_eq(json_integer_value(json_object_get(start, "offset")),
		     strstr(AI_FILE, "__always_inline") - AI_FILE);
	fix = json_object_get(o, "fix");
	cr_expect(json_is_null(json_object_get(fix, "unfixable")));
	cr_expect(json_is_integer(json_object_get(fix, "min_kernel")));
	cr_expect(json_is_integer(json_object_get(fix, "needs")));
	e = json_array_get(json_object_get(fix, "edits"), 0);
	cr_assert(e);
	cr_expect_str_eq(json_string_value(json_object_get(e, "file")), f);
	cr_expect_eq(json_integer_value(json_object_get(e, "offset")),
		     strstr(AI_FILE, "__always_inline") - AI_FILE);
	cr_expect_eq(json_integer_value(json_object_get(e, "length")), 16);
	cr_expect_str_eq(json_string_value(json_object_get(e, "text")), "");
	json_decref(arr);
}

Test(cli, sarif_parses_back)
{
	char *f = write_tmp("ai.bpf.c", AI_FILE);
	json_error_t je;
	json_t *log, *run, *rules, *res, *loc, *region;

	cr_expect_eq(lint("--format=sarif", f, NULL, NULL, NULL, NULL), 1);
	log = json_loads(out, 0, &je);
	cr_assert(json_is_object(log), "%s", je.text);
	cr_expect_str_eq(json_string_value(json_object_get(log, "version")), "2.1.0");
	cr_expect(json_is_string(json_object_get(log, "$schema")));
	run = json_array_get(json_object_get(log, "runs"), 0);
	json_t *driver = json_object_get(json_object_get(run, "tool"), "driver");

	cr_expect_str_eq(json_string_value(json_object_get(driver, "name")), "bpf-lint");
	cr_expect(json_is_string(json_object_get(driver, "version")));
	cr_expect(json_is_string(json_object_get(driver, "informationUri")));
	rules = json_object_get(driver, "rules");
	cr_expect_geq(json_array_size(rules), 2);
	json_t *r0 = json_array_get(rules, 0);

	cr_expect(json_is_string(json_object_get(r0, "id")));
	cr_expect(json_is_string(json_object_get(json_object_get(r0, "shortDescription"), "text")));
	cr_expect(json_is_string(json_object_get(json_object_get(r0, "fullDescription"), "text")));
	cr_expect(json_is_string(json_object_get(json_object_get(r0, "help"), "text")));
	res = json_array_get(json_object_get(run, "results"), 0);
	cr_assert(res);
	cr_expect_str_eq(json_string_value(json_object_get(res, "ruleId")), "always-inline");
	cr_expect_str_eq(json_string_value(json_object_get(res, "level")), "warning");
	cr_expect(json_is_string(json_object_get(json_object_get(res, "message"), "text")));
	loc = json_object_get(json_array_get(json_object_get(res, "locations"), 0), "physicalLocation");
	cr_expect(strstr(json_string_value(json_object_get(json_object_get(loc, "artifactLocation"),
							   "uri")), "ai.bpf.c"));
	region = json_object_get(loc, "region");
	cr_expect_eq(json_integer_value(json_object_get(region, "startLine")), 3);
	cr_expect_eq(json_integer_value(json_object_get(region, "startColumn")), 8);
	cr_expect_eq(json_integer_value(json_object_get(region, "endLine")), 3);
	cr_expect_eq(json_integer_value(json_object_get(region, "endColumn")), 23);
	cr_expect_eq(json_array_size(json_object_get(res, "fixes")), 1);
	json_decref(log);
}

Test(cli, clean_file_exits_0_and_empty_json)
{
	char *f = write_tmp("ok.bpf.c", "#include <linux/bpf.h>\nint x;\n");

	cr_expect_eq(lint("--format=json", f, NULL, NULL, NULL, NULL), 0);
	cr_expect_str_eq(out, "[]\n");
}

Test(cli, config_walks_up_and_errors_name_line)
{
	char dir[600], *f;

	snprintf(dir, sizeof(dir), "%s/sub", tmp);
	cr_assert_eq(mkdir(dir, 0755), 0);
	write_tmp(".bpf-lint.yaml", "rules:\n  always-inline: off\n");
	f = write_tmp("sub/ai.bpf.c", AI_FILE);
	cr_expect_eq(lint(f, NULL, NULL, NULL, NULL, NULL), 0, "%s", out);
	write_tmp(".bpf-lint.yaml", "rules:\n  always-inline: error\n");
	cr_expect_eq(lint(f, NULL, NULL, NULL, NULL, NULL), 1);
	cr_expect(strstr(out, ": error: 'f' is forced inline"), "%s", out);
	write_tmp(".bpf-lint.yaml", "rules:\n  always-inline: loud\n");
	cr_expect_eq(lint(f, NULL, NULL, NULL, NULL, NULL), 2);
	cr_expect(strstr(err, ".bpf-lint.yaml:2: "), "%s", err);
	char *cfg = write_tmp("other.yaml", "rules: {always-inline: off}\n");
	char arg[600];

	snprintf(arg, sizeof(arg), "--config=%s", cfg);
	cr_expect_eq(lint(arg, f, NULL, NULL, NULL, NULL), 0, "%s%s", out, err);
}

Test(cli, header_filter)
{
	char *f;

	write_tmp("helpers.h", "static __always_inline int h(int x) { return x; }\n");
	f = write_tmp("main.bpf.c", "#include <linux/types.h>\n#include <bpf/bpf_helpers.h>\n#include \"helpers.h\"\n"
			"int g(int x) { return h(x) + h(1); }\n");
	/* The project's own header is reported by default (issue 22). */
	cr_expect_eq(lint(f, NULL, NULL, NULL, NULL, NULL), 1, "%s", out);
	cr_expect(strstr(out, "helpers.h:1:8: warning:"), "%s", out);
	cr_expect(strstr(out, "note: this file is included by "), "%s", out);
	/* A filter replaces the default: here it matches nothing. */
	cr_expect_eq(lint("--header-filter=nothing\\.h$", f, NULL, NULL, NULL, NULL), 0, "%s", out);
	cr_expect_eq(lint("--header-filter=helpers\\.h$", f, NULL, NULL, NULL, NULL), 1);
	cr_expect(strstr(out, "helpers.h:1:8: warning:"), "%s", out);
	/* System headers (libbpf's own __always_inline helpers) never match. */
	cr_expect_eq(lint("--header-filter=.*", f, NULL, NULL, NULL, NULL), 1);
	cr_expect(!strstr(out, "/usr/include/"), "%s", out);
	cr_expect_eq(lint("--header-filter=(", f, NULL, NULL, NULL, NULL), 2);
	/* The config's header-filter: does the same; the option wins over it. */
	write_tmp(".bpf-lint.yaml", "header-filter: \"nothing\\\\.h$\"\n");
	cr_expect_eq(lint(f, NULL, NULL, NULL, NULL, NULL), 0, "%s%s", out, err);
	cr_expect_eq(lint("--header-filter=helpers", f, NULL, NULL, NULL, NULL), 1, "%s", err);
	write_tmp(".bpf-lint.yaml", "rules: {}\n");
}

Test(cli, build_file_marks_the_project_without_git)
{
	char dir[600], *f;

	/* A release tarball: no .git, no config; programs/ include ../helpers/. */
	snprintf(dir, sizeof(dir), "%s/tarball", tmp);
	cr_assert_eq(mkdir(dir, 0755), 0);
	snprintf(dir, sizeof(dir), "%s/tarball/programs", tmp);
	cr_assert_eq(mkdir(dir, 0755), 0);
	snprintf(dir, sizeof(dir), "%s/tarball/helpers", tmp);
	cr_assert_eq(mkdir(dir, 0755), 0);
	write_tmp("tarball/helpers/h.h", "static __always_inline int h(int x) { return x; }\n");
	f = write_tmp("tarball/programs/p.bpf.c", "#include <linux/types.h>\n"
		      "#include <bpf/bpf_helpers.h>\n#include \"../helpers/h.h\"\n"
		      "int g(int x) { return h(x) + h(1); }\n");
	/* Without a build file the project is the file's own directory. */
	cr_expect_eq(lint(f, NULL, NULL, NULL, NULL, NULL), 0, "%s%s", out, err);
	write_tmp("tarball/CMakeLists.txt", "project(p C)\n");
	cr_expect_eq(lint(f, NULL, NULL, NULL, NULL, NULL), 1, "%s%s", out, err);
	cr_expect(strstr(out, "helpers/h.h:1:8: warning:"), "%s", out);
}

Test(cli, generated_headers_are_not_the_project)
{
	char *f;

	/* A vmlinux.h or skeleton beside the program is generated, not the user's. */
	write_tmp("vmlinux_min.h", "static __always_inline int v(int x) { return x; }\n");
	write_tmp("prog.skel.h", "static __always_inline int s(int x) { return x; }\n");
	f = write_tmp("gen.bpf.c", "#include <linux/types.h>\n#include <bpf/bpf_helpers.h>\n"
			"#include \"vmlinux_min.h\"\n#include \"prog.skel.h\"\n"
			"int g(int x) { return v(x) + s(1); }\n");
	cr_expect_eq(lint(f, NULL, NULL, NULL, NULL, NULL), 0, "%s%s", out, err);
}

Test(cli, compile_database_and_extra_args)
{
	char db[2048], *f;

	f = write_tmp("need.bpf.c", "#ifndef NEEDED\n#error NEEDED not defined\n#endif\n"
			"#include \"inc.h\"\nint x = INC;\n");
	char idir[600];

	snprintf(idir, sizeof(idir), "%s/inc", tmp);
	cr_assert_eq(mkdir(idir, 0755), 0);
	write_tmp("inc/inc.h", "#define INC 1\n");
	snprintf(db, sizeof(db), "[{\"directory\": \"%s\", \"file\": \"need.bpf.c\", "
		 "\"arguments\": [\"clang\", \"-O2\", \"-DNEEDED\", \"-Iinc\", \"-c\", "
		 "\"need.bpf.c\", \"-o\", \"need.o\"]}]", tmp);
	write_tmp("compile_commands.json", db);
	cr_expect_eq(lint(f, NULL, NULL, NULL, NULL, NULL), 2);
	cr_expect(strstr(err, "NEEDED not defined"), "%s", err);
	cr_expect_eq(lint("-p", tmp, f, NULL, NULL, NULL), 0, "%s", err);
	snprintf(idir, sizeof(idir), "-I%s/inc", tmp);
	cr_expect_eq(lint(f, "--", "-DNEEDED", idir, NULL, NULL), 0, "%s", err);
}

/* Issue 19: a clang-16 flag from a project's compile database still parses, with a note. */
Test(cli, refused_flags_left_out_with_a_note)
{
	char db[2048], *f = write_tmp("old.bpf.c", "[[maybe_unused]] static int x;\n");

	snprintf(db, sizeof(db), "[{\"directory\": \"%s\", \"file\": \"old.bpf.c\", "
		 "\"arguments\": [\"clang-16\", \"-fdouble-square-bracket-attributes\", "
		 "\"-O2\", \"-c\", \"old.bpf.c\"]}]", tmp);
	write_tmp("compile_commands.json", db);
	cr_expect_eq(lint("-p", tmp, f, NULL, NULL, NULL), 0, "%s", err);
	cr_expect(strstr(err, "old.bpf.c: note: left out -fdouble-square-bracket-attributes: "
			 "libclang 19 refuses it"), "%s", err);
	cr_expect_eq(lint(f, "--", "-fconserve-stack", NULL, NULL, NULL), 0, "%s", err);
	cr_expect(strstr(err, "left out -fconserve-stack"), "%s", err);
}

Test(cli, list_explain_version)
{
	cr_expect_eq(lint("--list-rules", NULL, NULL, NULL, NULL, NULL), 0);
	cr_expect(strstr(out, "always-inline") && strstr(out, "pragma-unroll"), "%s", out);
	cr_expect_eq(lint("--explain=pragma-unroll", NULL, NULL, NULL, NULL, NULL), 0);
	cr_expect(strstr(out, "Before:") && strstr(out, "After:"), "%s", out);
	cr_expect_eq(lint("--explain=nope", NULL, NULL, NULL, NULL, NULL), 2);
	cr_expect_eq(lint("--version", NULL, NULL, NULL, NULL, NULL), 0);
	cr_expect(!strncmp(out, "bpf-lint ", 9));
	(void)root;
}
