/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The loop both a.bpf.c and b.bpf.c run, as projects keep their program
 * bodies in headers: NSLOTS comes from the file that includes this one.
 * (Kept a plain loop: testdata of the pragma-chain work goes elsewhere.)
 */
#ifndef PROJECT_HOT_H
#define PROJECT_HOT_H

__u32 vals[NSLOTS];

static __always_inline __u32 mix_slots(__u32 seed)
{
	__u32 sum = seed;

	for (int i = 0; i < NSLOTS; i++) {
		if (vals[i] & 1)
			sum += vals[i];
		else
			sum ^= vals[i] >> 1;
	}
	return sum;
}

#endif
