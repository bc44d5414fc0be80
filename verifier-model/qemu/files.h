/* SPDX-License-Identifier: GPL-2.0-only */
/* Locating the VM's pieces; each fills buf with a path, 0 or -ENOENT. */
#ifndef QEMU_FILES_H
#define QEMU_FILES_H

#include <stddef.h>

/* qemu-system-x86_64: $BPF_LINT_QEMU, else the first one on $PATH. */
int qemu_files__qemu(char *buf, size_t len);
/* The cached kernel image of release (scripts/vm/fetch-kernel REL). */
int qemu_files__kernel(const char *release, char *buf, size_t len);
/*
 * The kernel's config and its uname -r, cached beside the image; libbpf
 * needs /boot/config-RELEASE for .kconfig externs. -ENOENT if absent.
 */
int qemu_files__kconfig(const char *release, char *path, size_t len,
			char *uname_r, size_t ulen);
/* Our static loader: $BPF_LINT_VM_LOADER, the build tree's, the installed. */
int qemu_files__loader(char *buf, size_t len);
/* A statically linked busybox (Debian's busybox-static). */
int qemu_files__busybox(char *buf, size_t len);
/* The base initramfs (busybox, loader, /init), built once and cached. */
int qemu_files__base_initramfs(char *buf, size_t len);

#endif
