/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The server loop and the open documents. Every change lints the whole
 * buffer in the parse worker (lint/worker.h: warm units, limits, a new
 * worker after a crash) and publishes all diagnostics of the file; code
 * actions read the findings of the last lint.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config.h"
#include "cmd/bpf-lint/lint_cost.h"
#include "cmd/bpf-lint/lsp/lsp.h"
#include "cmd/bpf-lint/lsp/lsp_diag.h"
#include "cmd/bpf-lint/lsp/lsp_rpc.h"
#include "lint/worker.h"

struct lsp_doc {
	char *uri, *path, *text;
	size_t len;
	json_int_t version;      /* the client's, echoed in publishDiagnostics */
	struct bpf_findings findings;
};

struct lsp_server {
	FILE *out;
	struct lint_options base;
	struct lint_worker *worker;
	struct lsp_doc *docs;
	size_t n_docs;
	bool cost;               /* cost notes (initializationOptions.cost) */
	bool initialized;        /* "initialize" answered */
	bool shutdown;
};

/* file:///a%20b/x.c -> /a b/x.c; NULL for other schemes. */
static char *uri_to_path(const char *uri)
{
	char *path, *o;

	if (strncmp(uri, "file://", 7))
		return NULL;
	path = o = malloc(strlen(uri) + 1);
	if (!path)
		return NULL;
	for (const char *p = uri + 7; *p; p++) {
		unsigned c;

		if (p[0] == '%' && p[1] && p[2] && sscanf(p + 1, "%2x", &c) == 1) {
			*o++ = (char)c;
			p += 2;
		} else {
			*o++ = *p;
		}
	}
	*o = '\0';
	return path;
}

static struct lsp_doc *doc_find(struct lsp_server *s, const char *uri)
{
	for (size_t i = 0; uri && i < s->n_docs; i++)
		if (!strcmp(s->docs[i].uri, uri))
			return &s->docs[i];
	return NULL;
}

static void doc_free(struct lsp_doc *d)
{
	free(d->uri);
	free(d->path);
	free(d->text);
	findings_free(&d->findings);
}

static void notify(struct lsp_server *s, const char *method, json_t *params)
{
	json_t *msg = json_pack("{s:s, s:s, s:o}", "jsonrpc", "2.0", "method", method,
				"params", params);

	lsp_rpc_write(s->out, msg);
	json_decref(msg);
}

static void publish(struct lsp_server *s, const struct lsp_doc *d, json_t *diags)
{
	notify(s, "textDocument/publishDiagnostics",
	       json_pack("{s:s, s:I, s:o}", "uri", d->uri, "version", d->version,
			 "diagnostics", diags));
}

/* Findings the cost pass adds (rejected programs) have lines, not offsets. */
static void fill_offsets(struct lsp_doc *d)
{
	for (size_t i = 0; i < d->findings.n; i++) {
		struct bpf_finding *f = &d->findings.v[i];
		size_t off = 0;

		if (f->offset || f->end_offset || !f->line)
			continue;
		for (unsigned l = 1; l < f->line && off < d->len; off++)
			l += d->text[off] == '\n';
		f->offset = f->end_offset = (unsigned)off;
		while (f->end_offset < d->len && d->text[f->end_offset] != '\n')
			f->end_offset++;
	}
}

/*
 * Publish the cost notes after the plain diagnostics: compiling and the
 * model take longer than a lint, so the editor is not kept waiting.
 */
static void doc_cost(struct lsp_server *s, struct lsp_doc *d, const struct lint_options *opt)
{
	char *files[] = { d->path };

	if (lint_cost__annotate(&d->findings, files, 1, opt))
		return;
	fill_offsets(d);
	publish(s, d, lsp_diagnostics(&d->findings, d->path, d->text, d->len));
}

