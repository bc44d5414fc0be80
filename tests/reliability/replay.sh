#!/bin/sh
# replay.sh REPLAY-BIN DIR-OR-FILE...: run a fuzz harness (fuzz/replay.c)
# on every regression input under each DIR, and on each FILE. Fails on a
# crash or any sanitizer report; new files under regress/ need no
# reconfigure.
set -u
bin=$1
shift
files=
for a in "$@"; do
	if [ -d "$a" ]; then
		for f in "$a"/*; do [ -f "$f" ] && files="$files $f"; done
	else
		files="$files $a"
	fi
done
[ -n "$files" ] || { echo "no inputs"; exit 1; }
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
# shellcheck disable=SC2086 # the names come from our own tree
exec "$bin" $files
