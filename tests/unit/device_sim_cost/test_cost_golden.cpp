// Golden cycle counts of reference shapes on every shipped chip (ANCHORS.md 7.8 item 6):
// a change to the cost model, a cube_work formula or a chip's cost parameters shows up here
// and must be a deliberate, reviewed golden update (regenerate the table from the failure
// messages and say why in the change).
// Owner: device_sim/cost. Thread safety: single-threaded tests. Failure: gtest assertions.
#include <gtest/gtest.h>

#include <string>

#include "device_sim/cost/cost_model.h"
#include "tests/unit/device_sim_cost/reference_work.h"

namespace asim::sim {
namespace {

struct Golden {
  const char* soc;
  const char* name;
  uint32_t block_dim;
  uint64_t cube, vector, scalar, mte1, mte2, mte3, total;
  SimPs duration_ps;
};

// clang-format off
const Golden kGolden[] = {
    {"Ascend310", "conv7x7s2_c3_k64_bs1_c04", 2, 40768u, 25088u, 3392u, 5096u, 9645u, 36157u, 58423u, 67615306u},
    {"Ascend310", "conv3x3_c64_k64_56_bs1", 2, 28224u, 6272u, 2056u, 3552u, 10706u, 9040u, 34178u, 42875510u},
    {"Ascend310", "conv1x1_c1024_k256_14_bs1", 2, 13312u, 1568u, 512u, 960u, 20869u, 2260u, 26765u, 35311224u},
    {"Ascend310", "conv3x3_c512_k512_7_bs64", 2, 2359296u, 50176u, 37120u, 147456u, 178614u, 72313u, 2409864u, 2467044898u},
    {"Ascend310", "matmul_64x2048x1000", 2, 32256u, 2016u, 1280u, 3371u, 98968u, 2906u, 107767u, 117966327u},
    {"Ascend310", "add_fp16_256x56x56", 2, 0u, 6272u, 64u, 0u, 72313u, 36157u, 111104u, 121371429u},
    {"Ascend310", "aicpu_4Mops_8MB", 1, 0u, 0u, 0u, 0u, 0u, 0u, 3355444u, 2147152500u},
    {"Ascend310P3", "conv7x7s2_c3_k64_bs1_c04", 8, 6795u, 3136u, 1040u, 637u, 2658u, 9962u, 20424u, 20411111u},
    {"Ascend310P3", "conv3x3_c64_k64_56_bs1", 8, 4704u, 784u, 706u, 444u, 2950u, 2491u, 10760u, 11462963u},
    {"Ascend310P3", "conv1x1_c1024_k256_14_bs1", 8, 2219u, 196u, 320u, 120u, 5750u, 623u, 9087u, 9913889u},
    {"Ascend310P3", "conv3x3_c512_k512_7_bs64", 8, 393216u, 6272u, 9472u, 18432u, 49210u, 19923u, 405547u, 377006481u},
    {"Ascend310P3", "matmul_64x2048x1000", 8, 5376u, 252u, 512u, 422u, 27267u, 801u, 30725u, 29949074u},
    {"Ascend310P3", "add_fp16_256x56x56", 8, 0u, 784u, 64u, 0u, 19923u, 9962u, 31970u, 31101852u},
    {"Ascend310P3", "aicpu_4Mops_8MB", 1, 0u, 0u, 0u, 0u, 0u, 0u, 1992295u, 1088576316u},
    {"Ascend910", "conv7x7s2_c3_k64_bs1_c04", 32, 1274u, 784u, 452u, 160u, 397u, 1487u, 5219u, 8219000u},
    {"Ascend910", "conv3x3_c64_k64_56_bs1", 32, 882u, 196u, 369u, 111u, 441u, 372u, 3627u, 6627000u},
    {"Ascend910", "conv1x1_c1024_k256_14_bs1", 32, 416u, 49u, 272u, 30u, 859u, 93u, 3336u, 6336000u},
    {"Ascend910", "conv3x3_c512_k512_7_bs64", 32, 73728u, 1568u, 2560u, 4608u, 7345u, 2974u, 78110u, 81110000u},
    {"Ascend910", "matmul_64x2048x1000", 32, 1008u, 63u, 320u, 106u, 4070u, 120u, 6490u, 9490000u},
    {"Ascend910", "add_fp16_256x56x56", 32, 0u, 196u, 64u, 0u, 2974u, 1487u, 6526u, 9526000u},
    {"Ascend910", "aicpu_4Mops_8MB", 1, 0u, 0u, 0u, 0u, 0u, 0u, 1677722u, 878861000u},
    {"Ascend910B2", "conv7x7s2_c3_k64_bs1_c04", 24, 1699u, 1046u, 518u, 213u, 536u, 2008u, 6282u, 5490000u},
    {"Ascend910B2", "conv3x3_c64_k64_56_bs1", 24, 1176u, 262u, 406u, 148u, 595u, 502u, 4133u, 4296111u},
    {"Ascend910B2", "conv1x1_c1024_k256_14_bs1", 16, 832u, 98u, 288u, 60u, 1159u, 126u, 3924u, 4180000u},
    {"Ascend910B2", "conv3x3_c512_k512_7_bs64", 24, 98304u, 2091u, 3328u, 6144u, 9915u, 4015u, 102854u, 59141111u},
    {"Ascend910B2", "matmul_64x2048x1000", 24, 1344u, 84u, 342u, 141u, 5494u, 162u, 7975u, 6430556u},
    {"Ascend910B2", "add_fp16_256x56x56", 24, 0u, 262u, 64u, 0u, 4015u, 2008u, 8089u, 6493889u},
    {"Ascend910B2", "aicpu_4Mops_8MB", 1, 0u, 0u, 0u, 0u, 0u, 0u, 1677722u, 868861000u},
};
// clang-format on

TEST(CostGolden, ReferenceShapesOnEveryShippedChip) {
  size_t checked = 0;
  for (const char* soc : {"Ascend310", "Ascend310P3", "Ascend910", "Ascend910B2"}) {
    SocSpec spec;
    ASSERT_TRUE(LoadSocSpec(soc, &spec).ok()) << soc;
    for (const testing::ReferenceCase& c : testing::ReferenceCases(spec)) {
      const Golden* g = nullptr;
      for (const Golden& row : kGolden) {
        if (std::string(row.soc) == soc && c.name == row.name) g = &row;
      }
      ASSERT_NE(g, nullptr) << "no golden row for " << soc << " " << c.name;
      const CostEstimate e = EstimateCost(c.work, spec);
      SCOPED_TRACE(std::string(soc) + " " + c.name);
      EXPECT_EQ(e.block_dim, g->block_dim);
      EXPECT_EQ(e.cube_cycles, g->cube);
      EXPECT_EQ(e.vector_cycles, g->vector);
      EXPECT_EQ(e.scalar_cycles, g->scalar);
      EXPECT_EQ(e.mte1_cycles, g->mte1);
      EXPECT_EQ(e.mte2_cycles, g->mte2);
      EXPECT_EQ(e.mte3_cycles, g->mte3);
      EXPECT_EQ(e.total_cycles, g->total);
      EXPECT_EQ(e.duration_ps, g->duration_ps);
      ++checked;
    }
  }
  EXPECT_EQ(checked, sizeof(kGolden) / sizeof(kGolden[0]));
}

// Hand-checkable case: a pure cube task on the 310 (2048 fp16 MACs/cycle, 980 MHz).
TEST(CostGolden, HandComputedCubeTaskOn310) {
  SocSpec spec;
  ASSERT_TRUE(LoadSocSpec("Ascend310", &spec).ok());
  WorkDesc w;
  w.cube_macs = 2 * 2048 * 1000;  // 1000 cycles on each of 2 cores
  w.block_dim = 2;
  const CostEstimate e = EstimateCost(w, spec);
  EXPECT_EQ(e.cube_cycles, 1000u);
  EXPECT_EQ(e.critical_pipe, CriticalPipe::kCube);
  EXPECT_EQ(e.non_overlap_cycles, 0u);
  EXPECT_EQ(e.startup_cycles, spec.cost.block_start_cycles);
  EXPECT_EQ(e.total_cycles, 1000u + spec.cost.block_start_cycles);
  // (1000 + 2000) cycles at 980 MHz = 3061.2 ns, plus the 8 us task overhead.
  EXPECT_EQ(e.duration_ps, 3061224u + 8000000u);
  EXPECT_DOUBLE_EQ(e.mac_ratio, 1000.0 / 3000.0);
}

// cost.cube_efficiency divides the cube's rate: at 0.5 the same MACs take twice the cycles;
// the other pipes do not change. A spec built in code with 0 (never parsed) counts as 1.
TEST(CostGolden, CubeEfficiencyStretchesOnlyTheCubeTerm) {
  SocSpec spec;
  ASSERT_TRUE(LoadSocSpec("Ascend310", &spec).ok());
  WorkDesc w;
  w.cube_macs = 2 * 2048 * 1000;
  w.block_dim = 2;
  w.vector_ops = 4096;
  w.vector_elem_bytes = 2;
  spec.cost.cube_efficiency = 1.0;
  const CostEstimate full = EstimateCost(w, spec);
  spec.cost.cube_efficiency = 0.5;
  const CostEstimate half = EstimateCost(w, spec);
  EXPECT_EQ(full.cube_cycles, 1000u);
  EXPECT_EQ(half.cube_cycles, 2000u);
  EXPECT_EQ(half.vector_cycles, full.vector_cycles);
  EXPECT_GT(half.duration_ps, full.duration_ps);
  spec.cost.cube_efficiency = 0;
  EXPECT_EQ(EstimateCost(w, spec).cube_cycles, 1000u);
}

}  // namespace
}  // namespace asim::sim