/* Lint the buffer of d again and publish what was found (with_cost: then the cost). */
static void doc_lint(struct lsp_server *s, struct lsp_doc *d, bool with_cost)
{
	struct lint_options opt = s->base;
	char *err = NULL;
	bool reparsed;
	int rc;

	findings_free(&d->findings);
	memset(&d->findings, 0, sizeof(d->findings));
	opt.unsaved_text = d->text;
	opt.unsaved_len = d->len;
	rc = lint_worker_run(s->worker, d->path, d->text, d->len, &d->findings, &err, &reparsed);
	if (rc == 0) {
		publish(s, d, lsp_diagnostics(&d->findings, d->path, d->text, d->len));
		if (with_cost && s->cost)
			doc_cost(s, d, &opt);
	} else if (rc == -EBADMSG || rc == -ECHILD)	/* ECHILD: the parse crashed or blew up */
		publish(s, d, lsp_parse_error_diagnostics(err, d->path));
	else if (rc == -ENODATA)
		publish(s, d, json_array());	/* an empty buffer: nothing to say */
	else
		notify(s, "window/logMessage", json_pack("{s:i, s:s}", "type", 1,
			"message", err ? err : "bpf-lint: lint failed"));
	free(err);
}

static void doc_set_text(struct lsp_doc *d, const char *text)
{
	free(d->text);
	d->text = strdup(text ? text : "");
	d->len = d->text ? strlen(d->text) : 0;
}

static void did_open(struct lsp_server *s, json_t *params)
{
	const char *uri = NULL, *text = NULL;
	struct lsp_doc *nv, *d;
	char *path;

	json_int_t version = 0;

	if (json_unpack(params, "{s:{s:s, s:s, s?I}}", "textDocument", "uri", &uri, "text", &text,
			"version", &version))
		return;
	if ((d = doc_find(s, uri))) {
		d->version = version;
		doc_set_text(d, text);
		doc_lint(s, d, true);
		return;
	}
	path = uri_to_path(uri);
	nv = path ? realloc(s->docs, (s->n_docs + 1) * sizeof(*nv)) : NULL;
	if (!nv) {
		free(path);
		return;
	}
	s->docs = nv;
	d = &s->docs[s->n_docs++];
	memset(d, 0, sizeof(*d));
	d->uri = strdup(uri);
	d->path = path;
	d->version = version;
	doc_set_text(d, text);
	doc_lint(s, d, true);
}

static void did_change(struct lsp_server *s, json_t *params)
{
	const char *uri = NULL;
	json_t *changes = NULL, *last;
	json_int_t version = 0;
	struct lsp_doc *d;

	if (json_unpack(params, "{s:{s:s, s?I}, s:o}", "textDocument", "uri", &uri,
			"version", &version, "contentChanges", &changes) ||
	    !(d = doc_find(s, uri)))
		return;
	d->version = version;
	/* Full sync: the last change holds the whole text. */
	last = json_array_get(changes, json_array_size(changes) - 1);
	if (!json_is_string(json_object_get(last, "text")))
		return;
	doc_set_text(d, json_string_value(json_object_get(last, "text")));
	doc_lint(s, d, false);	/* a keystroke: no compile, no model */
}

static void did_save_or_close(struct lsp_server *s, json_t *params, bool close)
{
	const char *uri = NULL;
	struct lsp_doc *d;
	json_t *text;

	if (json_unpack(params, "{s:{s:s}}", "textDocument", "uri", &uri) ||
	    !(d = doc_find(s, uri)))
		return;
	if (!close) {
		text = json_object_get(params, "text");
		if (json_is_string(text))
			doc_set_text(d, json_string_value(text));
		doc_lint(s, d, true);  /* the config or headers may have changed on disk */
		return;
	}
	publish(s, d, json_array());
	lint_worker_forget(s->worker, d->path);
	doc_free(d);
	*d = s->docs[--s->n_docs];
}

