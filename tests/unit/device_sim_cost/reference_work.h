// Reference work descriptions for the cost-model golden tests: a few ResNet-50 convolution
// shapes, a matmul, an elementwise op and an AI CPU op, built the way kernels build them.
// Owner: device_sim/cost. Thread safety: pure functions. Failure: none.
#pragma once

#include <string>
#include <vector>

#include "base/work.h"
#include "compiler/chip_traits.h"
#include "device_sim/soc/soc_spec.h"
#include "kernels/common/cost/cube_work.h"

namespace asim::sim::testing {

inline kernels::ChipTraits Traits(const SocSpec& spec) {
  return atc::ChipTraitsOf(spec);
}

inline kernels::ConvGeometry Conv(int64_t n, int64_t cin, int64_t hw, int64_t cout, int64_t k, int64_t stride,
                                  int64_t pad) {
  kernels::ConvGeometry g;
  g.n = n;
  g.cin = cin;
  g.h = g.w = hw;
  g.cout = cout;
  g.kh = g.kw = k;
  g.oh = g.ow = (hw + 2 * pad - k) / stride + 1;
  g.dtype = DataType::kFloat16;
  g.bias = true;
  return g;
}

struct ReferenceCase {
  std::string name;
  WorkDesc work;
};

inline std::vector<ReferenceCase> ReferenceCases(const SocSpec& spec) {
  const kernels::ChipTraits chip = Traits(spec);
  std::vector<ReferenceCase> cases;
  kernels::ConvGeometry stem = Conv(1, 3, 224, 64, 7, 2, 3);
  stem.small_channel = true;
  cases.push_back({"conv7x7s2_c3_k64_bs1_c04", kernels::CubeConvWork(stem, chip)});
  cases.push_back({"conv3x3_c64_k64_56_bs1", kernels::CubeConvWork(Conv(1, 64, 56, 64, 3, 1, 1), chip)});
  cases.push_back({"conv1x1_c1024_k256_14_bs1", kernels::CubeConvWork(Conv(1, 1024, 14, 256, 1, 1, 0), chip)});
  cases.push_back({"conv3x3_c512_k512_7_bs64", kernels::CubeConvWork(Conv(64, 512, 7, 512, 3, 1, 1), chip)});
  cases.push_back({"matmul_64x2048x1000", kernels::CubeMatMulWork(1, 64, 2048, 1000, DataType::kFloat16, true, chip)});
  // Elementwise fp16 Add of two 1x256x56x56 tensors, as VectorElementwiseCost describes it.
  WorkDesc add;
  const uint64_t elems = 256ull * 56 * 56;
  add.vector_ops = elems;
  add.vector_elem_bytes = 2;
  add.mte2_bytes = 2 * elems * 2;
  add.mte3_bytes = elems * 2;
  add.block_dim = chip.ai_core_count;
  add.scalar_ops = 64 * add.block_dim;
  cases.push_back({"add_fp16_256x56x56", add});
  // AI CPU: fp32 TopK-like scan over 1M elements (4 ops per element, 8 MB touched).
  WorkDesc cpu;
  cpu.on_ai_cpu = true;
  cpu.aicpu_ops = 4ull << 20;
  cpu.aicpu_bytes = 8ull << 20;
  cases.push_back({"aicpu_4Mops_8MB", cpu});
  return cases;
}

}  // namespace asim::sim::testing
