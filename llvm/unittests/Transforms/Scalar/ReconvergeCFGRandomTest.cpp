//===- ReconvergeCFGRandomTest.cpp - reconverge-cfg on random CFGs --------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Generates random kernels (loops, irreducible cycles, infinite loops,
// several exits, unreachable blocks, uniform and divergent branches, phis
// and uses of values from dominating blocks), runs the reconverge-cfg pass on
// them and checks three things:
//  - the IR verifies;
//  - the result is reconverging under a freshly computed uniformity analysis;
//  - for every thread (a range of workitem ids and uniform arguments) a small
//    interpreter sees the same sequence of original blocks, and the same
//    values in them, before and after the transform.
//
//===----------------------------------------------------------------------===//

#include "ReconvergeCFGTestTarget.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Scalar/ReconvergeCFG.h"
#include "gtest/gtest.h"
#include <random>

extern "C" void LLVMInitializeAMDGPUTargetInfo();
extern "C" void LLVMInitializeAMDGPUTarget();
extern "C" void LLVMInitializeAMDGPUTargetMC();

using namespace llvm;

namespace {

/// One step of a thread's run: an original block and the values of its
/// %v (the block's own value) and %w (a use of its immediate dominator's
/// value); "poison" if a value is poison.
using Trace = std::vector<std::string>;

/// Blocks b0, b1, ... are the generated ones.
bool isGenerated(const BasicBlock &BB) {
  StringRef Name = BB.getName();
  unsigned N;
  return Name.consume_front("b") && !Name.getAsInteger(10, N);
}

/// Interprets the small instruction set the generator emits (and the
/// transform adds: phi, xor, br) for one thread. Stops after MaxSteps
/// blocks, so infinite loops compare on their first steps.
class Interpreter {
  DenseMap<const Value *, std::optional<int64_t>> Vals;
  int64_t Tid, U;

  std::optional<int64_t> get(const Value *V) {
    if (auto *C = dyn_cast<ConstantInt>(V))
      return C->getSExtValue();
    if (isa<PoisonValue, UndefValue>(V))
      return std::nullopt;
    if (isa<Argument>(V))
      return U;
    auto It = Vals.find(V);
    EXPECT_TRUE(It != Vals.end()) << "use before definition";
    return It == Vals.end() ? std::nullopt : It->second;
  }

public:
  Interpreter(int64_t Tid, int64_t U) : Tid(Tid), U(U) {}

  Trace run(Function &F, unsigned MaxSteps = 60) {
    Trace T;
    BasicBlock *Prev = nullptr, *BB = &F.getEntryBlock();
    for (unsigned Steps = 0; BB && Steps < MaxSteps;) {
      // Phis read their operands simultaneously.
      SmallVector<std::pair<PHINode *, std::optional<int64_t>>, 4> PhiVals;
      for (PHINode &Phi : BB->phis())
        PhiVals.push_back({&Phi, get(Phi.getIncomingValueForBlock(Prev))});
      for (auto &[Phi, V] : PhiVals)
        Vals[Phi] = V;
      BasicBlock *Next = nullptr;
      for (Instruction &I : *BB) {
        if (isa<PHINode>(I))
          continue;
        if (auto *Call = dyn_cast<CallInst>(&I)) {
          (void)Call;
          Vals[&I] = Tid;
        } else if (auto *Bin = dyn_cast<BinaryOperator>(&I)) {
          auto A = get(Bin->getOperand(0)), B = get(Bin->getOperand(1));
          std::optional<int64_t> R;
          if (A && B)
            R = Bin->getOpcode() == Instruction::Add ? int32_t(*A + *B)
                                                     : (*A ^ *B) & 1;
          Vals[&I] = R;
        } else if (auto *Cmp = dyn_cast<ICmpInst>(&I)) {
          auto A = get(Cmp->getOperand(0)), B = get(Cmp->getOperand(1));
          Vals[&I] = A && B ? std::optional<int64_t>(*A < *B) : std::nullopt;
        } else if (auto *Br = dyn_cast<BranchInst>(&I)) {
          if (Br->isUnconditional()) {
            Next = Br->getSuccessor(0);
          } else {
            auto C = get(Br->getCondition());
            EXPECT_TRUE(C.has_value()) << "branch on poison";
            Next = Br->getSuccessor(C && *C ? 0 : 1);
          }
        }
      }
      if (isGenerated(*BB)) {
        auto Str = [&](StringRef Name) -> std::string {
          for (Instruction &I : *BB)
            if (I.getName() == Name ||
                I.getName().starts_with(Name.str() + ".")) {
              auto V = Vals[&I];
              return V ? std::to_string(*V) : "poison";
            }
          return "-";
        };
        T.push_back(BB->getName().str() + ":" + Str("v" + BB->getName().str()) +
                    "," + Str("w" + BB->getName().str()));
        ++Steps;
      }
      Prev = BB;
      BB = Next;
    }
    return T;
  }
};

class ReconvergeCFGRandomTest : public testing::Test {
protected:
  LLVMContext Ctx;
  std::unique_ptr<TargetMachine> TM;

