/* VGIW image writer, reader and checker. The byte layout is in docs/image-format.md. */
#define _POSIX_C_SOURCE 200809L
#include "vgiw_image.h"
#include "vg_file.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vgiw_ops.h"

/* ---- errors ---- */

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* ---- CRC-32 (IEEE 802.3, reflected, as zlib) ---- */

uint32_t vg_crc32(const uint8_t *p, size_t n)
{
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
    }
    return ~c;
}

/* ---- names and operation shapes ---- */

static const char *const unit_names[VG_U_COUNT] = {
    "?", "ALU", "FMA", "FCMP", "FCVT", "SCU", "LDST", "LVU", "CVU", "SJU"
};
_Static_assert((int)VG_LD32 == (int)LDST_LD32 && (int)VG_ST32 == (int)LDST_ST32 && (int)VG_AADD == (int)LDST_AADD
               && (int)VG_ACMPXCHG == (int)LDST_ACMPXCHG && (int)VG_LDST_COUNT == (int)LDST_OP_COUNT, "image LDST ops are the fabric's ldst_op codes");
static const char *const ldst_names[VG_LDST_COUNT] = {
    "LD8S", "LD8U", "LD16S", "LD16U", "LD32", "ST8", "ST16", "ST32",
    "AADD", "ASUB", "AXCHG", "AMIN", "AMAX", "AMINU", "AMAXU", "AAND", "AOR", "AXOR", "ACMPXCHG"
};
static const char *const lvu_names[VG_LVU_COUNT] = { "LVLD", "LVST" };
static const char *const cvu_names[VG_CVU_COUNT] = { "IN", "END" };
static const char *const sju_names[VG_SJU_COUNT] = { "SPLIT", "JOIN" };

static unsigned op_count(unsigned unit)
{
    switch (unit) {
    case VG_U_ALU:  return ALU_OP_COUNT;
    case VG_U_FMA:  return FMA_OP_COUNT;
    case VG_U_FCMP: return FCMP_OP_COUNT;
    case VG_U_FCVT: return FCVT_OP_COUNT;
    case VG_U_SCU:  return SCU_OP_COUNT;
    case VG_U_LDST: return VG_LDST_COUNT;
    case VG_U_LVU:  return VG_LVU_COUNT;
    case VG_U_CVU:  return VG_CVU_COUNT;
    case VG_U_SJU:  return VG_SJU_COUNT;
    default:        return 0;
    }
}

const char *vg_unit_name(unsigned unit)
{
    return unit < VG_U_COUNT ? unit_names[unit] : "?";
}

const char *vg_op_name(unsigned unit, unsigned op)
{
    if (op >= op_count(unit))
        return "?";
    switch (unit) {
    case VG_U_ALU:  return alu_op_names[op];
    case VG_U_FMA:  return fma_op_names[op];
    case VG_U_FCMP: return fcmp_op_names[op];
    case VG_U_FCVT: return fcvt_op_names[op];
    case VG_U_SCU:  return scu_op_names[op];
    case VG_U_LDST: return ldst_names[op];
    case VG_U_LVU:  return lvu_names[op];
    case VG_U_CVU:  return cvu_names[op];
    case VG_U_SJU:  return sju_names[op];
    default:        return "?";
    }
}

uint8_t vg_type_from_name(const char *s, uint32_t *size)
{
    char t[128];
    size_t n = 0;
    for (const char *p = s; *p && *p != '*' && n + 1 < sizeof t; p++)
        t[n++] = *p;
    while (n && t[n - 1] == ' ')
        n--;
    t[n] = 0;
    static const struct { const char *n; uint8_t t; uint32_t s; } m[] = {
        { "char", VG_T_I8, 1 }, { "uchar", VG_T_U8, 1 }, { "unsigned char", VG_T_U8, 1 },
        { "short", VG_T_I16, 2 }, { "ushort", VG_T_U16, 2 }, { "unsigned short", VG_T_U16, 2 },
        { "int", VG_T_I32, 4 }, { "uint", VG_T_U32, 4 }, { "unsigned int", VG_T_U32, 4 },
        { "float", VG_T_F32, 4 }, { "bool", VG_T_U8, 1 },
        { "long", VG_T_I64, 8 }, { "ulong", VG_T_U64, 8 }, { "unsigned long", VG_T_U64, 8 } };
    char *q = t;
    if (strncmp(q, "const ", 6) == 0)
        q += 6;
    /* a vector buffer (float4 *) is a buffer of its element type: 4 floats per float4
     * (3-element vectors take 4 elements' room, as in OpenCL) */
    size_t ql = strlen(q);
    while (ql && q[ql - 1] >= '0' && q[ql - 1] <= '9')
        ql--;
    static const char *const widths[] = { "2", "3", "4", "8", "16" };
    for (size_t w = 0; w < 5 && ql < strlen(q); w++)
        if (!strcmp(q + ql, widths[w])) {
            q[ql] = 0;
            break;
        }
    for (size_t i = 0; i < sizeof m / sizeof m[0]; i++)
        if (strcmp(q, m[i].n) == 0) {
            *size = m[i].s;
            return m[i].t;
        }
    return VG_T_OTHER;
}

const char *vg_type_name(unsigned type)
{
    static const char *const n[] = { "?", "i8", "u8", "i16", "u16", "i32", "u32", "f32", "other", "i64", "u64" };
    return type <= VG_T_U64 ? n[type] : "?";
}

