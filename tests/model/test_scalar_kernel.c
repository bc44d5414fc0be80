// SPDX-License-Identifier: GPL-2.0-only
/*
 * The scalar domain against the real verifier: short straight-line
 * programs of ALU ops (and one conditional jump) are loaded with log
 * level 2; after every instruction the register the kernel prints must
 * read exactly as scalar_snprint() prints our result, and a branch must be
 * decided exactly when the kernel decides it. Exits 77 without bpf().
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <linux/bpf.h>
#include "verifier-model/scalar.h"

#define I(code, dst, src, off, imm) \
	((struct bpf_insn){ (code), (dst), (src), (off), (imm) })
#define CALL_RND I(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_get_prandom_u32)
#define A64K(op, d, k) I(BPF_ALU64 | (op) | BPF_K, d, 0, 0, k)
#define A64X(op, d, s) I(BPF_ALU64 | (op) | BPF_X, d, s, 0, 0)
#define A32K(op, d, k) I(BPF_ALU | (op) | BPF_K, d, 0, 0, k)
#define A32X(op, d, s) I(BPF_ALU | (op) | BPF_X, d, s, 0, 0)
#define MOVSX64(d, s, bits) I(BPF_ALU64 | BPF_MOV | BPF_X, d, s, bits, 0)
#define MOVSX32(d, s, bits) I(BPF_ALU | BPF_MOV | BPF_X, d, s, bits, 0)
#define END(src, d, bits) I(BPF_ALU | BPF_END | (src), d, 0, 0, bits)
#define BSWAP(d, bits) I(BPF_ALU64 | BPF_END, d, 0, 0, bits)
#define LD64(d, v) I(BPF_LD | BPF_DW | BPF_IMM, d, 0, 0, (int32_t)(uint32_t)(v)), \
		   I(0, 0, 0, 0, (int32_t)(uint32_t)((uint64_t)(v) >> 32))
#define JK(op, d, k) I(BPF_JMP | (op) | BPF_K, d, 0, 3, k)
#define J32K(op, d, k) I(BPF_JMP32 | (op) | BPF_K, d, 0, 3, k)
#define JX(op, d, s) I(BPF_JMP | (op) | BPF_X, d, s, 3, 0)

/* r6 and r7 hold two independent unknowns on entry to every case. */
#define PROLOGUE CALL_RND, A64X(BPF_MOV, 6, 0), CALL_RND, A64X(BPF_MOV, 7, 0)

struct kcase {
	const char *name;
	struct bpf_insn insns[24];
};

