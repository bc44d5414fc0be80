#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Each command's --version is "NAME VERSION", VERSION meson's project version, exit 0.
# usage: test_version.sh VERSION BPF-LINT BPF-FIX BPF-VERIFY
set -u
version=$1 && shift
for bin in "$@"; do
	name=$(basename "$bin")
	out=$("$bin" --version) || { echo "FAIL: $name --version exit status"; exit 1; }
	[ "$out" = "$name $version" ] || { echo "FAIL: $name --version: '$out'"; exit 1; }
done
echo "ok: --version $version in $#"
