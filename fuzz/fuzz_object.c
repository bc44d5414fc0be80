// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness: the object loader on arbitrary bytes. Whatever
 * opens is walked the way bpf-verify walks it (programs, lines, maps).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "verifier-model/object.h"
#include "fuzz/fuzz.h"

/* Touch everything an opened object claims to hold, so ASan sees lies. */
static unsigned long walk(const struct vm_object *obj)
{
	unsigned long sum = 0;

	for (size_t p = 0; p < obj->n_progs; p++) {
		const struct vm_prog *prog = &obj->progs[p];

		sum += strlen(prog->name) + strlen(prog->section);
		for (size_t i = 0; i < prog->n_insns; i++) {
			sum += prog->insns[i].code + (unsigned)prog->refs[i].kind;
			if (prog->refs[i].name)
				sum += strlen(prog->refs[i].name);
			if (vm_prog__line_at(prog, i))
				sum++;
			if (vm_prog__subprog_at(prog, i))
				sum++;
		}
		for (size_t l = 0; l < prog->n_lines; l++) {
			if (prog->lines[l].file)
				sum += strlen(prog->lines[l].file);
			if (prog->lines[l].text)
				sum += strlen(prog->lines[l].text);
		}
	}
	for (size_t m = 0; m < obj->n_maps; m++)
		for (size_t b = 0; obj->maps[m].init_data && b < obj->maps[m].init_size; b++)
			sum += obj->maps[m].init_data[b];
	return sum;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct vm_object *obj = NULL;
	char err[256];
	volatile unsigned long sink;

	if (vm_object__open_mem(data, size, "fuzz.o", &obj, err, sizeof(err)))
		return 0;
	sink = walk(obj);
	(void)sink;
	vm_object__free(obj);
	return 0;
}
