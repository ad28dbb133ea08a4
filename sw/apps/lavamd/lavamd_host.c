/* lavamd: --size boxes per dimension (--size^3 boxes of PAR = 32 particles; random
 * positions inside each box, random charges), alpha = 0.5. Golden model: for every
 * particle, a direct loop over the particles of its own box and then of the existing
 * neighbour boxes in (dz, dy, dx) order, with the same exp approximation and operation
 * order (exact); a second check against the same sums with the C library's expf
 * (tolerance) shows the approximation does not change the physics.
 * --variant rodinia runs lavamd_rodinia.cl, the kernel in Rodinia's form: two structs by
 * value (par_str, dim_str) and the boxes as box_str records with their neighbour lists. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

#define PAR 32
#define MAXNB 27
#define ALPHA 0.5f

/* Rodinia's records in the target's C layout (natural alignment: the longs at multiples of 8;
 * the same on x86-64, so the native build reads them too) */
typedef struct { int32_t x, y, z, number; int64_t offset; } nei_rec;
typedef struct { int32_t x, y, z, number; int64_t offset; int32_t nn; nei_rec nei[26]; } box_rec;
typedef struct { float alpha; } par_rec;
typedef struct { int32_t cur_arg, arch_arg, cores_arg, boxes1d_arg; int64_t number_boxes, box_mem, space_elem, space_mem,
                 space_mem2; } dim_rec;
_Static_assert(sizeof(nei_rec) == 24 && sizeof(box_rec) == 656 && sizeof(dim_rec) == 56, "Rodinia's record layout");

static float exp_approx(float x)
{
    x = fmaxf(x, -87.0f);
    x = fminf(x, 88.0f);
    float t = x * 1.44269504f;
    int k = (int)(t + (t < 0.0f ? -0.5f : 0.5f));
    float kf = (float)k;
    float r = x - kf * 0.693145752f;
    r = r - kf * 1.42860677e-6f;
    float p = 1.0f / 720.0f;
    p = p * r + 1.0f / 120.0f;
    p = p * r + 1.0f / 24.0f;
    p = p * r + 1.0f / 6.0f;
    p = p * r + 0.5f;
    p = p * r + 1.0f;
    p = p * r + 1.0f;
    uint32_t bits = (uint32_t)(k + 127) << 23;
    float scale;
    memcpy(&scale, &bits, 4);
    return p * scale;
}

static void golden(int nb1, const float *rv, const float *qv, float *fv, float (*expfn)(float))
{
    float a2 = 2.0f * ALPHA * ALPHA;
    int nboxes = nb1 * nb1 * nb1;
    for (int home = 0; home < nboxes; home++) {
        int hx = home % nb1, hy = home / nb1 % nb1, hz = home / (nb1 * nb1);
        for (int p = 0; p < PAR; p++) {
            const float *a = &rv[4 * (home * PAR + p)];
            float acc[4] = { 0.0f, 0.0f, 0.0f, 0.0f };
            for (int pass = 0; pass < 2; pass++)   /* own box first, then the neighbours */
                for (int dz = -1; dz <= 1; dz++)
                    for (int dy = -1; dy <= 1; dy++)
                        for (int dx = -1; dx <= 1; dx++) {
                            int self = !dx && !dy && !dz;
                            int x = hx + dx, y = hy + dy, z = hz + dz;
                            if (self != !pass || x < 0 || y < 0 || z < 0 || x >= nb1 || y >= nb1 || z >= nb1)
                                continue;
                            int b = (z * nb1 + y) * nb1 + x;
                            for (int j = 0; j < PAR; j++) {
                                const float *c = &rv[4 * (b * PAR + j)];
                                float r2 = a[0] + c[0] - (a[1] * c[1] + a[2] * c[2] + a[3] * c[3]);
                                float w = expfn(-(a2 * r2)), fs = 2.0f * w, q = qv[b * PAR + j];
                                acc[0] += q * w;
                                for (int d = 1; d < 4; d++)
                                    acc[d] += q * (fs * (a[d] - c[d]));
                            }
                        }
            memcpy(&fv[4 * (home * PAR + p)], acc, sizeof acc);
        }
    }
}

