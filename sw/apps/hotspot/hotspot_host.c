/* hotspot: --size x --size grid (random power and initial temperatures), ITER time steps,
 * ping-ponging two temperature buffers. Constants follow HotSpot's thermal model (chip
 * 16 mm x 16 mm x 0.5 mm). Golden model: the same explicit update per cell in plain C with
 * the grid clamped at the borders and the same operation order (exact). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

#define BS 16
#define ITER 8

static uint32_t up(uint32_t x, uint32_t m) { return (x + m - 1) / m * m; }

int main(int argc, char **argv)
{
    app_opts o;
    app_parse(argc, argv, &o, "hotspot", 64);
    int n = (int)o.size;   /* square grid */
    size_t cells = (size_t)n * (size_t)n;
    app_rng r;
    app_rng_init(&r, o.seed);
    float *power = app_xmalloc(4 * cells), *temp = app_xmalloc(4 * cells);
    for (size_t i = 0; i < cells; i++) {
        power[i] = app_rng_f32(&r, 0.0f, 0.01f);
        temp[i] = app_rng_f32(&r, 320.0f, 340.0f);
    }
    /* The thermal model's constants, computed once on the host as HotSpot does. */
    const float t_chip = 0.0005f, chip_h = 0.016f, chip_w = 0.016f, k_si = 100.0f, spec_heat = 1.75e6f;
    const float max_pd = 3.0e6f, precision = 0.001f, amb = 80.0f;
    float gh = chip_h / (float)n, gw = chip_w / (float)n;
    float cap = 0.5f * spec_heat * t_chip * gw * gh;
    float rx = gw / (2.0f * k_si * t_chip * gh), ry = gh / (2.0f * k_si * t_chip * gw);
    float rz = t_chip / (k_si * gh * gw);
    float max_slope = max_pd / (0.5f * t_chip * spec_heat);
    float step = precision / max_slope;
    float sdc = step / cap, rx1 = 1.0f / rx, ry1 = 1.0f / ry, rz1 = 1.0f / rz;
    /* golden */
    float *g0 = app_xmalloc(4 * cells), *g1 = app_xmalloc(4 * cells);
    memcpy(g0, temp, 4 * cells);
    for (int it = 0; it < ITER; it++) {
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                float t = g0[y * n + x];
                float tn = g0[(y > 0 ? y - 1 : 0) * n + x], ts = g0[(y < n - 1 ? y + 1 : y) * n + x];
                float tw = g0[y * n + (x > 0 ? x - 1 : 0)], te = g0[y * n + (x < n - 1 ? x + 1 : x)];
                float d = sdc * (power[y * n + x] + (ts + tn - 2.0f * t) * ry1 + (te + tw - 2.0f * t) * rx1 +
                                 (amb - t) * rz1);
                g1[y * n + x] = t + d;
            }
        float *s = g0;
        g0 = g1;
        g1 = s;
    }
    printf("hotspot: %d x %d grid, %d iterations\n", n, n, ITER);
    float *got[APP_MAX_ENGINES];
    for (int i = 0; i < o.nengines; i++) {
        engine_t *e = app_engine(&o, i, NULL);
        got[i] = app_xmalloc(4 * cells);
        double t0 = app_now();
        int d_p = eng_alloc(e, 4 * cells), d_t[2] = { eng_alloc(e, 4 * cells), eng_alloc(e, 4 * cells) };
        eng_write(e, d_p, power, 4 * cells);
        eng_write(e, d_t[0], temp, 4 * cells);
        uint32_t g = up((uint32_t)n, BS);
        for (int it = 0; it < ITER; it++)
            ENG_LAUNCH(e, "hotspot", g, g, BS, BS, KBUF(d_p), KBUF(d_t[it & 1]), KBUF(d_t[!(it & 1)]), KI32(n),
                       KI32(n), KF32(sdc), KF32(rx1), KF32(ry1), KF32(rz1), KF32(amb));
        eng_read(e, d_t[ITER & 1], got[i], 4 * cells);
        printf("%s: %.2f s\n", o.engines[i], app_now() - t0);
        app_check_f32("hotspot", o.engines[i], "temperature", got[i], g0, NULL, i ? o.engines[0] : NULL,
                      i ? got[0] : NULL, cells);
        engine_close(e);
    }
    for (int i = 0; i < o.nengines; i++)
        free(got[i]);
    free(power);
    free(temp);
    free(g0);
    free(g1);
    return app_verdict();
}
