// Test models with convolutions: conv_relu, conv_fp32_aicpu, small_cnn (see test_models.h).
// Thread safety and failure: as test_models.h says.
#include "tests/support/test_models/model_util.h"

namespace asim::testmodels::detail {

using kernels::Engine;

Status BuildConvRelu(const std::string& soc, TestModel* m) {
  const ref::ConvShape s{1, 3, 16, 16, 8, 3, 3, 1, 1};
  const std::vector<float> w = ref::RoundToHalf(ref::Uniform(s.cout * s.c * 9, -0.5f, 0.5f, 401));
  const std::vector<float> bias = ref::RoundToHalf(ref::Uniform(s.cout, -0.5f, 0.5f, 402));
  atc::GraphBuilder b;
  const int x = b.Input("x", DataType::kFloat16, {s.n, s.c, s.h, s.w});
  const int wc = FloatConstant(b, "conv1_weight", DataType::kFloat16, {s.cout, s.c, s.kh, s.kw}, w);
  const int bc = FloatConstant(b, "conv1_bias", DataType::kFloat16, {s.cout}, bias);
  const int conv = b.Op("Conv", "conv1", {x, wc, bc}, ConvAttrs(3, 1, 1))[0];
  b.Output(b.Op("Relu", "relu1", {conv}, {})[0], "out");
  ASIM_RETURN_IF_ERROR(Compile(b, soc, om::DynamicKind::kNone, {}, m));

  const std::vector<float> xs = ref::RoundToHalf(ref::Uniform(s.n * s.c * s.h * s.w, -1, 1, 403));
  const std::vector<float> y = ref::Relu(ref::RoundToHalf(ref::Conv2d(xs, w, bias, s)));
  TestCase c;
  c.inputs = {Data(DataType::kFloat16, Format::kNchw, {s.n, s.c, s.h, s.w}, xs)};
  c.expected = {Data(DataType::kFloat16, Format::kNchw, {s.n, s.cout, s.oh(), s.ow()}, y)};
  m->cases = {c};
  m->tolerance = kFp16Tolerance;
  m->expected_engines = {{"conv1", Engine::kAiCore}, {"relu1", Engine::kAiCore}};
  return Status::Ok();
}

Status BuildConvFp32AiCpu(const std::string& soc, TestModel* m) {
  const ref::ConvShape s{1, 3, 16, 16, 4, 3, 3, 1, 1};
  const std::vector<float> w = ref::Uniform(s.cout * s.c * 9, -0.5f, 0.5f, 501);
  const std::vector<float> bias = ref::Uniform(s.cout, -0.5f, 0.5f, 502);
  atc::GraphBuilder b;
  const int x = b.Input("x", DataType::kFloat, {s.n, s.c, s.h, s.w});
  const int wc = FloatConstant(b, "conv1_weight", DataType::kFloat, {s.cout, s.c, s.kh, s.kw}, w);
  const int bc = FloatConstant(b, "conv1_bias", DataType::kFloat, {s.cout}, bias);
  b.Output(b.Op("Conv", "conv1", {x, wc, bc}, ConvAttrs(3, 1, 1))[0], "out");
  ASIM_RETURN_IF_ERROR(Compile(b, soc, om::DynamicKind::kNone, {}, m));

  const std::vector<float> xs = ref::Uniform(s.n * s.c * s.h * s.w, -1, 1, 503);
  TestCase c;
  c.inputs = {Data(DataType::kFloat, Format::kNchw, {s.n, s.c, s.h, s.w}, xs)};
  c.expected = {Data(DataType::kFloat, Format::kNchw, {s.n, s.cout, s.oh(), s.ow()}, ref::Conv2d(xs, w, bias, s))};
  m->cases = {c};
  m->tolerance = {1e-5f, 1e-5f};  // 27-term fp32 sums in another order
  m->expected_engines = {{"conv1", CubeFp32(soc) ? Engine::kAiCore : Engine::kAiCpu}};
  return Status::Ok();
}

Status BuildSmallCnn(const std::string& soc, TestModel* m) {
  const ref::ConvShape s{1, 3, 16, 16, 8, 3, 3, 1, 1};
  constexpr int64_t kClasses = 10;
  const std::vector<float> w = ref::RoundToHalf(ref::Uniform(s.cout * s.c * 9, -0.5f, 0.5f, 601));
  const std::vector<float> bias = ref::RoundToHalf(ref::Uniform(s.cout, -0.2f, 0.2f, 602));
  const std::vector<float> fc_w = ref::RoundToHalf(ref::Uniform(s.cout * kClasses, -1, 1, 603));
  const std::vector<float> fc_b = ref::RoundToHalf(ref::Uniform(kClasses, -0.5f, 0.5f, 604));
  atc::GraphBuilder b;
  const int x = b.Input("x", DataType::kFloat16, {s.n, s.c, s.h, s.w});
  const int wc = FloatConstant(b, "conv1_weight", DataType::kFloat16, {s.cout, s.c, s.kh, s.kw}, w);
  const int bc = FloatConstant(b, "conv1_bias", DataType::kFloat16, {s.cout}, bias);
  const int fw = FloatConstant(b, "fc_weight", DataType::kFloat16, {s.cout, kClasses}, fc_w);
  const int fb = FloatConstant(b, "fc_bias", DataType::kFloat16, {kClasses}, fc_b);
  int v = b.Op("Conv", "conv1", {x, wc, bc}, ConvAttrs(3, 1, 1))[0];
  v = b.Op("Relu", "relu1", {v}, {})[0];
  kernels::AttrMap pool;
  pool.Set("kernel_shape", std::vector<int64_t>{2, 2});
  pool.Set("strides", std::vector<int64_t>{2, 2});
  v = b.Op("MaxPool", "pool1", {v}, pool)[0];
  v = b.Op("GlobalAveragePool", "gap", {v}, {})[0];
  v = b.Op("Flatten", "flatten", {v}, {})[0];
  v = b.Op("Gemm", "fc", {v, fw, fb}, {})[0];
  kernels::AttrMap cast;
  cast.Set("to", DataType::kFloat);
  v = b.Op("Cast", "cast", {v}, cast)[0];
  kernels::AttrMap softmax;
  softmax.Set("axis", int64_t{1});
  b.Output(b.Op("Softmax", "softmax", {v}, softmax)[0], "prob");
  ASIM_RETURN_IF_ERROR(Compile(b, soc, om::DynamicKind::kNone, {}, m));

  const std::vector<float> xs = ref::RoundToHalf(ref::Uniform(s.n * s.c * s.h * s.w, -1, 1, 605));
  std::vector<float> t = ref::Relu(ref::RoundToHalf(ref::Conv2d(xs, w, bias, s)));
  t = ref::MaxPool(t, s.n, s.cout, s.oh(), s.ow(), 2);
  t = ref::RoundToHalf(ref::GlobalAvgPool(t, s.n, s.cout, s.oh() / 2, s.ow() / 2));
  t = ref::RoundToHalf(ref::MatMul(t, fc_w, fc_b, s.n, s.cout, kClasses));
  TestCase c;
  c.inputs = {Data(DataType::kFloat16, Format::kNchw, {s.n, s.c, s.h, s.w}, xs)};
  c.expected = {Data(DataType::kFloat, Format::kNd, {s.n, kClasses}, ref::Softmax(t, s.n, kClasses))};
  m->cases = {c};
  m->tolerance = {2e-3f, 1e-4f};  // fp32 probabilities of fp16 logits
  for (const char* node : {"conv1", "relu1", "pool1", "gap", "flatten", "fc", "cast", "softmax"}) {
    m->expected_engines[node] = Engine::kAiCore;
  }
  return Status::Ok();
}

}  // namespace asim::testmodels::detail