void vg_src_name(uint32_t src, char *buf, size_t len)
{
    static const char *const n[] = { "global_id", "local_id", "group_id", "global_size",
                                     "local_size", "num_groups" };
    if (src < VG_SRC_LOCAL_BASE)
        snprintf(buf, len, "%s(%u)", n[src / 3], (unsigned)(src % 3));
    else if (src == VG_SRC_LOCAL_BASE)
        snprintf(buf, len, "local_base");
    else if (src >= VG_SRC_LINEAR_ID && src <= VG_SRC_TILE_GROUPS) {
        static const char *const m[] = { "linear_id", "group_threads", "local_size(0*1)", "num_groups(0*1)",
                                         "local_base0", "local_stride", "tile_groups" };
        snprintf(buf, len, "%s", m[src - VG_SRC_LINEAR_ID]);
    }
    else if (src >= VG_SRC_ARG && src < VG_SRC_ARG + VG_SRC_ARG_MAX)
        snprintf(buf, len, "arg%u", (unsigned)(src - VG_SRC_ARG));
    else
        snprintf(buf, len, "?src%u", (unsigned)src);
}

int vg_src_cvu(uint32_t src)
{
    if (src < VG_SRC_GLOBAL_SIZE) {
        static const int base[3] = { CVU_SRC_GLOBAL_ID0, CVU_SRC_LOCAL_ID0, CVU_SRC_GROUP_ID0 };
        return base[src / 3] + (int)(src % 3);
    }
    if (src == VG_SRC_LOCAL_BASE)
        return CVU_SRC_LOCAL_BASE;
    if (src == VG_SRC_LINEAR_ID)
        return CVU_SRC_LINEAR;
    return -1;
}

uint32_t vg_cvu_src(unsigned sel)
{
    for (uint32_t s = 0; s <= VG_SRC_LINEAR_ID; s++)
        if (vg_src_cvu(s) == (int)sel)
            return s;
    return VG_SRC_LINEAR_ID;
}

int vg_op_arity(unsigned unit, unsigned op)
{
    switch (unit) {
    case VG_U_ALU:
        if (op == ALU_NOT || op == ALU_SEXT8 || op == ALU_SEXT16 || op == ALU_ZEXT8 || op == ALU_ZEXT16)
            return 1;
        return op == ALU_SEL ? 3 : 2;
    case VG_U_FMA:  return op == FMA_FMADD ? 3 : 2;
    case VG_U_FCMP: return (op == FCMP_FABS || op == FCMP_FNEG) ? 1 : 2;
    case VG_U_FCVT: return 1;
    case VG_U_SCU:  return op == SCU_FSQRT ? 1 : 2;
    case VG_U_LDST: return vg_ldst_is_load(op) ? 1 : op == VG_ACMPXCHG ? 3 : 2;
    case VG_U_LVU:  return op == VG_LVLD ? 0 : 1;
    case VG_U_CVU:  return op == VG_CVU_IN ? 0 : -1;
    case VG_U_SJU:  return op == VG_SPLIT ? 1 : 0;
    default:        return 0;
    }
}

int vg_op_has_data(unsigned unit, unsigned op)
{
    switch (unit) {
    case VG_U_LDST: return !vg_ldst_is_store(op);   /* loads and atomics: the old word */
    case VG_U_LVU:  return op == VG_LVLD;
    case VG_U_CVU:  return op == VG_CVU_IN;
    case VG_U_SJU:  return op == VG_SPLIT;
    default:        return 1;
    }
}

static int valid_src(uint32_t s, uint32_t nargs)
{
    if (s <= VG_SRC_TILE_GROUPS)
        return 1;
    return s >= VG_SRC_ARG && s - VG_SRC_ARG < nargs && s - VG_SRC_ARG < VG_SRC_ARG_MAX;
}

/* ---- structural check ---- */

