// SPDX-License-Identifier: GPL-2.0-only
/*
 * The definitions bpf-fix adds to a file whose fixes need them, when the
 * translation unit lacks them (lint/declared.c says which it has, from
 * its declarations, not from a header's version). Macros are guarded by
 * #ifndef and declarations are plain redeclarations, so that a newer
 * libbpf, vmlinux.h or UAPI header that provides them wins; struct
 * bpf_iter_num has a guard of its own (see struct_block).
 */
#define _GNU_SOURCE /* memmem */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "lint/finding.h"
#include "rewrite/preamble.h"
#include "rewrite/text.h"

/*
 * The num iterator's state (UAPI and vmlinux.h from 6.4), when the unit
 * does not define it: a project's vmlinux.h may be older than its libbpf.
 * A struct cannot be guarded by the headers' own definition: the comment
 * says when to delete it. Its own macro guards it, so that a header and
 * the file including it, each fixed for one unit, can both carry it. libbpf checks the kfuncs' prototypes against the kernel's
 * BTF, where the argument must be a struct (a forward declaration is not).
 */
static const char struct_block[] =
	"/* Not in this unit's headers (vmlinux.h or linux/bpf.h before 6.4):\n"
	" * delete this once they define it. */\n"
	"#ifndef BPF_FIX_STRUCT_BPF_ITER_NUM\n"
	"#define BPF_FIX_STRUCT_BPF_ITER_NUM\n"
	"struct bpf_iter_num {\n"
	"\t__u64 __opaque[1];\n"
	"} __attribute__((aligned(8)));\n"
	"#endif\n";

/*
 * The kfuncs (6.4), weak so that loading on an older kernel fails at the
 * call, not at link time. A redeclaration is legal C, so a header that
 * declares them too (libbpf 1.2+, a newer vmlinux.h) does not conflict.
 */
static const char kfuncs_block[] =
	"extern int bpf_iter_num_new(struct bpf_iter_num *it, int start, int end) __weak __ksym;\n"
	"extern int *bpf_iter_num_next(struct bpf_iter_num *it) __weak __ksym;\n"
	"extern void bpf_iter_num_destroy(struct bpf_iter_num *it) __weak __ksym;\n";

/* The iterator lives in the for's own scope and is destroyed on every exit. */
static const char for_block[] =
	"#ifndef bpf_for\n"
	"#define bpf_for(i, start, end) for ( \\\n"
	"\tstruct bpf_iter_num ___it __attribute__((aligned(8), cleanup(bpf_iter_num_destroy))), \\\n"
	"\t\t*___p __attribute__((unused)) = (bpf_iter_num_new(&___it, (start), (end)), \\\n"
	"\t\t\t(void)bpf_iter_num_destroy, (void *)0); \\\n"
	"\t({ int *___t = bpf_iter_num_next(&___it); \\\n"
	"\t   (___t && ((i) = *___t, (i) >= (start) && (i) < (end))); }); \\\n"
	"\t)\n"
	"#endif\n";

static const char repeat_block[] =
	"#ifndef bpf_repeat\n"
	"#define bpf_repeat(N) for ( \\\n"
	"\tstruct bpf_iter_num ___it __attribute__((aligned(8), cleanup(bpf_iter_num_destroy))), \\\n"
	"\t\t*___p __attribute__((unused)) = (bpf_iter_num_new(&___it, 0, (N)), \\\n"
	"\t\t\t(void)bpf_iter_num_destroy, (void *)0); \\\n"
	"\tbpf_iter_num_next(&___it); \\\n"
	"\t)\n"
	"#endif\n";

/* may_goto: the runtime stops the loop when its budget is spent. */
static const char can_loop_block[] =
	"#ifndef can_loop\n"
	"#define can_loop ({ __label__ l_break, l_continue; \\\n"
	"\t_Bool ret = 1; \\\n"
	"\tasm volatile goto(\"may_goto %l[l_break]\" :::: l_break); \\\n"
	"\tgoto l_continue; \\\n"
	"\tl_break: ret = 0; \\\n"
	"\tl_continue:; \\\n"
	"\tret; })\n"
	"#endif\n";

static const char barrier_block[] =
	"#ifndef barrier_var\n"
	"#define barrier_var(var) asm volatile(\"\" : \"+r\"(var))\n"
	"#endif\n";

static const char noinline_block[] =
	"#ifndef __noinline\n"
	"#define __noinline __attribute__((noinline))\n"
	"#endif\n";

