; The net-benefit check (estimateCost): with both sides of the branch
; running, a meld must save more issued instructions than it adds.
;   saved: each aligned pair (weighted by what the backend expands it into:
;          an integer division by a variable is about 24 instructions;
;          nothing for a pair the backend folds into its users, such as a
;          constant-offset GEP or an fneg), and the EXEC-mask code of the
;          branch for each side the meld absorbs (-cf-meld-run-overhead, one
;          less if the side is short enough that the backend drops its skip
;          branch);
;   added: a select per differing operand (two if both are uniform, eight
;          for a 64-bit pointer, which loses SGPR-base addressing), per use
;          the immediate offsets a selected address part loses (an add per
;          side, one for a selected constant, a v_mov more if both
;          constants are literals), a select per exit PHI whose incoming
;          values differ, -cf-meld-run-overhead per unaligned run.
; The analysis remark NetBenefit gives both sums for every estimate.
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=amdgpu-cf-meld -pass-remarks-missed=cf-meld -pass-remarks-analysis=cf-meld -disable-output < %s 2>&1 | FileCheck %s --check-prefix=GUARD
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=amdgpu-cf-meld -cf-meld-run-overhead=0 -pass-remarks=cf-meld -disable-output < %s 2>&1 | FileCheck %s --check-prefix=OFF
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=amdgpu-cf-meld -S < %s | FileCheck %s --check-prefix=IR

