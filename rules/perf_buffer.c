/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * perf-buffer: a BPF_MAP_TYPE_PERF_EVENT_ARRAY that the file writes events
 * into with bpf_perf_event_output(). A ring buffer (5.8) is one buffer for
 * all CPUs: events stay ordered, memory is not multiplied by the CPU count,
 * and bpf_ringbuf_reserve() writes in place without a stack copy. Perf
 * arrays used to read hardware counters are not reported.
 */
#include <stdlib.h>
#include "rules/rule.h"
#include "rules/ast_util.h"

#define MIN_KERNEL KVER(5, 8)
#define MAP_TYPE_PERF_EVENT_ARRAY 4 /* UAPI enum bpf_map_type */

struct outputs {
	CXCursor map;
	unsigned n;
	CXCursor first;
};

static enum CXChildVisitResult find_output(CXCursor c, CXCursor parent, void *data)
{
	struct outputs *o = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CallExpr &&
	    ast__call_is(c, "bpf_perf_event_output") && clang_Cursor_getNumArguments(c) == 5) {
		CXCursor arg = ast__strip_casts(clang_Cursor_getArgument(c, 1));

		if (clang_getCursorKind(arg) == CXCursor_UnaryOperator)
			arg = ast__first_child(arg);
		if (ast__same_decl(ast__ref_decl(arg), o->map) && o->n++ == 0)
			o->first = c;
	}
	return CXChildVisit_Recurse;
}

static void check_map(struct lint_ctx *ctx, CXCursor var)
{
	struct outputs o = { var, 0, clang_getNullCursor() };
	CXCursor type = ast__map_field(var, "type");
	struct bpf_finding *f;
	unsigned line;
	char *name;

	if (ast__map_uint(type) != MAP_TYPE_PERF_EVENT_ARRAY)
		return;
	ast__walk(ctx, find_output, &o);
	if (!o.n)
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
	clang_getExpansionLocation(clang_getCursorLocation(o.first), NULL, &line, NULL, NULL);
	finding_add_note(f, "%u bpf_perf_event_output() call%s, the first at line %u",
			 o.n, o.n == 1 ? "" : "s", line);
	f->fix.min_kernel = MIN_KERNEL;
	fix_set_unfixable(&f->fix, "the user-space reader (perf_buffer__new) has to change "
			  "to ring_buffer__new as well");
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, void *data)
{
	(void)parent;
	if (ast__is_btf_map(data, c))
		check_map(data, c);
	return CXChildVisit_Continue;
}

static void check(struct lint_ctx *ctx)
{
	if (ast__kernel_at_least(ctx, MIN_KERNEL))
		ast__walk(ctx, visit, ctx);
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
	"(hardware counters) are not reported, nor anything for kernels before 5.8.\n",
	.severity = BPF_SEV_WARNING,
	.enabled_by_default = true,
	.min_kernel = MIN_KERNEL,
	.check = check,
};
