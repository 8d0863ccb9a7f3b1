# The EXEC-write map (--divergence, "exec_writes" in --counters-json) on a
# hand-written gfx90a kernel whose divergence is known by construction: a
# loop of three iterations around two ifs. The first branches on lane & 1,
# so every visit splits the wave's 64 lanes 32 / 32; the second on
# lane < 100, true in every lane, so no visit is divergent. Each if's
# s_or_b64 exec brings the set-aside lanes back: a rejoin after a divergent
# visit only.

# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj %s -o %t.o
# RUN: ld.lld -shared %t.o -o %t.co
# RUN: llvm-amdgpu-emu --run --kernel=splits --grid=64 --block=64 --divergence \
# RUN:   --counters-json=%t.json %t.co | FileCheck %s
# RUN: FileCheck %s --check-prefix=JSON < %t.json

# CHECK:      exec writes: address, visits, divergent visits, average lanes kept, set aside (divergent visits), rejoins, instruction
# CHECK-NEXT: {{^ +[0-9a-f]+ +3 +3 +32.00 +32.00 +0  s_and_saveexec_b64 s\[2:3\], vcc$}}
# CHECK-NEXT: {{^ +[0-9a-f]+ +3 +0 +0.00 +0.00 +3  s_or_b64 exec, exec, s\[2:3\]$}}
# CHECK-NEXT: {{^ +[0-9a-f]+ +3 +0 +0.00 +0.00 +0  s_and_saveexec_b64 s\[2:3\], vcc$}}
# CHECK-NEXT: {{^ +[0-9a-f]+ +3 +0 +0.00 +0.00 +0  s_or_b64 exec, exec, s\[2:3\]$}}

# JSON:      "exec_writes": [
# JSON:        "divergent_visits": 3,
# JSON-NEXT:   "instruction": "s_and_saveexec_b64 s[2:3], vcc",
# JSON-NEXT:   "lanes_kept": 96,
# JSON-NEXT:   "lanes_set_aside": 96,
# JSON-NEXT:   "rejoins": 0,
# JSON-NEXT:   "visits": 3

  .amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
  .text
  .globl splits
  .p2align 8
  .type splits,@function
splits:
  s_mov_b32 s4, 3
.Lloop:
  v_and_b32 v1, 1, v0
  v_cmp_eq_u32 vcc, 1, v1
  s_and_saveexec_b64 s[2:3], vcc      // odd lanes
  v_add_u32 v2, v2, 1
  s_or_b64 exec, exec, s[2:3]
  v_cmp_gt_u32 vcc, 100, v0
  s_and_saveexec_b64 s[2:3], vcc      // every lane
  v_add_u32 v3, v3, 1
  s_or_b64 exec, exec, s[2:3]
  s_sub_u32 s4, s4, 1
  s_cmp_lg_u32 s4, 0
  s_cbranch_scc1 .Lloop
  s_endpgm
.Lend:
  .size splits, .Lend-splits

  .rodata
  .p2align 6
  .amdhsa_kernel splits
    .amdhsa_next_free_vgpr 8
    .amdhsa_next_free_sgpr 16
    .amdhsa_accum_offset 8
  .end_amdhsa_kernel

  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.target: amdgcn-amd-amdhsa--gfx90a
amdhsa.kernels:
  - .name: splits
    .symbol: splits.kd
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
