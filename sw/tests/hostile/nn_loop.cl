/* nn's kernel signature with an endless loop: the native engine's time limit stops it. */
typedef struct { float lat, lng; } LatLong;
__kernel void euclid(__global const LatLong *locations, __global float *distances, int num_records, float lat,
                     float lng)
{
    int i = get_global_id(0);
    float x = lat;
    while (x != -1.0f)
        x = x * 0.5f + lng + (float)i;
    if (i < num_records)
        distances[i] = x + locations[i].lat;
}
