// SPDX-License-Identifier: GPL-2.0-only
/*
 * stack-budget: a program's call chain through __noinline functions whose
 * frames together pass the kernel's 512-byte limit. Each BPF-to-BPF call
 * keeps its caller's frame, and the verifier refuses the program with
 * "combined stack size of N calls is M. Too large"; clang only checks one
 * frame at a time, so the object builds. What is counted is a lower
 * bound: arrays and structs that must live on the stack (their address is
 * taken or passed on), each frame rounded up to 16 bytes as the kernel
 * does with the JIT on. Scalars and spills are left out (registers).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/rule.h"
#include "rules/ast_util.h"
#include "rules/static_call_sig.h"
#include "lint/lint_ctx.h"

#define STACK_LIMIT 512
#define MAX_FUNCS 512
#define MAX_CALLEES 32
#define MAX_DEPTH 8              /* the kernel's MAX_CALL_FRAMES */

#define MAX_VARS 64

struct func {
	CXCursor def;
	CXCursor vars[MAX_VARS]; /* its array and struct locals */
	long var_bytes[MAX_VARS];
	bool escapes[MAX_VARS];  /* address passed on or taken: on the stack */
	int n_vars;
	long frame;              /* bytes of stack-bound aggregates */
	bool noinline;           /* a real BPF-to-BPF call when called */
	CXCursor calls[MAX_CALLEES]; /* callee definitions, resolved in finish() */
	int n_calls;
	int callees[MAX_CALLEES];
	int n_callees;
};

/* chain() from one function at one depth, computed once. */
struct chain_memo {
	bool done, real;
	long bytes;
	int path[MAX_DEPTH + 1], len;
};

struct graph {
	struct lint_ctx *ctx;
	struct func f[MAX_FUNCS];
	int n;
	int cur;                 /* function being scanned, -1: none */
	struct chain_memo (*memo)[MAX_DEPTH + 1]; /* [MAX_FUNCS] */
};

static int find_func(const struct graph *g, CXCursor def)
{
	for (int i = 0; i < g->n; i++)
		if (clang_equalCursors(g->f[i].def, def))
			return i;
	return -1;
}

/* An array or struct local whose storage must be on the stack. */
static long stack_bytes(CXCursor var)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(var));
	long long size = clang_Type_getSizeOf(t);

	if (clang_Cursor_getStorageClass(var) == CX_SC_Static ||
	    clang_getCursorKind(clang_getCursorSemanticParent(var)) == CXCursor_TranslationUnit)
		return 0;
	if (t.kind != CXType_ConstantArray && t.kind != CXType_Record)
		return 0;
	return size >= 8 ? (long)((size + 7) / 8 * 8) : 0;
}

/* Mark the locals that a DeclRefExpr under the visited tree names. */
static enum CXChildVisitResult mark_escapes(CXCursor c, CXCursor parent, CXClientData d)
{
	struct func *f = d;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		CXCursor v = clang_getCursorReferenced(c);

		for (int i = 0; i < f->n_vars; i++)
			if (clang_equalCursors(f->vars[i], v))
				f->escapes[i] = true;
	}
	return CXChildVisit_Recurse;
}

static void escape_under(struct func *f, CXCursor tree)
{
	mark_escapes(tree, clang_getNullCursor(), f);
	clang_visitChildren(tree, mark_escapes, f);
}

/* A cursor of the function being walked: its locals, escapes and calls. */
static void scan_body(struct graph *g, CXCursor c)
{
	struct func *f = &g->f[g->cur];
	long bytes;

	if (clang_getCursorKind(c) == CXCursor_VarDecl && (bytes = stack_bytes(c)) &&
	    f->n_vars < MAX_VARS) {
		f->vars[f->n_vars] = c;
		f->var_bytes[f->n_vars++] = bytes;
	}
	if (clang_getCursorKind(c) == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf)
		escape_under(f, c);
	if (clang_getCursorKind(c) == CXCursor_CallExpr)
		for (int a = 0; a < clang_Cursor_getNumArguments(c); a++)
			escape_under(f, clang_Cursor_getArgument(c, (unsigned)a));
	if (clang_getCursorKind(c) == CXCursor_CallExpr && f->n_calls < MAX_CALLEES) {
		CXCursor callee = clang_getCursorDefinition(clang_getCursorReferenced(c));

		if (!clang_Cursor_isNull(callee))
			f->calls[f->n_calls++] = callee;
	}
}

/* Callee cursors to indices, now that every function is known. */
static void resolve_calls(struct graph *g)
{
	for (int i = 0; i < g->n; i++) {
		struct func *f = &g->f[i];

		for (int c = 0; c < f->n_calls; c++) {
			int k = find_func(g, f->calls[c]);

			if (k >= 0 && k != i)
				f->callees[f->n_callees++] = k;
		}
		for (int v = 0; v < f->n_vars; v++)
			f->frame += f->escapes[v] ? f->var_bytes[v] : 0;
	}
}

