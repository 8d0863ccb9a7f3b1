; When a region is versioned before melding (ControlFlowMeldingVersioning.cpp):
; only if the target can test whether the lanes agree (the generic cf-meld
; cannot), if its meld adds at least -cf-meld-version-factor (10) times the
; test's 4 instructions, if the region is at most -cf-meld-version-max-size
; instructions and the function's budget (-cf-meld-version-growth percent of
; its instructions) allows the copy, if every block of the region is entered
; through the divergent branch, if the block of the branch can be split, and
; if the function uses no convergence control tokens. A region left unversioned is still melded.
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=amdgpu-cf-meld -pass-remarks=cf-meld -pass-remarks-missed=cf-meld -disable-output < %s 2>&1 | FileCheck %s --check-prefix=DEFAULT
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=amdgpu-cf-meld -cf-meld-version-factor=1 -pass-remarks=cf-meld -pass-remarks-missed=cf-meld -disable-output < %s 2>&1 | FileCheck %s --check-prefix=FACTOR1
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=amdgpu-cf-meld -cf-meld-version-factor=1 -cf-meld-version=0 -pass-remarks=cf-meld -pass-remarks-missed=cf-meld -disable-output < %s 2>&1 | FileCheck %s --check-prefix=OFF
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=cf-meld -cf-meld-version-factor=1 -pass-remarks=cf-meld -pass-remarks-missed=cf-meld -disable-output < %s 2>&1 | FileCheck %s --check-prefix=OFF
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=amdgpu-cf-meld,verify -cf-meld-version-factor=1 -disable-output < %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=amdgpu-cf-meld -cf-meld-version-factor=1 -cf-meld-version-growth=0 -pass-remarks=cf-meld -pass-remarks-missed=cf-meld -disable-output < %s 2>&1 | FileCheck %s --check-prefix=BUDGET
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=amdgpu-cf-meld -cf-meld-version-factor=1 -cf-meld-version-max-size=7 -pass-remarks=cf-meld -pass-remarks-missed=cf-meld -disable-output < %s 2>&1 | FileCheck %s --check-prefix=SIZE

; The meld adds 6 (six selects of constants): below 10 x 4 by default.
; DEFAULT-NOT: versioned
; DEFAULT: remark: <unknown>:0:0: melded basic-block-basic-block with profitability 0.50: 4 aligned pairs, 6 selects
; FACTOR1: remark: <unknown>:0:0: region of 2 blocks versioned: wavefronts whose lanes all take one side run a copy of it, for which melding would add 6 instructions per execution
; FACTOR1-NEXT: remark: <unknown>:0:0: melded basic-block-basic-block with profitability 0.50: 4 aligned pairs, 6 selects
; OFF-NOT: versioned
; OFF: remark: <unknown>:0:0: melded basic-block-basic-block
; BUDGET: remark: <unknown>:0:0: region not versioned for agreeing lanes (its meld adds 6 instructions per execution): the function's versioning budget is spent
; BUDGET-NEXT: remark: <unknown>:0:0: melded basic-block-basic-block
; The region has 10 instructions (8 and two branches).
; SIZE: remark: <unknown>:0:0: region not versioned for agreeing lanes (its meld adds 6 instructions per execution): the region is too large to copy
; SIZE-NEXT: remark: <unknown>:0:0: melded basic-block-basic-block
define amdgpu_kernel void @two_ranges(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pin = getelementptr inbounds float, ptr addrspace(1) %in, i32 %tid
  %t = load float, ptr addrspace(1) %pin, align 4
  %high = fcmp ogt float %t, 1.0
  br i1 %high, label %hi, label %lo

hi:
  %h0 = call float @llvm.fmuladd.f32(float %t, float 0.5, float 3.25)
  %h1 = call float @llvm.fmuladd.f32(float %t, float %h0, float -0.125)
  %h2 = call float @llvm.fmuladd.f32(float %t, float 2.25, float 3.0)
  %h3 = call float @llvm.fmuladd.f32(float %t, float %h2, float -0.1875)
  br label %join

lo:
  %l0 = call float @llvm.fmuladd.f32(float %t, float 8.0, float 2.375)
  %l1 = call float @llvm.fmuladd.f32(float %t, float %l0, float -19.5)
  %l2 = call float @llvm.fmuladd.f32(float %t, float -2.0625, float 4.25)
  %l3 = call float @llvm.fmuladd.f32(float %t, float %l2, float 6.5)
  br label %join

join:
  %a = phi float [ %h1, %hi ], [ %l1, %lo ]
  %b = phi float [ %h3, %hi ], [ %l3, %lo ]
  %sum = fadd float %a, %b
  %pout = getelementptr inbounds float, ptr addrspace(1) %out, i32 %tid
  store float %sum, ptr addrspace(1) %pout, align 4
  ret void
}

; %mid, between the branch and its post-dominator %join, is also entered
; from %other: a copy of the region could not be entered from both.
; FACTOR1: remark: <unknown>:0:0: region not versioned for agreeing lanes (its meld adds 6 instructions per execution): a block of the region is entered from outside it
; FACTOR1-NEXT: remark: <unknown>:0:0: melded basic-block-basic-block
define amdgpu_kernel void @side_entry(ptr addrspace(1) %in, ptr addrspace(1) %out, i1 %u) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pin = getelementptr inbounds float, ptr addrspace(1) %in, i32 %tid
  %t = load float, ptr addrspace(1) %pin, align 4
  br i1 %u, label %test, label %other

