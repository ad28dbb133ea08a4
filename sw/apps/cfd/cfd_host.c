/* cfd: --size mesh elements with 4 random faces each (random neighbours, 5 % wall and 5 %
 * far-field faces, small random normals, random areas), free stream at Mach 1.2;
 * initialize_variables, then ITERS iterations of: save the state (host copy),
 * compute_step_factor, and RK stages of compute_flux + time_step. Golden model: the same
 * solver written over an array of per-element structs in C with the same expressions
 * (exact); the golden state is also checked to stay finite with positive density. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

#define GAMMA 1.4f
#define NNB 4
#define NVAR 5
#define RK 3
#define ITERS 2
#define LOCAL 64

typedef struct { float d, m[3], e; } state;
typedef struct { float mx[3], my[3], mz[3], de[3]; } contrib;

static float pressure(const state *s, float speed_sqd) { return (GAMMA - 1.0f) * (s->e - 0.5f * s->d * speed_sqd); }

static void velocity(const state *s, float v[3], float *speed_sqd)
{
    for (int a = 0; a < 3; a++)
        v[a] = s->m[a] / s->d;
    *speed_sqd = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
}

static void flux_of(const state *s, float p, const float v[3], contrib *f)
{
    for (int a = 0; a < 3; a++) {
        f->mx[a] = s->m[0] * v[a];
        f->my[a] = s->m[1] * v[a];
        f->mz[a] = s->m[2] * v[a];
        f->de[a] = v[a] * (s->e + p);
    }
    f->mx[0] += p;
    f->my[1] += p;
    f->mz[2] += p;
    /* the momentum flux tensor is symmetric: the solver computes the lower half once */
    f->my[0] = f->mx[1];
    f->mz[0] = f->mx[2];
    f->mz[1] = f->my[2];
}

typedef struct {
    int n;
    int32_t *nb;     /* [NNB][n] */
    float *normals;  /* [3][NNB][n] */
    float *areas;
    float ff[NVAR + 12];   /* free-stream state and its flux rows (mx, my, mz, de) */
} mesh;

static void golden(const mesh *M, float *out /* variable-major, like the kernels */)
{
    int n = M->n;
    state *s = app_xmalloc(sizeof(state) * (size_t)n), *old = app_xmalloc(sizeof(state) * (size_t)n);
    state *fl = app_xmalloc(sizeof(state) * (size_t)n);
    float *sf = app_xmalloc(4 * (size_t)n);
    state ffs = { M->ff[0], { M->ff[1], M->ff[2], M->ff[3] }, M->ff[4] };
    contrib ffc;
    memcpy(&ffc, &M->ff[NVAR], sizeof ffc);
    for (int i = 0; i < n; i++)
        s[i] = ffs;
    for (int it = 0; it < ITERS; it++) {
        memcpy(old, s, sizeof(state) * (size_t)n);
        for (int i = 0; i < n; i++) {
            float v[3], ss;
            velocity(&s[i], v, &ss);
            float c = sqrtf(GAMMA * pressure(&s[i], ss) / s[i].d);
            sf[i] = 0.5f / (sqrtf(M->areas[i]) * (sqrtf(ss) + c));
        }
        for (int j = 0; j < RK; j++) {
            for (int i = 0; i < n; i++) {
                float v[3], ss;
                velocity(&s[i], v, &ss);
                float p = pressure(&s[i], ss), c = sqrtf(GAMMA * p / s[i].d), speed = sqrtf(ss);
                contrib fi;
                flux_of(&s[i], p, v, &fi);
                state acc = { 0.0f, { 0.0f, 0.0f, 0.0f }, 0.0f };
                for (int f = 0; f < NNB; f++) {
                    int nb = M->nb[f * n + i];
                    float nv[3];
                    for (int a = 0; a < 3; a++)
                        nv[a] = M->normals[(a * NNB + f) * n + i];
                    float nlen = sqrtf(nv[0] * nv[0] + nv[1] * nv[1] + nv[2] * nv[2]);
                    const state *o = nb >= 0 ? &s[nb] : &ffs;
                    contrib fo = ffc;
                    if (nb >= 0) {
                        float vo[3], sso;
                        velocity(o, vo, &sso);
                        float po = pressure(o, sso), co = sqrtf(GAMMA * po / o->d);
                        flux_of(o, po, vo, &fo);
                        float k = -nlen * 0.2f * 0.5f * (speed + sqrtf(sso) + c + co);
                        acc.d += k * (s[i].d - o->d);
                        acc.e += k * (s[i].e - o->e);
                        for (int a = 0; a < 3; a++)
                            acc.m[a] += k * (s[i].m[a] - o->m[a]);
                    }
                    if (nb == -1) {
                        for (int a = 0; a < 3; a++)
                            acc.m[a] += nv[a] * p;
                    } else if (nb >= 0 || nb == -2) {
                        for (int a = 0; a < 3; a++) {
                            float h = 0.5f * nv[a];
                            acc.d += h * (o->m[a] + s[i].m[a]);
                            acc.e += h * (fo.de[a] + fi.de[a]);
                            acc.m[0] += h * (fo.mx[a] + fi.mx[a]);
                            acc.m[1] += h * (fo.my[a] + fi.my[a]);
                            acc.m[2] += h * (fo.mz[a] + fi.mz[a]);
                        }
                    }
                }
                fl[i] = acc;
            }
            for (int i = 0; i < n; i++) {
                float k = sf[i] / (float)(RK + 1 - j);
                s[i].d = old[i].d + k * fl[i].d;
                for (int a = 0; a < 3; a++)
                    s[i].m[a] = old[i].m[a] + k * fl[i].m[a];
                s[i].e = old[i].e + k * fl[i].e;
            }
        }
    }
    for (int i = 0; i < n; i++) {
        out[i] = s[i].d;
        for (int a = 0; a < 3; a++)
            out[i + (a + 1) * n] = s[i].m[a];
        out[i + 4 * n] = s[i].e;
    }
    free(s);
    free(old);
    free(fl);
    free(sf);
}

