// Test models without convolutions: add_relu, matmul_bias, multi_output (see test_models.h).
// Thread safety and failure: as test_models.h says.
#include "tests/support/test_models/model_util.h"

namespace asim::testmodels::detail {

using kernels::Engine;

Status BuildAddRelu(const std::string& soc, TestModel* m) {
  const std::vector<int64_t> dims{2, 3, 4, 5};
  atc::GraphBuilder b;
  const int x = b.Input("x", DataType::kFloat, dims, Format::kNd);
  const int y = b.Input("y", DataType::kFloat, dims, Format::kNd);
  const int sum = b.Op("Add", "add", {x, y}, {})[0];
  b.Output(b.Op("Relu", "relu", {sum}, {})[0], "out");
  ASIM_RETURN_IF_ERROR(Compile(b, soc, om::DynamicKind::kNone, {}, m));

  const size_t n = static_cast<size_t>(Elements(dims));
  const std::vector<float> xs = ref::Uniform(n, -1, 1, 101), ys = ref::Uniform(n, -1, 1, 102);
  TestCase c;
  c.inputs = {Data(DataType::kFloat, Format::kNd, dims, xs), Data(DataType::kFloat, Format::kNd, dims, ys)};
  c.expected = {Data(DataType::kFloat, Format::kNd, dims, ref::Relu(ref::Add(xs, ys)))};
  m->cases = {c};
  m->tolerance = kFp32Tolerance;
  m->expected_engines = {{"add", Engine::kAiCore}, {"relu", Engine::kAiCore}};
  return Status::Ok();
}

Status BuildMatMulBias(const std::string& soc, TestModel* m) {
  constexpr int64_t kM = 4, kK = 32, kN = 16;
  const std::vector<float> w = ref::RoundToHalf(ref::Uniform(kK * kN, -0.5f, 0.5f, 201));
  const std::vector<float> bias = ref::RoundToHalf(ref::Uniform(kN, -1, 1, 202));
  atc::GraphBuilder b;
  const int x = b.Input("x", DataType::kFloat16, {kM, kK}, Format::kNd);
  const int wc = FloatConstant(b, "weight", DataType::kFloat16, {kK, kN}, w);
  const int bc = FloatConstant(b, "bias", DataType::kFloat16, {kN}, bias);
  const int mm = b.Op("MatMul", "matmul", {x, wc}, {})[0];
  b.Output(b.Op("Add", "add_bias", {mm, bc}, {})[0], "out");
  ASIM_RETURN_IF_ERROR(Compile(b, soc, om::DynamicKind::kNone, {}, m));

  const std::vector<float> xs = ref::RoundToHalf(ref::Uniform(kM * kK, -1, 1, 203));
  const std::vector<float> product = ref::RoundToHalf(ref::MatMul(xs, w, {}, kM, kK, kN));  // stored fp16
  TestCase c;
  c.inputs = {Data(DataType::kFloat16, Format::kNd, {kM, kK}, xs)};
  c.expected = {Data(DataType::kFloat16, Format::kNd, {kM, kN}, ref::AddRows(product, bias, kN))};
  m->cases = {c};
  m->tolerance = kFp16Tolerance;
  m->expected_engines = {{"matmul", Engine::kAiCore}, {"add_bias", Engine::kAiCore}};
  return Status::Ok();
}

Status BuildMultiOutput(const std::string& soc, TestModel* m) {
  const std::vector<int64_t> dims{2, 8};
  atc::GraphBuilder b;
  const int x = b.Input("x", DataType::kFloat, dims, Format::kNd);
  const int y = b.Input("y", DataType::kFloat, dims, Format::kNd);
  const int sum = b.Op("Add", "add", {x, y}, {})[0];
  const int relu = b.Op("Relu", "relu", {sum}, {})[0];
  b.Output(sum, "sum");
  b.Output(relu, "relu");
  ASIM_RETURN_IF_ERROR(Compile(b, soc, om::DynamicKind::kNone, {}, m));

  const std::vector<float> xs = ref::Uniform(16, -1, 1, 301), ys = ref::Uniform(16, -1, 1, 302);
  const std::vector<float> s = ref::Add(xs, ys);
  TestCase c;
  c.inputs = {Data(DataType::kFloat, Format::kNd, dims, xs), Data(DataType::kFloat, Format::kNd, dims, ys)};
  c.expected = {Data(DataType::kFloat, Format::kNd, dims, s), Data(DataType::kFloat, Format::kNd, dims, ref::Relu(s))};
  m->cases = {c};
  m->tolerance = kFp32Tolerance;
  m->expected_engines = {{"add", Engine::kAiCore}, {"relu", Engine::kAiCore}};
  return Status::Ok();
}

}  // namespace asim::testmodels::detail