/* Global-function argument tags, read by the 6.8+ verifier from BTF decl tags. */
static const char arg_tags_block[] =
	"#ifndef __arg_ctx\n"
	"#define __arg_ctx __attribute__((btf_decl_tag(\"arg:ctx\")))\n"
	"#endif\n"
	"#ifndef __arg_nonnull\n"
	"#define __arg_nonnull __attribute__((btf_decl_tag(\"arg:nonnull\")))\n"
	"#endif\n"
	"#ifndef __arg_nullable\n"
	"#define __arg_nullable __attribute__((btf_decl_tag(\"arg:nullable\")))\n"
	"#endif\n"
	"#ifndef __arg_trusted\n"
	"#define __arg_trusted __attribute__((btf_decl_tag(\"arg:trusted\")))\n"
	"#endif\n"
	"#ifndef __arg_arena\n"
	"#define __arg_arena __attribute__((btf_decl_tag(\"arg:arena\")))\n"
	"#endif\n";

/* Writable .bss: the verifier reads it as an unknown scalar, never as 0. */
static const char zero_block[] =
	"/* Not const: the verifier must not know its value (loops start from it). */\n"
	"int zero;\n";

struct block {
	unsigned bits;      /* emitted when one of these is missing */
	unsigned unless;    /* ... and none of these is declared */
	const char *text;
};

static const struct block blocks[] = {
	{ BPF_NEED_ITER_STRUCT, 0, struct_block },
	{ BPF_NEED_ITER_KFUNCS, 0, kfuncs_block },
	{ BPF_NEED_BPF_FOR, 0, for_block },
	{ BPF_NEED_BPF_REPEAT, 0, repeat_block },
	{ BPF_NEED_CAN_LOOP, 0, can_loop_block },
	{ BPF_NEED_BARRIER_VAR, 0, barrier_block },
	{ BPF_NEED_NOINLINE, 0, noinline_block },
	{ BPF_NEED_ARG_TAGS, 0, arg_tags_block },
	{ BPF_NEED_ZERO, 0, zero_block },
};

/* text with "\n" replaced by eol; malloc'd. */
static char *with_eol(const char *text, const char *eol)
{
	size_t n = 0, o = 0, el = strlen(eol);
	char *out;

	for (const char *c = text; *c; c++)
		n += *c == '\n' ? el : 1;
	out = malloc(n + 1);
	if (!out)
		return NULL;
	for (const char *c = text; *c; c++) {
		if (*c == '\n') {
			memcpy(out + o, eol, el);
			o += el;
		} else {
			out[o++] = *c;
		}
	}
	out[o] = '\0';
	return out;
}

static int append(char **acc, size_t *len, const char *s)
{
	size_t n = strlen(s);
	char *p = realloc(*acc, *len + n + 1);

	if (!p)
		return -ENOMEM;
	memcpy(p + *len, s, n + 1);
	*acc = p;
	*len += n;
	return 0;
}

int preamble_build(unsigned needed, unsigned declared, const char *buf,
		   size_t len, char **text, unsigned *added)
{
	const char *eol = text_eol_at(buf, len, 0);
	unsigned missing;
	char *acc = NULL;
	size_t acc_len = 0;

	*text = NULL;
	*added = 0;
	/* what the iterator macros rely on, whoever defines them */
	if (needed & (BPF_NEED_BPF_FOR | BPF_NEED_BPF_REPEAT))
		needed |= BPF_NEED_ITER_KFUNCS | BPF_NEED_ITER_STRUCT;
	missing = needed & ~declared;
	for (size_t i = 0; i < sizeof(blocks) / sizeof(blocks[0]); i++) {
		const struct block *b = &blocks[i];
		char *t;
		bool present;

		if (!(missing & b->bits) || (declared & b->unless))
			continue;
		t = with_eol(b->text, eol);
		if (!t)
			goto nomem;
		/* Already there byte for byte (an earlier run): not again. */
		present = memmem(buf, len, t, strlen(t)) != NULL;
		if (!present && ((!acc && append(&acc, &acc_len, eol)) ||
				 append(&acc, &acc_len, t))) {
			free(t);
			goto nomem;
		}
		free(t);
		if (!present)
			*added |= missing & b->bits;
	}
	*text = acc;
	return 0;
nomem:
	free(acc);
	*added = 0;
	return -ENOMEM;
}

/* The directive name of a line that starts with '#', else NULL. */
static const char *directive(const char *line, const char *end, size_t *n)
{
	const char *p = line;

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p == end || *p != '#')
		return NULL;
	p++;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	*n = 0;
	while (p + *n < end && p[*n] >= 'a' && p[*n] <= 'z')
		(*n)++;
	return p;
}

static bool is_word(const char *w, size_t n, const char *name)
{
	return n == strlen(name) && memcmp(w, name, n) == 0;
}