int main(int argc, char **argv)
{
    app_opts o;
    app_parse(argc, argv, &o, "cfd", 2048);
    mesh M;
    int n = M.n = (int)o.size;
    size_t nv = (size_t)n * NVAR;
    app_rng r;
    app_rng_init(&r, o.seed);
    M.nb = app_xmalloc(4 * (size_t)n * NNB);
    M.normals = app_xmalloc(4 * (size_t)n * NNB * 3);
    M.areas = app_xmalloc(4 * (size_t)n);
    for (size_t k = 0; k < (size_t)n * NNB; k++) {
        uint32_t c = app_rng_below(&r, 20);
        M.nb[k] = c == 0 ? -1 : c == 1 ? -2 : (int32_t)app_rng_below(&r, (uint32_t)n);
    }
    for (size_t k = 0; k < (size_t)n * NNB * 3; k++)
        M.normals[k] = app_rng_f32(&r, -0.05f, 0.05f);
    for (int i = 0; i < n; i++)
        M.areas[i] = app_rng_f32(&r, 0.5f, 1.5f);
    /* free stream: density 1.4, pressure 1 (sound speed 1), Mach 1.2, 0.1 rad angle of attack */
    state ffs;
    float speed = 1.2f;
    ffs.d = 1.4f;
    ffs.m[0] = ffs.d * speed * cosf(0.1f);
    ffs.m[1] = ffs.d * speed * sinf(0.1f);
    ffs.m[2] = 0.0f;
    ffs.e = ffs.d * (0.5f * speed * speed) + 1.0f / (GAMMA - 1.0f);
    M.ff[0] = ffs.d;
    memcpy(&M.ff[1], ffs.m, sizeof ffs.m);
    M.ff[4] = ffs.e;
    {
        float v[3], ss;
        velocity(&ffs, v, &ss);
        contrib c;
        flux_of(&ffs, pressure(&ffs, ss), v, &c);
        memcpy(&M.ff[NVAR], &c, sizeof c);
    }
    float *want = app_xmalloc(4 * nv);
    golden(&M, want);
    int sane = 1;
    float dmin = want[0];
    for (size_t k = 0; k < nv; k++)
        sane &= isfinite(want[k]);
    for (int i = 0; i < n; i++) {
        sane &= want[i] > 0.0f;
        dmin = want[i] < dmin ? want[i] : dmin;
    }
    printf("cfd: %d elements, %d iterations x %d stages, minimum density %g\n", n, ITERS, RK, dmin);
    app_check("cfd golden state finite, density positive", !sane);
    float *got[APP_MAX_ENGINES];
    uint32_t g = (uint32_t)(n + LOCAL - 1) / LOCAL * LOCAL;
    for (int i = 0; i < o.nengines; i++) {
        engine_t *e = app_engine(&o, i, NULL);
        got[i] = app_xmalloc(4 * nv);
        double t0 = app_now();
        int d_nb = eng_alloc(e, 4 * (size_t)n * NNB), d_nrm = eng_alloc(e, 4 * (size_t)n * NNB * 3),
            d_area = eng_alloc(e, 4 * (size_t)n), d_ff = eng_alloc(e, sizeof M.ff), d_var = eng_alloc(e, 4 * nv),
            d_old = eng_alloc(e, 4 * nv), d_sf = eng_alloc(e, 4 * (size_t)n), d_flux = eng_alloc(e, 4 * nv);
        eng_write(e, d_nb, M.nb, 4 * (size_t)n * NNB);
        eng_write(e, d_nrm, M.normals, 4 * (size_t)n * NNB * 3);
        eng_write(e, d_area, M.areas, 4 * (size_t)n);
        eng_write(e, d_ff, M.ff, sizeof M.ff);
        ENG_LAUNCH(e, "initialize_variables", g, 1, LOCAL, 1, KI32(n), KBUF(d_var), KBUF(d_ff));
        for (int it = 0; it < ITERS; it++) {
            eng_read(e, d_var, got[i], 4 * nv);   /* old_variables = variables, through the host */
            eng_write(e, d_old, got[i], 4 * nv);
            ENG_LAUNCH(e, "compute_step_factor", g, 1, LOCAL, 1, KI32(n), KBUF(d_var), KBUF(d_area), KBUF(d_sf));
            for (int j = 0; j < RK; j++) {
                ENG_LAUNCH(e, "compute_flux", g, 1, LOCAL, 1, KI32(n), KBUF(d_nb), KBUF(d_nrm), KBUF(d_var),
                           KBUF(d_ff), KBUF(d_flux));
                ENG_LAUNCH(e, "time_step", g, 1, LOCAL, 1, KI32(j), KI32(n), KBUF(d_old), KBUF(d_var), KBUF(d_sf),
                           KBUF(d_flux), KI32(RK));
            }
        }
        eng_read(e, d_var, got[i], 4 * nv);
        printf("%s: %llu launches, %.2f s\n", o.engines[i], (unsigned long long)e->launches, app_now() - t0);
        app_check_f32("cfd", o.engines[i], "variables", got[i], want, NULL, i ? o.engines[0] : NULL,
                      i ? got[0] : NULL, nv);
        engine_close(e);
    }
    for (int i = 0; i < o.nengines; i++)
        free(got[i]);
    free(want);
    free(M.nb);
    free(M.normals);
    free(M.areas);
    return app_verdict();
}