static const struct kcase cases[] = {
	{ "and-add", { PROLOGUE, A64X(BPF_MOV, 1, 6), A64K(BPF_AND, 1, 0xff),
		       A64K(BPF_ADD, 1, 10), A64K(BPF_SUB, 1, 300),
		       A64K(BPF_MUL, 1, -3), JK(BPF_JSGT, 1, 100) } },
	{ "alu32-wrap", { PROLOGUE, A32X(BPF_MOV, 1, 6), A32K(BPF_AND, 1, 0xf),
			  A32K(BPF_SUB, 1, 1), A32K(BPF_ADD, 1, 0x7ffffff0),
			  A32K(BPF_MUL, 1, 2), J32K(BPF_JLT, 1, 16) } },
	{ "or-xor-mul", { PROLOGUE, A64X(BPF_MOV, 1, 6), A64K(BPF_AND, 1, 2),
			  A64K(BPF_OR, 1, 1), A64K(BPF_MUL, 1, 3),
			  A64K(BPF_XOR, 1, 0x55), A64X(BPF_MUL, 1, 1),
			  JK(BPF_JEQ, 1, 2) } },
	{ "shifts", { PROLOGUE, A64X(BPF_MOV, 1, 6), A64K(BPF_AND, 1, 0xff),
		      A64K(BPF_SUB, 1, 128), A64K(BPF_LSH, 1, 32),
		      A64K(BPF_ARSH, 1, 32), A64K(BPF_RSH, 1, 60),
		      A64K(BPF_LSH, 1, 3), JK(BPF_JGE, 1, 0x70) } },
	{ "shifts32", { PROLOGUE, A32X(BPF_MOV, 1, 6), A32K(BPF_RSH, 1, 20),
			A32K(BPF_LSH, 1, 21), A32K(BPF_ARSH, 1, 4),
			A32K(BPF_ADD, 1, 7), J32K(BPF_JSLT, 1, 0) } },
	{ "neg-div-mod", { PROLOGUE, A64X(BPF_MOV, 1, 6), A64K(BPF_AND, 1, 0xf),
			   A64K(BPF_NEG, 1, 0), A32K(BPF_NEG, 1, 0),
			   A64K(BPF_MOV, 2, 10), A64K(BPF_DIV, 2, 2),
			   A64K(BPF_MOV, 3, 10), A32K(BPF_MOD, 3, 3),
			   JK(BPF_JNE, 1, 0) } },
	{ "movsx", { PROLOGUE, A64X(BPF_MOV, 1, 6), A64K(BPF_AND, 1, 0xff),
		     MOVSX64(2, 1, 8), MOVSX32(3, 1, 8), A64K(BPF_AND, 1, 0x7f),
		     MOVSX64(4, 1, 8), MOVSX64(5, 6, 16), MOVSX64(8, 6, 32),
		     A64K(BPF_MOV, 9, 0x80), MOVSX64(9, 9, 8),
		     JK(BPF_JSLT, 2, -100) } },
	{ "bswap", { PROLOGUE, A64K(BPF_MOV, 1, 5), END(BPF_TO_BE, 1, 16),
		     A64X(BPF_MOV, 2, 6), A64K(BPF_AND, 2, 0xff0f),
		     END(BPF_TO_BE, 2, 32), A64X(BPF_MOV, 3, 6),
		     END(BPF_TO_LE, 3, 16), BSWAP(3, 64), A64X(BPF_MOV, 4, 7),
		     A64K(BPF_OR, 4, 0x10), END(BPF_TO_BE, 4, 64),
		     JK(BPF_JSET, 3, 1) } },
	{ "ldimm-add", { PROLOGUE, LD64(1, 0x8000000000000000ULL),
			 A64X(BPF_MOV, 2, 6), A64K(BPF_AND, 2, 0xff),
			 A64X(BPF_OR, 1, 2), A64X(BPF_ADD, 1, 1),
			 LD64(3, 0xfffffffffffffff0ULL), A64X(BPF_ADD, 3, 2),
			 JK(BPF_JGT, 3, 0x40) } },
	{ "signed-cross", { PROLOGUE, A64X(BPF_MOV, 1, 6), A64K(BPF_AND, 1, 0xff),
			    A64K(BPF_SUB, 1, 100), A32X(BPF_MOV, 2, 1),
			    A64X(BPF_MOV, 3, 7), A64K(BPF_ARSH, 3, 56),
			    A64X(BPF_SUB, 3, 1), JX(BPF_JSLE, 3, 1) } },
	{ "tnum-single", { PROLOGUE, A64X(BPF_MOV, 1, 6), A64K(BPF_AND, 1, 0x10),
			   JK(BPF_JGT, 1, 0) } },
	{ "jset-refine", { PROLOGUE, A64X(BPF_MOV, 1, 6), A64K(BPF_AND, 1, 0xff),
			   JK(BPF_JSET, 1, 0x80) } },
	{ "jmp32-eq", { PROLOGUE, A64X(BPF_MOV, 1, 6), J32K(BPF_JEQ, 1, 7) } },
	{ "jne-edge", { PROLOGUE, A64X(BPF_MOV, 1, 6), A64K(BPF_AND, 1, 0xf),
			JK(BPF_JNE, 1, 0) } },
	{ "reg-reg-lt", { PROLOGUE, A64X(BPF_MOV, 1, 6), A64K(BPF_AND, 1, 0xff),
			  A64X(BPF_MOV, 2, 7), A64K(BPF_AND, 2, 0x3f),
			  JX(BPF_JLT, 1, 2) } },
	{ "rsh-unknown-amount", { PROLOGUE, A64X(BPF_MOV, 1, 6),
				  A64K(BPF_AND, 1, 0xff), A64X(BPF_MOV, 2, 7),
				  A64K(BPF_AND, 2, 7), A64X(BPF_RSH, 1, 2),
				  A64K(BPF_AND, 1, 0x1ff), JK(BPF_JLE, 1, 0x1ff) } },
};

