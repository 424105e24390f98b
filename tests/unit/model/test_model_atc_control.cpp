// Control flow end to end: ONNX If (condition known only at execution), Loop and Scan,
// converted by atc in-process for Ascend310 into AI CPU nodes carrying their bodies, loaded
// and executed by the runtime through the public API. Checks results against values worked
// out by hand, aclmdlGetCurOutputDims for the data-dependent outputs (If's taken branch,
// Loop's iteration count), nesting (an If inside a Loop body), large body constants moved
// into the weights, and the refusals (a scan output without a known trip count).
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "atc_model_fixture.h"
#include "kernels/framework/kernel_def.h"
#include "tools/atc/passes/atc_error.h"

namespace {

using asim::atc::testing::OnnxModel;
using asim::atc::testing::SetGraph;
using asim::atc::testing::SetInt;
using asim::atc::testing::SetInts;
using onnx::TensorProto;
namespace om = asim::om;

class AtcControl : public asim::model::testing::AtcModelFixture {
 protected:
  const om::Node* FindNode(const std::string& type) const {
    for (const om::Node& n : model_.graphs.at(0).nodes) {
      if (n.type == type) return &n;
    }
    return nullptr;
  }
  static std::vector<uint8_t> Bool(bool v) { return {static_cast<uint8_t>(v ? 1 : 0)}; }
  static std::vector<uint8_t> I64(int64_t v) { return Raw(std::vector<int64_t>{v}); }
};

// then: x + 1 (a constant of the branch); else: x * two (a constant of the main graph).
OnnxModel IfModel() {
  OnnxModel then_b, else_b;
  then_b.Floats("one", {1}, {1.0f});
  then_b.Node("Add", {"x", "one"}, {"t_out"}, "then_add");
  then_b.Output("t_out", TensorProto::FLOAT, {2, 3}, true);
  else_b.Node("Mul", {"x", "two"}, {"e_out"}, "else_mul");
  else_b.Output("e_out", TensorProto::FLOAT, {2, 3}, true);
  OnnxModel m(13);
  m.Input("x", TensorProto::FLOAT, {2, 3}).Input("c", TensorProto::BOOL, {}).Output("y");
  m.Floats("two", {1}, {2.0f});
  auto& n = m.Node("If", {"c"}, {"y"}, "if1");
  SetGraph(n, "then_branch", then_b.graph());
  SetGraph(n, "else_branch", else_b.graph());
  return m;
}

TEST_F(AtcControl, IfTakesTheBranchTheConditionSays) {
  OnnxModel m = IfModel();
  ConvertAndLoad(m);
  const om::Node* n = FindNode("If");
  ASSERT_NE(n, nullptr);
  EXPECT_EQ(n->engine, asim::kernels::Engine::kAiCpu);
  const std::vector<float> x = {1, 2, 3, 4, 5, 6};
  Run({Raw(x), Bool(true)});
  EXPECT_EQ(Output<float>(0, 6), (std::vector<float>{2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{2, 3}));
  Run({Raw(x), Bool(false)});
  EXPECT_EQ(Output<float>(0, 6), (std::vector<float>{2, 4, 6, 8, 10, 12}));
}

TEST_F(AtcControl, IfBranchesOfDifferentShapesReportTheTakenOne) {
  OnnxModel then_b, else_b;
  then_b.Node("Identity", {"x"}, {"t_out"}, "then_id");
  then_b.Output("t_out", TensorProto::FLOAT, {2, 3}, true);
  auto& r = else_b.Node("ReduceMax", {"x"}, {"e_out"}, "else_max");
  SetInts(r, "axes", {1});
  else_b.Output("e_out", TensorProto::FLOAT, {2, 1}, true);
  OnnxModel m(13);
  m.Input("x", TensorProto::FLOAT, {2, 3}).Input("c", TensorProto::BOOL, {}).Output("y");
  auto& n = m.Node("If", {"c"}, {"y"}, "if1");
  SetGraph(n, "then_branch", then_b.graph());
  SetGraph(n, "else_branch", else_b.graph());
  ConvertAndLoad(m);
  EXPECT_EQ(DescDims(0), (std::vector<int64_t>{-1, -1}));
  EXPECT_EQ(model_.outputs[0].size, 6u * sizeof(float));  // the larger branch's
  const std::vector<float> x = {1, 7, 3, 9, 5, 6};
  Run({Raw(x), Bool(false)});
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(Output<float>(0, 2), (std::vector<float>{7, 9}));
  Run({Raw(x), Bool(true)});
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(Output<float>(0, 6), x);
}

// Loop M=4 times: s += x (x read from the main graph), the running s as scan output.
TEST_F(AtcControl, LoopWithTripCountCarriesAndScans) {
  OnnxModel body;
  body.Input("i", TensorProto::INT64, {}).Input("cond_in", TensorProto::BOOL, {});
  body.Input("s_in", TensorProto::FLOAT, {3});
  body.Node("Identity", {"cond_in"}, {"cond_out"}, "keep_going");
  body.Node("Add", {"s_in", "x"}, {"s_out"}, "accumulate");
  body.Node("Identity", {"s_out"}, {"scan_out"}, "record");
  body.Output("cond_out", TensorProto::BOOL, {}, true);
  body.Output("s_out", TensorProto::FLOAT, {3}, true);
  body.Output("scan_out", TensorProto::FLOAT, {3}, true);
  OnnxModel m(13);
  m.Input("x", TensorProto::FLOAT, {3}).Input("s0", TensorProto::FLOAT, {3});
  m.Output("s_final").Output("history");
  m.Ints("M", {}, {4});
  m.Bools("go", {}, {true});
  auto& n = m.Node("Loop", {"M", "go", "s0"}, {"s_final", "history"}, "loop1");
  SetGraph(n, "body", body.graph());
  ConvertAndLoad(m);
  EXPECT_EQ(model_.outputs[1].size, 4u * 3 * sizeof(float));  // M x the per-iteration shape
  Run({Raw(std::vector<float>{1, 2, 3}), Raw(std::vector<float>{10, 20, 30})});
  EXPECT_EQ(Output<float>(0, 3), (std::vector<float>{14, 28, 42}));
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{3}));
  EXPECT_EQ(CurDims(1), (std::vector<int64_t>{4, 3}));
  EXPECT_EQ(Output<float>(1, 12), (std::vector<float>{11, 22, 33, 12, 24, 36, 13, 26, 39, 14, 28, 42}));
}

