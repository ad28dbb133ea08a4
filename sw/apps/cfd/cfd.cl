// CFD (VGIW Table 2: CFD): an explicit finite-volume solver of the 3-D Euler equations on
// an unstructured mesh of elements with NNB = 4 faces each, Runge-Kutta in RK stages.
// State per element: density, momentum (x, y, z), energy density; stored variable-major,
// v[i + k * nelr]. A face's neighbour index is an element, -1 (wall: pressure only) or
// -2 (far field: the free-stream state). Scalars only: no float3. The loops over the NVAR
// variables are unrolled (#pragma unroll) as a CUDA/OpenCL compiler would.
#define GAMMA 1.4f
#define NNB 4
#define NVAR 5
#define SMOOTHING 0.2f

__kernel void initialize_variables(int nelr, __global float *variables, __global const float *ff_variable)
{
    int i = get_global_id(0);
    if (i < nelr)
#pragma unroll
        for (int k = 0; k < NVAR; k++)
            variables[i + k * nelr] = ff_variable[k];
}

static inline __attribute__((always_inline)) float pressure_of(float density, float energy, float speed_sqd)
{
    return (GAMMA - 1.0f) * (energy - 0.5f * density * speed_sqd);
}

static inline __attribute__((always_inline)) float sound_speed(float density, float pressure)
{
    return sqrt(GAMMA * pressure / density);
}

__kernel void compute_step_factor(int nelr, __global const float *variables, __global const float *areas,
                                  __global float *step_factors)
{
    int i = get_global_id(0);
    if (i >= nelr)
        return;
    float d = variables[i], mx = variables[i + nelr], my = variables[i + 2 * nelr];
    float mz = variables[i + 3 * nelr], e = variables[i + 4 * nelr];
    float vx = mx / d, vy = my / d, vz = mz / d;
    float speed_sqd = vx * vx + vy * vy + vz * vz;
    float p = pressure_of(d, e, speed_sqd);
    float c = sound_speed(d, p);
    step_factors[i] = 0.5f / (sqrt(areas[i]) * (sqrt(speed_sqd) + c));
}

// The flux of one state through a unit face, per axis: momentum rows and energy.
typedef struct {
    float mx[3], my[3], mz[3], de[3];
} Contrib;

static inline __attribute__((always_inline)) void contribution(float mx, float my, float mz, float e, float p,
                                                               float vx, float vy, float vz, Contrib *f)
{
    f->mx[0] = mx * vx + p;
    f->mx[1] = mx * vy;
    f->mx[2] = mx * vz;
    f->my[0] = f->mx[1];
    f->my[1] = my * vy + p;
    f->my[2] = my * vz;
    f->mz[0] = f->mx[2];
    f->mz[1] = f->my[2];
    f->mz[2] = mz * vz + p;
    float ep = e + p;
    f->de[0] = vx * ep;
    f->de[1] = vy * ep;
    f->de[2] = vz * ep;
}

// Axis A of the central flux between element i and neighbour n through normal component N.
#define CENTRAL(A, N, M_N)                              \
    do {                                                \
        float h = 0.5f * (N);                           \
        fd += h * ((M_N) + m_i[A]);                     \
        fe += h * (fn.de[A] + fi.de[A]);                \
        fmx += h * (fn.mx[A] + fi.mx[A]);               \
        fmy += h * (fn.my[A] + fi.my[A]);               \
        fmz += h * (fn.mz[A] + fi.mz[A]);               \
    } while (0)
// Axis A of the flux through a far-field face: the free stream takes the neighbour's place.
#define FARFIELD(A, N, M_I)                             \
    do {                                                \
        float h = 0.5f * (N);                           \
        fd += h * (ff[1 + A] + (M_I));                  \
        fe += h * (ff[NVAR + 9 + A] + fi.de[A]);        \
        fmx += h * (ff[NVAR + A] + fi.mx[A]);           \
        fmy += h * (ff[NVAR + 3 + A] + fi.my[A]);       \
        fmz += h * (ff[NVAR + 6 + A] + fi.mz[A]);       \
    } while (0)

// ff: the free-stream state (5 values) followed by its contribution (mx, my, mz, de rows).
__kernel void compute_flux(int nelr, __global const int *neighbours, __global const float *normals,
                           __global const float *variables, __global const float *ff, __global float *fluxes)
{
    int i = get_global_id(0);
    if (i >= nelr)
        return;
    float d = variables[i], mx = variables[i + nelr], my = variables[i + 2 * nelr];
    float mz = variables[i + 3 * nelr], e = variables[i + 4 * nelr];
    float vx = mx / d, vy = my / d, vz = mz / d;
    float speed_sqd = vx * vx + vy * vy + vz * vz;
    float speed = sqrt(speed_sqd);
    float p = pressure_of(d, e, speed_sqd);
    float c = sound_speed(d, p);
    Contrib fi;
    contribution(mx, my, mz, e, p, vx, vy, vz, &fi);
    float m_i[3] = { mx, my, mz };
    float fd = 0.0f, fmx = 0.0f, fmy = 0.0f, fmz = 0.0f, fe = 0.0f;
    for (int j = 0; j < NNB; j++) {
        int nb = neighbours[i + j * nelr];
        float n0 = normals[i + j * nelr], n1 = normals[i + (j + NNB) * nelr], n2 = normals[i + (j + 2 * NNB) * nelr];
        float nlen = sqrt(n0 * n0 + n1 * n1 + n2 * n2);
        if (nb >= 0) {
            float dn = variables[nb], mxn = variables[nb + nelr], myn = variables[nb + 2 * nelr];
            float mzn = variables[nb + 3 * nelr], en = variables[nb + 4 * nelr];
            float vxn = mxn / dn, vyn = myn / dn, vzn = mzn / dn;
            float ssn = vxn * vxn + vyn * vyn + vzn * vzn;
            float pn = pressure_of(dn, en, ssn);
            float cn = sound_speed(dn, pn);
            Contrib fn;
            contribution(mxn, myn, mzn, en, pn, vxn, vyn, vzn, &fn);
            // artificial viscosity
            float f = -nlen * SMOOTHING * 0.5f * (speed + sqrt(ssn) + c + cn);
            fd += f * (d - dn);
            fe += f * (e - en);
            fmx += f * (mx - mxn);
            fmy += f * (my - myn);
            fmz += f * (mz - mzn);
            // central flux, one axis at a time (written out: private arrays must not be
            // indexed by a loop variable, vgiwcc does not support that)
            CENTRAL(0, n0, mxn);
            CENTRAL(1, n1, myn);
            CENTRAL(2, n2, mzn);
        } else if (nb == -1) {
            fmx += n0 * p;
            fmy += n1 * p;
            fmz += n2 * p;
        } else if (nb == -2) {
            FARFIELD(0, n0, mx);
            FARFIELD(1, n1, my);
            FARFIELD(2, n2, mz);
        }
    }
    fluxes[i] = fd;
    fluxes[i + nelr] = fmx;
    fluxes[i + 2 * nelr] = fmy;
    fluxes[i + 3 * nelr] = fmz;
    fluxes[i + 4 * nelr] = fe;
}

__kernel void time_step(int j, int nelr, __global const float *old_variables, __global float *variables,
                        __global const float *step_factors, __global const float *fluxes, int rk)
{
    int i = get_global_id(0);
    if (i >= nelr)
        return;
    float factor = step_factors[i] / (float)(rk + 1 - j);
#pragma unroll
    for (int k = 0; k < NVAR; k++)
        variables[i + k * nelr] = old_variables[i + k * nelr] + factor * fluxes[i + k * nelr];
}
