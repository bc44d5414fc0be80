/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A writer for the "newc" cpio format the kernel unpacks as initramfs.
 * Archives may be concatenated: the kernel unpacks them one after another.
 */
#ifndef QEMU_CPIO_H
#define QEMU_CPIO_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

/* Append a directory entry (mode 0755). 0 or -errno. */
int cpio__add_dir(FILE *out, const char *name);
/* Append a regular file with the given bytes and permission bits. */
int cpio__add_data(FILE *out, const char *name, mode_t perm,
		   const void *data, size_t len);
/* Append the host file at path as name, keeping its permission bits. */
int cpio__add_file(FILE *out, const char *name, const char *path);
/* Append a character device node (e.g. /dev/console, 5:1). */
int cpio__add_chardev(FILE *out, const char *name, unsigned major,
		      unsigned minor);
/* Append a symbolic link name -> target. */
int cpio__add_symlink(FILE *out, const char *name, const char *target);
/* Append the TRAILER!!! entry that ends one archive. */
int cpio__finish(FILE *out);

#endif
