// A plain (non-rdc) HIP build links the device code with lld too, and clang
// forwards -mllvm options to it as -plugin-opt: the fork's options must be
// accepted there. -save-temps and -fsave-optimization-record work on the way,
// and the record holds the fork's remarks.

// RUN: rm -rf %t && mkdir -p %t/on %t/off
// RUN: cd %t/off && clang -x hip --offload-arch=gfx90a -O3 %s -o app \
// RUN:   -mllvm -amdgpu-cf-meld=0 -mllvm -amdgpu-cf-lowering=structurize -save-temps
// RUN: cd %t/on && clang -x hip --offload-arch=gfx90a -O3 %s -o app \
// RUN:   -fsave-optimization-record -save-temps
// RUN: FileCheck %s --check-prefix=REMARKS < %t/on/fork-hip-mllvm-hip-amdgcn-amd-amdhsa-gfx90a.opt.yaml
// REMARKS-DAG: Pass: cf-meld
// REMARKS-DAG: Name: Melded
// REMARKS-DAG: Pass: reconverge-cfg
// RUN: not cmp -s %t/on/fork-hip-mllvm-hip-amdgcn-amd-amdhsa-gfx90a.o \
// RUN:   %t/off/fork-hip-mllvm-hip-amdgcn-amd-amdhsa-gfx90a.o

// The same remarks on the terminal.
// RUN: clang -x hip --offload-arch=gfx90a -O3 --cuda-device-only -c %s \
// RUN:   -o %t/k.o -Rpass=cf-meld -Rpass-analysis=reconverge-cfg 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RPASS
// RPASS: remark: melded region-region {{.*}} [-Rpass=cf-meld]
// RPASS: remark: every divergent branch already has a post-dominating successor [-Rpass-analysis=reconverge-cfg]

#include <hip/hip_runtime.h>

__global__ void pick(const int *in, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, x = in[i], s = 0;
  // Two loops that differ in one constant on the sides of a divergent branch.
  if (x & 1)
    for (int j = 0; j < (i & 7); j++)
      s += x * j + 3;
  else
    for (int j = 0; j < (i & 7); j++)
      s += x * j - 5;
  out[i] = s;
}

int main() { return 0; }
