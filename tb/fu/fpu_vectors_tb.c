/* TestFloat vector checker: runs a file of Berkeley TestFloat (testfloat_gen) test cases
 * through the FP datapaths (tb/fu/vgiw_fpu_vectors_top.sv: the fma, cmp and cvt datapaths,
 * scu_pool, fp_divsqrt) and compares the results (docs/testfloat.md).
 *
 *   sim --op f32_add[@MODE] --vectors add.tv [--count N] [--seed S] [--quiet]
 *
 * MODE (testfloat_gen's -r<mode>: near_even, minMag, min, max, near_maxMag) selects the
 * rounding mode of the datapaths' rm_i and turns on the comparison of the exception flags
 * (the RISC-V fflags of the SIMT core); f32_div and f32_sqrt then run on fp_divsqrt instead
 * of scu_pool (which is VGIW's: RNE, no flags). Without @MODE: round to nearest even (the
 * _r_minMag / _rz conversions toward zero) and flags not compared, as before.
 *
 * The whole file is parsed first; a malformed line stops the run with its line number
 * (exit status 2). One check per vector, so a clean run ends with "N passed, 0 failed"
 * where N is the number of vectors. Comparison rules (those of TestFloat's own checker):
 *   - a NaN result matches any NaN expectation (NaN payloads and signs are free);
 *   - float -> integer conversions whose expected flags include invalid (0x10) are not
 *     compared: the x86 results TestFloat writes (0x80000000 / 0xFFFFFFFF) differ from
 *     our RISC-V-style saturation, and IEEE 754 leaves the value unspecified;
 *   - exception flags are ignored: the datapaths do not produce them.
 * Operations are issued with random input gaps and output backpressure (--seed) and
 * matched by tag, since scu_pool (f32_div, f32_sqrt) completes out of order. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dut.h"
#include "rng.h"
#include "sim.h"
#include "stats.h"
#include "vgiw_ops.h"

/* unit_i of fpu_vectors_top */
enum { VEC_SEL_FMA = 0, VEC_SEL_CMP = 1, VEC_SEL_CVT = 2, VEC_SEL_SCU = 3, VEC_SEL_DS = 4 };

/* rounding modes: testfloat_gen names, in RISC-V rm encoding order (0 RNE .. 4 RMM) */
static const char *const rm_names[] = { "near_even", "minMag", "min", "max", "near_maxMag" };

/* Kinds of the result column. */
enum { VEC_RES_FLOAT, VEC_RES_BOOL, VEC_RES_INT };

typedef struct op_info {
    const char *name;
    unsigned unit, op, arity, result;
    int rm;          /* fixed rounding mode (RISC-V rm), or -1: the @MODE (default RNE) */
    bool flags;      /* the datapath's flags are those TestFloat expects for this name */
} op_info_t;

/* The quiet and signaling comparisons differ only in the invalid flag. */
static const op_info_t op_table[] = {
    { "f32_add",              VEC_SEL_FMA, FMA_FADD,  2, VEC_RES_FLOAT, -1, true },
    { "f32_sub",              VEC_SEL_FMA, FMA_FSUB,  2, VEC_RES_FLOAT, -1, true },
    { "f32_mul",              VEC_SEL_FMA, FMA_FMUL,  2, VEC_RES_FLOAT, -1, true },
    { "f32_mulAdd",           VEC_SEL_FMA, FMA_FMADD, 3, VEC_RES_FLOAT, -1, true },
    { "f32_div",              VEC_SEL_SCU, SCU_FDIV,  2, VEC_RES_FLOAT, -1, true },
    { "f32_sqrt",             VEC_SEL_SCU, SCU_FSQRT, 1, VEC_RES_FLOAT, -1, true },
    { "f32_eq",               VEC_SEL_CMP, FCMP_OEQ,  2, VEC_RES_BOOL,  -1, true },
    { "f32_le",               VEC_SEL_CMP, FCMP_OLE,  2, VEC_RES_BOOL,  -1, true },
    { "f32_lt",               VEC_SEL_CMP, FCMP_OLT,  2, VEC_RES_BOOL,  -1, true },
    { "f32_eq_signaling",     VEC_SEL_CMP, FCMP_OEQ,  2, VEC_RES_BOOL,  -1, false },
    { "f32_le_quiet",         VEC_SEL_CMP, FCMP_OLE,  2, VEC_RES_BOOL,  -1, false },
    { "f32_lt_quiet",         VEC_SEL_CMP, FCMP_OLT,  2, VEC_RES_BOOL,  -1, false },
    { "i32_to_f32",           VEC_SEL_CVT, FCVT_I2F,  1, VEC_RES_FLOAT, -1, true },
    { "ui32_to_f32",          VEC_SEL_CVT, FCVT_U2F,  1, VEC_RES_FLOAT, -1, true },
    { "f32_to_i32_r_minMag",  VEC_SEL_CVT, FCVT_F2I,  1, VEC_RES_INT,    1, true },
    { "f32_to_i32_rz",        VEC_SEL_CVT, FCVT_F2I,  1, VEC_RES_INT,    1, true },
    { "f32_to_ui32_r_minMag", VEC_SEL_CVT, FCVT_F2U,  1, VEC_RES_INT,    1, true },
    { "f32_to_ui32_rz",       VEC_SEL_CVT, FCVT_F2U,  1, VEC_RES_INT,    1, true },
    { "f32_to_i32",           VEC_SEL_CVT, FCVT_F2I,  1, VEC_RES_INT,   -1, true },
    { "f32_to_ui32",          VEC_SEL_CVT, FCVT_F2U,  1, VEC_RES_INT,   -1, true },
};
#define N_OPS (sizeof op_table / sizeof op_table[0])