/* Up to and including the case's conditional jump (cases end with one). */
static int n_insns(const struct kcase *c)
{
	int n = 0;

	while (n < 23) {
		uint8_t cls = BPF_CLASS(c->insns[n].code);

		n++;
		if ((cls == BPF_JMP || cls == BPF_JMP32) &&
		    c->insns[n - 1].code != (BPF_JMP | BPF_CALL))
			break;
	}
	return n;
}

/* What our domain says after insn i; sets *is_jmp for the branch. */
struct sim {
	struct vm_scalar r[11];
	bool init[11];
};

static void sim_insn(struct sim *s, const struct bpf_insn *in)
{
	uint8_t cls = BPF_CLASS(in->code), op = BPF_OP(in->code);
	struct vm_scalar src;
	int i;

	if (in->code == (BPF_JMP | BPF_CALL)) {
		for (i = 1; i <= 5; i++)
			s->init[i] = false;
		scalar_set_unknown(&s->r[0]);
		s->init[0] = true;
		return;
	}
	if (in->code == (BPF_LD | BPF_DW | BPF_IMM)) {
		scalar_set_const(&s->r[in->dst_reg],
				 (uint32_t)in->imm | (uint64_t)(uint32_t)in[1].imm << 32);
		s->init[in->dst_reg] = true;
		return;
	}
	if (op == BPF_END) {
		scalar_bswap(&s->r[in->dst_reg], in->imm,
			     cls == BPF_ALU && BPF_SRC(in->code) == BPF_TO_LE);
		return;
	}
	if (BPF_SRC(in->code) == BPF_X)
		src = s->r[in->src_reg];
	else
		scalar_set_const(&src, (uint64_t)(int64_t)in->imm);
	scalar_alu(&s->r[in->dst_reg], &src, op, cls == BPF_ALU64, in->off);
	s->init[in->dst_reg] = true;
}