static long round16(long n)
{
	return (n + 15) / 16 * 16;
}

/*
 * The deepest chain from i: its bytes, whether a real call is on it, and
 * its functions in path[0..*len). An inlined callee's locals add to its
 * caller's frame, which the sum counts the same way.
 */
static long chain(const struct graph *g, int i, int depth, bool *real, int *path, int *len)
{
	struct chain_memo *m = &g->memo[i][depth];
	long best = 0;
	int best_path[MAX_DEPTH], best_len = 0;
	bool best_real = false;

	/* Memoised: shared callees made this exponential in the call depth. */
	if (m->done) {
		memcpy(path, m->path, sizeof(int) * (size_t)m->len);
		*len = m->len;
		*real = m->real;
		return m->bytes;
	}
	path[0] = i;
	*len = 1;
	*real = false;
	if (depth >= MAX_DEPTH) {
		best = round16(g->f[i].frame);
		goto out;
	}
	for (int c = 0; c < g->f[i].n_callees; c++) {
		int k = g->f[i].callees[c], sub_path[MAX_DEPTH], sub_len;
		bool sub_real;
		long sub = chain(g, k, depth + 1, &sub_real, sub_path, &sub_len);

		if (sub > best) {
			best = sub;
			best_real = sub_real || g->f[k].noinline;
			best_len = sub_len;
			memcpy(best_path, sub_path, sizeof(int) * (size_t)sub_len);
		}
	}
	memcpy(path + 1, best_path, sizeof(int) * (size_t)best_len);
	*len = 1 + best_len;
	*real = best_real;
	best += round16(g->f[i].frame);
out:
	m->done = true;
	m->bytes = best;
	m->real = *real;
	m->len = *len;
	memcpy(m->path, path, sizeof(int) * (size_t)*len);
	return best;
}

static void describe(const struct graph *g, const int *path, int len, char *names,
		     size_t nlen, char *sizes, size_t slen)
{
	size_t a = 0, b = 0;

	names[0] = sizes[0] = '\0';
	for (int i = 0; i < len; i++) {
		CXString s = clang_getCursorSpelling(g->f[path[i]].def);

		a += (size_t)snprintf(names + a, a < nlen ? nlen - a : 0, "%s%s", i ? " -> " : "",
				      clang_getCString(s));
		b += (size_t)snprintf(sizes + b, b < slen ? slen - b : 0, "%s%ld", i ? " + " : "",
				      g->f[path[i]].frame);
		clang_disposeString(s);
	}
}

/*
 * Private stacks: since 6.13 the x86-64 JIT can run a program type on a
 * private stack per frame of 64+ bytes, where frames do not add up. Which
 * types get one differs between 6.18 builds. Measured with 256 + 272-byte
 * frames: 6.18.44-fc-v1147 loads tracepoint, raw_tp, tp_btf and perf_event;
 * 6.18.44-fc-v1272 loads only perf_event. perf_event is not reported; the
 * others are, with a note that some kernels accept them.
 */
enum priv_stack { PRIV_NONE, PRIV_ALWAYS, PRIV_SOME_BUILDS };

static bool has_prefix(const char *sec, const char *const *prefixes, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strncmp(sec, prefixes[i], strlen(prefixes[i])))
			return true;
	return false;
}

static enum priv_stack private_stacks(struct lint_ctx *ctx, const char *sec)
{
	static const char *const always[] = { "perf_event" };
	static const char *const some_builds[] = {
		"tracepoint/", "tp/", "raw_tracepoint/", "raw_tp/", "raw_tracepoint.w/",
		"raw_tp.w/", "tp_btf/", "fentry/", "fentry.s/", "fexit/", "fexit.s/",
		"fmod_ret/", "fmod_ret.s/",
	};
	unsigned target = lint_config(ctx)->target_kernel;

	if (target && target < KVER_PRIVATE_STACK)
		return PRIV_NONE;
	if (has_prefix(sec, always, sizeof(always) / sizeof(always[0])))
		return PRIV_ALWAYS;
	if (has_prefix(sec, some_builds, sizeof(some_builds) / sizeof(some_builds[0])))
		return PRIV_SOME_BUILDS;
	return PRIV_NONE;
}

static void check_entry(struct graph *g, int i, enum priv_stack priv)
{
	int path[MAX_DEPTH + 1], len;
	bool real;
	long total = chain(g, i, 0, &real, path, &len);
	char names[512], sizes[256];
	struct bpf_finding *f;

	if (total <= STACK_LIMIT || !real)
		return;		/* without a real call, clang refuses the frame itself */
	describe(g, path, len, names, sizeof(names), sizes, sizeof(sizes));
	f = lint_report(g->ctx, clang_getCursorExtent(g->f[i].def),
			"the call chain %s keeps at least %ld bytes on the stack, over the "
			"kernel's %d-byte limit for all frames together: move the large buffers "
			"into a per-CPU array map", names, total, STACK_LIMIT);
	if (!f)
		return;
	finding_add_note(f, "stack-bound arrays and structs per frame: %s bytes, each frame "
			 "rounded up to 16; %s refuse it with \"combined stack size of %d "
			 "calls is ... Too large\"", sizes,
			 priv == PRIV_SOME_BUILDS ? "a verifier that gives it no private stack will"
						  : "the verifier will", len);
	finding_add_note(f, "a __noinline call keeps its caller's frame alive: frames add up, "
			 "while clang checks each against 512 bytes on its own");
	if (priv == PRIV_SOME_BUILDS)
		finding_add_note(f, "kernels whose JIT gives this program type a private stack "
				 "per frame (6.13+ x86-64, some 6.18 builds) accept it: there "
				 "frames of 64+ bytes do not add up; other 6.18 builds refuse it");
	fix_set_unfixable(&f->fix, "moving buffers into a map changes the code's logic");
}

