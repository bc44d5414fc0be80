/* SPDX-License-Identifier: GPL-2.0-only */
/* NOLINT, NOLINTNEXTLINE, NOLINTBEGIN/END with lists and globs, as clang-tidy. */
#include <criterion/criterion.h>
#include <string.h>
#include "lint/internal.h"

static bool sup(const char *text, unsigned line, const char *rule)
{
	return nolint__suppressed(text, strlen(text), line, rule);
}

Test(nolint, same_line)
{
	const char *t = "a; // NOLINT\nb;\n";

	cr_expect(sup(t, 1, "always-inline"));
	cr_expect(!sup(t, 2, "always-inline"));
}

Test(nolint, same_line_list_and_globs)
{
	const char *t = "a; // NOLINT(bounded-loop, pragma-*)\n";

	cr_expect(sup(t, 1, "bounded-loop"));
	cr_expect(sup(t, 1, "pragma-unroll"));
	cr_expect(!sup(t, 1, "always-inline"));
}

Test(nolint, negative_glob)
{
	const char *t = "a; // NOLINT(*,-bounded-loop)\n";

	cr_expect(sup(t, 1, "always-inline"));
	cr_expect(!sup(t, 1, "bounded-loop"));
}

Test(nolint, next_line)
{
	const char *t = "// NOLINTNEXTLINE(always-inline)\nx;\ny;\n";

	cr_expect(!sup(t, 1, "always-inline"));
	cr_expect(sup(t, 2, "always-inline"));
	cr_expect(!sup(t, 2, "bounded-loop"));
	cr_expect(!sup(t, 3, "always-inline"));
}

Test(nolint, begin_end)
{
	const char *t = "a;\n// NOLINTBEGIN(bounded-loop)\nb;\n// NOLINTEND(bounded-loop)\nc;\n";

	cr_expect(!sup(t, 1, "bounded-loop"));
	cr_expect(sup(t, 3, "bounded-loop"));
	cr_expect(!sup(t, 3, "always-inline"));
	cr_expect(!sup(t, 5, "bounded-loop"));
}

Test(nolint, end_must_match_begin_list)
{
	const char *t = "// NOLINTBEGIN\n// NOLINTEND(bounded-loop)\nx;\n// NOLINTEND\ny;\n";

	cr_expect(sup(t, 3, "bounded-loop"));
	cr_expect(!sup(t, 5, "bounded-loop"));
}

Test(nolint, lookalikes_do_not_count)
{
	cr_expect(!sup("x; // NOLINTFOO\n", 1, "bounded-loop"));
	cr_expect(!sup("x; // MYNOLINT\n", 1, "bounded-loop"));
	cr_expect(!sup("x; // NOLINT(bounded-loop\n", 1, "bounded-loop"));
	cr_expect(!sup("x; // NOLINT()\n", 1, "bounded-loop"));
	cr_expect(!sup("x;\n", 1, "bounded-loop"));
}

Test(nolint, nextline_is_not_same_line)
{
	cr_expect(!sup("x; // NOLINTNEXTLINE\n", 1, "bounded-loop"));
	cr_expect(sup("x; // NOLINTNEXTLINE\ny;\n", 2, "bounded-loop"));
}

Test(globs, checks_list_last_match_wins)
{
	const char *l = "-*,bounded-loop";

	cr_expect(lint__globs_apply(l, strlen(l), "bounded-loop", true));
	cr_expect(!lint__globs_apply(l, strlen(l), "always-inline", true));
	cr_expect(lint__globs_apply("", 0, "x", true));
	cr_expect(!lint__globs_apply("-x", 2, "x", true));
}
