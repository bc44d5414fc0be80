/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * confirm/'s run-wide caches: the object of a compile that would read the
 * same bytes, the verifier result of a program with the same fingerprint.
 */
#define _GNU_SOURCE /* asprintf */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "confirm/compile_cache.h"
#include "confirm/confirm.h"
#include "confirm/result_cache.h"

static char *const base_args[] = { (char *)"-target", (char *)"bpf", NULL };

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	cr_assert_not_null(f, "%s", path);
	fputs(text, f);
	cr_assert_eq(fclose(f), 0);
}

struct bytes {
	char *p;
	size_t n;
};

static struct bytes read_bytes(const char *path)
{
	FILE *f = fopen(path, "rb");
	struct bytes b = { calloc(1, 1 << 20), 0 };

	cr_assert(f && b.p, "%s", path);
	b.n = fread(b.p, 1, 1 << 20, f);
	fclose(f);
	return b;
}

static bool same_bytes(struct bytes a, struct bytes b)
{
	return a.n == b.n && !memcmp(a.p, b.p, a.n);
}

/* An overlay YAML laying ext over real (the way confirm/units.c writes one). */
static void write_overlay(const char *yaml, const char *real, const char *ext)
{
	char *text;

	cr_assert(asprintf(&text, "{ \"version\": 0, \"case-sensitive\": \"true\", \"roots\": [\n"
			   "{ \"type\": \"file\", \"name\": \"%s\", \"external-contents\": \"%s\" }\n"
			   "] }\n", real, ext) > 0);
	write_text(yaml, text);
	free(text);
}

struct project {
	char dir[64];
	char main[128], h[128], other[128];
	struct compile_dir cd;
	unsigned overlays;
};

static const char main_text[] =
	"#include \"h.h\"\n"
	"__attribute__((section(\"xdp\"), used)) int p(void *ctx) { return V; }\n"
	"__attribute__((section(\"license\"), used)) char l[] = \"GPL\";\n";

static void project_new(struct project *p)
{
	snprintf(p->dir, sizeof(p->dir), "/tmp/bpf-fix-cache-XXXXXX");
	cr_assert_not_null(mkdtemp(p->dir));
	snprintf(p->main, sizeof(p->main), "%s/m.bpf.c", p->dir);
	snprintf(p->h, sizeof(p->h), "%s/h.h", p->dir);
	snprintf(p->other, sizeof(p->other), "%s/other.h", p->dir);
	write_text(p->main, main_text);
	write_text(p->h, "#define V 1\n");
	write_text(p->other, "#define W 1\n");
	cr_assert_eq(compile_dir__new(&p->cd), 0);
	p->overlays = 0;
}

static void project_free(struct project *p)
{
	compile_dir__remove(&p->cd);
	unlink(p->main);
	unlink(p->h);
	unlink(p->other);
	cr_expect_eq(rmdir(p->dir), 0);
}

/*
 * Compile m.bpf.c (args; over_path laid over with over_text when not NULL);
 * the object's bytes into *obj (malloc'd). True if it was reused.
 */
static bool compile(struct project *p, char *const *args, const char *over_path,
		    const char *over_text, struct bytes *obj)
{
	struct compile_overlay_file ov = { 0 };
	struct compile_opts cc = { .args = args };
	char yaml[4200], ext[4200], *log = NULL;
	unsigned long c0, r0, c1, r1;
	struct compile_job job;

	if (over_path) {
		snprintf(yaml, sizeof(yaml), "%s/test-ov%u.yaml", p->cd.path, p->overlays);
		snprintf(ext, sizeof(ext), "%s/test-ov%u.h", p->cd.path, p->overlays++);
		write_text(ext, over_text);
		write_overlay(yaml, over_path, ext);
		ov = (struct compile_overlay_file){ .path = over_path, .external = ext,
						    .text = over_text, .len = strlen(over_text) };
		cc.overlay = yaml;
		cc.overlay_files = &ov;
		cc.n_overlay_files = 1;
	}
	compile_cache__counts(&c0, &r0);
	cr_assert_eq(compile_job__start(&job, &p->cd, p->main, main_text, strlen(main_text), &cc), 0);
	cr_assert_eq(compile_job__finish(&job, &log), 0, "%s", log ? log : "");
	compile_cache__counts(&c1, &r1);
	*obj = read_bytes(job.obj);
	cr_expect_leq(c1 - c0 + r1 - r0, 1, "one lookup per compile at most");
	return r1 > r0;
}

