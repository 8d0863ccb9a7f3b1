# --trace prints the scalar registers an instruction wrote under the
# instruction's line: SALU and SMEM destinations, the lane mask of a VOP3
# compare, and the result of v_readlane (whose destination is in the VOP3
# vdst field), with the first register's number and one word per register.
# Vector results are printed only for --trace-lane, scalar ones always.

# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj %s -o %t.o
# RUN: ld.lld -shared %t.o -o %t.co
# RUN: llvm-amdgpu-emu --run --kernel=scalars --grid=64 --block=64 --trace \
# RUN:   %t.co | FileCheck %s

# CHECK:      wave 0 exec 0xffffffffffffffff {{.*}}: s_mov_b64 s[4:5], -1
# CHECK-NEXT:     s4: 0xffffffff 0xffffffff
# CHECK-NEXT: wave 0 {{.*}}: s_mov_b32 s6, 0x1234
# CHECK-NEXT:     s6: 0x00001234
# CHECK-NEXT: wave 0 {{.*}}: v_cmp_gt_u32_e64 s[8:9], 40, v0
# CHECK-NEXT:     s8: 0xffffffff 0x000000ff
# CHECK-NEXT: wave 0 {{.*}}: v_add_u32_e32 v1, 7, v0
# CHECK-NEXT: wave 0 {{.*}}: v_readlane_b32 s10, v1, 5
# CHECK-NEXT:     s10: 0x0000000c
# CHECK-NEXT: wave 0 {{.*}}: s_and_b64 exec, exec, s[8:9]
# CHECK-NEXT:     s126: 0xffffffff 0x000000ff
# CHECK-NEXT: wave 0 exec 0x000000ffffffffff {{.*}}: s_endpgm

  .amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
  .text
  .globl scalars
  .p2align 8
  .type scalars,@function
scalars:
  s_mov_b64 s[4:5], -1
  s_mov_b32 s6, 0x1234
  v_cmp_gt_u32_e64 s[8:9], 40, v0
  v_add_u32 v1, 7, v0
  v_readlane_b32 s10, v1, 5
  s_and_b64 exec, exec, s[8:9]
  s_endpgm
.Lend:
  .size scalars, .Lend-scalars

  .rodata
  .p2align 6
  .amdhsa_kernel scalars
    .amdhsa_next_free_vgpr 8
    .amdhsa_next_free_sgpr 16
    .amdhsa_accum_offset 8
  .end_amdhsa_kernel

  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.target: amdgcn-amd-amdhsa--gfx90a
amdhsa.kernels:
  - .name: scalars
    .symbol: scalars.kd
    .kernarg_segment_size: 0
    .kernarg_segment_align: 4
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 64
    .sgpr_count: 16
    .vgpr_count: 8
    .max_flat_workgroup_size: 64
...
  .end_amdgpu_metadata
