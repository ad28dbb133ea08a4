/* NDRange and argument specs for clcheck (see ndrange.h). */
#include "ndrange.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vgiw_arith.h"
#include "vgiw_image.h"

int parse_dims(const char *s, uint32_t out[3])
{
    out[0] = out[1] = out[2] = 1;
    for (int d = 0; d < 3; d++) {
        char *end;
        errno = 0;
        unsigned long v = strtoul(s, &end, 10);
        if (end == s || errno || v == 0 || v > 0xFFFFFFFFul || *s == '-')
            return -1;
        out[d] = (uint32_t)v;
        if (*end == 0)
            return 0;
        if (*end != ',')
            return -1;
        s = end + 1;
    }
    return -1;
}

static const struct { const char *n; uint8_t t; } types[] = {
    { "i8", VG_T_I8 }, { "u8", VG_T_U8 }, { "i16", VG_T_I16 }, { "u16", VG_T_U16 },
    { "i32", VG_T_I32 }, { "u32", VG_T_U32 }, { "f32", VG_T_F32 }, { "i64", VG_T_I64 }, { "u64", VG_T_U64 } };

uint32_t type_size(uint8_t t)
{
    return t == VG_T_I64 || t == VG_T_U64 ? 8 : t <= VG_T_U8 ? 1 : t <= VG_T_U16 ? 2 : 4;
}

int arg_spec_kind(const ArgSpec *a)
{
    return a->is_buf ? VG_ARG_BUFFER : a->local_bytes ? VG_ARG_LOCAL
           : a->struct_bytes && !a->scalar64 ? VG_ARG_STRUCT : VG_ARG_SCALAR;
}

const char *arg_kind_name(unsigned kind)
{
    return kind == VG_ARG_BUFFER ? "buffer" : kind == VG_ARG_LOCAL ? "__local pointer (local:BYTES)"
           : kind == VG_ARG_STRUCT ? "struct passed by value (struct:TYPE=V,...)" : "scalar";
}

static int parse_num(const char *s, double *v)
{
    char *end;
    errno = 0;
    *v = strtod(s, &end);
    return end == s || *end || errno ? -1 : 0;
}

/* buf:TYPE:COUNT[:INIT]; f[0] is the kind */
static int parse_buf(const char *s, char **f, int nf, ArgSpec *a, char *err, size_t errlen)
{
    if (nf < 3) {
        snprintf(err, errlen, "'%s': expected buf:TYPE:COUNT[:INIT]", s);
        return -1;
    }
    a->is_buf = 1;
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (!strcmp(f[1], types[i].n))
            a->type = types[i].t;
    if (!a->type) {
        snprintf(err, errlen, "'%s': unknown element type '%s' (i8 u8 i16 u16 i32 u32 f32 i64 u64)", s, f[1]);
        return -1;
    }
    double c;
    if (parse_num(f[2], &c) || c < 1 || c > ARG_MAX_ELEMS || c != floor(c)) {
        snprintf(err, errlen, "'%s': bad element count '%s' (a whole number, 1 to %u)", s, f[2], ARG_MAX_ELEMS);
        return -1;
    }
    a->count = (uint32_t)c;
    a->init = INIT_ZERO;
    a->lo = 0;
    a->hi = 100;
    if (nf >= 4) {
        if (!strcmp(f[3], "zero") && nf == 4) a->init = INIT_ZERO;
        else if (!strcmp(f[3], "seq") && nf == 4) a->init = INIT_SEQ;
        else if (!strcmp(f[3], "rand") && (nf == 5 || nf == 7)) {
            double sd;
            a->init = INIT_RAND;
            if (parse_num(f[4], &sd) || sd < 0 || sd != floor(sd) || sd > 18446744073709549568.0) {
                snprintf(err, errlen, "'%s': bad seed '%s' (a whole number >= 0)", s, f[4]);
                return -1;
            }
            a->seed = (uint64_t)sd;
            if (nf == 7 && (parse_num(f[5], &a->lo) || parse_num(f[6], &a->hi) || a->lo > a->hi)) {
                snprintf(err, errlen, "'%s': bad range", s);
                return -1;
            }
        } else {
            snprintf(err, errlen, "'%s': INIT must be zero, seq or rand:SEED[:LO:HI]", s);
            return -1;
        }
    }
    return 0;
}

