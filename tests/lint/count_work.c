// SPDX-License-Identifier: GPL-2.0-only
/*
 * LD_PRELOAD shim for tests/lint/work_scales.py: counts the work bpf-lint
 * asks of libclang (cursors handed to visitors, tokens produced) and
 * appends "visits=N tokens=M" to the file named by $COUNT_WORK_OUT at exit:
 * one line per process, since bpf-lint parses each file in a forked child
 * that leaves through _exit() (wrapped here too). Calls made inside
 * libclang itself are not seen; those from the rules are.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <clang-c/Index.h>

static unsigned long long visits, tokens;

struct wrapped {
	CXCursorVisitor fn;
	CXClientData data;
};

static enum CXChildVisitResult counting(CXCursor c, CXCursor parent, CXClientData d)
{
	struct wrapped *w = d;

	__atomic_add_fetch(&visits, 1, __ATOMIC_RELAXED);
	return w->fn(c, parent, w->data);
}

unsigned clang_visitChildren(CXCursor parent, CXCursorVisitor visitor, CXClientData data)
{
	static unsigned (*real)(CXCursor, CXCursorVisitor, CXClientData);
	struct wrapped w = { visitor, data };

	if (!real)
		*(void **)&real = dlsym(RTLD_NEXT, "clang_visitChildren");
	return real(parent, counting, &w);
}

void clang_tokenize(CXTranslationUnit tu, CXSourceRange range, CXToken **out, unsigned *n)
{
	static void (*real)(CXTranslationUnit, CXSourceRange, CXToken **, unsigned *);

	if (!real)
		*(void **)&real = dlsym(RTLD_NEXT, "clang_tokenize");
	real(tu, range, out, n);
	__atomic_add_fetch(&tokens, *n, __ATOMIC_RELAXED);
}

static void report(void)
{
	const char *path = getenv("COUNT_WORK_OUT");
	FILE *f = path ? fopen(path, "a") : NULL;

	if (!f)
		return;
	fprintf(f, "visits=%llu tokens=%llu\n", visits, tokens);
	fclose(f);
	visits = tokens = 0;
}

__attribute__((destructor)) static void report_at_exit(void)
{
	report();
}

/* A forked child's counts, written before it leaves without destructors. */
void _exit(int status)
{
	static void (*real)(int);

	report();
	if (!real)
		*(void **)&real = dlsym(RTLD_NEXT, "_exit");
	real(status);
	__builtin_unreachable();
}
