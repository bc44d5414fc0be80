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
#include "verifier-model/rawload.h"
#include "verifier-model/result.h"
#include "verifier-model/sectype.h"

#define LOG_MIN (1u << 20)
#define LOG_MAX (UINT_MAX >> 2)  /* the largest log_size the kernel takes */
#define LOG_PER_INSN 400         /* level-2 bytes per processed insn, roughly */
#define EPERM_MSG "the kernel backend needs root or CAP_BPF+CAP_PERFMON"

/* libbpf's warnings during one load: the last one explains a setup error. */
static char last_warning[256];
/* the map libbpf last failed to create during one load, or "" */
static char failed_map[64];

static int quiet_print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	char line[256];
	size_t n;

	if (level != LIBBPF_WARN)
		return 0;
	vsnprintf(line, sizeof(line), fmt, ap);
	if (sscanf(line, "libbpf: map '%63[^']': failed to create", failed_map) != 1)
		(void)sscanf(line, "map '%63[^']': failed to create", failed_map);
	n = strlen(line);
	while (n && line[n - 1] == '\n')
		line[--n] = 0;
	/* "failed to load object" only repeats that something before failed */
	if (n && strncmp(line, "-- ", 3) && !strstr(line, "BEGIN PROG LOAD LOG") &&
	    !strstr(line, "END PROG LOAD LOG") &&
	    !(last_warning[0] && strstr(line, "failed to load object")))
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
	bool raw;               /* loaded by rawload.c: fd is ours to close */
	struct bpf_object *bobj;
	char note[160];         /* a fix-up made so the program loads here */
	char skipped[8][64];    /* maps this kernel would not create: left out */
	int n_skipped;
	int inner_fd[8];        /* inner maps made here for map-in-maps: ours to close */
	int n_inner;
};

/*
 * libbpf creates every map of the object before it loads the one program
 * wanted. A map this kernel refuses (an arena where arenas are not
 * allowed, a type it lacks) is left out and the load tried again: a
 * program that does not use it loads as it would with a loader that
 * skips the map; one that uses it is refused by the kernel for the map.
 */
static bool skip_failed_map(struct load_try *t)
{
	int i;

	if (!failed_map[0])
		return false;
	for (i = 0; i < t->n_skipped; i++)
		if (!strcmp(t->skipped[i], failed_map))
			return false;
	if (t->n_skipped == (int)(sizeof(t->skipped) / sizeof(t->skipped[0])))
		return false;
	snprintf(t->skipped[t->n_skipped++], sizeof(t->skipped[0]), "%s", failed_map);
	if (t->n_skipped == 1)
		snprintf(t->note, sizeof(t->note), "map '%.60s' could not be created here "
			 "(%.40s): loaded without it", failed_map, strerror(-t->err));
	else
		snprintf(t->note, sizeof(t->note), "%d maps could not be created here "
			 "('%.40s', '%.40s'%s): loaded without them", t->n_skipped,
			 t->skipped[0], t->skipped[1], t->n_skipped > 2 ? ", ..." : "");
	return true;
}

/*
 * libbpf turns a use of a map it did not create into a call to function
 * 2001000000 + the map's index: say which map instead.
 */
static void name_missing_map(struct load_try *t, const struct vm_object *obj,
			     char *reason, size_t len)
{
	const char *at = strstr(reason, "unknown#2001");
	struct bpf_map *m;
	long idx;
	int i = 0;

	if (!at || !t->n_skipped)
		return;
	idx = strtol(at + strlen("unknown#"), NULL, 10) - 2001000000L;
	if (t->raw) {   /* rawload.c poisons with the reader's map index */
		if (idx >= 0 && (size_t)idx < obj->n_maps)
			snprintf(reason, len, "uses map '%.60s', which could not be created "
				 "here", obj->maps[idx].name);
		return;
	}
	bpf_object__for_each_map(m, t->bobj)
		if (i++ == idx) {
			snprintf(reason, len, "uses map '%.60s', which could not be created "
				 "here", bpf_map__name(m));
			return;
		}
}

/*
 * The inner map of a map-in-map sized at run time: libbpf (1.1 at least)
 * cannot resize an inner map, so one of the right size is created here
 * and handed to libbpf as the inner map's fd.
 */
