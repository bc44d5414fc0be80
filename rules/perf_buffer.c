/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * perf-buffer: a BPF_MAP_TYPE_PERF_EVENT_ARRAY that the file writes events
 * into with bpf_perf_event_output(). A ring buffer (5.8) is one buffer for
 * all CPUs: events stay ordered, memory is not multiplied by the CPU count,
 * and bpf_ringbuf_reserve() writes in place without a stack copy. Perf
 * arrays used to read hardware counters are not reported.
 */
#include <stdlib.h>
#include <string.h>
#include "rules/rule.h"
#include "rules/ast_util.h"
#include "rules/loop_ast.h"

#define MIN_KERNEL KVER_RINGBUF
#define MAP_TYPE_PERF_EVENT_ARRAY 4 /* UAPI enum bpf_map_type */

#define CTXLEN_SHIFT 32           /* BPF_F_CTXLEN_MASK is 0xfffff << 32 */

/* A bpf_perf_event_output() call and the map it names. */
struct output {
	CXCursor call, map;
	bool ctxlen;             /* its flags carry a length of packet data */
};

struct state {
	CXCursor *maps;          /* reported perf event arrays */
	size_t n_maps, cap_maps;
	struct output *out;
	size_t n_out, cap_out;
};

static bool grow(void **v, size_t *cap, size_t n, size_t size)
{
	size_t c = *cap ? 2 * *cap : 16;
	void *p;

	if (n < *cap)
		return true;
	p = realloc(*v, c * size);
	if (!p)
		return false;
	*v = p;
	*cap = c;
	return true;
}

struct ctxlen_scan {
	CXCursor func;
	int depth;
	bool found;
};

static bool carries_ctxlen(CXCursor e, CXCursor func, int depth);

/* x << 32 (or more), BPF_F_CTXLEN_MASK, or a local set from such an expression. */
static enum CXChildVisitResult scan_ctxlen(CXCursor c, CXCursor parent, void *data)
{
	struct ctxlen_scan *s = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	long long v;

	(void)parent;
	if (k == CXCursor_BinaryOperator &&
	    clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Shl &&
	    cursor__int_value(ast__child(c, 1), &v) && v >= CTXLEN_SHIFT)
		s->found = true;
	else if (k == CXCursor_DeclRefExpr) {
		CXCursor d = clang_getCursorReferenced(c);
		char *name = ast__name(d);

		if (name && !strcmp(name, "BPF_F_CTXLEN_MASK"))
			s->found = true;
		else if (clang_getCursorKind(d) == CXCursor_VarDecl && s->depth > 0 &&
			 !cursor__is_writable_global(d))
			s->found = carries_ctxlen(d, s->func, s->depth - 1);
		free(name);
	}
	return s->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

struct var_writes {
	CXCursor var, func;
	int depth;
	bool found;
};

/* var = ... and var |= ... in the function: does one carry a length? */
static enum CXChildVisitResult scan_writes(CXCursor c, CXCursor parent, void *data)
{
	struct var_writes *w = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) &&
	    ast__same_decl(ast__ref_decl(ast__child(c, 0)), w->var) &&
	    (k == CXCursor_CompoundAssignOperator ||
	     clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign))
		w->found = carries_ctxlen(ast__child(c, 1), w->func, w->depth);
	return w->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/*
 * Do the flags e (or, for a local variable, its initialiser and what is
 * assigned to it in func) carry BPF_F_CTXLEN_MASK bits? A ring buffer has
 * no way to append the context's packet data, so such a map stays.
 */
static bool carries_ctxlen(CXCursor e, CXCursor func, int depth)
{
	struct ctxlen_scan s = { func, depth, false };
	long long v;

	if (clang_getCursorKind(e) == CXCursor_VarDecl) {
		struct var_writes w = { e, func, depth, false };

		ast__walk_under(e, scan_ctxlen, &s);
		if (!s.found && !clang_Cursor_isNull(func))
			ast__walk_under(func, scan_writes, &w);
		return s.found || w.found;
	}
	if (cursor__int_value(e, &v) && ((unsigned long long)v >> CTXLEN_SHIFT))
		return true;
	scan_ctxlen(e, clang_getNullCursor(), &s);
	if (!s.found)
		ast__walk_under(e, scan_ctxlen, &s);
	return s.found;
}

static void add_output(struct lint_ctx *ctx, struct state *st, CXCursor c)
{
	CXCursor arg = ast__strip_casts(clang_Cursor_getArgument(c, 1));

	if (!ast__call_is(c, "bpf_perf_event_output") || clang_Cursor_getNumArguments(c) != 5 ||
	    !grow((void **)&st->out, &st->cap_out, st->n_out, sizeof(*st->out)))
		return;
	if (clang_getCursorKind(arg) == CXCursor_UnaryOperator)
		arg = ast__first_child(arg);
	st->out[st->n_out++] = (struct output){
		.call = c, .map = ast__ref_decl(arg),
		.ctxlen = carries_ctxlen(clang_Cursor_getArgument(c, 2),
					 lint_walk_function(ctx), 2),
	};
}

