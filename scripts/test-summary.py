#!/usr/bin/env python3
"""Print 'N passed, N failed[, N skipped]' from meson's testlog.json files."""
import json
import sys

passed = failed = skipped = 0
for path in sys.argv[1:]:
    try:
        log = open(path)
    except OSError as err:
        print(f"no test log ({err.strerror}): {path}", file=sys.stderr)
        failed += 1
        continue
    with log:
        for line in log:
            result = json.loads(line).get("result")
            if result in ("OK", "EXPECTEDFAIL"):
                passed += 1
            elif result == "SKIP":
                skipped += 1
            else:
                failed += 1
summary = f"{passed} passed, {failed} failed"
if skipped:
    summary += f", {skipped} skipped"
print(summary)