/* i32:V | u32:V | f32:V */
static int parse_scalar(const char *s, char **f, int nf, ArgSpec *a, char *err, size_t errlen)
{
    double v;
    if (nf != 2 || parse_num(f[1], &v)) {
        snprintf(err, errlen, "'%s': expected %s:V with a number V", s, f[0]);
        return -1;
    }
    if (!strcmp(f[0], "i32") && v >= -2147483648.0 && v <= 2147483647.0 && v == floor(v)) {
        a->type = VG_T_I32;
        a->scalar = (uint32_t)(int32_t)v;
    } else if (!strcmp(f[0], "u32") && v >= 0 && v <= 4294967295.0 && v == floor(v)) {
        a->type = VG_T_U32;
        a->scalar = (uint32_t)v;
    } else if (!strcmp(f[0], "f32")) {
        float x = (float)v;
        a->type = VG_T_F32;
        memcpy(&a->scalar, &x, 4);
    } else {
        snprintf(err, errlen, "'%s': bad scalar (type i32, u32 or f32, value in range)", s);
        return -1;
    }
    return 0;
}

/* i64:V | u64:V: exact, not through a double; the 8 bytes go to sdata (the device reads a long
 * scalar from memory, docs/runtime.md) */
static int parse_scalar64(const char *s, char **f, int nf, ArgSpec *a, char *err, size_t errlen)
{
    int sg = f[0][0] == 'i';
    char *end = NULL;
    uint64_t x = 0;
    errno = 0;
    if (nf == 2)
        x = sg ? (uint64_t)strtoll(f[1], &end, 0) : strtoull(f[1], &end, 0);
    if (nf != 2 || !*f[1] || *end || errno || (!sg && f[1][0] == '-')) {
        snprintf(err, errlen, "'%s': expected %s:V with a whole number V in range", s, f[0]);
        return -1;
    }
    a->type = sg ? VG_T_I64 : VG_T_U64;
    a->scalar64 = 1;
    a->struct_bytes = 8;
    memcpy(a->sdata, &x, 8);   /* little-endian host and target */
    return 0;
}

/* local:BYTES: a __local pointer argument, bytes per work-group */
static int parse_local(const char *s, char **f, int nf, ArgSpec *a, char *err, size_t errlen)
{
    double v;
    if (nf != 2 || parse_num(f[1], &v) || v < 1 || v > VG_LOCAL_MAX || v != floor(v)) {
        snprintf(err, errlen, "'%s': expected local:BYTES, 1..%u bytes per work-group", s, VG_LOCAL_MAX);
        return -1;
    }
    a->local_bytes = (uint32_t)v;
    return 0;
}

