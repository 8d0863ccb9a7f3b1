// The kernel of a two-file HIP program built with -fgpu-rdc: it calls device
// functions defined in hip-rdc-device.hip, so only the device link (lld's
// LTO step) sees both. After inlining, the two sides of the divergent branch
// hold loops that differ in one constant: a melding candidate.
#include <hip/hip_runtime.h>

__device__ int step_odd(int x, int k);
__device__ int step_even(int x, int k);

extern "C" __global__ void rdc_kernel(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int x = in[i];
  out[i] = (x & 1) ? step_odd(x, i) : step_even(x, i);
}

int main() { return 0; }
