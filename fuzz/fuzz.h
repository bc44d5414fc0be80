/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * libFuzzer's entry points, defined by each fuzz_*.c harness and called by
 * libFuzzer (-Dfuzz=true) or by replay.c (the regression replays).
 */
#ifndef BPF_FUZZ_H
#define BPF_FUZZ_H

#include <stddef.h>
#include <stdint.h>

/* Run one input; always returns 0 (libFuzzer's contract). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* Optional one-time set-up; a harness may leave it undefined. */
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

#endif
