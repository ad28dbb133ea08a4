/* particlefilter: --size particles (at most 1024: one work-group) with random likelihood
 * weights; the host sums them (Rodinia's sum step) and runs normalize_weights. Golden
 * model: the same divisions, running sum and resampling points in C (exact); the CDF's
 * last entry is also checked to be 1 within rounding. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

int main(int argc, char **argv)
{
    app_opts o;
    app_parse(argc, argv, &o, "particlefilter", 1024);
    if (o.size > 1024) {
        fprintf(stderr, "particlefilter: --size at most 1024 (one work-group)\n");
        return 2;
    }
    int n = (int)o.size;
    uint32_t local = ((uint32_t)n + 63) / 64 * 64;
    app_rng r;
    app_rng_init(&r, o.seed);
    float *w = app_xmalloc(4 * (size_t)n), sum = 0.0f;
    for (int i = 0; i < n; i++) {
        w[i] = app_rng_f32(&r, 0.001f, 1.0f);
        sum += w[i];
    }
    float u_rand = app_rng_f32(&r, 0.0f, 1.0f);
    /* golden */
    float *ww = app_xmalloc(4 * (size_t)n), *wc = app_xmalloc(4 * (size_t)n), *wu = app_xmalloc(4 * (size_t)n);
    for (int i = 0; i < n; i++)
        ww[i] = w[i] / sum;
    wc[0] = ww[0];
    for (int i = 1; i < n; i++)
        wc[i] = wc[i - 1] + ww[i];
    wu[0] = 1.0f / (float)n * u_rand;
    for (int i = 1; i < n; i++)
        wu[i] = wu[0] + (float)i / (float)n;
    printf("particlefilter: %d particles, CDF end %.7f\n", n, wc[n - 1]);
    float *gw[APP_MAX_ENGINES], *gc[APP_MAX_ENGINES], *gu[APP_MAX_ENGINES];
    for (int i = 0; i < o.nengines; i++) {
        engine_t *e = app_engine(&o, i, NULL);
        gw[i] = app_xmalloc(4 * (size_t)n);
        gc[i] = app_xmalloc(4 * (size_t)n);
        gu[i] = app_xmalloc(4 * (size_t)n);
        double t0 = app_now();
        int d_w = eng_alloc(e, 4 * (size_t)n), d_s = eng_alloc(e, 4), d_c = eng_alloc(e, 4 * (size_t)n),
            d_u = eng_alloc(e, 4 * (size_t)n);
        eng_write(e, d_w, w, 4 * (size_t)n);
        eng_write(e, d_s, &sum, 4);
        ENG_LAUNCH(e, "normalize_weights", local, 1, local, 1, KBUF(d_w), KI32(n), KBUF(d_s), KBUF(d_c), KBUF(d_u),
                   KF32(u_rand));
        eng_read(e, d_w, gw[i], 4 * (size_t)n);
        eng_read(e, d_c, gc[i], 4 * (size_t)n);
        eng_read(e, d_u, gu[i], 4 * (size_t)n);
        printf("%s: %.2f s\n", o.engines[i], app_now() - t0);
        const char *re = i ? o.engines[0] : NULL;
        app_check_f32("particlefilter", o.engines[i], "weights", gw[i], ww, NULL, re, i ? gw[0] : NULL, (size_t)n);
        app_check_f32("particlefilter", o.engines[i], "CDF", gc[i], wc, NULL, re, i ? gc[0] : NULL, (size_t)n);
        app_check_f32("particlefilter", o.engines[i], "u", gu[i], wu, NULL, re, i ? gu[0] : NULL, (size_t)n);
        const float one = 1.0f, tol[2] = { 1e-4f, 0.0f };
        app_check_f32("particlefilter", o.engines[i], "CDF end", &gc[i][n - 1], &one, tol, NULL, NULL, 1);
        engine_close(e);
    }
    for (int i = 0; i < o.nengines; i++) {
        free(gw[i]);
        free(gc[i]);
        free(gu[i]);
    }
    free(w);
    free(ww);
    free(wc);
    free(wu);
    return app_verdict();
}
