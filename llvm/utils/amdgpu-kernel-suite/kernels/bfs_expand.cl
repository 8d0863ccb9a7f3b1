// One level of a breadth-first search: each lane expands its frontier
// vertices (grid stride) and lowers the level of every neighbour not yet
// reached. Vertex degrees follow a power law, so the neighbour loop's trip
// count differs widely between lanes.
__kernel void bfs_expand(__global const int *frontier, int nfront,
                         __global const int *rowptr, __global const int *adj,
                         __global int *level, int next) {
  int stride = get_global_size(0);
  for (int f = get_global_id(0); f < nfront; f += stride) {
    int v = frontier[f];
    for (int e = rowptr[v]; e < rowptr[v + 1]; ++e) {
      int u = adj[e];
      if (level[u] > next)
        atomic_min(&level[u], next);
    }
  }
}