/* Issue 22: a unit a trial does not change is not compiled again. */
Test(caches, an_identical_compile_reuses_the_object)
{
	char *const other_args[] = { (char *)"-target", (char *)"bpf", (char *)"-DW=2", NULL };
	struct project p;
	struct bytes first, again, obj;

	project_new(&p);
	compile_cache__enable(true);
	cr_expect(!compile(&p, base_args, NULL, NULL, &first), "nothing cached yet");
	cr_expect(compile(&p, base_args, NULL, NULL, &again), "the same compile: reused");
	cr_expect(same_bytes(again, first));
	free(again.p);
	cr_expect(compile(&p, base_args, p.other, "#define W 2\n", &obj),
		  "an overlay of a file it does not include changes nothing");
	free(obj.p);
	cr_expect(!compile(&p, base_args, p.h, "#define V 2\n", &obj),
		  "an overlay of its header: compiled");
	cr_expect(!same_bytes(obj, first));
	free(obj.p);
	cr_expect(compile(&p, base_args, p.h, "#define V 2\n", &obj),
		  "the same overlaid bytes (another temporary): reused");
	free(obj.p);
	cr_expect(compile(&p, base_args, p.h, "#define V 1\n", &obj),
		  "an overlay holding the disk's bytes: the first object");
	cr_expect(same_bytes(obj, first));
	free(obj.p);
	cr_expect(!compile(&p, other_args, NULL, NULL, &obj), "other flags: compiled");
	free(obj.p);
	write_text(p.h, "#define V 3\n");
	cr_expect(!compile(&p, base_args, NULL, NULL, &obj), "its header changed on disk: compiled");
	free(obj.p);
	compile_cache__enable(false);
	cr_expect(!compile(&p, base_args, NULL, NULL, &obj), "off: compiled");
	free(obj.p);
	free(first.p);
	project_free(&p);
}

/* About 5 insns per iteration: far past a budget of 10,400, within 90,000. */
static const char loop[] =
	"__attribute__((section(\"xdp\"), used)) int p(void *ctx)\n"
	"{ volatile int s = 0; for (int i = 0; i < 5000; i++) s += i; return 0; }\n"
	"__attribute__((section(\"license\"), used)) char l[] = \"GPL\";\n";

static void ref_of(struct measurement *m, long insns)
{
	memset(m, 0, sizeof(*m));
	m->compiled = true;
	m->progs = calloc(1, sizeof(*m->progs));
	m->n_progs = 1;
	snprintf(m->progs[0].name, sizeof(m->progs[0].name), "p");
	m->progs[0].verdict = VM_ACCEPTED;
	m->progs[0].insns = insns;	/* fingerprint 0: never reused as the reference */
}

static void verify(const char *obj, const struct measurement *ref, struct measurement *m)
{
	struct vm_options opt = { .max_insns = 1000000 };

	memset(m, 0, sizeof(*m));
	cr_assert_eq(measurement__verify(m, obj, &vm_model_backend, &opt, ref), 0, "%s", m->error);
	cr_assert_eq(m->n_progs, 1);
}

/* Issue 22: a program verified once in the run is not verified again. */
Test(caches, a_program_verified_once_is_not_verified_again)
{
	struct measurement full, again, small_ref, big_ref, m;
	struct compile_dir dir;
	char obj[4300], *log = NULL;
	const struct compile_opts cc = { .args = base_args };

	cr_assert_eq(compile_dir__new(&dir), 0);
	cr_assert_eq(compile_bpf(&dir, "/nonexistent/loop.bpf.c", loop, sizeof(loop) - 1, &cc,
				 obj, sizeof(obj), NULL, 0, &log), 0, "%s", log ? log : "");
	result_cache__enable(true);
	verify(obj, NULL, &full);
	cr_expect(!full.progs[0].cached, "first: verified");
	cr_assert_gt(full.progs[0].insns, 10401);
	cr_assert_lt(full.progs[0].insns, 90000);
	verify(obj, NULL, &again);
	cr_expect(again.progs[0].cached, "the same program: its result");
	cr_expect_eq(again.progs[0].insns, full.progs[0].insns);

	/* budget 4 * 100 + 10,000: the complete run does not fit it */
	ref_of(&small_ref, 100);
	verify(obj, &small_ref, &m);
	cr_expect(!m.progs[0].cached, "a smaller budget than its count: verified");
	cr_expect(m.progs[0].over_budget);
	cr_expect_eq(m.progs[0].insns, 10401);
	measurement__free(&m);
	verify(obj, &small_ref, &m);
	cr_expect(m.progs[0].cached && m.progs[0].over_budget, "stopped at the same budget: reused");
	cr_expect_eq(m.progs[0].insns, 10401);
	measurement__free(&m);

	/* budget 4 * 20,000 + 10,000: the complete run fits; the stopped one does not */
	ref_of(&big_ref, 20000);
	verify(obj, &big_ref, &m);
	cr_expect(m.progs[0].cached && !m.progs[0].over_budget, "the complete run fits: reused");
	cr_expect_eq(m.progs[0].insns, full.progs[0].insns);
	measurement__free(&m);

	result_cache__enable(false);
	verify(obj, NULL, &m);
	cr_expect(!m.progs[0].cached, "off: verified");
	cr_expect_eq(m.progs[0].insns, full.progs[0].insns);
	measurement__free(&m);
	measurement__free(&full);
	measurement__free(&again);
	measurement__free(&small_ref);
	measurement__free(&big_ref);
	compile_dir__remove(&dir);
}