  void SetUp() override {
    TM = createReconvergeCFGTestTarget();
    ASSERT_TRUE(TM);
  }

  /// A random kernel with N blocks b0..bN-1. Block i has a phi over its
  /// predecessors' values, its own value %vbi and a branch: return, jump,
  /// or a branch on a divergent (%tid) or uniform (%u) compare.
  std::string generate(std::mt19937 &Rng, unsigned N) {
    auto Pick = [&](unsigned Lo, unsigned Hi) {
      return std::uniform_int_distribution<unsigned>(Lo, Hi)(Rng);
    };
    std::vector<std::vector<unsigned>> Succ(N);
    for (unsigned I = 0; I != N; ++I) {
      unsigned Kind = Pick(0, 9);
      if (I == N - 1 || Kind == 0)
        continue; // return
      unsigned A = Pick(1, N - 1);
      // Favour forward edges so that most blocks are reachable.
      if (Pick(0, 2))
        A = std::min(N - 1, I + 1 + Pick(0, 2));
      Succ[I].push_back(A);
      if (Kind >= 3) {
        unsigned B =
            Pick(0, 1) ? Pick(1, N - 1) : std::min(N - 1, I + Pick(1, 4));
        Succ[I].push_back(B);
      }
    }
    std::vector<std::vector<unsigned>> Pred(N);
    for (unsigned I = 0; I != N; ++I)
      for (unsigned S : Succ[I])
        Pred[S].push_back(I);
    std::string S = "declare i32 @llvm.amdgcn.workitem.id.x()\n"
                    "define amdgpu_kernel void @f(i32 %u) {\n"
                    "entry:\n  %tid = call i32 @llvm.amdgcn.workitem.id.x()\n"
                    "  br label %b0\n";
    for (unsigned I = 0; I != N; ++I) {
      std::string B = "b" + std::to_string(I);
      S += B + ":\n";
      std::vector<unsigned> Preds = Pred[I];
      std::string Phi = "  %p" + B + " = phi i32 ";
      bool First = true;
      if (I == 0) {
        Phi += "[ %u, %entry ]";
        First = false;
      }
      for (unsigned P : Preds) {
        Phi += std::string(First ? "" : ", ") + "[ %vb" + std::to_string(P) +
               ", %b" + std::to_string(P) + " ]";
        First = false;
      }
      if (!First)
        S += Phi + "\n";
      S += "  %v" + B + " = add i32 " + (First ? "%u" : "%p" + B) + ", " +
           std::to_string(I + 1) + "\n";
      if (Succ[I].empty()) {
        S += "  ret void\n";
      } else if (Succ[I].size() == 1) {
        S += "  br label %b" + std::to_string(Succ[I][0]) + "\n";
      } else {
        bool Div = Pick(0, 2) != 0;
        S += "  %c" + B + " = icmp slt i32 " + (Div ? "%tid" : "%u") + ", " +
             std::to_string(Pick(1, 40)) + "\n";
        S += "  br i1 %c" + B + ", label %b" + std::to_string(Succ[I][0]) +
             ", label %b" + std::to_string(Succ[I][1]) + "\n";
      }
    }
    return S + "}\n";
  }

  /// Adds %wbI = %vbI + %v<idom> to every reachable block whose immediate
  /// dominator is another generated block: a use that the transform may
  /// leave undominated.
  void addDominatedUses(Function &F) {
    DominatorTree DT(F);
    for (BasicBlock &BB : F) {
      if (!isGenerated(BB) || !DT.isReachableFromEntry(&BB))
        continue;
      auto *IDom = DT.getNode(&BB)->getIDom()->getBlock();
      if (!isGenerated(*IDom))
        continue;
      Instruction *V = nullptr, *IV = nullptr;
      for (Instruction &I : BB)
        if (I.getName() == ("v" + BB.getName()).str())
          V = &I;
      for (Instruction &I : *IDom)
        if (I.getName() == ("v" + IDom->getName()).str())
          IV = &I;
      IRBuilder<> B(BB.getTerminator());
      B.CreateAdd(V, IV, "w" + BB.getName());
    }
  }