/* Remove "id=N" / "id=N+K" fields: the model tracks ids, not us. */
static void drop_ids(char *s)
{
	char tmp[256] = "", *tok, *save = NULL;

	for (tok = strtok_r(s, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (!strncmp(tok, "id=", 3))
			continue;
		if (tmp[0])
			strncat(tmp, ",", sizeof(tmp) - strlen(tmp) - 1);
		strncat(tmp, tok, sizeof(tmp) - strlen(tmp) - 1);
	}
	strcpy(s, tmp);
}

/* The text after "R<reg>=" on the log line of insn idx ("idx: (" or
 * "idx: R"), without "scalar(...)", "P" and id= fields; NULL if absent. */
static bool kernel_reg(const char *log, int idx, bool jump_target, int reg,
		       char *out, size_t len)
{
	char key[32], want[16];
	const char *p, *v, *e;
	size_t n = 0;
	int depth = 0;

	snprintf(key, sizeof(key), jump_target ? "\n%d: R" : "\n%d: (", idx);
	p = strstr(log, key);
	if (!p)
		return false;
	e = strchr(p + 1, '\n');
	snprintf(want, sizeof(want), "R%d=", reg);
	for (v = strstr(p, want); v && (!e || v < e); v = strstr(v + 1, want))
		if (v[-1] == ' ')
			break;
	if (!v || (e && v > e))
		return false;
	v += strlen(want);
	if (*v == 'P')
		v++;
	if (!strncmp(v, "scalar(", 7))
		v += 7, depth = 1;
	/* up to the closing paren of scalar(...), else to the next space */
	for (; v[n] && v[n] != '\n' && n + 1 < len; n++) {
		if (!depth && v[n] == ' ')
			break;
		if (v[n] == '(')
			depth++;
		if (v[n] == ')' && --depth == 0)
			break;
	}
	memcpy(out, v, n);
	out[n] = '\0';
	drop_ids(out);
	return true;
}

static char logbuf[1 << 20];

static int load(const struct bpf_insn *insns, int n)
{
	LIBBPF_OPTS(bpf_prog_load_opts, o, .log_buf = logbuf,
		    .log_size = sizeof(logbuf), .log_level = 2);
	int fd;

	logbuf[0] = '\0';
	fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, "scalar", "GPL",
			   insns, (size_t)n, &o);
	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

static int compare(const char *what, int idx, const char *kernel,
		   const struct vm_scalar *ours)
{
	char buf[256];

	scalar_snprint(buf, sizeof(buf), ours);
	if (!strcmp(buf, kernel))
		return 0;
	printf("  MISMATCH %s insn %d:\n    kernel: %s\n    model:  %s\n",
	       what, idx, kernel, buf);
	return 1;
}

/* The jump and both sides: decided exactly when the kernel decides. */
static int check_jump(const struct kcase *c, int k, struct sim *s)
{
	const struct bpf_insn *j = &c->insns[k];
	bool is32 = BPF_CLASS(j->code) == BPF_JMP32;
	struct vm_scalar b, add0 = { 0 };
	char kbuf[256];
	int side, pred, bad = 0;

	if (BPF_SRC(j->code) == BPF_X)
		b = s->r[j->src_reg];
	else
		scalar_set_const(&b, (uint64_t)(int64_t)j->imm);
	pred = scalar_branch_taken(&s->r[j->dst_reg], &b, BPF_OP(j->code), is32);
	scalar_set_const(&add0, 0);
	for (side = 0; side < 2; side++) {
		int at = side ? k + 4 : k + 1;
		struct vm_scalar a = s->r[j->dst_reg], bb = b;
		bool seen = kernel_reg(logbuf, at, false, j->dst_reg, kbuf, sizeof(kbuf));
		bool ours = pred < 0 || pred == side;

		if (seen != ours) {
			printf("  MISMATCH jump insn %d side %d: kernel %s, model %s\n",
			       k, side, seen ? "explores" : "skips",
			       ours ? "explores" : "skips");
			bad++;
			continue;
		}
		if (!seen)
			continue;
		scalar_refine(&a, &bb, BPF_OP(j->code), is32, side);
		scalar_alu(&a, &add0, BPF_ADD, true, 0);
		bad += compare(side ? "taken" : "fallthrough", at, kbuf, &a);
	}
	return bad;
}

/* Load one case, then replay it through the domain insn by insn. */
static int run_case(const struct kcase *c, int *checked)
{
	struct bpf_insn p[32];
	struct sim s = { 0 };
	int n = n_insns(c), i, bad = 0, err;
	char kbuf[256];

	memcpy(p, c->insns, sizeof(c->insns[0]) * (size_t)n);
	p[n] = A64K(BPF_ADD, c->insns[n - 1].dst_reg, 0);
	p[n + 1] = A64K(BPF_MOV, 0, 0);
	p[n + 2] = I(BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
	p[n + 3] = p[n];
	p[n + 4] = p[n + 1];
	p[n + 5] = p[n + 2];
	err = load(p, n + 6);
	if (err) {
		printf("  load failed (%d):\n%s\n", err, logbuf);
		return 1;
	}
	for (i = 0; i < n - 1; i++) {
		const struct bpf_insn *in = &c->insns[i];

		sim_insn(&s, in);
		if (in->code == (BPF_LD | BPF_DW | BPF_IMM)) {
			i++;
			continue;
		}
		if (in->code == (BPF_JMP | BPF_CALL))
			continue;
		if (!kernel_reg(logbuf, i, false, in->dst_reg, kbuf, sizeof(kbuf))) {
			printf("  insn %d: no R%d in the log\n", i, in->dst_reg);
			bad++;
			continue;
		}
		bad += compare("alu", i, kbuf, &s.r[in->dst_reg]);
		++*checked;
	}
	bad += check_jump(c, n - 1, &s);
	++*checked;
	return bad;
}

int main(void)
{
	static const struct bpf_insn probe[] = {
		A64K(BPF_MOV, 0, 0), I(BPF_JMP | BPF_EXIT, 0, 0, 0, 0),
	};
	size_t i;
	int bad = 0, checked = 0, err = load(probe, 2);

	if (err) {
		printf("skip: cannot load BPF programs (%s)\n", strerror(-err));
		return 77;
	}
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int b = run_case(&cases[i], &checked);

		printf("%s %s\n", b ? "FAIL" : "ok  ", cases[i].name);
		bad += b;
	}
	printf("%d instructions compared, %d mismatches\n", checked, bad);
	return bad ? 1 : 0;
}