/* struct:TYPE=V,TYPE=V,...: f[1] is the field list (fields hold no ':') */
static int parse_struct(const char *s, char **f, int nf, ArgSpec *a, char *err, size_t errlen)
{
    char buf[1024];
    if (nf != 2 || strlen(f[1]) >= sizeof buf || !*f[1]) {
        snprintf(err, errlen, "'%s': expected struct:TYPE=V,TYPE=V,... (TYPE i8 u8 i16 u16 i32 u32 f32 i64 u64)", s);
        return -1;
    }
    strcpy(buf, f[1]);
    uint32_t off = 0, maxal = 1, nfield = 0;
    for (char *fl = strtok(buf, ","); fl; fl = strtok(NULL, ","), nfield++) {
        char *eq = strchr(fl, '=');
        uint8_t t = 0;
        if (eq) {
            *eq = 0;
            for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
                if (!strcmp(fl, types[i].n))
                    t = types[i].t;
        }
        if (!t) {
            snprintf(err, errlen, "'%s': field %u: expected TYPE=V, TYPE i8 u8 i16 u16 i32 u32 f32 i64 u64", s, nfield);
            return -1;
        }
        uint32_t sz = type_size(t);
        off = (off + sz - 1) & ~(sz - 1);   /* natural alignment (docs/runtime.md) */
        if (nfield >= STRUCT_MAX_FIELDS || off + sz > STRUCT_MAX_BYTES) {
            snprintf(err, errlen, "'%s': more than %u fields or %u bytes", s, STRUCT_MAX_FIELDS, STRUCT_MAX_BYTES);
            return -1;
        }
        double v;
        if (parse_num(eq + 1, &v)) {
            snprintf(err, errlen, "'%s': field %u: bad value '%s'", s, nfield, eq + 1);
            return -1;
        }
        uint64_t bits;
        if (sz == 8) {   /* i64/u64: exact, not through a double */
            char *end;
            errno = 0;
            bits = t == VG_T_I64 ? (uint64_t)strtoll(eq + 1, &end, 0) : strtoull(eq + 1, &end, 0);
            if (*end || errno || (t == VG_T_U64 && eq[1] == '-')) {
                snprintf(err, errlen, "'%s': field %u: %s value '%s' out of range", s, nfield, vg_type_name(t), eq + 1);
                return -1;
            }
        } else if (t == VG_T_F32) {
            float x = (float)v;
            uint32_t fb;
            memcpy(&fb, &x, 4);
            bits = fb;
        } else {
            int sg = t == VG_T_I8 || t == VG_T_I16 || t == VG_T_I32;
            double lo = sg ? -ldexp(1, (int)sz * 8 - 1) : 0, hi = ldexp(1, (int)sz * 8 - (sg ? 1 : 0)) - 1;
            if (v != floor(v) || v < lo || v > hi) {
                snprintf(err, errlen, "'%s': field %u: %s value '%s' out of range", s, nfield, vg_type_name(t), eq + 1);
                return -1;
            }
            bits = sg ? (uint32_t)(int32_t)v : (uint32_t)v;
        }
        memcpy(a->sdata + off, &bits, sz);   /* little-endian host and target: the low sz bytes */
        off += sz;
        if (sz > maxal)
            maxal = sz;
    }
    a->struct_bytes = (off + maxal - 1) & ~(maxal - 1);
    return 0;
}

/* vec:TYPE:V,V,...: a vector by value (float4 s), 2, 3, 4, 8 or 16 lanes of a 32/16/8-bit
 * TYPE, in the OpenCL layout (a 3-lane vector takes 4 lanes' room); the host passes it like a
 * struct (its bytes in device memory). */
static int parse_vec(const char *s, char **f, int nf, ArgSpec *a, char *err, size_t errlen)
{
    char buf[1024];
    if (nf != 3 || strlen(f[2]) >= sizeof buf || !*f[2]) {
        snprintf(err, errlen, "'%s': expected vec:TYPE:V,V,... (TYPE i8 u8 i16 u16 i32 u32 f32; 2, 3, 4, 8 or 16 values)", s);
        return -1;
    }
    uint8_t t = 0;
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (!strcmp(f[1], types[i].n))
            t = types[i].t;
    if (!t || type_size(t) == 8) {
        snprintf(err, errlen, "'%s': unknown lane type '%s' (i8 u8 i16 u16 i32 u32 f32)", s, f[1]);
        return -1;
    }
    /* each lane through parse_struct's value rules */
    char fields[2048];
    size_t n = 0;
    unsigned lanes = 0;
    strcpy(buf, f[2]);
    for (char *v = strtok(buf, ","); v; v = strtok(NULL, ","), lanes++) {
        int k = snprintf(fields + n, sizeof fields - n, "%s%s=%s", n ? "," : "", f[1], v);
        if (k < 0 || (size_t)k >= sizeof fields - n) {
            snprintf(err, errlen, "'%s': too long", s);
            return -1;
        }
        n += (size_t)k;
    }
    if (lanes != 2 && lanes != 3 && lanes != 4 && lanes != 8 && lanes != 16) {
        snprintf(err, errlen, "'%s': %u values (a vector has 2, 3, 4, 8 or 16 lanes)", s, lanes);
        return -1;
    }
    char *sf[2] = { "struct", fields };
    if (parse_struct(s, sf, 2, a, err, errlen))
        return -1;
    a->struct_bytes = (lanes == 3 ? 4 : lanes) * type_size(t);
    a->lanes = (uint8_t)lanes;
    a->type = t;
    return 0;
}

