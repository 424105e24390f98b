// Conv epilogue (see conv_epilogue.h). The vector loop is compiled per vector target
// (Highway) and dispatched at run time. Thread safety and failure: as the header says.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/cube/conv_epilogue.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <algorithm>
#include <string>
#include <type_traits>

#include "base/fp16.h"
#include "kernels/common/host/parallel.h"
#include "kernels/cube/conv_epilogue.h"
#include "kernels/cube/simd-inl.h"

HWY_BEFORE_NAMESPACE();
namespace asim::kernels::HWY_NAMESPACE {

inline float ToFloat(float v) {
  return v;
}
inline float ToFloat(uint16_t h) {
  return HalfToFloat(h);
}

// y = act(y + r) over [begin, end): sixteen lanes at a time, then the tail. T is float or
// uint16_t (fp16 bits: computed in fp32, rounded to nearest even on the way back, as the
// vector unit does).
template <typename T>
void EpilogueRange(T* y, const T* r, bool relu, int64_t begin, int64_t end) {
  const auto load = [](const T* p) {
    if constexpr (std::is_same_v<T, float>) {
      return simd::LoadU(p);
    } else {
      return simd::LoadHalf(p);
    }
  };
  const auto store = [](T* p, simd::V16 v) {
    if constexpr (std::is_same_v<T, float>) {
      simd::StoreU(p, v);
    } else {
      simd::StoreHalf(p, v);
    }
  };
  int64_t i = begin;
  for (; i + 16 <= end; i += 16) {
    simd::V16 v = load(y + i);
    if (r != nullptr) v = simd::Add(v, load(r + i));
    if (relu) v = simd::Relu(v);
    store(y + i, v);
  }
  for (; i < end; ++i) {
    float v = ToFloat(y[i]);
    if (r != nullptr) v += ToFloat(r[i]);
    if (relu) v = std::max(v, 0.0f);
    if constexpr (std::is_same_v<T, float>) {
      y[i] = v;
    } else {
      y[i] = FloatToHalf(v);
    }
  }
}

void EpilogueRangeF32(float* y, const float* r, bool relu, int64_t begin, int64_t end) {
  EpilogueRange(y, r, relu, begin, end);
}
void EpilogueRangeF16(uint16_t* y, const uint16_t* r, bool relu, int64_t begin, int64_t end) {
  EpilogueRange(y, r, relu, begin, end);
}

}  // namespace asim::kernels::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace asim::kernels {

HWY_EXPORT(EpilogueRangeF32);
HWY_EXPORT(EpilogueRangeF16);

namespace {

void EpilogueRange(float* y, const float* r, bool relu, int64_t begin, int64_t end) {
  HWY_DYNAMIC_DISPATCH(EpilogueRangeF32)(y, r, relu, begin, end);
}
void EpilogueRange(uint16_t* y, const uint16_t* r, bool relu, int64_t begin, int64_t end) {
  HWY_DYNAMIC_DISPATCH(EpilogueRangeF16)(y, r, relu, begin, end);
}

bool HasResidual(const std::vector<TensorSpec>& inputs) {
  return inputs.size() > kConvResidualInput && inputs[kConvResidualInput].dtype != DataType::kUndefined;
}

template <typename T>
void Epilogue(T* y, const T* r, bool relu, int64_t n) {
  ParallelFor(n, 16384, [&](int64_t begin, int64_t end) { EpilogueRange(y, r, relu, begin, end); });
}

}  // namespace

void AddConvEpilogue(KernelBuilder& b, std::vector<Format> formats) {
  b.OptionalInput("residual", {DataType::kFloat16, DataType::kFloat}, std::move(formats))
      .Attr(kConvFusedActivationAttr, std::string());
}

Status CheckConvEpilogue(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, const TensorSpec& y) {
  const std::string act = attrs.GetString(kConvFusedActivationAttr, "");
  if (!act.empty() && act != "Relu") {
    return Status(err::kOpAttrNotMatch,
                  std::string(kConvFusedActivationAttr) + " '" + act + "' is not supported (\"\" or \"Relu\")");
  }
  if ((!act.empty() || HasResidual(inputs)) && y.dtype != DataType::kFloat16 && y.dtype != DataType::kFloat) {
    return Status(err::kOpAttrNotMatch,
                  std::string("a fused epilogue needs an fp16 or fp32 output, not ") + DataTypeName(y.dtype));
  }
  if (HasResidual(inputs)) {
    const TensorSpec& r = inputs[kConvResidualInput];
    if (r.dtype != y.dtype || r.dims != y.dims || r.format != y.format) {
      return Status(err::kOpInputNotMatch, "residual " + std::string(DataTypeName(r.dtype)) + " " +
                                               DimsToString(r.dims) + " must match the output " +
                                               DataTypeName(y.dtype) + " " + DimsToString(y.dims));
    }
  }
  return Status::Ok();
}

Status ApplyConvEpilogue(KernelContext& ctx) {
  const bool relu = ctx.attrs->GetString(kConvFusedActivationAttr, "") == "Relu";
  const bool residual = ctx.has_input(kConvResidualInput);
  if (!relu && !residual) return Status::Ok();
  TensorView& y = ctx.out(0);
  const int64_t n = y.ElementCount();
  const void* r = residual ? ctx.in(kConvResidualInput).data : nullptr;
  if (y.dtype() == DataType::kFloat16) {
    Epilogue(y.as<uint16_t>(), static_cast<const uint16_t*>(r), relu, n);
  } else if (y.dtype() == DataType::kFloat) {
    Epilogue(y.as<float>(), static_cast<const float*>(r), relu, n);
  } else {
    return Status(err::kUnsupportedDataType,
                  std::string("the conv epilogue handles fp16 and fp32 outputs, not ") + DataTypeName(y.dtype()));
  }
  return Status::Ok();
}

void AddConvEpilogueWork(const std::vector<TensorSpec>& inputs, const AttrMap& attrs,
                         const std::vector<TensorSpec>& outputs, WorkDesc* work) {
  if (outputs.empty()) return;
  const bool relu = attrs.GetString(kConvFusedActivationAttr, "") == "Relu";
  const bool residual = HasResidual(inputs);
  const uint64_t elems = static_cast<uint64_t>(outputs[0].ElementCount());
  // fp16 epilogue ops run at twice the fp32 rate: half an fp32 vector op per element
  // (docs/cost_model.md, "UB fusion").
  const uint64_t per_op = outputs[0].dtype == DataType::kFloat16 ? elems / 2 : elems;
  if (work->on_ai_cpu) {
    work->aicpu_ops += (relu ? elems : 0) + (residual ? elems : 0);
    if (residual) work->aicpu_bytes += inputs[kConvResidualInput].Bytes();
    return;
  }
  if (relu) work->vector_ops += per_op;
  if (residual) {
    work->vector_ops += per_op;
    work->mte2_bytes += inputs[kConvResidualInput].Bytes();
  }
}

}  // namespace asim::kernels
#endif  // HWY_ONCE