test:
  %high = fcmp ogt float %t, 1.0
  br i1 %high, label %hi, label %lo

hi:
  %h0 = call float @llvm.fmuladd.f32(float %t, float 0.5, float 3.25)
  %h1 = call float @llvm.fmuladd.f32(float %t, float %h0, float -0.125)
  %h2 = call float @llvm.fmuladd.f32(float %t, float 2.25, float 3.0)
  %h3 = call float @llvm.fmuladd.f32(float %t, float %h2, float -0.1875)
  %hs = fadd float %h1, %h3
  br label %mid

lo:
  %l0 = call float @llvm.fmuladd.f32(float %t, float 8.0, float 2.375)
  %l1 = call float @llvm.fmuladd.f32(float %t, float %l0, float -19.5)
  %l2 = call float @llvm.fmuladd.f32(float %t, float -2.0625, float 4.25)
  %l3 = call float @llvm.fmuladd.f32(float %t, float %l2, float 6.5)
  %ls = fadd float %l1, %l3
  br label %join

other:
  br label %mid

mid:
  %m = phi float [ %hs, %hi ], [ %t, %other ]
  br label %join

join:
  %sum = phi float [ %m, %mid ], [ %ls, %lo ]
  %pout = getelementptr inbounds float, ptr addrspace(1) %out, i32 %tid
  store float %sum, ptr addrspace(1) %pout, align 4
  ret void
}

; A function whose convergent operations are controlled by tokens cannot
; take the agreement test's uncontrolled ballots (the verifier forbids the
; mix).
; FACTOR1: remark: <unknown>:0:0: region not versioned for agreeing lanes (its meld adds 6 instructions per execution): the function uses convergence control tokens
; FACTOR1-NEXT: remark: <unknown>:0:0: melded basic-block-basic-block
define amdgpu_kernel void @convergence_tokens(ptr addrspace(1) %in, ptr addrspace(1) %out) convergent {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pin = getelementptr inbounds float, ptr addrspace(1) %in, i32 %tid
  %t = load float, ptr addrspace(1) %pin, align 4
  %high = fcmp ogt float %t, 1.0
  br i1 %high, label %hi, label %lo

hi:
  %h0 = call float @llvm.fmuladd.f32(float %t, float 0.5, float 3.25)
  %h1 = call float @llvm.fmuladd.f32(float %t, float %h0, float -0.125)
  %h2 = call float @llvm.fmuladd.f32(float %t, float 2.25, float 3.0)
  %h3 = call float @llvm.fmuladd.f32(float %t, float %h2, float -0.1875)
  br label %join

lo:
  %l0 = call float @llvm.fmuladd.f32(float %t, float 8.0, float 2.375)
  %l1 = call float @llvm.fmuladd.f32(float %t, float %l0, float -19.5)
  %l2 = call float @llvm.fmuladd.f32(float %t, float -2.0625, float 4.25)
  %l3 = call float @llvm.fmuladd.f32(float %t, float %l2, float 6.5)
  br label %join

join:
  %a = phi float [ %h1, %hi ], [ %l1, %lo ]
  %b = phi float [ %h3, %hi ], [ %l3, %lo ]
  %sum = fadd float %a, %b
  %pout = getelementptr inbounds float, ptr addrspace(1) %out, i32 %tid
  store float %sum, ptr addrspace(1) %pout, align 4
  ret void
}

; The block of the branch is split before its branch; an indirectbr cannot
; be redirected to the new half.
; FACTOR1: remark: <unknown>:0:0: region not versioned for agreeing lanes (its meld adds 6 instructions per execution): the block of the branch cannot be split
; FACTOR1-NEXT: remark: <unknown>:0:0: melded basic-block-basic-block
define amdgpu_kernel void @indirect_entry(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pin = getelementptr inbounds float, ptr addrspace(1) %in, i32 %tid
  %t = load float, ptr addrspace(1) %pin, align 4
  indirectbr ptr blockaddress(@indirect_entry, %test), [label %test]

test:
  %high = fcmp ogt float %t, 1.0
  br i1 %high, label %hi, label %lo

hi:
  %h0 = call float @llvm.fmuladd.f32(float %t, float 0.5, float 3.25)
  %h1 = call float @llvm.fmuladd.f32(float %t, float %h0, float -0.125)
  %h2 = call float @llvm.fmuladd.f32(float %t, float 2.25, float 3.0)
  %h3 = call float @llvm.fmuladd.f32(float %t, float %h2, float -0.1875)
  br label %join

lo:
  %l0 = call float @llvm.fmuladd.f32(float %t, float 8.0, float 2.375)
  %l1 = call float @llvm.fmuladd.f32(float %t, float %l0, float -19.5)
  %l2 = call float @llvm.fmuladd.f32(float %t, float -2.0625, float 4.25)
  %l3 = call float @llvm.fmuladd.f32(float %t, float %l2, float 6.5)
  br label %join

join:
  %a = phi float [ %h1, %hi ], [ %l1, %lo ]
  %b = phi float [ %h3, %hi ], [ %l3, %lo ]
  %sum = fadd float %a, %b
  %pout = getelementptr inbounds float, ptr addrspace(1) %out, i32 %tid
  store float %sum, ptr addrspace(1) %pout, align 4
  ret void
}

declare token @llvm.experimental.convergence.entry()
declare i32 @llvm.amdgcn.workitem.id.x()
declare float @llvm.fmuladd.f32(float, float, float)
