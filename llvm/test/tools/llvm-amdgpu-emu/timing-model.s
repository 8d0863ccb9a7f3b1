# The timing model (--timing) on a kernel whose cycles follow from its rules
# (docs/Emulator.md, "Timing model"): on gfx90a a CU's four SIMDs take issue
# turns one cycle apart, each every 4 cycles, and a wave issues at most one
# instruction per turn. One wave of ten independent VALU operations issues
# them at cycles 0, 4, ..., 36 and s_endpgm at 40. Four single-wave
# workgroups go one to each SIMD: the last, on SIMD 3, ends at 43. Eight
# share the SIMDs two by two; the two waves of a SIMD alternate on its VALU
# (one operation per turn), and the first's s_endpgm issues in the turn of
# the second's last operation: SIMD 3 ends at 3 + 4 * 20 = 83. With 200
# VGPRs two waves fit per SIMD (512 / 200), so sixteen waves take two rounds
# on one CU (163 cycles) and one round on two. Workgroups go to the CUs
# round-robin: eight single-wave workgroups on two CUs take one SIMD each
# (43 cycles), not two waves per SIMD of the first CU (83).

# RUN: sed -e 's/VGPRS/8/g' -e 's/ACC/8/g' %s > %t.8.s
# RUN: sed -e 's/VGPRS/200/g' -e 's/ACC/200/g' %s > %t.200.s
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj %t.8.s -o %t.8.o
# RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj %t.200.s -o %t.200.o
# RUN: ld.lld -shared %t.8.o -o %t.8.co
# RUN: ld.lld -shared %t.200.o -o %t.200.co
# RUN: llvm-amdgpu-emu --run --kernel=valu10 --grid=64 --block=64 --timing %t.8.co \
# RUN:   | FileCheck %s --check-prefix=ONE
# RUN: llvm-amdgpu-emu --run --kernel=valu10 --grid=256 --block=64 --timing %t.8.co \
# RUN:   | FileCheck %s --check-prefix=FOUR
# RUN: llvm-amdgpu-emu --run --kernel=valu10 --grid=512 --block=64 --timing \
# RUN:   --counters-json=%t.json %t.8.co | FileCheck %s --check-prefix=EIGHT
# RUN: FileCheck %s --check-prefix=JSON < %t.json
# RUN: llvm-amdgpu-emu --run --kernel=valu10 --grid=1024 --block=64 --timing \
# RUN:   %t.200.co | FileCheck %s --check-prefix=VGPRS
# RUN: llvm-amdgpu-emu --run --kernel=valu10 --grid=1024 --block=64 --timing \
# RUN:   --timing-cus=2 %t.200.co | FileCheck %s --check-prefix=TWOCUS
# RUN: llvm-amdgpu-emu --run --kernel=valu10 --grid=512 --block=64 --timing \
# RUN:   --timing-cus=2 %t.8.co | FileCheck %s --check-prefix=SPREAD
# Without --timing nothing is replayed.
# RUN: llvm-amdgpu-emu --run --kernel=valu10 --grid=64 --block=64 --counters \
# RUN:   %t.8.co | FileCheck %s --check-prefix=OFF
# RUN: llvm-amdgpu-emu --run --kernel=valu10 --grid=64 --block=64 \
# RUN:   --counters-json=%t.off.json %t.8.co
# RUN: FileCheck %s --check-prefix=OFF < %t.off.json

# ONE:      timing: 40 cycles on 1 CU
# ONE-NEXT:   occupancy 8 waves per SIMD (limited by waves), 32 workgroups per CU (limited by waves)
# ONE-NEXT:   mean waves per SIMD 0.25, VALU busy 0.2500
# ONE-NEXT:   stalls (wave-cycles): s_waitcnt 0, s_barrier 0
# FOUR:     timing: 43 cycles on 1 CU
# EIGHT:    timing: 83 cycles on 1 CU
# JSON:      "timing": {
# JSON-NEXT:   "barrier_stall_cycles": 0,
# JSON-NEXT:   "cycles": 83,
# JSON-NEXT:   "limited_by": "waves",
# VGPRS:    timing: 163 cycles on 1 CU
# VGPRS-NEXT: occupancy 2 waves per SIMD (limited by vgprs), 8 workgroups per CU (limited by vgprs)
# TWOCUS:   timing: 83 cycles on 2 CUs
# SPREAD:   timing: 43 cycles on 2 CUs
# OFF-NOT:  timing

  .amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
  .text
  .globl valu10
  .p2align 8
  .type valu10,@function
valu10:
  v_add_u32 v1, v1, v0
  v_add_u32 v1, v1, v0
  v_add_u32 v1, v1, v0
  v_add_u32 v1, v1, v0
  v_add_u32 v1, v1, v0
  v_add_u32 v1, v1, v0
  v_add_u32 v1, v1, v0
  v_add_u32 v1, v1, v0
  v_add_u32 v1, v1, v0
  v_add_u32 v1, v1, v0
  s_endpgm
.Lend:
  .size valu10, .Lend-valu10

  .rodata
  .p2align 6
  .amdhsa_kernel valu10
    .amdhsa_next_free_vgpr VGPRS
    .amdhsa_next_free_sgpr 16
    .amdhsa_accum_offset ACC
  .end_amdhsa_kernel

  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.target: amdgcn-amd-amdhsa--gfx90a
amdhsa.kernels:
  - .name: valu10
    .symbol: valu10.kd
    .kernarg_segment_size: 0
    .kernarg_segment_align: 4
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 64
    .sgpr_count: 16
    .vgpr_count: VGPRS
    .max_flat_workgroup_size: 64
...
  .end_amdgpu_metadata
