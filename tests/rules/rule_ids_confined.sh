#!/bin/sh
# tests/rules/rule_ids_confined.sh ROOT: the layout rule. A rule's id is
# written in its own rules/*.c file and, outside the code, only in
# testdata/, tests/, README.md and doc/ (documentation). Any other file
# naming it (a core file that special-cases a rule, a helper that lists
# its users) fails the test with FILE:LINE. A new rule touches exactly
# rules/<rule>.c, rules/rules.def and testdata/<rule-id>/ (README lists them).
cd "$1" || exit 2
ids=$(grep -ho '^	\.id = "[a-z0-9-]*"' rules/*.c | sed 's/.*"\(.*\)"/\1/')
[ -n "$ids" ] || { echo "no rule ids found under rules/"; exit 1; }
bad=0
for id in $ids; do
	own=$(grep -l "^	\.id = \"$id\"" rules/*.c)
	# every tracked text file, else every file (a tarball has no .git)
	files=$( (git ls-files --cached --others --exclude-standard 2>/dev/null || find . -type f | sed 's|^\./||') |
		grep -v -e '^testdata/' -e '^tests/' -e '^doc/' -e '^README.md$' -e '^build')
	hits=$(printf '%s\n' "$files" | grep -vx "$own" |
		xargs -d '\n' grep -nIw -- "$id" 2>/dev/null)
	if [ -n "$hits" ]; then
		echo "rule id '$id' (defined in $own) named outside its file:"
		printf '%s\n' "$hits" | sed 's/^/  /'
		bad=1
	fi
done
[ $bad = 0 ] && echo "$(echo $ids | wc -w) rule ids, each named only in its file, tests, testdata and docs"
exit $bad
