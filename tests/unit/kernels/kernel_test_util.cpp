#include "tests/unit/kernels/kernel_test_util.h"

#include <cmath>
#include <sstream>

#include "kernels/framework/invoke.h"
#include "kernels/framework/isa.h"

namespace asim::kernels::testing {

HostTensor HostTensor::FromFloats(DataType dtype, std::vector<int64_t> dims, const std::vector<float>& values) {
  HostTensor t = Make(dtype, std::move(dims));
  const size_t n = static_cast<size_t>(t.spec.ElementCount());
  EXPECT_EQ(values.size(), n) << "value count does not match the shape";
  for (size_t i = 0; i < std::min(n, values.size()); ++i) {
    const float v = values[i];
    uint8_t* p = t.bytes.data();
    switch (dtype) {
      case DataType::kFloat: reinterpret_cast<float*>(p)[i] = v; break;
      case DataType::kFloat16: reinterpret_cast<uint16_t*>(p)[i] = FloatToHalf(v); break;
      case DataType::kBf16: reinterpret_cast<uint16_t*>(p)[i] = FloatToBf16(v); break;
      case DataType::kDouble: reinterpret_cast<double*>(p)[i] = v; break;
      case DataType::kInt8: reinterpret_cast<int8_t*>(p)[i] = static_cast<int8_t>(v); break;
      case DataType::kUint8: reinterpret_cast<uint8_t*>(p)[i] = static_cast<uint8_t>(v); break;
      case DataType::kInt16: reinterpret_cast<int16_t*>(p)[i] = static_cast<int16_t>(v); break;
      case DataType::kInt32: reinterpret_cast<int32_t*>(p)[i] = static_cast<int32_t>(v); break;
      case DataType::kInt64: reinterpret_cast<int64_t*>(p)[i] = static_cast<int64_t>(v); break;
      case DataType::kBool: reinterpret_cast<uint8_t*>(p)[i] = v != 0.0f; break;
      default: ADD_FAILURE() << "FromFloats: unsupported dtype " << DataTypeName(dtype);
    }
  }
  return t;
}

std::vector<float> HostTensor::ToFloats() const {
  const size_t n = static_cast<size_t>(spec.ElementCount());
  std::vector<float> v(n);
  const uint8_t* p = bytes.data();
  for (size_t i = 0; i < n; ++i) {
    switch (spec.dtype) {
      case DataType::kFloat: v[i] = reinterpret_cast<const float*>(p)[i]; break;
      case DataType::kFloat16: v[i] = HalfToFloat(reinterpret_cast<const uint16_t*>(p)[i]); break;
      case DataType::kBf16: v[i] = Bf16ToFloat(reinterpret_cast<const uint16_t*>(p)[i]); break;
      case DataType::kDouble: v[i] = static_cast<float>(reinterpret_cast<const double*>(p)[i]); break;
      case DataType::kInt8: v[i] = reinterpret_cast<const int8_t*>(p)[i]; break;
      case DataType::kUint8: v[i] = reinterpret_cast<const uint8_t*>(p)[i]; break;
      case DataType::kInt16: v[i] = reinterpret_cast<const int16_t*>(p)[i]; break;
      case DataType::kInt32: v[i] = static_cast<float>(reinterpret_cast<const int32_t*>(p)[i]); break;
      case DataType::kInt64: v[i] = static_cast<float>(reinterpret_cast<const int64_t*>(p)[i]); break;
      case DataType::kBool: v[i] = reinterpret_cast<const uint8_t*>(p)[i] != 0 ? 1.0f : 0.0f; break;
      default: ADD_FAILURE() << "ToFloats: unsupported dtype " << DataTypeName(spec.dtype); return v;
    }
  }
  return v;
}

std::vector<float> RandomFloats(size_t n, float lo, float hi, uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (auto& x : v) x = dist(gen);
  return v;
}

namespace {

// The bytes the kernel writes when computed again with fresh outputs and workspace (same
// inputs, attributes and prepared data) on the vector target running now.
Status Recompute(const Selection& sel, KernelContext ctx, const std::vector<HostTensor>& like,
                 std::vector<HostTensor>* outputs) {
  outputs->clear();
  for (const auto& o : like) outputs->push_back(HostTensor::Make(o.spec.dtype, o.spec.dims, o.spec.format));
  static uint8_t empty_storage[1];
  for (size_t i = 0; i < outputs->size(); ++i) {
    ctx.outputs[i].data = (*outputs)[i].bytes.empty() ? empty_storage : (*outputs)[i].bytes.data();
  }
  std::vector<uint8_t> workspace(sel.workspace_bytes);
  ctx.workspace = workspace.data();
  ctx.workspace_bytes = workspace.size();
  return kernels::InvokeKernel(*sel.def, ctx);
}

bool IsFloating(DataType t) {
  return t == DataType::kFloat || t == DataType::kFloat16 || t == DataType::kBf16 || t == DataType::kDouble;
}

// Tolerance between vector targets (docs/testing.md): fp32 sums may be fused (FMA) on one
// target and not on another, and fp16/bf16 results may then round one unit apart.
std::string CompareAcrossTargets(const HostTensor& expected, const HostTensor& actual) {
  if (!IsFloating(expected.spec.dtype)) {
    return expected.bytes == actual.bytes ? "" : "bytes differ (exact for non-floating dtypes)";
  }
  const std::vector<float> e = expected.ToFloats(), a = actual.ToFloats();
  const DataType t = expected.spec.dtype;
  const float rtol = t == DataType::kBf16 ? 1.6e-2f : t == DataType::kFloat16 ? 2e-3f : 1e-4f;
  const float atol = t == DataType::kBf16 ? 1e-2f : t == DataType::kFloat16 ? 1e-3f : 1e-5f;
  for (size_t i = 0; i < e.size(); ++i) {
    if (std::isnan(e[i]) && std::isnan(a[i])) continue;
    if (e[i] == a[i]) continue;  // also equal infinities
    if (!(std::fabs(a[i] - e[i]) <= atol + rtol * std::fabs(e[i]))) {
      std::ostringstream os;
      os << "element " << i << " is " << a[i] << ", " << e[i] << " on the best target";
      return os.str();
    }
  }
  return "";
}

// Every kernel runs on every vector target this machine executes (kernels/framework/isa.h)
// and must give what it gave on the best one, within CompareAcrossTargets' tolerance.
// Kernels whose output changes from one run to the next (unseeded random ops) are skipped.
Status CheckEveryTarget(const std::string& op, const Selection& sel, const KernelContext& ctx,
                        const std::vector<HostTensor>& reference) {
  std::vector<HostTensor> again;
  if (!Recompute(sel, ctx, reference, &again).ok()) return Status::Ok();
  for (size_t i = 0; i < again.size(); ++i) {
    if (again[i].bytes != reference[i].bytes) return Status::Ok();  // not deterministic
  }
  const std::string best = isa::Active();
  for (const std::string& target : isa::Available()) {
    if (target == best) continue;
    isa::ScopedIsa scoped(target);
    if (!scoped.status().ok()) return scoped.status();
    const Status st = Recompute(sel, ctx, reference, &again);
    if (!st.ok()) return Status(st.code(), op + " on " + target + ": " + st.message());
    for (size_t i = 0; i < again.size(); ++i) {
      const std::string diff = CompareAcrossTargets(reference[i], again[i]);
      if (!diff.empty()) {
        return Status(err::kInternalError,
                      op + ": output " + std::to_string(i) + " on " + target + " differs from " + best + ": " + diff);
      }
    }
  }
  return Status::Ok();
}

RunResult Run(const KernelRegistry& registry, const std::string& op, const std::vector<HostTensor>& inputs,
              const AttrMap& attrs, const ChipTraits& chip, const Engine* only) {
  RunResult result;
  std::vector<TensorSpec> specs;
  for (const auto& t : inputs) {
    TensorSpec s = t.spec;
    s.host_data = t.constant ? t.bytes.data() : nullptr;
    specs.push_back(s);
  }
  Selection sel;
  if (only != nullptr) {
    std::vector<KernelDef> defs;
    for (const KernelDef* d : registry.Find(op)) {
      if (d->engine == *only) defs.push_back(*d);
    }
    if (op != KernelRegistry::kTransDataOp) {  // format conversions stay possible
      for (const KernelDef* d : registry.Find(KernelRegistry::kTransDataOp)) defs.push_back(*d);
    }
    KernelRegistry subset(std::move(defs));
    result.status = subset.Select(op, specs, attrs, chip, &sel);
    if (!result.status.ok()) return result;
    // Point back into the global registry's definition (subset dies here).
    for (const KernelDef* d : registry.Find(op)) {
      if (d->engine == *only) sel.def = d;
    }
  } else {
    result.status = registry.Select(op, specs, attrs, chip, &sel);
    if (!result.status.ok()) return result;
  }
  result.def = sel.def;
  result.work = sel.work;
  result.conversions = sel.conversions;
  std::vector<HostTensor> inputs_copy = inputs;
  for (const FormatConversion& c : sel.conversions) {  // what the runtime does: TransData first
    RunResult converted = Run(registry, KernelRegistry::kTransDataOp, {inputs[c.input]},
                              KernelRegistry::TransDataAttrs(c.from, c.to), chip, nullptr);
    if (!converted.status.ok()) {
      result.status = converted.status;
      return result;
    }
    inputs_copy[c.input] = std::move(converted.outputs[0]);
  }
  KernelContext ctx;
  for (auto& t : inputs_copy) {
    TensorView v;
    v.spec = t.spec;
    v.data = t.bytes.empty() ? nullptr : t.bytes.data();
    if (t.spec.dtype != DataType::kUndefined && v.data == nullptr) {
      static uint8_t empty_storage[1];
      v.data = empty_storage;  // empty tensor: a valid pointer to nothing
    }
    ctx.inputs.push_back(v);
  }
  for (const auto& spec : sel.outputs) {
    result.outputs.push_back(HostTensor::Make(spec.dtype, spec.dims, spec.format));
    result.outputs.back().spec.origin_format = spec.origin_format;
    result.outputs.back().spec.origin_dims = spec.origin_dims;
  }
  for (auto& o : result.outputs) {
    TensorView v;
    v.spec = o.spec;
    static uint8_t empty_storage[1];
    v.data = o.bytes.empty() ? empty_storage : o.bytes.data();
    ctx.outputs.push_back(v);
  }
  std::vector<uint8_t> workspace(sel.workspace_bytes);
  ctx.workspace = workspace.data();
  ctx.workspace_bytes = workspace.size();
  ctx.attrs = &sel.attrs;
  result.status = kernels::InvokeKernel(*sel.def, ctx);
  // A kernel with a PrepareFn runs again as a model node with constant inputs would (every
  // input's bytes in host_data, compute given what Prepare made): the output must not change,
  // or for a kernel whose prepared path rounds differently (KernelDef::prepared_same_bytes),
  // stay within the floating-point tolerance of its dtype.
  if (result.status.ok() && sel.def->prepare) {
    std::vector<TensorSpec> constant_specs;
    for (const TensorView& v : ctx.inputs) {
      constant_specs.push_back(v.spec);
      constant_specs.back().host_data = v.data;
    }
    const std::shared_ptr<const void> prepared = sel.def->prepare(constant_specs, sel.attrs);
    if (prepared != nullptr) {
      std::vector<HostTensor> again;
      for (const auto& o : result.outputs) again.push_back(HostTensor::Make(o.spec.dtype, o.spec.dims, o.spec.format));
      for (size_t i = 0; i < again.size(); ++i) {
        if (!again[i].bytes.empty()) ctx.outputs[i].data = again[i].bytes.data();
      }
      std::vector<uint8_t> workspace2(sel.workspace_bytes);
      ctx.workspace = workspace2.data();
      ctx.prepared = prepared.get();
      const Status st = kernels::InvokeKernel(*sel.def, ctx);
      for (size_t i = 0; st.ok() && i < again.size(); ++i) {
        if (!sel.def->prepared_same_bytes &&
            (again[i].spec.dtype == DataType::kFloat || again[i].spec.dtype == DataType::kFloat16)) {
          const bool half = again[i].spec.dtype == DataType::kFloat16;
          const ::testing::AssertionResult close = AllClose(again[i].ToFloats(), result.outputs[i].ToFloats(),
                                                            half ? kFp16Rtol : 1e-4f, half ? kFp16Atol : 5e-4f);
          if (!close) {
            result.status = Status(err::kInternalError, op + ": output " + std::to_string(i) +
                                                            " computed with the kernel's prepared data is not within "
                                                            "tolerance: " +
                                                            close.message());
          }
        } else if (again[i].bytes != result.outputs[i].bytes) {
          result.status = Status(err::kInternalError, op + ": output " + std::to_string(i) +
                                                          " differs when computed with the kernel's prepared data");
        }
      }
      if (!st.ok()) result.status = st;
    }
  }
  if (result.status.ok()) {
    ctx.prepared = nullptr;
    result.status = CheckEveryTarget(op, sel, ctx, result.outputs);
  }
  return result;
}

}  // namespace

RunResult RunOp(const std::string& op, const std::vector<HostTensor>& inputs, const AttrMap& attrs,
                const ChipTraits& chip) {
  return Run(KernelRegistry::Get(), op, inputs, attrs, chip, nullptr);
}

RunResult RunOpOn(Engine engine, const std::string& op, const std::vector<HostTensor>& inputs, const AttrMap& attrs,
                  const ChipTraits& chip) {
  return Run(KernelRegistry::Get(), op, inputs, attrs, chip, &engine);
}

::testing::AssertionResult AllClose(const std::vector<float>& actual, const std::vector<float>& expected, float rtol,
                                    float atol) {
  if (actual.size() != expected.size()) {
    return ::testing::AssertionFailure() << "size " << actual.size() << " != expected " << expected.size();
  }
  std::ostringstream os;
  size_t bad = 0;
  for (size_t i = 0; i < actual.size(); ++i) {
    const float a = actual[i], e = expected[i];
    const bool both_nan = std::isnan(a) && std::isnan(e);
    const bool same_inf = std::isinf(a) && std::isinf(e) && (a > 0) == (e > 0);
    if (both_nan || same_inf) continue;
    if (!(std::fabs(a - e) <= atol + rtol * std::fabs(e))) {
      if (bad < 5) os << "\n  [" << i << "] " << a << " vs expected " << e;
      ++bad;
    }
  }
  if (bad == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << bad << " of " << actual.size() << " elements differ:" << os.str();
}

}  // namespace asim::kernels::testing
