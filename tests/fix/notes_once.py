#!/usr/bin/env python3
"""A header's note is given once per run, not once per unit including it.

tests/fix/data/notes: emit.h's perf-buffer output (its fix needs the
reader changed too: noted, never applied) is included by a.bpf.c and
b.bpf.c. bpf-fix over both notes it once (it did twice; over tracee's or
the selftests' headers, 8 times each), and still notes it when run over
one file.

  notes_once.py BPF_FIX
"""
import os
import subprocess
import sys
from fixlib import Checks

FIX = os.path.abspath(sys.argv[1])
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "notes")
NOTE = "emit.h:16:2: note: [perf-buffer] fix not applied"
c = Checks()

for files in (["a.bpf.c", "b.bpf.c"], ["b.bpf.c"]):
    r = subprocess.run([FIX, "--verify=none"] + files, cwd=DATA, capture_output=True, text=True)
    notes = [ln for ln in r.stderr.splitlines() if NOTE in ln]
    print("%s: exit %d, %d note(s) for emit.h:16" % (" ".join(files), r.returncode, len(notes)))
    c.check(r.returncode == 0 and len(notes) == 1,
            "%s: one note for emit.h's perf-buffer finding" % " ".join(files), r.stderr)
c.finish()