static int check_block(const vg_kernel *k, uint32_t bi, char *err, size_t errlen)
{
    const vg_block *b = &k->blocks[bi];
    if (b->nsucc > 2)
        return fail(err, errlen, "kernel '%s' block %u: %u successors (at most 2)", k->name, bi, b->nsucc);
    for (unsigned s = 0; s < b->nsucc; s++)
        if (b->succ[s] >= k->nblocks)
            return fail(err, errlen, "kernel '%s' block %u: successor %u out of range", k->name, bi, b->succ[s]);
    if (b->nnodes == 0)
        return fail(err, errlen, "kernel '%s' block %u: empty graph (needs an END node)", k->name, bi);
    for (uint32_t ni = 0; ni < b->nnodes; ni++) {
        const vg_node *n = &b->nodes[ni];
        if (n->unit == 0 || n->unit >= VG_U_COUNT || n->op >= op_count(n->unit))
            return fail(err, errlen, "kernel '%s' block %u node %u: bad unit/op %u/%u", k->name, bi, ni, n->unit, n->op);
        if (n->nin > VG_MAX_IN)
            return fail(err, errlen, "kernel '%s' block %u node %u: %u inputs (at most %d)", k->name, bi, ni, n->nin, VG_MAX_IN);
        int arity = vg_op_arity(n->unit, n->op);
        int is_end = n->unit == VG_U_CVU && n->op == VG_CVU_END;
        if (is_end) {
            arity = b->nsucc == 2 ? 1 : 0;
            if (ni != b->nnodes - 1)
                return fail(err, errlen, "kernel '%s' block %u: END node %u is not the last node", k->name, bi, ni);
        } else if (ni == b->nnodes - 1) {
            return fail(err, errlen, "kernel '%s' block %u: last node is not END", k->name, bi);
        }
        if (n->nin < arity)
            return fail(err, errlen, "kernel '%s' block %u node %u (%s.%s): %u inputs, needs %d data operands",
                        k->name, bi, ni, vg_unit_name(n->unit), vg_op_name(n->unit, n->op), n->nin, arity);
        for (int i = 0; i < n->nin; i++) {
            const vg_opnd *o = &n->in[i];
            int want_data = i < arity;
            if (want_data && o->kind != VG_O_NODE && o->kind != VG_O_IMM)
                return fail(err, errlen, "kernel '%s' block %u node %u: operand %d must be data", k->name, bi, ni, i);
            if (!want_data && o->kind != VG_O_CTRL)
                return fail(err, errlen, "kernel '%s' block %u node %u: input %d must be a control token", k->name, bi, ni, i);
            if (o->kind == VG_O_NODE || o->kind == VG_O_CTRL) {
                if (o->v >= ni)
                    return fail(err, errlen, "kernel '%s' block %u node %u: operand %d refers to node %u (not earlier)",
                                k->name, bi, ni, i, o->v);
                const vg_node *src = &b->nodes[o->v];
                if (o->kind == VG_O_NODE && !vg_op_has_data(src->unit, src->op))
                    return fail(err, errlen, "kernel '%s' block %u node %u: operand %d takes data from node %u which has none",
                                k->name, bi, ni, i, o->v);
            }
        }
        if (n->unit == VG_U_SJU && n->op == VG_JOIN && n->nin == 0)
            return fail(err, errlen, "kernel '%s' block %u node %u: JOIN without inputs", k->name, bi, ni);
        if (n->unit == VG_U_LVU && n->param >= k->lv_count)
            return fail(err, errlen, "kernel '%s' block %u node %u: live value %u >= count %u", k->name, bi, ni, n->param, k->lv_count);
        if (n->unit == VG_U_CVU && n->op == VG_CVU_IN && !valid_src(n->param, vg_launch_nargs(k)))
            return fail(err, errlen, "kernel '%s' block %u node %u: bad CVU source %u", k->name, bi, ni, n->param);
    }
    return 0;
}

static int valid_launch(uint32_t v, uint32_t nargs)
{
    return v < VG_L_COUNT_FIXED || (v >= VG_L_ARG && v - VG_L_ARG < nargs);
}

static int check_pnr(const vg_kernel *k, uint32_t bi, char *err, size_t errlen)
{
    const vg_pnr *p = &k->blocks[bi].pnr;
    if (p->nwords == 0)
        return 0;
    if (p->chains == 0 || p->chains > 64 || p->nwords % p->chains || p->nwords > (1u << 20))
        return fail(err, errlen, "kernel '%s' block %u: PNR with %u words in %u chains", k->name, bi, p->nwords, p->chains);
    if (p->replicas == 0 || p->replicas != (uint32_t)__builtin_popcount(p->cvu_mask))
        return fail(err, errlen, "kernel '%s' block %u: PNR replica count %u does not match CVU mask 0x%x", k->name, bi,
                    p->replicas, p->cvu_mask);
    if ((uint64_t)p->nmap != (uint64_t)p->replicas * k->blocks[bi].nnodes)
        return fail(err, errlen, "kernel '%s' block %u: PNR node map of %u entries, expected %u x %u", k->name, bi,
                    p->nmap, p->replicas, k->blocks[bi].nnodes);
    for (uint32_t i = 0; i < p->nmap; i++)
        if (p->map[i] != VG_NO_UNIT && p->map[i] >= 4096)
            return fail(err, errlen, "kernel '%s' block %u: PNR node map entry %u out of range", k->name, bi, i);
    for (uint32_t i = 0; i < p->nrelocs; i++)
        if (p->relocs[i].word >= p->nwords || !valid_launch(p->relocs[i].value, vg_launch_nargs(k)))
            return fail(err, errlen, "kernel '%s' block %u: PNR relocation %u (word %u, value %u) out of range", k->name,
                        bi, i, p->relocs[i].word, p->relocs[i].value);
    return 0;
}

int vg_launch_value_of(uint32_t v, const uint32_t global[3], const uint32_t local[3], const uint32_t *args,
                       uint32_t nargs, uint32_t local_base, uint32_t local_stride, uint32_t tile_groups,
                       uint32_t *out)
{
    uint32_t ng[3];
    for (int d = 0; d < 3; d++)
        ng[d] = local[d] ? global[d] / local[d] : 0;
    if (v >= VG_L_ARG) {
        if (v - VG_L_ARG >= nargs)
            return -1;
        *out = args[v - VG_L_ARG];
        return 0;
    }
    switch (v) {
    case 0: case 1: case 2: *out = global[v]; return 0;
    case 3: case 4: case 5: *out = local[v - 3]; return 0;
    case 6: case 7: case 8: *out = ng[v - 6]; return 0;
    case VG_L_GROUP_THREADS: *out = local[0] * local[1] * local[2]; return 0;
    case VG_L_LS01:          *out = local[0] * local[1]; return 0;
    case VG_L_NG01:          *out = ng[0] * ng[1]; return 0;
    case VG_L_LOCAL_BASE:    *out = local_base; return 0;
    case VG_L_LOCAL_STRIDE:  *out = local_stride; return 0;
    case VG_L_TILE_GROUPS:   *out = tile_groups; return 0;
    default:                 return -1;
    }
}

