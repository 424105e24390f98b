// ONNX STRING tensors through the converter: graph inputs and outputs read by an op with a
// string kernel (StringNormalizer on AI CPU) convert to DT_STRING I/O with no planned bytes
// and run on the host in CANN's string layout; STRING read by other ops, STRING
// initializers and unsupported locales are refused with their E-codes; --input_shape
// resolves a symbolic dim of a string input.
#include "kernels/common/values/string_tensor.h"
#include "tests/onnx_conformance/om_interpreter.h"
#include "tests/unit/atc_onnx/onnx_test_util.h"
#include "tools/atc/onnx/onnx_tensor.h"

namespace asim::atc::testing {
namespace {

using onnx::TensorProto;
constexpr int32_t kS = TensorProto::STRING;

void SetStrings(onnx::NodeProto& n, const std::string& name, const std::vector<std::string>& v) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::STRINGS);
  for (const auto& s : v) a->add_strings(s);
}

OnnxModel Normalizer(std::vector<Dim> dims, const std::string& action = "UPPER") {
  OnnxModel m(10, 5);
  m.Input("x", kS, dims).Output("y", kS);
  auto& n = m.Node("StringNormalizer", {"x"}, {"y"}, "norm");
  SetString(n, "case_change_action", action);
  SetInt(n, "is_case_sensitive", 0);
  SetStrings(n, "stopwords", {"monday"});
  return m;
}

TEST(AtcOnnxString, StringInputAndOutputConvertAndRun) {
  OnnxModel m = Normalizer({4});
  om::Model model;
  const Status st = Convert(m.Save(), &model);
  ASSERT_TRUE(st.ok()) << st.message();
  ASSERT_EQ(model.inputs.size(), 1u);
  EXPECT_EQ(model.inputs[0].dtype, DataType::kString);
  EXPECT_EQ(model.inputs[0].size, 0u) << "a string tensor's bytes are its contents'";
  EXPECT_EQ(model.outputs[0].dtype, DataType::kString);
  ASSERT_EQ(model.graphs[0].nodes.size(), 1u);
  EXPECT_EQ(model.graphs[0].nodes[0].engine, kernels::Engine::kAiCpu);
  EXPECT_TRUE(model.Validate().ok());

  std::vector<std::vector<uint8_t>> outputs;
  std::vector<std::vector<int64_t>> dims;
  const auto x = kernels::PackStrings({"Monday", "tuesday", "MONDAY", "Été"});
  ASSERT_TRUE(RunModelOnHost(model, {x}, &outputs, &dims).ok());
  ASSERT_EQ(dims[0], (std::vector<int64_t>{2}));
  std::vector<std::string> y;
  ASSERT_TRUE(kernels::ReadStrings(outputs[0].data(), outputs[0].size(), 2, &y).ok());
  EXPECT_EQ(y, (std::vector<std::string>{"TUESDAY", "ÉTÉ"}));

  // A malformed input (a head pointing outside the buffer) is refused, not read.
  auto bad = x;
  bad[0] = 0xFF;
  bad[1] = 0xFF;
  EXPECT_EQ(RunModelOnHost(model, {bad}, &outputs, &dims).code(), err::kInvalidParam);
}

TEST(AtcOnnxString, SymbolicDimNeedsInputShape) {
  OnnxModel m = Normalizer({1, "C"});
  const std::string path = m.Save();
  om::Model model;
  EXPECT_EQ(CodeOf(Convert(path, &model)), "E10001");
  ConvertOptions o = TestOptions();
  o.input_shapes = {{"x", {1, 3}}};
  ASSERT_TRUE(Convert(path, &model, nullptr, o).ok());
  std::vector<std::vector<uint8_t>> outputs;
  std::vector<std::vector<int64_t>> dims;
  ASSERT_TRUE(RunModelOnHost(model, {kernels::PackStrings({"monday", "Monday", "MONDAY"})}, &outputs, &dims).ok());
  EXPECT_EQ(dims[0], (std::vector<int64_t>{1, 1})) << "all removed: one empty string, [1, 1] for a [1, C] input";
  std::vector<std::string> y;
  ASSERT_TRUE(kernels::ReadStrings(outputs[0].data(), outputs[0].size(), 1, &y).ok());
  EXPECT_EQ(y, (std::vector<std::string>{""}));
}

TEST(AtcOnnxString, StringReadByAnOpWithoutAStringKernelIsE16007) {
  OnnxModel m(13);
  m.Input("s", kS, {2}).Output("y");
  auto& n = m.Node("Cast", {"s"}, {"y"}, "to_float");
  SetInt(n, "to", TensorProto::FLOAT);
  om::Model model;
  const Status st = Convert(m.Save(), &model);
  EXPECT_EQ(CodeOf(st), "E16007") << st.message();
  EXPECT_NE(st.message().find("to_float"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("STRING"), std::string::npos) << st.message();
}

TEST(AtcOnnxString, StringInitializerIsE16007) {
  OnnxModel m(13);
  m.Output("y", kS);
  auto* t = m.graph().add_initializer();
  t->set_name("w");
  t->set_data_type(kS);
  t->add_dims(1);
  t->add_string_data("monday");
  m.Node("StringNormalizer", {"w"}, {"y"}, "norm");
  om::Model model;
  const Status st = Convert(m.Save(), &model);
  EXPECT_EQ(CodeOf(st), "E16007") << st.message();
  EXPECT_NE(st.message().find("[w]"), std::string::npos) << st.message();
}

TEST(AtcOnnxString, UnsupportedLocaleIsRefusedAtConversion) {
  OnnxModel m = Normalizer({3}, "LOWER");
  SetString(*m.graph().mutable_node(0), "locale", "tr_TR");
  om::Model model;
  const Status st = Convert(m.Save(), &model);
  EXPECT_EQ(CodeOf(st), "EZ3003") << st.message();
  EXPECT_NE(st.message().find("tr_TR"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("norm"), std::string::npos) << st.message();
}

TEST(AtcOnnxString, ReadTensorPacksStringsOnlyWhenAsked) {
  TensorProto t;
  t.set_name("s");
  t.set_data_type(kS);
  t.add_dims(2);
  t.add_string_data("ab");
  t.add_string_data("");
  onnx_import::TensorData d;
  EXPECT_EQ(CodeOf(onnx_import::ReadTensor(t, "", "tensor 's'", &d)), "E16007");
  ASSERT_TRUE(onnx_import::ReadTensor(t, "", "tensor 's'", &d, /*allow_string=*/true).ok());
  EXPECT_EQ(d.dtype, DataType::kString);
  EXPECT_EQ(d.dims, (std::vector<int64_t>{2}));
  EXPECT_EQ(*d.bytes, kernels::PackStrings({"ab", ""}));
  t.add_string_data("extra");
  EXPECT_EQ(CodeOf(onnx_import::ReadTensor(t, "", "tensor 's'", &d, true)), "E16008");
}

}  // namespace
}  // namespace asim::atc::testing
