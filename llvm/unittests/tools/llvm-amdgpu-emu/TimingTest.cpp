//===- TimingTest.cpp - The compute-unit timing model ---------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The timing model (Timing.h): occupancy from register counts against the
// AMDGPU backend's own tables, a kernel whose cycle count follows from the
// model's rules, s_waitcnt placement, latency hiding by more waves, VALU
// saturation, occupancy steps, and LDS bank conflicts.
//
//===----------------------------------------------------------------------===//

#include "Timing.h"
#include "EmuTestHarness.h"
#include "Utils/AMDGPUBaseInfo.h"

using namespace llvm;
using namespace llvm::amdgpu_emu;
using namespace llvm::amdgpu_emu::test;

namespace {

std::unique_ptr<MCSubtargetInfo> subtarget(StringRef CPU, StringRef Features) {
  LLVMInitializeAMDGPUTargetInfo();
  LLVMInitializeAMDGPUTargetMC();
  std::string Err;
  const Target *T = TargetRegistry::lookupTarget("amdgcn-amd-amdhsa", Err);
  return std::unique_ptr<MCSubtargetInfo>(
      T->createMCSubtargetInfo("amdgcn-amd-amdhsa", CPU, Features));
}

unsigned wavesPerSIMD(const TimingParams &P, unsigned VGPRs, unsigned AGPRs,
                      unsigned SGPRs) {
  return cantFail(computeOccupancy(P, VGPRs, AGPRs, SGPRs, 0, 1)).WavesPerSIMD;
}

// The model's occupancy agrees with AMDGPU's IsaInfo for every VGPR count a
// kernel may declare, on CDNA2 (wave64) and RDNA2 (wave32 and wave64).
TEST(EmuTiming, OccupancyMatchesTheBackend) {
  struct Case {
    StringRef CPU, Features;
    unsigned WaveSize;
  } Cases[] = {{"gfx90a", "", 64},
               {"gfx1030", "+wavefrontsize32", 32},
               {"gfx1030", "+wavefrontsize64", 64}};
  for (const Case &C : Cases) {
    auto STI = subtarget(C.CPU, C.Features);
    TimingParams P = TimingParams::forProcessor(C.CPU, C.WaveSize);
    EXPECT_EQ(P.MaxWavesPerSIMD, AMDGPU::IsaInfo::getMaxWavesPerEU(STI.get()));
    for (unsigned V = 1;
         V <= AMDGPU::IsaInfo::getAddressableNumVGPRs(STI.get()); ++V)
      ASSERT_EQ(wavesPerSIMD(P, V, 0, 16),
                AMDGPU::IsaInfo::getNumWavesPerEUWithNumVGPRs(STI.get(), V))
          << C.CPU.str() << " wave" << C.WaveSize << " " << V << " VGPRs";
  }
}

// gfx90a: AGPRs follow the VGPRs (rounded up to 4) in one file of 512.
TEST(EmuTiming, AGPRsShareTheVGPRFile) {
  TimingParams P = TimingParams::forProcessor("gfx90a", 64);
  for (unsigned V : {1u, 30u, 64u, 100u, 255u})
    for (unsigned A : {1u, 4u, 33u, 128u, 256u})
      EXPECT_EQ(
          wavesPerSIMD(P, V, A, 16),
          std::min(8u, 512u / unsigned(alignTo(
                                  AMDGPU::getTotalNumVGPRs(true, A, V), 8))))
          << V << " VGPRs, " << A << " AGPRs";
}

// gfx9: SGPRs limit occupancy as AMDGPU's getOccupancyWithNumSGPRs says.
TEST(EmuTiming, SGPROccupancy) {
  TimingParams P = TimingParams::forProcessor("gfx90a", 64);
  for (unsigned S = 1; S <= 102; ++S)
    EXPECT_EQ(
        wavesPerSIMD(P, 1, 0, S),
        std::min(P.MaxWavesPerSIMD, AMDGPU::IsaInfo::getOccupancyWithNumSGPRs(
                                        S, 10, AMDGPUSubtarget::GFX9)))
        << S << " SGPRs";
  TimingParams R = TimingParams::forProcessor("gfx1030", 32);
  EXPECT_EQ(wavesPerSIMD(R, 1, 0, 106), R.MaxWavesPerSIMD);
}

TEST(EmuTiming, WorkgroupsPerCU) {
  TimingParams P = TimingParams::forProcessor("gfx90a", 64);
  Occupancy O = cantFail(computeOccupancy(P, 128, 0, 16, 0, 4));
  EXPECT_EQ(O.WavesPerSIMD, 4u);
  EXPECT_EQ(O.LimitedBy, "vgprs");
  EXPECT_EQ(O.WorkgroupsPerCU, 4u); // 16 wave slots / 4 waves.
  O = cantFail(computeOccupancy(P, 16, 0, 16, 20000, 1));
  EXPECT_EQ(O.WorkgroupsPerCU, 3u);
  EXPECT_EQ(O.WorkgroupsLimitedBy, "lds");
  // Single-wave workgroups take no barrier: as many as there are slots.
  O = cantFail(computeOccupancy(P, 16, 0, 16, 0, 1));
  EXPECT_EQ(O.WorkgroupsPerCU, 32u);
  EXPECT_EQ(O.WorkgroupsLimitedBy, "waves");
  // Workgroups of two waves each take a barrier.
  TimingParams FewBarriers = P;
  FewBarriers.MaxWorkgroupsPerCU = 4;
  O = cantFail(computeOccupancy(FewBarriers, 16, 0, 16, 0, 2));
  EXPECT_EQ(O.WorkgroupsPerCU, 4u);
  EXPECT_EQ(O.WorkgroupsLimitedBy, "workgroups");
  O = cantFail(computeOccupancy(FewBarriers, 16, 0, 16, 0, 1));
  EXPECT_EQ(O.WorkgroupsPerCU, 32u);
  Expected<Occupancy> Big = computeOccupancy(P, 256, 0, 16, 0, 16);
  EXPECT_FALSE(bool(Big));
  consumeError(Big.takeError());
}

/// The timing of Body (after the harness's kernarg load) on gfx90a.
TimingResult timing(StringRef Body, unsigned Waves = 1, unsigned VGPRCount = 32,
                    unsigned LDSBytes = 1024,
                    TimingParams P = TimingParams::forProcessor("gfx90a", 64)) {
  RunOptions O;
  O.Timing = &P;
  O.Waves = Waves;
  O.VGPRCount = VGPRCount;
  O.LDSBytes = LDSBytes;
  O.OutDwords = 4096;
  EmuRun R = runWave(GFX90A, Body, O);
  EXPECT_EQ(R.Error, "");
  EXPECT_TRUE(R.Timing.has_value());
  return R.Timing.value_or(TimingResult());
}

std::string repeat(StringRef S, unsigned N) {
  std::string Out;
  for (unsigned I = 0; I != N; ++I)
    Out += S.str() + "\n";
  return Out;
}

// One wave on SIMD 0, which has an issue turn every 4 cycles: s_load at 0
// completes at 50; s_waitcnt passes at the first turn after, 52; the N VALU
// operations issue at 56, 60, ...; s_endpgm at 56 + 4N.
TEST(EmuTiming, CyclesByConstruction) {
  TimingParams P = TimingParams::forProcessor("gfx90a", 64);
  ASSERT_EQ(P.SMemLatency, 50u);
  for (unsigned N : {0u, 1u, 10u, 37u})
    EXPECT_EQ(timing(repeat("v_add_u32 v1, v1, v0", N)).Cycles, 56 + 4 * N)
        << N << " VALU operations";
  // Quarter-rate operations hold the VALU 16 cycles.
  EXPECT_EQ(timing(repeat("v_mul_lo_u32 v1, v1, v0", 10)).Cycles,
            56 + 16 * 9 + 4);
}

// Work between a load and its s_waitcnt hides that much of the latency.
TEST(EmuTiming, WaitcntPlacement) {
  std::string Load = "v_lshlrev_b32 v1, 2, v0\n"
                     "global_load_dword v2, v1, s[2:3]\n";
  std::string Work = repeat("v_add_u32 v3, v3, v0", 20);
  TimingResult Early =
      timing(Load + "s_waitcnt vmcnt(0)\n" + Work + "v_add_u32 v3, v3, v2");
  TimingResult Late =
      timing(Load + Work + "s_waitcnt vmcnt(0)\nv_add_u32 v3, v3, v2");
  EXPECT_EQ(Early.Cycles - Late.Cycles, 20u * 4);
  EXPECT_GT(Early.WaitcntStallCycles, Late.WaitcntStallCycles);
  // vmcnt(1) waits only for the older of two loads.
  std::string Two = Load + "global_load_dword v4, v1, s[2:3] offset:256\n";
  TimingResult One = timing(Two + "s_waitcnt vmcnt(1)\nv_add_u32 v3, v3, v2");
  TimingResult Both = timing(Two + "s_waitcnt vmcnt(0)\nv_add_u32 v3, v3, v2");
  EXPECT_LT(One.Cycles, Both.Cycles);
}

// vmcnt counts at most 63 stores in flight: the 64th waits for the first to
// complete. Without the limit a wave streams all its stores.
TEST(EmuTiming, CounterCapacity) {
  std::string Stores = "v_lshlrev_b32 v1, 2, v0\n" +
                       repeat("global_store_dword v1, v0, s[2:3]", 100);
  TimingParams P = TimingParams::forProcessor("gfx90a", 64);
  TimingParams Unlimited = P;
  Unlimited.MaxOutstanding = {1000, 1000, 1000};
  uint64_t Capped = timing(Stores, 1, 32, 1024, P).Cycles;
  uint64_t Free = timing(Stores, 1, 32, 1024, Unlimited).Cycles;
  // Unlimited: one store per 4-cycle turn. Capped: the 64th store, due 63
  // turns after the first, waits until the first completes (its 4 unit
  // cycles and the latency after its issue); the rest follow a turn apart.
  EXPECT_EQ(Free, 56 + 4 * 101u);
  EXPECT_EQ(Capped, Free + (4 + P.VMemStoreLatency) - 4 * 63);
}

// A latency-bound loop body: more waves overlap their loads.
const char *LatencyBound = "v_lshlrev_b32 v1, 2, v0\n"
                           "s_mov_b32 s4, 16\n"
                           "loop:\n"
                           "global_load_dword v2, v1, s[2:3]\n"
                           "s_waitcnt vmcnt(0)\n"
                           "v_add_u32 v3, v3, v2\n"
                           "s_sub_u32 s4, s4, 1\n"
                           "s_cmp_lg_u32 s4, 0\n"
                           "s_cbranch_scc1 loop\n";

TEST(EmuTiming, MoreWavesHideLatency) {
  uint64_t One = timing(LatencyBound, 4).Cycles;   // One wave per SIMD.
  uint64_t Many = timing(LatencyBound, 32).Cycles; // Eight per SIMD.
  // Eight times the work in well under twice the time.
  EXPECT_LT(Many, 2 * One) << One << " vs " << Many;
  EXPECT_GT(Many, One);
}

// A VALU-bound kernel: once every SIMD has a wave, twice the waves take
// about twice the time.
TEST(EmuTiming, ValuBoundScalesWithWaves) {
  std::string Body = repeat("v_add_u32 v1, v1, v0", 200);
  uint64_t Four = timing(Body, 4).Cycles, Eight = timing(Body, 8).Cycles;
  EXPECT_NEAR(double(Eight) / double(Four), 2.0, 0.1) << Four << " " << Eight;
  EXPECT_GT(timing(Body, 8).VALUBusy, 0.9);
}

// v_cmpx writes EXEC (it is counted in the ExecMask class) but is a VALU
// compare: the timing model occupies the VALU with it and the cycle estimate
// charges it as a VALU instruction (4 cycles), not as a scalar EXEC write
// (1). Its compare is true on every lane, so EXEC stays whole.
TEST(EmuTiming, VCmpxIssuesOnTheVALU) {
  std::string Cmpx = repeat("v_cmpx_le_u32 vcc, 0, v0", 200);
  EXPECT_GT(timing(Cmpx, 8).VALUBusy, 0.9);
  EXPECT_NEAR(double(timing(Cmpx, 8).Cycles),
              double(timing(repeat("v_cmp_le_u32 vcc, 0, v0", 200), 8).Cycles),
              8.0);
  RunOptions O;
  EmuRun R = runWave(GFX90A, Cmpx, O);
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.Stats.ByClass[unsigned(InstClass::ExecMask)], 200u);
  EXPECT_EQ(R.Stats.VALUExecWrites, 200u);
  EmuRun Saveexec =
      runWave(GFX90A, repeat("s_and_saveexec_b64 s[10:11], exec", 200), O);
  ASSERT_EQ(Saveexec.Error, "");
  EXPECT_EQ(Saveexec.Stats.VALUExecWrites, 0u);
  EXPECT_EQ(R.Stats.cycleEstimate() - Saveexec.Stats.cycleEstimate(),
            200u * 3);
}