int vg_local_layout(const vg_kernel *k, const uint32_t *bytes, uint32_t *offsets, uint32_t *stride, char *err,
                    size_t errlen)
{
    uint64_t end = k->local_bytes;
    for (uint32_t a = 0; a < k->nargs; a++) {
        if (k->args[a].kind != VG_ARG_LOCAL)
            continue;
        if (!bytes[a])
            return fail(err, errlen, "kernel '%s' argument %u '%s': __local argument of 0 bytes", k->name, a,
                        k->args[a].name);
        end = (end + VG_LOCAL_ARG_ALIGN - 1) & ~(uint64_t)(VG_LOCAL_ARG_ALIGN - 1);
        offsets[a] = (uint32_t)end;
        end += bytes[a];
        if (end > VG_LOCAL_MAX)
            break;
    }
    if (end > VG_LOCAL_MAX)
        return fail(err, errlen, "kernel '%s': %llu bytes of __local memory per work-group (at most %u)", k->name,
                    (unsigned long long)end, VG_LOCAL_MAX);
    *stride = (uint32_t)((end + 15u) & ~15ull);
    return 0;
}

void vg_launch_name(uint32_t v, char *buf, size_t len)
{
    static const char *const n[] = { "global_size(0)", "global_size(1)", "global_size(2)", "local_size(0)",
                                     "local_size(1)", "local_size(2)", "num_groups(0)", "num_groups(1)",
                                     "num_groups(2)", "group_threads", "local_size(0*1)", "num_groups(0*1)",
                                     "local_base", "local_stride", "tile_groups" };
    if (v < VG_L_COUNT_FIXED)
        snprintf(buf, len, "%s", n[v]);
    else if (v >= VG_L_ARG)
        snprintf(buf, len, "arg%u", (unsigned)(v - VG_L_ARG));
    else
        snprintf(buf, len, "?launch%u", (unsigned)v);
}

int vg_image_check(const vg_image *img, char *err, size_t errlen)
{
    if (img->nkernels == 0)
        return fail(err, errlen, "image holds no kernel");
    for (uint32_t ki = 0; ki < img->nkernels; ki++) {
        const vg_kernel *k = &img->kernels[ki];
        if (k->nblocks == 0)
            return fail(err, errlen, "kernel '%s': no blocks", k->name);
        if (k->nargs > VG_SRC_ARG_MAX)
            return fail(err, errlen, "kernel '%s': %u arguments (at most %d)", k->name, k->nargs, VG_SRC_ARG_MAX);
        if (k->const_bytes && (k->const_bytes > VG_CONST_MAX || !k->const_data || k->nargs >= VG_SRC_ARG_MAX))
            return fail(err, errlen, "kernel '%s': constant data of %u bytes (at most %u, and at most %d arguments)",
                        k->name, k->const_bytes, VG_CONST_MAX, VG_SRC_ARG_MAX - 1);
        for (uint32_t a = 0; a < k->nargs; a++) {
            const vg_arg *ar = &k->args[a];
            if ((ar->kind != VG_ARG_BUFFER && ar->kind != VG_ARG_SCALAR && ar->kind != VG_ARG_LOCAL &&
                 ar->kind != VG_ARG_STRUCT) || ar->type < VG_T_I8 || ar->type > VG_T_U64)
                return fail(err, errlen, "kernel '%s' argument %u: bad kind/type", k->name, a);
            if (ar->lanes && (ar->kind != VG_ARG_STRUCT || ar->lanes > 16 || ar->type == VG_T_OTHER
                              || ar->type >= VG_T_I64 || ar->elem_size < ar->lanes))
                return fail(err, errlen, "kernel '%s' argument %u: bad vector argument", k->name, a);
        }
        for (uint32_t bi = 0; bi < k->nblocks; bi++)
            if (check_block(k, bi, err, errlen) || check_pnr(k, bi, err, errlen))
                return -1;
    }
    return 0;
}

/* ---- writer ---- */

/* the image is built in a growable buffer (vg_file.h): out of memory is checked once, at the end */
typedef vg_buf wbuf;

static void put(wbuf *w, const void *src, size_t n) { (void)vg_buf_put(w, src, n); }
static void put8(wbuf *w, uint32_t v) { uint8_t b = (uint8_t)v; put(w, &b, 1); }
static void put16(wbuf *w, uint32_t v) { uint8_t b[2] = { (uint8_t)v, (uint8_t)(v >> 8) }; put(w, b, 2); }
static void put32(wbuf *w, uint32_t v)
{
    uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
    put(w, b, 4);
}
static void patch32(wbuf *w, size_t at, uint32_t v)
{
    if (w->oom)
        return;
    for (int i = 0; i < 4; i++)
        w->p[at + (size_t)i] = (uint8_t)(v >> (8 * i));
}
static void putstr(wbuf *w, const char *s)
{
    size_t n = strlen(s);
    put16(w, (uint32_t)n);
    put(w, s, n);
}
static size_t begin_section(wbuf *w, uint32_t kind)
{
    put32(w, kind);
    size_t at = w->n;
    put32(w, 0);
    return at;
}
static void end_section(wbuf *w, size_t at)
{
    patch32(w, at, (uint32_t)(w->n - at - 4));
    while (w->n % 4)
        put8(w, 0);
}

