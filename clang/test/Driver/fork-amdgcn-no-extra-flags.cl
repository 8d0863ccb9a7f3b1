// The fork's clang, run from the build directory with no extra flags, finds
// its resource directory (OpenCL headers), the ROCm device libraries (sin()
// comes from ocml.bc) and Debian's ld.lld, and produces a code object.

// RUN: clang -O3 --target=amdgcn-amd-amdhsa -mcpu=gfx90a %s -o %t.co
// RUN: llvm-readelf --notes -sW %t.co | FileCheck %s
// CHECK-DAG: OBJECT GLOBAL PROTECTED {{.*}} wave_sin.kd
// CHECK-DAG: .name: wave_sin
// CHECK-DAG: amdhsa.target: amdgcn-amd-amdhsa--gfx90a

// Without the device libraries, sin() stays an undefined call, so the link
// fails: the library really came from the fork's own lookup.
// RUN: not clang -O3 --target=amdgcn-amd-amdhsa -mcpu=gfx90a -nogpulib %s \
// RUN:   -o %t.nolib.co 2>&1 | FileCheck %s --check-prefix=NOLIB
// NOLIB: ld.lld: error: undefined hidden symbol: sin(float)

// RUN: clang -print-resource-dir | FileCheck %s --check-prefix=RES
// RES: {{.*}}/obj/lib/clang/19

__kernel void wave_sin(__global float *a) {
  int i = get_global_id(0);
  a[i] = sin(a[i]);
}