/* The kinds of argument SPEC, by their first field: a new kind is one more row. */
static const struct {
    const char *name;
    int (*parse)(const char *s, char **f, int nf, ArgSpec *a, char *err, size_t errlen);
} kinds[] = {
    { "buf", parse_buf },
    { "i32", parse_scalar },
    { "u32", parse_scalar },
    { "f32", parse_scalar },
    { "i64", parse_scalar64 },
    { "u64", parse_scalar64 },
    { "local", parse_local },
    { "struct", parse_struct },
    { "vec", parse_vec },
};

int parse_arg(const char *s, ArgSpec *a, char *err, size_t errlen)
{
    memset(a, 0, sizeof *a);
    size_t len = strlen(s);
    char *buf = malloc(len + 1);
    if (!buf) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    memcpy(buf, s, len + 1);
    char *f[8];
    int nf = 0;
    for (char *p = buf; nf < 8;) {
        f[nf++] = p;
        char *c = strchr(p, ':');
        if (!c)
            break;
        *c = 0;
        p = c + 1;
    }
    int rc = -1;
    size_t k;
    for (k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        if (!strcmp(f[0], kinds[k].name))
            break;
    if (k == sizeof kinds / sizeof kinds[0])
        snprintf(err, errlen, "'%s': expected i32:V, u32:V, f32:V, i64:V, u64:V, local:BYTES, struct:TYPE=V,..., "
                 "vec:TYPE:V,V,... or buf:TYPE:COUNT[:INIT]", s);
    else
        rc = kinds[k].parse(s, f, nf, a, err, errlen);
    free(buf);
    return rc;
}

static const char *type_word(uint8_t t)
{
    switch (t) {
    case VG_T_I8:  return "char";
    case VG_T_U8:  return "uchar";
    case VG_T_I16: return "short";
    case VG_T_U16: return "ushort";
    case VG_T_I32: return "int";
    case VG_T_U32: return "uint";
    case VG_T_F32: return "float";
    case VG_T_I64: return "long";
    case VG_T_U64: return "ulong";
    default:       return "other";
    }
}

/* The one check of a spec against the image's argument (clcheck and vgiw-run): kind (buffer,
 * __local pointer, struct, scalar), then struct size, 32/64-bit scalar width and element type. */
int check_arg(const ArgSpec *a, const char *spec, const vg_arg *ka, unsigned idx, char *err, size_t errlen)
{
    int kind = arg_spec_kind(a);
    if (ka->kind != (unsigned)kind) {
        snprintf(err, errlen, "argument %u '%s' is a %s, --arg '%s' is a %s", idx, ka->name,
                 arg_kind_name(ka->kind), spec, arg_kind_name((unsigned)kind));
        return -1;
    }
    if (kind == VG_ARG_LOCAL)
        return 0;
    if (kind == VG_ARG_STRUCT && (ka->lanes || a->lanes)) {
        if (ka->lanes == a->lanes && type_size(ka->type) == type_size(a->type)
            && (ka->type == VG_T_F32) == (a->type == VG_T_F32))
            return 0;
        if (ka->lanes)
            snprintf(err, errlen, "argument %u '%s' is a vector of %u %s lanes (%s%u), --arg '%s' is not vec:%s:V,... "
                     "with %u values", idx, ka->name, ka->lanes, vg_type_name(ka->type), type_word(ka->type), ka->lanes,
                     spec, vg_type_name(ka->type), ka->lanes);
        else
            snprintf(err, errlen, "argument %u '%s' is a struct, --arg '%s' is a vector (struct:TYPE=V,...)", idx,
                     ka->name, spec);
        return -1;
    }
    if (kind == VG_ARG_STRUCT) {
        if (a->struct_bytes == ka->elem_size)
            return 0;
        snprintf(err, errlen, "argument %u '%s' is a struct of %u bytes, --arg '%s' describes %u (C layout: each "
                 "field at a multiple of its size)", idx, ka->name, ka->elem_size, spec, a->struct_bytes);
        return -1;
    }
    int isb = kind == VG_ARG_BUFFER;
    if (!isb && (ka->elem_size == 8) != a->scalar64) {
        snprintf(err, errlen, "argument %u '%s' is a %u-bit scalar, --arg '%s' is not (i64:V or u64:V for "
                 "long/ulong)", idx, ka->name, ka->elem_size == 8 ? 64 : 32, spec);
        return -1;
    }
    if (ka->type == VG_T_OTHER || !ka->type)
        return 0;   /* vectors, structs behind pointers: the image has no element type to check */
    int want_f = ka->type == VG_T_F32, got_f = a->type == VG_T_F32;
    /* The bits must mean the same: float against float, integers of the element's size (the
     * signedness of integers only changes how the initial values are drawn). 32-bit scalars
     * are passed as 32 bits: any 32-bit integer scalar takes i32 or u32. */
    if (want_f != got_f || (isb && type_size(ka->type) != type_size(a->type))) {
        if (isb)
            snprintf(err, errlen, "argument %u '%s' is a %s buffer (%s *), --arg '%s' gives %s elements", idx,
                     ka->name, vg_type_name(ka->type), type_word(ka->type), spec, vg_type_name(a->type));
        else
            snprintf(err, errlen, "argument %u '%s' is a %s scalar (%s), --arg '%s' gives an %s", idx, ka->name,
                     vg_type_name(ka->type), type_word(ka->type), spec, vg_type_name(a->type));
        return -1;
    }
    return 0;
}

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void fill_buffer(const ArgSpec *a, uint8_t *data, uint64_t seed_offset)
{
    uint64_t st = a->seed * 1000003ull + seed_offset;
    uint32_t sz = type_size(a->type);
    for (uint32_t i = 0; i < a->count; i++) {
        uint64_t v = 0;
        if (a->init == INIT_SEQ) {
            if (a->type == VG_T_F32) {
                float x = (float)i;
                memcpy(&v, &x, 4);
            } else
                v = i;
        } else if (a->init == INIT_RAND) {
            uint64_t r = splitmix(&st);
            if (a->type == VG_T_F32) {
                float x = (float)(a->lo + (a->hi - a->lo) * ((double)(r >> 11) / 9007199254740992.0));
                memcpy(&v, &x, 4);
            } else {
                double span = a->hi - a->lo + 1;
                double d = a->lo + floor(span * ((double)(r >> 11) / 9007199254740992.0));
                /* u64 values above INT64_MAX convert directly (through int64_t they would overflow) */
                v = d < 0 ? (uint64_t)(int64_t)d : d >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)d;
            }
        }
        for (uint32_t b = 0; b < sz; b++)
            data[(size_t)i * sz + b] = (uint8_t)(v >> (8 * b));
    }
}

uint32_t compare_buffer(const char *arg, const ArgSpec *a, const uint8_t *got, const char *got_name,
                        const uint8_t *want, const char *want_name, unsigned show)
{
    uint32_t sz = type_size(a->type), nbad = 0;
    for (uint32_t i = 0; i < a->count; i++) {
        uint64_t x = 0, y = 0;
        memcpy(&x, got + (size_t)i * sz, sz);
        memcpy(&y, want + (size_t)i * sz, sz);
        if (x == y || (a->type == VG_T_F32 && vgiw_is_nan((uint32_t)x) && vgiw_is_nan((uint32_t)y)))
            continue;
        if (nbad++ < show)
            fprintf(stderr, "  %s[%u]: %s 0x%0*llx, %s 0x%0*llx\n", arg, i, got_name, (int)sz * 2,
                    (unsigned long long)x, want_name, (int)sz * 2, (unsigned long long)y);
    }
    if (nbad)
        fprintf(stderr, "  %s: %u of %u elements differ\n", arg, nbad, a->count);
    return nbad;
}
