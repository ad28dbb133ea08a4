/* streamcluster: --size points in 16 dimensions with random weights, K = 8 open centres
 * (the first K points), every point assigned to its nearest centre; compute_cost asks
 * what opening each of TRIALS candidate points would change. Golden model: the same
 * weighted distance (same accumulation order) and decision per point in C (exact); the
 * host then sums the columns (the gain of pgain) for both. --variant rodinia runs
 * streamcluster_rodinia.cl, the kernel in Rodinia's form (pgain_kernel: the points as
 * Point_Struct records with a 64-bit field, the candidate's coordinates in a __local pointer
 * argument sized at launch, the candidate index a long). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

#define DIM 16
#define K 8
#define TRIALS 3
#define LOCAL 64

/* Rodinia's Point_Struct in the target's C layout (the long at offset 8; the same on x86-64) */
typedef struct { float weight; int64_t assign; float cost; } point_rec;
_Static_assert(sizeof(point_rec) == 24, "Rodinia's Point_Struct layout");

static float dist2(const float *c, int num, int a, int b)
{
    float d = 0.0f;
    for (int f = 0; f < DIM; f++) {
        float diff = c[f * num + a] - c[f * num + b];
        d += diff * diff;
    }
    return d;
}

int main(int argc, char **argv)
{
    app_opts o;
    static const char *const variants[] = { "rodinia", NULL };
    app_variants = variants;
    app_parse(argc, argv, &o, "streamcluster", 4096);
    int n = (int)o.size;
    if (n <= K) {
        fprintf(stderr, "streamcluster: --size must exceed %d\n", K);
        return 2;
    }
    size_t wm = (size_t)n * (K + 1);
    app_rng r;
    app_rng_init(&r, o.seed);
    float *coord = app_xmalloc(4 * (size_t)n * DIM), *weight = app_xmalloc(4 * (size_t)n),
          *cost = app_xmalloc(4 * (size_t)n);
    int32_t *assign = app_xmalloc(4 * (size_t)n), *ctab = app_xmalloc(4 * (size_t)n);
    for (size_t i = 0; i < (size_t)n * DIM; i++)
        coord[i] = app_rng_f32(&r, 0.0f, 1.0f);
    for (int i = 0; i < n; i++)
        weight[i] = (float)(1 + app_rng_below(&r, 4));
    for (int c = 0; c < K; c++)
        ctab[c] = K - 1 - c;   /* centre point c -> column K-1-c: exercises the indirection */
    for (int i = 0; i < n; i++) {
        int best = 0;
        float bd = dist2(coord, n, i, 0);
        for (int c = 1; c < K; c++) {
            float d = dist2(coord, n, i, c);
            if (d < bd) {
                bd = d;
                best = c;
            }
        }
        assign[i] = best;
        cost[i] = bd * weight[i];
    }
    int xs[TRIALS];
    for (int t = 0; t < TRIALS; t++)
        xs[t] = K + (int)app_rng_below(&r, (uint32_t)(n - K));
    /* golden: per trial, the switch flags and the work matrix */
    uint8_t *wsw = app_xmalloc((size_t)n * TRIALS);
    float *wwork = app_xmalloc(4 * wm * TRIALS);
    for (int t = 0; t < TRIALS; t++)
        for (int i = 0; i < n; i++) {
            float xc = dist2(coord, n, i, xs[t]) * weight[i];
            if (xc < cost[i]) {
                wsw[(size_t)t * n + i] = 1;
                wwork[wm * t + (size_t)i * (K + 1) + K] = xc - cost[i];
            } else {
                wwork[wm * t + (size_t)i * (K + 1) + (K - 1 - assign[i])] = cost[i] - xc;
            }
        }
    printf("streamcluster: %d points, %d dimensions, %d centres, candidates %d %d %d\n", n, DIM, K, xs[0], xs[1],
           xs[2]);
    uint8_t *gsw[APP_MAX_ENGINES];
    float *gwork[APP_MAX_ENGINES];
    for (int i = 0; i < o.nengines; i++) {
        engine_t *e = app_engine(&o, i, NULL);
        gsw[i] = app_xmalloc((size_t)n * TRIALS);
        gwork[i] = app_xmalloc(4 * wm * TRIALS);
        double t0 = app_now();
        int d_c = eng_alloc(e, 4 * (size_t)n * DIM), d_w = eng_alloc(e, 4 * (size_t)n),
            d_cost = eng_alloc(e, 4 * (size_t)n), d_a = eng_alloc(e, 4 * (size_t)n), d_t = eng_alloc(e, 4 * (size_t)n),
            d_sw = eng_alloc(e, (size_t)n), d_work = eng_alloc(e, 4 * wm);
        eng_write(e, d_c, coord, 4 * (size_t)n * DIM);
        eng_write(e, d_w, weight, 4 * (size_t)n);
        eng_write(e, d_cost, cost, 4 * (size_t)n);
        eng_write(e, d_a, assign, 4 * (size_t)n);
        eng_write(e, d_t, ctab, 4 * (size_t)n);
        int d_pts = -1;
        if (o.variant) {
            point_rec *pts = app_xmalloc(sizeof(point_rec) * (size_t)n);
            memset(pts, 0, sizeof(point_rec) * (size_t)n);
            for (int q = 0; q < n; q++) {
                pts[q].weight = weight[q];
                pts[q].assign = assign[q];
                pts[q].cost = cost[q];
            }
            d_pts = eng_alloc(e, sizeof(point_rec) * (size_t)n);
            eng_write(e, d_pts, pts, sizeof(point_rec) * (size_t)n);
            free(pts);
        }
        float *zero = app_xmalloc(4 * wm);
        for (int t = 0; t < TRIALS; t++) {
            eng_write(e, d_sw, zero, (size_t)n);
            eng_write(e, d_work, zero, 4 * wm);
            uint32_t g = (uint32_t)(n + LOCAL - 1) / LOCAL * LOCAL;
            if (o.variant)
                ENG_LAUNCH(e, "pgain_kernel", g, 1, LOCAL, 1, KBUF(d_pts), KBUF(d_c), KBUF(d_work), KBUF(d_t), KBUF(d_sw),
                           KLOCAL(4 * DIM), KI32(n), KI32(DIM), KI64(xs[t]), KI32(K));
            else
                ENG_LAUNCH(e, "compute_cost", g, 1, LOCAL, 1, KBUF(d_c), KBUF(d_w), KBUF(d_cost), KBUF(d_a), KBUF(d_t),
                           KBUF(d_sw), KBUF(d_work), KI32(n), KI32(DIM), KI32(xs[t]), KI32(K));
            eng_read(e, d_sw, gsw[i] + (size_t)t * n, (size_t)n);
            eng_read(e, d_work, gwork[i] + wm * t, 4 * wm);
        }
        free(zero);
        printf("%s: %.2f s\n", o.engines[i], app_now() - t0);
        char what[96];
        snprintf(what, sizeof what, "streamcluster %s vs golden: switch_membership", o.engines[i]);
        app_check(what, app_cmp_u8("switch_membership", gsw[i], wsw, (size_t)n * TRIALS));
        app_check_f32("streamcluster", o.engines[i], "work_mem", gwork[i], wwork, NULL, i ? o.engines[0] : NULL,
                      i ? gwork[0] : NULL, wm * TRIALS);
        engine_close(e);
    }
    /* pgain's decision from the golden work matrix (informative) */
    for (int t = 0; t < TRIALS; t++) {
        float gain = 0.0f;
        int switches = 0;
        for (int p = 0; p < n; p++) {
            gain -= wwork[wm * t + (size_t)p * (K + 1) + K];
            switches += wsw[(size_t)t * n + p];
        }
        printf("candidate %d: %d points would switch, saving %g\n", xs[t], switches, gain);
    }
    for (int i = 0; i < o.nengines; i++) {
        free(gsw[i]);
        free(gwork[i]);
    }
    free(coord);
    free(weight);
    free(cost);
    free(assign);
    free(ctab);
    free(wsw);
    free(wwork);
    return app_verdict();
}
