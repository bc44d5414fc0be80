/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the verifier reads to verify one program, hashed: two programs
 * with the same fingerprint get the same verdict and counts, so a trial
 * reuses the figures of a program an edit did not change.
 */
#ifndef CONFIRM_FINGERPRINT_H
#define CONFIRM_FINGERPRINT_H

#include <stdint.h>
#include "verifier-model/object.h"

/*
 * The program's type and attach point, linked insns and what they refer
 * to (map definitions and initial bytes, kfunc/ksym names), its
 * subprograms' linkage and BTF signatures (argument tags included), the
 * license. Not line info, which changes with every edit above it.
 */
uint64_t prog_fingerprint(const struct vm_object *obj, const struct vm_prog *prog);

#endif