// A while loop: no M; the body's condition (i < limit, limit a graph input) ends it.
TEST_F(AtcControl, LoopEndsWhenTheBodySaysSo) {
  OnnxModel body;
  body.Input("iter", TensorProto::INT64, {}).Input("cond_in", TensorProto::BOOL, {});
  body.Input("i_in", TensorProto::INT64, {}).Input("acc_in", TensorProto::FLOAT, {1});
  body.Ints("one", {}, {1});
  body.Floats("two", {1}, {2.0f});
  body.Node("Add", {"i_in", "one"}, {"i_out"}, "next");
  body.Node("Less", {"i_out", "limit"}, {"cond_out"}, "test");
  body.Node("Mul", {"acc_in", "two"}, {"acc_out"}, "double");
  body.Output("cond_out", TensorProto::BOOL, {}, true);
  body.Output("i_out", TensorProto::INT64, {}, true);
  body.Output("acc_out", TensorProto::FLOAT, {1}, true);
  OnnxModel m(13);
  m.Input("limit", TensorProto::INT64, {}).Input("acc0", TensorProto::FLOAT, {1});
  m.Output("i_final", TensorProto::INT64).Output("acc_final");
  m.Ints("zero", {}, {0});
  m.Bools("go", {}, {true});
  auto& n = m.Node("Loop", {"", "go", "zero", "acc0"}, {"i_final", "acc_final"}, "while1");
  SetGraph(n, "body", body.graph());
  ConvertAndLoad(m);
  Run({I64(5), Raw(std::vector<float>{1.5f})});
  EXPECT_EQ(Output<int64_t>(0, 1), (std::vector<int64_t>{5}));
  EXPECT_EQ(Output<float>(1, 1), (std::vector<float>{48.0f}));  // 1.5 x 2^5
  Run({I64(1), Raw(std::vector<float>{1.0f})});
  EXPECT_EQ(Output<int64_t>(0, 1), (std::vector<int64_t>{1}));
  EXPECT_EQ(Output<float>(1, 1), (std::vector<float>{2.0f}));
}

