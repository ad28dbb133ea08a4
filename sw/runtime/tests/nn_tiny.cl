// nn's euclid (sw/apps/nn/nn.cl) without the i < num_records guard, so that it fits the
// 8-entry block table of the tiny preset (7 blocks): run it with --size a multiple of 64
// (the host's work-group size), where the guard never fails (sw/runtime/runtime.tests.toml).
typedef struct { float lat; float lng; } LatLong;
__kernel void euclid(__global const LatLong *locations, __global float *distances, int num_records,
                     float lat, float lng)
{
    int i = get_global_id(0);
    float dlat = lat - locations[i].lat;
    float dlng = lng - locations[i].lng;
    distances[i] = sqrt(dlat * dlat + dlng * dlng);
}
