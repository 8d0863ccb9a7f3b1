//===- ForkBuildTest.cpp - The fork's AMDGPU target on Debian's libraries -===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The fork compiles the AMDGPU target from its own tree and links it against
// Debian's prebuilt LLVM 19.1.7 libraries. That is only sound while both
// sides agree on every class layout and on the ABI settings (NDEBUG, no
// ABI-breaking checks). These tests drive the rebuilt target through Debian's
// code generator end to end, so a layout or registration mismatch shows up
// as a failure here rather than as a miscompile later.
//
//===----------------------------------------------------------------------===//

#include "AMDGPUTargetMachine.h"
#include "GCNSubtarget.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/CodeGen/MachineModuleInfo.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "gtest/gtest.h"

using namespace llvm;

namespace {

// A kernel with a divergent branch (on the work-item id) and a uniform one
// (on a kernel argument).
const char *KernelIR = R"IR(
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %div = icmp ult i32 %tid, 17
  br i1 %div, label %then, label %join
then:
  %gep = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %n, ptr addrspace(1) %gep
  br label %join
join:
  %uni = icmp eq i32 %n, 0
  br i1 %uni, label %exit, label %store2
store2:
  store i32 1, ptr addrspace(1) %out
  br label %exit
exit:
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
)IR";

class ForkBuild : public testing::Test {
protected:
  static void SetUpTestSuite() {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUAsmPrinter();
  }

  std::unique_ptr<GCNTargetMachine> createTM(StringRef CPU) {
    std::string Error;
    const Target *T =
        TargetRegistry::lookupTarget("amdgcn-amd-amdhsa", Error);
    EXPECT_NE(T, nullptr) << Error;
    if (!T)
      return nullptr;
    return std::unique_ptr<GCNTargetMachine>(
        static_cast<GCNTargetMachine *>(T->createTargetMachine(
            "amdgcn-amd-amdhsa", CPU, "", TargetOptions(), std::nullopt,
            std::nullopt, CodeGenOptLevel::Default)));
  }

  std::unique_ptr<Module> parse(LLVMContext &Ctx) {
    SMDiagnostic Err;
    std::unique_ptr<Module> M = parseAssemblyString(KernelIR, Err, Ctx);
    EXPECT_TRUE(M) << Err.getMessage().str();
    return M;
  }
};

TEST_F(ForkBuild, SubtargetWaveSize) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parse(Ctx);
  ASSERT_TRUE(M);
  for (auto [CPU, Wave] : {std::pair<StringRef, unsigned>{"gfx90a", 64},
                           std::pair<StringRef, unsigned>{"gfx1030", 32}}) {
    std::unique_ptr<GCNTargetMachine> TM = createTM(CPU);
    ASSERT_TRUE(TM);
    const GCNSubtarget *ST = &TM->getSubtarget<GCNSubtarget>(*M->getFunction("k"));
    EXPECT_EQ(ST->getWavefrontSize(), Wave) << CPU.str();
    EXPECT_EQ(ST->getCPU(), CPU);
  }
}

TEST_F(ForkBuild, CodeGenThroughDebianLibraries) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parse(Ctx);
  ASSERT_TRUE(M);
  std::unique_ptr<GCNTargetMachine> TM = createTM("gfx90a");
  ASSERT_TRUE(TM);
  M->setDataLayout(TM->createDataLayout());

  SmallString<4096> Asm;
  raw_svector_ostream OS(Asm);
  legacy::PassManager PM;
  ASSERT_FALSE(TM->addPassesToEmitFile(PM, OS, nullptr,
                                       CodeGenFileType::AssemblyFile));
  PM.run(*M);

  StringRef Text = Asm.str();
  EXPECT_TRUE(Text.contains(".amdhsa_kernel k")) << Text.str();
  // The divergent branch is lowered with EXEC masking, the uniform one with
  // a scalar branch on SCC.
  EXPECT_TRUE(Text.contains("s_and_saveexec_b64")) << Text.str();
  EXPECT_TRUE(Text.contains("s_cbranch_scc")) << Text.str();
  EXPECT_TRUE(Text.contains("s_endpgm")) << Text.str();
}

} // namespace
