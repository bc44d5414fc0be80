/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * unstable-attach: SEC("kprobe/f"), kretprobe, fentry, fexit, fmod_ret on
 * a named kernel function. Kernel functions are not an ABI: they are
 * renamed, inlined, split into .isra/.constprop clones or change their
 * arguments between releases. A note, off by default: often there is no
 * alternative, but when a tracepoint or LSM hook carries the data it
 * survives upgrades.
 */
#include <stdlib.h>
#include <string.h>
#include "rules/rule.h"
#include "rules/ast_util.h"

static const char *const attach_kinds[] = {
	"kprobe/", "kretprobe/", "fentry/", "fexit/", "fmod_ret/",
	"fentry.s/", "fexit.s/", "fmod_ret.s/",
};

/* The kernel function named by sec, or NULL (not a function attach). */
static const char *target_of(const char *sec)
{
	for (size_t i = 0; i < sizeof(attach_kinds) / sizeof(attach_kinds[0]); i++) {
		size_t n = strlen(attach_kinds[i]);

		if (strncmp(sec, attach_kinds[i], n) == 0 && sec[n])
			return sec + n;
	}
	return NULL;
}

/* Top-level function definitions. */
static void visit(struct lint_ctx *ctx, CXCursor c, CXCursor parent, void *state)
{
	const char *target;
	char *sec;
	struct bpf_finding *f;

	(void)state;
	if (!lint_walk_reported(ctx) || clang_getCursorKind(parent) != CXCursor_TranslationUnit ||
	    !clang_isCursorDefinition(c))
		return;
	sec = ast__section(ctx, c);
	target = sec ? target_of(sec) : NULL;
	if (target) {
		size_t kind_len = (size_t)(target - sec) - 1;

		f = lint_report(ctx, clang_getCursorExtent(c),
				"%.*s on '%s' depends on a kernel-internal function that can be "
				"renamed, inlined or change arguments in any release: prefer a "
				"tracepoint (tp_btf/), an LSM hook or ksyscall/ where one carries "
				"the data", (int)kind_len, sec, target);
		if (f && strchr(target, '.'))
			finding_add_note(f, "'%s' is a compiler-generated clone: its name changes "
					 "with the kernel's compiler and configuration", target);
		if (f)
			fix_set_unfixable(&f->fix, "which stable hook carries the same data is a "
					  "design choice");
	}
	free(sec);
}

const struct bpf_rule rule_unstable_attach = {
	.id = "unstable-attach",
	.summary = "kprobe/fentry on a kernel function, which is not a stable interface",
	.explanation =
	"kprobe, kretprobe, fentry, fexit and fmod_ret programs attach to a kernel\n"
	"function by name. Kernel functions are not an ABI: between releases they\n"
	"are renamed, inlined into their callers (then the probe silently never\n"
	"fires), split into compiler clones such as tcp_v4_connect.isra.0, or\n"
	"change their arguments (and fentry's typed arguments with them).\n"
	"Tracepoints (tp_btf/, tp/, raw_tp/), LSM hooks (lsm/) and system calls\n"
	"(ksyscall/, syscall tracepoints) are maintained as interfaces.\n"
	"\n"
	"Before:\n"
	"    SEC(\"kprobe/do_exit\")\n"
	"    int BPF_KPROBE(on_exit, long code) { ... }\n"
	"After:\n"
	"    SEC(\"tp_btf/sched_process_exit\")\n"
	"    int BPF_PROG(on_exit, struct task_struct *p) { ... }\n"
	"\n"
	"This rule is a note and is OFF by default: many tools have no stable\n"
	"alternative and probe internals on purpose. Enable it with\n"
	"--rules=unstable-attach (or in .bpf-lint.yaml) to review attach points.\n"
	"There is no automatic fix.\n",
	.severity = BPF_SEV_NOTE,
	.enabled_by_default = false,
	.min_kernel = 0,
	.kinds = (const enum CXCursorKind[]){ CXCursor_FunctionDecl, 0 },
	.visit = visit,
};
