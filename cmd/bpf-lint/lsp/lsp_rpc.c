/* SPDX-License-Identifier: GPL-2.0-only */
/* LSP base protocol: "Content-Length: N\r\n" headers, a blank line, N bytes of JSON. */
#include <errno.h>
#include <stdlib.h>
#include <stdbool.h>
#include <string.h>
#include <strings.h>
#include "cmd/bpf-lint/lsp/lsp_rpc.h"

#define LSP_MAX_MESSAGE (64u << 20)

/* Headers up to the blank line; the body length, or -1 at EOF / -2 malformed. */
static long read_headers(FILE *in)
{
	char line[1024];
	long len = -2;
	bool any = false;

	while (fgets(line, sizeof(line), in)) {
		any = true;
		if (!strcmp(line, "\r\n") || !strcmp(line, "\n"))
			return len;
		if (!strncasecmp(line, "Content-Length:", 15))
			len = strtol(line + 15, NULL, 10);
	}
	return any ? -2 : -1;
}

json_t *lsp_rpc_read(FILE *in, int *bad)
{
	json_error_t jerr;
	json_t *msg;
	long len;
	char *body;

	*bad = 0;
	len = read_headers(in);
	if (len == -1)
		return NULL;
	if (len < 0 || (unsigned long)len > LSP_MAX_MESSAGE) {
		*bad = 1;
		return NULL;
	}
	body = malloc((size_t)len + 1);
	if (!body || fread(body, 1, (size_t)len, in) != (size_t)len) {
		free(body);
		*bad = 1;
		return NULL;
	}
	body[len] = '\0';
	msg = json_loadb(body, (size_t)len, 0, &jerr);
	free(body);
	if (!msg)
		*bad = 1;
	return msg;
}

int lsp_rpc_write(FILE *out, json_t *msg)
{
	char *body = json_dumps(msg, JSON_COMPACT);
	int rc = 0;

	if (!body)
		return -ENOMEM;
	if (fprintf(out, "Content-Length: %zu\r\n\r\n%s", strlen(body), body) < 0 ||
	    fflush(out))
		rc = -EIO;
	free(body);
	return rc;
}