int vg_image_write(const vg_image *img, uint8_t **out, size_t *outlen, char *err, size_t errlen)
{
    if (vg_image_check(img, err, errlen))
        return -1;
    wbuf w = { 0 };
    uint32_t nsec = 0;
    put(&w, VG_IMAGE_MAGIC, 4);
    put16(&w, VG_IMAGE_MAJOR);
    /* the lowest minor version that describes the image: 1.1 readers read every image
     * without constant data */
    uint32_t minor = 1;
    for (uint32_t ki = 0; ki < img->nkernels; ki++)
        for (uint32_t a = 0; a <= img->kernels[ki].nargs; a++)
            if (a == img->kernels[ki].nargs ? img->kernels[ki].const_bytes != 0 : img->kernels[ki].args[a].lanes != 0)
                minor = 2;
    for (uint32_t ki = 0; ki < img->nkernels; ki++)
        for (uint32_t bi = 0; bi < img->kernels[ki].nblocks; bi++)
            for (uint32_t ni = 0; ni < img->kernels[ki].blocks[bi].nnodes; ni++) {
                const vg_node *n = &img->kernels[ki].blocks[bi].nodes[ni];
                if (n->unit == VG_U_LDST && vg_ldst_is_atomic(n->op))
                    minor = 3;
            }
    put16(&w, minor);
    put32(&w, 0);                       /* file size, patched */
    put32(&w, 0);                       /* crc, patched */
    char cfg[VG_CONFIG_MAX + 1] = { 0 };
    memcpy(cfg, img->config, strnlen(img->config, VG_CONFIG_MAX));
    put(&w, cfg, sizeof cfg);
    put32(&w, 0);                       /* section count, patched */
    for (uint32_t ki = 0; ki < img->nkernels; ki++) {
        const vg_kernel *k = &img->kernels[ki];
        size_t at = begin_section(&w, VG_SEC_KERNEL);
        putstr(&w, k->name);
        put32(&w, k->nargs);
        for (uint32_t a = 0; a < k->nargs; a++) {
            putstr(&w, k->args[a].name);
            put8(&w, k->args[a].kind);
            put8(&w, k->args[a].type);
            put8(&w, k->args[a].addrspace);
            put8(&w, k->args[a].lanes);
            put32(&w, k->args[a].elem_size);
        }
        put32(&w, k->nblocks);
        put32(&w, k->lv_count);
        put32(&w, k->local_bytes);
        for (uint32_t bi = 0; bi < k->nblocks; bi++) {
            const vg_block *b = &k->blocks[bi];
            put8(&w, b->nsucc);
            put8(&w, 0); put8(&w, 0); put8(&w, 0);
            put32(&w, b->nsucc > 0 ? b->succ[0] : VG_NO_BLOCK);
            put32(&w, b->nsucc > 1 ? b->succ[1] : VG_NO_BLOCK);
        }
        end_section(&w, at);
        nsec++;
        if (k->const_bytes) {
            at = begin_section(&w, VG_SEC_CONST);
            put32(&w, ki);
            put32(&w, k->const_bytes);
            put(&w, k->const_data, k->const_bytes);
            end_section(&w, at);
            nsec++;
        }
        for (uint32_t bi = 0; bi < k->nblocks; bi++) {
            const vg_block *b = &k->blocks[bi];
            at = begin_section(&w, VG_SEC_DFG);
            put32(&w, ki);
            put32(&w, bi);
            put32(&w, b->nnodes);
            for (uint32_t ni = 0; ni < b->nnodes; ni++) {
                const vg_node *n = &b->nodes[ni];
                put8(&w, n->unit);
                put8(&w, n->op);
                put8(&w, n->nin);
                put8(&w, 0);
                put32(&w, n->param);
                put32(&w, n->line);
                for (int i = 0; i < n->nin; i++) {
                    put8(&w, n->in[i].kind);
                    put8(&w, 0); put8(&w, 0); put8(&w, 0);
                    put32(&w, n->in[i].v);
                }
            }
            end_section(&w, at);
            nsec++;
            const vg_pnr *p = &b->pnr;
            if (p->nwords) {
                at = begin_section(&w, VG_SEC_PNR);
                put32(&w, ki);
                put32(&w, bi);
                put32(&w, p->chains);
                put32(&w, p->replicas);
                put32(&w, p->cvu_mask);
                put32(&w, p->units_used);
                put32(&w, p->delays);
                put32(&w, p->hops);
                put32(&w, p->nwords);
                put32(&w, p->nrelocs);
                for (uint32_t i = 0; i < p->nwords; i++)
                    put32(&w, p->words[i]);
                for (uint32_t i = 0; i < p->nrelocs; i++) {
                    put32(&w, p->relocs[i].word);
                    put32(&w, p->relocs[i].value);
                }
                put32(&w, p->nmap);
                for (uint32_t i = 0; i < p->nmap; i++)
                    put32(&w, p->map[i]);
                end_section(&w, at);
                nsec++;
            }
        }
    }
    if (w.oom) {
        free(w.p);
        return fail(err, errlen, "out of memory writing image");
    }
    patch32(&w, 8, (uint32_t)w.n);
    patch32(&w, 28, nsec);
    patch32(&w, 12, vg_crc32(w.p + 16, w.n - 16));
    *out = w.p;
    *outlen = w.n;
    return 0;
}

int vg_image_save(const vg_image *img, const char *path, char *err, size_t errlen)
{
    uint8_t *buf;
    size_t len;
    if (vg_image_write(img, &buf, &len, err, errlen))
        return -1;
    FILE *f = fopen(path, "wb");
    if (!f) {
        free(buf);
        return fail(err, errlen, "cannot write '%s'", path);
    }
    size_t wr = fwrite(buf, 1, len, f);
    int bad = fclose(f) != 0 || wr != len;
    free(buf);
    if (bad)
        return fail(err, errlen, "error writing '%s'", path);
    return 0;
}

/* ---- reader ---- */

typedef struct { const uint8_t *p; size_t n, at; int bad; } rbuf;

