// SPDX-License-Identifier: GPL-2.0-only
/*
 * The scalar domain against the real verifier: short programs of ALU ops
 * and conditional jumps (16 fixed ones, then N random ones, default 2000,
 * fixed seed; argv[1] sets N) are loaded with log level 2. After every
 * instruction of the first explored path the register the kernel prints
 * must read exactly as scalar_snprint() prints our result, and every jump
 * must be decided exactly when the kernel decides it. Scalar ids are the
 * model's business: where registers may be linked the comparison stops.
 * Exits 77 without bpf(). Note: a refinement that breaks the invariants
 * makes the kernel log "verifier bug" and WARN once per boot; that is the
 * kernel's behaviour under test, not a failure.
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

#define MAX_INSNS 48

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

/*
 * Our replay. origin[] approximates the kernel's scalar ids: a register
 * copied by mov, or moved by a constant add/sub, may be linked to its
 * source, and the kernel then syncs linked registers after a jump.
 */
struct sim {
	struct vm_scalar r[11];
	int origin[11], next_origin;
};

/* Replays one insn; returns the fork width (scalar_fork_width) if the
 * kernel splits the state here, after which the replay must stop. */
static int sim_insn(struct sim *s, const struct bpf_insn *in)
{
	uint8_t cls = BPF_CLASS(in->code), op = BPF_OP(in->code);
	struct vm_scalar src, zero, *d = &s->r[in->dst_reg];
	int fork = 0, old = s->origin[in->dst_reg];

	if (in->code == (BPF_JMP | BPF_CALL)) {
		scalar_set_unknown(&s->r[0]);
		s->origin[0] = ++s->next_origin;
		return 0;
	}
	s->origin[in->dst_reg] = ++s->next_origin;
	if (in->code == (BPF_LD | BPF_DW | BPF_IMM)) {
		scalar_set_const(d, (uint32_t)in->imm |
				    (uint64_t)(uint32_t)in[1].imm << 32);
		return 0;
	}
	if (op == BPF_END) {
		bool noop = cls == BPF_ALU && BPF_SRC(in->code) == BPF_TO_LE;

		scalar_bswap(d, in->imm, noop);
		if (noop && in->imm == 64)	/* le64 keeps the scalar id */
			s->origin[in->dst_reg] = old;
		return 0;
	}
	if (BPF_SRC(in->code) == BPF_X) {
		src = s->r[in->src_reg];
		/* plain moves, and sign extensions that cannot change the
		 * value, share the id; so does adding a known register */
		if (op == BPF_MOV && (!in->off ||
				      src.umax < 1ULL << (in->off - 1)))
			s->origin[in->dst_reg] = s->origin[in->src_reg];
		if ((op == BPF_ADD || op == BPF_SUB) && scalar_is_const(&src))
			s->origin[in->dst_reg] = old;
	} else {
		scalar_set_const(&src, (uint64_t)(int64_t)in->imm);
		if (op == BPF_ADD || op == BPF_SUB)	/* BPF_ADD_CONST links */
			s->origin[in->dst_reg] = old;
	}
	fork = scalar_fork_width(d, &src, op);
	if (fork)	/* the kernel goes on with -1 first */
		scalar_fork_split(d, &zero, fork);
	scalar_alu(d, &src, op, cls == BPF_ALU64, in->off);
	return fork;
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
/*
 * Did the kernel leave the jump at insn i undecided? Then, and only
 * then, its line carries the registers after "; " (a decided jump prints
 * none: measured). Later paths may revisit any insn, so this is the one
 * signal that belongs to the first path alone.
 */
static bool kernel_undecided(int i, int dst)
{
	char kbuf[256], key[32];
	const char *p, *e;

	if (kernel_reg(logbuf, i, false, dst, kbuf, sizeof(kbuf)))
		return true;
	/* ...or a refinement broke the invariants: reported right after */
	snprintf(key, sizeof(key), "\n%d: (", i);
	p = strstr(logbuf, key);
	e = p ? strchr(p + 1, '\n') : NULL;
	return e && !strncmp(e + 1, "verifier bug: REG INVARIANTS", 28);
}

/* The final jump: decided exactly when the kernel decides it; the sides
 * the first path reaches first read as the kernel's. */
static int check_jump(const struct bpf_insn *insns, int k, struct sim *s)
{
	const struct bpf_insn *j = &insns[k];
	bool is32 = BPF_CLASS(j->code) == BPF_JMP32;
	struct vm_scalar b, add0;
	char kbuf[256];
	int side, pred, bad = 0;

	if (BPF_SRC(j->code) == BPF_X)
		b = s->r[j->src_reg];
	else
		scalar_set_const(&b, (uint64_t)(int64_t)j->imm);
	pred = scalar_branch_taken(&s->r[j->dst_reg], &b, BPF_OP(j->code), is32);
	if (kernel_undecided(k, j->dst_reg) != (pred < 0)) {
		printf("  MISMATCH jump insn %d: kernel %s, model %s\n", k,
		       pred < 0 ? "decides" : "explores both",
		       pred < 0 ? "explores both" : "decides");
		return 1;
	}
	scalar_set_const(&add0, 0);
	for (side = 0; side < 2; side++) {
		int at = side ? k + 4 : k + 1;
		struct vm_scalar a = s->r[j->dst_reg], bb = b;

		if (pred >= 0 && pred != side)
			continue;	/* only other paths come here */
		if (!kernel_reg(logbuf, at, false, j->dst_reg, kbuf, sizeof(kbuf))) {
			printf("  insn %d: no R%d in the log\n", at, j->dst_reg);
			bad++;
			continue;
		}
		/* a decided jump is followed without refinement; "if r1 > r1"
		 * refines one register as both operands */
		if (pred >= 0)
			;
		else if (BPF_SRC(j->code) == BPF_X && j->src_reg == j->dst_reg)
			scalar_refine(&a, &a, BPF_OP(j->code), is32, side);
		else
			scalar_refine(&a, &bb, BPF_OP(j->code), is32, side);
		scalar_alu(&a, &add0, BPF_ADD, true, 0);
		bad += compare(side ? "taken" : "fallthrough", at, kbuf, &a);
	}
	return bad;
}

/* Load one case, then replay it through the domain insn by insn. */
static bool is_cond_jump(const struct bpf_insn *in)
{
	uint8_t cls = BPF_CLASS(in->code), op = BPF_OP(in->code);

	return (cls == BPF_JMP || cls == BPF_JMP32) && op != BPF_CALL &&
	       op != BPF_EXIT && op != BPF_JA;
}

/* Does another register (possibly) share r's scalar id? */
static bool linked(const struct sim *s, int r)
{
	int j;

	for (j = 0; j <= 9; j++)
		if (j != r && s->origin[j] == s->origin[r])
			return true;
	return false;
}

/*
 * A "goto +0" jump inside the run: the kernel goes on with the
 * fall-through state first, so the log's first visit of the next insns
 * is that side. Its line shows the refined dst; the pushed taken side
 * shows up as "from i to i+1" exactly when the jump was not decided.
 * Returns mismatches, or -1 when linked registers make the rest unsure.
 */
static int mid_jump(struct sim *s, const struct bpf_insn *j, int i, int *checked)
{
	bool is32 = BPF_CLASS(j->code) == BPF_JMP32, x = BPF_SRC(j->code) == BPF_X;
	struct vm_scalar k, *a = &s->r[j->dst_reg], *b = x ? &s->r[j->src_reg] : &k;
	char kbuf[256];
	int pred, bad = 0;
	bool pushed;

	if (linked(s, j->dst_reg) || (x && linked(s, j->src_reg)))
		return -1;
	if (!x)
		scalar_set_const(&k, (uint64_t)(int64_t)j->imm);
	pred = scalar_branch_taken(a, b, BPF_OP(j->code), is32);
	pushed = kernel_undecided(i, j->dst_reg);
	if (pushed != (pred < 0)) {
		printf("  MISMATCH jump insn %d: kernel %s, model %s\n", i,
		       pushed ? "explores both" : "decides",
		       pred < 0 ? "explores both" : "decides");
		return 1;
	}
	++*checked;
	if (pred >= 0)
		return 0;
	scalar_refine(a, b, BPF_OP(j->code), is32, false);
	if (kernel_reg(logbuf, i, false, j->dst_reg, kbuf, sizeof(kbuf)))
		bad += compare("refined", i, kbuf, a);
	return bad;
}

/* The program plus both sides of its final jump: "rX += 0" to print
 * rX, then exit (fall-through at n+1, taken at n+4). */
static int with_tail(struct bpf_insn *p, const struct bpf_insn *insns, int n)
{
	memcpy(p, insns, sizeof(insns[0]) * (size_t)n);
	p[n] = A64K(BPF_ADD, insns[n - 1].dst_reg, 0);
	p[n + 1] = A64K(BPF_MOV, 0, 0);
	p[n + 2] = I(BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
	p[n + 3] = p[n];
	p[n + 4] = p[n + 1];
	p[n + 5] = p[n + 2];
	return n + 6;
}

static int run_insns(const struct bpf_insn *insns, int n, int *checked)
{
	struct bpf_insn p[MAX_INSNS + 6];
	struct sim s = { 0 };
	int i, bad = 0, err;
	char kbuf[256];

	err = load(p, with_tail(p, insns, n));
	if (err) {
		printf("  load failed (%d):\n%s\n", err, logbuf);
		return 1;
	}
	for (i = 0; i < n - 1; i++) {
		const struct bpf_insn *in = &insns[i];
		int fork;

		if (is_cond_jump(in)) {
			int r = mid_jump(&s, in, i, checked);

			if (r < 0)	/* linked registers: the rest is the model's */
				return bad;
			bad += r;
			continue;
		}
		fork = sim_insn(&s, in);

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
		if (fork)	/* two paths from here: the log interleaves them */
			return bad;
	}
	/* a jump between linked registers also syncs them: model's job */
	if (BPF_SRC(insns[n - 1].code) == BPF_X &&
	    insns[n - 1].src_reg != insns[n - 1].dst_reg &&
	    s.origin[insns[n - 1].src_reg] == s.origin[insns[n - 1].dst_reg])
		return bad;
	bad += check_jump(insns, n - 1, &s);
	++*checked;
	return bad;
}

static uint64_t rng = 0x2545f4914f6cdd1dULL;

static uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* Constants near the 8/16/32/64-bit and sign edges. */
static int32_t rnd_imm(void)
{
	static const int32_t edge[] = {
		0, 1, 2, 7, 8, 15, 16, 31, 32, 63, 100, 127, 128, 255, 256,
		0x7fff, 0x8000, 0xffff, 0x7fffffff, INT32_MIN, -1, -2, -8, -128,
		-256, 0x12345678,
	};
	int32_t e = edge[rnd() % (sizeof(edge) / sizeof(edge[0]))];

	/* wraps on purpose: INT32_MAX + 2 is another edge */
	return rnd() % 3 ? e : (int32_t)((uint32_t)e + (uint32_t)(rnd() % 5) - 2);
}

static const uint8_t regs[] = { 1, 2, 3, 4, 5, 8, 9 };

static uint8_t rnd_reg(void)
{
	return regs[rnd() % sizeof(regs)];
}

/* One random ALU insn the verifier accepts on scalars. */
static int rnd_alu(struct bpf_insn *p)
{
	static const uint8_t ops[] = {
		BPF_ADD, BPF_SUB, BPF_MUL, BPF_DIV, BPF_OR, BPF_AND, BPF_LSH,
		BPF_RSH, BPF_NEG, BPF_MOD, BPF_XOR, BPF_MOV, BPF_ARSH, BPF_END,
	};
	uint8_t op = ops[rnd() % sizeof(ops)], d = rnd_reg();
	uint8_t cls = rnd() % 2 ? BPF_ALU64 : BPF_ALU;
	bool k = rnd() % 2;
	int32_t imm = rnd_imm();
	int16_t off = 0;

	if (op == BPF_END) {
		static const int32_t w[] = { 16, 32, 64 };

		*p = I(cls | BPF_END | (cls == BPF_ALU && rnd() % 2 ? BPF_TO_BE : 0),
		       d, 0, 0, w[rnd() % 3]);
		return 1;
	}
	if (op == BPF_NEG) {
		*p = I(cls | BPF_NEG | BPF_K, d, 0, 0, 0);
		return 1;
	}
	if (op == BPF_LSH || op == BPF_RSH || op == BPF_ARSH)
		imm = (int32_t)(rnd() % (cls == BPF_ALU64 ? 64 : 32));
	if ((op == BPF_DIV || op == BPF_MOD) && k && !imm)
		imm = 3;
	if (op == BPF_DIV || op == BPF_MOD)
		off = rnd() % 2;	/* sdiv/smod too */
	if (op == BPF_MOV && !k && rnd() % 3 == 0) {
		static const int16_t sx[] = { 8, 16, 32 };

		off = sx[rnd() % (cls == BPF_ALU64 ? 3 : 2)];
	}
	*p = I(cls | op | (k ? BPF_K : BPF_X), d, k ? 0 : rnd_reg(), off,
	       k ? imm : 0);
	return 1;
}

/* PROLOGUE, every work register seeded from r6/r7 or a constant, a run
 * of random ALU ops, then one random conditional jump. */
static int rnd_prog(struct bpf_insn *p)
{
	static const uint8_t jops[] = {
		BPF_JEQ, BPF_JGT, BPF_JGE, BPF_JSET, BPF_JNE, BPF_JSGT,
		BPF_JSGE, BPF_JLT, BPF_JLE, BPF_JSLT, BPF_JSLE,
	};
	const struct bpf_insn pro[] = { PROLOGUE };
	int n = 0, i, len = 4 + (int)(rnd() % 14);
	uint8_t jcls = rnd() % 2 ? BPF_JMP : BPF_JMP32;

	memcpy(p, pro, sizeof(pro));
	n = 4;
	for (i = 0; i < (int)sizeof(regs); i++) {
		if (rnd() % 3) {	/* a copy, unlinked by ^= 0 */
			p[n++] = A64X(BPF_MOV, regs[i], 6 + rnd() % 2);
			p[n++] = A64K(BPF_XOR, regs[i], 0);
		} else {
			p[n++] = A64K(BPF_MOV, regs[i], rnd_imm());
		}
	}
	for (i = 0; i < len; i++) {
		if (rnd() % 4)
			n += rnd_alu(&p[n]);
		else if (rnd() % 2)	/* "goto +0": refine and go on */
			p[n++] = I((rnd() % 2 ? BPF_JMP : BPF_JMP32) |
				   jops[rnd() % sizeof(jops)] | BPF_K, rnd_reg(), 0, 0,
				   rnd_imm());
		else
			p[n++] = I((rnd() % 2 ? BPF_JMP : BPF_JMP32) |
				   jops[rnd() % sizeof(jops)] | BPF_X, rnd_reg(),
				   rnd_reg(), 0, 0);
	}
	if (rnd() % 2)
		p[n++] = I(jcls | jops[rnd() % sizeof(jops)] | BPF_K, rnd_reg(), 0,
			   3, rnd_imm());
	else
		p[n++] = I(jcls | jops[rnd() % sizeof(jops)] | BPF_X, rnd_reg(),
			   rnd_reg(), 3, 0);
	return n;
}

static void dump(const struct bpf_insn *p, int n)
{
	int i;

	for (i = 0; i < n; i++)
		printf("    %2d: code %#04x dst r%d src r%d off %d imm %d\n", i,
		       p[i].code, p[i].dst_reg, p[i].src_reg, p[i].off, p[i].imm);
}

int main(int argc, char **argv)
{
	static const struct bpf_insn probe[] = {
		A64K(BPF_MOV, 0, 0), I(BPF_JMP | BPF_EXIT, 0, 0, 0, 0),
	};
	size_t i;
	int bad = 0, checked = 0, err = load(probe, 2), r, n_rand;

	if (err) {
		printf("skip: cannot load BPF programs (%s)\n", strerror(-err));
		return 77;
	}
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int b = run_insns(cases[i].insns, n_insns(&cases[i]), &checked);

		printf("%s %s\n", b ? "FAIL" : "ok  ", cases[i].name);
		bad += b;
	}
	n_rand = argc > 1 ? atoi(argv[1]) : 2000;
	for (r = 0; r < n_rand; r++) {
		struct bpf_insn p[MAX_INSNS];
		int n = rnd_prog(p), b = run_insns(p, n, &checked);

		if (b) {
			printf("FAIL random program %d:\n", r);
			dump(p, n);
			if (getenv("SCALAR_KERNEL_LOG"))
				printf("%s\n", logbuf);
		}
		bad += b;
	}
	printf("%d fixed and %d random programs, %d instruction results compared, %d mismatches\n",
	       (int)(sizeof(cases) / sizeof(cases[0])), n_rand, checked, bad);
	return bad ? 1 : 0;
}
