/* SPDX-License-Identifier: GPL-2.0-only */
/* Which enum bpf_need definitions the unit already has (so rewrite/ adds only the rest). */
#include <string.h>
#include "lint/internal.h"

static const struct { const char *macro; unsigned bit; } need_macros[] = {
	{ "bpf_for", BPF_NEED_BPF_FOR },
	{ "bpf_repeat", BPF_NEED_BPF_REPEAT },
	{ "can_loop", BPF_NEED_CAN_LOOP },
	{ "barrier_var", BPF_NEED_BARRIER_VAR },
	{ "__noinline", BPF_NEED_NOINLINE },
};

/* A file-scope, non-const integer variable named zero. */
static bool is_zero_global(CXCursor c)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(c));

	if (clang_isConstQualifiedType(t))
		return false;
	switch (t.kind) {
	case CXType_Int: case CXType_UInt: case CXType_Long: case CXType_ULong:
	case CXType_LongLong: case CXType_ULongLong: case CXType_Short:
	case CXType_UShort: case CXType_Char_S: case CXType_Char_U:
	case CXType_SChar: case CXType_UChar:
		return true;
	default:
		return false;
	}
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData data)
{
	unsigned *bits = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXString s;
	const char *name;

	(void)parent;
	if (k != CXCursor_MacroDefinition && k != CXCursor_VarDecl)
		return CXChildVisit_Continue;
	s = clang_getCursorSpelling(c);
	name = clang_getCString(s);
	if (k == CXCursor_VarDecl) {
		if (!strcmp(name, "zero") && is_zero_global(c))
			*bits |= BPF_NEED_ZERO;
	} else {
		for (size_t i = 0; i < sizeof(need_macros) / sizeof(need_macros[0]); i++)
			if (!strcmp(name, need_macros[i].macro))
				*bits |= need_macros[i].bit;
	}
	clang_disposeString(s);
	return CXChildVisit_Continue;
}

unsigned ctx__declared(CXTranslationUnit tu)
{
	unsigned bits = 0;

	clang_visitChildren(clang_getTranslationUnitCursor(tu), visit, &bits);
	return bits;
}
