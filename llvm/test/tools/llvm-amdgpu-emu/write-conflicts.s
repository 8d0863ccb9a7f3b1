# --write-conflicts on a hand-written gfx90a kernel whose write-write races
# are known by construction: two workgroups of 128 work-items (two waves
# each). Every work-item stores 7 to word 0 (one value: no conflict) and
# its local ID & 1 to word 1 (the low byte alternates from store to store:
# 255 conflicting bytes over 256 stores, the first between work-items 0 and
# 1). Local work-item 0 of each group stores the group ID to word 2 (one
# conflict, between the two groups) and 5 to word 3 + group ID; local
# work-item 64 (the group's other wave) stores 6 there after an s_barrier,
# which orders the two stores: no conflict.

# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj %s -o %t.o
# RUN: ld.lld -shared %t.o -o %t.co
# RUN: llvm-amdgpu-emu --run --kernel=conflicts --grid=256 --block=128 \
# RUN:   --arg=buf:u32:5:fill:0 --dump=0 --write-conflicts \
# RUN:   --counters-json=%t.json %t.co | FileCheck %s
# RUN: FileCheck %s --check-prefix=JSON < %t.json
# RUN: llvm-amdgpu-emu --run --kernel=conflicts --grid=256 --block=128 \
# RUN:   --arg=buf:u32:5:fill:0 --counters-json=%t.off.json %t.co
# RUN: FileCheck %s --check-prefix=OFF < %t.off.json

# CHECK: 7 1 1 6 6
# CHECK: write conflicts: 256 bytes (first at 0x{{[0-9a-f]+}}4: work-items 0 then 1)
# JSON: "write_conflicts": 256
# OFF: "write_conflicts": 0

  .amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
  .text
  .globl conflicts
  .p2align 8
  .type conflicts,@function
conflicts:
  s_load_dwordx2 s[0:1], s[0:1], 0x0
  v_mov_b32 v1, 7
  v_and_b32 v2, 1, v0
  v_mov_b32 v4, 0
  s_lshl_b32 s6, s2, 2
  v_mov_b32 v6, s6
  s_waitcnt lgkmcnt(0)
  global_store_dword v4, v1, s[0:1]
  global_store_dword v4, v2, s[0:1] offset:4
  v_cmp_eq_u32 vcc, 0, v0
  s_and_saveexec_b64 s[4:5], vcc
  v_mov_b32 v3, s2
  global_store_dword v4, v3, s[0:1] offset:8
  v_mov_b32 v5, 5
  global_store_dword v6, v5, s[0:1] offset:12
  s_or_b64 exec, exec, s[4:5]
  s_barrier
  v_cmp_eq_u32 vcc, 64, v0
  s_and_saveexec_b64 s[4:5], vcc
  v_mov_b32 v5, 6
  global_store_dword v6, v5, s[0:1] offset:12
  s_or_b64 exec, exec, s[4:5]
  s_endpgm
.Lend:
  .size conflicts, .Lend-conflicts

  .rodata
  .p2align 6
  .amdhsa_kernel conflicts
    .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .amdhsa_system_sgpr_workgroup_id_x 1
    .amdhsa_next_free_vgpr 8
    .amdhsa_next_free_sgpr 16
    .amdhsa_accum_offset 8
  .end_amdhsa_kernel

  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.target: amdgcn-amd-amdhsa--gfx90a
amdhsa.kernels:
  - .name: conflicts
    .symbol: conflicts.kd
    .kernarg_segment_size: 8
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 64
    .sgpr_count: 16
    .vgpr_count: 8
    .max_flat_workgroup_size: 128
    .args:
      - .offset: 0
        .size: 8
        .value_kind: global_buffer
        .address_space: global
...
  .end_amdgpu_metadata