static int need(rbuf *r, size_t n)
{
    if (r->bad || r->n - r->at < n) {
        r->bad = 1;
        return 0;
    }
    return 1;
}
static uint32_t get8(rbuf *r) { return need(r, 1) ? r->p[r->at++] : 0; }
static uint32_t get16(rbuf *r)
{
    if (!need(r, 2)) return 0;
    uint32_t v = (uint32_t)r->p[r->at] | (uint32_t)r->p[r->at + 1] << 8;
    r->at += 2;
    return v;
}
static uint32_t get32(rbuf *r)
{
    if (!need(r, 4)) return 0;
    const uint8_t *q = r->p + r->at;
    r->at += 4;
    return (uint32_t)q[0] | (uint32_t)q[1] << 8 | (uint32_t)q[2] << 16 | (uint32_t)q[3] << 24;
}
static void getstr(rbuf *r, char *dst, size_t cap)
{
    uint32_t n = get16(r);
    if (n >= cap || !need(r, n)) {
        r->bad = 1;
        dst[0] = 0;
        return;
    }
    memcpy(dst, r->p + r->at, n);
    dst[n] = 0;
    r->at += n;
    if (memchr(dst, 0, n))
        r->bad = 1;
}

void vg_image_free(vg_image *img)
{
    if (!img->kernels)
        return;
    for (uint32_t ki = 0; ki < img->nkernels; ki++) {
        vg_kernel *k = &img->kernels[ki];
        free(k->args);
        free(k->const_data);
        if (k->blocks)
            for (uint32_t bi = 0; bi < k->nblocks; bi++) {
                free(k->blocks[bi].nodes);
                free(k->blocks[bi].pnr.words);
                free(k->blocks[bi].pnr.relocs);
                free(k->blocks[bi].pnr.map);
            }
        free(k->blocks);
    }
    free(img->kernels);
    memset(img, 0, sizeof *img);
}

