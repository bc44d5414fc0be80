/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * untyped-map: a BTF map definition that gives __uint(key_size, ...) or
 * __uint(value_size, ...) where __type(key, T) / __type(value, T) would
 * put T into the object's BTF: bpftool map dump can then print the
 * entries, the verifier knows the value layout (spin locks, timers,
 * kptrs need it) and local-storage maps require it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/rule.h"
#include "rules/ast_util.h"

/* UAPI enum bpf_map_type values (stable ABI) whose key or value can carry
 * a BTF type. Fd-holding maps (prog/perf/cgroup arrays, sockmap, devmap,
 * xskmap) and stack traces are left alone. */
static const struct {
	long long type;
	bool key, value;
} typed_maps[] = {
	{ 1, true, true },   /* HASH */
	{ 2, true, true },   /* ARRAY */
	{ 5, true, true },   /* PERCPU_HASH */
	{ 6, true, true },   /* PERCPU_ARRAY */
	{ 9, true, true },   /* LRU_HASH */
	{ 10, true, true },  /* LRU_PERCPU_HASH */
	{ 11, true, true },  /* LPM_TRIE */
	{ 12, true, false }, /* ARRAY_OF_MAPS: values are inner maps */
	{ 13, true, false }, /* HASH_OF_MAPS */
	{ 22, false, true }, /* QUEUE */
	{ 23, false, true }, /* STACK */
	{ 24, true, true },  /* SK_STORAGE */
	{ 28, true, true },  /* INODE_STORAGE */
	{ 29, true, true },  /* TASK_STORAGE */
	{ 32, true, true },  /* CGRP_STORAGE */
};

static bool typable(long long type, bool key)
{
	for (size_t i = 0; i < sizeof(typed_maps) / sizeof(typed_maps[0]); i++)
		if (typed_maps[i].type == type)
			return key ? typed_maps[i].key : typed_maps[i].value;
	return false;
}

/* "T" out of the field's sizeof(T) (or sizeof(expr)): malloc'd, or NULL. */
static char *sizeof_operand(struct lint_ctx *ctx, CXCursor field)
{
	CXCursor e = clang_getNullCursor();
	char *text, *open, *close, *out = NULL;

	for (unsigned i = 0, n = ast__n_children(field); i < n; i++)
		if (clang_isExpression(clang_getCursorKind(ast__child(field, i))))
			e = ast__strip(ast__child(field, i));
	if (clang_getCursorKind(e) != CXCursor_UnaryExpr)
		return NULL;
	text = lint_range_text(ctx, clang_getCursorExtent(e));
	if (!text)
		return NULL;
	open = strchr(text, '(');
	close = strrchr(text, ')');
	/* Only a bare sizeof(...), not sizeof(x) * 2 or _Alignof. */
	if (strncmp(text, "sizeof", 6) == 0 && open && close > open + 1 && close[1] == '\0' &&
	    strspn(text + 6, " \t") == (size_t)(open - text - 6))
		out = strndup(open + 1, close - open - 1);
	free(text);
	return out;
}

static void check_field(struct lint_ctx *ctx, CXCursor var, const char *size_name,
			const char *type_name)
{
	CXCursor field = ast__map_field(var, size_name);
	char *map, *operand, *repl = NULL;
	struct bpf_finding *f;

	if (clang_Cursor_isNull(field) || !clang_Cursor_isNull(ast__map_field(var, type_name)))
		return;
	map = ast__name(var);
	f = lint_report(ctx, clang_getCursorExtent(field),
			"declare the %s of map '%s' with __type(%s, T) instead of "
			"__uint(%s, ...): the type goes into BTF, so tools and the verifier "
			"know the layout", type_name, map ? map : "?", type_name, size_name);
	free(map);
	if (!f)
		return;
	operand = sizeof_operand(ctx, field);
	if (!operand) {
		fix_set_unfixable(&f->fix, "the size is not written as sizeof(T), so T is unknown");
		return;
	}
	if (asprintf(&repl, "__type(%s, %s)", type_name, operand) >= 0) {
		lint_fix_replace(ctx, f, ast__expansion_range(ctx, clang_getCursorExtent(field)),
				 repl);
		free(repl);
	}
	free(operand);
}

static void visit(struct lint_ctx *ctx, CXCursor c, CXCursor parent, void *state)
{
	long long type;

	(void)parent;
	(void)state;
	if (!lint_walk_reported(ctx) || !ast__is_btf_map(ctx, c))
		return;
	type = ast__map_uint(ast__map_field(c, "type"));
	if (typable(type, true))
		check_field(ctx, c, "key_size", "key");
	if (typable(type, false))
		check_field(ctx, c, "value_size", "value");
}

const struct bpf_rule rule_untyped_map = {
	.id = "untyped-map",
	.summary = "map key/value given as __uint(key_size/value_size): use __type(key/value, T)",
	.explanation =
	"A BTF-defined map can state its key and value as sizes or as types.\n"
	"With sizes only, the object's BTF has no idea what the bytes are:\n"
	"`bpftool map dump` prints hex, the verifier cannot find special fields\n"
	"(bpf_spin_lock, bpf_timer, kptrs) in the value, and local-storage maps\n"
	"(sk/inode/task/cgroup storage) refuse to be created. __type(key, T) gives\n"
	"the same size and the type, at no run-time cost.\n"
	"\n"
	"Before:\n"
	"    struct {\n"
	"        __uint(type, BPF_MAP_TYPE_HASH);\n"
	"        __uint(max_entries, 1024);\n"
	"        __uint(key_size, sizeof(u32));\n"
	"        __uint(value_size, sizeof(struct stats));\n"
	"    } counts SEC(\".maps\");\n"
	"After:\n"
	"    struct {\n"
	"        __uint(type, BPF_MAP_TYPE_HASH);\n"
	"        __uint(max_entries, 1024);\n"
	"        __type(key, u32);\n"
	"        __type(value, struct stats);\n"
	"    } counts SEC(\".maps\");\n"
	"\n"
	"Fixed automatically when the size is written sizeof(T). Maps whose\n"
	"entries are file descriptors or stack traces (perf event, prog, cgroup\n"
	"arrays, sockmap, devmap, stack trace) are not reported.\n",
	.severity = BPF_SEV_WARNING,
	.enabled_by_default = true,
	.min_kernel = 0,
	.kinds = (const enum CXCursorKind[]){ CXCursor_VarDecl, 0 },
	.visit = visit,
};
