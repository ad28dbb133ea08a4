/* nw: aligns two random sequences of --size residues (a multiple of 16) with a random
 * substitution score per cell in -4..10 and gap penalty 10. Golden model: the textbook
 * row-by-row dynamic programme in C (integers: exact). --variant rodinia runs nw_rodinia.cl,
 * the kernel in Rodinia's form (the tiles as __local pointer arguments sized at launch). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

#define BS 16
#define PENALTY 10

static int max3(int a, int b, int c) { int m = a > b ? a : b; return m > c ? m : c; }

int main(int argc, char **argv)
{
    app_opts o;
    static const char *const variants[] = { "rodinia", NULL };
    app_variants = variants;
    app_parse(argc, argv, &o, "nw", 256);
    int n = (int)((o.size + BS - 1) / BS * BS), cols = n + 1, bw = n / BS;
    size_t cells = (size_t)cols * (size_t)cols;
    app_rng r;
    app_rng_init(&r, o.seed);
    int32_t *ref = app_xmalloc(4 * cells), *items = app_xmalloc(4 * cells), *want = app_xmalloc(4 * cells);
    for (int y = 1; y < cols; y++)
        for (int x = 1; x < cols; x++)
            ref[y * cols + x] = (int32_t)app_rng_below(&r, 15) - 4;
    for (int k = 0; k < cols; k++) {
        items[k] = -PENALTY * k;          /* first row: gaps only */
        items[k * cols] = -PENALTY * k;   /* first column */
    }
    memcpy(want, items, 4 * cells);
    for (int y = 1; y < cols; y++)
        for (int x = 1; x < cols; x++)
            want[y * cols + x] = max3(want[(y - 1) * cols + x - 1] + ref[y * cols + x],
                                      want[y * cols + x - 1] - PENALTY, want[(y - 1) * cols + x] - PENALTY);
    printf("nw: %d x %d, penalty %d, final score %d\n", n, n, PENALTY, want[cells - 1]);
    int32_t *got[APP_MAX_ENGINES];
    for (int i = 0; i < o.nengines; i++) {
        engine_t *e = app_engine(&o, i, NULL);
        got[i] = app_xmalloc(4 * cells);
        double t0 = app_now();
        int d_ref = eng_alloc(e, 4 * cells), d_items = eng_alloc(e, 4 * cells);
        eng_write(e, d_ref, ref, 4 * cells);
        eng_write(e, d_items, items, 4 * cells);
        if (o.variant) {
            /* diagonal k of the upper-left triangle: blocks (k-1-b, b); of the lower-right one:
             * blocks (bw-1-b, bw-k+b) */
            uint32_t tile = 4 * (BS + 1) * (BS + 1), rtile = 4 * BS * BS;
            for (int k = 1; k <= bw; k++)
                ENG_LAUNCH(e, "nw_block", (uint32_t)(BS * k), 1, BS, 1, KBUF(d_ref), KBUF(d_items), KLOCAL(tile),
                           KLOCAL(rtile), KI32(cols), KI32(PENALTY), KI32(k), KI32(k - 1), KI32(0), KI32(-1));
            for (int k = bw - 1; k >= 1; k--)
                ENG_LAUNCH(e, "nw_block", (uint32_t)(BS * k), 1, BS, 1, KBUF(d_ref), KBUF(d_items), KLOCAL(tile),
                           KLOCAL(rtile), KI32(cols), KI32(PENALTY), KI32(k), KI32(bw - 1), KI32(bw - k), KI32(-1));
        } else {
            for (int k = 1; k <= bw; k++)
                ENG_LAUNCH(e, "needle_1", (uint32_t)(BS * k), 1, BS, 1, KBUF(d_ref), KBUF(d_items), KI32(cols),
                           KI32(PENALTY), KI32(k));
            for (int k = bw - 1; k >= 1; k--)
                ENG_LAUNCH(e, "needle_2", (uint32_t)(BS * k), 1, BS, 1, KBUF(d_ref), KBUF(d_items), KI32(cols),
                           KI32(PENALTY), KI32(k), KI32(bw));
        }
        eng_read(e, d_items, got[i], 4 * cells);
        printf("%s: %llu launches, %.2f s\n", o.engines[i], (unsigned long long)e->launches, app_now() - t0);
        app_check_i32("nw", o.engines[i], "scores", got[i], want, i ? o.engines[0] : NULL, i ? got[0] : NULL, cells);
        engine_close(e);
    }
    for (int i = 0; i < o.nengines; i++)
        free(got[i]);
    free(ref);
    free(items);
    free(want);
    return app_verdict();
}
