// Tests of sim::Timeline: engine placement, AI Core block_dim, DMA directions, host clock,
// copy and memset durations. Owner: device_sim/engine. Single-threaded.
#include <gtest/gtest.h>

#include "device_sim/engine/timeline.h"
#include "engine_test_util.h"

namespace asim::sim {
namespace {

using testing_util::RoundParams;

constexpr SimPs kUs = kPsPerUs;

TEST(Timeline, TasksOnOneEngineInstanceSerialize) {
  TimingParams p = RoundParams();
  p.ai_cpu_count = 1;
  Timeline t(p);
  Timeline::Slot a = t.Place(EngineKind::kAiCpu, 1, 0, 10 * kUs);
  Timeline::Slot b = t.Place(EngineKind::kAiCpu, 1, 0, 5 * kUs);
  Timeline::Slot c = t.Place(EngineKind::kAiCpu, 1, 40 * kUs, 1 * kUs);  // engine idle by then
  EXPECT_EQ(a.start, 0u);
  EXPECT_EQ(a.end, 10 * kUs);
  EXPECT_EQ(b.start, 10 * kUs);
  EXPECT_EQ(b.end, 15 * kUs);
  EXPECT_EQ(c.start, 40 * kUs);
  EXPECT_EQ(c.end, 41 * kUs);
  EXPECT_EQ(t.horizon(), 41 * kUs);
}

TEST(Timeline, ReadyTimeIsRespectedOnAnIdleEngine) {
  Timeline t(RoundParams());
  Timeline::Slot a = t.Place(EngineKind::kDmaD2D, 1, 7 * kUs, 2 * kUs);
  EXPECT_EQ(a.start, 7 * kUs);
  EXPECT_EQ(a.end, 9 * kUs);
}

TEST(Timeline, TwoBlockDimOneKernelsOverlapOnTwoCores) {
  Timeline t(RoundParams());  // 2 AI Cores
  Timeline::Slot a = t.Place(EngineKind::kAiCore, 1, 0, 10 * kUs);
  Timeline::Slot b = t.Place(EngineKind::kAiCore, 1, 0, 10 * kUs);
  EXPECT_EQ(a.start, 0u);
  EXPECT_EQ(b.start, 0u);
  // A third one waits for the first core to free up.
  Timeline::Slot c = t.Place(EngineKind::kAiCore, 1, 0, 10 * kUs);
  EXPECT_EQ(c.start, 10 * kUs);
}

TEST(Timeline, BlockDimTwoKernelsSerializeOnTwoCores) {
  Timeline t(RoundParams());
  Timeline::Slot a = t.Place(EngineKind::kAiCore, 2, 0, 10 * kUs);
  Timeline::Slot b = t.Place(EngineKind::kAiCore, 2, 0, 10 * kUs);
  EXPECT_EQ(a.start, 0u);
  EXPECT_EQ(b.start, 10 * kUs);
  EXPECT_EQ(b.end, 20 * kUs);
}

TEST(Timeline, BlockDimIsClampedToTheCoreCount) {
  Timeline t(RoundParams());
  // block_dim 32 on a 2-core chip takes both cores, not an impossible 32.
  Timeline::Slot a = t.Place(EngineKind::kAiCore, 32, 0, 10 * kUs);
  EXPECT_EQ(a.start, 0u);
  EXPECT_EQ(a.end, 10 * kUs);
  Timeline::Slot b = t.Place(EngineKind::kAiCore, 1, 0, 1 * kUs);
  EXPECT_EQ(b.start, 10 * kUs);  // both cores were taken
  // block_dim 0 counts as 1.
  Timeline::Slot c = t.Place(EngineKind::kAiCore, 0, 0, 1 * kUs);
  EXPECT_EQ(c.start, 10 * kUs);  // the other core, free at 10
  Timeline::Slot d = t.Place(EngineKind::kAiCore, 0, 0, 1 * kUs);
  EXPECT_EQ(d.start, 11 * kUs);
}

TEST(Timeline, WideKernelStartsWhenEnoughCoresAreFree) {
  TimingParams p = RoundParams();
  p.ai_core_count = 4;
  Timeline t(p);
  (void)t.Place(EngineKind::kAiCore, 1, 0, 10 * kUs);  // core busy until 10
  (void)t.Place(EngineKind::kAiCore, 1, 0, 20 * kUs);  // core busy until 20
  (void)t.Place(EngineKind::kAiCore, 1, 0, 30 * kUs);  // core busy until 30
  // 4 cores: free at 0, 10, 20, 30. Two cores are free at 10.
  Timeline::Slot two = t.Place(EngineKind::kAiCore, 2, 0, 5 * kUs);
  EXPECT_EQ(two.start, 10 * kUs);
  // Now free at 15, 15, 20, 30: three cores at 20.
  Timeline::Slot three = t.Place(EngineKind::kAiCore, 3, 0, 5 * kUs);
  EXPECT_EQ(three.start, 20 * kUs);
  // Now free at 25, 25, 25, 30: four cores at 30.
  Timeline::Slot four = t.Place(EngineKind::kAiCore, 8, 0, 1 * kUs);
  EXPECT_EQ(four.start, 30 * kUs);
}

TEST(Timeline, DmaDirectionsAreIndependentEngines) {
  Timeline t(RoundParams());
  Timeline::Slot h2d = t.Place(EngineKind::kDmaH2D, 1, 0, 10 * kUs);
  Timeline::Slot d2h = t.Place(EngineKind::kDmaD2H, 1, 0, 10 * kUs);
  Timeline::Slot d2d = t.Place(EngineKind::kDmaD2D, 1, 0, 10 * kUs);
  EXPECT_EQ(h2d.start, 0u);
  EXPECT_EQ(d2h.start, 0u);
  EXPECT_EQ(d2d.start, 0u);
  // Same direction (one channel each) serializes.
  Timeline::Slot h2d2 = t.Place(EngineKind::kDmaH2D, 1, 0, 10 * kUs);
  EXPECT_EQ(h2d2.start, 10 * kUs);
  // And neither AI Core nor AI CPU is affected by DMA.
  EXPECT_EQ(t.Place(EngineKind::kAiCore, 2, 0, 1).start, 0u);
  EXPECT_EQ(t.Place(EngineKind::kAiCpu, 1, 0, 1).start, 0u);
}

TEST(Timeline, MoreDmaChannelsOverlap) {
  TimingParams p = RoundParams();
  p.dma_channels = 2;
  Timeline t(p);
  EXPECT_EQ(t.Place(EngineKind::kDmaH2D, 1, 0, 10 * kUs).start, 0u);
  EXPECT_EQ(t.Place(EngineKind::kDmaH2D, 1, 0, 10 * kUs).start, 0u);
  EXPECT_EQ(t.Place(EngineKind::kDmaH2D, 1, 0, 10 * kUs).start, 10 * kUs);
}

TEST(Timeline, SyncAndHostEnginesHaveNoContention) {
  Timeline t(RoundParams());
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(t.Place(EngineKind::kSync, 1, 3 * kUs, 0).start, 3 * kUs);
    EXPECT_EQ(t.Place(EngineKind::kHost, 1, 3 * kUs, 10 * kUs).start, 3 * kUs);
  }
  EXPECT_EQ(t.horizon(), 13 * kUs);
}

TEST(Timeline, HostClockAdvance) {
  Timeline t(RoundParams());
  EXPECT_EQ(t.host_now(), 0u);
  t.AdvanceHostBy(5 * kUs);
  EXPECT_EQ(t.host_now(), 5 * kUs);
  t.AdvanceHostTo(3 * kUs);  // never backwards
  EXPECT_EQ(t.host_now(), 5 * kUs);
  t.AdvanceHostTo(12 * kUs);
  EXPECT_EQ(t.host_now(), 12 * kUs);
  // Placing tasks does not move the host clock.
  (void)t.Place(EngineKind::kAiCore, 1, 0, 100 * kUs);
  EXPECT_EQ(t.host_now(), 12 * kUs);
}

TEST(Timeline, CopyDurationIsLatencyPlusBytesOverBandwidth) {
  Timeline t(RoundParams());  // latency 5 us; H2D 10 GB/s, D2H 20 GB/s, D2D 50 GB/s
  // 10 GB/s = 10 bytes/ns: 1,000,000 bytes take 100 us.
  EXPECT_EQ(t.CopyDuration(EngineKind::kDmaH2D, 1000000), 5 * kUs + 100 * kUs);
  EXPECT_EQ(t.CopyDuration(EngineKind::kDmaD2H, 1000000), 5 * kUs + 50 * kUs);
  EXPECT_EQ(t.CopyDuration(EngineKind::kDmaD2D, 1000000), 5 * kUs + 20 * kUs);
  // Host-to-host copies run at twice the device copy rate.
  EXPECT_EQ(t.CopyDuration(EngineKind::kHost, 1000000), 5 * kUs + 10 * kUs);
  // Exact picoseconds: 10 bytes at 10 GB/s = 1 ns.
  EXPECT_EQ(t.CopyDuration(EngineKind::kDmaH2D, 10), 5 * kUs + 1000);
  // 1 byte at 20 GB/s = 50 ps.
  EXPECT_EQ(t.CopyDuration(EngineKind::kDmaD2H, 1), 5 * kUs + 50);
  // Zero bytes: the latency alone.
  EXPECT_EQ(t.CopyDuration(EngineKind::kDmaD2D, 0), 5 * kUs);
  // A fraction of a picosecond rounds up: 1 byte at 3 GB/s = 333.33 ps -> 334.
  TimingParams p = RoundParams();
  p.h2d_gbps = 3.0;
  Timeline t3(p);
  EXPECT_EQ(t3.CopyDuration(EngineKind::kDmaH2D, 1), 5 * kUs + 334);
}

TEST(Timeline, MemsetDurationUsesTheFillRate) {
  Timeline t(RoundParams());  // 100 GB/s = 100 bytes/ns
  EXPECT_EQ(t.MemsetDuration(1000000), 5 * kUs + 10 * kUs);
  EXPECT_EQ(t.MemsetDuration(0), 5 * kUs);
}

TEST(Timeline, PlacementIsAPureFunctionOfTheCallSequence) {
  auto run = [] {
    Timeline t(RoundParams());
    std::vector<std::pair<SimPs, SimPs>> out;
    const EngineKind engines[] = {EngineKind::kAiCore, EngineKind::kDmaH2D, EngineKind::kAiCpu, EngineKind::kDmaD2D};
    for (uint32_t i = 0; i < 200; ++i) {
      Timeline::Slot s = t.Place(engines[i % 4], 1 + i % 3, (i * 7919) % 50 * kUs, (1 + i % 11) * kUs);
      out.emplace_back(s.start, s.end);
    }
    return out;
  };
  EXPECT_EQ(run(), run());
}

}  // namespace
}  // namespace asim::sim
