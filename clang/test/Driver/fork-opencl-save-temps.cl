// OpenCL C with -save-temps and an optimization record. clang 19 declares the
// OpenCL builtins (-fdeclare-opencl-builtins) only in the preprocessing job,
// so the compile job of the saved .cli file does not know get_global_id;
// Debian's clang-19 fails the same way. Passing the flag to every job
// (-Xclang -fdeclare-opencl-builtins) works around it: the saved files come
// from the fork's pipeline (cf-meld and reconverge-cfg remarks in the record,
// no structurizer Flow blocks in the assembly) and the code object is the
// code an ordinary build gives (the saved-assembly path adds debug sections).

// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not clang --target=amdgcn-amd-amdhsa -mcpu=gfx90a -O3 -save-temps %s \
// RUN:   -o bare.co 2>&1 | FileCheck %s --check-prefix=BARE
// BARE: error: use of undeclared identifier 'get_global_id'

// RUN: clang --target=amdgcn-amd-amdhsa -mcpu=gfx90a -O3 %s -o plain.co
// RUN: clang --target=amdgcn-amd-amdhsa -mcpu=gfx90a -O3 -save-temps \
// RUN:   -Xclang -fdeclare-opencl-builtins -fsave-optimization-record %s -o k.co
// RUN: llvm-objdump -d --no-show-raw-insn plain.co | grep -v "file format" > plain.dis
// RUN: llvm-objdump -d --no-show-raw-insn k.co | grep -v "file format" > k.dis
// RUN: diff plain.dis k.dis
// RUN: FileCheck %s --check-prefix=REMARKS < %t/fork-opencl-save-temps.opt.yaml
// REMARKS-DAG: Pass: cf-meld
// REMARKS-DAG: Name: Melded
// REMARKS-DAG: Pass: reconverge-cfg
// RUN: FileCheck %s --check-prefix=ASM < %t/fork-opencl-save-temps.s
// ASM-LABEL: {{^}}pick:
// ASM-NOT:   %Flow
// ASM:       s_endpgm

__kernel void pick(__global const int *in, __global int *out) {
  int i = get_global_id(0), x = in[i], s = 0;
  // Two loops that differ in one constant on the sides of a divergent branch.
  if (x & 1)
    for (int j = 0; j < (i & 7); j++)
      s += x * j + 3;
  else
    for (int j = 0; j < (i & 7); j++)
      s += x * j - 5;
  out[i] = s;
}
