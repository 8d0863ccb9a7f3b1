; Valid IR whose target attribute the AMDGPU subtarget cannot parse: opt
; reports it when cf-meld asks for the target's information (as llc does),
; so the file counts as opt-fail.
define amdgpu_kernel void @k(ptr addrspace(1) %p) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %exit

then:
  store i32 0, ptr addrspace(1) %p, align 4
  br label %exit

exit:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()

attributes #0 = { "amdgpu-flat-work-group-size"="64,x" }
