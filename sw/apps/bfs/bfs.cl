// Breadth-first search, one frontier level per pair of launches (VGIW Table 2: BFS).
// Kernel expands every node of the frontier (mask) to its unvisited neighbours; Kernel2
// turns the nodes reached in this level into the next frontier and tells the host
// (over) that another level is needed. Several frontier nodes may write the same
// neighbour's cost in one level: they all write the same value (level + 1).
typedef struct { int start; int degree; } Node;

__kernel void Kernel(__global const Node *nodes, __global const int *edges, __global uchar *mask,
                     __global uchar *updating, __global const uchar *visited, __global int *cost,
                     int n)
{
    int tid = get_global_id(0);
    if (tid < n && mask[tid]) {
        mask[tid] = 0;
        int end = nodes[tid].start + nodes[tid].degree;
        for (int e = nodes[tid].start; e < end; e++) {
            int dst = edges[e];
            if (!visited[dst]) {
                cost[dst] = cost[tid] + 1;
                updating[dst] = 1;
            }
        }
    }
}

__kernel void Kernel2(__global uchar *mask, __global uchar *updating, __global uchar *visited,
                      __global uchar *over, int n)
{
    int tid = get_global_id(0);
    if (tid < n && updating[tid]) {
        mask[tid] = 1;
        visited[tid] = 1;
        *over = 1;
        updating[tid] = 0;
    }
}
