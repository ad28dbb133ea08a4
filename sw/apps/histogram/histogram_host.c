/* histogram: --size values into 16 bins (hist_global: __global atomics) and 64 bins
 * (hist_local: __local atomics merged into __global ones), the values skewed so that a few
 * bins take most of them (contention on one word, VGIW §3.5's L1 banks). Golden model: the
 * counts taken on the host. The counts do not depend on the order in which work-items run,
 * so every engine must match them exactly (docs/compiler.md "Atomics"). */
#include <stdio.h>
#include <stdlib.h>

#include "app.h"

#define LOCAL 32

static void run(engine_t *e, const char *eng, const char *kernel, const uint32_t *data, uint32_t n,
                uint32_t shift, uint32_t nbins, uint32_t groups)
{
    uint32_t *want = app_xmalloc(sizeof(uint32_t) * nbins), *got = app_xmalloc(sizeof(uint32_t) * nbins);
    for (uint32_t b = 0; b < nbins; b++)
        want[b] = 0;
    for (uint32_t i = 0; i < n; i++)
        want[data[i] >> shift]++;
    int d_data = eng_alloc(e, sizeof(uint32_t) * n), d_bins = eng_alloc(e, sizeof(uint32_t) * nbins);
    eng_write(e, d_data, data, sizeof(uint32_t) * n);
    if (groups == 0)
        ENG_LAUNCH(e, kernel, (n + LOCAL - 1) / LOCAL * LOCAL, 1, LOCAL, 1, KBUF(d_data), KBUF(d_bins), KU32(n),
                   KU32(shift));
    else
        ENG_LAUNCH(e, kernel, groups * LOCAL, 1, LOCAL, 1, KBUF(d_data), KBUF(d_bins), KU32(n), KU32(shift),
                   KU32(nbins), KLOCAL(nbins * 4));
    eng_read(e, d_bins, got, sizeof(uint32_t) * nbins);
    app_check_i32("histogram", eng, kernel, (const int32_t *)got, (const int32_t *)want, NULL, NULL, nbins);
    free(want);
    free(got);
}

int main(int argc, char **argv)
{
    app_opts o;
    app_parse(argc, argv, &o, "histogram", 4096);
    uint32_t n = (uint32_t)o.size;
    app_rng r;
    app_rng_init(&r, o.seed);
    uint32_t *data = app_xmalloc(sizeof(uint32_t) * (n ? n : 1));
    /* skewed: half of the values in the lowest 1/64 of the range (one bin of 64, the first
     * of 16), the rest uniform */
    for (uint32_t i = 0; i < n; i++) {
        uint32_t u = (uint32_t)(app_rng_u64(&r) >> 32);
        data[i] = (app_rng_u64(&r) & 1) ? u >> 6 : u;
    }
    printf("histogram: %u values, 16 bins (__global atomics) and 64 bins (__local, merged)\n", n);
    for (int i = 0; i < o.nengines; i++) {
        engine_t *e = app_engine(&o, i, NULL);
        double t = app_now();
        run(e, o.engines[i], "hist_global", data, n, 28, 16, 0);
        run(e, o.engines[i], "hist_local", data, n, 26, 64, 4);
        printf("%s: %.2f s\n", o.engines[i], app_now() - t);
        engine_close(e);
    }
    free(data);
    return app_verdict();
}
