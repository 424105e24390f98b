// Dynamic test models: dynamic_batch, dynamic_hw, dynamic_dims (see test_models.h). One
// TestCase per gear, with its own seeded data; the primary case is the largest gear.
// Thread safety and failure: as test_models.h says.
#include "tests/support/test_models/model_util.h"

namespace asim::testmodels::detail {

using kernels::Engine;

Status BuildDynamicBatch(const std::string& soc, TestModel* m) {
  const std::vector<std::vector<int64_t>> gears = {{1}, {2}, {4}};
  atc::GraphBuilder b;
  const int x = b.Input("x", DataType::kFloat, {-1, 3, 4, 5}, Format::kNd);
  const int y = b.Input("y", DataType::kFloat, {-1, 3, 4, 5}, Format::kNd);
  const int sum = b.Op("Add", "add", {x, y}, {})[0];
  b.Output(b.Op("Relu", "relu", {sum}, {})[0], "out");
  ASIM_RETURN_IF_ERROR(Compile(b, soc, om::DynamicKind::kBatch, gears, m));

  for (size_t g = 0; g < gears.size(); ++g) {
    const std::vector<int64_t> dims{gears[g][0], 3, 4, 5};
    const size_t n = static_cast<size_t>(Elements(dims));
    const uint32_t seed = 700 + 10 * static_cast<uint32_t>(g);
    const std::vector<float> xs = ref::Uniform(n, -1, 1, seed), ys = ref::Uniform(n, -1, 1, seed + 1);
    TestCase c;
    c.graph = g;
    c.gear = gears[g];
    c.inputs = {Data(DataType::kFloat, Format::kNd, dims, xs), Data(DataType::kFloat, Format::kNd, dims, ys)};
    c.expected = {Data(DataType::kFloat, Format::kNd, dims, ref::Relu(ref::Add(xs, ys)))};
    m->cases.push_back(std::move(c));
  }
  m->primary_case = gears.size() - 1;
  m->tolerance = kFp32Tolerance;
  m->expected_engines = {{"add", Engine::kAiCore}, {"relu", Engine::kAiCore}};
  return Status::Ok();
}

Status BuildDynamicHw(const std::string& soc, TestModel* m) {
  const std::vector<std::vector<int64_t>> gears = {{16, 16}, {32, 32}};
  const std::vector<float> w = ref::RoundToHalf(ref::Uniform(4 * 3 * 9, -0.5f, 0.5f, 801));
  const std::vector<float> bias = ref::RoundToHalf(ref::Uniform(4, -0.5f, 0.5f, 802));
  atc::GraphBuilder b;
  const int x = b.Input("x", DataType::kFloat16, {1, 3, -1, -1});
  const int wc = FloatConstant(b, "conv1_weight", DataType::kFloat16, {4, 3, 3, 3}, w);
  const int bc = FloatConstant(b, "conv1_bias", DataType::kFloat16, {4}, bias);
  const int conv = b.Op("Conv", "conv1", {x, wc, bc}, ConvAttrs(3, 1, 1))[0];
  b.Output(b.Op("Relu", "relu1", {conv}, {})[0], "out");
  ASIM_RETURN_IF_ERROR(Compile(b, soc, om::DynamicKind::kImageSize, gears, m));

  for (size_t g = 0; g < gears.size(); ++g) {
    const ref::ConvShape s{1, 3, gears[g][0], gears[g][1], 4, 3, 3, 1, 1};
    const std::vector<float> xs =
        ref::RoundToHalf(ref::Uniform(s.c * s.h * s.w, -1, 1, 810 + static_cast<uint32_t>(g)));
    TestCase c;
    c.graph = g;
    c.gear = gears[g];
    c.inputs = {Data(DataType::kFloat16, Format::kNchw, {1, 3, s.h, s.w}, xs)};
    c.expected = {Data(DataType::kFloat16, Format::kNchw, {1, 4, s.oh(), s.ow()},
                       ref::Relu(ref::RoundToHalf(ref::Conv2d(xs, w, bias, s))))};
    m->cases.push_back(std::move(c));
  }
  m->primary_case = gears.size() - 1;
  m->tolerance = kFp16Tolerance;
  m->expected_engines = {{"conv1", Engine::kAiCore}, {"relu1", Engine::kAiCore}};
  return Status::Ok();
}

Status BuildDynamicDims(const std::string& soc, TestModel* m) {
  constexpr int64_t kCols = 16;
  const std::vector<std::vector<int64_t>> gears = {{1, 1}, {3, 3}, {8, 8}};
  const std::vector<float> offset = ref::Uniform(kCols, -1, 1, 901);
  atc::GraphBuilder b;
  const int x = b.Input("x", DataType::kFloat, {-1, kCols}, Format::kNd);
  const int y = b.Input("y", DataType::kFloat, {-1, kCols}, Format::kNd);
  const int c16 = FloatConstant(b, "offset", DataType::kFloat, {kCols}, offset);
  const int prod = b.Op("Mul", "mul", {x, y}, {})[0];
  b.Output(b.Op("Add", "add", {prod, c16}, {})[0], "out");
  ASIM_RETURN_IF_ERROR(Compile(b, soc, om::DynamicKind::kDims, gears, m));

  for (size_t g = 0; g < gears.size(); ++g) {
    const std::vector<int64_t> dims{gears[g][0], kCols};
    const size_t n = static_cast<size_t>(Elements(dims));
    const uint32_t seed = 910 + 10 * static_cast<uint32_t>(g);
    const std::vector<float> xs = ref::Uniform(n, -1, 1, seed), ys = ref::Uniform(n, -1, 1, seed + 1);
    TestCase c;
    c.graph = g;
    c.gear = gears[g];
    c.inputs = {Data(DataType::kFloat, Format::kNd, dims, xs), Data(DataType::kFloat, Format::kNd, dims, ys)};
    c.expected = {Data(DataType::kFloat, Format::kNd, dims, ref::AddRows(ref::Mul(xs, ys), offset, kCols))};
    m->cases.push_back(std::move(c));
  }
  m->primary_case = gears.size() - 1;
  m->tolerance = kFp32Tolerance;
  m->expected_engines = {{"mul", Engine::kAiCore}, {"add", Engine::kAiCore}};
  return Status::Ok();
}

}  // namespace asim::testmodels::detail
