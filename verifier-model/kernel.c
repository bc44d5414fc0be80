/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel backend: load one program of the object through libbpf
 * (the others not autoloaded), with a log buffer that grows until the
 * whole log fits, and read the verifier's own figures back.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "verifier-model/klog.h"
#include "verifier-model/result.h"

#define LOG_MIN (1u << 20)
#define LOG_MAX (UINT_MAX >> 2)  /* the largest log_size the kernel takes */
#define LOG_PER_INSN 400         /* level-2 bytes per processed insn, roughly */
#define EPERM_MSG "the kernel backend needs root or CAP_BPF+CAP_PERFMON"

/* libbpf's warnings during one load: the last one explains a setup error. */
static char last_warning[256];

static int quiet_print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	char line[256];
	size_t n;

	if (level != LIBBPF_WARN)
		return 0;
	vsnprintf(line, sizeof(line), fmt, ap);
	n = strlen(line);
	while (n && line[n - 1] == '\n')
		line[--n] = 0;
	if (n && strncmp(line, "-- ", 3) && !strstr(line, "BEGIN PROG LOAD LOG") &&
	    !strstr(line, "END PROG LOAD LOG"))
		snprintf(last_warning, sizeof(last_warning), "%s", line);
	return 0;
}

bool vm_kernel_available(char *why, size_t whylen)
{
	static int probed;   /* 0 unknown, 1 yes, -errno no */
	struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	int fd;

	if (!probed) {
		fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, "probe", "GPL",
				   insns, 2, NULL);
		probed = fd >= 0 ? 1 : (fd < 0 ? fd : -EINVAL);
		if (fd >= 0)
			close(fd);
	}
	if (probed == 1)
		return true;
	if (why && whylen)
		snprintf(why, whylen, "%s",
			 probed == -EPERM || probed == -EACCES ? EPERM_MSG
			 : "bpf() is not available here");
	return false;
}

struct load_try {
	char *log;
	size_t log_size;
	int err;
	int fd;                 /* of the loaded program, -1 */
	struct bpf_object *bobj;
};

static int load_once(const char *path, const char *prog, unsigned level,
		     unsigned flags, struct load_try *t)
{
	struct bpf_program *p, *want = NULL;

	t->fd = -1;
	t->bobj = bpf_object__open_file(path, NULL);
	if (!t->bobj)
		return -errno;
	bpf_object__for_each_program(p, t->bobj) {
		bool me = !strcmp(bpf_program__name(p), prog);

		bpf_program__set_autoload(p, me);
		if (me)
			want = p;
	}
	if (!want)
		return -ENOENT;
	bpf_program__set_log_level(want, level);
	bpf_program__set_log_buf(want, t->log, t->log_size);
	if (flags)
		bpf_program__set_flags(want, bpf_program__flags(want) | flags);
	t->log[0] = 0;
	t->err = bpf_object__load(t->bobj);
	t->fd = t->err ? -1 : bpf_program__fd(want);
	return 0;
}

/* Load until the log fits (the kernel says ENOSPC when it did not). */
static int load_prog(const char *path, const char *prog, unsigned level,
		     unsigned flags, size_t log_size, struct load_try *t)
{
	libbpf_print_fn_t old = libbpf_set_print(quiet_print);
	int err;

	last_warning[0] = 0;
	t->log_size = log_size < LOG_MIN ? LOG_MIN : log_size > LOG_MAX ? LOG_MAX
									: log_size;
	for (;;) {
		free(t->log);
		t->log = malloc(t->log_size);
		if (!t->log) {
			err = -ENOMEM;
			break;
		}
		err = load_once(path, prog, level, flags, t);
		if (err || t->err != -ENOSPC || t->log_size >= LOG_MAX)
			break;
		bpf_object__close(t->bobj);
		t->bobj = NULL;
		t->log_size = t->log_size > LOG_MAX / 4 ? LOG_MAX : t->log_size * 4;
	}
	libbpf_set_print(old);
	return err;
}

/* BPF_VERIFY_LOG_DIR=dir keeps each program's raw log as dir/PROG.log. */
static void keep_log(const char *prog, const char *log)
{
	const char *dir = getenv("BPF_VERIFY_LOG_DIR");
	char path[512];
	FILE *f;

	if (!dir || !*dir)
		return;
	snprintf(path, sizeof(path), "%s/%s.log", dir, prog);
	f = fopen(path, "w");
	if (!f)
		return;
	fputs(log, f);
	fclose(f);
}