/* Track whether the scan ends inside a block comment. */
static bool scan_comments(const char *p, const char *end, bool in_comment)
{
	for (; p < end; p++) {
		if (in_comment) {
			if (p + 1 < end && p[0] == '*' && p[1] == '/') {
				in_comment = false;
				p++;
			}
		} else if (p + 1 < end && p[0] == '/' && p[1] == '*') {
			in_comment = true;
			p++;
		} else if (p + 1 < end && p[0] == '/' && p[1] == '/') {
			break;
		} else if (*p == '"' || *p == '\'') {
			char q = *p;

			for (p++; p < end && *p != q; p++)
				if (*p == '\\')
					p++;
		}
	}
	return in_comment;
}

/* Is the line [p, end) only blanks and comments? *in_comment carries across lines. */
static bool only_comments(const char *p, const char *end, bool *in_comment)
{
	bool blank = true;

	for (; p < end; p++) {
		if (*in_comment) {
			if (p + 1 < end && p[0] == '*' && p[1] == '/') {
				*in_comment = false;
				p++;
			}
		} else if (p + 1 < end && p[0] == '/' && p[1] == '*') {
			*in_comment = true;
			p++;
		} else if (p + 1 < end && p[0] == '/' && p[1] == '/') {
			break;
		} else if (*p != ' ' && *p != '\t' && *p != '\r') {
			blank = false;
			*in_comment = scan_comments(p, end, false);
			break;
		}
	}
	return blank;
}

/* The identifier after a directive's name ("#ifndef NAME"), its length in *n. */
static const char *directive_arg(const char *w, size_t wn, const char *end, size_t *n)
{
	const char *p = w + wn;

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	*n = 0;
	while (p + *n < end && (p[*n] == '_' || (p[*n] >= 'a' && p[*n] <= 'z') ||
				(p[*n] >= 'A' && p[*n] <= 'Z') || (p[*n] >= '0' && p[*n] <= '9')))
		(*n)++;
	return p;
}

/* What preamble_offset learns of a file, line by line. */
struct layout {
	size_t lead_end;      /* after the leading comments and blank lines */
	size_t guard_body;    /* after an include guard's #define or #pragma once */
	size_t top_include;   /* after the last #include outside any #if */
	size_t guard_include; /* after the last #include directly inside the guard */
	const char *guard;    /* the guard's macro while it is a candidate */
	size_t guard_len;
	int depth, guard_depth;   /* guard_depth 1: the file is wrapped in #ifndef */
	bool seen_code, guard_closed, guard_broken;
};

static void layout_directive(struct layout *l, const char *w, size_t n, const char *eol,
			     size_t next)
{
	size_t an;
	const char *arg = directive_arg(w, n, eol, &an);

	if (l->guard && !l->guard_body) {	/* #ifndef X must go on with #define X */
		if (is_word(w, n, "define") && an == l->guard_len && !memcmp(arg, l->guard, an)) {
			l->guard_body = next;
			l->guard_depth = 1;
			return;
		}
		l->guard = NULL;
	}
	if (!l->seen_code && is_word(w, n, "ifndef")) {
		l->guard = arg;
		l->guard_len = an;
	} else if (!l->seen_code && is_word(w, n, "pragma") && an == 4 && !memcmp(arg, "once", 4)) {
		l->guard_body = next;
	}
	if (is_word(w, n, "if") || is_word(w, n, "ifdef") || is_word(w, n, "ifndef")) {
		l->depth++;
	} else if (is_word(w, n, "endif") && l->depth > 0) {
		if (--l->depth == 0 && l->guard_depth)
			l->guard_closed = true;
	} else if (is_word(w, n, "include")) {
		if (l->depth == 0)
			l->top_include = next;
		else if (l->depth == l->guard_depth)
			l->guard_include = next;
	}
}

size_t preamble_offset(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	struct layout l = { 0 };
	bool in_comment = false;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end, *w;
		size_t n, next = (size_t)((nl ? nl + 1 : end) - buf);
		bool started_in_comment = in_comment;

		if (only_comments(p, eol, &in_comment)) {
			if (!l.seen_code)
				l.lead_end = next;
		} else {
			if (l.guard_closed)	/* code after the #endif: not a guard */
				l.guard_broken = true;
			if (!started_in_comment && (w = directive(p, eol, &n)))
				layout_directive(&l, w, n, eol, next);
			l.seen_code = true;
		}
		p = nl ? nl + 1 : end;
	}
	if (l.guard_depth && !l.guard_broken)
		return l.guard_include ? l.guard_include : l.guard_body;
	if (l.top_include)
		return l.top_include;
	return l.guard_body && !l.guard_depth ? l.guard_body : l.lead_end;
}
