// The test model table, shared helpers and CompareOutput (see test_models.h, model_util.h).
// Thread safety and failure: as those headers say.
#include <cmath>

#include "compiler/chip_traits.h"
#include "tests/support/test_models/model_util.h"

namespace asim::testmodels {
namespace detail {

HostData Data(DataType dtype, Format format, std::vector<int64_t> dims, const std::vector<float>& values) {
  HostData d;
  d.dtype = dtype;
  d.format = format;
  d.dims = std::move(dims);
  d.bytes = ref::ToBytes(values, dtype);
  return d;
}

int64_t Elements(const std::vector<int64_t>& dims) {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  return n;
}

int FloatConstant(atc::GraphBuilder& b, const std::string& name, DataType dtype, const std::vector<int64_t>& dims,
                  const std::vector<float>& values) {
  const std::vector<uint8_t> bytes = ref::ToBytes(values, dtype);
  return b.Constant(name, dtype, dims, bytes.data());
}

kernels::AttrMap ConvAttrs(int64_t k, int64_t pad, int64_t stride) {
  kernels::AttrMap a;
  a.Set("kernel_shape", std::vector<int64_t>{k, k});
  a.Set("pads", std::vector<int64_t>{pad, pad, pad, pad});
  a.Set("strides", std::vector<int64_t>{stride, stride});
  return a;
}

Status Compile(const atc::GraphBuilder& b, const std::string& soc, om::DynamicKind dynamic,
               const std::vector<std::vector<int64_t>>& gears, TestModel* m) {
  atc::CompileOptions options;
  options.soc_version = soc;
  options.model_name = m->name;
  options.metadata = {{"test_model", m->name}, {"description", m->description}};
  options.dynamic = dynamic;
  options.gears = gears;
  return b.Compile(options, &m->model, &m->report);
}

bool CubeFp32(const std::string& soc) {
  kernels::ChipTraits chip;
  return atc::ChipTraitsForSoc(soc, &chip).ok() && chip.cube_fp32;
}

}  // namespace detail

namespace {

using BuildFn = Status (*)(const std::string&, TestModel*);
struct Entry {
  const char* name;
  const char* description;
  BuildFn build;
};

const std::vector<Entry>& Table() {
  static const std::vector<Entry> table = {
      {"add_relu", "fp32 ND [2,3,4,5]: Relu(x + y)", detail::BuildAddRelu},
      {"matmul_bias", "fp16 [4,32] x W[32,16] + b[16] -> fp16 [4,16] (cube MatMul, Add)", detail::BuildMatMulBias},
      {"conv_relu", "fp16 NCHW [1,3,16,16]: Conv 8x3x3 pad 1 + bias, Relu (AI Core, TransData)", detail::BuildConvRelu},
      {"conv_fp32_aicpu", "fp32 NCHW [1,3,16,16]: Conv 4x3x3 pad 1 + bias (AI CPU without an fp32 cube)",
       detail::BuildConvFp32AiCpu},
      {"small_cnn",
       "fp16 [1,3,16,16]: Conv, Relu, MaxPool, GlobalAveragePool, Flatten, Gemm, Cast, Softmax -> fp32 [1,10]",
       detail::BuildSmallCnn},
      {"dynamic_batch", "fp32 [-1,3,4,5]: Relu(x + y), batch gears {1},{2},{4}", detail::BuildDynamicBatch},
      {"dynamic_hw", "fp16 [1,3,-1,-1]: Conv 4x3x3 pad 1 + bias, Relu; image gears {16,16},{32,32}",
       detail::BuildDynamicHw},
      {"dynamic_dims", "fp32 x[-1,16], y[-1,16]: x * y + c[16]; dims gears {1,1},{3,3},{8,8}",
       detail::BuildDynamicDims},
      {"multi_output", "fp32 [2,8]: outputs sum = x + y and relu = Relu(sum)", detail::BuildMultiOutput},
  };
  return table;
}

}  // namespace

const std::vector<std::string>& TestModelNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& e : Table()) v.push_back(e.name);
    return v;
  }();
  return names;
}

Status BuildTestModel(const std::string& name, TestModel* out, const std::string& soc_version) {
  for (const auto& e : Table()) {
    if (name != e.name) continue;
    TestModel m;
    m.name = e.name;
    m.description = e.description;
    ASIM_RETURN_IF_ERROR(e.build(soc_version, &m));
    *out = std::move(m);
    return Status::Ok();
  }
  return Status(err::kInvalidParam, "no test model named '" + name + "'");
}

Status CompareOutput(const std::vector<uint8_t>& actual, const HostData& expected, const Tolerance& tol) {
  if (actual.size() != expected.bytes.size()) {
    return Status(err::kFailure,
                  std::to_string(actual.size()) + " bytes, expected " + std::to_string(expected.bytes.size()));
  }
  const std::vector<float> a = ref::FromBytes(actual, expected.dtype);
  const std::vector<float> e = ref::FromBytes(expected.bytes, expected.dtype);
  std::string mismatches;
  size_t bad = 0;
  for (size_t i = 0; i < e.size(); ++i) {
    const float diff = std::fabs(a[i] - e[i]);
    if (diff <= tol.atol + tol.rtol * std::fabs(e[i])) continue;  // NaN fails here
    if (++bad <= 5) {
      mismatches += " [" + std::to_string(i) + "] " + std::to_string(a[i]) + " vs " + std::to_string(e[i]);
    }
  }
  if (bad == 0) return Status::Ok();
  return Status(err::kFailure, std::to_string(bad) + " of " + std::to_string(e.size()) +
                                   " elements differ (actual vs expected):" + mismatches);
}

}  // namespace asim::testmodels
