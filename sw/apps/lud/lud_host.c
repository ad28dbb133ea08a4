/* lud: in-place LU decomposition of a random diagonally dominant --size x --size matrix
 * (a multiple of 16) with the blocked kernel sequence per 16-column step. Golden model:
 * unblocked right-looking LU in C (divide the column by the pivot, then update the
 * trailing matrix); the kernels apply each element's updates in the same order, so the
 * comparison is exact. The product L U is also checked against the input (tolerance).
 * --variant rodinia runs lud_rodinia.cl, the kernels in Rodinia's form (the block tiles as
 * __local pointer arguments of BS * BS floats sized at launch). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

#define BS 16

int main(int argc, char **argv)
{
    app_opts o;
    static const char *const variants[] = { "rodinia", NULL };
    app_variants = variants;
    app_parse(argc, argv, &o, "lud", 64);
    int n = (int)((o.size + BS - 1) / BS * BS);
    size_t nn = (size_t)n * (size_t)n;
    app_rng r;
    app_rng_init(&r, o.seed);
    float *a = app_xmalloc(4 * nn), *want = app_xmalloc(4 * nn);
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++)
            a[i * n + j] = app_rng_f32(&r, -1.0f, 1.0f);
        a[i * n + i] += (float)n;
    }
    memcpy(want, a, 4 * nn);
    for (int k = 0; k < n; k++) {
        for (int i = k + 1; i < n; i++)
            want[i * n + k] /= want[k * n + k];
        for (int i = k + 1; i < n; i++)
            for (int j = k + 1; j < n; j++)
                want[i * n + j] -= want[i * n + k] * want[k * n + j];
    }
    printf("lud: %d x %d\n", n, n);
    float *got[APP_MAX_ENGINES];
    for (int i = 0; i < o.nengines; i++) {
        engine_t *e = app_engine(&o, i, NULL);
        got[i] = app_xmalloc(4 * nn);
        double t0 = app_now();
        int d_m = eng_alloc(e, 4 * nn);
        eng_write(e, d_m, a, 4 * nn);
        int off;
        uint32_t tile = 4 * BS * BS;   /* one __local tile argument (Rodinia's form) */
        for (off = 0; off < n - BS; off += BS) {
            uint32_t nb = (uint32_t)((n - off) / BS - 1);
            if (o.variant) {
                ENG_LAUNCH(e, "lud_diagonal", BS, 1, BS, 1, KBUF(d_m), KLOCAL(tile), KI32(n), KI32(off));
                ENG_LAUNCH(e, "lud_perimeter", 2 * BS * nb, 1, 2 * BS, 1, KBUF(d_m), KLOCAL(tile), KLOCAL(tile),
                           KLOCAL(tile), KI32(n), KI32(off));
                ENG_LAUNCH(e, "lud_internal", BS * nb, BS * nb, BS, BS, KBUF(d_m), KLOCAL(tile), KLOCAL(tile), KI32(n),
                           KI32(off));
            } else {
                ENG_LAUNCH(e, "lud_diagonal", BS, 1, BS, 1, KBUF(d_m), KI32(n), KI32(off));
                ENG_LAUNCH(e, "lud_perimeter", 2 * BS * nb, 1, 2 * BS, 1, KBUF(d_m), KI32(n), KI32(off));
                ENG_LAUNCH(e, "lud_internal", BS * nb, BS * nb, BS, BS, KBUF(d_m), KI32(n), KI32(off));
            }
        }
        if (o.variant)
            ENG_LAUNCH(e, "lud_diagonal", BS, 1, BS, 1, KBUF(d_m), KLOCAL(tile), KI32(n), KI32(off));
        else
            ENG_LAUNCH(e, "lud_diagonal", BS, 1, BS, 1, KBUF(d_m), KI32(n), KI32(off));
        eng_read(e, d_m, got[i], 4 * nn);
        printf("%s: %llu launches, %.2f s\n", o.engines[i], (unsigned long long)e->launches, app_now() - t0);
        app_check_f32("lud", o.engines[i], "LU", got[i], want, NULL, i ? o.engines[0] : NULL, i ? got[0] : NULL, nn);
        /* L U == A within rounding: a check that does not share the golden model's order. */
        float *lu = app_xmalloc(4 * nn);
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                double s = 0.0;
                for (int k = 0; k <= (y < x ? y : x); k++)
                    s += (k == y ? 1.0 : (double)got[i][y * n + k]) * (double)got[i][k * n + x];
                lu[y * n + x] = (float)s;
            }
        const float tol[2] = { 1e-4f, 1e-5f };
        app_check_f32("lud", o.engines[i], "L x U", lu, a, tol, NULL, NULL, nn);
        free(lu);
        engine_close(e);
    }
    for (int i = 0; i < o.nengines; i++)
        free(got[i]);
    free(a);
    free(want);
    return app_verdict();
}