int main(int argc, char **argv)
{
    app_opts o;
    static const char *const variants[] = { "rodinia", NULL };
    app_variants = variants;
    app_parse(argc, argv, &o, "lavamd", 2);
    int nb1 = (int)o.size, nboxes = nb1 * nb1 * nb1, np = nboxes * PAR;
    if (nb1 > 16) {
        fprintf(stderr, "lavamd: --size (boxes per dimension) at most 16\n");
        return 2;
    }
    app_rng r;
    app_rng_init(&r, o.seed);
    float *rv = app_xmalloc(16 * (size_t)np), *qv = app_xmalloc(4 * (size_t)np);
    for (int b = 0; b < nboxes; b++)
        for (int p = 0; p < PAR; p++) {
            float *v = &rv[4 * (b * PAR + p)];
            v[1] = (float)(b % nb1) + app_rng_f32(&r, 0.0f, 1.0f);
            v[2] = (float)(b / nb1 % nb1) + app_rng_f32(&r, 0.0f, 1.0f);
            v[3] = (float)(b / (nb1 * nb1)) + app_rng_f32(&r, 0.0f, 1.0f);
            v[0] = 0.5f * (v[1] * v[1] + v[2] * v[2] + v[3] * v[3]);
            qv[b * PAR + p] = app_rng_f32(&r, 0.1f, 1.0f);
        }
    /* neighbour lists for the kernel: own box first, then (dz, dy, dx) order */
    int32_t *nbr = app_xmalloc(4 * (size_t)nboxes * MAXNB), *nnb = app_xmalloc(4 * (size_t)nboxes);
    for (int h = 0; h < nboxes; h++) {
        int hx = h % nb1, hy = h / nb1 % nb1, hz = h / (nb1 * nb1), c = 0;
        nbr[h * MAXNB + c++] = h;
        for (int dz = -1; dz <= 1; dz++)
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    int x = hx + dx, y = hy + dy, z = hz + dz;
                    if ((dx || dy || dz) && x >= 0 && y >= 0 && z >= 0 && x < nb1 && y < nb1 && z < nb1)
                        nbr[h * MAXNB + c++] = (z * nb1 + y) * nb1 + x;
                }
        nnb[h] = c;
    }
    /* the same lists as Rodinia's records (the home box implied, not listed) */
    box_rec *box = app_xmalloc(sizeof(box_rec) * (size_t)nboxes);
    memset(box, 0, sizeof(box_rec) * (size_t)nboxes);
    for (int h = 0; h < nboxes; h++) {
        box[h].x = h % nb1;
        box[h].y = h / nb1 % nb1;
        box[h].z = h / (nb1 * nb1);
        box[h].number = h;
        box[h].offset = (int64_t)h * PAR;
        box[h].nn = nnb[h] - 1;
        for (int n = 1; n < nnb[h]; n++) {
            int b = nbr[h * MAXNB + n];
            nei_rec *q = &box[h].nei[n - 1];
            q->x = b % nb1;
            q->y = b / nb1 % nb1;
            q->z = b / (nb1 * nb1);
            q->number = b;
            q->offset = (int64_t)b * PAR;
        }
    }
    par_rec par = { ALPHA };
    dim_rec dim = { 0, 0, 0, nb1, nboxes, (int64_t)sizeof(box_rec) * nboxes, PAR * nboxes, 16 * (int64_t)PAR * nboxes,
                    4 * (int64_t)PAR * nboxes };
    float *want = app_xmalloc(16 * (size_t)np), *want_libm = app_xmalloc(16 * (size_t)np);
    golden(nb1, rv, qv, want, exp_approx);
    golden(nb1, rv, qv, want_libm, expf);
    printf("lavamd: %d^3 boxes, %d particles per box, alpha %g\n", nb1, PAR, ALPHA);
    float *got[APP_MAX_ENGINES];
    for (int i = 0; i < o.nengines; i++) {
        engine_t *e = app_engine(&o, i, NULL);
        got[i] = app_xmalloc(16 * (size_t)np);
        double t0 = app_now();
        int d_rv = eng_alloc(e, 16 * (size_t)np), d_qv = eng_alloc(e, 4 * (size_t)np),
            d_fv = eng_alloc(e, 16 * (size_t)np), d_nbr = eng_alloc(e, 4 * (size_t)nboxes * MAXNB),
            d_nnb = eng_alloc(e, 4 * (size_t)nboxes);
        eng_write(e, d_rv, rv, 16 * (size_t)np);
        eng_write(e, d_qv, qv, 4 * (size_t)np);
        eng_write(e, d_nbr, nbr, 4 * (size_t)nboxes * MAXNB);
        eng_write(e, d_nnb, nnb, 4 * (size_t)nboxes);
        if (o.variant) {
            int d_box = eng_alloc(e, sizeof(box_rec) * (size_t)nboxes);
            eng_write(e, d_box, box, sizeof(box_rec) * (size_t)nboxes);
            ENG_LAUNCH(e, "kernel_gpu_opencl", (uint32_t)np, 1, PAR, 1, KSTRUCT(&par, sizeof par),
                       KSTRUCT(&dim, sizeof dim), KBUF(d_box), KBUF(d_rv), KBUF(d_qv), KBUF(d_fv));
        } else {
            ENG_LAUNCH(e, "lavamd", (uint32_t)np, 1, PAR, 1, KBUF(d_rv), KBUF(d_qv), KBUF(d_fv), KBUF(d_nbr),
                       KBUF(d_nnb), KF32(ALPHA));
        }
        eng_read(e, d_fv, got[i], 16 * (size_t)np);
        printf("%s: %.2f s\n", o.engines[i], app_now() - t0);
        app_check_f32("lavamd", o.engines[i], "fv", got[i], want, NULL, i ? o.engines[0] : NULL, i ? got[0] : NULL,
                      4 * (size_t)np);
        const float tol[2] = { 1e-4f, 1e-4f };
        char name[32];
        snprintf(name, sizeof name, "fv (libm exp)");
        app_check_f32("lavamd", o.engines[i], name, got[i], want_libm, tol, NULL, NULL, 4 * (size_t)np);
        engine_close(e);
    }
    for (int i = 0; i < o.nengines; i++)
        free(got[i]);
    free(rv);
    free(qv);
    free(nbr);
    free(nnb);
    free(box);
    free(want);
    free(want_libm);
    return app_verdict();
}
