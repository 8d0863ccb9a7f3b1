; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs -amdgpu-cf-lowering=reconverge < %s | FileCheck %s --check-prefix=JL
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -verify-machineinstrs -amdgpu-cf-lowering=reconverge < %s | FileCheck %s --check-prefix=JL
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs -amdgpu-cf-lowering=reconverge -reconverge-cfg-joins-last=0 < %s | FileCheck %s --check-prefix=NOJL

; A stencil's boundary test in a loop over planes (HeCBench laplace3d at -O1):
; `if (i == 0 || i == nx - 1 || k == 0 || k == nz - 1 || j == ny - 1)`
; takes the boundary value, else the stencil. The first two compares are
; divergent (%lane_edge), the plane tests are uniform (SALU) and the last
; term divergent again, so %test_plane's branch is divergent too. Taken
; before the join %boundary (JL), the stencil sits with %test_plane inside
; the region of the branch on %lane_edge: a wave without an interior lane
; branches around the plane tests and the stencil together. Ordered the
; other way (NOJL), the region holds the plane tests alone, too short for
; SIPreEmitPeephole to keep its s_cbranch_execz, and such a wave runs them.

; JL-LABEL: {{^}}boundary_in_loop:
; JL:       ; %loop
; JL:       s_cbranch_execz [[FLOW:.LBB[0-9_]+]]
; JL-NEXT:  ; %bb.{{[0-9]+}}: ; %test_plane
; JL-NOT:   {{^.LBB}}
; JL:       s_cmp_eq_u32
; JL-NOT:   {{^.LBB}}
; JL:       s_cbranch_execz [[FLOW]]
; JL-NEXT:  ; %bb.{{[0-9]+}}: ; %stencil
; JL:       {{^}}[[FLOW]]:

; NOJL-LABEL: {{^}}boundary_in_loop:
; NOJL:       ; %loop
; NOJL:       s_and_saveexec_b64
; NOJL-NEXT:  ; %bb.{{[0-9]+}}: ; %test_plane
; NOJL:       s_cmp_eq_u32

define amdgpu_kernel void @boundary_in_loop(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %nx, i32 %ny, i32 %nz) {
entry:
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %nxm1 = add i32 %nx, -1
  %nzm1 = add i32 %nz, -1
  %i0 = icmp eq i32 %i, 0
  %i1 = icmp eq i32 %i, %nxm1
  %lane_edge = or i1 %i0, %i1
  %j = call i32 @llvm.amdgcn.workitem.id.y()
  %nym1 = add i32 %ny, -1
  %j1 = icmp eq i32 %j, %nym1
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %latch ]
  %plane = mul i32 %k, %nx
  %idx = add i32 %plane, %i
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i32 %idx
  br i1 %lane_edge, label %boundary, label %test_plane

test_plane:
  %k0 = icmp eq i32 %k, 0
  %k1 = icmp eq i32 %k, %nzm1
  %kb = or i1 %k0, %k1
  %b = or i1 %kb, %j1
  br i1 %b, label %boundary, label %stencil

boundary:
  %vb = load float, ptr addrspace(1) %p, align 4
  br label %latch

stencil:
  %pl = getelementptr inbounds float, ptr addrspace(1) %p, i32 -1
  %pr = getelementptr inbounds float, ptr addrspace(1) %p, i32 1
  %pd = getelementptr inbounds float, ptr addrspace(1) %p, i32 %nx
  %l = load float, ptr addrspace(1) %pl, align 4
  %r = load float, ptr addrspace(1) %pr, align 4
  %d = load float, ptr addrspace(1) %pd, align 4
  %s0 = fadd float %l, %r
  %s1 = fadd float %s0, %d
  %vs = fmul float %s1, 0x3FD5555560000000
  br label %latch

latch:
  %v = phi float [ %vb, %boundary ], [ %vs, %stencil ]
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i32 %idx
  store float %v, ptr addrspace(1) %q, align 4
  %k.next = add i32 %k, 1
  %done = icmp eq i32 %k.next, %nz
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()