// Scan: a running sum over the rows of x, read from the last row (direction 1) and stacked
// along axis 1 of the output.
TEST_F(AtcControl, ScanRunningSumWithDirectionAndAxis) {
  OnnxModel body;
  body.Input("sum_in", TensorProto::FLOAT, {2}).Input("row", TensorProto::FLOAT, {2});
  body.Node("Add", {"sum_in", "row"}, {"sum_out"}, "add");
  body.Node("Identity", {"sum_out"}, {"piece"}, "record");
  body.Output("sum_out", TensorProto::FLOAT, {2}, true);
  body.Output("piece", TensorProto::FLOAT, {2}, true);
  OnnxModel m(13);
  m.Input("init", TensorProto::FLOAT, {2}).Input("x", TensorProto::FLOAT, {4, 2});
  m.Output("final").Output("sums");
  auto& n = m.Node("Scan", {"init", "x"}, {"final", "sums"}, "scan1");
  SetGraph(n, "body", body.graph());
  SetInt(n, "num_scan_inputs", 1);
  SetInts(n, "scan_input_directions", {1});
  SetInts(n, "scan_output_axes", {1});
  ConvertAndLoad(m);
  EXPECT_EQ(DescDims(1), (std::vector<int64_t>{2, 4}));  // exact: Scan's shapes follow from its inputs
  Run({Raw(std::vector<float>{0, 100}), Raw(std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8})});
  EXPECT_EQ(Output<float>(0, 2), (std::vector<float>{16, 120}));
  // Rows taken 4th, 3rd, 2nd, 1st: sums (7,108) (12,114) (15,118) (16,120), one per column.
  EXPECT_EQ(Output<float>(1, 8), (std::vector<float>{7, 12, 15, 16, 108, 114, 118, 120}));
}

// A Loop whose body holds an If on the iteration number: +10 in the first iteration, x2 after.
TEST_F(AtcControl, IfNestedInALoopBody) {
  OnnxModel then_b, else_b, body;
  then_b.Floats("ten", {1}, {10.0f});
  then_b.Node("Add", {"acc_in", "ten"}, {"t_out"}, "plus10");
  then_b.Output("t_out", TensorProto::FLOAT, {1}, true);
  else_b.Floats("two", {1}, {2.0f});
  else_b.Node("Mul", {"acc_in", "two"}, {"e_out"}, "times2");
  else_b.Output("e_out", TensorProto::FLOAT, {1}, true);
  body.Input("iter", TensorProto::INT64, {}).Input("cond_in", TensorProto::BOOL, {});
  body.Input("acc_in", TensorProto::FLOAT, {1});
  body.Ints("one", {}, {1});
  body.Node("Less", {"iter", "one"}, {"first"}, "is_first");
  auto& inner = body.Node("If", {"first"}, {"acc_out"}, "choose");
  SetGraph(inner, "then_branch", then_b.graph());
  SetGraph(inner, "else_branch", else_b.graph());
  body.Node("Identity", {"cond_in"}, {"cond_out"}, "keep_going");
  body.Output("cond_out", TensorProto::BOOL, {}, true);
  body.Output("acc_out", TensorProto::FLOAT, {1}, true);
  OnnxModel m(13);
  m.Input("acc0", TensorProto::FLOAT, {1}).Output("acc_final");
  m.Ints("M", {}, {3});
  auto& n = m.Node("Loop", {"M", "", "acc0"}, {"acc_final"}, "loop1");
  SetGraph(n, "body", body.graph());
  ConvertAndLoad(m);
  Run({Raw(std::vector<float>{1.0f})});
  EXPECT_EQ(Output<float>(0, 1), (std::vector<float>{44.0f}));  // (1 + 10) x 2 x 2
}