  /// Runs the pass on \p NumCases random kernels and checks the contract
  /// and the semantics of each; returns the number it changed.
  unsigned checkRandomKernels(unsigned NumCases) {
    std::mt19937 Rng(20261122);
    unsigned Transformed = 0;
    for (unsigned Case = 0; Case != NumCases; ++Case) {
      checkRandomKernel(Rng, 3 + Case % 14, Transformed);
      if (HasFatalFailure())
        break;
    }
    return Transformed;
  }

  void checkRandomKernel(std::mt19937 &Rng, unsigned N, unsigned &Transformed);
};

/// Generates a kernel of \p N blocks, runs the pass on it and checks it;
/// counts it in \p Transformed if the pass changed it.
void ReconvergeCFGRandomTest::checkRandomKernel(std::mt19937 &Rng, unsigned N,
                                                unsigned &Transformed) {
  std::string Text = generate(Rng, N);
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseAssemblyString(Text, Diag, Ctx);
  ASSERT_TRUE(M) << Diag.getMessage().str() << "\n" << Text;
  M->setTargetTriple("amdgcn-amd-amdhsa");
  Function &F = *M->getFunction("f");
  addDominatedUses(F);
  ASSERT_FALSE(verifyFunction(F, &errs()));

  std::vector<Trace> Before;
  for (int Tid : {0, 7, 20, 39})
    for (int U : {0, 15, 45})
      Before.push_back(Interpreter(Tid, U).run(F));

  FunctionAnalysisManager FAM;
  PassBuilder PB(TM.get());
  PB.registerFunctionAnalyses(FAM);
  PreservedAnalyses PA = ReconvergeCFGPass().run(F, FAM);
  Transformed += !PA.areAllPreserved();

  std::string Out;
  raw_string_ostream OS(Out);
  F.print(OS);
  ASSERT_FALSE(verifyFunction(F, &errs())) << Text << "\n" << Out;

  FAM.invalidate(F, PreservedAnalyses::none());
  auto &PDT = FAM.getResult<PostDominatorTreeAnalysis>(F);
  auto &UI = FAM.getResult<UniformityInfoAnalysis>(F);
  auto Left = findReconvergenceViolations(F, PDT, [&](const BasicBlock &BB) {
    return UI.hasDivergentTerminator(BB);
  });
  std::string Why;
  raw_string_ostream WOS(Why);
  printReconvergenceViolations(WOS, Left);
  ASSERT_TRUE(Left.empty()) << Why << "input:\n"
                            << Text << "\noutput:\n"
                            << Out;

  unsigned K = 0;
  for (int Tid : {0, 7, 20, 39})
    for (int U : {0, 15, 45})
      ASSERT_EQ(Before[K++], Interpreter(Tid, U).run(F))
          << "tid " << Tid << " u " << U << "\ninput:\n"
          << Text << "\noutput:\n"
          << Out;
}

// The contract is checked under a uniformity analysis recomputed on the
// output. Rerouting can make that analysis see more divergence than the
// input had (a uniform branch in a cycle whose exits were merged into flow
// blocks), which the pass's extra rounds handle; this test would catch a
// case they do not.
TEST_F(ReconvergeCFGRandomTest, ContractAndSemantics) {
  // The generator must produce work for the transform.
  EXPECT_GT(checkRandomKernels(4000), 100u);
}

// Any ordering gives a correct result (only the flow blocks differ): the
// same check, on fewer kernels, with each of the other orderings.
TEST_F(ReconvergeCFGRandomTest, OtherOrderings) {
  cl::Option *Ordering =
      cl::getRegisteredOptions().lookup("reconverge-cfg-ordering");
  ASSERT_TRUE(Ordering);
  auto Restore = make_scope_exit(
      [&] { Ordering->addOccurrence(0, "reconverge-cfg-ordering", "dfpd"); });
  for (StringRef Name : {"rpot", "df", "bf", "bfpd", "domreg"}) {
    SCOPED_TRACE(Name.str());
    ASSERT_FALSE(Ordering->addOccurrence(0, "reconverge-cfg-ordering", Name));
    EXPECT_GT(checkRandomKernels(1000), 25u);
    if (HasFatalFailure())
      break;
  }
}

} // namespace
