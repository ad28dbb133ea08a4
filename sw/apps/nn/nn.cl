// Nearest neighbour (VGIW Table 2: NN): the Euclidean distance of every record's
// (latitude, longitude) to the query point; the host picks the k smallest.
typedef struct { float lat; float lng; } LatLong;

__kernel void euclid(__global const LatLong *locations, __global float *distances, int num_records,
                     float lat, float lng)
{
    int i = get_global_id(0);
    if (i < num_records) {
        float dlat = lat - locations[i].lat;
        float dlng = lng - locations[i].lng;
        distances[i] = sqrt(dlat * dlat + dlng * dlng);
    }
}