static void fixup_inner_size(struct bpf_map *outer, struct load_try *t)
{
	struct bpf_map *in = bpf_map__inner_map(outer);
	LIBBPF_OPTS(bpf_map_create_opts, o);
	int fd;

	if (!in || bpf_map__max_entries(in) ||
	    t->n_inner == (int)(sizeof(t->inner_fd) / sizeof(t->inner_fd[0])))
		return;
	o.map_flags = bpf_map__map_flags(in);
	fd = bpf_map_create(bpf_map__type(in), NULL, bpf_map__key_size(in),
			    bpf_map__value_size(in), vm_map_runtime_entries(bpf_map__type(in)), &o);
	if (fd < 0)
		return;
	if (bpf_map__set_inner_map_fd(outer, fd)) {
		close(fd);
		return;
	}
	t->inner_fd[t->n_inner++] = fd;
}

/*
 * veristat's fix-ups: no map is pinned (nothing is reused from or left in
 * /sys/fs/bpf), max_entries 0 (set by a loader at run time) becomes 1,
 * and -G presets on obj's global data are copied into libbpf's. Beyond
 * veristat's: a ring buffer sized at run time gets one page, not 1 (which
 * the kernel refuses), and so does the inner map of a map-in-map, whose
 * outer map cannot be created otherwise.
 */
static void fixup_maps(struct bpf_object *bobj, const struct vm_object *obj,
		       struct load_try *t)
{
	struct bpf_map *m;

	bpf_object__for_each_map(m, bobj) {
		bpf_map__set_pin_path(m, NULL);
		if (!bpf_map__max_entries(m))
			bpf_map__set_max_entries(m, vm_map_runtime_entries(bpf_map__type(m)));
		fixup_inner_size(m, t);
	}
	for (size_t i = 0; i < obj->n_maps; i++) {
		const struct vm_map *vm = &obj->maps[i];
		size_t size;

		if (!vm->preset)
			continue;
		m = bpf_object__find_map_by_name(bobj, vm->name);
		if (m && bpf_map__initial_value(m, &size) && size == vm->init_size)
			bpf_map__set_initial_value(m, vm->init_data, size);
	}
}

/*
 * A program type libbpf (this build of it) does not take from the section
 * name: the object reader's, from its own table or the context argument.
 */
static void fixup_type(struct bpf_program *bp, const struct vm_prog *vp,
		       const struct vm_object *obj, struct load_try *t)
{
	unsigned type = vp->type, attach = vp->expected_attach_type;
	const char *ctx = NULL, *name;

	if (bpf_program__type(bp) == BPF_PROG_TYPE_EXT &&
	    vm_guess_type_by_ctx(obj->btf, vp->name, &type, &attach, &ctx)) {
		snprintf(t->note, sizeof(t->note), "freplace program loaded as type "
			 "'%s', guessed from its context (struct %s)",
			 libbpf_bpf_prog_type_str(type), ctx);
	} else if (bpf_program__type(bp) == BPF_PROG_TYPE_UNSPEC &&
		   type != BPF_PROG_TYPE_UNSPEC) {
		name = libbpf_bpf_prog_type_str(type);
		snprintf(t->note, sizeof(t->note), "section '%.60s' unknown to libbpf: "
			 "loaded as type '%s'%s", vp->section, name ? name : "?",
			 vp->type_guessed ? ", guessed from its context argument" : "");
	} else {
		return;
	}
	bpf_program__set_type(bp, type);
	bpf_program__set_expected_attach_type(bp, attach);
}

/* What one load left open: libbpf's object, or rawload.c's program fd. */
static void try_close(struct load_try *t)
{
	bpf_object__close(t->bobj);
	t->bobj = NULL;
	while (t->n_inner)
		close(t->inner_fd[--t->n_inner]);
	if (t->raw && t->fd >= 0)
		close(t->fd);
	t->fd = -1;
}

/*
 * libbpf before 1.4 cannot load an object using an arena (map_extra as an
 * enum64, .addr_space.1 relocations; the arena never mapped, which the
 * verifier requires without map_extra): rawload.c loads the program from
 * the model's reading of it, with libbpf's low-level calls.
 */
