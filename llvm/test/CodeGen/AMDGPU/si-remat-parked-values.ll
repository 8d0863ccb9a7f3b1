; Lanes that %b6 parks at %Flow7 (the rejoin after the %b1/%b6 loop) wait
; while the wave runs %b1 again for the other lanes. After instruction
; selection %b3's compare is the same as %b1's, and MachineCSE makes %b3 read
; %b1's lane mask, whose bits of the waiting lanes the later iterations
; clear. SIRematParkedValues compares again in %b3, with a remark; the
; emulator run of this kernel is ../../tools/llvm-amdgpu-emu/reconverge-remat-parked-values.test.
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -O2 -verify-machineinstrs -stop-after=si-remat-parked-values -pass-remarks=si-remat-parked-values < %S/../../tools/llvm-amdgpu-emu/Inputs/reconverge-remat-parked-values.ll 2> %t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -O2 -verify-machineinstrs -stop-before=si-remat-parked-values < %S/../../tools/llvm-amdgpu-emu/Inputs/reconverge-remat-parked-values.ll | FileCheck %s --check-prefix=BEFORE
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -O2 -debug-pass=Structure -o /dev/null < %S/../../tools/llvm-amdgpu-emu/Inputs/reconverge-remat-parked-values.ll 2>&1 | FileCheck %s --check-prefix=PIPELINE
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -O2 -amdgpu-cf-lowering=structurize -debug-pass=Structure -o /dev/null < %S/../../tools/llvm-amdgpu-emu/Inputs/reconverge-remat-parked-values.ll 2>&1 | FileCheck %s --check-prefix=STRUCTURIZE

; REMARK: remark: <unknown>:0:0: recomputed a scalar value of %bb.3 for lanes that waited at %bb.5 while the wave ran it again
; REMARK-NOT: remark

; BEFORE:      bb.3.b1:
; BEFORE:        [[M:%[0-9]+]]:sreg_64 = V_CMP_NE_U32_e64 0, [[X:%[0-9]+]], implicit $exec
; BEFORE:      bb.6.b3:
; BEFORE-NOT:    V_CMP_NE_U32_e64
; BEFORE:        S_AND_B64 [[M]], $exec

; CHECK:       bb.3.b1:
; CHECK:         [[M:%[0-9]+]]:sreg_64 = V_CMP_NE_U32_e64 0, [[X:%[0-9]+]], implicit $exec
; CHECK:       bb.6.b3:
; CHECK:         [[N:%[0-9]+]]:sreg_64 = V_CMP_NE_U32_e64 0, [[X]], implicit $exec
; CHECK-NEXT:    S_AND_B64 [[N]], $exec

; The pass only runs with the reconverging lowering.
; PIPELINE: SI rematerialize values for parked lanes
; STRUCTURIZE-NOT: SI rematerialize values for parked lanes