; The two sides share their shape but differ in every constant and address,
; so the profitability (which weighs the loads by their latency) is high.
; Yet four pairs (4) and the EXEC-mask code of two absorbed sides that load
; (3 + 3) save 10, while the address select (8) and three constant selects
; add 11: rejected by default, done with the check off.
; GUARD: remark: <unknown>:0:0: melding then and else saves an estimated 10 issued instructions and adds 11
; GUARD: remark: <unknown>:0:0: melding then and else saves 10 instructions but its selects and unpredicated runs add 11
; OFF: remark: <unknown>:0:0: melded basic-block-basic-block with profitability {{.*}}: 4 aligned pairs, 4 selects, 0 unpredicated runs
; IR-LABEL: define amdgpu_kernel void @differ_everywhere(
; IR:       then:
; IR:       else:
; IR-NOT:   select

; The same shape with shared constants: only the address differs, one
; pointer select (8) for the same saving (10), so it is melded.
; GUARD: remark: <unknown>:0:0: melding then2 and else2 saves an estimated 10 issued instructions and adds 8
; GUARD-NOT: melding then2 and else2 saves 10 instructions but
; OFF: remark: <unknown>:0:0: melded basic-block-basic-block
; IR-LABEL: define amdgpu_kernel void @differ_in_address(
; IR:         select i1 %c, ptr addrspace(1) %pa, ptr addrspace(1) %pb

; One integer division by a variable on each side: the pair saves a whole
; software division (24) and the two short sides their EXEC-mask code
; (2 + 2); the divisors are uniform arguments, so their select costs 2.
; GUARD: remark: <unknown>:0:0: melding then3 and else3 saves an estimated 28 issued instructions and adds 2
; IR-LABEL: define amdgpu_kernel void @division(
; IR:         select i1 %c, i32 %da, i32 %db
; IR:         udiv i32

; Equal code whose results leave through different exit PHIs: the add and
; the store pair up (2) and both sides are absorbed (3 + 3), but each exit
; PHI that tells the sides apart becomes a select (1 + 1), the uniform
; addends need one (2) and the store address another (8): 8 against 12.
; GUARD: remark: <unknown>:0:0: melding then4 and else4 saves an estimated 8 issued instructions and adds 12
; GUARD: remark: <unknown>:0:0: melding then4 and else4 saves 8 instructions but its selects and unpredicated runs add 12
; IR-LABEL: define amdgpu_kernel void @exit_phis(
; IR:       then4:
; IR:       else4:

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @differ_everywhere(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 16
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %tid
  %pb = getelementptr i32, ptr addrspace(1) %b, i32 %tid
  br i1 %c, label %then, label %else
then:
  %x = load i32, ptr addrspace(1) %pa
  %x1 = mul i32 %x, 3
  %x2 = add i32 %x1, 7
  %x3 = xor i32 %x2, 5
  br label %join
else:
  %y = load i32, ptr addrspace(1) %pb
  %y1 = mul i32 %y, 5
  %y2 = add i32 %y1, 9
  %y3 = xor i32 %y2, 3
  br label %join
join:
  %v = phi i32 [ %x3, %then ], [ %y3, %else ]
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %po
  ret void
}

define amdgpu_kernel void @differ_in_address(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 16
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %tid
  %pb = getelementptr i32, ptr addrspace(1) %b, i32 %tid
  br i1 %c, label %then2, label %else2
then2:
  %x = load i32, ptr addrspace(1) %pa
  %x1 = mul i32 %x, 3
  %x2 = add i32 %x1, 7
  %x3 = xor i32 %x2, 5
  br label %join
else2:
  %y = load i32, ptr addrspace(1) %pb
  %y1 = mul i32 %y, 3
  %y2 = add i32 %y1, 7
  %y3 = xor i32 %y2, 5
  br label %join
join:
  %v = phi i32 [ %x3, %then2 ], [ %y3, %else2 ]
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %po
  ret void
}

define amdgpu_kernel void @division(ptr addrspace(1) %out, i32 %da, i32 %db) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then3, label %else3
then3:
  %x = udiv i32 %tid, %da
  br label %join
else3:
  %y = udiv i32 %tid, %db
  br label %join
join:
  %v = phi i32 [ %x, %then3 ], [ %y, %else3 ]
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %po
  ret void
}

define amdgpu_kernel void @exit_phis(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b, i32 %s, i32 %t) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 16
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %tid
  %pb = getelementptr i32, ptr addrspace(1) %b, i32 %tid
  br i1 %c, label %then4, label %else4
then4:
  %x1 = add i32 %tid, %s
  store i32 %x1, ptr addrspace(1) %pa
  br label %join
else4:
  %y1 = add i32 %tid, %t
  store i32 %y1, ptr addrspace(1) %pb
  br label %join
join:
  %u = phi i32 [ %x1, %then4 ], [ 0, %else4 ]
  %w = phi i32 [ 0, %then4 ], [ %y1, %else4 ]
  %v = add i32 %u, %w
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %po
  ret void
}

; Basic-block/region: the single block `f` melds with `t0`, the entry of the
; if-then region on the other side. The meld covers both sides from the
; divergent branch to the join, so the branch goes away (3 + 3); the address
; computations and the loads pair (2). Added: the select of the two LDS
; base addresses (2: both uniform) and the select that the region's branch
; takes: the replica heads for the exit, `select C, %q, false`, one s_and
; of lane masks (1; a select of two lane masks costs 3). Saves 8, adds 3;
; without the branch, 2 against 3, rejected.
; GUARD: remark: <unknown>:0:0: melding t0 and f saves an estimated 8 issued instructions and adds 3
; GUARD-NOT: melding t0 and f saves 8 instructions
define amdgpu_kernel void @block_region_covers_both(ptr addrspace(3) %p, ptr addrspace(3) %r, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %t0, label %f

t0:
  %pp = getelementptr inbounds i32, ptr addrspace(3) %p, i32 %tid
  %v = load i32, ptr addrspace(3) %pp, align 4
  %q = icmp sgt i32 %v, 0
  br i1 %q, label %t1, label %join

t1:
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %po, align 4
  br label %join

f:
  %pr = getelementptr inbounds i32, ptr addrspace(3) %r, i32 %tid
  %w = load i32, ptr addrspace(3) %pr, align 4
  br label %join

join:
  %x = phi i32 [ %v, %t0 ], [ %v, %t1 ], [ %w, %f ]
  %pz = getelementptr inbounds i32, ptr addrspace(1) %out, i32 0
  store i32 %x, ptr addrspace(1) %pz, align 4
  ret void
}

; Basic-block/region with code on the replica's route: `f` melds with `t1`,
; and the replica leads f's lanes through `t0`, whose volatile store becomes
; a run that needs a guard (-cf-meld-run-overhead, 3); t0's branch takes
; `select C, %q, true` (!C | %q: 2). Saves 12, adds 13; without the guard
; the estimate would add 10 and meld.
; GUARD: remark: <unknown>:0:0: melding t0 and f saves an estimated 12 issued instructions and adds 13
; GUARD: remark: <unknown>:0:0: melding t0 and f saves 12 instructions but its selects and unpredicated runs add 13
define amdgpu_kernel void @block_region_run_on_route(ptr addrspace(1) %p, ptr addrspace(1) %r, ptr addrspace(1) %out, i32 %x) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %t0, label %f

t0:
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store volatile i32 %x, ptr addrspace(1) %po, align 4
  %q = icmp sgt i32 %tid, %x
  br i1 %q, label %t1, label %join

t1:
  %pp = getelementptr inbounds i32, ptr addrspace(1) %p, i32 %tid
  %v = load i32, ptr addrspace(1) %pp, align 4
  %a0 = mul i32 %v, %x
  %a1 = add i32 %a0, %x
  %a = xor i32 %a1, 5
  store i32 %a, ptr addrspace(1) %pp, align 4
  br label %join

f:
  %pr = getelementptr inbounds i32, ptr addrspace(1) %r, i32 %tid
  %w = load i32, ptr addrspace(1) %pr, align 4
  %b0 = mul i32 %w, %x
  %b1 = add i32 %b0, %x
  %b = xor i32 %b1, 5
  store i32 %b, ptr addrspace(1) %pr, align 4
  br label %join

join:
  ret void
}

; Exit PHIs of lane masks with constant incoming values: both sides leave
; to `join`, whose PHIs become `select C, true, false` (that is C: free) and
; `select C, false, true` (!C: 1), not 3 each as a select of two lane
; masks. With the pointer select (8) the meld adds 9 against 10 saved and
; is taken; at 3 each it added 14 and was rejected, although melding takes
; the kernel from 35 to 23 wave-instructions on the emulator (gfx90a -O3,
; one wave, either lowering).
; GUARD: remark: <unknown>:0:0: melding then and else saves an estimated 10 issued instructions and adds 9
; GUARD-NOT: melding then and else saves 10 instructions but
define amdgpu_kernel void @exit_lane_mask_phi(ptr addrspace(1) %p, ptr addrspace(1) %q, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else

then:
  %pa = getelementptr inbounds i32, ptr addrspace(1) %p, i32 %tid
  %va = load i32, ptr addrspace(1) %pa, align 4
  %xa = mul i32 %va, %tid
  store i32 %xa, ptr addrspace(1) %pa, align 4
  br label %join

else:
  %pb = getelementptr inbounds i32, ptr addrspace(1) %q, i32 %tid
  %vb = load i32, ptr addrspace(1) %pb, align 4
  %xb = mul i32 %vb, %tid
  store i32 %xb, ptr addrspace(1) %pb, align 4
  br label %join

join:
  %side = phi i1 [ true, %then ], [ false, %else ]
  %notside = phi i1 [ false, %then ], [ true, %else ]
  %v = phi i32 [ %xa, %then ], [ %xb, %else ]
  %r = select i1 %side, i32 %v, i32 7
  %s = select i1 %notside, i32 %r, i32 9
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %s, ptr addrspace(1) %po, align 4
  ret void
}

; A side whose lanes join the other side's after its first block (DARM's
; mergesort step): `f` loads a[j] and goes to `take.b`, which `t2`, on the
; other side, also branches to. Melding `t` with `f` leaves `f`'s lanes no
; code of their own, so the divergent branch loses its arm for them (3)
; besides the aligned address and load (2); the select of the two 64-bit
; indices adds 2. Saves 5, adds 2. Without the arm it would be 2 against 2
; and rejected, although this meld alone takes the kernel from 51 to 41
; wave-instructions on the emulator (gfx90a -O3, one wave; 45 to 40 with
; the reconverging lowering).
; GUARD: remark: <unknown>:0:0: melding t and f saves an estimated 5 issued instructions and adds 2
; GUARD-NOT: melding t and f saves
define amdgpu_kernel void @side_joins_other(ptr addrspace(1) %a, ptr addrspace(1) %out, i64 %mid, i64 %end) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %i = zext i32 %tid to i64
  %j = add i64 %i, 64
  %left = icmp slt i64 %i, %mid
  br i1 %left, label %t, label %f

