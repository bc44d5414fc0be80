// SPDX-License-Identifier: GPL-2.0-only
/*
 * vm_qemu_backend: the per-program vm_backend interface on top of batch
 * boots. The backend interface has no context argument, so the batches
 * live here, one list for the process, searched by (release, path, and
 * the file's identity: a path rewritten since is verified again).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "verifier-model/qemu/qemu.h"

/* What a file was when it was verified: a rewrite in place is another. */
struct file_id {
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime;
};

struct preloaded {
	char release[16];
	struct vm_qemu_batch *batch;
	struct file_id *ids;       /* one per batch object */
	struct preloaded *next;
};

static void file_id_of(const char *path, struct file_id *id)
{
	struct stat st;

	memset(id, 0, sizeof(*id));
	if (stat(path, &st))
		return;
	id->dev = st.st_dev;
	id->ino = st.st_ino;
	id->size = st.st_size;
	id->mtime = st.st_mtim;
}

static bool same_file(const struct file_id *a, const struct file_id *b)
{
	return a->dev == b->dev && a->ino == b->ino && a->size == b->size &&
	       a->mtime.tv_sec == b->mtime.tv_sec &&
	       a->mtime.tv_nsec == b->mtime.tv_nsec;
}

static struct preloaded *batches;

void vm_qemu__release_name(unsigned kver, char *buf, size_t len)
{
	if (!kver)
		kver = 6 * 256 + 1;
	snprintf(buf, len, "%u.%u", kver / 256, kver % 256);
}

int vm_qemu__preload(const char *const *paths, size_t n,
		     const struct vm_options *opt, char *errbuf, size_t errlen)
{
	struct vm_qemu_opts qo = { .test_state_freq = opt && opt->test_state_freq };
	struct preloaded *p = calloc(1, sizeof(*p));
	int err;

	if (!p || !(p->ids = calloc(n ? n : 1, sizeof(*p->ids)))) {
		free(p);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++)
		file_id_of(paths[i], &p->ids[i]);
	vm_qemu__release_name(opt ? opt->kernel : 0, p->release, sizeof(p->release));
	qo.kernel = p->release;
	err = vm_qemu__run(&qo, paths, n, &p->batch, errbuf, errlen);
	if (err) {
		free(p->ids);
		free(p);
		return err;
	}
	p->next = batches;
	batches = p;
	return 0;
}

static const struct vm_qemu_object *find_object(const char *release,
						const char *path)
{
	struct file_id now;

	file_id_of(path, &now);
	for (struct preloaded *p = batches; p; p = p->next) {
		if (strcmp(p->release, release))
			continue;
		for (size_t i = 0; i < p->batch->n_objs; i++)
			if (!strcmp(p->batch->objs[i].path, path) &&
			    same_file(&p->ids[i], &now))
				return &p->batch->objs[i];
	}
	return NULL;
}

static void load_error(struct vm_result *res, const char *fmt, const char *a,
		       const char *b)
{
	res->verdict = VM_LOAD_ERROR;
	res->insns = res->total_states = res->peak_states = -1;
	res->max_states_per_insn = res->duration_us = -1;
	snprintf(res->reason, sizeof(res->reason), fmt, a, b);
}

static int qemu_verify(const struct vm_object *obj, size_t idx,
		       const struct vm_options *opt, struct vm_result *res)
{
	const struct vm_prog *prog = &obj->progs[idx];
	const struct vm_qemu_object *o;
	char release[16], err[256] = "";
	const char *path = obj->path;

	vm_qemu__release_name(opt ? opt->kernel : 0, release, sizeof(release));
	o = find_object(release, path);
	if (!o && !vm_qemu__preload(&path, 1, opt, err, sizeof(err)))
		o = find_object(release, path);
	memset(res, 0, sizeof(*res));
	snprintf(res->prog, sizeof(res->prog), "%s", prog->name);
	snprintf(res->section, sizeof(res->section), "%s", prog->section);
	res->prog_size = prog->n_insns;
	if (!o) {
		load_error(res, "%s%s", err[0] ? err : "the VM did not run", "");
		return 0;
	}
	for (size_t j = 0; j < o->n_results; j++) {
		if (!strcmp(o->results[j].prog, prog->name)) {
			*res = o->results[j];
			return 0;
		}
	}
	load_error(res, "%.16s VM: %.200s", release,
		   o->error[0] ? o->error : "no result for this program");
	return 0;
}

void vm_qemu__cleanup(void)
{
	while (batches) {
		struct preloaded *p = batches;

		batches = p->next;
		vm_qemu_batch__free(p->batch);
		free(p->ids);
		free(p);
	}
}

const struct vm_backend vm_qemu_backend = {
	.name = "vm", .verify = qemu_verify,
};