static int load_raw(const struct vm_object *obj, const struct vm_prog *vp,
		    unsigned level, unsigned flags, struct load_try *t)
{
	struct vm_raw_load r;
	int err = vm_raw_load(obj, (size_t)(vp - obj->progs), level, flags, t->log,
			      t->log_size, &r);

	t->raw = true;
	t->fd = r.fd;
	t->err = r.err;
	t->n_skipped = r.n_left_out < 2 ? r.n_left_out : 2;
	for (int i = 0; i < t->n_skipped; i++)
		snprintf(t->skipped[i], sizeof(t->skipped[0]), "%s", r.left_out[i]);
	if (r.n_left_out == 1)
		snprintf(t->note, sizeof(t->note), "map '%.60s' could not be created here "
			 "(%.40s): loaded without it", r.left_out[0], strerror(r.left_out_errno));
	else if (r.n_left_out)
		snprintf(t->note, sizeof(t->note), "%d maps could not be created here "
			 "('%.40s', '%.40s'%s): loaded without them", r.n_left_out, r.left_out[0],
			 r.left_out[1], r.n_left_out > 2 ? ", ..." : "");
	else if (vm_object__has_arena(obj))
		snprintf(t->note, sizeof(t->note), "an arena: loaded by bpf-verify's own loader "
			 "(libbpf %s cannot)", libbpf_version_string());
	else	/* BPF_VERIFY_OWN_LOADER=1 */
		snprintf(t->note, sizeof(t->note), "loaded by bpf-verify's own loader "
			 "(BPF_VERIFY_OWN_LOADER)");
	if (err)
		snprintf(last_warning, sizeof(last_warning), "%s", r.why);
	return err;
}

