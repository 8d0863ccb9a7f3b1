# Edge cases of the instruction semantics, on a hand-written gfx90a kernel:
# scalar carry chains and SCC, vector carries in VCC, partial EXEC (inactive
# lanes keep their values), EXEC = 0 with s_cbranch_execz, and SCC from
# s_and_saveexec. Results are stored to the output buffer and dumped.

# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj %s -o %t.o
# RUN: ld.lld -shared %t.o -o %t.co
# RUN: llvm-amdgpu-emu --run --kernel=edge --grid=64 --block=64 \
# RUN:   --arg=buf:u32:192:fill:0xdead --dump=0 --counters %t.co | FileCheck %s

# out[0], out[1]: 0xffffffff + 1 = 0 with SCC = 1; then 0 + 0 + SCC = 1.
# out[2]: SCC after s_and_saveexec that leaves EXEC = 0 is 0 (stored as 5+SCC).
# out[3]: 0x80000000 - 1 signed overflow sets SCC (s_sub_i32): 1.
# CHECK:      final arg 0 (--arg=buf:u32:192:fill:0xdead):
# CHECK-NEXT:   0 1 5 1 100 100 100 100 7 7 7 7 7 7 7 7
# out[4..67]: lanes 0-3 wrote 100 under partial EXEC, the rest kept 7.
# CHECK-NEXT:   7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7
# CHECK-NEXT:   7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7
# CHECK-NEXT:   7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7
# out[68..131]: carry of 0xffffffff + lane, through v_addc: lane 0 -> 0, else 1.
# CHECK-NEXT:   7 7 7 7 0 1 1 1 1 1 1 1 1 1 1 1
# CHECK:      counters: 1 workgroups, 1 waves (wave64)
# CHECK:        exec-branches taken 1, not taken 1

  .amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
  .text
  .globl edge
  .p2align 8
  .type edge,@function
edge:
  s_load_dwordx2 s[0:1], s[0:1], 0x0
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v2, 0
  s_mov_b32 s2, -1
  s_add_u32 s3, s2, 1
  s_addc_u32 s4, 0, 0
  v_mov_b32 v3, s3
  global_store_dword v2, v3, s[0:1]
  v_mov_b32 v3, s4
  global_store_dword v2, v3, s[0:1] offset:4
  s_brev_b32 s5, 1
  s_sub_i32 s5, s5, 1
  s_cselect_b32 s5, 1, 0
  v_mov_b32 v3, s5
  global_store_dword v2, v3, s[0:1] offset:12

  # Partial EXEC: lanes 0-3 take the branch.
  v_mov_b32 v4, 7
  v_cmp_gt_u32 vcc, 4, v0
  s_and_saveexec_b64 s[6:7], vcc
  s_cbranch_execz .Lskip1
  v_mov_b32 v4, 100
.Lskip1:
  s_or_b64 exec, exec, s[6:7]
  v_lshlrev_b32 v5, 2, v0
  global_store_dword v5, v4, s[0:1] offset:16

  # EXEC = 0: the branch is taken, and SCC reports the empty mask.
  s_mov_b64 vcc, 0
  s_and_saveexec_b64 s[6:7], vcc
  s_cselect_b32 s8, 6, 5
  s_cbranch_execz .Lskip2
  v_mov_b32 v4, 999
.Lskip2:
  s_or_b64 exec, exec, s[6:7]
  v_mov_b32 v3, s8
  global_store_dword v2, v3, s[0:1] offset:8

  # Vector carries through VCC.
  v_add_co_u32 v6, vcc, -1, v0
  v_addc_co_u32 v7, vcc, 0, 0, vcc
  global_store_dword v5, v7, s[0:1] offset:272
  s_endpgm
.Lend:
  .size edge, .Lend-edge

  .rodata
  .p2align 6
  .amdhsa_kernel edge
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
  - .name: edge
    .symbol: edge.kd
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
