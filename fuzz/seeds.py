#!/usr/bin/env python3
# Seed corpora for the harnesses, from testdata:
#   seeds.py OUTDIR OBJ... -- SRC...
# OUTDIR/object: the objects; OUTDIR/model: each executable section of
# each object as raw insns behind one program-type byte (fuzz_model.c's
# input); OUTDIR/lint: the .bpf.c sources.
import os, shutil, struct, sys

def exec_sections(data):
    """(name, bytes) of every SHF_EXECINSTR section of an ELF64 LE file."""
    if data[:4] != b'\x7fELF' or data[4] != 2 or data[5] != 1:
        return []
    shoff, = struct.unpack_from('<Q', data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', data, 0x3a)
    hdrs = [struct.unpack_from('<IIQQQQIIQQ', data, shoff + i * shentsize)
            for i in range(shnum)]
    strtab = hdrs[shstrndx]
    out = []
    for h in hdrs:
        name_off, _typ, flags, _addr, off, size = h[:6]
        if flags & 0x4 and size:
            end = data.index(b'\0', strtab[4] + name_off)
            out.append((data[strtab[4] + name_off:end].decode(), data[off:off + size]))
    return out

def main():
    outdir, args = sys.argv[1], sys.argv[2:]
    split = args.index('--') if '--' in args else len(args)
    objs, srcs = args[:split], args[split + 1:]
    for sub in ('object', 'model', 'lint'):
        os.makedirs(os.path.join(outdir, sub), exist_ok=True)
    for i, o in enumerate(objs):
        base = os.path.basename(o)
        shutil.copyfile(o, os.path.join(outdir, 'object', base))
        with open(o, 'rb') as f:
            data = f.read()
        for j, (name, code) in enumerate(exec_sections(data)):
            # the program-type byte: varied so each type's entry is seeded
            seed = bytes([(i + j) % 8]) + code[:4096 * 8]
            with open(os.path.join(outdir, 'model', '%s.%d' % (base, j)), 'wb') as f:
                f.write(seed)
    for s in srcs:
        # same basename in two rule directories: keep both
        name = s.strip('/').replace('/', '_')[-120:]
        shutil.copyfile(s, os.path.join(outdir, 'lint', name))

main()
