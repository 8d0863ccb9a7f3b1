# The lane-redundancy counters on a hand-written gfx90a kernel whose counts
# are known by construction: a VALU instruction is lane-redundant when it ran
# with two or more active lanes and left one value in each (every dword of
# its VGPR destination, and its lane mask: a compare's VCC or sdst, a
# carry-out); single-lane when it ran with one. v_readfirstlane has no
# per-lane result and counts as neither.

# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj %s -o %t.o
# RUN: ld.lld -shared %t.o -o %t.co
# RUN: llvm-amdgpu-emu --run --kernel=redund --grid=64 --block=64 --counters \
# RUN:   --blocks %t.co | FileCheck %s
# RUN: llvm-amdgpu-emu --run --kernel=redund --grid=64 --block=64 \
# RUN:   --counters-json=%t.json --blocks --uniform-vgprs %t.co \
# RUN:   | FileCheck %s --check-prefix=UNIFORM
# RUN: FileCheck %s --check-prefix=JSON < %t.json
# RUN: llvm-amdgpu-emu --run --kernel=redund --grid=64 --block=64 --redundancy \
# RUN:   --counters-json=%t.red.json %t.co | FileCheck %s --check-prefix=BYINST
# RUN: FileCheck %s --check-prefix=BYINST-JSON < %t.red.json

# 13 VALU instructions, 5 lane-redundant, 2 single-lane.
# CHECK:      valu{{ +}}13
# CHECK:      lane-redundant-valu 5 (0.3846 of VALU), single-lane-valu 2
# CHECK:      blocks: address, instructions, wave entries, average active lanes, wave-instructions, lane-redundant VALU, single-lane VALU{{$}}
# CHECK-NEXT: {{ +[0-9a-f]+ +9 +1 +64.00 +9 +4 +0$}}
# CHECK-NEXT: {{ +[0-9a-f]+ +10 +1 +64.00 +10 +1 +2$}}

# With --uniform-vgprs: at the first block's entry the wave has written only
# v0 (packed work-item IDs, different in each lane); at the second's, v0-v4,
# of which v1 (5) and v3 (10) are uniform.
# UNIFORM: blocks: {{.*}}, average uniform VGPRs at entry
# UNIFORM-NEXT: {{ +[0-9a-f]+ +9 +1 +64.00 +9 +4 +0 +0.00$}}
# UNIFORM-NEXT: {{ +[0-9a-f]+ +10 +1 +64.00 +10 +1 +2 +2.00$}}

# --redundancy: the five lane-redundant instructions, one execution each, and
# the same by opcode; the others are absent.
# BYINST:      lane-redundant VALU by instruction: address, executions, lane-redundant, instruction
# BYINST-NEXT: {{ +[0-9a-f]+ +1 +1  v_mov_b32_e32 v1, 5$}}
# BYINST-NEXT: {{ +[0-9a-f]+ +1 +1  v_add_u32_e32 v3, v1, v1$}}
# BYINST-NEXT: {{ +[0-9a-f]+ +1 +1  v_cmp_gt_u32_e32 vcc, 0x64, v0$}}
# BYINST-NEXT: {{ +[0-9a-f]+ +1 +1  v_add_co_u32_e32 v4, vcc, v1, v1$}}
# BYINST-NEXT: {{ +[0-9a-f]+ +1 +1  v_lshrrev_b32_e32 v6, 1, v0$}}
# BYINST-NEXT: lane-redundant VALU by opcode: lane-redundant, opcode
# BYINST-NEXT: {{ +1  v_mov_b32_e32$}}
# BYINST-NEXT: {{ +1  v_add_u32_e32$}}
# BYINST-NEXT: {{ +1  v_cmp_gt_u32_e32$}}
# BYINST-NEXT: {{ +1  v_add_co_u32_e32$}}
# BYINST-NEXT: {{ +1  v_lshrrev_b32_e32$}}
# BYINST-JSON:      "redundant_instructions": [
# BYINST-JSON:        "instruction": "v_mov_b32_e32 v1, 5",
# BYINST-JSON-NEXT:   "lane_redundant_valu": 1
# BYINST-JSON-COUNT-4: "lane_redundant_valu": 1
# BYINST-JSON-NOT:    "lane_redundant_valu": 1

# JSON:      "blocks": [
# JSON:        "lane_redundant_valu": 4,
# JSON-NEXT:   "single_lane_valu": 0,
# JSON-NEXT:   "uniform_vgprs": 0
# JSON:        "lane_redundant_valu": 1,
# JSON-NEXT:   "single_lane_valu": 2,
# JSON-NEXT:   "uniform_vgprs": 2
# JSON:      "lane_redundant_valu": 5,
# JSON:      "single_lane_valu": 2,

  .amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
  .text
  .globl redund
  .p2align 8
  .type redund,@function
redund:
  v_mov_b32 v1, 5                      // redundant: 5 in every lane
  v_add_u32 v2, v0, v1                 // lane id + 5
  v_add_u32 v3, v1, v1                 // redundant: 10
  v_cmp_gt_u32 vcc, 100, v0            // redundant: true in every lane
  v_cmp_gt_u32 vcc, 32, v0             // lanes 0-31
  v_cmp_gt_u32_e64 s[2:3], 32, v0      // lanes 0-31, in sdst
  v_add_co_u32 v4, vcc, v1, v1         // redundant: 10, no carry anywhere
  v_add_co_u32 v4, vcc, -1, v0         // carry out of lanes 1-63 only
  s_branch .Lnext
.Lnext:
  v_readfirstlane_b32 s4, v0           // not counted
  s_mov_b64 exec, 1
  v_mov_b32 v5, v0                     // single lane
  v_add_u32 v5, v0, 1                  // single lane
  s_mov_b64 exec, 3
  v_mov_b32 v6, v0                     // lanes 0 and 1: 0 and 1
  v_lshrrev_b32 v6, 1, v0              // redundant: 0 in lanes 0 and 1
  s_mov_b64 exec, -1
  s_nop 0
  s_endpgm
.Lend:
  .size redund, .Lend-redund

  .rodata
  .p2align 6
  .amdhsa_kernel redund
    .amdhsa_next_free_vgpr 8
    .amdhsa_next_free_sgpr 16
    .amdhsa_accum_offset 8
  .end_amdhsa_kernel

  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.target: amdgcn-amd-amdhsa--gfx90a
amdhsa.kernels:
  - .name: redund
    .symbol: redund.kd
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
