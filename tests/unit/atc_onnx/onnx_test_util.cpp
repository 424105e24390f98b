// Test support for the ONNX converter (see onnx_test_util.h).
#include "tests/unit/atc_onnx/onnx_test_util.h"

#include "tests/onnx_conformance/om_interpreter.h"
#include "tools/atc/passes/atc_error.h"

namespace asim::atc::testing {

std::vector<float> RunModelFloat(const om::Model& model, const std::vector<std::vector<float>>& inputs, size_t output,
                                 std::vector<int64_t>* dims) {
  std::vector<std::vector<uint8_t>> in;
  for (const auto& v : inputs) in.push_back(Bytes(v));
  std::vector<std::vector<uint8_t>> out;
  Status st = RunModelOnHost(model, in, &out);
  EXPECT_TRUE(st.ok()) << st.message();
  if (!st.ok() || output >= out.size()) return {};
  EXPECT_EQ(model.outputs[output].dtype, DataType::kFloat);
  std::vector<float> values = AsFloats(out[output]);
  values.resize(static_cast<size_t>(
      om::DescBytes(om::TensorDesc{DataType::kFloat, Format::kNd, model.outputs[output].dims, Format::kUndefined, {}}) /
      sizeof(float)));
  if (dims != nullptr) *dims = model.outputs[output].dims;
  return values;
}

std::vector<float> RunFloat(const std::string& path, const std::vector<std::vector<float>>& inputs,
                            ConvertOptions options, size_t output) {
  om::Model model;
  Status st = Convert(path, &model, nullptr, std::move(options));
  EXPECT_TRUE(st.ok()) << st.message();
  if (!st.ok()) return {};
  return RunModelFloat(model, inputs, output);
}

std::string CodeOf(const Status& st) {
  return ErrorCodeOf(st);
}

}  // namespace asim::atc::testing
