/* gaussian: solves A x = b for a random diagonally dominant --size x --size matrix:
 * Fan1/Fan2 launched per column on the engine, back substitution on the host. Golden
 * model: textbook forward elimination in C with the same operations per element (exact
 * comparison of the reduced matrix, the multipliers, b and x). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

#define LX 16
#define LY 4

static uint32_t up(uint32_t x, uint32_t m) { return (x + m - 1) / m * m; }

static void back_subst(int n, const float *a, const float *b, float *x)
{
    for (int i = n - 1; i >= 0; i--) {
        float s = b[i];
        for (int j = i + 1; j < n; j++)
            s -= a[n * i + j] * x[j];
        x[i] = s / a[n * i + i];
    }
}

int main(int argc, char **argv)
{
    app_opts o;
    app_parse(argc, argv, &o, "gaussian", 64);
    int n = (int)o.size;
    size_t nn = (size_t)n * (size_t)n;
    app_rng r;
    app_rng_init(&r, o.seed);
    float *a0 = app_xmalloc(4 * nn), *b0 = app_xmalloc(4 * (size_t)n);
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++)
            a0[n * i + j] = app_rng_f32(&r, -1.0f, 1.0f);
        a0[n * i + i] += (float)n;   /* diagonally dominant: no pivoting needed */
        b0[i] = app_rng_f32(&r, -10.0f, 10.0f);
    }
    /* golden */
    float *wa = app_xmalloc(4 * nn), *wb = app_xmalloc(4 * (size_t)n), *wm = app_xmalloc(4 * nn),
          *wx = app_xmalloc(4 * (size_t)n);
    memcpy(wa, a0, 4 * nn);
    memcpy(wb, b0, 4 * (size_t)n);
    for (int t = 0; t < n - 1; t++)
        for (int i = t + 1; i < n; i++) {
            float mult = wa[n * i + t] / wa[n * t + t];
            wm[n * i + t] = mult;
            for (int j = t; j < n; j++)
                wa[n * i + j] -= mult * wa[n * t + j];
            wb[i] -= mult * wb[t];
        }
    back_subst(n, wa, wb, wx);
    printf("gaussian: %d x %d\n", n, n);
    float *ga[APP_MAX_ENGINES], *gb[APP_MAX_ENGINES], *gm[APP_MAX_ENGINES], *gx[APP_MAX_ENGINES];
    for (int i = 0; i < o.nengines; i++) {
        engine_t *e = app_engine(&o, i, NULL);
        ga[i] = app_xmalloc(4 * nn);
        gm[i] = app_xmalloc(4 * nn);
        gb[i] = app_xmalloc(4 * (size_t)n);
        gx[i] = app_xmalloc(4 * (size_t)n);
        double t0 = app_now();
        int d_a = eng_alloc(e, 4 * nn), d_m = eng_alloc(e, 4 * nn), d_b = eng_alloc(e, 4 * (size_t)n);
        eng_write(e, d_a, a0, 4 * nn);
        eng_write(e, d_b, b0, 4 * (size_t)n);
        for (int t = 0; t < n - 1; t++) {
            ENG_LAUNCH(e, "Fan1", up((uint32_t)(n - 1 - t), LX), 1, LX, 1, KBUF(d_m), KBUF(d_a), KI32(n), KI32(t));
            ENG_LAUNCH(e, "Fan2", up((uint32_t)(n - 1 - t), LX), up((uint32_t)(n - t), LY), LX, LY, KBUF(d_m),
                       KBUF(d_a), KBUF(d_b), KI32(n), KI32(t));
        }
        eng_read(e, d_a, ga[i], 4 * nn);
        eng_read(e, d_m, gm[i], 4 * nn);
        eng_read(e, d_b, gb[i], 4 * (size_t)n);
        back_subst(n, ga[i], gb[i], gx[i]);
        printf("%s: %llu launches, %.2f s\n", o.engines[i], (unsigned long long)e->launches, app_now() - t0);
        const char *re = i ? o.engines[0] : NULL;
        app_check_f32("gaussian", o.engines[i], "a", ga[i], wa, NULL, re, i ? ga[0] : NULL, nn);
        app_check_f32("gaussian", o.engines[i], "m", gm[i], wm, NULL, re, i ? gm[0] : NULL, nn);
        app_check_f32("gaussian", o.engines[i], "b", gb[i], wb, NULL, re, i ? gb[0] : NULL, (size_t)n);
        app_check_f32("gaussian", o.engines[i], "x", gx[i], wx, NULL, NULL, NULL, (size_t)n);
        engine_close(e);
    }
    for (int i = 0; i < o.nengines; i++) {
        free(ga[i]);
        free(gb[i]);
        free(gm[i]);
        free(gx[i]);
    }
    free(a0);
    free(b0);
    free(wa);
    free(wb);
    free(wm);
    free(wx);
    return app_verdict();
}
