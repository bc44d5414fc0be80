/* SPDX-License-Identifier: GPL-2.0-only */
/* -G presets: parsed once, resolved against each object's BTF (veristat's rules). */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>
#include "verifier-model/globals.h"
#include "verifier-model/object.h"

#define MAX_ATOMS 16
#define NAME_LEN 64

/* One step of the path: a field name, or an index (number or enumerator). */
struct atom {
	char name[NAME_LEN];       /* field, or the enumerator of an index */
	bool is_index;
	long long index;
};

struct vm_preset {
	char text[256];            /* the left side, for messages */
	struct atom atoms[MAX_ATOMS];
	int n_atoms;
	long long value;
	char value_enum[NAME_LEN]; /* non-empty: an enumerator name */
};

static int fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

/* A number as strtoll takes it (base 0), or an identifier. */
static int parse_value(const char *s, long long *num, char *ident)
{
	char *end;

	ident[0] = 0;
	if (*s == '-' || isdigit((unsigned char)*s)) {
		errno = 0;
		*num = strtoll(s, &end, 0);
		if (errno == ERANGE && *s != '-') {
			errno = 0;
			*num = (long long)strtoull(s, &end, 0);
		}
		return errno || *end || end == s ? -EINVAL : 0;
	}
	if (!*s || strlen(s) >= NAME_LEN)
		return -EINVAL;
	for (const char *p = s; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_')
			return -EINVAL;
	strcpy(ident, s);
	return 0;
}

/* Copy the identifier at *s into out; advance *s past it. */
static bool take_ident(const char **s, char *out)
{
	size_t n = 0;

	while (isspace((unsigned char)**s))
		(*s)++;
	while (isalnum((unsigned char)(*s)[n]) || (*s)[n] == '_')
		n++;
	if (!n || n >= NAME_LEN)
		return false;
	memcpy(out, *s, n);
	out[n] = 0;
	*s += n;
	while (isspace((unsigned char)**s))
		(*s)++;
	return true;
}

/* name ( '[' idx ']' )* ( '.' name ( '[' idx ']' )* )* */
static int parse_path(const char *s, struct vm_preset *p)
{
	char tok[NAME_LEN];

	for (;;) {
		if (p->n_atoms >= MAX_ATOMS || !take_ident(&s, p->atoms[p->n_atoms].name))
			return -EINVAL;
		p->n_atoms++;
		while (*s == '[') {
			struct atom *a = &p->atoms[p->n_atoms];

			s++;
			if (p->n_atoms >= MAX_ATOMS || !take_ident(&s, tok) || *s != ']')
				return -EINVAL;
			s++;
			while (isspace((unsigned char)*s))
				s++;
			a->is_index = true;
			if (parse_value(tok, &a->index, a->name))
				return -EINVAL;
			p->n_atoms++;
		}
		if (!*s)
			return 0;
		if (*s++ != '.')
			return -EINVAL;
	}
}

static int add_one(struct vm_globals *g, const char *expr, char *err, size_t errlen)
{
	const char *eq = strchr(expr, '=');
	char left[256], right[256];
	struct vm_preset *p;
	size_t n;

	if (!eq || (size_t)(eq - expr) >= sizeof(left) || strlen(eq + 1) >= sizeof(right))
		return fail(err, errlen, "-G '%s': want 'name = value'", expr);
	memcpy(left, expr, eq - expr);
	left[eq - expr] = 0;
	if (sscanf(eq + 1, " %255s %zn", right, &n) != 1 || eq[1 + n])
		return fail(err, errlen, "-G '%s': want 'name = value'", expr);
	p = realloc(g->p, (g->n + 1) * sizeof(*p));
	if (!p)
		return -ENOMEM;
	g->p = p;
	p = &g->p[g->n];
	memset(p, 0, sizeof(*p));
	n = strlen(left);
	while (n && isspace((unsigned char)left[n - 1]))
		left[--n] = 0;
	snprintf(p->text, sizeof(p->text), "%s", left + strspn(left, " \t"));
	if (parse_path(left, p))
		return fail(err, errlen, "-G '%s': cannot parse '%s' as a variable, "
			    "field or element", expr, p->text);
	if (parse_value(right, &p->value, p->value_enum))
		return fail(err, errlen, "-G '%s': '%s' is not a number or an "
			    "enumerator", expr, right);
	g->n++;
	return 0;
}

static int add_file(struct vm_globals *g, const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	char line[1024];
	int rc = 0;

	if (!f)
		return fail(err, errlen, "-G @%s: %s", path, strerror(errno));
	while (!rc && fgets(line, sizeof(line), f)) {
		char *s = line + strspn(line, " \t");

		s[strcspn(s, "\r\n")] = 0;
		if (*s && *s != '#')
			rc = add_one(g, s, err, errlen);
	}
	fclose(f);
	return rc;
}

int vm_globals__add(struct vm_globals *g, const char *expr, char *err,
		    size_t errlen)
{
	return expr[0] == '@' ? add_file(g, expr + 1, err, errlen)
			      : add_one(g, expr, err, errlen);
}

void vm_globals__free(struct vm_globals *g)
{
	free(g->p);
	g->p = NULL;
	g->n = 0;
}

/* Where a preset lands: offset and size in the section, its type. */
struct place {
	uint32_t off, size;
	int type;                  /* resolved (mods and typedefs skipped) */
};

/* A BTF name, "" where the offset is bad. */
static const char *name_of(const struct btf *btf, uint32_t off)
{
	const char *n = btf__name_by_offset(btf, off);

	return n ? n : "";
}

/* The value of enumerator name: in enum t if it is one, else in any enum. */
static int enum_value(const struct btf *btf, const struct btf_type *t,
		      const char *name, long long *v)
{
	int n = btf__type_cnt(btf);

	for (int id = t ? 0 : 1; id < n; id++) {
		const struct btf_type *e = t ? t : btf__type_by_id(btf, id);

		for (int i = 0; btf_is_enum(e) && i < btf_vlen(e); i++)
			if (!strcmp(name_of(btf, btf_enum(e)[i].name_off), name)) {
				*v = btf_enum(e)[i].val;
				return 0;
			}
		for (int i = 0; btf_is_enum64(e) && i < btf_vlen(e); i++)
			if (!strcmp(name_of(btf, btf_enum64(e)[i].name_off), name)) {
				*v = (long long)btf_enum64_value(&btf_enum64(e)[i]);
				return 0;
			}
		if (t)
			break;
	}
	return -ESRCH;
}

static int step_index(const struct btf *btf, struct place *pl, const struct atom *a,
		      char *err, size_t errlen)
{
	const struct btf_type *t = btf__type_by_id(btf, pl->type);
	long long idx = a->index;
	long long esz;

	if (!t || !btf_is_array(t))
		return fail(err, errlen, "an index of something not an array");
	if (a->name[0] && enum_value(btf, NULL, a->name, &idx))
		return fail(err, errlen, "no enumerator '%s' for an index", a->name);
	esz = btf__resolve_size(btf, btf_array(t)->type);
	if (idx < 0 || idx >= btf_array(t)->nelems || esz <= 0)
		return fail(err, errlen, "index %lld is out of bounds [0, %u)", idx,
			    btf_array(t)->nelems);
	pl->off += (uint32_t)(esz * idx);
	pl->size = (uint32_t)esz;
	pl->type = btf__resolve_type(btf, btf_array(t)->type);
	return 0;
}

/* Field name of struct/union t, looking into anonymous members as veristat does. */
static int find_member(const struct btf *btf, const struct btf_type *t, uint32_t bits,
		       const char *name, struct place *pl)
{
	for (int i = 0; btf_is_composite(t) && i < btf_vlen(t); i++) {
		const struct btf_member *m = &btf_members(t)[i];
		int tid = btf__resolve_type(btf, m->type);
		const struct btf_type *mt = tid > 0 ? btf__type_by_id(btf, tid) : NULL;
		uint32_t off = bits + btf_member_bit_offset(t, i);

		if (!mt)
			return -EINVAL;
		if (m->name_off && !strcmp(name_of(btf, m->name_off), name)) {
			if (btf_member_bitfield_size(t, i) || off % 8)
				return -EOPNOTSUPP;
			pl->off += off / 8;
			pl->type = tid;
			pl->size = (uint32_t)btf__resolve_size(btf, tid);
			return 0;
		}
		if (!m->name_off && btf_is_composite(mt) &&
		    !find_member(btf, mt, off, name, pl))
			return 0;
	}
	return -ESRCH;
}

static int resolve(const struct btf *btf, const struct vm_preset *p, struct place *pl,
		   char *err, size_t errlen)
{
	for (int i = 1; i < p->n_atoms; i++) {
		const struct atom *a = &p->atoms[i];
		int rc;

		if (a->is_index) {
			char why[128];

			if (step_index(btf, pl, a, why, sizeof(why)))
				return fail(err, errlen, "-G '%s': %s", p->text, why);
			continue;
		}
		rc = find_member(btf, btf__type_by_id(btf, pl->type), 0, a->name, pl);
		if (rc == -EOPNOTSUPP)
			return fail(err, errlen, "-G '%s': %s is a bit field (not supported)",
				    p->text, a->name);
		if (rc)
			return fail(err, errlen, "-G '%s': no field '%s'", p->text, a->name);
	}
	return 0;
}

/* The integer to store: the number, or the enumerator of the target's enum. */
static int preset_value(const struct btf *btf, const struct vm_preset *p,
			const struct btf_type *t, long long *v, char *err, size_t errlen)
{
	*v = p->value;
	if (!p->value_enum[0])
		return 0;
	if (!btf_is_any_enum(t) || enum_value(btf, t, p->value_enum, v))
		return fail(err, errlen, "-G '%s': '%s' is not an enumerator of its type",
			    p->text, p->value_enum);
	return 0;
}

static bool is_signed(const struct btf_type *t)
{
	if (btf_is_int(t))
		return btf_int_encoding(t) & BTF_INT_SIGNED;
	return btf_is_any_enum(t) ? btf_kflag(t) : true;
}

static uint8_t *map_data(struct vm_map *m)
{
	uint8_t *d;

	if (m->preset)
		return (uint8_t *)m->init_data;
	d = calloc(1, m->value_size ? m->value_size : 1);
	if (!d)
		return NULL;
	if (m->init_data)
		memcpy(d, m->init_data, m->init_size < m->value_size ? m->init_size
								       : m->value_size);
	m->init_data = d;
	m->init_size = m->value_size;
	m->preset = true;
	return d;
}

static int write_value(const struct btf *btf, struct vm_map *m, const struct place *pl,
		       const struct vm_preset *p, char *err, size_t errlen)
{
	const struct btf_type *t = btf__type_by_id(btf, pl->type);
	long long v, max;
	uint8_t *d;

	if (!t || !(btf_is_int(t) || btf_is_any_enum(t)))
		return fail(err, errlen, "-G '%s': only integers and enums can be set",
			    p->text);
	if (preset_value(btf, p, t, &v, err, errlen))
		return -EINVAL;
	if (pl->size < 8) {
		max = 1LL << (pl->size * 8 - is_signed(t));
		if (v >= max || v < -max)
			return fail(err, errlen, "-G '%s': value %lld is out of range "
				    "[%lld, %lld]", p->text, v, is_signed(t) ? -max : 0, max - 1);
	}
	if (pl->off + pl->size > m->value_size || pl->size > 8)
		return fail(err, errlen, "-G '%s': outside %s", p->text, m->name);
	if (!(d = map_data(m)))
		return -ENOMEM;
	memcpy(d + pl->off, &v, pl->size);  /* little-endian, as BPF here */
	return 0;
}

/* The global-data map that holds datasec name, or NULL (.kconfig, .maps, ...). */
static struct vm_map *data_map(struct vm_object *obj, const char *name)
{
	for (size_t i = 0; i < obj->n_maps; i++) {
		struct vm_map *m = &obj->maps[i];

		if ((m->kind == VM_MAP_DATA || m->kind == VM_MAP_BSS ||
		     m->kind == VM_MAP_RODATA) && !strcmp(m->name, name))
			return m;
	}
	return NULL;
}

/* Set p in the one datasec variable it names; 1 if found, 0 if not, -errno. */
static int apply_one(const struct vm_preset *p, struct vm_object *obj,
		     char *err, size_t errlen)
{
	const struct btf *btf = obj->btf;
	int n = btf ? btf__type_cnt(btf) : 0, found = 0;

	for (int id = 1; id < n; id++) {
		const struct btf_type *sec = btf__type_by_id(btf, id);
		struct vm_map *m;

		if (!btf_is_datasec(sec) ||
		    !(m = data_map(obj, name_of(btf, sec->name_off))))
			continue;
		for (int i = 0; i < btf_vlen(sec); i++) {
			const struct btf_var_secinfo *vs = &btf_var_secinfos(sec)[i];
			const struct btf_type *var = btf__type_by_id(btf, vs->type);
			struct place pl = { vs->offset, vs->size, 0 };
			int rc;

			if (!var || !btf_is_var(var) ||
			    strcmp(name_of(btf, var->name_off), p->atoms[0].name))
				continue;
			if (found++)
				return fail(err, errlen, "-G '%s': %s is in two sections",
					    p->text, p->atoms[0].name);
			pl.type = btf__resolve_type(btf, var->type);
			if ((rc = resolve(btf, p, &pl, err, errlen)) ||
			    (rc = write_value(btf, m, &pl, p, err, errlen)))
				return rc;
		}
	}
	return found;
}

int vm_globals__apply(const struct vm_globals *g, struct vm_object *obj,
		      char *err, size_t errlen)
{
	for (size_t i = 0; g && i < g->n; i++) {
		int rc = apply_one(&g->p[i], obj, err, errlen);

		if (rc < 0)
			return rc;
		if (!rc)
			return fail(err, errlen, "-G '%s': no global variable %s in "
				    ".rodata, .data or .bss", g->p[i].text,
				    g->p[i].atoms[0].name);
	}
	return 0;
}