#define FLAG_INVALID 0x10u

typedef struct vec {
    uint32_t in[3];
    uint32_t expect;
    uint32_t flags;
    uint64_t line;
} vec_t;

static int is_nan(uint32_t x) { return (x & 0x7FFFFFFFu) > 0x7F800000u; }

/* One hex field of at most `max_digits` digits; returns the position after it, or NULL. */
static const char *parse_hex(const char *p, unsigned max_digits, uint32_t *out)
{
    uint32_t v = 0;
    unsigned n = 0;
    while (isxdigit((unsigned char)*p)) {
        if (++n > max_digits)
            return NULL;
        v = (v << 4) | (uint32_t)(isdigit((unsigned char)*p) ? *p - '0' : (tolower((unsigned char)*p) - 'a' + 10));
        p++;
    }
    if (n == 0 || (*p != '\0' && !isspace((unsigned char)*p)))
        return NULL;
    *out = v;
    return p;
}

static const char *skip_space(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

/* Reads the whole file; dies (exit 2) on the first malformed line. */
static vec_t *read_vectors(const char *path, const op_info_t *oi, size_t *count)
{
    FILE *f = fopen(path, "r");
    if (!f)
        sim_die("cannot open vectors file '%s': %s", path, strerror(errno));
    size_t cap = 1 << 16, n = 0;
    vec_t *v = malloc(cap * sizeof *v);
    char line[512];
    uint64_t lineno = 0;
    if (!v)
        sim_die("out of memory");
    while (fgets(line, sizeof line, f)) {
        lineno++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n')
            sim_die("%s:%" PRIu64 ": line too long", path, lineno);
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        const char *p = skip_space(line);
        if (*p == '\0')
            continue;   /* blank lines (a trailing one, say) are not test cases */
        if (n == cap) {
            cap *= 2;
            vec_t *nv = realloc(v, cap * sizeof *nv);
            if (!nv)
                sim_die("out of memory");
            v = nv;
        }
        unsigned fields = 0;
        for (const char *q = p; *q; ) {
            fields++;
            while (*q && !isspace((unsigned char)*q))
                q++;
            q = skip_space(q);
        }
        if (fields != oi->arity + 2)
            sim_die("%s:%" PRIu64 ": %s needs %u fields (%u operand(s), result, flags), this line has %u: '%s'",
                    path, lineno, oi->name, oi->arity + 2, oi->arity, fields, line);
        vec_t *t = &v[n];
        memset(t, 0, sizeof *t);
        t->line = lineno;
        for (unsigned i = 0; i < oi->arity; i++) {
            p = parse_hex(skip_space(p), 8, &t->in[i]);
            if (!p)
                sim_die("%s:%" PRIu64 ": operand %u of %s is not a hex number of at most 8 digits: '%s'",
                        path, lineno, i + 1, oi->name, line);
        }
        p = skip_space(p);
        if (oi->result == VEC_RES_BOOL) {
            if ((*p != '0' && *p != '1') || (p[1] != '\0' && !isspace((unsigned char)p[1])))
                sim_die("%s:%" PRIu64 ": the result of %s must be 0 or 1: '%s'", path, lineno, oi->name, line);
            t->expect = (uint32_t)(*p - '0');
            p++;
        } else {
            p = parse_hex(p, 8, &t->expect);
            if (!p)
                sim_die("%s:%" PRIu64 ": the result of %s is not a hex number of at most 8 digits: '%s'",
                        path, lineno, oi->name, line);
        }
        p = parse_hex(skip_space(p), 2, &t->flags);
        if (!p)
            sim_die("%s:%" PRIu64 ": expected the exception flags (2 hex digits) after the result: '%s'",
                    path, lineno, line);
        n++;
    }
    if (ferror(f))
        sim_die("error reading '%s': %s", path, strerror(errno));
    fclose(f);
    *count = n;
    return v;
}

/* ---- driving the DUT ----------------------------------------------------------------- */

static const op_info_t *oi;
static bool cmp_flags;           /* @MODE given: compare the exception flags too */
static const vec_t *vecs;
static uint64_t *slot_vec;       /* tag -> vector index while in flight */
static unsigned *free_tags;      /* stack of free tags */
static unsigned n_free, n_tags;
static uint64_t n_inflight, n_skipped_invalid;
static uint64_t n_out_of_order, max_retired;   /* results overtaken by a later-issued one */

static void dump(void)
{
    fprintf(stderr, "  in flight: %" PRIu64 ", in_ready_o=%u out_valid_o=%u\n", n_inflight,
            (unsigned)dut_get_in_ready_o(), (unsigned)dut_get_out_valid_o());
}

static void check(const vec_t *t, uint32_t got, uint32_t got_flags)
{
    bool ok;
    if (cmp_flags && got_flags != t->flags) {
        sim_check_u32(false, "line %" PRIu64 ": %s %08" PRIX32 " %08" PRIX32 " %08" PRIX32 ": flags %02" PRIX32
                      ", expected %02" PRIX32 " (result %08" PRIX32 ")", t->line, oi->name, t->in[0], t->in[1],
                      t->in[2], got_flags, t->flags, got);
        return;
    }
    switch (oi->result) {
    case VEC_RES_FLOAT:
        ok = got == t->expect || (is_nan(got) && is_nan(t->expect));
        break;
    case VEC_RES_INT:
        if (t->flags & FLAG_INVALID) {
            n_skipped_invalid++;
            ok = true;   /* value unspecified by IEEE 754; see the header comment */
        } else {
            ok = got == t->expect;
        }
        break;
    default:
        ok = got == t->expect;
        break;
    }
    if (oi->arity == 3)
        sim_check_u32(ok, "line %" PRIu64 ": %s %08" PRIX32 " %08" PRIX32 " %08" PRIX32 ": got %08" PRIX32
                      ", expected %08" PRIX32, t->line, oi->name, t->in[0], t->in[1], t->in[2], got, t->expect);
    else if (oi->arity == 2)
        sim_check_u32(ok, "line %" PRIu64 ": %s %08" PRIX32 " %08" PRIX32 ": got %08" PRIX32 ", expected %08" PRIX32,
                      t->line, oi->name, t->in[0], t->in[1], got, t->expect);
    else
        sim_check_u32(ok, "line %" PRIu64 ": %s %08" PRIX32 ": got %08" PRIX32 ", expected %08" PRIX32,
                      t->line, oi->name, t->in[0], got, t->expect);
}

int main(int argc, char **argv)
{
    sim_init("fpu_vectors_tb", argc, argv);
    if (!sim_args.op || !sim_args.vectors) {
        fprintf(stderr, "usage: fpu_vectors_tb --op NAME --vectors FILE [--count N] [--seed S] [--quiet]\n");
        sim_die("--op and --vectors are required");
    }
    char opname[64];
    const char *at = strchr(sim_args.op, '@');
    size_t nlen = at ? (size_t)(at - sim_args.op) : strlen(sim_args.op);
    if (nlen >= sizeof opname)
        sim_die("--op '%s': name too long", sim_args.op);
    memcpy(opname, sim_args.op, nlen);
    opname[nlen] = '\0';
    int rm = -1;
    if (at) {
        for (int i = 0; i < 5; i++)
            if (!strcmp(at + 1, rm_names[i]))
                rm = i;
        if (rm < 0)
            sim_die("--op '%s': unknown rounding mode '%s' (near_even, minMag, min, max, near_maxMag)",
                    sim_args.op, at + 1);
    }
    static op_info_t chosen;
    for (unsigned i = 0; i < N_OPS; i++)
        if (!strcmp(op_table[i].name, opname)) {
            chosen = op_table[i];
            oi = &chosen;
        }
    if (!oi) {
        fprintf(stderr, "known operations:");
        for (unsigned i = 0; i < N_OPS; i++)
            fprintf(stderr, " %s", op_table[i].name);
        fputc('\n', stderr);
        sim_die("unknown --op '%s'", sim_args.op);
    }
    if (at) {
        if (!chosen.flags)
            sim_die("--op '%s': the datapath does not raise this comparison's flags (use %s)", sim_args.op,
                    "f32_eq, f32_le or f32_lt");
        if (chosen.rm >= 0 && chosen.rm != rm)
            sim_die("--op '%s': %s rounds toward zero; use f32_to_i32 / f32_to_ui32 with @MODE", sim_args.op, opname);
        cmp_flags = true;
        if (chosen.unit == VEC_SEL_SCU)
            chosen.unit = VEC_SEL_DS;   /* scu_pool is RNE without flags: the bare fp_divsqrt */
    }
    if (chosen.rm < 0)
        chosen.rm = rm < 0 ? 0 : rm;
    size_t n_vec;
    vecs = read_vectors(sim_args.vectors, oi, &n_vec);
    if (sim_args.count && sim_args.count < n_vec)
        n_vec = (size_t)sim_args.count;
    if (!sim_args.quiet)
        printf("fpu_vectors_tb: %zu vectors of %s from %s\n", n_vec, oi->name, sim_args.vectors);

    n_tags = 1u << DUT_TAG_I_BITS;
    slot_vec = calloc(n_tags, sizeof *slot_vec);
    free_tags = calloc(n_tags, sizeof *free_tags);
    if (!slot_vec || !free_tags)
        sim_die("out of memory");
    for (unsigned i = 0; i < n_tags; i++)
        free_tags[n_free++] = n_tags - 1 - i;

    rng_t rng;
    rng_seed(&rng, sim_args.seed);
    sim_on_watchdog(dump);
    dut_set_unit_i(oi->unit);
    dut_set_op_i(oi->op);
    dut_set_rm_i((uint64_t)oi->rm);
    dut_set_in_valid_i(0);
    dut_set_out_ready_i(1);
    sim_reset(4);

    size_t next = 0;
    while (next < n_vec || n_inflight > 0) {
        /* Phases of 4096 cycles alternate between full throughput and random gaps and
         * backpressure, so both the streaming and the stalling paths are exercised. */
        int busy = (sim_cycle() >> 12) & 1;
        int offer = next < n_vec && n_free > 0 && (!busy || rng_below(&rng, 100) >= 15);
        int ready = !busy || rng_below(&rng, 100) >= 15;
        unsigned tag = offer ? free_tags[--n_free] : 0;   /* given back if not accepted */
        if (offer) {
            const vec_t *t = &vecs[next];
            dut_set_a_i(t->in[0]);
            dut_set_b_i(t->in[1]);
            dut_set_c_i(t->in[2]);
        }
        dut_set_tag_i(tag);
        dut_set_in_valid_i((uint64_t)offer);
        dut_set_out_ready_i((uint64_t)ready);
        sim_eval();
        if (dut_get_out_valid_o() && ready) {
            unsigned otag = (unsigned)dut_get_tag_o();
            uint32_t got = (uint32_t)dut_get_result_o();
            uint32_t got_flags = (uint32_t)dut_get_flags_o();
            if (otag >= n_tags || slot_vec[otag] == 0) {
                sim_fail("result %08" PRIX32 " with tag %u, which is not in flight", got, otag);
            } else {
                uint64_t idx = slot_vec[otag];
                if (idx < max_retired)
                    n_out_of_order++;
                else
                    max_retired = idx;
                check(&vecs[idx - 1], got, got_flags);
                slot_vec[otag] = 0;
                free_tags[n_free++] = otag;
                n_inflight--;
            }
            sim_progress();
        }
        if (offer && dut_get_in_ready_o()) {
            slot_vec[tag] = next + 1;   /* 0 marks a free tag */
            next++;
            n_inflight++;
        } else if (offer) {
            free_tags[n_free++] = tag;
        }
        sim_step();
    }
    stats_set("vectors", n_vec);
    stats_set("invalid_int_results_not_compared", n_skipped_invalid);
    stats_set("results_out_of_order", n_out_of_order);
    free(slot_vec);
    free(free_tags);
    free((void *)vecs);
    return sim_finish();
}