/* Function definitions of the walked code, and what their bodies hold. */
static void visit(struct lint_ctx *ctx, CXCursor c, CXCursor parent, void *state)
{
	struct graph *g = state;

	if (!g->ctx) {
		g->ctx = ctx;
		g->cur = -1;
	}
	if (clang_getCursorKind(c) == CXCursor_FunctionDecl &&
	    clang_getCursorKind(parent) == CXCursor_TranslationUnit) {
		g->cur = -1;
		if (!clang_isCursorDefinition(c) || g->n >= MAX_FUNCS)
			return;
		g->cur = g->n++;
		g->f[g->cur].def = c;
		g->f[g->cur].noinline = static_call__has_word(ctx, c, "noinline");
	} else if (g->cur >= 0 && !clang_Cursor_isNull(lint_walk_function(ctx))) {
		scan_body(g, c);
	}
}

static void finish(struct lint_ctx *ctx, void *state)
{
	struct graph *g = state;

	if (!g->n)
		return;
	g->memo = calloc((size_t)g->n, sizeof(*g->memo));
	if (!g->memo)
		return;
	resolve_calls(g);
	for (int i = 0; i < g->n; i++) {
		char *sec = ast__section(ctx, g->f[i].def);

		enum priv_stack priv = sec ? private_stacks(ctx, sec) : PRIV_NONE;

		if (sec && priv != PRIV_ALWAYS &&
		    lint_location_reported(ctx, clang_getCursorLocation(g->f[i].def)))
			check_entry(g, i, priv);
		free(sec);
	}
	free(g->memo);
}

const struct bpf_rule rule_stack_budget = {
	.id = "stack-budget",
	.summary = "call chain through __noinline functions over the 512-byte combined stack",
	.explanation =
		"The BPF stack is 512 bytes for a program and every function it calls\n"
		"together: a BPF-to-BPF call (a __noinline or global function) keeps the\n"
		"caller's frame while the callee runs. clang checks each frame against\n"
		"512 bytes on its own, so the object builds, and the verifier refuses it\n"
		"with \"combined stack size of 3 calls is 576. Too large\". The common way\n"
		"there is turning static helpers into __noinline functions (what this\n"
		"tool's fix for static calls in loops does) when each has a buffer.\n"
		"\n"
		"Counted: arrays and structs a frame must hold (their address is taken\n"
		"or passed to a call), rounded up to 16 per frame as the kernel does;\n"
		"scalars live in registers and are not. A lower bound, so a report means\n"
		"the program is over. `bpf-lint --cost` also reports the verifier\n"
		"model's exact verdict. Since 6.13 the x86-64 JIT can give a program a\n"
		"private stack per frame of 64+ bytes, where frames do not add up.\n"
		"perf_event programs get one (measured on two 6.18 builds) and are not\n"
		"reported unless the target kernel is older. Tracepoint, raw_tp and\n"
		"tracing (tp_btf, fentry...) programs get one on some 6.18 builds and\n"
		"not on others, which refuse them: they are reported, with a note.\n"
		"\n"
		"Before (refused on 6.18: combined stack size of 3 calls is 576):\n"
		"    __noinline int leaf(u32 k) { char buf[256]; ... }\n"
		"    __noinline int middle(u32 k) { char tmp[200]; ... return leaf(k); }\n"
		"    SEC(\"kprobe/...\") int entry(void *ctx) { char name[100]; ... middle(); }\n"
		"After:\n"
		"    struct { __uint(type, BPF_MAP_TYPE_PERCPU_ARRAY); __uint(max_entries, 1);\n"
		"             __type(key, u32); __type(value, struct scratch); } heap SEC(\".maps\");\n"
		"    /* leaf() and middle() take their buffers from heap */\n",
	.severity = BPF_SEV_WARNING,
	.enabled_by_default = true,
	.fix_lowers_cost = false,
	.min_kernel = 0,
	.kinds = (const enum CXCursorKind[]){ CXCursor_FunctionDecl, CXCursor_VarDecl,
					      CXCursor_UnaryOperator, CXCursor_CallExpr, 0 },
	.state_size = sizeof(struct graph),
	.visit = visit,
	.finish = finish,
};
