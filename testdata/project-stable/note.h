/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A log macro that keeps its call site's file name, as projects' do
 * (tracee's tracee_log copies __FILE__): the name's length is code, one
 * store per byte.
 */
#ifndef STABLE_NOTE_H
#define STABLE_NOTE_H

volatile char note_file[256];

#define NOTE_FILE() do { \
	for (int _n = 0; _n < (int)sizeof(__FILE__); _n++) \
		note_file[_n] = __FILE__[_n]; \
} while (0)

#endif