static void fill_from_log(struct load_try *t, struct vm_result *res)
{
	struct vm_klog_stats st;

	if (!vm_klog__parse_stats(t->log, &st)) {
		res->insns = st.insns;
		res->total_states = st.total_states;
		res->peak_states = st.peak_states;
		res->max_states_per_insn = st.max_states_per_insn;
		res->duration_us = st.duration_us;
		snprintf(res->stack_depth, sizeof(res->stack_depth), "%s",
			 st.stack_depth);
	}
}

/*
 * A second load at level 2|4 for the per-insn counts, its log sized from
 * the processed count of the first. Counts are kept only when the whole
 * log fitted and they add up to what the kernel says it processed.
 */
static void count_insns(const struct vm_object *obj, const struct vm_prog *p,
			unsigned flags, struct vm_result *res)
{
	struct load_try t = { .fd = -1 };
	long sum, want = res->insns;

	if (!load_prog(obj->path, p->name, 2 | 4, flags,
		       (size_t)want * LOG_PER_INSN, &t) && t.err != -ENOSPC) {
		keep_log(p->name, t.log);
		sum = vm_klog__insn_counts(t.log, &res->insn_counts,
					   &res->n_insn_counts);
		/* the 1,000,001st insn of a too-large program is not printed */
		if (sum != want && sum != want - 1)
			vm_result__free(res);
	}
	bpf_object__close(t.bobj);
	free(t.log);
}

static void set_verdict(struct load_try *t, struct vm_result *res)
{
	struct bpf_prog_info info = {};
	__u32 len = sizeof(info);

	if (!t->err) {
		res->verdict = VM_ACCEPTED;
		if (!bpf_obj_get_info_by_fd(t->fd, &info, &len) && info.verified_insns)
			res->insns = info.verified_insns;
		return;
	}
	vm_klog__reason(t->log, res->reason, sizeof(res->reason));
	if (res->insns || res->reason[0]) {
		res->verdict = VM_REJECTED;
		if (!res->reason[0])
			snprintf(res->reason, sizeof(res->reason), "%s", strerror(-t->err));
		return;
	}
	/* no verifier log at all: libbpf or the kernel refused before verifying */
	res->verdict = VM_LOAD_ERROR;
	if (t->err == -EPERM && vm_kernel_available(NULL, 0))
		snprintf(res->reason, sizeof(res->reason),
			 "the kernel refused to load it (EPERM) without a verifier log");
	else
		snprintf(res->reason, sizeof(res->reason), "%s",
			 t->err == -EPERM ? EPERM_MSG : last_warning[0] ? last_warning
			 : strerror(-t->err));
}

static int kernel_verify(const struct vm_object *obj, size_t idx,
			 const struct vm_options *opt, struct vm_result *res)
{
	const struct vm_prog *p = &obj->progs[idx];
	unsigned flags = opt ? opt->prog_flags : 0;
	struct load_try t = { .fd = -1 };
	int err;

	if (opt && opt->test_state_freq)
		flags |= BPF_F_TEST_STATE_FREQ;
	memset(res, 0, sizeof(*res));
	snprintf(res->prog, sizeof(res->prog), "%s", p->name);
	snprintf(res->section, sizeof(res->section), "%s", p->section);
	res->prog_size = p->n_insns;
	res->duration_us = -1;
	err = load_prog(obj->path, p->name, 4, flags, LOG_MIN, &t);
	if (err) {
		res->verdict = VM_LOAD_ERROR;
		snprintf(res->reason, sizeof(res->reason), "libbpf: %.240s",
			 !last_warning[0] ? strerror(-err) :
			 strncmp(last_warning, "libbpf: ", 8) ? last_warning
							      : last_warning + 8);
	} else {
		keep_log(p->name, t.log);
		fill_from_log(&t, res);
		set_verdict(&t, res);
	}
	bpf_object__close(t.bobj);
	free(t.log);
	if (!err && res->verdict != VM_LOAD_ERROR && opt && opt->want_insn_counts)
		count_insns(obj, p, flags, res);
	return 0;
}

const struct vm_backend vm_kernel_backend = {
	.name = "kernel", .verify = kernel_verify,
};
