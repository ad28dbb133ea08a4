// Rodinia-style BFS (one level per launch pair), written from the algorithm.
// Kernel: expand the frontier; Kernel2: make the updated nodes the next frontier.
// The RUN inputs keep the kernel race-free: active nodes are 0..31, edges point to 32..63,
// all costs equal.
// RUN: -k Kernel --global 64 --local 16 --arg buf:i32:128:rand:1:0:20 --arg buf:i32:64:rand:2:32:63 --arg buf:u8:64:rand:3:0:1 --arg buf:u8:64 --arg buf:u8:64:rand:4:0:1 --arg buf:i32:64:rand:5:5:5 --arg i32:32
// RUN: -k Kernel2 --global 64 --local 16 --arg buf:u8:64:rand:1:0:1 --arg buf:u8:64:rand:2:0:1 --arg buf:u8:64:rand:3:0:1 --arg buf:u8:4 --arg i32:50
typedef struct { int starting; int no_of_edges; } Node;

__kernel void Kernel(__global const Node *g_graph_nodes, __global const int *g_graph_edges,
                     __global uchar *g_graph_mask, __global uchar *g_updating_graph_mask,
                     __global const uchar *g_graph_visited, __global int *g_cost, int no_of_nodes)
{
    int tid = get_global_id(0);
    if (tid < no_of_nodes && g_graph_mask[tid]) {
        g_graph_mask[tid] = 0;
        int first = g_graph_nodes[tid].starting;
        int last = first + g_graph_nodes[tid].no_of_edges;
        for (int i = first; i < last; i++) {
            int id = g_graph_edges[i];
            if (!g_graph_visited[id]) {
                g_cost[id] = g_cost[tid] + 1;
                g_updating_graph_mask[id] = 1;
            }
        }
    }
}

__kernel void Kernel2(__global uchar *g_graph_mask, __global uchar *g_updating_graph_mask,
                      __global uchar *g_graph_visited, __global uchar *g_over, int no_of_nodes)
{
    int tid = get_global_id(0);
    if (tid < no_of_nodes && g_updating_graph_mask[tid]) {
        g_graph_mask[tid] = 1;
        g_graph_visited[tid] = 1;
        *g_over = 1;
        g_updating_graph_mask[tid] = 0;
    }
}
