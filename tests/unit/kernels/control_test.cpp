// The control-flow kernels (If, Loop, Scan) and what they stand on: the Subgraph text form
// (round trip; every kind of corruption refused with a message) and the body runner, over
// bodies written by hand. The ONNX -> atc -> runtime path is in
// tests/unit/model/test_model_atc_control.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "kernels/control/subgraph_runner.h"
#include "kernels/framework/invoke.h"
#include "kernels/framework/registry.h"
#include "kernels/framework/subgraph.h"

namespace asim::kernels {
namespace {

// y = x + c (c a constant of the body), the body of a one-input If branch.
Subgraph AddConstantBody(float c) {
  Subgraph g;
  g.chip.soc_version = "Ascend310";
  auto bytes = std::make_shared<std::vector<uint8_t>>(sizeof(float));
  std::memcpy(bytes->data(), &c, sizeof(float));
  g.values = {SubgraphValue{"x", DataType::kFloat, Format::kNd, {3}, nullptr},
              SubgraphValue{"c", DataType::kFloat, Format::kNd, {1}, bytes},
              SubgraphValue{"y", DataType::kFloat, Format::kNd, {3}, nullptr}};
  SubgraphNode add;
  add.name = "add";
  add.type = "Add";
  add.inputs = {0, 1};
  add.outputs = {2};
  g.nodes = {add};
  g.inputs = {0};
  g.outputs = {2};
  g.captured = 1;
  return g;
}

TEST(Subgraph, RoundTripsThroughText) {
  Subgraph g = AddConstantBody(1.5f);
  g.nodes[0].attrs.Set("f_nan", std::nanf(""));
  g.nodes[0].attrs.Set("dts", std::vector<DataType>{DataType::kInt8, DataType::kBf16});
  g.nodes[0].attrs.Set("lli", std::vector<std::vector<int64_t>>{{1, 2}, {}});
  Subgraph back;
  ASSERT_TRUE(DecodeSubgraph(EncodeSubgraph(g), "body", &back).ok());
  EXPECT_EQ(back.values.size(), 3u);
  ASSERT_NE(back.values[1].data, nullptr);
  EXPECT_EQ(*back.values[1].data, *g.values[1].data);
  EXPECT_EQ(back.nodes[0].type, "Add");
  EXPECT_TRUE(std::isnan(back.nodes[0].attrs.GetFloat("f_nan", 0)));
  EXPECT_EQ(back.nodes[0].attrs.values().at("dts"), g.nodes[0].attrs.values().at("dts"));
  EXPECT_EQ(back.nodes[0].attrs.values().at("lli"), g.nodes[0].attrs.values().at("lli"));
  EXPECT_EQ(back.captured, 1u);
  EXPECT_EQ(back.chip.soc_version, "Ascend310");
}

TEST(Subgraph, CorruptTextIsRefusedWithTheReason) {
  const std::string good = EncodeSubgraph(AddConstantBody(1.0f));
  const auto refused = [](std::string text, const std::string& why) {
    Subgraph g;
    Status st = DecodeSubgraph(text, "then_branch", &g);
    EXPECT_EQ(st.code(), err::kInvalidParam) << text;
    EXPECT_NE(st.message().find(why), std::string::npos) << st.message();
    EXPECT_NE(st.message().find("then_branch"), std::string::npos) << st.message();
  };
  refused("", "not valid JSON");
  refused(good.substr(0, good.size() / 2), "not valid JSON");
  refused("[]", "not a JSON object");
  const auto replace = [&](const std::string& from, const std::string& to) {
    std::string s = good;
    const size_t at = s.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return at == std::string::npos ? s : s.replace(at, from.size(), to);
  };
  refused(replace("\"version\":1", "\"version\":7"), "version");
  refused(replace("\"inputs\":[0]", "\"inputs\":[9]"), "value 9 is not in 0..3");
  refused(replace("\"outputs\":[2]", "\"outputs\":[-1]"), "value -1");
  refused(replace("\"captured\":1", "\"captured\":5"), "\"captured\" 5");
  refused(replace("\"DT_FLOAT\"", "\"DT_NOPE\""), "unknown dtype 'DT_NOPE'");
  refused(replace("\"data\":\"AACAPw==\"", "\"data\":\"AACA\""), "holds 3 bytes");
  refused(replace("\"data\":\"AACAPw==\"", "\"data\":\"A*CAPw==\""), "not base64");
  refused(replace("\"inputs\":[0,1]", "\"inputs\":[0,2]"), "nothing before it defines");
  refused(replace("\"outputs\":[2],\"type\"", "\"outputs\":[0],\"type\""), "defined twice");
  refused(replace("\"attrs\":{}", "\"attrs\":{\"a\":{\"type\":\"int\",\"value\":\"x\"}}"), "attribute 'a'");
  refused(replace("\"ai_core_count\":2", "\"ai_core_count\":0"), "ai_core_count 0");
}

TEST(SubgraphRunner, RunsAndInfersABody) {
  SubgraphRunner runner(AddConstantBody(2.0f), "then_branch");
  std::vector<TensorSpec> out;
  WorkDesc work;
  ASSERT_TRUE(runner.Infer({MakeSpec(DataType::kFloat, {3})}, &out, &work).ok());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].dims, (std::vector<int64_t>{3}));
  EXPECT_TRUE(work.on_ai_cpu);
  EXPECT_GT(work.aicpu_ops, 0u);
  std::vector<float> x = {1, 2, 3};
  std::vector<HostTensor> results;
  ASSERT_TRUE(runner.Run({HostTensor{MakeSpec(DataType::kFloat, {3}), x.data(), nullptr}}, &results).ok());
  ASSERT_EQ(results.size(), 1u);
  const float* y = static_cast<const float*>(results[0].data);
  EXPECT_EQ(std::vector<float>(y, y + 3), (std::vector<float>{3, 4, 5}));
}

