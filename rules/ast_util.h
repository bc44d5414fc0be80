/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Cursor and type helpers shared by the type-aware rules (helper
 * arguments, map definitions, global signatures...). Pure libclang queries: they
 * look at declarations and canonical types, never at the source text,
 * except where libclang offers no other view (attribute arguments).
 */
#ifndef BPF_RULES_AST_UTIL_H
#define BPF_RULES_AST_UTIL_H

#include <stdbool.h>
#include <clang-c/Index.h>
#include "lint/lint_ctx.h"

/* Called for every cursor below a reported top-level declaration. */
typedef enum CXChildVisitResult (*ast_visit_fn)(CXCursor c, CXCursor parent, void *data);

/* Pre-order walk of the top-level declarations whose location is reported. */
void ast__walk(struct lint_ctx *ctx, ast_visit_fn fn, void *data);
/* Pre-order walk of everything below root (root itself excluded). */
void ast__walk_under(CXCursor root, ast_visit_fn fn, void *data);

/* e without implicit casts, parentheses and unexposed wrappers. */
CXCursor ast__strip(CXCursor e);
/* e stripped as ast__strip and also through explicit C casts. */
CXCursor ast__strip_casts(CXCursor e);
/* The first child of c, or a null cursor. */
CXCursor ast__first_child(CXCursor c);
/* Number of direct children of c. */
unsigned ast__n_children(CXCursor c);
/* The i-th direct child of c, or a null cursor. */
CXCursor ast__child(CXCursor c, unsigned i);

/* True if c is a call to the function (or helper pointer) named name. */
bool ast__call_is(CXCursor c, const char *name);
/* The callee's name of a call expression (malloc'd), or NULL. */
char *ast__call_name(CXCursor c);
/* The declaration a DeclRefExpr (after ast__strip) refers to, or null. */
CXCursor ast__ref_decl(CXCursor e);

/* Do a and b denote the same declaration (however they were reached)? */
bool ast__same_decl(CXCursor a, CXCursor b);

/* Are a and b the same expression node (same kind and extent)? */
bool ast__same_node(CXCursor a, CXCursor b);

/* Is the record type (through pointers, typedefs, arrays) a kernel type:
 * declared in vmlinux.h or marked preserve_access_index (CO-RE)? */
bool ast__is_kernel_record(CXType t);
/* Does the pointer type carry btf_type_tag("user") (the kernel's __user)? */
bool ast__is_user_pointer(CXType t);
/* Is the cursor's declaration spelled in a file whose name ends in base? */
bool ast__decl_in_file(CXCursor decl, const char *base);

/* The first string literal among decl's attributes, e.g. SEC("kprobe/x"):
 * "kprobe/x" (malloc'd, without quotes), or NULL. */
char *ast__section(struct lint_ctx *ctx, CXCursor decl);
/* tok is word once leading/trailing '_' are dropped (__noinline ~ noinline). */
bool ast__word_is(const char *tok, const char *word);
/* Does any attribute of decl spell the identifier word (noinline, ...)? */
bool ast__has_attr_word(struct lint_ctx *ctx, CXCursor decl, const char *word);

/* Is var a BTF-defined map: a struct variable in section ".maps"? */
bool ast__is_btf_map(struct lint_ctx *ctx, CXCursor var);
/* The field called name of a BTF map's struct, or a null cursor. */
CXCursor ast__map_field(CXCursor var, const char *name);
/* N of a __uint(name, N) field (declared int (*name)[N]), or -1. */
long long ast__map_uint(CXCursor field);

/* The identifier of c (malloc'd, never NULL unless out of memory). */
char *ast__name(CXCursor c);
/* The spelling of type t (malloc'd). */
char *ast__type_name(CXType t);
/* Range from the file offsets [off, end) of the file holding loc. */
CXSourceRange ast__file_range(struct lint_ctx *ctx, CXSourceLocation loc,
			      unsigned off, unsigned end);
/* r as a range of file locations (expansion sites), so that a macro use
 * such as __uint(key_size, 4) is edited where it is written. */
CXSourceRange ast__expansion_range(struct lint_ctx *ctx, CXSourceRange r);
/* True if the target kernel (0: unknown) is at least kver. */
bool ast__kernel_at_least(struct lint_ctx *ctx, unsigned kver);
/* Expansion offset of loc in its file. */
unsigned ast__offset(CXSourceLocation loc);

#endif
