// SPDX-License-Identifier: GPL-2.0-only
/*
 * bpf-vm-loader: runs inside the VM (statically linked, root, no other
 * userspace). For each object and each program in it, loads the program
 * alone with verifier log level 4 and prints one line per program:
 *
 *   @vm61 OBJ PROG SECTION VERDICT INSNS TOTAL PEAK MAXPERINSN USEC
 *         STACK SIZE ERRNO REASON                     (tab-separated)
 *
 * Numbers the kernel did not print are -1. VERDICT is accepted, rejected
 * or load-error. With -l the log is at level 2 (every state) and printed
 * whole between "@vm61-log" and "@vm61-log-end" lines before the result. The runner (runner.c) parses these lines off the serial
 * console; everything else on the console is ignored.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "verifier-model/klog.h"
#include "verifier-model/object.h"
#include "verifier-model/rawload.h"

#define LOG_MIN (256u << 10)
#define LOG_MAX (64u << 20)

static char libbpf_last[256];	/* last libbpf warning, for rejections */
static char *logbuf;
static size_t logsize = LOG_MIN;
static __u32 log_level = 4;	/* BPF_LOG_STATS; -l adds BPF_LOG_LEVEL2 */

static int capture_print(enum libbpf_print_level level, const char *fmt,
			 va_list ap)
{
	char line[sizeof(libbpf_last)];
	size_t n;

	if (level != LIBBPF_WARN)
		return 0;
	vsnprintf(line, sizeof(line), fmt, ap);
	n = strlen(line);
	while (n && (line[n - 1] == '\n' || line[n - 1] == ' '))
		line[--n] = '\0';
	/* libbpf's framing around a dumped log says nothing about the cause */
	if (n && !strstr(line, "-- BEGIN") && !strstr(line, "-- END") &&
	    !strstr(line, "failed to load object"))
		memcpy(libbpf_last, line, n + 1);
	return 0;
}

static struct btf *vmlinux_btf;	/* the running kernel's, or NULL */

/*
 * The first extern kfunc of the object at path the kernel's BTF lacks, or
 * "" if none. libbpf leaves a missing __weak kfunc unresolved without a
 * word, and the verifier's complaint about the call does not name it.
 * The BTF is read from the file: libbpf rewrites extern linkage on open.
 */
static void missing_kfunc(const char *path, char *buf, size_t len)
{
	struct btf *btf = btf__parse(path, NULL);
	__u32 n = libbpf_get_error(btf) ? 0 : btf__type_cnt(btf);

	buf[0] = '\0';
	for (__u32 id = 1; vmlinux_btf && id < n && !buf[0]; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		const char *name;

		/* a FUNC keeps its linkage in vlen (libbpf 1.1 has no accessor) */
		if (!btf_is_func(t) || btf_vlen(t) != BTF_FUNC_EXTERN)
			continue;
		name = btf__name_by_offset(btf, t->name_off);
		if (btf__find_by_name_kind(vmlinux_btf, name, BTF_KIND_FUNC) < 0)
			snprintf(buf, len, "%s", name);
	}
	if (n)
		btf__free(btf);
}

/* libbpf leaves imm 0 in a call of a __weak kfunc it could not resolve. */
static bool calls_unresolved_kfunc(const struct bpf_program *prog)
{
	const struct bpf_insn *insn = bpf_program__insns(prog);
	size_t n = bpf_program__insn_cnt(prog);

	for (size_t i = 0; insn && i < n; i++)
		if (insn[i].code == (BPF_JMP | BPF_CALL) &&
		    insn[i].src_reg == BPF_PSEUDO_KFUNC_CALL && insn[i].imm == 0)
			return true;
	return false;
}

static void print_field(const char *s)
{
	for (; *s; s++)
		putchar(*s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s);
}

/* The figures and the verdict as the host backend (kernel.c) reads them. */
static void print_line(const char *path, const char *name, const char *sec, size_t insn_cnt,
		       bool unresolved_kfunc, int err, const char *log)
{
	const char *objname = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	const char *verdict = "accepted";
	struct vm_klog_stats st;
	char reason[512] = "", kfunc[128] = "";

	if (vm_klog__parse_stats(log, &st)) {
		memset(&st, 0, sizeof(st));
		st.duration_us = -1;
	}
	if (err) {
		vm_klog__reason(log, reason, sizeof(reason));
		/* no verifier log at all: refused before the verifier ran */
		verdict = st.insns || reason[0] ? "rejected" : "load-error";
		if (!reason[0])
			snprintf(reason, sizeof(reason), "%s",
				 verdict[0] == 'l' && libbpf_last[0] ? libbpf_last
								    : strerror(-err));
		if (unresolved_kfunc)
			missing_kfunc(path, kfunc, sizeof(kfunc));
		if (kfunc[0])
			snprintf(reason + strlen(reason), sizeof(reason) - strlen(reason),
				 " (kfunc %s is not in this kernel)", kfunc);
	}
	printf("@vm61\t%s\t%s\t%s\t%s\t%ld\t%ld\t%ld\t%ld\t%ld\t",
	       objname, name, sec,
	       verdict, st.insns, st.total_states, st.peak_states,
	       st.max_states_per_insn, st.duration_us);
	print_field(st.stack_depth[0] ? st.stack_depth : "-");
	printf("\t%zu\t%d\t", insn_cnt, err);
	print_field(reason[0] ? reason : "-");
	putchar('\n');
	fflush(stdout);
}

