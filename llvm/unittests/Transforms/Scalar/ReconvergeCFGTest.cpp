//===- ReconvergeCFGTest.cpp - The reconverging property and orderings ----===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Divergence comes from the AMDGPU target's real uniformity analysis: values
// derived from llvm.amdgcn.workitem.id.x are divergent, kernel arguments
// uniform.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/Scalar/ReconvergeCFG.h"
#include "ReconvergeCFGTestTarget.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "gtest/gtest.h"

extern "C" void LLVMInitializeAMDGPUTargetInfo();
extern "C" void LLVMInitializeAMDGPUTarget();
extern "C" void LLVMInitializeAMDGPUTargetMC();

using namespace llvm;

namespace {

class ReconvergeCFGTest : public testing::Test {
protected:
  LLVMContext Ctx;
  std::unique_ptr<TargetMachine> TM;
  std::unique_ptr<Module> M;
  FunctionAnalysisManager FAM;

  void SetUp() override {
    TM = createReconvergeCFGTestTarget();
    ASSERT_TRUE(TM);
    PassBuilder PB(TM.get());
    PB.registerFunctionAnalyses(FAM);
  }

  /// Parses a kernel body: \p Body is the text between the braces of
  /// `define amdgpu_kernel void @f(i32 %u)`, with %tid (divergent) and %u
  /// (uniform) available.
  Function &parse(StringRef Body) {
    std::string Text = ("declare i32 @llvm.amdgcn.workitem.id.x()\n"
                        "define amdgpu_kernel void @f(i32 %u) {\n" +
                        Body + "}\n")
                           .str();
    SMDiagnostic Diag;
    M = parseAssemblyString(Text, Diag, Ctx);
    if (!M) {
      std::string S;
      raw_string_ostream OS(S);
      Diag.print("ReconvergeCFGTest", OS);
      ADD_FAILURE() << S;
      report_fatal_error("bad test IR");
    }
    M->setTargetTriple("amdgcn-amd-amdhsa");
    return *M->getFunction("f");
  }

  /// The names of the blocks whose terminators violate the property.
  std::vector<std::string> violations(Function &F) {
    auto &PDT = FAM.getResult<PostDominatorTreeAnalysis>(F);
    auto &UI = FAM.getResult<UniformityInfoAnalysis>(F);
    std::vector<std::string> Names;
    for (const ReconvergenceViolation &V :
         findReconvergenceViolations(F, PDT, [&](const BasicBlock &BB) {
           return UI.hasDivergentTerminator(BB);
         }))
      Names.push_back(
          (V.Terminator->getParent()->getName() +
           (V.K == ReconvergenceViolation::MultiWay ? ":multi" : ":noprimary"))
              .str());
    return Names;
  }

