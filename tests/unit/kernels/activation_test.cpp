// Activation kernels against plain references: every kernel x engine x dtype.
#include <algorithm>

#include "tests/unit/kernels/kernel_test_util.h"

namespace asim::kernels::testing {
namespace {

TEST(Relu, Fp32AndFp16OnAiCoreMatchTheReference) {
  for (DataType dt : {DataType::kFloat, DataType::kFloat16}) {
    auto values = RandomFloats(1000, -4, 4, 1);
    RunResult r = RunOpOn(Engine::kAiCore, "Relu", {HostTensor::FromFloats(dt, {10, 100}, values)});
    ASSERT_TRUE(r.status.ok()) << r.status.message();
    std::vector<float> expected(values.size());
    HostTensor rounded = HostTensor::FromFloats(dt, {10, 100}, values);
    auto in = rounded.ToFloats();
    std::transform(in.begin(), in.end(), expected.begin(), [](float v) { return std::max(v, 0.0f); });
    EXPECT_TRUE(AllClose(r.outputs[0].ToFloats(), expected, 0, 0)) << DataTypeName(dt);
    EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{10, 100}));
  }
}

TEST(Relu, IntegersGoToAiCpu) {
  RunResult r = RunOp("Relu", {HostTensor::FromValues<int64_t>(DataType::kInt64, {4}, {-3, 0, 5, -1})});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.def->engine, Engine::kAiCpu);
  EXPECT_EQ(r.outputs[0].Values<int64_t>(), (std::vector<int64_t>{0, 0, 5, 0}));
}

TEST(Relu, AllAiCpuDtypes) {
  for (DataType dt : {DataType::kFloat, DataType::kFloat16, DataType::kDouble, DataType::kBf16, DataType::kInt8,
                      DataType::kInt32, DataType::kInt64}) {
    RunResult r = RunOpOn(Engine::kAiCpu, "Relu", {HostTensor::FromFloats(dt, {3}, {-2, 0, 3})});
    ASSERT_TRUE(r.status.ok()) << DataTypeName(dt) << ": " << r.status.message();
    EXPECT_EQ(r.outputs[0].ToFloats(), (std::vector<float>{0, 0, 3})) << DataTypeName(dt);
  }
}

TEST(Relu, EmptyTensor) {
  RunResult r = RunOp("Relu", {HostTensor::Make(DataType::kFloat, {0, 5})});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{0, 5}));
}

TEST(Relu, WorkDescriptionIsVectorWork) {
  RunResult r = RunOpOn(Engine::kAiCore, "Relu", {HostTensor::Make(DataType::kFloat16, {1, 64, 56, 56})});
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.work.vector_ops, 64u * 56 * 56);
  EXPECT_EQ(r.work.mte2_bytes, 64u * 56 * 56 * 2);
  EXPECT_EQ(r.work.mte3_bytes, 64u * 56 * 56 * 2);
  EXPECT_EQ(r.work.cube_macs, 0u);
  EXPECT_GE(r.work.block_dim, 1u);
}

}  // namespace
}  // namespace asim::kernels::testing
