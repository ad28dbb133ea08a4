/* Runtime API test (docs/runtime.md): every error path returns its code and a message and
 * leaves the device usable, plus a few launches checked against plain C.
 *
 *   rt_api_test --backend rtl|interp --config C --image K.vgiw [--other-image K2.vgiw]
 *
 * K.vgiw: sw/runtime/tests/rt_simple.cl compiled for preset C; K2.vgiw: the same compiled
 * for another preset (the rtl device must refuse it). Prints one line per check and
 * "N passed, N failed"; exit status 0 only if all passed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vgiw_rt.h"

static int npass, nfail;
static int expect_fail;   /* scale_add: the launch is expected to be refused */

static void check(int ok, const char *what, vrt_device *d)
{
    if (ok) {
        npass++;
        printf("ok   %s%s%s\n", what, d ? ": " : "", d ? vrt_error(d) : "");
    } else {
        nfail++;
        printf("FAIL %s%s%s\n", what, d ? ": " : "", d ? vrt_error(d) : "");
    }
}

#define EXPECT(call, code, what)                                                                             \
    do {                                                                                                     \
        int rc_ = (call);                                                                                    \
        if (rc_ != (code))                                                                                   \
            printf("     got %d (%s), expected %d (%s)\n", rc_, vrt_status_name(rc_), (code),               \
                   vrt_status_name(code));                                                                   \
        check(rc_ == (code), what, (code) ? d : NULL);                                                       \
    } while (0)

static int scale_add(vrt_device *d, vrt_kernel k, uint32_t n, uint32_t local, int mult, const char *what)
{
    vrt_buf a, b;
    int rc = vrt_alloc(d, 4 * n, &a);
    if (!rc)
        rc = vrt_alloc(d, 4 * n, &b);
    int32_t *ha = malloc(4 * n), *hb = malloc(4 * n), *out = malloc(4 * n);
    for (uint32_t i = 0; i < n; i++) {
        ha[i] = (int32_t)(i * 7 - 100);
        hb[i] = (int32_t)(i ^ 0x55);
    }
    if (!rc)
        rc = vrt_write(d, a, 0, ha, 4 * n);
    if (!rc)
        rc = vrt_write(d, b, 0, hb, 4 * n);
    if (!rc)
        rc = vrt_set_arg_buf(d, k, 0, a);
    if (!rc)
        rc = vrt_set_arg_buf(d, k, 1, b);
    if (!rc)
        rc = vrt_set_arg_i32(d, k, 2, mult);
    uint32_t g = n, l = local;
    if (!rc)
        rc = vrt_run(d, k, 1, &g, &l);
    if (!rc)
        rc = vrt_read(d, a, 0, out, 4 * n);
    uint32_t bad = 0;
    for (uint32_t i = 0; !rc && i < n; i++)
        if (out[i] != (int32_t)((uint32_t)ha[i] + (uint32_t)hb[i] * (uint32_t)mult) && bad++ < 4)
            printf("     a[%u] = %d, expected %d\n", i, out[i], ha[i] + hb[i] * mult);
    vrt_stats s;
    vrt_stats_get(d, &s, NULL);
    printf("     %s: %u threads, %llu cycles, %llu tiles, %llu retired\n", what, n, (unsigned long long)s.cycles,
           (unsigned long long)s.tiles, (unsigned long long)s.retired);
    if (expect_fail)
        printf("     %s: refused as expected\n", what);
    else
        check(!rc && !bad, what, rc ? d : NULL);
    free(ha);
    free(hb);
    free(out);
    vrt_free(d, a);
    vrt_free(d, b);
    return rc;
}

