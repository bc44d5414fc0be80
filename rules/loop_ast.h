/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Loop facts for the loop rules (calls in loops, bounded loops, bpf_repeat
 * and can_loop counters): which statements are loops, of which
 * kind (plain, bpf_for, bpf_repeat, with can_loop), their parts, and the
 * variable data flow the rules need. Loop kinds come from the macro
 * expansions in the preprocessing record, never from the text.
 */
#ifndef BPF_RULES_LOOP_AST_H
#define BPF_RULES_LOOP_AST_H

#include <stdbool.h>
#include <clang-c/Index.h>
#include "lint/lint_ctx.h"
#include "rules/ast_util.h"	/* ast__child, ast__strip: the cursor basics */

enum loop_kind {
	LOOP_FOR,        /* a for statement written out */
	LOOP_WHILE,
	LOOP_DO,
	LOOP_BPF_FOR,    /* the for that bpf_for(i, start, end) expands to */
	LOOP_BPF_REPEAT, /* the for that bpf_repeat(N) expands to */
};

struct loop {
	CXCursor stmt;           /* ForStmt / WhileStmt / DoStmt */
	CXCursor func;           /* the enclosing function definition */
	CXCursor parent;         /* the statement holding it (a block, ...) */
	enum loop_kind kind;
	bool can_loop;           /* the condition uses can_loop (may_goto) */
	/* Parts (null cursors when absent). Macro loops: body only. */
	CXCursor init, cond, inc, body;
	unsigned off, end_off;   /* expansion offsets of the statement */
	/* Plain for: offsets of '(' , the two ';' and ')' of the header. */
	unsigned lparen, semi1, semi2, rparen;
	CXSourceRange macro;     /* bpf_for(...)/bpf_repeat(...) as written */
};

/* The cursor kinds a loop rule asks the walk for (its rule.h kinds). */
extern const enum CXCursorKind loop__kinds[];
/* In a loop rule's visit(): fill l if c is a loop (outer before inner)
 * of a reported function body whose kind the rules know. */
bool loop__at(struct lint_ctx *ctx, CXCursor c, CXCursor parent, struct loop *l);

/* Name of the macro expanded at the file offset off, or NULL (static). */
const char *loop__macro_at(struct lint_ctx *ctx, unsigned off);
/* Is there an expansion of macro name in [off, end)? Its offset in *at. */
bool loop__macro_in(struct lint_ctx *ctx, const char *name, unsigned off,
		    unsigned end, unsigned *at);
/* Source text of the expansion of a function-like macro at off: its
 * arguments, split at top-level commas, into args[] (malloc'd each);
 * returns their number (at most max), or -1. */
int loop__macro_args(struct lint_ctx *ctx, unsigned off, char **args, int max);

/* The VarDecl a (stripped) DeclRefExpr names, or a null cursor. */
CXCursor cursor__ref_var(CXCursor e);
/* Does any DeclRefExpr under tree (tree included) name var? */
bool cursor__mentions(CXCursor tree, CXCursor var);
/* Integer value of a constant expression. */
bool cursor__int_value(CXCursor e, long long *v);
/* Expansion offsets of the cursor's extent in its file. */
unsigned cursor__off(CXCursor c);
unsigned cursor__end(CXCursor c);
/* A variable declared at file scope (not const): the verifier cannot know it. */
bool cursor__is_writable_global(CXCursor var);
/* Is var's type unsigned and 64 bits wide? */
bool cursor__is_u64(CXCursor var);

/* Under tree: is var assigned (=, op=, ++, --) or its address taken? */
struct var_use {
	unsigned writes;         /* assignments, op-assignments, ++, -- */
	unsigned incs;           /* of those: ++, --, += 1 (step of one) */
	bool address_taken;
	CXCursor last_write;     /* the last write statement seen */
};
void var__uses(CXCursor tree, CXCursor var, struct var_use *u);
/* Is var, or a value computed from it, used as an array index under tree? */
bool var__indexes(CXCursor tree, CXCursor var);
/* Does the block parent declare another variable named like var (in a
 * declaration or a for-init) besides var itself? */
bool var__name_clash(CXCursor parent, CXCursor var);
/* Does tree compare var against a constant <= 0 (a lower bound check)? */
bool var__checks_nonneg(CXCursor tree, CXCursor var);
/* Is var's first use in the function after file offset off a read? */
bool var__read_after(CXCursor func, CXCursor var, unsigned off);
/* Value var holds when the loop starts: its for-init, or the last plain
 * assignment / initialiser before the loop. Null cursor if unknown. */
CXCursor var__start(const struct loop *l, CXCursor var);

/* Does the subtree contain a break/continue that leaves/continues this
 * loop (not one of a nested loop or switch)? */
bool loop__has_jump(CXCursor body, enum CXCursorKind kind);

/* Text of [off, end) of the main file (malloc'd), whitespace-trimmed. */
char *loop__text(struct lint_ctx *ctx, unsigned off, unsigned end);
/* Range of [off, end) in the file of the function being walked (else the
 * main file); loop__text, loop__indent and loop__whole_lines read it too. */
CXSourceRange loop__range(struct lint_ctx *ctx, unsigned off, unsigned end);
/* The same in the file where cursor c is expanded (a callee in a header). */
CXSourceRange loop__range_at(struct lint_ctx *ctx, CXCursor c, unsigned off, unsigned end);
/* The indentation of the line holding off (malloc'd). */
char *loop__indent(struct lint_ctx *ctx, unsigned off);
/* [off, end) widened to whole lines when only blanks share them; else to
 * the blanks before it when a blank follows (no double blank is left). */
void loop__whole_lines(struct lint_ctx *ctx, unsigned *off, unsigned *end);

#endif
