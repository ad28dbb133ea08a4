// Particle filter (VGIW Table 2: ParticleFilter), the normalize_weights step: divide every
// weight by their sum, form the cumulative distribution (work-item 0, serially, once all
// weights are stored), and place the N systematic-resampling points u[i] = u1 + i / N.
// The kernel runs as a single work-group: barrier() orders the global stores between the
// phases (work-groups could not see each other's stores).
__kernel void normalize_weights(__global float *weights, int n, __global const float *sum_weights,
                                __global float *cdf, __global float *u, float u_rand)
{
    int i = get_global_id(0);
    float sum = sum_weights[0];
    if (i < n)
        weights[i] = weights[i] / sum;
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (i == 0) {
        float c = weights[0];
        cdf[0] = c;
        for (int x = 1; x < n; x++) {
            c = c + weights[x];
            cdf[x] = c;
        }
        u[0] = (1.0f / (float)n) * u_rand;
    }
    barrier(CLK_GLOBAL_MEM_FENCE);
    float u1 = u[0];
    if (i > 0 && i < n)
        u[i] = u1 + (float)i / (float)n;
}