  std::vector<std::string> ordering(Function &F, ReconvergeOrdering K) {
    auto &PDT = FAM.getResult<PostDominatorTreeAnalysis>(F);
    std::vector<std::string> Names;
    for (BasicBlock *BB : computeReconvergeOrdering(F, PDT, K))
      Names.push_back(BB->getName().str());
    return Names;
  }
};

using Names = std::vector<std::string>;

const char *const TidPrologue =
    "entry:\n"
    "  %tid = call i32 @llvm.amdgcn.workitem.id.x()\n"
    "  %d = icmp eq i32 %tid, 0\n"
    "  %d2 = icmp ult i32 %tid, 7\n"
    "  %c = icmp eq i32 %u, 0\n";

// if-then: the join post-dominates the branch, so it is the primary
// successor whichever operand it is.
TEST_F(ReconvergeCFGTest, IfThenIsReconverging) {
  Function &F =
      parse(std::string(TidPrologue) + "  br i1 %d, label %then, label %join\n"
                                       "then:\n  br label %join\n"
                                       "join:\n  ret void\n");
  EXPECT_EQ(violations(F), Names{});
  auto &PDT = FAM.getResult<PostDominatorTreeAnalysis>(F);
  EXPECT_EQ(getPrimarySuccessor(F.getEntryBlock(), PDT)->getName(), "join");
}

// if-then-else with a divergent condition: neither side post-dominates the
// branch (this is what structurization's Flow block fixes).
TEST_F(ReconvergeCFGTest, DivergentDiamondViolates) {
  Function &F = parse(std::string(TidPrologue) +
                      "  br i1 %d, label %a, label %b\n"
                      "a:\n  br label %join\nb:\n  br label %join\n"
                      "join:\n  ret void\n");
  EXPECT_EQ(violations(F), Names{"entry:noprimary"});
  auto &PDT = FAM.getResult<PostDominatorTreeAnalysis>(F);
  EXPECT_EQ(getPrimarySuccessor(F.getEntryBlock(), PDT), nullptr);
}

// The same diamond on a uniform condition is fine: uniform branches stay
// plain scalar branches.
TEST_F(ReconvergeCFGTest, UniformDiamondIsReconverging) {
  Function &F = parse(std::string(TidPrologue) +
                      "  br i1 %c, label %a, label %b\n"
                      "a:\n  br label %join\nb:\n  br label %join\n"
                      "join:\n  ret void\n");
  EXPECT_EQ(violations(F), Names{});
}

// Short-circuit (a && b): the first branch's false edge skips the second
// test, so the else block does not post-dominate it.
TEST_F(ReconvergeCFGTest, ShortCircuitViolatesOnce) {
  Function &F = parse(std::string(TidPrologue) +
                      "  br i1 %d, label %second, label %else\n"
                      "second:\n  br i1 %d2, label %then, label %else\n"
                      "then:\n  br label %join\n"
                      "else:\n  br label %join\n"
                      "join:\n  ret void\n");
  EXPECT_EQ(violations(F), (Names{"entry:noprimary", "second:noprimary"}));
}

// A divergent loop exit: the single exit block post-dominates the latch.
TEST_F(ReconvergeCFGTest, LoopWithOneExitIsReconverging) {
  Function &F = parse(std::string(TidPrologue) +
                      "  br label %head\n"
                      "head:\n  %i = phi i32 [0, %entry], [%n, %head]\n"
                      "  %n = add i32 %i, 1\n"
                      "  %x = icmp ult i32 %n, %tid\n"
                      "  br i1 %x, label %head, label %exit\n"
                      "exit:\n  ret void\n");
  EXPECT_EQ(violations(F), Names{});
}

// A divergent switch must be lowered first; a uniform one is fine.
TEST_F(ReconvergeCFGTest, DivergentSwitchIsMultiWay) {
  Function &F = parse(std::string(TidPrologue) +
                      "  switch i32 %tid, label %join [i32 1, label %a\n"
                      "                                i32 2, label %b]\n"
                      "a:\n  br label %join\nb:\n  br label %join\n"
                      "join:\n  switch i32 %u, label %out [i32 1, label %cc]\n"
                      "cc:\n  br label %out\n"
                      "out:\n  ret void\n");
  EXPECT_EQ(violations(F), Names{"entry:multi"});
}

// A divergent branch whose two edges go to one block is unconditional in
// effect.
TEST_F(ReconvergeCFGTest, SameSuccessorTwiceIsReconverging) {
  Function &F =
      parse(std::string(TidPrologue) + "  br i1 %d, label %join, label %join\n"
                                       "join:\n  ret void\n");
  EXPECT_EQ(violations(F), Names{});
}

// DFPD visits the side that does not post-dominate first, even when the
// terminator names the join first (thesis Fig. 4.10: taking the join first
// would make the edge side -> join a back edge).
TEST_F(ReconvergeCFGTest, DFPDTakesSecondarySuccessorFirst) {
  Function &F =
      parse(std::string(TidPrologue) + "  br i1 %d, label %join, label %side\n"
                                       "side:\n  br label %join\n"
                                       "join:\n  br label %exit\n"
                                       "exit:\n  ret void\n");
  EXPECT_EQ(ordering(F, ReconvergeOrdering::DFPD),
            (Names{"entry", "side", "join", "exit"}));
}

// DFPD takes a side only its branch enters before a join that another block
// enters too: in `if (d || d2) then else else`, %second's own side %else
// comes before the join %then, whatever the terminator's order.
TEST_F(ReconvergeCFGTest, DFPDTakesOwnSideBeforeJoin) {
  Function &F = parse(std::string(TidPrologue) +
                      "  br i1 %d, label %then, label %second\n"
                      "second:\n  br i1 %d2, label %then, label %else\n"
                      "then:\n  br label %join\n"
                      "else:\n  br label %join\n"
                      "join:\n  ret void\n");
  EXPECT_EQ(ordering(F, ReconvergeOrdering::DFPD),
            (Names{"entry", "second", "else", "then", "join"}));
}

// A diamond whose true side holds a nested if-then.
const char *const NestedIfInDiamond = "  br i1 %d, label %a, label %b\n"
                                      "a:\n  br i1 %d2, label %a1, label %a2\n"
                                      "a1:\n  br label %a2\n"
                                      "a2:\n  br label %join\n"
                                      "b:\n  br label %join\n"
                                      "join:\n  ret void\n";

// DFPD is depth-first: a nested if-then inside one side of a diamond is
// finished before the other side starts, and a join only comes after all
// of its predecessors.
TEST_F(ReconvergeCFGTest, DFPDIsDepthFirstAndTopological) {
  Function &F = parse(std::string(TidPrologue) + NestedIfInDiamond);
  EXPECT_EQ(ordering(F, ReconvergeOrdering::DFPD),
            (Names{"entry", "a", "a1", "a2", "b", "join"}));
}

// Loops: the back edge is the only backward edge, and every exit comes last
// even when one is reached early.
TEST_F(ReconvergeCFGTest, DFPDLoopsAndExitsLast) {
  Function &F = parse(std::string(TidPrologue) +
                      "  br i1 %c, label %early, label %head\n"
                      "early:\n  ret void\n"
                      "head:\n  %i = phi i32 [0, %entry], [%n, %latch]\n"
                      "  %n = add i32 %i, 1\n"
                      "  br i1 %d, label %body, label %latch\n"
                      "body:\n  br label %latch\n"
                      "latch:\n  %x = icmp ult i32 %n, %tid\n"
                      "  br i1 %x, label %head, label %exit\n"
                      "exit:\n  ret void\n");
  EXPECT_EQ(ordering(F, ReconvergeOrdering::DFPD),
            (Names{"entry", "head", "body", "latch", "early", "exit"}));
  // RPOT keeps the exits in reverse post-order among themselves.
  EXPECT_EQ(ordering(F, ReconvergeOrdering::RPOT),
            (Names{"entry", "head", "body", "latch", "exit", "early"}));
}

// An irreducible cycle (two entries) still yields every reachable block
// exactly once; unreachable blocks are left out.
TEST_F(ReconvergeCFGTest, DFPDIrreducibleAndUnreachable) {
  Function &F = parse(std::string(TidPrologue) +
                      "  br i1 %d, label %x, label %y\n"
                      "x:\n  br i1 %d2, label %y, label %exit\n"
                      "y:\n  br i1 %c, label %x, label %exit\n"
                      "dead:\n  br label %x\n"
                      "exit:\n  ret void\n");
  Names Order = ordering(F, ReconvergeOrdering::DFPD);
  ASSERT_EQ(Order.size(), 4u);
  EXPECT_EQ(Order.front(), "entry");
  EXPECT_EQ(Order.back(), "exit");
  EXPECT_EQ(std::count(Order.begin(), Order.end(), "dead"), 0);
}

const ReconvergeOrdering AllOrderings[] = {
    ReconvergeOrdering::DFPD, ReconvergeOrdering::RPOT,
    ReconvergeOrdering::DF,   ReconvergeOrdering::BF,
    ReconvergeOrdering::BFPD, ReconvergeOrdering::DomReg};

// Every ordering holds each reachable block once, the entry first and the
// exits last, on an irreducible cycle with an early exit and a dead block.
TEST_F(ReconvergeCFGTest, EveryOrderingIsComplete) {
  Function &F =
      parse(std::string(TidPrologue) + "  br i1 %d, label %x, label %early\n"
                                       "early:\n  ret void\n"
                                       "x:\n  br i1 %d2, label %y, label %z\n"
                                       "z:\n  br i1 %c, label %y, label %exit\n"
                                       "y:\n  br i1 %c, label %z, label %exit\n"
                                       "dead:\n  br label %x\n"
                                       "exit:\n  ret void\n");
  for (ReconvergeOrdering K : AllOrderings) {
    SCOPED_TRACE(static_cast<int>(K));
    Names Order = ordering(F, K);
    ASSERT_EQ(Order.size(), 6u);
    EXPECT_EQ(Order.front(), "entry");
    Names Exits(Order.end() - 2, Order.end());
    llvm::sort(Exits);
    EXPECT_EQ(Exits, (Names{"early", "exit"}));
    Names Sorted(Order);
    llvm::sort(Sorted);
    EXPECT_EQ(Sorted, (Names{"early", "entry", "exit", "x", "y", "z"}));
  }
}

// The thesis's Fig. 4.5a (see thesis-fig4.5-4.13-unstructured.ll), for
// which it gives DF as A,B,D,C,E,F (the sink moved last) and BF as
// A,B,C,D,E,F. DFPD, BFPD and DomReg order every join after its forward
// predecessors and keep the cycle C <-> E together.
TEST_F(ReconvergeCFGTest, ThesisOrderingsOfFig4_5a) {
  Function &F =
      parse(std::string(TidPrologue) + "  br label %A\n"
                                       "A:\n  br i1 %d, label %B, label %C\n"
                                       "B:\n  br i1 %d2, label %D, label %C\n"
                                       "C:\n  br i1 %d, label %E, label %D\n"
                                       "E:\n  br i1 %d2, label %C, label %F\n"
                                       "D:\n  br label %F\n"
                                       "F:\n  ret void\n");
  EXPECT_EQ(ordering(F, ReconvergeOrdering::DF),
            (Names{"entry", "A", "B", "D", "C", "E", "F"}));
  EXPECT_EQ(ordering(F, ReconvergeOrdering::BF),
            (Names{"entry", "A", "B", "C", "D", "E", "F"}));
  for (ReconvergeOrdering K :
       {ReconvergeOrdering::DFPD, ReconvergeOrdering::BFPD,
        ReconvergeOrdering::DomReg, ReconvergeOrdering::RPOT})
    EXPECT_EQ(ordering(F, K), (Names{"entry", "A", "B", "C", "E", "D", "F"}))
        << static_cast<int>(K);
}

// BFPD follows DFPD's rules breadth-first: both sides of the outer branch
// come before the nested if-then inside one of them.
TEST_F(ReconvergeCFGTest, BFPDIsBreadthFirstAndTopological) {
  Function &F = parse(std::string(TidPrologue) + NestedIfInDiamond);
  EXPECT_EQ(ordering(F, ReconvergeOrdering::BFPD),
            (Names{"entry", "a", "b", "a1", "a2", "join"}));
}

// The shape of the thesis's Fig. A.1, where it reports DFPD as
// entry,looph,a,a1,b,a2,loopx,exit and DomReg as
// entry,looph,a,a1,a2,b,loopx,exit: b is reached from a1 and from looph, so
// DomReg finishes a's dominance region (a, a1, a2) before it.
TEST_F(ReconvergeCFGTest, DomRegKeepsDominanceRegionsContiguous) {
  Function &F = parse(std::string(TidPrologue) +
                      "  br label %looph\n"
                      "looph:\n  br i1 %d, label %a, label %b\n"
                      "a:\n  br i1 %d2, label %a1, label %a2\n"
                      "a1:\n  br i1 %d, label %b, label %a2\n"
                      "a2:\n  br label %loopx\n"
                      "b:\n  br label %loopx\n"
                      "loopx:\n  br i1 %d2, label %looph, label %exit\n"
                      "exit:\n  ret void\n");
  EXPECT_EQ(ordering(F, ReconvergeOrdering::DFPD),
            (Names{"entry", "looph", "a", "a1", "b", "a2", "loopx", "exit"}));
  EXPECT_EQ(ordering(F, ReconvergeOrdering::DomReg),
            (Names{"entry", "looph", "a", "a1", "a2", "b", "loopx", "exit"}));
}

// reconvergeCFG asks IsDivergentValue only about the values F has on entry,
// before it changes F: a value the walk creates may take the address of one
// it erased, and an analysis keyed by address would answer for the erased
// one, so that the output depended on the allocator. The kernel is
// route-phi-uses.ll's @divergent_kept, where collapseJoinsThroughRoutes asks
// whether %d is divergent after the flow block exists.
TEST_F(ReconvergeCFGTest, DivergenceIsAskedOnEntryOnly) {
  Function &F = parse("entry:\n"
                      "  %tid = call i32 @llvm.amdgcn.workitem.id.x()\n"
                      "  br label %head\n"
                      "head:\n"
                      "  %d = phi i32 [ %tid, %entry ], [ %d.next, %latch ]\n"
                      "  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]\n"
                      "  %a = and i32 %d, 3\n"
                      "  %z = icmp eq i32 %a, 0\n"
                      "  br i1 %z, label %dec, label %mid\n"
                      "dec:\n  %dm = add i32 %d, -1\n  br label %latch\n"
                      "mid:\n"
                      "  %b = icmp eq i32 %a, 1\n"
                      "  br i1 %b, label %latch, label %inc\n"
                      "inc:\n  %dp = add i32 %d, 1\n  br label %latch\n"
                      "latch:\n"
                      "  %d.next = phi i32 [ %dm, %dec ], [ %d, %mid ], "
                      "[ %dp, %inc ]\n"
                      "  %i.next = add i32 %i, 1\n"
                      "  %c = icmp ult i32 %i.next, %u\n"
                      "  br i1 %c, label %head, label %exit\n"
                      "exit:\n  ret void\n");
  auto &PDT = FAM.getResult<PostDominatorTreeAnalysis>(F);
  auto &UI = FAM.getResult<UniformityInfoAnalysis>(F);
  size_t EntryBlocks = F.size();
  unsigned Asked = 0, AskedLater = 0;
  unsigned Flows = reconvergeCFG(
      F, PDT,
      [&](const BasicBlock &BB) { return UI.hasDivergentTerminator(BB); },
      ReconvergeOrdering::DFPD,
      [&](const Value *V) {
        ++Asked;
        AskedLater += F.size() != EntryBlocks;
        return UI.isDivergent(V);
      });
  EXPECT_EQ(Flows, 1u);
  EXPECT_GT(Asked, 0u);
  EXPECT_EQ(AskedLater, 0u);
  // The collapse still happens: %d reaches %inc through the route phi.
  BasicBlock *Inc = nullptr;
  for (BasicBlock &BB : F)
    if (BB.getName() == "inc")
      Inc = &BB;
  ASSERT_TRUE(Inc);
  auto *Add = cast<Instruction>(Inc->begin());
  EXPECT_TRUE(isa<PHINode>(Add->getOperand(0)));
  EXPECT_NE(cast<Instruction>(Add->getOperand(0))->getParent()->getName(),
            "head");
}

} // namespace