// Constants over 4 KiB leave the body's text for the weights: both branches read one of
// their own, so each branch has the other's as an unused input.
TEST_F(AtcControl, LargeBranchConstantsBecomeWeights) {
  const size_t n = 2048;
  std::vector<float> a(n), b(n), x(n);
  for (size_t i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i);
    b[i] = static_cast<float>(2 * i);
    x[i] = 0.5f;
  }
  const auto dims = std::vector<asim::atc::testing::Dim>{static_cast<int64_t>(n)};
  OnnxModel then_b, else_b;
  then_b.Floats("big_a", {static_cast<int64_t>(n)}, a);
  then_b.Node("Add", {"x", "big_a"}, {"t_out"}, "add_a");
  then_b.Output("t_out", TensorProto::FLOAT, dims, true);
  else_b.Floats("big_b", {static_cast<int64_t>(n)}, b);
  else_b.Node("Sub", {"x", "big_b"}, {"e_out"}, "sub_b");
  else_b.Output("e_out", TensorProto::FLOAT, dims, true);
  OnnxModel m(13);
  m.Input("x", TensorProto::FLOAT, dims).Input("c", TensorProto::BOOL, {}).Output("y");
  auto& node = m.Node("If", {"c"}, {"y"}, "if1");
  SetGraph(node, "then_branch", then_b.graph());
  SetGraph(node, "else_branch", else_b.graph());
  ConvertAndLoad(m);
  EXPECT_GE(model_.weights.size(), 2 * n * sizeof(float));
  const om::Node* if_node = FindNode("If");
  ASSERT_NE(if_node, nullptr);
  EXPECT_EQ(if_node->inputs.size(), 4u);  // cond, x, big_a, big_b
  Run({Raw(x), Bool(true)});
  std::vector<float> y = Output<float>(0, n);
  EXPECT_EQ(y[0], 0.5f);
  EXPECT_EQ(y[n - 1], 0.5f + static_cast<float>(n - 1));
  Run({Raw(x), Bool(false)});
  y = Output<float>(0, n);
  EXPECT_EQ(y[1], 0.5f - 2.0f);
  EXPECT_EQ(y[n - 1], 0.5f - static_cast<float>(2 * (n - 1)));
}

// Scan outputs of a loop whose trip count M is known only at execution: their first dim is
// unknown (-1) in the model, and the runtime places them at the size the loop reports.
TEST_F(AtcControl, ScanOutputsOfARuntimeTripCountAreSizedByTheLoop) {
  OnnxModel body;
  body.Input("i", TensorProto::INT64, {}).Input("cond_in", TensorProto::BOOL, {});
  body.Node("Identity", {"cond_in"}, {"cond_out"}, "keep_going");
  auto& cast = body.Node("Cast", {"i"}, {"f"}, "to_float");
  SetInt(cast, "to", TensorProto::FLOAT);
  body.Output("cond_out", TensorProto::BOOL, {}, true);
  body.Output("f", TensorProto::FLOAT, {}, true);
  OnnxModel m(13);
  m.Input("M", TensorProto::INT64, {}).Output("values");
  auto& n = m.Node("Loop", {"M", ""}, {"values"}, "loop1");
  SetGraph(n, "body", body.graph());
  ConvertAndLoad(m);
  EXPECT_EQ(DescDims(0), (std::vector<int64_t>{-1}));
  output_bytes_ = {kRuntimeAllocated};
  Run({Raw(std::vector<int64_t>{4})});
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{4}));
  EXPECT_EQ(Output<float>(0, 4), (std::vector<float>{0, 1, 2, 3}));
}

// A loop-carried value may change shape from one iteration to the next (ONNX: "shape may
// change across iterations"), like a token sequence growing by one per step: its changing
// dims are unknown in the model and the runtime places it at the size the loop reports.
TEST_F(AtcControl, ACarriedValueMayGrowEveryIteration) {
  OnnxModel body;
  body.Input("iter", TensorProto::INT64, {}).Input("cond_in", TensorProto::BOOL, {});
  body.Input("seq_in", TensorProto::INT64, {-1});
  body.Ints("step", {1}, {7});
  body.Node("Identity", {"cond_in"}, {"cond_out"}, "keep_going");
  auto& cat = body.Node("Concat", {"seq_in", "step"}, {"seq_out"}, "append");
  SetInt(cat, "axis", 0);
  body.Output("cond_out", TensorProto::BOOL, {}, true);
  body.Output("seq_out", TensorProto::INT64, {-1}, true);
  OnnxModel m(13);
  m.Input("start", TensorProto::INT64, {2}).Output("seq");
  m.Ints("M", {}, {3});
  auto& n = m.Node("Loop", {"M", "", "start"}, {"seq"}, "loop1");
  SetGraph(n, "body", body.graph());
  ConvertAndLoad(m);
  EXPECT_EQ(DescDims(0), (std::vector<int64_t>{-1}));
  output_bytes_ = {kRuntimeAllocated};
  Run({Raw(std::vector<int64_t>{1, 2})});
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{5}));
  EXPECT_EQ(Output<int64_t>(0, 5), (std::vector<int64_t>{1, 2, 7, 7, 7}));
  // A buffer of the planned size is too small for the grown value: refused with the size.
  output_bytes_ = {16};
  aclError ret = ACL_SUCCESS;
  Execute({Raw(std::vector<int64_t>{1, 2})}, &ret);
  EXPECT_EQ(ret, ACL_ERROR_MODEL_OUTPUT_NOT_MATCH) << aclGetRecentErrMsg();
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("it needs 40 bytes"), std::string::npos) << aclGetRecentErrMsg();
}

