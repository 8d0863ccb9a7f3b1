// A kernel whose LDS is an extern __shared__ array: its size comes with the
// launch (the code object metadata has hidden_dynamic_lds_size).
#include <hip/hip_runtime.h>

__global__ void reverse_block(int *data) {
  extern __shared__ int tile[];
  int t = threadIdx.x;
  int base = blockIdx.x * blockDim.x;
  tile[t] = data[base + t];
  __syncthreads();
  data[base + t] = tile[blockDim.x - 1 - t] + (t & 3 ? tile[t] : 0);
}
