// Property tests of the cost model on every shipped chip: more work is never cheaper, ratios
// stay in [0, 1], a copy-like op is memory bound, the AI CPU is slower than the AI Core for
// a large elementwise op, waves follow block_dim, L2 hints only help, unsupported cube types
// are flagged. Owner: device_sim/cost. Thread safety: single-threaded tests.
// Failure: gtest assertions.
#include <gtest/gtest.h>

#include <string>

#include "device_sim/cost/cost_model.h"
#include "kernels/common/cost/cube_work.h"
#include "tests/unit/device_sim_cost/reference_work.h"

namespace asim::sim {
namespace {

class CostProperties : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override { ASSERT_TRUE(LoadSocSpec(GetParam(), &spec_).ok()); }
  SocSpec spec_;
};

void ExpectRatiosInRange(const CostEstimate& e) {
  for (double r : {e.mac_ratio, e.vec_ratio, e.scalar_ratio, e.mte1_ratio, e.mte2_ratio, e.mte3_ratio}) {
    EXPECT_GE(r, 0.0);
    EXPECT_LE(r, 1.0);
  }
  EXPECT_GE(e.memory_bound, 0.0);
  EXPECT_EQ(e.total_cycles, e.critical_cycles + e.non_overlap_cycles + e.startup_cycles);
  EXPECT_GE(e.duration_ps, e.overhead_ps);
}

TEST_P(CostProperties, MoreMacsAreNeverCheaper) {
  const kernels::ChipTraits chip = testing::Traits(spec_);
  SimPs previous = 0;
  for (int64_t cout : {16, 64, 256, 1024, 4096}) {
    const CostEstimate e = EstimateCost(kernels::CubeConvWork(testing::Conv(1, 256, 28, cout, 3, 1, 1), chip), spec_);
    EXPECT_GE(e.duration_ps, previous) << "cout " << cout;
    previous = e.duration_ps;
  }
  // The same work with more MACs (everything else fixed) is never faster.
  WorkDesc w = kernels::CubeMatMulWork(1, 256, 256, 256, DataType::kFloat16, false, chip);
  const CostEstimate base = EstimateCost(w, spec_);
  for (int i = 0; i < 6; ++i) {
    w.cube_macs *= 2;
    const CostEstimate more = EstimateCost(w, spec_);
    EXPECT_GE(more.total_cycles, base.total_cycles);
    EXPECT_GE(more.cube_cycles, base.cube_cycles);
  }
}

TEST_P(CostProperties, RatiosStayInRangeForEveryReferenceCase) {
  for (const testing::ReferenceCase& c : testing::ReferenceCases(spec_)) {
    SCOPED_TRACE(c.name);
    ExpectRatiosInRange(EstimateCost(c.work, spec_));
  }
  ExpectRatiosInRange(EstimateCost(WorkDesc{}, spec_));  // empty work: startup only
}

TEST_P(CostProperties, CopyLikeOpIsMemoryBound) {
  WorkDesc copy;
  const uint64_t bytes = 32ull << 20;
  copy.mte2_bytes = bytes;
  copy.mte3_bytes = bytes;
  copy.vector_ops = bytes / 2;  // one fp16 move per element through UB
  copy.vector_elem_bytes = 2;
  copy.block_dim = spec_.cores.ai_core_count;
  const CostEstimate e = EstimateCost(copy, spec_);
  EXPECT_GT(e.memory_bound, 1.0);
  EXPECT_EQ(e.critical_pipe, CriticalPipe::kGm);
  ExpectRatiosInRange(e);
}

TEST_P(CostProperties, LargeComputeBoundConvIsCubeBound) {
  const CostEstimate e =
      EstimateCost(kernels::CubeConvWork(testing::Conv(64, 512, 7, 512, 3, 1, 1), testing::Traits(spec_)), spec_);
  EXPECT_EQ(e.critical_pipe, CriticalPipe::kCube);
  EXPECT_LT(e.memory_bound, 1.0);
  EXPECT_GT(e.mac_ratio, 0.8);
}

TEST_P(CostProperties, AiCpuIsSlowerThanAiCoreForALargeElementwiseOp) {
  const uint64_t elems = 4ull << 20;
  WorkDesc core;
  core.vector_ops = elems;
  core.vector_elem_bytes = 2;
  core.mte2_bytes = 2 * elems * 2;
  core.mte3_bytes = elems * 2;
  core.block_dim = spec_.cores.ai_core_count;
  WorkDesc cpu;
  cpu.on_ai_cpu = true;
  cpu.aicpu_ops = elems;
  cpu.aicpu_bytes = 3 * elems * 2;
  const CostEstimate on_core = EstimateCost(core, spec_);
  const CostEstimate on_cpu = EstimateCost(cpu, spec_);
  EXPECT_TRUE(on_cpu.on_ai_cpu);
  EXPECT_GT(on_cpu.duration_ps, 2 * on_core.duration_ps);
  EXPECT_EQ(on_cpu.mac_ratio, 0.0);
  EXPECT_EQ(on_cpu.critical_pipe, CriticalPipe::kAiCpu);
  EXPECT_GT(on_cpu.aicpu_cores_used, 1u);
  EXPECT_LE(on_cpu.aicpu_cores_used, spec_.cores.ai_cpu_count);
}

TEST_P(CostProperties, AiCpuLaunchOverheadIsTensOfMicroseconds) {
  WorkDesc tiny;
  tiny.on_ai_cpu = true;
  tiny.aicpu_ops = 1;
  tiny.aicpu_bytes = 8;
  const CostEstimate e = EstimateCost(tiny, spec_);
  EXPECT_GE(PsToUs(e.duration_ps), 10.0);
  EXPECT_EQ(e.aicpu_cores_used, 1u);
}

TEST_P(CostProperties, WavesFollowBlockDim) {
  WorkDesc w;
  w.vector_ops = 1u << 20;
  w.vector_elem_bytes = 2;
  const uint32_t cores = spec_.split_cube_vector ? spec_.cores.vector_core_count : spec_.cores.ai_core_count;
  w.block_dim = cores;
  const CostEstimate one = EstimateCost(w, spec_);
  w.block_dim = 2 * cores + 1;
  const CostEstimate three = EstimateCost(w, spec_);
  EXPECT_EQ(one.waves, 1u);
  EXPECT_EQ(three.waves, 3u);
  EXPECT_EQ(three.cores_used, cores);
  EXPECT_GT(three.vector_cycles, one.vector_cycles);  // the busiest core does 3 thinner blocks
  w.block_dim = 0;
  EXPECT_EQ(EstimateCost(w, spec_).block_dim, 1u);
}

TEST_P(CostProperties, L2HintsOnlyHelpAndAreClamped) {
  WorkDesc w;
  w.mte2_bytes = 8u << 20;
  w.mte3_bytes = 4u << 20;
  w.block_dim = spec_.cores.ai_core_count;
  const CostEstimate cold = EstimateCost(w, spec_);
  CostHints hints;
  hints.mte2_l2_hit_bytes = 4u << 20;
  hints.mte3_l2_resident_bytes = 2u << 20;
  const CostEstimate warm = EstimateCost(w, spec_, hints);
  EXPECT_LE(warm.duration_ps, cold.duration_ps);
  hints.mte2_l2_hit_bytes = 1ull << 40;  // more than the task reads
  hints.mte3_l2_resident_bytes = 1ull << 40;
  const CostEstimate all = EstimateCost(w, spec_, hints);
  EXPECT_LE(all.duration_ps, warm.duration_ps);
  ExpectRatiosInRange(all);
}

TEST_P(CostProperties, CubeTypesFollowTheChip) {
  EXPECT_EQ(CubeMacsPerCycle(DataType::kFloat16, spec_), spec_.cube.fp16_macs_per_cycle);
  EXPECT_EQ(CubeMacsPerCycle(DataType::kInt8, spec_), spec_.cube.int8_macs_per_cycle);
  WorkDesc w;
  w.cube_macs = 1u << 24;
  w.cube_dtype = DataType::kFloat;
  const CostEstimate e = EstimateCost(w, spec_);
  EXPECT_EQ(e.cube_dtype_supported, spec_.cube.supports_fp32);
  EXPECT_GT(e.cube_cycles, 0u);
  w.cube_dtype = DataType::kInt8;
  const CostEstimate int8 = EstimateCost(w, spec_);
  w.cube_dtype = DataType::kFloat16;
  const CostEstimate fp16 = EstimateCost(w, spec_);
  EXPECT_LT(int8.cube_cycles, fp16.cube_cycles);
}

INSTANTIATE_TEST_SUITE_P(AllShipped, CostProperties,
                         ::testing::Values("Ascend310", "Ascend310P3", "Ascend910", "Ascend910B2"),
                         [](const ::testing::TestParamInfo<const char*>& info) { return std::string(info.param); });

TEST(CostModel, CriticalPipeNames) {
  EXPECT_STREQ(CriticalPipeName(CriticalPipe::kCube), "cube");
  EXPECT_STREQ(CriticalPipeName(CriticalPipe::kGm), "gm");
  EXPECT_STREQ(CriticalPipeName(CriticalPipe::kAiCpu), "aicpu");
}

TEST(CubeWork, SmallChannelAndPaddingAreCounted) {
  kernels::ChipTraits chip;
  chip.ai_core_count = 2;
  kernels::ConvGeometry g = testing::Conv(1, 3, 224, 64, 7, 2, 3);
  const WorkDesc c16 = kernels::CubeConvWork(g, chip);
  g.small_channel = true;
  const WorkDesc c04 = kernels::CubeConvWork(g, chip);
  // M = 112*112 = 12544; K = 16*49 = 784 (C0 16) or roundup(4*49, 16) = 208 (C04); N = 64.
  EXPECT_EQ(c16.cube_macs, 12544ull * 784 * 64);
  EXPECT_EQ(c04.cube_macs, 12544ull * 208 * 64);
  EXPECT_EQ(c04.block_dim, 2u);
  const WorkDesc mm = kernels::CubeMatMulWork(1, 1, 2048, 1000, DataType::kFloat16, false, chip);
  EXPECT_EQ(mm.cube_macs, 16ull * 2048 * 1008);
}

}  // namespace
}  // namespace asim::sim
