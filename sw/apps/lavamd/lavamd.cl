// LavaMD (VGIW Table 2: LavaMD): particle potentials and forces in a 3-D grid of boxes.
// A work-group handles one home box, one work-item per home particle (PAR per box). For
// the home box and each of its neighbour boxes in turn, the work-group stages that box's
// positions and charges in __local memory (barrier), then every work-item accumulates
// the interaction of its particle with each staged particle:
//   r2 = v_a + v_b - a.b (v = |r|^2 / 2, so r2 = |a - b|^2 / 2),  w = exp(-alpha^2 r2),
//   potential += q_b w,  force += q_b 2 w (a - b).
// exp is not among vgiwcc's builtins: exp_approx below (range reduction to 2^k e^r and a
// degree-6 polynomial; relative error about 1e-7) is written out with the same steps as
// the host's golden model.
#ifndef PAR
#define PAR 32
#endif
#define MAXNB 27

typedef struct { float v, x, y, z; } Vec4;

static inline __attribute__((always_inline)) float exp_approx(float x)
{
    x = fmax(x, -87.0f);
    x = fmin(x, 88.0f);
    float t = x * 1.44269504f;
    int k = (int)(t + (t < 0.0f ? -0.5f : 0.5f));
    float kf = (float)k;
    float r = x - kf * 0.693145752f;
    r = r - kf * 1.42860677e-6f;
    float p = 1.0f / 720.0f;
    p = p * r + 1.0f / 120.0f;
    p = p * r + 1.0f / 24.0f;
    p = p * r + 1.0f / 6.0f;
    p = p * r + 0.5f;
    p = p * r + 1.0f;
    p = p * r + 1.0f;
    return p * as_float((k + 127) << 23);
}

// nbr[b * MAXNB + n]: the boxes whose particles box b sees (itself first); nnb[b] of them.
__kernel void lavamd(__global const Vec4 *rv, __global const float *qv, __global Vec4 *fv,
                     __global const int *nbr, __global const int *nnb, float alpha)
{
    __local Vec4 rb[PAR];
    __local float qb[PAR];
    int home = get_group_id(0), tx = get_local_id(0);
    float a2 = 2.0f * alpha * alpha;
    // Field by field: vgiwcc rejects struct assignment (an llvm.memcpy).
    float rav = rv[home * PAR + tx].v, rax = rv[home * PAR + tx].x;
    float ray = rv[home * PAR + tx].y, raz = rv[home * PAR + tx].z;
    float fp = 0.0f, fx = 0.0f, fy = 0.0f, fz = 0.0f;
    int count = nnb[home];
    for (int n = 0; n < count; n++) {
        int b = nbr[home * MAXNB + n];
        rb[tx].v = rv[b * PAR + tx].v;
        rb[tx].x = rv[b * PAR + tx].x;
        rb[tx].y = rv[b * PAR + tx].y;
        rb[tx].z = rv[b * PAR + tx].z;
        qb[tx] = qv[b * PAR + tx];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int j = 0; j < PAR; j++) {
            float r2 = rav + rb[j].v - (rax * rb[j].x + ray * rb[j].y + raz * rb[j].z);
            float w = exp_approx(-(a2 * r2));
            float fs = 2.0f * w;
            float q = qb[j];
            fp += q * w;
            fx += q * (fs * (rax - rb[j].x));
            fy += q * (fs * (ray - rb[j].y));
            fz += q * (fs * (raz - rb[j].z));
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    fv[home * PAR + tx].v = fp;
    fv[home * PAR + tx].x = fx;
    fv[home * PAR + tx].y = fy;
    fv[home * PAR + tx].z = fz;
}
