// Test support for the ONNX converter (see onnx_test_util.h).
#include "tests/unit/atc_onnx/onnx_test_util.h"

#include "tests/onnx_conformance/om_interpreter.h"
#include "tools/atc/passes/atc_error.h"

namespace asim::atc::testing {

std::vector<float> RunFloat(const std::string& path, const std::vector<std::vector<float>>& inputs,
                            ConvertOptions options, size_t output) {
  om::Model model;
  Status st = Convert(path, &model, nullptr, std::move(options));
  EXPECT_TRUE(st.ok()) << st.message();
  if (!st.ok()) return {};
  std::vector<std::vector<uint8_t>> in;
  for (const auto& v : inputs) in.push_back(Bytes(v));
  std::vector<std::vector<uint8_t>> out;
  st = RunModelOnHost(model, in, &out);
  EXPECT_TRUE(st.ok()) << st.message();
  if (!st.ok() || output >= out.size()) return {};
  EXPECT_EQ(model.outputs[output].dtype, DataType::kFloat);
  std::vector<float> values = AsFloats(out[output]);
  values.resize(static_cast<size_t>(
      om::DescBytes(om::TensorDesc{DataType::kFloat, Format::kNd, model.outputs[output].dims, Format::kUndefined, {}}) /
      sizeof(float)));
  return values;
}

std::string CodeOf(const Status& st) {
  return ErrorCodeOf(st);
}

}  // namespace asim::atc::testing
