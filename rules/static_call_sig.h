/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Second half of the rule on static calls in loops: may a static function
 * become global (the signature rules of the kernel's btf_prepare_func_args),
 * and the edits that make it so.
 */
#ifndef BPF_RULES_STATIC_CALL_SIG_H
#define BPF_RULES_STATIC_CALL_SIG_H

#include <clang-c/Index.h>
#include "lint/lint_ctx.h"

/* Why def cannot simply be made global (malloc'd), or NULL if it can. */
char *static_call__unfixable(struct lint_ctx *ctx, CXCursor def);
/* Is word (noinline, always_inline, ...) an attribute of decl or a token
 * before its name, leading/trailing underscores ignored? */
bool static_call__has_word(struct lint_ctx *ctx, CXCursor decl, const char *word);
/* Add to f the edits that turn def into a global __noinline function. */
void static_call__add_fix(struct lint_ctx *ctx, struct bpf_finding *f, CXCursor def);

#endif