static json_t *code_action(struct lsp_server *s, json_t *params)
{
	const char *uri = NULL;
	int l0 = 0, c0 = 0, l1 = 0, c1 = 0;
	struct lsp_pos from, to;
	struct lsp_doc *d;

	if (json_unpack(params, "{s:{s:s}, s:{s:{s:i, s:i}, s:{s:i, s:i}}}",
			"textDocument", "uri", &uri, "range",
			"start", "line", &l0, "character", &c0,
			"end", "line", &l1, "character", &c1) ||
	    !(d = doc_find(s, uri)) || l0 < 0 || c0 < 0 || l1 < 0 || c1 < 0)
		return json_array();
	from = (struct lsp_pos){ (unsigned)l0, (unsigned)c0 };
	to = (struct lsp_pos){ (unsigned)l1, (unsigned)c1 };
	return lsp_code_actions(d->uri, d->path, d->text, d->len, &d->findings, from, to);
}

static json_t *initialize_result(void)
{
	return json_pack("{s:{s:{s:b, s:i, s:{s:b}}, s:{s:[s]}}, s:{s:s, s:s}}",
			 "capabilities", "textDocumentSync", "openClose", 1, "change", 1,
			 "save", "includeText", 1,
			 "codeActionProvider", "codeActionKinds", "quickfix",
			 "serverInfo", "name", "bpf-lint", "version", BPF_LINT_VERSION);
}

static void reply(struct lsp_server *s, json_t *id, json_t *result, int code, const char *why)
{
	json_t *msg = code ? json_pack("{s:s, s:O, s:{s:i, s:s}}", "jsonrpc", "2.0", "id", id,
				      "error", "code", code, "message", why)
			   : json_pack("{s:s, s:O, s:o}", "jsonrpc", "2.0", "id", id,
				      "result", result ? result : json_null());

	lsp_rpc_write(s->out, msg);
	json_decref(msg);
}

/* One request (id set: answered) or notification; -1 to go on, else the exit status. */
static int dispatch(struct lsp_server *s, json_t *msg)
{
	const char *method = json_string_value(json_object_get(msg, "method"));
	json_t *id = json_object_get(msg, "id"), *params = json_object_get(msg, "params");

	if (!method)
		return -1;  /* a response to us: we send no requests */
	if (!strcmp(method, "exit"))
		return s->shutdown ? 0 : 1;
	if (id && s->shutdown) {
		reply(s, id, NULL, -32600, "the server is shut down");
		return -1;
	}
	if (!s->initialized && strcmp(method, "initialize")) {
		if (id)	/* notifications before initialize are dropped, as the spec says */
			reply(s, id, NULL, -32002, "the server is not initialized");
		return -1;
	}
	if (!strcmp(method, "initialize")) {
		json_t *cost = json_object_get(json_object_get(params, "initializationOptions"),
					       "cost");

		if (json_is_false(cost))
			s->cost = false;
		s->initialized = true;
		reply(s, id, initialize_result(), 0, NULL);
	}
	else if (!strcmp(method, "shutdown")) {
		s->shutdown = true;
		reply(s, id, NULL, 0, NULL);
	} else if (!strcmp(method, "textDocument/codeAction"))
		reply(s, id, code_action(s, params), 0, NULL);
	else if (!strcmp(method, "textDocument/didOpen"))
		did_open(s, params);
	else if (!strcmp(method, "textDocument/didChange"))
		did_change(s, params);
	else if (!strcmp(method, "textDocument/didSave"))
		did_save_or_close(s, params, false);
	else if (!strcmp(method, "textDocument/didClose"))
		did_save_or_close(s, params, true);
	else if (id)
		reply(s, id, NULL, -32601, "method not found");
	return -1;
}

int lsp_serve(FILE *in, FILE *out, const struct lint_options *base)
{
	struct lsp_server s = { .out = out, .base = *base, .cost = true };
	int status = 1, bad;
	json_t *msg;

	s.worker = lint_worker_new(base);
	if (!s.worker)
		return 1;
	while ((msg = lsp_rpc_read(in, &bad)) || bad) {
		int rc = -1;

		if (!msg)
			reply(&s, json_null(), NULL, -32700, "parse error");
		else
			rc = dispatch(&s, msg);
		json_decref(msg);
		if (rc >= 0) {
			status = rc;
			break;
		}
	}
	for (size_t i = 0; i < s.n_docs; i++)
		doc_free(&s.docs[i]);
	free(s.docs);
	lint_worker_free(s.worker);
	return status;
}