static void check_map(struct lint_ctx *ctx, const struct state *st, CXCursor var)
{
	CXCursor type = ast__map_field(var, "type"), first = clang_getNullCursor();
	struct bpf_finding *f;
	unsigned line, n = 0;
	char *name;

	for (size_t i = 0; i < st->n_out; i++) {
		if (!ast__same_decl(st->out[i].map, var))
			continue;
		if (st->out[i].ctxlen)
			return;	/* sends packet data along: a ring buffer cannot */
		if (n++ == 0)
			first = st->out[i].call;
	}
	if (!n)
		return;
	name = ast__name(var);
	f = lint_report(ctx, clang_getCursorExtent(type),
			"make '%s' a BPF_MAP_TYPE_RINGBUF and write events with "
			"bpf_ringbuf_reserve()/bpf_ringbuf_submit(): one buffer shared by all "
			"CPUs keeps events in order and avoids per-CPU buffers and copies",
			name ? name : "?");
	free(name);
	if (!f)
		return;
	clang_getExpansionLocation(clang_getCursorLocation(first), NULL, &line, NULL, NULL);
	finding_add_note(f, "%u bpf_perf_event_output() call%s, the first at line %u",
			 n, n == 1 ? "" : "s", line);
	f->fix.min_kernel = MIN_KERNEL;
	fix_set_unfixable(&f->fix, "the user-space reader (perf_buffer__new) has to change "
			  "to ring_buffer__new as well");
}

/* Perf event array maps and bpf_perf_event_output() calls of reported code. */
static void visit(struct lint_ctx *ctx, CXCursor c, CXCursor parent, void *state)
{
	struct state *st = state;

	(void)parent;
	if (!lint_walk_reported(ctx) || !ast__kernel_at_least(ctx, MIN_KERNEL))
		return;
	if (clang_getCursorKind(c) == CXCursor_CallExpr) {
		add_output(ctx, st, c);
	} else if (clang_getCursorKind(parent) == CXCursor_TranslationUnit &&
		   ast__is_btf_map(ctx, c) &&
		   ast__map_uint(ast__map_field(c, "type")) == MAP_TYPE_PERF_EVENT_ARRAY &&
		   grow((void **)&st->maps, &st->cap_maps, st->n_maps, sizeof(*st->maps))) {
		st->maps[st->n_maps++] = c;
	}
}

static void finish(struct lint_ctx *ctx, void *state)
{
	struct state *st = state;

	for (size_t i = 0; i < st->n_maps; i++)
		check_map(ctx, st, st->maps[i]);
	free(st->maps);
	free(st->out);
}

const struct bpf_rule rule_perf_buffer = {
	.id = "perf-buffer",
	.summary = "events sent through a perf event array: use a BPF ring buffer",
	.explanation =
	"bpf_perf_event_output() into a BPF_MAP_TYPE_PERF_EVENT_ARRAY writes to one\n"
	"buffer per CPU. User space has to merge them (events from different CPUs\n"
	"arrive out of order), every CPU's buffer must be sized for the worst\n"
	"burst, and the event is built on the 512-byte BPF stack and then copied.\n"
	"Since Linux 5.8 a BPF_MAP_TYPE_RINGBUF is a single buffer shared by all\n"
	"CPUs: events keep their order, memory is sized once, and\n"
	"bpf_ringbuf_reserve() hands out the space so the event is written in place.\n"
	"\n"
	"Before:\n"
	"    struct {\n"
	"        __uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);\n"
	"        __uint(key_size, sizeof(u32));\n"
	"        __uint(value_size, sizeof(u32));\n"
	"    } events SEC(\".maps\");\n"
	"    struct event e = { .pid = pid };\n"
	"    bpf_perf_event_output(ctx, &events, BPF_F_CURRENT_CPU, &e, sizeof(e));\n"
	"After:\n"
	"    struct {\n"
	"        __uint(type, BPF_MAP_TYPE_RINGBUF);\n"
	"        __uint(max_entries, 256 * 1024);\n"
	"    } events SEC(\".maps\");\n"
	"    struct event *e = bpf_ringbuf_reserve(&events, sizeof(*e), 0);\n"
	"    if (e) {\n"
	"        e->pid = pid;\n"
	"        bpf_ringbuf_submit(e, 0);\n"
	"    }\n"
	"\n"
	"No automatic fix: the reader changes from perf_buffer__new() to\n"
	"ring_buffer__new(). Perf event arrays read with bpf_perf_event_read_value()\n"
	"(hardware counters) are not reported, nor maps whose bpf_perf_event_output()\n"
	"flags carry a length in BPF_F_CTXLEN_MASK (packet data appended from the\n"
	"context: a ring buffer cannot do that), nor anything for kernels before 5.8.\n",
	.severity = BPF_SEV_WARNING,
	.enabled_by_default = true,
	.min_kernel = MIN_KERNEL,
	.kinds = (const enum CXCursorKind[]){ CXCursor_VarDecl, CXCursor_CallExpr, 0 },
	.state_size = sizeof(struct state),
	.visit = visit,
	.finish = finish,
};
