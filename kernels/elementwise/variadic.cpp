// Variadic Min, Max, Sum, Mean (one or more inputs, numpy broadcasting over all of them).
// AI Core vector unit: fp16, fp32 (and int32 for Min / Max), static shapes; AI CPU: Min /
// Max over floats, int8..int64, uint8..uint64; Sum / Mean over floats (ONNX); any shape.
// Inputs fold left to right. fp16 / bf16 with more than two inputs (or Mean) accumulate in
// an fp32 workspace and round once at the end, as the AI Core does; when the launch gave
// no workspace large enough (dynamic shapes) they fold in their storage type instead.
// Min / Max propagate NaN (numpy). Owner: elementwise family. Thread safety: re-entrant.
// Failure: kOpInputNotMatch for shapes that do not broadcast.
#include "kernels/common/elementwise/elementwise_compute.h"
#include "kernels/common/elementwise/elementwise_defs.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;
// NumericTypes with uint16, uint32 and uint64 too (ONNX lists every integer width here).
using AllNumericTypes = ConcatTypes<FloatTypes, IntTypes>::type;

struct MaxOp {
  template <class C>
  C operator()(C a, C b) const {
    return (a > b || a != a) ? a : b;
  }
};
struct MinOp {
  template <class C>
  C operator()(C a, C b) const {
    return (a < b || a != a) ? a : b;
  }
};
struct SumOp {
  template <class C>
  C operator()(C a, C b) const {
    return WrapAdd(a, b);
  }
};
struct IdentityOp {
  template <class C>
  C operator()(C a) const {
    return a;
  }
};
struct DivideByOp {
  int64_t count;
  template <class C>
  C operator()(C a) const {
    return a / static_cast<C>(count);
  }
};

bool NeedsWideAccumulator(DataType dt, size_t inputs, bool mean) {
  return (dt == DataType::kFloat16 || dt == DataType::kBf16) && (inputs > 2 || mean);
}

// Folds every input into `acc` (storage type Acc, dims of the output), then writes the
// output (dividing by the input count for Mean).
template <class S, class Acc, class Op>
Status Fold(KernelContext& ctx, TensorView& acc, bool mean, const Op& op) {
  const size_t n = ctx.inputs.size();
  TensorView& out = ctx.out(0);
  if (n == 1) {
    ApplyUnary<S, S>(ctx.in(0), out, kCheapGrain, IdentityOp{});
    return Status::Ok();
  }
  ASIM_RETURN_IF_ERROR((ApplyBinary<S, S, Acc>(ctx.in(0), ctx.in(1), acc, kCheapGrain, op)));
  for (size_t k = 2; k < n; ++k) {
    ASIM_RETURN_IF_ERROR((ApplyBinary<Acc, S, Acc>(acc, ctx.in(k), acc, kCheapGrain, op)));
  }
  if (mean) {
    ApplyUnary<Acc, S>(acc, out, kCheapGrain, DivideByOp{static_cast<int64_t>(n)});
  } else if (acc.data != out.data) {
    ApplyUnary<Acc, S>(acc, out, kCheapGrain, IdentityOp{});
  }
  return Status::Ok();
}

template <class List, class Op>
ComputeFn VariadicCompute(List list, Op op, bool mean) {
  return [list, op, mean](KernelContext& ctx) {
    return Dispatch(list, ctx.in(0).dtype(), [&](auto tag) {
      using S = typename decltype(tag)::type;
      TensorView& out = ctx.out(0);
      if constexpr (std::is_same_v<S, Fp16> || std::is_same_v<S, Bf16>) {
        const size_t need = static_cast<size_t>(out.ElementCount()) * sizeof(float);
        if (NeedsWideAccumulator(out.dtype(), ctx.inputs.size(), mean) && ctx.workspace_bytes >= need &&
            ctx.workspace != nullptr) {
          TensorView acc = out;
          acc.spec.dtype = DataType::kFloat;
          acc.data = ctx.workspace;
          return Fold<S, float>(ctx, acc, mean, op);
        }
      }
      return Fold<S, S>(ctx, out, mean, op);
    });
  };
}

size_t VariadicWorkspace(const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs, bool mean) {
  if (inputs.empty() || outputs.empty() || !NeedsWideAccumulator(inputs[0].dtype, inputs.size(), mean)) return 0;
  return static_cast<size_t>(outputs[0].ElementCount()) * sizeof(float);
}

template <class List, class Op>
KernelDef Variadic(const char* op_type, Engine engine, std::vector<DataType> aicore_dtypes, Op op, bool mean) {
  const auto dtypes = engine == Engine::kAiCore ? std::move(aicore_dtypes) : DtypesOf(List{});
  return VariadicBuilder(op_type, engine, dtypes, VariadicCompute(List{}, op, mean), 1, kSource)
      .Workspace([mean](const std::vector<TensorSpec>& in, const std::vector<TensorSpec>& out, const AttrMap&) {
        return VariadicWorkspace(in, out, mean);
      })
      .Build();
}

}  // namespace

KernelDef BuildMax_AiCore() {
  return Variadic<NumericTypes>("Max", Engine::kAiCore, DtypesOf(AiCoreNumericTypes{}), MaxOp{}, false);
}
KernelDef BuildMax_AiCpu() {
  return Variadic<AllNumericTypes>("Max", Engine::kAiCpu, {}, MaxOp{}, false);
}
KernelDef BuildMin_AiCore() {
  return Variadic<NumericTypes>("Min", Engine::kAiCore, DtypesOf(AiCoreNumericTypes{}), MinOp{}, false);
}
KernelDef BuildMin_AiCpu() {
  return Variadic<AllNumericTypes>("Min", Engine::kAiCpu, {}, MinOp{}, false);
}
KernelDef BuildSum_AiCore() {
  return Variadic<FloatTypes>("Sum", Engine::kAiCore, DtypesOf(AiCoreFloatTypes{}), SumOp{}, false);
}
KernelDef BuildSum_AiCpu() {
  return Variadic<FloatTypes>("Sum", Engine::kAiCpu, {}, SumOp{}, false);
}
KernelDef BuildMean_AiCore() {
  return Variadic<FloatTypes>("Mean", Engine::kAiCore, DtypesOf(AiCoreFloatTypes{}), SumOp{}, true);
}
KernelDef BuildMean_AiCpu() {
  return Variadic<FloatTypes>("Mean", Engine::kAiCpu, {}, SumOp{}, true);
}

}  // namespace asim::kernels
