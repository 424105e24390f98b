// Tests of the shipped SoC specs: each loads, is self-consistent and matches its JSON file.
// Owner: device_sim/soc. Thread safety: single-threaded tests. Failure: gtest assertions.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>

#include "device_sim/soc/embedded_socs.h"
#include "device_sim/soc/soc_spec.h"

namespace asim::sim {
namespace {

const char* const kShipped[] = {"Ascend310", "Ascend310P3", "Ascend910", "Ascend910B2"};

bool Near(double computed, double quoted, double tolerance) {
  return std::fabs(computed - quoted) <= tolerance * quoted;
}

class ShippedSpec : public testing::TestWithParam<const char*> {};

TEST_P(ShippedSpec, LoadsFromTheEmbeddedCopy) {
  SocSpec spec;
  Status s = LoadSocSpec(GetParam(), &spec);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(spec.soc_version, GetParam());
  EXPECT_EQ(spec.source, std::string("embedded:") + GetParam() + ".json");
  EXPECT_FALSE(spec.soc_name.empty());
  EXPECT_FALSE(spec.arch.empty());
  EXPECT_FALSE(spec.notes.empty()) << "every shipped spec says where its numbers come from";
}

TEST_P(ShippedSpec, PeakMatchesCoresTimesMacsTimesFrequency) {
  SocSpec spec;
  ASSERT_TRUE(LoadSocSpec(GetParam(), &spec).ok());
  EXPECT_TRUE(Near(ComputedFp16Tflops(spec), spec.peak.fp16_tflops, 0.05))
      << ComputedFp16Tflops(spec) << " vs quoted " << spec.peak.fp16_tflops;
  EXPECT_TRUE(Near(ComputedInt8Tops(spec), spec.peak.int8_tops, 0.05))
      << ComputedInt8Tops(spec) << " vs quoted " << spec.peak.int8_tops;
}

TEST_P(ShippedSpec, IsSelfConsistent) {
  SocSpec spec;
  ASSERT_TRUE(LoadSocSpec(GetParam(), &spec).ok());
  EXPECT_EQ(spec.cube.fractal_m * spec.cube.fractal_k * spec.cube.fractal_n, 4096u);
  EXPECT_EQ(spec.cube.int8_macs_per_cycle, 2 * spec.cube.fp16_macs_per_cycle);
  EXPECT_TRUE(spec.cube.supports_int8);
  EXPECT_LE(spec.buffers.l0a_bytes, spec.buffers.l1_bytes);
  EXPECT_LE(spec.buffers.l0b_bytes, spec.buffers.l1_bytes);
  EXPECT_LT(spec.buffers.l1_bytes, spec.buffers.l2_bytes);
  EXPECT_LT(spec.buffers.l2_bytes, spec.memory.capacity_bytes);
  EXPECT_EQ(spec.memory.capacity_bytes % (uint64_t{2} << 20), 0u);
  if (spec.split_cube_vector) {
    EXPECT_GT(spec.cores.vector_core_count, 0u);
  }
  // Host link rates cannot beat the raw PCIe rate (~0.985 GB/s per gen-3 lane, doubling per gen).
  const double raw = spec.host_link.pcie_lanes * 0.985 * std::pow(2.0, spec.host_link.pcie_gen - 3.0);
  EXPECT_LT(spec.host_link.h2d_gbps, raw);
  EXPECT_LT(spec.host_link.d2h_gbps, raw);
  // Device memory is faster than the host link.
  EXPECT_GT(spec.memory.bandwidth_gbps, spec.host_link.h2d_gbps);
  // Cost-model parameters (docs/cost_model.md): fp32 cube only where supported, at most the
  // fp16 rate; AI CPU tasks cost more to launch than AI Core tasks.
  EXPECT_EQ(spec.cube.fp32_macs_per_cycle > 0, spec.cube.supports_fp32);
  EXPECT_LE(spec.cube.fp32_macs_per_cycle, spec.cube.fp16_macs_per_cycle);
  EXPECT_GT(spec.overheads.aicpu_task_us, spec.overheads.aicore_task_us);
  EXPECT_GT(spec.cores.ai_cpu_freq_mhz, 0u);
  EXPECT_GE(spec.cost.l1_to_l0a_bytes_per_cycle, spec.cost.l1_to_l0b_bytes_per_cycle);
  EXPECT_NE(spec.notes.count("cost"), 0u) << "the cost parameters say where they come from";
}

TEST_P(ShippedSpec, EmbeddedTextEqualsTheSourceFile) {
  const std::string name = std::string(GetParam()) + ".json";
  std::ifstream in(std::string(ASIM_TEST_SOC_DATA_DIR) + "/" + name, std::ios::binary);
  ASSERT_TRUE(in) << name;
  std::ostringstream disk;
  disk << in.rdbuf();
  bool found = false;
  for (const EmbeddedSocFile& f : EmbeddedSocFiles()) {
    if (f.name == name) {
      found = true;
      EXPECT_EQ(std::string(f.text), disk.str());
    }
  }
  EXPECT_TRUE(found) << name << " is not embedded";
}

INSTANTIATE_TEST_SUITE_P(AllShipped, ShippedSpec, testing::ValuesIn(kShipped),
                         [](const testing::TestParamInfo<const char*>& info) { return std::string(info.param); });

TEST(ShippedSpecs, KnownSocVersionsListsExactlyTheShippedFiles) {
  EXPECT_EQ(KnownSocVersions(), (std::vector<std::string>{"Ascend310", "Ascend310P3", "Ascend910", "Ascend910B2"}));
  EXPECT_EQ(EmbeddedSocFiles().size(), 4u);
}

TEST(ShippedSpecs, Ascend910IsThe910AAndAnswersToBothNames) {
  SocSpec by_version, by_name;
  ASSERT_TRUE(LoadSocSpec("Ascend910", &by_version).ok());
  ASSERT_TRUE(LoadSocSpec("Ascend910A", &by_name).ok());
  EXPECT_EQ(by_version.soc_name, "Ascend910A");
  EXPECT_EQ(by_name.soc_version, "Ascend910");
  EXPECT_EQ(by_version.cores.ai_core_count, 32u);
  EXPECT_EQ(by_version.cores.aicore_freq_mhz, 1000u);
}

TEST(ShippedSpecs, ChipFactsFromTheFactSheet) {
  SocSpec s310, s310p, s910, s910b;
  ASSERT_TRUE(LoadSocSpec("Ascend310", &s310).ok());
  ASSERT_TRUE(LoadSocSpec("Ascend310P3", &s310p).ok());
  ASSERT_TRUE(LoadSocSpec("Ascend910", &s910).ok());
  ASSERT_TRUE(LoadSocSpec("Ascend910B2", &s910b).ok());
  EXPECT_FALSE(s310.cube.supports_fp32) << "the 310 cube has no fp32 (DESIGN.md)";
  EXPECT_EQ(s310.memory.kind, MemKind::kDdr);
  EXPECT_EQ(s310p.memory.kind, MemKind::kDdr);
  EXPECT_EQ(s910.memory.kind, MemKind::kHbm);
  EXPECT_EQ(s910b.memory.kind, MemKind::kHbm);
  EXPECT_EQ(s310.cores.ai_core_count, 2u);
  EXPECT_EQ(s310p.cores.ai_core_count, 8u);
  EXPECT_EQ(s910b.cores.ai_core_count, 24u);
  EXPECT_EQ(s910b.cores.vector_core_count, 48u);
  EXPECT_TRUE(s910b.split_cube_vector);
  EXPECT_TRUE(s910b.cube.supports_bf16);
  EXPECT_EQ(s910b.buffers.l0c_bytes, 128u * 1024);
  EXPECT_EQ(s910b.buffers.ub_bytes, 192u * 1024);
  EXPECT_EQ(s910b.memory.capacity_bytes, uint64_t{64} << 30);
  EXPECT_EQ(s910.memory.capacity_bytes, uint64_t{32} << 30);
  EXPECT_EQ(s310.arch, "dav-m100");
  EXPECT_EQ(s310p.arch, "dav-m200");
  EXPECT_EQ(s910.arch, "dav-c100");
  EXPECT_EQ(s910b.arch, "dav-c220");
}

}  // namespace
}  // namespace asim::sim
