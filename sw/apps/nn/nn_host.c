/* nn: distances of --size records (random latitude/longitude) to a query point on the
 * engine, then the K nearest chosen on the host (Rodinia's split). Golden model: the
 * distance formula in C with the same operation order (exact), and a selection of the K
 * nearest by full sort of (distance, index). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

#define LOCAL 64
#define K 5

typedef struct { float d; int32_t i; } cand;

static int by_dist(const void *a, const void *b)
{
    const cand *x = a, *y = b;
    return x->d < y->d ? -1 : x->d > y->d ? 1 : x->i - y->i;
}

/* The K nearest by (distance, index) with a simple insertion scan (the host side of nn). */
static void k_nearest(const float *dist, int n, int32_t *out)
{
    cand best[K];
    int nb = 0;
    for (int i = 0; i < n; i++) {
        cand c = { dist[i], i };
        int pos = nb;
        while (pos > 0 && by_dist(&c, &best[pos - 1]) < 0)
            pos--;
        if (pos >= K)
            continue;
        if (nb < K)
            nb++;
        memmove(&best[pos + 1], &best[pos], sizeof(cand) * (size_t)(nb - 1 - pos));
        best[pos] = c;
    }
    for (int k = 0; k < K; k++)
        out[k] = k < nb ? best[k].i : -1;
}

int main(int argc, char **argv)
{
    app_opts o;
    app_parse(argc, argv, &o, "nn", 8192);
    int n = (int)o.size;
    app_rng r;
    app_rng_init(&r, o.seed);
    float *loc = app_xmalloc(sizeof(float) * 2 * (size_t)n), *want = app_xmalloc(sizeof(float) * (size_t)n);
    for (int i = 0; i < n; i++) {
        loc[2 * i] = app_rng_f32(&r, -90.0f, 90.0f);
        loc[2 * i + 1] = app_rng_f32(&r, -180.0f, 180.0f);
    }
    float lat = app_rng_f32(&r, -90.0f, 90.0f), lng = app_rng_f32(&r, -180.0f, 180.0f);
    for (int i = 0; i < n; i++) {
        float a = lat - loc[2 * i], b = lng - loc[2 * i + 1];
        want[i] = sqrtf(a * a + b * b);
    }
    cand *all = app_xmalloc(sizeof(cand) * (size_t)n);
    for (int i = 0; i < n; i++)
        all[i] = (cand){ want[i], i };
    qsort(all, (size_t)n, sizeof *all, by_dist);
    int32_t want_k[K];
    for (int k = 0; k < K; k++)
        want_k[k] = k < n ? all[k].i : -1;
    printf("nn: %d records, query (%g, %g), K=%d\n", n, lat, lng, K);
    float *got[APP_MAX_ENGINES];
    int32_t got_k[APP_MAX_ENGINES][K];
    for (int i = 0; i < o.nengines; i++) {
        engine_t *e = app_engine(&o, i, NULL);
        got[i] = app_xmalloc(sizeof(float) * (size_t)n);
        double t = app_now();
        int d_loc = eng_alloc(e, sizeof(float) * 2 * (size_t)n), d_dist = eng_alloc(e, sizeof(float) * (size_t)n);
        eng_write(e, d_loc, loc, sizeof(float) * 2 * (size_t)n);
        ENG_LAUNCH(e, "euclid", (uint32_t)(n + LOCAL - 1) / LOCAL * LOCAL, 1, LOCAL, 1, KBUF(d_loc), KBUF(d_dist),
                   KI32(n), KF32(lat), KF32(lng));
        eng_read(e, d_dist, got[i], sizeof(float) * (size_t)n);
        k_nearest(got[i], n, got_k[i]);
        printf("%s: %.2f s\n", o.engines[i], app_now() - t);
        app_check_f32("nn", o.engines[i], "distances", got[i], want, NULL, i ? o.engines[0] : NULL,
                      i ? got[0] : NULL, (size_t)n);
        app_check_i32("nn", o.engines[i], "k nearest", got_k[i], want_k, NULL, NULL, K);
        engine_close(e);
    }
    for (int i = 0; i < o.nengines; i++)
        free(got[i]);
    free(loc);
    free(want);
    free(all);
    return app_verdict();
}