t:
  %right = icmp slt i64 %j, %end
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %i
  %va = load i32, ptr addrspace(1) %pa, align 4
  br i1 %right, label %t2, label %take.a

t2:
  %pb = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %j
  %vb = load i32, ptr addrspace(1) %pb, align 4
  %less = icmp slt i32 %va, %vb
  br i1 %less, label %take.a, label %take.b

f:
  %pf = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %j
  %vf = load i32, ptr addrspace(1) %pf, align 4
  br label %take.b

take.a:
  %po.a = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %va, ptr addrspace(1) %po.a, align 4
  br label %exit

take.b:
  %vj = phi i32 [ %vf, %f ], [ %vb, %t2 ]
  %po.b = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %vj, ptr addrspace(1) %po.b, align 4
  br label %exit

exit:
  ret void
}

; Pairs the backend folds save nothing: the constant-offset GEP becomes the
; ds_read's immediate offset and the fneg a source modifier, so only the
; load pairs (1) besides the absorbed sides (3 + 3). The GEP's selected
; offsets (64 and 128) add a select and the add that puts the offset back
; into the address (2). Saves 7, adds 2.
; GUARD: remark: <unknown>:0:0: melding then5 and else5 saves an estimated 7 issued instructions and adds 2
define amdgpu_kernel void @folded_pairs(ptr addrspace(3) %t, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 16
  %row = getelementptr inbounds float, ptr addrspace(3) %t, i32 %tid
  br i1 %c, label %then5, label %else5
then5:
  %pa = getelementptr inbounds i8, ptr addrspace(3) %row, i32 64
  %a = load float, ptr addrspace(3) %pa, align 4
  %na = fneg float %a
  br label %join
else5:
  %pb = getelementptr inbounds i8, ptr addrspace(3) %row, i32 128
  %b = load float, ptr addrspace(3) %pb, align 4
  %nb = fneg float %b
  br label %join
join:
  %v = phi float [ %na, %then5 ], [ %nb, %else5 ]
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i32 %tid
  store float %v, ptr addrspace(1) %po, align 4
  ret void
}

