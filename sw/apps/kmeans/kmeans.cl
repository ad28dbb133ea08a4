// K-means (VGIW Table 2: Kmeans).
// invert_mapping: transpose the point-major features [npoints][nfeatures] into the
// feature-major layout [nfeatures][npoints], so that neighbouring work-items read
// neighbouring words in the assignment kernel.
// kmeans_assign: each point's nearest cluster centre (squared Euclidean distance; the
// first centre wins a tie).
__kernel void invert_mapping(__global const float *input, __global float *output, int npoints,
                             int nfeatures)
{
    int p = get_global_id(0);
    if (p < npoints)
        for (int f = 0; f < nfeatures; f++)
            output[f * npoints + p] = input[p * nfeatures + f];
}

__kernel void kmeans_assign(__global const float *features, __global const float *clusters,
                            __global int *membership, int npoints, int nclusters, int nfeatures)
{
    int p = get_global_id(0);
    if (p >= npoints)
        return;
    int best = 0;
    float best_dist = 0.0f;
    for (int c = 0; c < nclusters; c++) {
        float dist = 0.0f;
        for (int f = 0; f < nfeatures; f++) {
            float d = features[f * npoints + p] - clusters[c * nfeatures + f];
            dist += d * d;
        }
        if (c == 0 || dist < best_dist) {
            best_dist = dist;
            best = c;
        }
    }
    membership[p] = best;
}
