// A kernel whose shared array is sized for workgroups of 32 work-items:
// in workgroups of 64 the upper half writes past it.
#include <hip/hip_runtime.h>

__global__ void tile32(int *data) {
  __shared__ int tile[32];
  int t = threadIdx.x;
  int base = blockIdx.x * blockDim.x;
  tile[t] = data[base + t];
  __syncthreads();
  data[base + t] = tile[31 - t] + (t & 1 ? tile[t] : 0);
}