int main(int argc, char **argv)
{
    const char *backend = "interp", *config = "tiny", *image = NULL, *other = NULL;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--backend")) backend = argv[i + 1];
        else if (!strcmp(argv[i], "--config")) config = argv[i + 1];
        else if (!strcmp(argv[i], "--image")) image = argv[i + 1];
        else if (!strcmp(argv[i], "--other-image")) other = argv[i + 1];
        else {
            fprintf(stderr, "usage: %s --backend B --config C --image K.vgiw [--other-image K2.vgiw]\n", argv[0]);
            return 2;
        }
    }
    if (!image) {
        fprintf(stderr, "rt_api_test: --image needed\n");
        return 2;
    }
    int rtl = !strcmp(backend, "rtl");
    char err[512];
    vrt_options o;
    vrt_device *d = NULL;

    /* opening */
    vrt_options_init(&o);
    o.backend = "gpu";
    int rc = vrt_open(&o, &d, err, sizeof err);
    printf("     open gpu: %s\n", err);
    check(rc == VRT_ERR_INVALID && !d, "open: unknown backend", NULL);
    o.backend = backend;
    o.config = "huge";
    rc = vrt_open(&o, &d, err, sizeof err);
    printf("     open huge: %s\n", err);
    check(rc == VRT_ERR_INVALID && !d, "open: unknown preset", NULL);
    if (rtl) {
        o.config = config;
        o.device_path = "/nonexistent/vgiw-rtl";
        rc = vrt_open(&o, &d, err, sizeof err);
        printf("     open missing device: %s\n", err);
        check(rc == VRT_ERR_BACKEND && !d, "open: device program missing", NULL);
    }
    vrt_options_init(&o);
    o.backend = backend;
    o.config = config;
    rc = vrt_open(&o, &d, err, sizeof err);
    if (rc) {
        printf("FAIL open %s %s: %s\n", backend, config, err);
        return 1;
    }
    check(1, "open", NULL);

    /* buffers */
    vrt_buf b = 0, b2 = 0;
    EXPECT(vrt_alloc(d, 0, &b), VRT_ERR_INVALID, "alloc 0 bytes");
    EXPECT(vrt_alloc(d, 0x7FFFFFFF, &b), VRT_ERR_NOMEM, "alloc 2 GB");
    EXPECT(vrt_alloc(d, 100, &b), VRT_OK, "alloc 100 bytes");
    uint8_t tmp[256] = { 0 }, zero[100] = { 0 };
    EXPECT(vrt_read(d, b, 0, tmp, 100), VRT_OK, "read back fresh buffer");
    check(!memcmp(tmp, zero, 100), "fresh buffer is zeroed", NULL);
    EXPECT(vrt_write(d, b, 96, tmp, 8), VRT_ERR_BOUNDS, "write past the end");
    EXPECT(vrt_write(d, b, (size_t)-4, tmp, 8), VRT_ERR_BOUNDS, "write with a huge offset");
    EXPECT(vrt_read(d, b, 101, tmp, 0), VRT_ERR_BOUNDS, "read at offset past the end");
    EXPECT(vrt_read(d, b, 0, NULL, 4), VRT_ERR_INVALID, "read into NULL");
    EXPECT(vrt_read(d, 77, 0, tmp, 4), VRT_ERR_HANDLE, "read from an unknown handle");
    EXPECT(vrt_read(d, -1, 0, tmp, 4), VRT_ERR_HANDLE, "read from a negative handle");
    EXPECT(vrt_alloc(d, 64, &b2), VRT_OK, "alloc a second buffer");
    EXPECT(vrt_free(d, b2), VRT_OK, "free");
    EXPECT(vrt_free(d, b2), VRT_ERR_HANDLE, "free twice");
    EXPECT(vrt_write(d, b2, 0, tmp, 4), VRT_ERR_HANDLE, "write to a freed buffer");

    /* images and kernels */
    vrt_program p = 0, p2 = 0;
    vrt_kernel k = 0, kb = 0, k2 = 0;
    EXPECT(vrt_program_load(d, "/nonexistent.vgiw", &p), VRT_ERR_IMAGE, "load a missing image");
    EXPECT(vrt_program_load_mem(d, "VGIW garbage that is not an image", 34, &p), VRT_ERR_IMAGE, "load garbage");
    if (other && rtl)
        EXPECT(vrt_program_load(d, other, &p2), VRT_ERR_IMAGE, "load an image of another preset");
    EXPECT(vrt_program_load(d, image, &p), VRT_OK, "load the image");
    EXPECT(vrt_kernel_create(d, p, "no_such_kernel", &k), VRT_ERR_IMAGE, "unknown kernel name");
    EXPECT(vrt_kernel_create(d, 9, "scale_add", &k), VRT_ERR_HANDLE, "kernel of a bad program handle");
    EXPECT(vrt_kernel_create(d, p, "scale_add", &k), VRT_OK, "create kernel scale_add");
    EXPECT(vrt_kernel_create(d, p, "bad_load", &kb), VRT_OK, "create kernel bad_load");
    EXPECT(vrt_set_arg_buf(d, k, 3, b), VRT_ERR_ARG, "argument index past the end");
    EXPECT(vrt_set_arg_i32(d, k, 0, 5), VRT_ERR_ARG, "scalar for a buffer argument");
    EXPECT(vrt_set_arg_buf(d, k, 2, b), VRT_ERR_ARG, "buffer for a scalar argument");
    EXPECT(vrt_set_arg_buf(d, k, 0, 55), VRT_ERR_HANDLE, "bad buffer handle as argument");
    EXPECT(vrt_set_arg_buf(d, 99, 0, b), VRT_ERR_HANDLE, "bad kernel handle");
    EXPECT(vrt_set_arg_buf(d, k, 0, b), VRT_OK, "set argument 0");
    uint32_t g = 16, l = 16, g3[3] = { 4, 4, 4 }, l3[3] = { 3, 1, 1 };
    EXPECT(vrt_launch(d, k, 1, &g, &l), VRT_ERR_ARG, "launch with arguments unset");
    EXPECT(vrt_set_arg_buf(d, k, 1, b), VRT_OK, "set argument 1");
    EXPECT(vrt_set_arg_i32(d, k, 2, 3), VRT_OK, "set argument 2");
    EXPECT(vrt_launch(d, k, 0, &g, &l), VRT_ERR_NDRANGE, "launch with 0 dimensions");
    EXPECT(vrt_launch(d, k, 4, &g, &l), VRT_ERR_NDRANGE, "launch with 4 dimensions");
    EXPECT(vrt_launch(d, k, 3, g3, l3), VRT_ERR_NDRANGE, "global not a multiple of local");
    g = 0;
    EXPECT(vrt_launch(d, k, 1, &g, NULL), VRT_ERR_NDRANGE, "global size 0");
    EXPECT(vrt_wait(d), VRT_ERR_STATE, "wait without a launch");
    EXPECT(vrt_launch(d, 0, 1, &g, NULL), VRT_ERR_HANDLE, "launch a bad kernel handle");

    /* launches checked against C */
    scale_add(d, k, 16, 16, 3, "scale_add 16 threads, one work-group");
    /* scale_add has 2 blocks on tiny (coordinates from the CVU): tiles of 2048 threads */
    scale_add(d, k, 5000, 8, -7, "scale_add 5000 threads, work-groups of 8 (several tiles on rtl)");
    scale_add(d, k, 100, 1, 2, "scale_add 100 threads, local size 1");
    /* several tiles with work-groups of 7: the runtime caps the tile at a multiple of
     * lcm(7, 64) = 448 threads (descriptor word 6, docs/core.md), so no group straddles tiles */
    scale_add(d, k, 4998, 7, 2, "scale_add 4998 threads in groups of 7 (tile cut to a multiple of 448)");
    if (rtl) {
        vrt_stats s7;
        vrt_stats_get(d, &s7, NULL);
        check(s7.tile_threads % 7 == 0 && s7.tile_threads % 64 == 0 && s7.tiles == (4998 + s7.tile_threads - 1) /
              s7.tile_threads, "rtl tiles hold whole work-groups of 7", NULL);
    }
    expect_fail = rtl;
    if (rtl)
        EXPECT(scale_add(d, k, 5000, 2500, 2, "scale_add 5000 threads in groups of 2500 (larger than a tile)"),
               VRT_ERR_NDRANGE, "a work-group larger than a tile");
    expect_fail = 0;
    scale_add(d, k, 100, 1, 2, "scale_add 100 threads, local size 1 (after the refusal)");
    vrt_stats last, total;
    vrt_stats_get(d, &last, &total);
    check(total.launches >= 3, "launch count", NULL);
    check(!rtl || (last.retired == 100 && last.block_threads[0] == 100), "rtl counters: retired, block 0 threads",
          NULL);

    /* Configurations kept across launches (docs/ctrl.md "Keeping configurations across
     * launches"): a relaunch with the same arguments finds its configurations on chip (counter
     * cfg_kept) and reads fewer from memory; so does a relaunch with another scalar (a launch
     * value, substituted by the core: docs/core.md "Launch values"), which must compute with the
     * new factor, never the old one. index2d runs before the last launch (its own slot; on tiny
     * its blocks evict scale_add's from the 4-entry cache). */
    if (rtl) {
        const int mults[] = { 3, 3, -9, 3, 3, 5 };
        const uint32_t n = 128;
        vrt_buf a, bb, o2;
        int32_t ha[128], hb[128], out[128];
        for (uint32_t i = 0; i < n; i++) {
            ha[i] = (int32_t)(i * 5 - 77);
            hb[i] = (int32_t)(i ^ 0x3c);
        }
        vrt_kernel k2d;
        int ok = !vrt_alloc(d, 4 * n, &a) && !vrt_alloc(d, 4 * n, &bb) && !vrt_alloc(d, 4 * 240, &o2)
                 && !vrt_kernel_create(d, p, "index2d", &k2d);
        check(ok, "kept configurations: buffers and index2d", ok ? NULL : d);
        for (unsigned r = 0; ok && r < sizeof mults / sizeof mults[0]; r++) {
            int rc2 = vrt_write(d, a, 0, ha, 4 * n);
            if (!rc2) rc2 = vrt_write(d, bb, 0, hb, 4 * n);
            if (!rc2) rc2 = vrt_set_arg_buf(d, k, 0, a);
            if (!rc2) rc2 = vrt_set_arg_buf(d, k, 1, bb);
            if (!rc2) rc2 = vrt_set_arg_i32(d, k, 2, mults[r]);
            uint32_t g1 = n, l1 = 64;
            if (!rc2) rc2 = vrt_run(d, k, 1, &g1, &l1);
            vrt_stats s;
            vrt_stats_get(d, &s, NULL);
            if (!rc2) rc2 = vrt_read(d, a, 0, out, 4 * n);
            uint32_t bad = 0;
            for (uint32_t i = 0; !rc2 && i < n; i++)
                if (out[i] != (int32_t)((uint32_t)ha[i] + (uint32_t)hb[i] * (uint32_t)mults[r]) && bad++ < 4)
                    printf("     a[%u] = %d, expected %d\n", i, out[i], ha[i] + hb[i] * mults[r]);
            printf("     scale_add x%d, launch %u: %llu reconfigurations, %llu on chip, %llu fetched, %llu kept\n",
                   mults[r], r, (unsigned long long)s.reconfigs, (unsigned long long)s.cfg_hits,
                   (unsigned long long)s.cfg_fetches, (unsigned long long)s.cfg_kept);
            char what[120];
            snprintf(what, sizeof what, "kept configurations: scale_add x%d (launch %u) computes with x%d", mults[r], r,
                     mults[r]);
            check(!rc2 && !bad, what, rc2 ? d : NULL);
            /* the words do not change with the factor or the sizes, so even launch 0 keeps what
             * the scale_add launches above left on chip; after index2d (launch 5) they are read
             * again on tiny */
            if (r <= 4) {
                snprintf(what, sizeof what, "kept configurations: relaunch %u keeps them all (%llu kept, %llu "
                         "fetched)", r, (unsigned long long)s.cfg_kept, (unsigned long long)s.cfg_fetches);
                check(s.cfg_kept > 0 && s.cfg_fetches == 0, what, NULL);
            }
            const char *big = getenv("RT_TEST_2D_TOO_BIG");
            if (r == 4 && !(big && *big == '1')) {   /* index2d in between, at its own addresses */
                uint32_t G[2] = { 24, 10 }, Lc[2] = { 8, 2 };
                vrt_set_arg_buf(d, k2d, 0, o2);
                vrt_set_arg_u32(d, k2d, 1, 24);
                int rc3 = vrt_run(d, k2d, 2, G, Lc);
                check(!rc3, "kept configurations: index2d between scale_add launches", rc3 ? d : NULL);
            }
        }
        vrt_free(d, a);
        vrt_free(d, bb);
        vrt_free(d, o2);
        vrt_kernel_release(d, k2d);
    }

    /* Launch values (docs/core.md "Launch values", VGIW §3.2, §3.5): lconst relaunched with new
     * scalars and new NDRange sizes. Its configuration words do not change, so after the first
     * launch every configuration is kept on chip (nothing fetched); each launch must compute
     * with its own values, never with those of the launch its configurations were read in. */
    {
        static const struct { int k; uint32_t m, g, l; } L[] = {
            { 3, 5, 128, 64 }, { 3, 5, 128, 64 }, { -2, 7, 128, 64 }, { 4, 1, 192, 64 },
            { 4, 1, 192, 32 }, { 9, 2, 64, 16 }, { -5, 11, 256, 128 }, { 3, 5, 128, 64 },
        };
        vrt_kernel kc;
        vrt_buf a;
        int32_t in[256], out[256];
        for (int i = 0; i < 256; i++)
            in[i] = i * 13 - 900;
        int ok = !vrt_kernel_create(d, p, "lconst", &kc) && !vrt_alloc(d, sizeof in, &a);
        check(ok, "launch values: kernel lconst and its buffer", ok ? NULL : d);
        for (unsigned r = 0; ok && r < sizeof L / sizeof L[0]; r++) {
            uint32_t g = L[r].g, l = L[r].l, bad = 0;
            int rc2 = vrt_write(d, a, 0, in, sizeof in);
            if (!rc2) rc2 = vrt_set_arg_buf(d, kc, 0, a);
            if (!rc2) rc2 = vrt_set_arg_i32(d, kc, 1, L[r].k);
            if (!rc2) rc2 = vrt_set_arg_u32(d, kc, 2, L[r].m);
            if (!rc2) rc2 = vrt_run(d, kc, 1, &g, &l);
            if (!rc2) rc2 = vrt_read(d, a, 0, out, sizeof out);
            for (uint32_t i = 0; !rc2 && i < 256; i++) {
                /* the golden model: plain C, 32-bit wrap-around */
                int32_t want = i < g ? (int32_t)((uint32_t)in[i] * (uint32_t)L[r].k + L[r].m * g + l * 3 + g / l)
                                     : in[i];
                if (out[i] != want && bad++ < 4)
                    printf("     a[%u] = %d, expected %d\n", i, out[i], want);
            }
            char what[160];
            snprintf(what, sizeof what, "launch values: lconst k=%d m=%u global %u local %u (launch %u)", L[r].k,
                     L[r].m, g, l, r);
            check(!rc2 && !bad, what, rc2 ? d : NULL);
            if (rtl && r > 0) {
                vrt_stats s;
                vrt_stats_get(d, &s, NULL);
                printf("     %llu reconfigurations, %llu on chip, %llu fetched, %llu kept\n",
                       (unsigned long long)s.reconfigs, (unsigned long long)s.cfg_hits,
                       (unsigned long long)s.cfg_fetches, (unsigned long long)s.cfg_kept);
                snprintf(what, sizeof what, "launch values: launch %u reads no configuration from memory", r);
                check(s.cfg_kept > 0 && s.cfg_fetches == 0, what, NULL);
            }
        }
        vrt_free(d, a);
        vrt_kernel_release(d, kc);
    }

    /* more launch values than slots: 14 (the buffer and 13 scalars) for 12 slots; relaunched
     * with new scalars, each launch checked against C */
    {
        vrt_kernel km;
        vrt_buf a;
        int32_t in[64], out[64];
        for (int i = 0; i < 64; i++)
            in[i] = i * 29 - 500;
        int ok = !vrt_kernel_create(d, p, "lmany", &km) && !vrt_alloc(d, sizeof in, &a);
        check(ok, "launch values: kernel lmany and its buffer", ok ? NULL : d);
        for (unsigned r = 0; ok && r < 4; r++) {
            uint32_t k[13], g = 64, l = 16, bad = 0;
            int rc2 = vrt_write(d, a, 0, in, sizeof in);
            if (!rc2) rc2 = vrt_set_arg_buf(d, km, 0, a);
            for (unsigned j = 0; j < 13; j++) {
                k[j] = (uint32_t)(r * 1000003u + j * 7919u + (r & 1) * 0x40000000u);
                if (!rc2) rc2 = vrt_set_arg_u32(d, km, 1 + j, k[j]);
            }
            if (!rc2) rc2 = vrt_run(d, km, 1, &g, &l);
            if (!rc2) rc2 = vrt_read(d, a, 0, out, sizeof out);
            for (uint32_t i = 0; !rc2 && i < 64; i++) {
                uint32_t v = ((((uint32_t)in[i] ^ k[0]) + k[1]) ^ k[2]) + k[3];
                uint32_t want = v * k[4] + (k[5] ^ k[6]) + (k[7] - k[8]) + (k[9] ^ k[10]) + k[11] * k[12];
                if ((uint32_t)out[i] != want && bad++ < 4)
                    printf("     a[%u] = %d, expected %d\n", i, out[i], (int32_t)want);
            }
            char what[120];
            snprintf(what, sizeof what, "launch values: lmany, 14 launch values for 12 slots (launch %u)", r);
            check(!rc2 && !bad, what, rc2 ? d : NULL);
        }
        vrt_free(d, a);
        vrt_kernel_release(d, km);
    }

    /* a 2-D NDRange: coordinates from the linear thread ID (docs/runtime.md) */
    {
        vrt_kernel k2d;
        vrt_buf o2;
        uint32_t G[2] = { 24, 10 }, Lc[2] = { 8, 2 }, W = 24;
        EXPECT(vrt_kernel_create(d, p, "index2d", &k2d), VRT_OK, "create kernel index2d");
        vrt_alloc(d, 4 * 240, &o2);
        vrt_set_arg_buf(d, k2d, 0, o2);
        vrt_set_arg_u32(d, k2d, 1, W);
        rc = vrt_run(d, k2d, 2, G, Lc);
        const char *fits = getenv("RT_TEST_2D_TOO_BIG");
        if (rtl && fits && *fits == '1') {
            EXPECT(rc, VRT_ERR_IMAGE, "index2d: more blocks than the block table holds");
        } else {
            uint32_t out[240], bad = 0;
            if (!rc)
                rc = vrt_read(d, o2, 0, out, sizeof out);
            for (uint32_t y = 0; !rc && y < 10; y++)
                for (uint32_t x = 0; x < 24; x++) {
                    uint32_t want = y << 16 | (y % 2) << 12 | (x / 8) << 8 | x;
                    if (out[y * W + x] != want && bad++ < 4)
                        printf("     out[%u][%u] = %08x, expected %08x\n", y, x, out[y * W + x], want);
                }
            check(!rc && !bad, "index2d: 2-D NDRange 24x10 in work-groups of 8x2", rc ? d : NULL);
        }
        vrt_free(d, o2);
    }
    /* a __local pointer argument (clSetKernelArg(k, i, bytes, NULL)): rev_local_arg of
     * rt_simple.cl, 2 work-groups of 32, checked against C */
    {
        vrt_kernel kl;
        vrt_buf la;
        int32_t in[64], out[64];
        uint32_t G = 64, Lc = 32, bad = 0;
        for (int i = 0; i < 64; i++)
            in[i] = i * 37 - 1000;
        EXPECT(vrt_kernel_create(d, p, "rev_local_arg", &kl), VRT_OK, "create kernel rev_local_arg");
        vrt_alloc(d, sizeof in, &la);
        vrt_write(d, la, 0, in, sizeof in);
        EXPECT(vrt_set_arg_local(d, kl, 0, 128), VRT_ERR_ARG, "__local size for a buffer argument");
        EXPECT(vrt_set_arg_u32(d, kl, 1, 128), VRT_ERR_ARG, "scalar for a __local pointer argument");
        EXPECT(vrt_set_arg_buf(d, kl, 1, la), VRT_ERR_ARG, "buffer for a __local pointer argument");
        EXPECT(vrt_set_arg_local(d, kl, 1, 0), VRT_ERR_ARG, "__local argument of 0 bytes");
        EXPECT(vrt_set_arg_buf(d, kl, 0, la), VRT_OK, "rev_local_arg: set argument 0");
        EXPECT(vrt_set_arg_local(d, kl, 1, 32 * 4), VRT_OK, "rev_local_arg: set the __local argument");
        rc = vrt_run(d, kl, 1, &G, &Lc);
        if (!rc)
            rc = vrt_read(d, la, 0, out, sizeof out);
        for (int i = 0; !rc && i < 64; i++) {
            int g0 = i / 32 * 32, l0 = i % 32;
            int32_t want = in[g0 + 31 - l0] + (l0 & 3);
            if (out[i] != want && bad++ < 4)
                printf("     out[%d] = %d, expected %d\n", i, out[i], want);
        }
        check(!rc && !bad, "rev_local_arg: __local pointer argument, 2 work-groups of 32", rc ? d : NULL);
        vrt_free(d, la);
        vrt_kernel_release(d, kl);
    }
    /* a struct argument by value: affine of rt_simple.cl ({int mul; short add; uchar shift;},
     * 8 bytes in the C layout of the target), checked against C */
    {
        vrt_kernel ka;
        vrt_buf ab;
        int32_t in[64], out[64];
        uint8_t st[8] = { 0 };
        int32_t mul = -5;
        int16_t add = 777;
        uint32_t G = 64, bad = 0;
        memcpy(st, &mul, 4);
        memcpy(st + 4, &add, 2);
        st[6] = 3;
        for (int i = 0; i < 64; i++)
            in[i] = i * 1237 - 40000;
        EXPECT(vrt_kernel_create(d, p, "affine", &ka), VRT_OK, "create kernel affine");
        vrt_alloc(d, sizeof in, &ab);
        vrt_write(d, ab, 0, in, sizeof in);
        EXPECT(vrt_set_arg_struct(d, ka, 1, st, 12), VRT_ERR_ARG, "struct of the wrong size");
        EXPECT(vrt_set_arg_struct(d, ka, 0, st, 8), VRT_ERR_ARG, "struct for a buffer argument");
        EXPECT(vrt_set_arg_u32(d, ka, 1, 5), VRT_ERR_ARG, "scalar for a struct argument");
        EXPECT(vrt_set_arg_struct(d, ka, 1, NULL, 8), VRT_ERR_INVALID, "struct without data");
        EXPECT(vrt_set_arg_buf(d, ka, 0, ab), VRT_OK, "affine: set argument 0");
        EXPECT(vrt_set_arg_struct(d, ka, 1, st, 8), VRT_OK, "affine: set the struct");
        st[6] = 9;   /* the runtime copied it: changing the host copy later has no effect */
        EXPECT(vrt_set_arg_struct(d, ka, 1, st, 8), VRT_OK, "affine: set the struct again (the old copy is freed)");
        st[6] = 31;
        rc = vrt_run(d, ka, 1, &G, NULL);
        if (!rc)
            rc = vrt_read(d, ab, 0, out, sizeof out);
        for (int i = 0; !rc && i < 64; i++) {
            int32_t want = ((int32_t)((uint32_t)in[i] * (uint32_t)mul) >> 9) + add;
            if (out[i] != want && bad++ < 4)
                printf("     out[%d] = %d, expected %d\n", i, out[i], want);
        }
        check(!rc && !bad, "affine: struct argument by value", rc ? d : NULL);
        vrt_free(d, ab);
        EXPECT(vrt_kernel_release(d, ka), VRT_OK, "release affine (frees the struct's buffer)");
    }
    /* a ulong argument (mac64 of rt_simple.cl), checked against C */
    {
        vrt_kernel km;
        vrt_buf ba, bx, by;
        uint64_t acc[32], out[32];
        int64_t x[32];
        uint32_t y[32], G = 32, bad = 0;
        uint64_t mul = 0x9E3779B97F4A7C15ull;
        for (int i = 0; i < 32; i++) {
            acc[i] = 0xF0F0F0F0F0F0F0F0ull * (uint64_t)(i + 1);
            x[i] = (int64_t)i * 123456789 - 2000000000;
            y[i] = 0xFFFFFFF0u - (uint32_t)i;
        }
        EXPECT(vrt_kernel_create(d, p, "mac64", &km), VRT_OK, "create kernel mac64");
        vrt_alloc(d, sizeof acc, &ba);
        vrt_alloc(d, sizeof x, &bx);
        vrt_alloc(d, sizeof y, &by);
        vrt_write(d, ba, 0, acc, sizeof acc);
        vrt_write(d, bx, 0, x, sizeof x);
        vrt_write(d, by, 0, y, sizeof y);
        vrt_set_arg_buf(d, km, 0, ba);
        vrt_set_arg_buf(d, km, 1, bx);
        vrt_set_arg_buf(d, km, 2, by);
        EXPECT(vrt_set_arg_u32(d, km, 3, 5), VRT_ERR_ARG, "32-bit setter for a ulong argument");
        EXPECT(vrt_set_arg_u64(d, km, 0, 5), VRT_ERR_ARG, "64-bit setter for a buffer argument");
        EXPECT(vrt_set_arg_u64(d, km, 3, mul), VRT_OK, "mac64: set the ulong argument");
        rc = vrt_run(d, km, 1, &G, NULL);
        if (!rc)
            rc = vrt_read(d, ba, 0, out, sizeof out);
        for (int i = 0; !rc && i < 32; i++) {
            uint64_t want = acc[i] * mul + (uint64_t)(x[i] >> 3) * y[i] + (acc[i] >> 29);
            if (out[i] != want && bad++ < 4)
                printf("     out[%d] = %llx, expected %llx\n", i, (unsigned long long)out[i], (unsigned long long)want);
        }
        check(!rc && !bad, "mac64: ulong argument and 64-bit arithmetic", rc ? d : NULL);
        vrt_free(d, ba);
        vrt_free(d, bx);
        vrt_free(d, by);
        vrt_kernel_release(d, km);
    }
    /* device errors: the device reports them and stays usable */
    vrt_buf e;
    EXPECT(vrt_alloc(d, 64 * 4, &e), VRT_OK, "alloc for bad_load");
    vrt_set_arg_buf(d, kb, 0, e);
    vrt_set_arg_u32(d, kb, 1, 2);   /* misaligned word load */
    g = 64;
    EXPECT(vrt_run(d, kb, 1, &g, NULL), VRT_ERR_DEVICE, "misaligned load: device error");
    vrt_set_arg_u32(d, kb, 1, 0x7FF00000u);   /* outside memory */
    EXPECT(vrt_run(d, kb, 1, &g, NULL), VRT_ERR_DEVICE, "load outside memory: device error");
    scale_add(d, k, 64, 64, 5, "scale_add after device errors");
    EXPECT(vrt_kernel_release(d, kb), VRT_OK, "release kernel");
    EXPECT(vrt_kernel_release(d, kb), VRT_ERR_HANDLE, "release kernel twice");
    EXPECT(vrt_program_release(d, p), VRT_OK, "release program");
    EXPECT(vrt_set_arg_buf(d, k, 0, b), VRT_ERR_HANDLE, "kernel of a released program");
    EXPECT(vrt_program_release(d, p), VRT_ERR_HANDLE, "release program twice");
    (void)k2;
    vrt_close(d);

    /* watchdog: a cycle limit far too small; the device is lost, the host is not */
    if (rtl) {
        vrt_options_init(&o);
        o.backend = backend;
        o.config = config;
        o.max_cycles = 50;
        d = NULL;
        rc = vrt_open(&o, &d, err, sizeof err);
        check(rc == VRT_OK, "open with a 50-cycle watchdog", NULL);
        if (!rc) {
            EXPECT(vrt_program_load(d, image, &p), VRT_OK, "load the image");
            EXPECT(vrt_kernel_create(d, p, "scale_add", &k), VRT_OK, "create kernel");
            vrt_buf x;
            vrt_alloc(d, 4 * 256, &x);
            vrt_set_arg_buf(d, k, 0, x);
            vrt_set_arg_buf(d, k, 1, x);
            vrt_set_arg_i32(d, k, 2, 1);
            g = 256;
            EXPECT(vrt_run(d, k, 1, &g, NULL), VRT_ERR_TIMEOUT, "watchdog fires");
            EXPECT(vrt_read(d, x, 0, tmp, 4), VRT_ERR_STATE, "device lost after the watchdog");
            vrt_close(d);
        }
    }
    printf("%d passed, %d failed\n", npass, nfail);
    return nfail ? 1 : 0;
}