int vg_image_read(const uint8_t *buf, size_t len, vg_image *img, char *err, size_t errlen)
{
    memset(img, 0, sizeof *img);
    if (len < VG_HEADER_BYTES)
        return fail(err, errlen, "image truncated: %zu bytes, header needs %d", len, VG_HEADER_BYTES);
    if (memcmp(buf, VG_IMAGE_MAGIC, 4) != 0)
        return fail(err, errlen, "not a VGIW image (bad magic)");
    rbuf r = { buf, len, 4, 0 };
    uint32_t major = get16(&r), minor = get16(&r);
    uint32_t size = get32(&r), crc = get32(&r);
    if (major != VG_IMAGE_MAJOR)
        return fail(err, errlen, "image format version %u.%u not supported (this reader: %d.x)", major, minor, VG_IMAGE_MAJOR);
    if (size > len)
        return fail(err, errlen, "image truncated: header says %u bytes, file has %zu", size, len);
    if (size < len)
        return fail(err, errlen, "image has %zu trailing bytes after its end", len - size);
    if (vg_crc32(buf + 16, size - 16) != crc)
        return fail(err, errlen, "image corrupted: checksum mismatch");
    memcpy(img->config, buf + 16, VG_CONFIG_MAX + 1);
    img->major = (uint16_t)major;
    img->minor = (uint16_t)minor;
    img->config[VG_CONFIG_MAX] = 0;
    r.at = 28;
    uint32_t nsec = get32(&r);
    /* Every section has at least 8 bytes: this bounds allocations by the file size. */
    if (nsec > (len - VG_HEADER_BYTES) / 8)
        return fail(err, errlen, "image corrupted: %u sections cannot fit", nsec);
    img->kernels = calloc(nsec ? nsec : 1, sizeof *img->kernels);
    if (!img->kernels)
        return fail(err, errlen, "out of memory");
    vg_kernel *cur = NULL;
    uint32_t next_block = 0;
    for (uint32_t s = 0; s < nsec; s++) {
        uint32_t kind = get32(&r), slen = get32(&r);
        if (r.bad || slen > len - r.at) {
            vg_image_free(img);
            return fail(err, errlen, "image corrupted: section %u overruns the file", s);
        }
        rbuf q = { buf + r.at, slen, 0, 0 };
        r.at += slen;
        while (r.at % 4)
            r.at++;
        if (r.at > len) {
            vg_image_free(img);
            return fail(err, errlen, "image truncated in section %u padding", s);
        }
        if (kind == VG_SEC_KERNEL) {
            if (cur && next_block != cur->nblocks) {
                fail(err, errlen, "image corrupted: kernel '%s' has %u of %u block graphs", cur->name, next_block, cur->nblocks);
                vg_image_free(img);
                return -1;
            }
            cur = &img->kernels[img->nkernels++];
            getstr(&q, cur->name, sizeof cur->name);
            cur->nargs = get32(&q);
            if (q.bad || cur->nargs > VG_SRC_ARG_MAX)
                goto bad_section;
            cur->args = calloc(cur->nargs ? cur->nargs : 1, sizeof *cur->args);
            if (!cur->args)
                goto oom;
            for (uint32_t a = 0; a < cur->nargs; a++) {
                vg_arg *ar = &cur->args[a];
                getstr(&q, ar->name, sizeof ar->name);
                ar->kind = (uint8_t)get8(&q);
                ar->type = (uint8_t)get8(&q);
                ar->addrspace = (uint8_t)get8(&q);
                ar->lanes = (uint8_t)get8(&q);
                ar->elem_size = get32(&q);
            }
            cur->nblocks = get32(&q);
            cur->lv_count = get32(&q);
            cur->local_bytes = get32(&q);
            if (q.bad || cur->nblocks > slen / 12)
                goto bad_section;
            cur->blocks = calloc(cur->nblocks ? cur->nblocks : 1, sizeof *cur->blocks);
            if (!cur->blocks)
                goto oom;
            for (uint32_t bi = 0; bi < cur->nblocks; bi++) {
                vg_block *b = &cur->blocks[bi];
                b->nsucc = (uint8_t)get8(&q);
                get8(&q); get8(&q); get8(&q);
                b->succ[0] = get32(&q);
                b->succ[1] = get32(&q);
            }
            if (q.bad || q.at != q.n)
                goto bad_section;
            next_block = 0;
        } else if (kind == VG_SEC_CONST) {
            /* Optional, directly after its KERNEL section. */
            uint32_t ki = get32(&q), nb = get32(&q);
            if (q.bad || !cur || ki != img->nkernels - 1 || next_block != 0 || cur->const_bytes || nb == 0
                || nb > VG_CONST_MAX || (uint64_t)nb + 8 != slen)
                goto bad_section;
            cur->const_data = malloc(nb);
            if (!cur->const_data)
                goto oom;
            memcpy(cur->const_data, q.p + q.at, nb);
            cur->const_bytes = nb;
        } else if (kind == VG_SEC_DFG) {
            uint32_t ki = get32(&q), bi = get32(&q), nn = get32(&q);
            if (q.bad || !cur || ki != img->nkernels - 1 || bi != next_block || bi >= cur->nblocks
                || nn > slen / 12)
                goto bad_section;
            vg_block *b = &cur->blocks[bi];
            b->nnodes = nn;
            b->nodes = calloc(nn ? nn : 1, sizeof *b->nodes);
            if (!b->nodes)
                goto oom;
            for (uint32_t ni = 0; ni < nn; ni++) {
                vg_node *n = &b->nodes[ni];
                n->unit = (uint8_t)get8(&q);
                n->op = (uint8_t)get8(&q);
                n->nin = (uint8_t)get8(&q);
                get8(&q);
                n->param = get32(&q);
                n->line = get32(&q);
                if (n->nin > VG_MAX_IN)
                    goto bad_section;
                for (int i = 0; i < n->nin; i++) {
                    n->in[i].kind = (uint8_t)get8(&q);
                    get8(&q); get8(&q); get8(&q);
                    n->in[i].v = get32(&q);
                }
            }
            if (q.bad || q.at != q.n)
                goto bad_section;
            next_block++;
        } else if (kind == VG_SEC_PNR) {
            /* Optional, directly after the DFG section of its block. */
            uint32_t ki = get32(&q), bi = get32(&q);
            if (q.bad || !cur || ki != img->nkernels - 1 || next_block == 0 || bi != next_block - 1)
                goto bad_section;
            vg_pnr *p = &cur->blocks[bi].pnr;
            if (p->nwords)
                goto bad_section;
            p->chains = get32(&q);
            p->replicas = get32(&q);
            p->cvu_mask = get32(&q);
            p->units_used = get32(&q);
            p->delays = get32(&q);
            p->hops = get32(&q);
            uint32_t nw = get32(&q), nr = get32(&q);
            if (q.bad || nw == 0 || nw > slen / 4 || nr > slen / 8 || (uint64_t)nw * 4 + (uint64_t)nr * 8 + 44 > slen)
                goto bad_section;
            p->words = calloc(nw, sizeof *p->words);
            p->relocs = calloc(nr ? nr : 1, sizeof *p->relocs);
            if (!p->words || !p->relocs)
                goto oom;
            p->nwords = nw;
            p->nrelocs = nr;
            for (uint32_t i = 0; i < nw; i++)
                p->words[i] = get32(&q);
            for (uint32_t i = 0; i < nr; i++) {
                p->relocs[i].word = get32(&q);
                p->relocs[i].value = get32(&q);
            }
            uint32_t nm = get32(&q);
            if (q.bad || nm > slen / 4)
                goto bad_section;
            p->map = calloc(nm ? nm : 1, sizeof *p->map);
            if (!p->map)
                goto oom;
            p->nmap = nm;
            for (uint32_t i = 0; i < nm; i++)
                p->map[i] = get32(&q);
            if (q.bad || q.at != q.n)
                goto bad_section;
        } else {
            vg_image_free(img);
            return fail(err, errlen, "image corrupted: unknown section kind %u (section %u)", kind, s);
        }
        continue;
    bad_section:
        vg_image_free(img);
        return fail(err, errlen, "image corrupted: malformed section %u (kind %u)", s, kind);
    oom:
        vg_image_free(img);
        return fail(err, errlen, "out of memory");
    }
    if (r.at != size) {
        vg_image_free(img);
        return fail(err, errlen, "image corrupted: %zu unaccounted bytes after the sections", size - r.at);
    }
    if (cur && next_block != cur->nblocks) {
        fail(err, errlen, "image corrupted: kernel '%s' has %u of %u block graphs", cur->name, next_block, cur->nblocks);
        vg_image_free(img);
        return -1;
    }
    if (vg_image_check(img, err, errlen)) {
        vg_image_free(img);
        return -1;
    }
    return 0;
}

/* An image is at most 1 GiB (its section sizes are 32-bit; the largest seen is a few MiB). */
#define VG_IMAGE_FILE_MAX ((size_t)1 << 30)

int vg_image_load(const char *path, vg_image *img, char *err, size_t errlen)
{
    memset(img, 0, sizeof *img);
    size_t n;
    uint8_t *buf = vg_read_file(path, "an image", VG_IMAGE_FILE_MAX, &n, err, errlen);
    if (!buf)
        return -1;
    int rc = vg_image_read(buf, n, img, err, errlen);
    free(buf);
    return rc;
}

