/* backprop: one training step of an --size-input, 16-hidden, 1-output network on random
 * inputs and weights: layerforward on the engine, hidden activations, output and error
 * terms on the host (as Rodinia), then adjust_weights on the engine. Golden model: the
 * forward sums computed per 16-input group by the same pairwise tree in C, and the weight
 * update formula in C (exact). --variant rodinia runs backprop_rodinia.cl, the kernels in
 * Rodinia's form (argument lists, the input slice and weight tile as __local pointer
 * arguments sized at launch). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

#define HID 16
#define ETA 0.3f
#define MOMENTUM 0.3f

static float squash(float x) { return 1.0f / (1.0f + expf(-x)); }

/* Host part between the kernels: hidden activations from the partial sums, the output
 * unit, and the hidden error terms (shared by every engine and the golden run). */
static void host_middle(int groups, const float *partial, const float *w2, float target, float *delta)
{
    float hidden[HID], out = 0.0f;
    for (int j = 0; j < HID; j++) {
        float s = 0.0f;
        for (int g = 0; g < groups; g++)
            s += partial[g * HID + j];
        hidden[j] = squash(s);
        out += hidden[j] * w2[j];
    }
    out = squash(out);
    float dout = out * (1.0f - out) * (target - out);
    for (int j = 0; j < HID; j++)
        delta[j] = hidden[j] * (1.0f - hidden[j]) * dout * w2[j];
}

int main(int argc, char **argv)
{
    app_opts o;
    static const char *const variants[] = { "rodinia", NULL };
    app_variants = variants;
    app_parse(argc, argv, &o, "backprop", 1024);
    int n = (int)((o.size + HID - 1) / HID * HID), groups = n / HID;
    size_t nw = (size_t)n * HID;
    app_rng r;
    app_rng_init(&r, o.seed);
    float *in = app_xmalloc(4 * (size_t)n), *w = app_xmalloc(4 * nw), *oldw = app_xmalloc(4 * nw), w2[HID];
    for (int k = 0; k < n; k++)
        in[k] = app_rng_f32(&r, 0.0f, 1.0f);
    for (size_t i = 0; i < nw; i++) {
        w[i] = app_rng_f32(&r, -0.05f, 0.05f);
        oldw[i] = app_rng_f32(&r, -0.01f, 0.01f);
    }
    for (int j = 0; j < HID; j++)
        w2[j] = app_rng_f32(&r, -1.0f, 1.0f);
    float target = 0.9f;
    /* golden */
    float *wp = app_xmalloc(4 * (size_t)groups * HID), *ww = app_xmalloc(4 * nw), *wo = app_xmalloc(4 * nw), wd[HID];
    for (int g = 0; g < groups; g++)
        for (int j = 0; j < HID; j++) {
            float v[HID];
            for (int t = 0; t < HID; t++)
                v[t] = w[(g * HID + t) * HID + j] * in[g * HID + t];
            /* level s: v[t] += v[t + s] for t a multiple of 2s */
            for (int s = 1; s < HID; s *= 2)
                for (int t = 0; t < HID; t += 2 * s)
                    v[t] += v[t + s];
            wp[g * HID + j] = v[0];
        }
    host_middle(groups, wp, w2, target, wd);
    for (int k = 0; k < n; k++)
        for (int j = 0; j < HID; j++) {
            size_t i = (size_t)k * HID + (size_t)j;
            float dw = ETA * wd[j] * in[k] + MOMENTUM * oldw[i];
            ww[i] = w[i] + dw;
            wo[i] = dw;
        }
    printf("backprop: %d inputs, %d hidden\n", n, HID);
    float *gp[APP_MAX_ENGINES], *gw[APP_MAX_ENGINES], *go[APP_MAX_ENGINES];
    for (int i = 0; i < o.nengines; i++) {
        engine_t *e = app_engine(&o, i, NULL);
        gp[i] = app_xmalloc(4 * (size_t)groups * HID);
        gw[i] = app_xmalloc(4 * nw);
        go[i] = app_xmalloc(4 * nw);
        double t0 = app_now();
        int d_in = eng_alloc(e, 4 * (size_t)n), d_w = eng_alloc(e, 4 * nw), d_old = eng_alloc(e, 4 * nw);
        int d_part = eng_alloc(e, 4 * (size_t)groups * HID), d_delta = eng_alloc(e, 4 * HID);
        eng_write(e, d_in, in, 4 * (size_t)n);
        eng_write(e, d_w, w, 4 * nw);
        eng_write(e, d_old, oldw, 4 * nw);
        if (o.variant)   /* output_hidden: a buffer the kernel does not use, as in Rodinia */
            ENG_LAUNCH(e, "bpnn_layerforward_ocl", HID, (uint32_t)n, HID, HID, KBUF(d_in), KBUF(d_delta), KBUF(d_w),
                       KBUF(d_part), KLOCAL(4 * HID), KLOCAL(4 * HID * HID), KI32(n), KI32(HID));
        else
            ENG_LAUNCH(e, "layerforward", HID, (uint32_t)n, HID, HID, KBUF(d_in), KBUF(d_w), KBUF(d_part));
        eng_read(e, d_part, gp[i], 4 * (size_t)groups * HID);
        float delta[HID];
        host_middle(groups, gp[i], w2, target, delta);
        eng_write(e, d_delta, delta, 4 * HID);
        if (o.variant)
            ENG_LAUNCH(e, "bpnn_adjust_weights_ocl", HID, (uint32_t)n, HID, HID, KBUF(d_delta), KI32(HID), KBUF(d_in),
                       KI32(n), KBUF(d_w), KBUF(d_old));
        else
            ENG_LAUNCH(e, "adjust_weights", HID, (uint32_t)n, HID, HID, KBUF(d_delta), KBUF(d_in), KBUF(d_w),
                       KBUF(d_old), KF32(ETA), KF32(MOMENTUM));
        eng_read(e, d_w, gw[i], 4 * nw);
        eng_read(e, d_old, go[i], 4 * nw);
        printf("%s: %.2f s\n", o.engines[i], app_now() - t0);
        const char *re = i ? o.engines[0] : NULL;
        app_check_f32("backprop", o.engines[i], "partial sums", gp[i], wp, NULL, re, i ? gp[0] : NULL,
                      (size_t)groups * HID);
        app_check_f32("backprop", o.engines[i], "weights", gw[i], ww, NULL, re, i ? gw[0] : NULL, nw);
        app_check_f32("backprop", o.engines[i], "previous changes", go[i], wo, NULL, re, i ? go[0] : NULL, nw);
        engine_close(e);
    }
    for (int i = 0; i < o.nengines; i++) {
        free(gp[i]);
        free(gw[i]);
        free(go[i]);
    }
    free(in);
    free(w);
    free(oldw);
    free(wp);
    free(ww);
    free(wo);
    return app_verdict();
}
