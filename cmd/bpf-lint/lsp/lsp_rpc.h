/* SPDX-License-Identifier: GPL-2.0-only */
/* JSON-RPC 2.0 over a byte stream with LSP's Content-Length framing. */
#ifndef BPF_LINT_LSP_RPC_H
#define BPF_LINT_LSP_RPC_H

#include <stdio.h>
#include <jansson.h>

/* Read one framed message; NULL at end of input. *bad is set when a message was malformed. */
json_t *lsp_rpc_read(FILE *in, int *bad);
/* Write msg framed and flush; 0 or -EIO. Does not take the reference. */
int lsp_rpc_write(FILE *out, json_t *msg);

#endif