// Branches whose output dims come from values the If reads from the enclosing graph (a
// Reshape to a shape input): the computation decides them.
TEST_F(AtcControl, BranchDimsDecidedByValuesAreSizedByTheBranch) {
  OnnxModel then_b, else_b;
  then_b.Node("Reshape", {"x", "s"}, {"t"}, "reshape_then");
  then_b.Output("t", TensorProto::FLOAT, {-1, -1}, true);
  else_b.Node("Neg", {"x"}, {"e0"}, "neg");
  else_b.Node("Reshape", {"e0", "s"}, {"e"}, "reshape_else");
  else_b.Output("e", TensorProto::FLOAT, {-1, -1}, true);
  OnnxModel m(13);
  m.Input("x", TensorProto::FLOAT, {2, 3}).Input("s", TensorProto::INT64, {2}).Input("c", TensorProto::BOOL, {});
  m.Output("y");
  auto& n = m.Node("If", {"c"}, {"y"}, "if1");
  SetGraph(n, "then_branch", then_b.graph());
  SetGraph(n, "else_branch", else_b.graph());
  ConvertAndLoad(m);
  output_bytes_ = {kRuntimeAllocated};
  const std::vector<float> x = {1, 2, 3, 4, 5, 6};
  Run({Raw(x), Raw(std::vector<int64_t>{3, 2}), Bool(true)});
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(Output<float>(0, 6), x);
  Run({Raw(x), Raw(std::vector<int64_t>{6, 1}), Bool(false)});
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{6, 1}));
  EXPECT_EQ(Output<float>(0, 6), (std::vector<float>{-1, -2, -3, -4, -5, -6}));
}

// A loop whose condition never turns false is stopped by the op execute timeout
// (aclrtSetOpExecuteTimeOut; AI CPU operators default to 28 s) with ACL_ERROR_RT_AICPU_TIMEOUT.
TEST_F(AtcControl, AnEndlessLoopStopsAtTheOpExecuteTimeout) {
  OnnxModel body;
  body.Input("iter", TensorProto::INT64, {}).Input("cond_in", TensorProto::BOOL, {});
  body.Input("i_in", TensorProto::INT64, {});
  body.Ints("one", {}, {1});
  body.Node("Add", {"i_in", "one"}, {"i_out"}, "next");
  body.Node("Identity", {"cond_in"}, {"cond_out"}, "forever");
  body.Output("cond_out", TensorProto::BOOL, {}, true);
  body.Output("i_out", TensorProto::INT64, {}, true);
  OnnxModel m(13);
  m.Input("start", TensorProto::INT64, {}).Output("i_final", TensorProto::INT64);
  m.Bools("go", {}, {true});
  auto& n = m.Node("Loop", {"", "go", "start"}, {"i_final"}, "endless");
  SetGraph(n, "body", body.graph());
  ConvertAndLoad(m);
  ASSERT_EQ(aclrtSetOpExecuteTimeOut(1), ACL_SUCCESS);
  const auto begin = std::chrono::steady_clock::now();
  aclError ret = ACL_SUCCESS;
  Execute({I64(0)}, &ret);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  ASSERT_EQ(aclrtSetOpExecuteTimeOut(0), ACL_SUCCESS);  // back to the default for the other tests
  EXPECT_EQ(ret, ACL_ERROR_RT_AICPU_TIMEOUT) << aclGetRecentErrMsg();
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("op execute timeout"), std::string::npos) << aclGetRecentErrMsg();
  EXPECT_LT(seconds, 20.0);
}

}  // namespace
