/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Which enum bpf_need definitions the unit already has (so rewrite/ adds
 * only the rest), decided by what the translation unit declares, not by
 * a header's version: a project's own vmlinux.h may predate struct
 * bpf_iter_num however new the libbpf beside it is.
 */
#include <string.h>
#include "lint/internal.h"

static const struct { const char *macro; unsigned bit; } need_macros[] = {
	{ "bpf_for", BPF_NEED_BPF_FOR },
	{ "bpf_repeat", BPF_NEED_BPF_REPEAT },
	{ "can_loop", BPF_NEED_CAN_LOOP },
	{ "barrier_var", BPF_NEED_BARRIER_VAR },
	{ "__noinline", BPF_NEED_NOINLINE },
};

static const char *const iter_kfuncs[] = {
	"bpf_iter_num_new", "bpf_iter_num_next", "bpf_iter_num_destroy",
};

struct seen {
	unsigned bits;
	unsigned kfuncs;          /* bit i: iter_kfuncs[i] is declared */
	bool iter_struct;         /* struct bpf_iter_num is defined */
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

static void see_macro(struct seen *s, const char *name)
{
	for (size_t i = 0; i < sizeof(need_macros) / sizeof(need_macros[0]); i++)
		if (!strcmp(name, need_macros[i].macro))
			s->bits |= need_macros[i].bit;
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct seen *s = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXString str;
	const char *name;

	(void)parent;
	if (k != CXCursor_MacroDefinition && k != CXCursor_VarDecl && k != CXCursor_FunctionDecl &&
	    k != CXCursor_StructDecl)
		return CXChildVisit_Continue;
	str = clang_getCursorSpelling(c);
	name = clang_getCString(str);
	if (k == CXCursor_VarDecl && !strcmp(name, "zero") && is_zero_global(c))
		s->bits |= BPF_NEED_ZERO;
	else if (k == CXCursor_MacroDefinition)
		see_macro(s, name);
	else if (k == CXCursor_StructDecl && !strcmp(name, "bpf_iter_num"))
		s->iter_struct |= clang_isCursorDefinition(c);
	else if (k == CXCursor_FunctionDecl)
		for (unsigned i = 0; i < 3; i++)
			if (!strcmp(name, iter_kfuncs[i]))
				s->kfuncs |= 1u << i;
	clang_disposeString(str);
	return CXChildVisit_Continue;
}

/* The raw scan: the bits, and above them the kfunc mask and the struct. */
#define RAW_KFUNCS_SHIFT 24
#define RAW_ITER_STRUCT (1u << 30)

unsigned ctx__declared_scan(CXTranslationUnit tu)
{
	struct seen s = { 0 };

	clang_visitChildren(clang_getTranslationUnitCursor(tu), visit, &s);
	return s.bits | s.kfuncs << RAW_KFUNCS_SHIFT | (s.iter_struct ? RAW_ITER_STRUCT : 0);
}

unsigned ctx__declared_bits(unsigned raw)
{
	unsigned bits = raw & ((1u << RAW_KFUNCS_SHIFT) - 1);

	if (((raw >> RAW_KFUNCS_SHIFT) & 7) == 7)
		bits |= BPF_NEED_ITER_KFUNCS;
	if (raw & RAW_ITER_STRUCT)
		bits |= BPF_NEED_ITER_STRUCT;
	return bits;
}
