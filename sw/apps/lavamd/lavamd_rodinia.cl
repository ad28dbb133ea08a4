// LavaMD in the form of Rodinia's OpenCL kernel (issue 23: the published form runs
// unchanged): Rodinia's kernel name and argument list, two structs passed by value (the
// parameters, par_str, and the dimensions, dim_str, with 64-bit fields), the boxes as an
// array of box_str records that carry each box's first particle (a long offset) and its
// neighbour list of nei_str records, and the particles as FOUR_VECTORs. The arithmetic is
// lavamd.cl's (the same exp_approx and accumulation order), so the results are the same,
// checked against the same golden model: a work-group of PAR work-items handles one home box,
// stages the home box and then each neighbour box in __local memory.
#ifndef PAR
#define PAR 32
#endif
#define fp float
#define NUMBER_PAR_PER_BOX PAR

typedef struct { fp x, y, z; } THREE_VECTOR;
typedef struct { fp v, x, y, z; } FOUR_VECTOR;
typedef struct nei_str { int x, y, z; int number; long offset; } nei_str;
typedef struct box_str {
    int x, y, z;
    int number;
    long offset;   // index of the box's first particle
    int nn;        // neighbour boxes (the home box not counted)
    nei_str nei[26];
} box_str;
typedef struct par_str { fp alpha; } par_str;
typedef struct dim_str {
    int cur_arg, arch_arg, cores_arg, boxes1d_arg;
    long number_boxes, box_mem, space_elem, space_mem, space_mem2;
} dim_str;

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

__kernel void kernel_gpu_opencl(par_str d_par_gpu, dim_str d_dim_gpu, __global box_str *d_box_gpu,
                                __global FOUR_VECTOR *d_rv_gpu, __global fp *d_qv_gpu, __global FOUR_VECTOR *d_fv_gpu)
{
    __local FOUR_VECTOR rB_shared[NUMBER_PAR_PER_BOX];
    __local fp qB_shared[NUMBER_PAR_PER_BOX];
    int bx = get_group_id(0), tx = get_local_id(0);
    if (bx >= d_dim_gpu.number_boxes)
        return;
    fp a2 = 2.0f * d_par_gpu.alpha * d_par_gpu.alpha;
    int first_i = (int)d_box_gpu[bx].offset;
    // field by field: the home particle stays in registers
    fp rav = d_rv_gpu[first_i + tx].v, rax = d_rv_gpu[first_i + tx].x;
    fp ray = d_rv_gpu[first_i + tx].y, raz = d_rv_gpu[first_i + tx].z;
    fp fv = 0.0f, fx = 0.0f, fy = 0.0f, fz = 0.0f;
    int nn = d_box_gpu[bx].nn;
    for (int k = 0; k < 1 + nn; k++) {
        // the home box first, then its neighbours in the order of the list
        int pointer = k == 0 ? bx : d_box_gpu[bx].nei[k - 1].number;
        int first_j = (int)d_box_gpu[pointer].offset;
        rB_shared[tx].v = d_rv_gpu[first_j + tx].v;
        rB_shared[tx].x = d_rv_gpu[first_j + tx].x;
        rB_shared[tx].y = d_rv_gpu[first_j + tx].y;
        rB_shared[tx].z = d_rv_gpu[first_j + tx].z;
        qB_shared[tx] = d_qv_gpu[first_j + tx];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int j = 0; j < NUMBER_PAR_PER_BOX; j++) {
            fp r2 = rav + rB_shared[j].v - (rax * rB_shared[j].x + ray * rB_shared[j].y + raz * rB_shared[j].z);
            fp vij = exp_approx(-(a2 * r2));
            fp fs = 2.0f * vij;
            fp q = qB_shared[j];
            fv += q * vij;
            fx += q * (fs * (rax - rB_shared[j].x));
            fy += q * (fs * (ray - rB_shared[j].y));
            fz += q * (fs * (raz - rB_shared[j].z));
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    d_fv_gpu[first_i + tx].v = fv;
    d_fv_gpu[first_i + tx].x = fx;
    d_fv_gpu[first_i + tx].y = fy;
    d_fv_gpu[first_i + tx].z = fz;
}
