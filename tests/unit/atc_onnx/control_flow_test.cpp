// Control flow in the ONNX converter (issue 23, item 2): the bodies of If nodes see the
// enclosing scopes' values with their shapes (captured values included, through every level
// of nesting), so the ops inside them pass kernel selection: an LSTM two Ifs deep, reading its
// input, weights and initial state from the outermost graph, as PyTorch exports streaming
// speech models. Every path is run on the host and compared with the same LSTM converted
// outside any If. (tests/e2e/ort_compare/streaming_lstm.py runs a three-deep model through
// libascendcl against ONNX Runtime.)
#include <cstring>
#include <string>
#include <vector>

#include "tests/onnx_conformance/om_interpreter.h"
#include "tests/unit/atc_onnx/onnx_test_util.h"

namespace asim::atc::testing {
namespace {

using onnx::TensorProto;
constexpr int32_t kF = TensorProto::FLOAT;
constexpr int64_t kT = 3, kI = 2, kH = 2;

std::vector<float> Ramp(size_t n, float scale, float offset) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = offset + scale * static_cast<float>(i % 7) - 0.3f * static_cast<float>(i % 3);
  return v;
}

// The weights, an input x [T, 1, I] and an initial state h0 [1, 1, H] of one LSTM.
void AddLstmOperands(OnnxModel& m) {
  m.Input("x", kF, {kT, 1, kI}).Input("h0", kF, {1, 1, kH});
  m.Floats("W", {1, 4 * kH, kI}, Ramp(4 * kH * kI, 0.07f, -0.2f));
  m.Floats("R", {1, 4 * kH, kH}, Ramp(4 * kH * kH, -0.05f, 0.1f));
  m.Floats("B", {1, 8 * kH}, Ramp(8 * kH, 0.03f, 0.0f));
}

onnx::NodeProto* AddNode(onnx::GraphProto& g, const std::string& op, const std::vector<std::string>& in,
                         const std::vector<std::string>& out) {
  auto* n = g.add_node();
  n->set_op_type(op);
  n->set_name(out.at(0) + "_node");
  for (const auto& s : in) n->add_input(s);
  for (const auto& s : out) n->add_output(s);
  return n;
}

// A branch graph (no inputs) whose single output is `out`.
onnx::GraphProto Branch(const std::string& name, const std::string& out) {
  onnx::GraphProto g;
  g.set_name(name);
  auto* o = g.add_output();
  o->set_name(out);
  o->mutable_type()->mutable_tensor_type()->set_elem_type(kF);
  return g;
}

onnx::NodeProto* AddLstm(onnx::GraphProto& g, const std::string& y_h) {
  auto* n = AddNode(g, "LSTM", {"x", "W", "R", "B", "", "h0"}, {"", y_h});
  SetInt(*n, "hidden_size", kH);
  return n;
}

std::vector<uint8_t> OneBool(bool v) {
  return {static_cast<uint8_t>(v ? 1 : 0)};
}

std::vector<float> RunHidden(const om::Model& model, const std::vector<std::vector<uint8_t>>& inputs) {
  std::vector<std::vector<uint8_t>> out;
  Status st = RunModelOnHost(model, inputs, &out);
  EXPECT_TRUE(st.ok()) << st.message();
  if (!st.ok() || out.empty()) return {};
  std::vector<float> v = AsFloats(out[0]);
  v.resize(kH);
  return v;
}

TEST(AtcOnnxControlFlow, LstmTwoIfsDeepSeesTheOuterShapesOnEveryPath) {
  // if (outer) { if (inner) { LSTM(x, W, R, B, h0).Y_h } else { h0 } } else { -h0 }
  OnnxModel m(13);
  AddLstmOperands(m);
  m.Input("outer", TensorProto::BOOL, {}).Input("inner", TensorProto::BOOL, {}).Output("y");
  onnx::GraphProto inner_then = Branch("inner_then", "lstm_h");
  AddLstm(inner_then, "lstm_h");
  onnx::GraphProto inner_else = Branch("inner_else", "same_h");
  AddNode(inner_else, "Identity", {"h0"}, {"same_h"});
  onnx::GraphProto outer_then = Branch("outer_then", "inner_y");
  auto* inner_if = AddNode(outer_then, "If", {"inner"}, {"inner_y"});
  SetGraph(*inner_if, "then_branch", inner_then);
  SetGraph(*inner_if, "else_branch", inner_else);
  onnx::GraphProto outer_else = Branch("outer_else", "neg_h");
  AddNode(outer_else, "Neg", {"h0"}, {"neg_h"});
  auto& outer_if = m.Node("If", {"outer"}, {"y"}, "outer_if");
  SetGraph(outer_if, "then_branch", outer_then);
  SetGraph(outer_if, "else_branch", outer_else);
  om::Model model;
  Status st = Convert(m.Save(), &model);
  ASSERT_TRUE(st.ok()) << st.message();

  OnnxModel plain(13);
  AddLstmOperands(plain);
  plain.Output("y");
  auto& lstm = plain.Node("LSTM", {"x", "W", "R", "B", "", "h0"}, {"", "y"}, "lstm");
  SetInt(lstm, "hidden_size", kH);
  const std::vector<float> x = Ramp(kT * kI, 0.2f, -0.5f), h0 = {0.25f, -0.4f};
  const std::vector<float> want = RunFloat(plain.Save(), {x, h0});
  ASSERT_EQ(want.size(), static_cast<size_t>(kH));

  const std::vector<float> lstm_path = RunHidden(model, {Bytes(x), Bytes(h0), OneBool(true), OneBool(true)});
  const std::vector<float> state_path = RunHidden(model, {Bytes(x), Bytes(h0), OneBool(true), OneBool(false)});
  const std::vector<float> neg_path = RunHidden(model, {Bytes(x), Bytes(h0), OneBool(false), OneBool(true)});
  for (size_t i = 0; i < static_cast<size_t>(kH); ++i) {
    EXPECT_NEAR(lstm_path.at(i), want[i], 1e-6f) << i;
    EXPECT_EQ(state_path.at(i), h0[i]) << i;
    EXPECT_EQ(neg_path.at(i), -h0[i]) << i;
  }
}

// A body op no kernel takes fails with the kernels' reason and where the body is, innermost
// first: an LSTM given a 2-D X two Ifs deep.
TEST(AtcOnnxControlFlow, RefusalInsideNestedBodiesNamesEveryLevel) {
  OnnxModel m(13);
  m.Input("x", kF, {kT, kI}).Input("h0", kF, {1, 1, kH});
  m.Floats("W", {1, 4 * kH, kI}, Ramp(4 * kH * kI, 0.07f, -0.2f));
  m.Floats("R", {1, 4 * kH, kH}, Ramp(4 * kH * kH, -0.05f, 0.1f));
  m.Floats("B", {1, 8 * kH}, Ramp(8 * kH, 0.03f, 0.0f));
  m.Input("outer", TensorProto::BOOL, {}).Input("inner", TensorProto::BOOL, {}).Output("y");
  onnx::GraphProto inner_then = Branch("inner_then", "lstm_h");
  AddLstm(inner_then, "lstm_h");
  onnx::GraphProto inner_else = Branch("inner_else", "same_h");
  AddNode(inner_else, "Identity", {"h0"}, {"same_h"});
  onnx::GraphProto outer_then = Branch("outer_then", "inner_y");
  auto* inner_if = AddNode(outer_then, "If", {"inner"}, {"inner_y"});
  SetGraph(*inner_if, "then_branch", inner_then);
  SetGraph(*inner_if, "else_branch", inner_else);
  onnx::GraphProto outer_else = Branch("outer_else", "neg_h");
  AddNode(outer_else, "Neg", {"h0"}, {"neg_h"});
  auto& outer_if = m.Node("If", {"outer"}, {"y"}, "outer_if");
  SetGraph(outer_if, "then_branch", outer_then);
  SetGraph(outer_if, "else_branch", outer_else);
  om::Model model;
  Status st = Convert(m.Save(), &model);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(CodeOf(st), "EZ3003") << st.message();
  EXPECT_NE(st.message().find("optype [LSTM]"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("X, W and R must be 3-D; inside the then_branch of node [inner_y_node], the "
                              "then_branch of node [outer_if]"),
            std::string::npos)
      << st.message();
}

}  // namespace
}  // namespace asim::atc::testing
