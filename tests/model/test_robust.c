/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Robustness of the model: random instruction sequences and truncated or
 * corrupted objects must give a verdict or a clear error, never a crash,
 * a hang or unbounded memory (run under --sanitize to see the rest).
 *   test-model-robust OBJ...
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "verifier-model/object.h"
#include "verifier-model/result.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 16);
}

static const uint8_t codes[] = {
	0x07, 0x0f, 0x17, 0x1f, 0x27, 0x2f, 0x37, 0x3f, 0x47, 0x4f, 0x57, 0x5f, 0x67, 0x6f,
	0x77, 0x7f, 0x87, 0x97, 0x9f, 0xa7, 0xaf, 0xb7, 0xbf, 0xc7, 0xcf, 0xd4, 0xdc,
	0x04, 0x0c, 0x14, 0x1c, 0x24, 0xb4, 0xbc, 0x61, 0x69, 0x71, 0x79, 0x62, 0x6a,
	0x72, 0x7a, 0x63, 0x6b, 0x73, 0x7b, 0xdb, 0xc3, 0x05, 0x15, 0x1d, 0x25, 0x2d,
	0x35, 0x3d, 0xa5, 0xad, 0x45, 0x4d, 0x55, 0x5d, 0x65, 0x6d, 0xc5, 0xcd, 0xd5,
	0xdd, 0x16, 0x1e, 0x56, 0x5e, 0x85, 0x95, 0xe5, 0x18, 0x00, 0xff, 0x06,
};

static struct bpf_insn random_insn(size_t n)
{
	struct bpf_insn x;

	memset(&x, 0, sizeof(x));
	x.code = codes[rnd() % sizeof(codes)];
	x.dst_reg = rnd() % 12;
	x.src_reg = rnd() % 12;
	x.off = (int16_t)((int)(rnd() % (2 * n + 8)) - (int)n - 4);
	x.imm = rnd() % 4 ? (int32_t)(rnd() % 64) - 16 : (int32_t)rnd();
	if (x.code == 0x85)
		x.imm = rnd() % 3 ? (int32_t)(1 + rnd() % 40) : (int32_t)(rnd() % 300);
	if (x.code == 0x85 && !(rnd() % 8))
		x.src_reg = 1;
	return x;
}

static int run_random(int iters)
{
	struct vm_options opt = { .max_insns = 1000000, .mem_cap_mb = 256, .time_cap_ms = 2000 };
	int verdicts[4] = { 0 };

	for (int it = 0; it < iters; it++) {
		size_t n = 2 + rnd() % 60;
		struct bpf_insn *insns = calloc(n, sizeof(*insns));
		struct vm_insn_ref *refs = calloc(n, sizeof(*refs));
		struct vm_subprog sub = { .start = 0, .len = n };
		struct vm_prog prog = { .insns = insns, .n_insns = n, .refs = refs,
					.subprogs = &sub, .n_subprogs = 1,
					.type = (enum bpf_prog_type)(rnd() % 8) };
		struct vm_object obj = { .progs = &prog, .n_progs = 1 };
		struct vm_result res;

		snprintf(obj.license, sizeof(obj.license), "GPL");
		for (size_t i = 0; i < n; i++) {
			insns[i] = random_insn(n);
			if (i < 10 && it % 2) /* start with initialised registers */
				insns[i] = (struct bpf_insn){ .code = 0xb7, .dst_reg = (uint8_t)i,
							      .imm = (int32_t)(rnd() % 32) };
			else if (insns[i].dst_reg > 10 && rnd() % 4)
				insns[i].dst_reg %= 10;
			if (insns[i].src_reg > 10 && rnd() % 4)
				insns[i].src_reg %= 11;
		}
		insns[n - 1] = (struct bpf_insn){ .code = 0x95 };
		if (vm_model_backend.verify(&obj, 0, &opt, &res)) {
			fprintf(stderr, "iteration %d: verify failed to run\n", it);
			return 1;
		}
		if (res.verdict > VM_LOAD_ERROR || res.insns > 1000001) {
			fprintf(stderr, "iteration %d: bad result\n", it);
			return 1;
		}
		verdicts[res.verdict]++;
		vm_result__free(&res);
		free(insns);
		free(refs);
	}
	printf("random programs: %d accepted, %d rejected, %d model limit, %d errors\n",
	       verdicts[0], verdicts[1], verdicts[2], verdicts[3]);
	return verdicts[0] + verdicts[1] ? 0 : 1;
}

static int run_object(const char *path, int iters)
{
	struct vm_options opt = { .max_insns = 20000, .mem_cap_mb = 256, .time_cap_ms = 2000 };
	FILE *f = fopen(path, "rb");
	unsigned char *buf, *copy;
	long len;
	int opened = 0;

	if (!f)
		return 1;
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)len);
	copy = malloc((size_t)len);
	if (!buf || !copy || fread(buf, 1, (size_t)len, f) != (size_t)len) {
		fclose(f);
		free(buf);
		free(copy);
		return 1;
	}
	fclose(f);
	for (int it = 0; it < iters; it++) {
		size_t l = it % 3 == 0 ? rnd() % (size_t)len : (size_t)len;
		struct vm_object *obj;
		char err[256];

		memcpy(copy, buf, (size_t)len);
		for (int k = it % 3 ? 1 + rnd() % 16 : 0; k > 0; k--)
			copy[rnd() % (size_t)len] ^= (unsigned char)(1u << (rnd() % 8));
		if (vm_object__open_mem(copy, l, "fuzz.o", &obj, err, sizeof(err)))
			continue;
		opened++;
		for (size_t p = 0; p < obj->n_progs; p++) {
			struct vm_result res;

			if (!vm_model_backend.verify(obj, p, &opt, &res))
				vm_result__free(&res);
		}
		vm_object__free(obj);
	}
	printf("%s: %d of %d corrupted copies opened and verified without a crash\n", path,
	       opened, iters);
	free(buf);
	free(copy);
	return 0;
}

int main(int argc, char **argv)
{
	int bad = run_random(3000);

	for (int i = 1; i < argc; i++)
		bad |= run_object(argv[i], 80);
	return bad;
}
