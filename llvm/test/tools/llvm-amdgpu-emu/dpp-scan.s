# DPP on a hand-written gfx90a kernel: the wave-wide inclusive prefix sum
# LLVM's atomic optimizer emits for gfx9 (row_shr:1, 2, 4 and 8 with
# bound_ctrl within each row of 16 lanes, then row_bcast:15 into rows 1 and
# 3 and row_bcast:31 into rows 2 and 3), each v_add_u32_dpp reading src0 from
# the register it writes, and wave_shr:1 making it exclusive. Summing 1 per
# lane gives lane + 1 (out[0..63]) and lane (out[64..127]).

# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj %s -o %t.o
# RUN: ld.lld -shared %t.o -o %t.co
# RUN: llvm-amdgpu-emu --run --kernel=scan --grid=64 --block=64 \
# RUN:   --arg=buf:u32:128:fill:0xdead --dump=0 %t.co | FileCheck %s

# CHECK:      final arg 0 (--arg=buf:u32:128:fill:0xdead):
# CHECK-NEXT:   1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
# CHECK-NEXT:   17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32
# CHECK-NEXT:   33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48
# CHECK-NEXT:   49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64
# CHECK-NEXT:   0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15
# CHECK-NEXT:   16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
# CHECK-NEXT:   32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47
# CHECK-NEXT:   48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63

  .amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
  .text
  .globl scan
  .p2align 8
  .type scan,@function
scan:
  s_load_dwordx2 s[0:1], s[0:1], 0x0
  v_mov_b32 v1, 1
  s_nop 1
  v_add_u32_dpp v1, v1, v1 row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1
  s_nop 1
  v_add_u32_dpp v1, v1, v1 row_shr:2 row_mask:0xf bank_mask:0xf bound_ctrl:1
  s_nop 1
  v_add_u32_dpp v1, v1, v1 row_shr:4 row_mask:0xf bank_mask:0xf bound_ctrl:1
  s_nop 1
  v_add_u32_dpp v1, v1, v1 row_shr:8 row_mask:0xf bank_mask:0xf bound_ctrl:1
  s_nop 1
  v_add_u32_dpp v1, v1, v1 row_bcast:15 row_mask:0xa bank_mask:0xf
  s_nop 1
  v_add_u32_dpp v1, v1, v1 row_bcast:31 row_mask:0xc bank_mask:0xf
  s_nop 1
  v_mov_b32_dpp v3, v1 wave_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1
  v_lshlrev_b32 v2, 2, v0
  s_waitcnt lgkmcnt(0)
  global_store_dword v2, v1, s[0:1]
  global_store_dword v2, v3, s[0:1] offset:256
  s_endpgm
.Lend:
  .size scan, .Lend-scan

  .rodata
  .p2align 6
  .amdhsa_kernel scan
    .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .amdhsa_next_free_vgpr 8
    .amdhsa_next_free_sgpr 16
    .amdhsa_accum_offset 8
  .end_amdhsa_kernel

  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.target: amdgcn-amd-amdhsa--gfx90a
amdhsa.kernels:
  - .name: scan
    .symbol: scan.kd
    .kernarg_segment_size: 8
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 64
    .sgpr_count: 16
    .vgpr_count: 8
    .max_flat_workgroup_size: 64
    .args:
      - .offset: 0
        .size: 8
        .value_kind: global_buffer
        .address_space: global
...
  .end_amdgpu_metadata
