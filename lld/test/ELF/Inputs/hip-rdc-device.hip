// Device functions of the two-file -fgpu-rdc program (hip-rdc-kernel.hip).
#include <hip/hip_runtime.h>

__device__ int step_odd(int x, int k) {
  int s = 0;
  for (int j = 0; j < (k & 7); j++)
    s += x * j + 3;
  return s;
}

__device__ int step_even(int x, int k) {
  int s = 0;
  for (int j = 0; j < (k & 7); j++)
    s += x * j - 5;
  return s;
}