// The cycle estimate charges a VALU instruction the cycles it occupies the
// wave's SIMD: 4 for wave64 on a CDNA SIMD16, 1 for wave32 and 2 for wave64
// on an RDNA SIMD32; scalar instructions cost 1 everywhere.
TEST(EmuTiming, CycleEstimateValuCyclesFollowTheSIMD) {
  auto Estimate = [](const EmuTarget &T, const std::string &Body) {
    RunOptions O;
    EmuRun R = runWave(T, Body, O);
    EXPECT_EQ(R.Error, "") << T.CPU.str();
    return R.Stats.cycleEstimate();
  };
  std::string Valu = repeat("v_mov_b32 v1, v0", 100);
  std::string Salu = repeat("s_add_u32 s10, s10, 1", 100);
  const EmuTarget GFX1030W64{"gfx1030", 64};
  EXPECT_EQ(Estimate(GFX90A, Valu) - Estimate(GFX90A, Salu), 100u * 3);
  EXPECT_EQ(Estimate(GFX1030, Valu), Estimate(GFX1030, Salu));
  EXPECT_EQ(Estimate(GFX1030W64, Valu) - Estimate(GFX1030W64, Salu), 100u);
}

// Occupancy steps: the same 64 latency-bound waves with 128 VGPRs (4 waves
// per SIMD) take longer than with 64 (8 per SIMD).
TEST(EmuTiming, OccupancyStep) {
  TimingResult Low = timing(LatencyBound, 64, 128);
  TimingResult High = timing(LatencyBound, 64, 64);
  EXPECT_EQ(Low.Occ.WavesPerSIMD, 4u);
  EXPECT_EQ(High.Occ.WavesPerSIMD, 8u);
  EXPECT_GT(Low.Cycles, High.Cycles + High.Cycles / 2);
}

// 64 lanes reading consecutive dwords take two LDS cycles (32 banks); at a
// 128-byte stride every lane hits bank 0 and each half-wave takes 32.
TEST(EmuTiming, LDSBankConflicts) {
  auto Run = [](unsigned Shift) {
    return timing((Twine("v_lshlrev_b32 v1, ") + Twine(Shift) +
                   ", v0\nds_read_b32 v2, v1\ns_waitcnt lgkmcnt(0)\n"
                   "v_add_u32 v3, v3, v2")
                      .str(),
                  1, 32, 8192)
        .Cycles;
  };
  uint64_t Free = Run(2), Conflict = Run(7);
  // 62 more cycles in the banks; the wave resumes on a 4-cycle issue turn.
  EXPECT_GE(Conflict - Free, 60u) << Free << " vs " << Conflict;
  EXPECT_LE(Conflict - Free, 64u) << Free << " vs " << Conflict;
}

} // namespace
