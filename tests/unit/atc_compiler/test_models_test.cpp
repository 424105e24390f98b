// Every test model builds for Ascend310 and Ascend910B2, validates, round-trips through the
// .om writer and reader, has a sound memory plan, data that fits, and the engines the
// model definition expects.
#include <gtest/gtest.h>

#include "om/om_reader.h"
#include "om/om_writer.h"
#include "tests/support/test_models/test_models.h"
#include "tests/unit/atc_compiler/om_interpreter.h"

namespace asim::testmodels {
namespace {

class TestModels : public ::testing::TestWithParam<std::tuple<std::string, std::string>> {};

TEST_P(TestModels, BuildValidateAndChooseTheExpectedEngines) {
  const auto& [soc, name] = GetParam();
  TestModel m;
  Status st = BuildTestModel(name, &m, soc);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(m.name, name);
  EXPECT_EQ(m.model.soc_version, soc);
  ASSERT_TRUE(m.model.Validate().ok()) << m.model.Validate().message();
  ASSERT_EQ(m.cases.size(), m.model.graphs.size());
  ASSERT_LT(m.primary_case, m.cases.size());
  for (const auto& [node, engine] : m.expected_engines) {
    for (size_t g = 0; g < m.model.graphs.size(); ++g) {
      const atc::NodeReport* r = m.report.Find(node, g);
      ASSERT_NE(r, nullptr) << node;
      EXPECT_EQ(r->engine, engine) << node << " on " << soc << " gear " << g << ": " << r->reason;
    }
  }
  for (size_t c = 0; c < m.cases.size(); ++c) {
    const TestCase& tc = m.cases[c];
    const om::Graph& graph = m.model.graphs[tc.graph];
    EXPECT_EQ(atc::testing::CheckWorkPlan(graph), "") << "graph " << tc.graph;
    if (m.model.dynamic != om::DynamicKind::kNone) {
      EXPECT_EQ(tc.gear, m.model.gears[tc.graph]);
    }
    ASSERT_EQ(tc.inputs.size(), m.model.data_input_count());
    ASSERT_EQ(tc.expected.size(), m.model.outputs.size());
    for (const auto& t : graph.tensors) {
      if (t.place == om::TensorPlace::kInput && t.io_index < tc.inputs.size()) {
        EXPECT_EQ(tc.inputs[t.io_index].bytes.size(), om::DescBytes(t.desc)) << t.name;
        EXPECT_EQ(tc.inputs[t.io_index].dims, t.desc.dims) << t.name;
        EXPECT_EQ(tc.inputs[t.io_index].dtype, t.desc.dtype) << t.name;
      }
      if (t.place == om::TensorPlace::kOutput) {
        EXPECT_EQ(tc.expected[t.io_index].bytes.size(), om::DescBytes(t.desc)) << t.name;
        EXPECT_EQ(tc.expected[t.io_index].dims, t.desc.dims) << t.name;
        EXPECT_EQ(tc.expected[t.io_index].dtype, t.desc.dtype) << t.name;
      }
    }
  }
  std::vector<uint8_t> bytes;
  ASSERT_TRUE(om::WriteModel(m.model, &bytes).ok());
  om::Model back;
  st = om::ReadModel(bytes.data(), bytes.size(), &back);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_TRUE(back == m.model);
}

std::string ParamName(const ::testing::TestParamInfo<std::tuple<std::string, std::string>>& info) {
  return std::get<0>(info.param) + "_" + std::get<1>(info.param);
}

INSTANTIATE_TEST_SUITE_P(All, TestModels,
                         ::testing::Combine(::testing::Values("Ascend310", "Ascend910B2"),
                                            ::testing::ValuesIn(TestModelNames())),
                         ParamName);

TEST(TestModelsTable, NamesAndUnknownName) {
  EXPECT_EQ(TestModelNames().size(), 9u);
  TestModel m;
  EXPECT_EQ(BuildTestModel("no_such_model", &m).code(), err::kInvalidParam);
}

}  // namespace
}  // namespace asim::testmodels
