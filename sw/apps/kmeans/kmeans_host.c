/* kmeans: --size points with 8 features in 5 clusters, ROUNDS rounds of Lloyd's algorithm:
 * invert_mapping once, then per round kmeans_assign on the engine and the new centres
 * (means of the members) on the host, as Rodinia splits it. Golden model: the transpose,
 * and the nearest-centre search written point-major in C with the same per-feature
 * accumulation order (exact), run through the same rounds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

#define NF 8
#define NC 5
#define ROUNDS 3
#define LOCAL 64

static void new_centres(int n, const float *pts, const int32_t *member, float *clusters)
{
    float sum[NC][NF];
    int cnt[NC];
    memset(sum, 0, sizeof sum);
    memset(cnt, 0, sizeof cnt);
    for (int p = 0; p < n; p++) {
        cnt[member[p]]++;
        for (int f = 0; f < NF; f++)
            sum[member[p]][f] += pts[p * NF + f];
    }
    for (int c = 0; c < NC; c++)
        if (cnt[c])
            for (int f = 0; f < NF; f++)
                clusters[c * NF + f] = sum[c][f] / (float)cnt[c];
}

int main(int argc, char **argv)
{
    app_opts o;
    app_parse(argc, argv, &o, "kmeans", 2048);
    int n = (int)o.size;
    size_t nf = (size_t)n * NF;
    app_rng r;
    app_rng_init(&r, o.seed);
    float *pts = app_xmalloc(4 * nf), init_c[NC * NF];
    for (int p = 0; p < n; p++) {
        float centre = (float)app_rng_below(&r, NC) * 10.0f;   /* loosely clustered */
        for (int f = 0; f < NF; f++)
            pts[p * NF + f] = centre + app_rng_f32(&r, -6.0f, 6.0f);
    }
    /* the first NC points are the initial centres; with fewer points than clusters they
     * repeat (never a read past the points) */
    for (int c = 0; c < NC; c++)
        for (int f = 0; f < NF; f++)
            init_c[c * NF + f] = pts[(size_t)(c % n) * NF + f];
    /* golden */
    float *wt = app_xmalloc(4 * nf), wc[NC * NF];
    int32_t *wm = app_xmalloc(4 * (size_t)n);
    for (int p = 0; p < n; p++)
        for (int f = 0; f < NF; f++)
            wt[f * n + p] = pts[p * NF + f];
    memcpy(wc, init_c, sizeof wc);
    for (int round = 0; round < ROUNDS; round++) {
        for (int p = 0; p < n; p++) {
            int best = 0;
            float bd = 0.0f;
            for (int c = 0; c < NC; c++) {
                float d2 = 0.0f;
                for (int f = 0; f < NF; f++) {
                    float d = pts[p * NF + f] - wc[c * NF + f];
                    d2 += d * d;
                }
                if (c == 0 || d2 < bd) {
                    bd = d2;
                    best = c;
                }
            }
            wm[p] = best;
        }
        if (round < ROUNDS - 1)
            new_centres(n, pts, wm, wc);
    }
    printf("kmeans: %d points, %d features, %d clusters, %d rounds\n", n, NF, NC, ROUNDS);
    float *gt[APP_MAX_ENGINES];
    int32_t *gm[APP_MAX_ENGINES];
    for (int i = 0; i < o.nengines; i++) {
        engine_t *e = app_engine(&o, i, NULL);
        gt[i] = app_xmalloc(4 * nf);
        gm[i] = app_xmalloc(4 * (size_t)n);
        double t0 = app_now();
        int d_pts = eng_alloc(e, 4 * nf), d_t = eng_alloc(e, 4 * nf), d_c = eng_alloc(e, sizeof init_c),
            d_m = eng_alloc(e, 4 * (size_t)n);
        eng_write(e, d_pts, pts, 4 * nf);
        uint32_t g = (uint32_t)(n + LOCAL - 1) / LOCAL * LOCAL;
        ENG_LAUNCH(e, "invert_mapping", g, 1, LOCAL, 1, KBUF(d_pts), KBUF(d_t), KI32(n), KI32(NF));
        float c[NC * NF];
        memcpy(c, init_c, sizeof c);
        for (int round = 0; round < ROUNDS; round++) {
            eng_write(e, d_c, c, sizeof c);
            ENG_LAUNCH(e, "kmeans_assign", g, 1, LOCAL, 1, KBUF(d_t), KBUF(d_c), KBUF(d_m), KI32(n), KI32(NC),
                       KI32(NF));
            eng_read(e, d_m, gm[i], 4 * (size_t)n);
            if (round < ROUNDS - 1)
                new_centres(n, pts, gm[i], c);
        }
        eng_read(e, d_t, gt[i], 4 * nf);
        printf("%s: %.2f s\n", o.engines[i], app_now() - t0);
        const char *re = i ? o.engines[0] : NULL;
        app_check_f32("kmeans", o.engines[i], "inverted features", gt[i], wt, NULL, re, i ? gt[0] : NULL, nf);
        app_check_i32("kmeans", o.engines[i], "membership", gm[i], wm, re, i ? gm[0] : NULL, (size_t)n);
        engine_close(e);
    }
    for (int i = 0; i < o.nengines; i++) {
        free(gt[i]);
        free(gm[i]);
    }
    free(pts);
    free(wt);
    free(wm);
    return app_verdict();
}