; Two tiles with two literal offsets (Rodinia's LU decomposition reads
; `peri_row` on one side and `peri_col` on the other): the selected base
; costs a select (1); the offsets, which each side's ds_read took as its
; immediate, now need two v_mov, a select and an add (3). Saves 7, adds 4.
; GUARD: remark: <unknown>:0:0: melding then6 and else6 saves an estimated 7 issued instructions and adds 4
define amdgpu_kernel void @selected_offsets(ptr addrspace(3) %t, ptr addrspace(3) %u, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 16
  %rowt = getelementptr inbounds float, ptr addrspace(3) %t, i32 %tid
  %rowu = getelementptr inbounds float, ptr addrspace(3) %u, i32 %tid
  br i1 %c, label %then6, label %else6
then6:
  %pa = getelementptr inbounds i8, ptr addrspace(3) %rowt, i32 256
  %a = load float, ptr addrspace(3) %pa, align 4
  br label %join
else6:
  %pb = getelementptr inbounds i8, ptr addrspace(3) %rowu, i32 512
  %b = load float, ptr addrspace(3) %pb, align 4
  br label %join
join:
  %v = phi float [ %a, %then6 ], [ %b, %else6 ]
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i32 %tid
  store float %v, ptr addrspace(1) %po, align 4
  ret void
}
