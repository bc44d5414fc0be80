/* SPDX-License-Identifier: GPL-2.0-only */
/* Findings and clang's parse errors as LSP Diagnostic objects and code actions. */
#ifndef BPF_LINT_LSP_DIAG_H
#define BPF_LINT_LSP_DIAG_H

#include <stddef.h>
#include <jansson.h>
#include "lint/finding.h"
#include "cmd/bpf-lint/lsp/lsp_pos.h"

/* One Diagnostic for f, located in text (the buffer f was found in). */
json_t *lsp_diagnostic(const struct bpf_finding *f, const char *text, size_t len);
/* Diagnostics for the findings of fs that are in path. */
json_t *lsp_diagnostics(const struct bpf_findings *fs, const char *path,
			const char *text, size_t len);
/*
 * clang's "path:L:C: error: msg" lines that are in path, as Diagnostics;
 * when there is none, err's first line as one error on the first line.
 */
json_t *lsp_parse_error_diagnostics(const char *err, const char *path);

/*
 * Quick fixes for the findings of fs in path whose range meets
 * [from, to]: each fix as a WorkspaceEdit on uri, rendered as bpf-fix
 * renders it (indentation, definitions the fix needs).
 */
json_t *lsp_code_actions(const char *uri, const char *path, const char *text,
			 size_t len, const struct bpf_findings *fs,
			 struct lsp_pos from, struct lsp_pos to);

#endif
