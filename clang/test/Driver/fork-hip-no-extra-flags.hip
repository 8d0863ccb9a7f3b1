// The fork's clang compiles HIP device code with Debian's HIP headers and the
// ROCm device libraries with no extra flags.

// RUN: clang -x hip --cuda-device-only --offload-arch=gfx90a -O3 %s -o %t.hipfb
// RUN: clang -x hip --cuda-device-only --no-gpu-bundle-output \
// RUN:   --offload-arch=gfx1030 -O3 %s -o %t.co
// RUN: llvm-readelf --notes %t.co | FileCheck %s
// CHECK: .name: _Z4axpyfPKfPfi
// CHECK: .wavefront_size: 32
// CHECK: amdhsa.target: amdgcn-amd-amdhsa--gfx1030

#include <hip/hip_runtime.h>

__global__ void axpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + expf(y[i]);
}