/* ---- printing ---- */

static void dump_opnd(FILE *f, const vg_opnd *o)
{
    switch (o->kind) {
    case VG_O_NODE: fprintf(f, "n%u", o->v); break;
    case VG_O_CTRL: fprintf(f, "^n%u", o->v); break;
    case VG_O_IMM:  fprintf(f, "#0x%x", o->v); break;
    default:        fprintf(f, "-"); break;
    }
}

void vg_image_dump(FILE *f, const vg_image *img)
{
    /* the file's version; a newer minor version than this reader's is readable (it only
     * adds what older readers may skip, docs/image-format.md) but is said so */
    unsigned maj = img->major ? img->major : VG_IMAGE_MAJOR, min = img->major ? img->minor : VG_IMAGE_MINOR;
    fprintf(f, "VGIW image v%u.%u, config '%s', %u kernel(s)\n", maj, min, img->config, img->nkernels);
    if (img->major == VG_IMAGE_MAJOR && img->minor > VG_IMAGE_MINOR)
        fprintf(f, "  (newer than this reader, v%d.%d: parts it does not know are not shown)\n", VG_IMAGE_MAJOR,
                VG_IMAGE_MINOR);
    for (uint32_t ki = 0; ki < img->nkernels; ki++) {
        const vg_kernel *k = &img->kernels[ki];
        uint32_t total = 0;
        for (uint32_t bi = 0; bi < k->nblocks; bi++)
            total += k->blocks[bi].nnodes;
        fprintf(f, "\nkernel %s: %u blocks, %u live values, %u bytes __local, %u nodes\n", k->name,
                k->nblocks, k->lv_count, k->local_bytes, total);
        for (uint32_t a = 0; a < k->nargs; a++) {
            const vg_arg *ar = &k->args[a];
            fprintf(f, "  arg%u %-12s %s %s%s (%u bytes)\n", a, ar->name,
                    ar->kind == VG_ARG_BUFFER ? "buffer" : ar->kind == VG_ARG_LOCAL ? "local " :
                    ar->kind == VG_ARG_STRUCT ? (ar->lanes ? "vector" : "struct") : "scalar",
                    vg_type_name(ar->type),
                    ar->kind == VG_ARG_BUFFER ? (ar->addrspace == VG_AS_CONSTANT ? " __constant*" : " __global*")
                    : ar->kind == VG_ARG_LOCAL ? " __local*" : "",
                    ar->elem_size);
        }
        if (k->const_bytes)
            fprintf(f, "  constant data: %u bytes (launch value arg%u = their address)\n", k->const_bytes, k->nargs);
        fprintf(f, "  block table:\n");
        for (uint32_t bi = 0; bi < k->nblocks; bi++) {
            const vg_block *b = &k->blocks[bi];
            fprintf(f, "    B%-3u -> ", bi);
            if (b->nsucc == 0) fprintf(f, "exit");
            else if (b->nsucc == 1) fprintf(f, "B%u", b->succ[0]);
            else fprintf(f, "B%u if taken, else B%u", b->succ[0], b->succ[1]);
            fprintf(f, "   (%u nodes", b->nnodes);
            if (b->pnr.nwords)
                fprintf(f, ", %u replica(s), CVU mask 0x%x", b->pnr.replicas, b->pnr.cvu_mask);
            fprintf(f, ")\n");
        }
        for (uint32_t bi = 0; bi < k->nblocks; bi++) {
            const vg_block *b = &k->blocks[bi];
            fprintf(f, "  B%u:\n", bi);
            for (uint32_t ni = 0; ni < b->nnodes; ni++) {
                const vg_node *n = &b->nodes[ni];
                fprintf(f, "    n%-4u %-4s %-6s", ni, vg_unit_name(n->unit), vg_op_name(n->unit, n->op));
                for (int i = 0; i < n->nin; i++) {
                    fputc(' ', f);
                    dump_opnd(f, &n->in[i]);
                }
                if (n->unit == VG_U_LVU)
                    fprintf(f, "  lv%u", n->param);
                if (n->unit == VG_U_CVU && n->op == VG_CVU_IN) {
                    char s[32];
                    vg_src_name(n->param, s, sizeof s);
                    fprintf(f, "  %s", s);
                }
                if (n->line)
                    fprintf(f, "   ; line %u", n->line);
                fputc('\n', f);
            }
            const vg_pnr *p = &b->pnr;
            if (!p->nwords) {
                fprintf(f, "    (no placed-and-routed configuration)\n");
                continue;
            }
            fprintf(f, "    PNR: %u replica(s), CVU mask 0x%x, %u units, %u delay(s), %u switch hops, %u words (%u chains x %u cycles)\n",
                    p->replicas, p->cvu_mask, p->units_used, p->delays, p->hops, p->nwords, p->chains, p->nwords / p->chains);
            for (uint32_t i = 0; i < p->nrelocs; i++) {
                char s[32];
                vg_launch_name(p->relocs[i].value, s, sizeof s);
                fprintf(f, "      reloc word %u (cycle %u chain %u) <- %s\n", p->relocs[i].word,
                        p->relocs[i].word / p->chains, p->relocs[i].word % p->chains, s);
            }
            for (uint32_t t = 0; t < p->nwords / p->chains; t++) {
                fprintf(f, "      %3u:", t);
                for (uint32_t ch = 0; ch < p->chains; ch++)
                    fprintf(f, " %08x", p->words[t * p->chains + ch]);
                fputc('\n', f);
            }
        }
    }
}
