// SPDX-License-Identifier: GPL-2.0-only
/* newc cpio writer: 110-byte ASCII-hex headers, names and data 4-aligned. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "verifier-model/qemu/cpio.h"

static unsigned next_ino = 1000;

static int pad4(FILE *out, size_t len)
{
	static const char zero[4];
	size_t n = (4 - (len & 3)) & 3;

	return fwrite(zero, 1, n, out) == n ? 0 : -EIO;
}

static int put_entry(FILE *out, const char *name, mode_t mode,
		     const void *data, size_t len, unsigned rmaj, unsigned rmin)
{
	size_t namesz = strlen(name) + 1;
	int n;

	n = fprintf(out, "070701%08X%08X%08X%08X%08X%08X%08zX%08X%08X%08X%08X%08zX%08X",
		    next_ino++, (unsigned)mode, 0u, 0u, 1u, 0u, len,
		    0u, 0u, rmaj, rmin, namesz, 0u);
	if (n != 110 || fwrite(name, 1, namesz, out) != namesz ||
	    pad4(out, 110 + namesz))
		return -EIO;
	if (len && fwrite(data, 1, len, out) != len)
		return -EIO;
	return pad4(out, len);
}

int cpio__add_dir(FILE *out, const char *name)
{
	return put_entry(out, name, S_IFDIR | 0755, NULL, 0, 0, 0);
}

int cpio__add_data(FILE *out, const char *name, mode_t perm,
		   const void *data, size_t len)
{
	return put_entry(out, name, S_IFREG | (perm & 07777), data, len, 0, 0);
}

int cpio__add_file(FILE *out, const char *name, const char *path)
{
	FILE *in = fopen(path, "rb");
	struct stat st;
	char *buf;
	int err;

	if (!in)
		return -errno;
	if (fstat(fileno(in), &st) || !(buf = malloc(st.st_size ? st.st_size : 1))) {
		fclose(in);
		return -ENOMEM;
	}
	err = fread(buf, 1, st.st_size, in) == (size_t)st.st_size
		? cpio__add_data(out, name, st.st_mode, buf, st.st_size)
		: -EIO;
	free(buf);
	fclose(in);
	return err;
}

int cpio__add_chardev(FILE *out, const char *name, unsigned major,
		      unsigned minor)
{
	return put_entry(out, name, S_IFCHR | 0600, NULL, 0, major, minor);
}

int cpio__add_symlink(FILE *out, const char *name, const char *target)
{
	return put_entry(out, name, S_IFLNK | 0777, target, strlen(target),
			 0, 0);
}

int cpio__finish(FILE *out)
{
	return put_entry(out, "TRAILER!!!", 0, NULL, 0, 0, 0);
}
