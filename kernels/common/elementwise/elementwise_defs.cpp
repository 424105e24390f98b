// Declaration helpers for elementwise-style kernels: shape inference (same shape,
// broadcasting with origin-shape propagation for blocked layouts), the layout constraint,
// and the pre-filled builders (see elementwise_defs.h).
// Owner: elementwise family (kernels/common, shared). Thread safety: pure functions; the
// returned closures are immutable. Failure: kOpInputNotMatch / kFormatNotMatch with the
// shapes or layouts that do not fit.
#include "kernels/common/elementwise/elementwise_defs.h"

#include "kernels/common/cost/cost_utils.h"
#include "kernels/common/shape/broadcast_iter.h"

namespace asim::kernels {
namespace {

bool IsBlocked(Format f) {
  return f == Format::kNc1hwc0 || f == Format::kNc1hwc0C04 || f == Format::kFractalZ || f == Format::kFractalNz ||
         f == Format::kNdc1hwc0 || f == Format::kFractalZ3d;
}

bool IsPresent(const TensorSpec& s) {
  return s.dtype != DataType::kUndefined;
}

}  // namespace

std::vector<Format> PlainFormats() {
  return {Format::kNchw,  Format::kNd,    Format::kNhwc, Format::kHwcn,
          Format::kNcdhw, Format::kNdhwc, Format::kNc,   Format::kNcl};
}

InferShapeFn SameShapeInfer(DataType out_dtype) {
  return [out_dtype](const std::vector<TensorSpec>& inputs, const AttrMap&, std::vector<TensorSpec>* outputs) {
    if (inputs.empty()) return Status(err::kOpInputNotMatch, "missing input 0");
    TensorSpec o = inputs[0];
    o.host_data = nullptr;
    if (out_dtype != DataType::kUndefined) o.dtype = out_dtype;
    outputs->assign(1, o);
    return Status::Ok();
  };
}

InferShapeFn BroadcastInfer(DataType out_dtype, size_t dtype_from) {
  return
      [out_dtype, dtype_from](const std::vector<TensorSpec>& inputs, const AttrMap&, std::vector<TensorSpec>* outputs) {
        std::vector<std::vector<int64_t>> shapes;
        Format format = Format::kUndefined;
        for (const auto& in : inputs) {
          if (!IsPresent(in)) continue;
          shapes.push_back(in.dims);
          if (format == Format::kUndefined) {
            format = in.format;
          } else if (format != in.format && IsBlocked(in.format)) {
            format = in.format;
          }
        }
        if (shapes.empty() || dtype_from >= inputs.size()) return Status(err::kOpInputNotMatch, "missing inputs");
        TensorSpec o;
        ASIM_RETURN_IF_ERROR(BroadcastDims(shapes, &o.dims));
        o.dtype = out_dtype == DataType::kUndefined ? inputs[dtype_from].dtype : out_dtype;
        o.format = format;
        for (const auto& in : inputs) {  // keep the plain view of a blocked output (for TransData back)
          if (IsPresent(in) && in.format == o.format && in.dims == o.dims && in.origin_format != Format::kUndefined) {
            o.origin_format = in.origin_format;
            o.origin_dims = in.origin_dims;
            break;
          }
        }
        outputs->assign(1, o);
        return Status::Ok();
      };
}

ConstraintFn SameLayoutOrScalar() {
  return [](const std::vector<TensorSpec>& inputs, const AttrMap&, const ChipTraits&) {
    for (size_t i = 0; i < inputs.size(); ++i) {
      for (size_t j = 0; j < inputs.size(); ++j) {
        const TensorSpec& a = inputs[i];
        const TensorSpec& b = inputs[j];
        if (!IsPresent(a) || !IsPresent(b) || a.format == b.format || !IsBlocked(a.format)) continue;
        if (b.IsStatic() && b.ElementCount() == 1) continue;
        return Status(err::kFormatNotMatch, std::string("input ") + std::to_string(i) + " is " + FormatName(a.format) +
                                                " but input " + std::to_string(j) + " is " + FormatName(b.format) +
                                                " " + DimsToString(b.dims) +
                                                "; broadcasting needs one layout (or a scalar)");
      }
    }
    return Status::Ok();
  };
}

KernelBuilder& EngineRules(KernelBuilder& b, Engine engine, double ops) {
  if (engine == Engine::kAiCore) {
    b.StaticShapesOnly().Cost(VectorElementwiseCost(ops));
  } else {
    b.Cost(AiCpuElementwiseCost(ops));
  }
  return b;
}

KernelBuilder UnaryBuilder(const std::string& op, Engine engine, std::vector<DataType> dtypes, ComputeFn compute,
                           double ops, const std::string& source, DataType out_dtype) {
  KernelBuilder b(op, engine);
  b.Input("x", std::move(dtypes))
      .Output("y", out_dtype == DataType::kUndefined ? std::vector<DataType>{} : std::vector<DataType>{out_dtype})
      .InferShape(SameShapeInfer(out_dtype))
      .Compute(std::move(compute))
      .Source(source);
  EngineRules(b, engine, ops);
  return b;
}

KernelBuilder BinaryBuilder(const std::string& op, Engine engine, std::vector<DataType> dtypes, ComputeFn compute,
                            double ops, const std::string& source, DataType out_dtype,
                            const std::pair<std::string, std::string>& names) {
  KernelBuilder b(op, engine);
  b.Input(names.first, dtypes)
      .Input(names.second, dtypes)
      .SameDtypeAs(0)
      .Output("C", out_dtype == DataType::kUndefined ? std::vector<DataType>{} : std::vector<DataType>{out_dtype})
      .Constraint(SameLayoutOrScalar())
      .InferShape(BroadcastInfer(out_dtype))
      .Compute(std::move(compute))
      .Source(source);
  EngineRules(b, engine, ops);
  return b;
}

KernelBuilder VariadicBuilder(const std::string& op, Engine engine, std::vector<DataType> dtypes, ComputeFn compute,
                              double ops, const std::string& source) {
  KernelBuilder b(op, engine);
  b.VariadicInput("x", std::move(dtypes))
      .SameDtypeAs(0)
      .Output("y", {})
      .Constraint(SameLayoutOrScalar())
      .InferShape(BroadcastInfer())
      .Compute(std::move(compute))
      .Source(source);
  EngineRules(b, engine, ops);
  return b;
}

}  // namespace asim::kernels
