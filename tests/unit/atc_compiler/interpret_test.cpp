// Runs every gear of every test model through the kernels exactly as the memory plan lays
// the tensors out (om_interpreter.h) and compares with the plain reference outputs: checks
// the compiler (selection, conversions, plan) and the test models' expected data together.
#include <gtest/gtest.h>

#include "tests/support/test_models/test_models.h"
#include "tests/unit/atc_compiler/om_interpreter.h"

namespace asim::testmodels {
namespace {

class InterpretTestModels : public ::testing::TestWithParam<std::tuple<std::string, std::string>> {};

TEST_P(InterpretTestModels, OutputsMatchTheReference) {
  const auto& [soc, name] = GetParam();
  TestModel m;
  Status st = BuildTestModel(name, &m, soc);
  ASSERT_TRUE(st.ok()) << st.message();
  for (const TestCase& tc : m.cases) {
    std::vector<std::vector<uint8_t>> inputs, outputs;
    for (const auto& in : tc.inputs) inputs.push_back(in.bytes);
    st = atc::testing::InterpretGraph(m.model, tc.graph, inputs, &outputs);
    ASSERT_TRUE(st.ok()) << "graph " << tc.graph << ": " << st.message();
    ASSERT_EQ(outputs.size(), tc.expected.size());
    for (size_t k = 0; k < outputs.size(); ++k) {
      st = CompareOutput(outputs[k], tc.expected[k], m.tolerance);
      EXPECT_TRUE(st.ok()) << "graph " << tc.graph << " output " << k << ": " << st.message();
    }
  }
}

std::string ParamName(const ::testing::TestParamInfo<std::tuple<std::string, std::string>>& info) {
  return std::get<0>(info.param) + "_" + std::get<1>(info.param);
}

INSTANTIATE_TEST_SUITE_P(All, InterpretTestModels,
                         ::testing::Combine(::testing::Values("Ascend310", "Ascend910B2"),
                                            ::testing::ValuesIn(TestModelNames())),
                         ParamName);

}  // namespace
}  // namespace asim::testmodels