static void print_result(const char *path, struct bpf_program *prog, int err, const char *log)
{
	print_line(path, bpf_program__name(prog), bpf_program__section_name(prog),
		   bpf_program__insn_cnt(prog), calls_unresolved_kfunc(prog), err, log);
}

/*
 * An object using an arena, which this libbpf cannot load (map_extra as
 * an enum64, .addr_space.1 relocations, the arena never mapped): each
 * program loaded from the model's reading of it (rawload.c). Returns how
 * many programs it had.
 */
static int verify_object_raw(const char *path, const struct vm_object *obj, __u32 flags)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	size_t i;

	for (i = 0; i < obj->n_progs; i++) {
		const struct vm_prog *p = &obj->progs[i];
		struct vm_raw_load r;
		int e = vm_raw_load(obj, i, log_level, flags, logbuf, logsize, &r);

		while (!e && r.err == -ENOSPC && logsize < LOG_MAX) {
			if (r.fd >= 0)
				close(r.fd);
			logsize *= 2;
			logbuf = realloc(logbuf, logsize);
			if (!logbuf)
				exit(1);
			e = vm_raw_load(obj, i, log_level, flags, logbuf, logsize, &r);
		}
		libbpf_last[0] = '\0';
		if (e) {
			logbuf[0] = '\0';
			snprintf(libbpf_last, sizeof(libbpf_last), "%s", r.why);
		}
		if (log_level & 2)
			printf("@vm61-log\t%s\t%s\n%s\n@vm61-log-end\n", base, p->name, logbuf);
		print_line(path, p->name, p->section, p->n_insns, false, e ? e : r.err, logbuf);
		if (r.fd >= 0)
			close(r.fd);
	}
	return (int)i;
}

/* The object's programs through rawload.c if it has an arena; -1 if not (or unreadable). */
static int verify_if_arena(const char *path, __u32 flags)
{
	struct vm_object *obj;
	char why[256];
	int n = -1;

	if (vm_object__open(path, &obj, why, sizeof(why)))
		return -1;
	if (vm_object__has_arena(obj))
		n = verify_object_raw(path, obj, flags);
	vm_object__free(obj);
	return n;
}

/* Load program number idx of path alone; returns the load error. */
static int load_one(const char *path, int idx, __u32 extra_flags,
		    struct bpf_program **prog_out, struct bpf_object **keep)
{
	struct bpf_object *obj = bpf_object__open_file(path, NULL);
	struct bpf_program *prog, *mine = NULL;
	int i = 0, err;

	*keep = NULL;
	if (!obj)
		return -errno;
	bpf_object__for_each_program(prog, obj) {
		bpf_program__set_autoload(prog, i == idx);
		if (i++ == idx)
			mine = prog;
	}
	if (!mine) {		/* idx is past the last program */
		bpf_object__close(obj);
		return 1;
	}
	logbuf[0] = '\0';
	bpf_program__set_log_buf(mine, logbuf, logsize);
	bpf_program__set_log_level(mine, log_level);
	bpf_program__set_flags(mine, bpf_program__flags(mine) | extra_flags);
	libbpf_last[0] = '\0';
	err = bpf_object__load(obj);
	*prog_out = mine;
	*keep = obj;
	return err;
}

/* Verify every program of one object; returns how many it had (-1: none). */
static int verify_object(const char *path, __u32 flags)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	int idx, n = verify_if_arena(path, flags);

	if (n >= 0)
		return n;
	n = 0;
	for (idx = 0;; idx++) {
		struct bpf_object *obj = NULL;
		struct bpf_program *prog = NULL;
		int err;

		err = load_one(path, idx, flags, &prog, &obj);
		/* the kernel says ENOSPC when the log did not fit */
		while (err == -ENOSPC && logsize < LOG_MAX) {
			bpf_object__close(obj);
			logsize *= 2;
			logbuf = realloc(logbuf, logsize);
			if (!logbuf)
				return -ENOMEM;
			err = load_one(path, idx, flags, &prog, &obj);
		}
		if (err == 1)
			return n;

		if (!obj) {
			printf("@vm61-error\t%s\t%d\t%s\n", base, err,
			       libbpf_last[0] ? libbpf_last : "cannot open");
			return n;
		}
		if (log_level & 2)
			printf("@vm61-log\t%s\t%s\n%s\n@vm61-log-end\n", base,
			       bpf_program__name(prog), logbuf);
		print_result(path, prog, err, logbuf);
		bpf_object__close(obj);
		n++;
	}
}

int main(int argc, char **argv)
{
	struct utsname u;
	__u32 flags = 0;
	int i = 1;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "-f"))	/* test state freq */
			flags |= BPF_F_TEST_STATE_FREQ;
		else if (!strcmp(argv[i], "-l"))	/* the whole log */
			log_level |= 2;
	}
	logbuf = malloc(logsize);
	if (!logbuf)
		return 1;
	libbpf_set_print(capture_print);
	vmlinux_btf = btf__load_vmlinux_btf();
	if (libbpf_get_error(vmlinux_btf))
		vmlinux_btf = NULL;
	uname(&u);
	printf("@vm61-kernel\t%s\t%s\n", u.release, u.version);
	for (; i < argc; i++)
		verify_object(argv[i], flags);
	printf("@vm61-done\n");
	fflush(stdout);
	btf__free(vmlinux_btf);
	free(logbuf);
	return 0;
}
