#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""README.md's rule table is the one bpf-lint generates from the rules' own data
(--list-rules --format=markdown). Fails with a diff when they differ; --update
rewrites the README (scripts/update-readme-rules).
usage: readme_rules.py [--update] BPF-LINT README.md"""
import difflib
import re
import subprocess
import sys

BEGIN = "<!-- rules-table:begin"
END = "<!-- rules-table:end -->"


def split(readme):
    m = re.search(r"^(%s[^\n]*-->\n)(.*?)^(%s)$" % (re.escape(BEGIN), re.escape(END)),
                  readme, re.S | re.M)
    if not m:
        sys.exit("FAIL: README has no %s ... %s markers" % (BEGIN, END))
    return readme[:m.end(1)], m.group(2), readme[m.start(3):]


def main():
    args = sys.argv[1:]
    update = args[:1] == ["--update"]
    lint, path = args[update:]
    table = subprocess.run([lint, "--list-rules", "--format=markdown"], check=True,
                           capture_output=True, text=True).stdout
    if not table.startswith("| rule |") or table.count("\n") < 3:
        sys.exit("FAIL: bpf-lint --list-rules --format=markdown printed no table:\n" + table)
    readme = open(path, encoding="utf-8").read()
    head, current, tail = split(readme)
    if update:
        open(path, "w", encoding="utf-8").write(head + table + tail)
        print("README.md: rule table regenerated")
        return
    if current != table:
        sys.stdout.writelines(difflib.unified_diff(
            current.splitlines(True), table.splitlines(True), "README.md", "generated"))
        sys.exit("FAIL: README's rule table is stale: run scripts/update-readme-rules")
    print("ok: README's rule table matches the rules (%d rules)" % (table.count("\n") - 2))


if __name__ == "__main__":
    main()