static int load_once(const struct vm_object *obj, const struct vm_prog *vp,
		     unsigned level, unsigned flags, struct load_try *t)
{
	struct bpf_program *p, *want = NULL;

	t->fd = -1;
	/* BPF_VERIFY_OWN_LOADER=1: every object so (tests compare the two loaders) */
	if (getenv("BPF_VERIFY_OWN_LOADER") && !strcmp(getenv("BPF_VERIFY_OWN_LOADER"), "1"))
		return load_raw(obj, vp, level, flags, t);
	if (vm_object__has_arena(obj))
		return load_raw(obj, vp, level, flags, t);
	t->bobj = bpf_object__open_file(obj->path, NULL);
	if (!t->bobj)
		return -errno;
	bpf_object__for_each_program(p, t->bobj) {
		bool me = !strcmp(bpf_program__name(p), vp->name);

		bpf_program__set_autoload(p, me);
		if (me)
			want = p;
	}
	if (!want)
		return -ENOENT;
	fixup_maps(t->bobj, obj, t);
	for (int i = 0; i < t->n_skipped; i++) {
		struct bpf_map *m = bpf_object__find_map_by_name(t->bobj, t->skipped[i]);

		if (m)
			bpf_map__set_autocreate(m, false);
	}
	fixup_type(want, vp, obj, t);
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
static int load_prog(const struct vm_object *obj, const struct vm_prog *vp,
		     unsigned level, unsigned flags, size_t log_size,
		     struct load_try *t)
{
	libbpf_print_fn_t old = libbpf_set_print(quiet_print);
	int err;

	last_warning[0] = failed_map[0] = 0;
	t->log_size = log_size < LOG_MIN ? LOG_MIN : log_size > LOG_MAX ? LOG_MAX
									: log_size;
	for (;;) {
		free(t->log);
		t->log = malloc(t->log_size);
		if (!t->log) {
			err = -ENOMEM;
			break;
		}
		err = load_once(obj, vp, level, flags, t);
		if (!err && t->err && !t->log[0] && !t->raw && skip_failed_map(t)) {
			try_close(t);
			last_warning[0] = failed_map[0] = 0;
			continue;
		}
		if (err || t->err != -ENOSPC || t->log_size >= LOG_MAX)
			break;
		try_close(t);
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

	if (!load_prog(obj, p, 2 | 4, flags,
		       (size_t)want * LOG_PER_INSN, &t) && t.err != -ENOSPC) {
		keep_log(p->name, t.log);
		sum = vm_klog__insn_counts(t.log, &res->insn_counts,
					   &res->n_insn_counts);
		/* the 1,000,001st insn of a too-large program is not printed */
		if (sum != want && sum != want - 1)
			vm_result__free(res);
	}
	try_close(&t);
	free(t.log);
}

/* libbpf's last warning without its "libbpf: " prefix, or errno's words. */
static const char *libbpf_words(int err)
{
	if (!last_warning[0])
		return strerror(-err);
	return strncmp(last_warning, "libbpf: ", 8) ? last_warning : last_warning + 8;
}

/* The last non-empty line of the verifier's log, or "". */
static void last_log_line(const char *log, char *buf, size_t len)
{
	const char *end = log + strlen(log), *s;

	while (end > log && (end[-1] == '\n' || end[-1] == ' '))
		end--;
	for (s = end; s > log && s[-1] != '\n'; s--)
		;
	snprintf(buf, len, "%.*s", (int)(end - s), s);
}

static void set_load_error(struct load_try *t, const struct vm_prog *p,
			   struct vm_result *res)
{
	const char *type = libbpf_bpf_prog_type_str(p->type);
	char line[96];

	res->verdict = VM_LOAD_ERROR;
	if (t->err == -EPERM && !vm_kernel_available(NULL, 0)) {
		snprintf(res->reason, sizeof(res->reason), "%s", EPERM_MSG);
	} else if (p->type != BPF_PROG_TYPE_UNSPEC &&
		   libbpf_probe_bpf_prog_type(p->type, NULL) == 0) {
		snprintf(res->reason, sizeof(res->reason), "this kernel does not take "
			 "programs of type '%s'", type ? type : "?");
	} else {
		last_log_line(t->log, line, sizeof(line));
		snprintf(res->reason, sizeof(res->reason), "libbpf: %.140s%s%.90s",
			 libbpf_words(t->err), line[0] ? "; verifier: " : "", line);
	}
}

static void set_verdict(struct load_try *t, const struct vm_object *obj,
			const struct vm_prog *p, struct vm_result *res)
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
	name_missing_map(t, obj, res->reason, sizeof(res->reason));
	if (res->insns || res->reason[0]) {
		/* a failure, as veristat counts it, even where libbpf failed after
		 * the verifier (filling a prog array's slots with programs not loaded) */
		res->verdict = VM_REJECTED;
		if (!res->reason[0])
			snprintf(res->reason, sizeof(res->reason), "the verifier accepted it; "
				 "then libbpf: %.200s", libbpf_words(t->err));
		return;
	}
	/* no verifier log at all: libbpf or the kernel refused before verifying */
	set_load_error(t, p, res);
}

/* fentry, fexit, fmod_ret, tp_btf, iter and lsm need a target in the section name. */
static const char *missing_target(const struct vm_prog *p)
{
	if (p->attach_to)
		return NULL;
	if (p->type == BPF_PROG_TYPE_LSM)
		return "lsm";
	if (p->type != BPF_PROG_TYPE_TRACING)
		return NULL;
	switch (p->expected_attach_type) {
	case BPF_TRACE_FENTRY: return "fentry";
	case BPF_TRACE_FEXIT: return "fexit";
	case BPF_MODIFY_RETURN: return "fmod_ret";
	case BPF_TRACE_RAW_TP: return "tp_btf";
	case BPF_TRACE_ITER: return "iter";
	default: return NULL;
	}
}

/*
 * Load p once at level 4; a failure without any log (the kernel or libbpf
 * said no before the verifier spoke) is loaded again at level 1, as
 * libbpf's own loader does, for the verifier's words.
 */
static int load_for_verdict(const struct vm_object *obj, const struct vm_prog *p,
			    unsigned flags, struct load_try *t)
{
	int err = load_prog(obj, p, 4, flags, LOG_MIN, t);

	if (err || !t->err || t->log[0])
		return err;
	try_close(t);
	return load_prog(obj, p, 1 | 4, flags, LOG_MIN, t);
}

static int kernel_verify(const struct vm_object *obj, size_t idx,
			 const struct vm_options *opt, struct vm_result *res)
{
	const struct vm_prog *p = &obj->progs[idx];
	unsigned flags = opt ? opt->prog_flags : 0;
	struct load_try t = { .fd = -1 };
	const char *sec = missing_target(p);
	int err;

	if (opt && opt->test_state_freq)
		flags |= BPF_F_TEST_STATE_FREQ;
	memset(res, 0, sizeof(*res));
	snprintf(res->prog, sizeof(res->prog), "%s", p->name);
	snprintf(res->section, sizeof(res->section), "%s", p->section);
	res->prog_size = p->n_insns;
	res->duration_us = -1;
	if (sec) {
		res->verdict = VM_LOAD_ERROR;
		snprintf(res->reason, sizeof(res->reason), "SEC(\"%s\") names no target "
			 "(%s/FUNCTION): it cannot be loaded on its own", sec, sec);
		return 0;
	}
	err = load_for_verdict(obj, p, flags, &t);
	snprintf(res->note, sizeof(res->note), "%s", t.note);
	if (err) {
		res->verdict = VM_LOAD_ERROR;
		snprintf(res->reason, sizeof(res->reason), "%s%.240s",
			 t.raw ? "" : "libbpf: ", libbpf_words(err));
	} else {
		keep_log(p->name, t.log);
		fill_from_log(&t, res);
		set_verdict(&t, obj, p, res);
	}
	try_close(&t);
	free(t.log);
	if (!err && res->verdict != VM_LOAD_ERROR && opt && opt->want_insn_counts)
		count_insns(obj, p, flags, res);
	return 0;
}

const struct vm_backend vm_kernel_backend = {
	.name = "kernel", .verify = kernel_verify,
};