TEST(SubgraphRunner, WrongInputsAndFailingNodesAreNamed) {
  SubgraphRunner runner(AddConstantBody(2.0f), "body");
  std::vector<TensorSpec> out;
  WorkDesc work;
  Status st = runner.Infer({MakeSpec(DataType::kInt32, {3})}, &out, &work);
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_NE(st.message().find("DT_INT32"), std::string::npos) << st.message();
  st = runner.Infer({}, &out, &work);
  EXPECT_NE(st.message().find("has 1 inputs"), std::string::npos) << st.message();
  // A shape the body's Add cannot broadcast: the node is named.
  st = runner.Infer({MakeSpec(DataType::kFloat, {3})}, &out, &work);
  ASSERT_TRUE(st.ok());
  Subgraph g = AddConstantBody(1.0f);
  g.values[1].dims = {2};
  g.values[1].data = std::make_shared<std::vector<uint8_t>>(2 * sizeof(float));
  SubgraphRunner bad(g, "body");
  st = bad.Infer({MakeSpec(DataType::kFloat, {3})}, &out, &work);
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message().find("body node 'add' (Add)"), std::string::npos) << st.message();
}

// The kernels refuse bodies that do not fit the node, through the registry's selection.
TEST(ControlKernels, SelectionChecksTheBodyAgainstTheInputs) {
  const KernelRegistry& r = KernelRegistry::Get();
  AttrMap attrs;
  attrs.Set("then_branch", EncodeSubgraph(AddConstantBody(1.0f)));
  attrs.Set("else_branch", EncodeSubgraph(AddConstantBody(2.0f)));
  ChipTraits chip;
  Selection sel;
  const TensorSpec cond = MakeSpec(DataType::kBool, {});
  ASSERT_TRUE(r.Select("If", {cond, MakeSpec(DataType::kFloat, {3})}, attrs, chip, &sel).ok());
  EXPECT_EQ(sel.def->engine, Engine::kAiCpu);
  EXPECT_TRUE(sel.def->OutputShapeComputed(0, {cond, MakeSpec(DataType::kFloat, {3})}));
  Status st = r.Select("If", {cond, MakeSpec(DataType::kFloat16, {3})}, attrs, chip, &sel);
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message().find("DT_FLOAT16"), std::string::npos) << st.message();
  attrs.Set("else_branch", std::string("{not json"));
  st = r.Select("If", {cond, MakeSpec(DataType::kFloat, {3})}, attrs, chip, &sel);
  EXPECT_NE(st.message().find("else_branch"), std::string::npos) << st.message();
}

// Loop: M x (s = s + 2); a Loop with neither M nor cond is refused.
TEST(ControlKernels, LoopRunsItsBodyMTimes) {
  Subgraph g = AddConstantBody(2.0f);
  // Body inputs (iter, cond, s); outputs (cond, s').
  g.values.push_back(SubgraphValue{"iter", DataType::kInt64, Format::kNd, {}, nullptr});
  g.values.push_back(SubgraphValue{"cond", DataType::kBool, Format::kNd, {}, nullptr});
  g.inputs = {3, 4, 0};
  g.outputs = {4, 2};
  g.captured = 0;
  AttrMap attrs;
  attrs.Set("body", EncodeSubgraph(g));
  const KernelDef* def = nullptr;
  for (const KernelDef* d : KernelRegistry::Get().Find("Loop")) def = d;
  ASSERT_NE(def, nullptr);
  int64_t m = 3;
  uint8_t go = 1;
  std::vector<float> s0 = {0, 1, 2}, s(3, -1);
  TensorSpec m_spec = MakeSpec(DataType::kInt64, {});
  m_spec.host_data = &m;
  const std::vector<TensorSpec> in = {m_spec, MakeSpec(DataType::kBool, {}), MakeSpec(DataType::kFloat, {3})};
  ASSERT_TRUE(def->Match(in, attrs, ChipTraits{}).ok());
  std::vector<TensorSpec> out;
  ASSERT_TRUE(def->infer_shape(in, attrs, &out).ok());
  KernelContext ctx;
  ctx.inputs = {TensorView{in[0], &m}, TensorView{in[1], &go}, TensorView{in[2], s0.data()}};
  ctx.outputs = {TensorView{out[0], s.data()}};
  ctx.attrs = &attrs;
  ASSERT_TRUE(kernels::InvokeKernel(*def, ctx).ok());
  EXPECT_EQ(s, (std::vector<float>{6, 7, 8}));
  EXPECT_GT(def->cost(in, out, attrs, ChipTraits{}).aicpu_ops, 3u * 256);  // three passes, each costed
  const std::vector<TensorSpec> endless = {TensorSpec{}, TensorSpec{}, MakeSpec(DataType::kFloat, {3})};
  Status st = def->Match(endless, attrs, ChipTraits{});
  EXPECT_NE(st.message().find("never end"), std::string::npos) << st.message();
  // A body whose condition output is not bool is refused before it runs.
  g.outputs = {2, 2};
  attrs.Set("body", EncodeSubgraph(g));
  st = def->infer_shape(in, attrs, &out);
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_NE(st.message().find("must be DT_BOOL"), std::string::npos) << st.message();
}

}  // namespace
}  // namespace asim::kernels
