// Einsum (ONNX opset 12): any equation kernels/movement/einsum_plan.h accepts — batched
// matmuls, transposes, diagonals, reductions, outer products, broadcasting "...". Every
// output element sums the product of the operands over the contracted labels; floats
// accumulate in double, integers in int64, then round once to the output type.
// Owner: the movement / shape kernel family. AI CPU only (on the chip the graph compiler
// lowers common equations to BatchMatMul/Transpose before the kernel would run).
// Thread safety: re-entrant. Failure: the plan's kOpAttrNotMatch / kOpInputNotMatch.
#include <cmath>

#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/host/parallel.h"
#include "kernels/common/values/typed_values.h"
#include "kernels/common/values/value_inputs.h"
#include "kernels/movement/einsum_plan.h"

namespace asim::kernels {
namespace {

Status PlanOf(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, EinsumPlan* plan) {
  std::vector<std::vector<int64_t>> shapes;
  for (const auto& s : inputs) shapes.push_back(s.dims);
  return PlanEinsum(attrs.GetString("equation", ""), shapes, plan);
}

Status EinsumInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  if (inputs.empty()) return Status(err::kOpInputNotMatch, "Einsum: takes at least one input");
  EinsumPlan plan;
  ASIM_RETURN_IF_ERROR(PlanOf(inputs, attrs, &plan));
  TensorSpec o;
  o.dtype = inputs[0].dtype;
  o.dims = plan.out_dims;
  outputs->assign(1, o);
  return Status::Ok();
}

template <typename T>
void Contract(const KernelContext& ctx, const EinsumPlan& p, T* out) {
  using Acc = std::conditional_t<kIsFloatStorage<T>, double, int64_t>;
  const size_t ops = ctx.inputs.size();
  const size_t out_rank = p.out_labels.size(), sum_rank = p.sum_labels.size();
  int64_t out_count = 1, sum_count = 1;
  for (int l : p.out_labels) out_count *= p.size[static_cast<size_t>(l)];
  for (int l : p.sum_labels) sum_count *= p.size[static_cast<size_t>(l)];
  ParallelFor(out_count, std::max<int64_t>(1, 4096 / std::max<int64_t>(1, sum_count)), [&](int64_t b, int64_t e) {
    std::vector<int64_t> base(ops), off(ops), idx(sum_rank);
    for (int64_t i = b; i < e; ++i) {
      std::fill(base.begin(), base.end(), 0);
      int64_t rest = i;
      for (size_t k = out_rank; k-- > 0;) {
        const size_t l = static_cast<size_t>(p.out_labels[k]);
        const int64_t v = rest % p.size[l];
        rest /= p.size[l];
        for (size_t o = 0; o < ops; ++o) base[o] += v * p.strides[o][l];
      }
      off = base;
      std::fill(idx.begin(), idx.end(), 0);
      Acc sum = 0;
      for (int64_t s = 0; s < sum_count; ++s) {
        Acc prod = 1;
        for (size_t o = 0; o < ops; ++o) prod *= static_cast<Acc>(ToArith(ctx.inputs[o].as<const T>()[off[o]]));
        sum += prod;
        for (size_t k = sum_rank; k-- > 0;) {
          const size_t l = static_cast<size_t>(p.sum_labels[k]);
          for (size_t o = 0; o < ops; ++o) off[o] += p.strides[o][l];
          if (++idx[k] < p.size[l]) break;
          for (size_t o = 0; o < ops; ++o) off[o] -= p.strides[o][l] * p.size[l];
          idx[k] = 0;
        }
      }
      if constexpr (kIsFloatStorage<T>) {
        out[i] = FromDouble<T>(sum);
      } else {
        out[i] = static_cast<T>(sum);
      }
    }
  });
}

Status EinsumCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "Einsum"));
  std::vector<TensorSpec> specs;
  for (const auto& v : ctx.inputs) specs.push_back(v.spec);
  EinsumPlan plan;
  ASIM_RETURN_IF_ERROR(PlanOf(specs, *ctx.attrs, &plan));
  if (ctx.out(0).ElementCount() == 0) return Status::Ok();
  return DispatchNumeric(ctx.out(0).dtype(), "Einsum", [&](auto tag) {
    using T = decltype(tag);
    Contract<T>(ctx, plan, ctx.out(0).as<T>());
    return Status::Ok();
  });
}

// Multiply-adds: one per output element per contracted combination, per operand.
WorkDesc EinsumCost(const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs, const AttrMap& attrs,
                    const ChipTraits&) {
  WorkDesc w;
  w.on_ai_cpu = true;
  EinsumPlan plan;
  if (PlanOf(inputs, attrs, &plan).ok()) {
    double n = 1;
    for (int l : plan.out_labels) n *= static_cast<double>(std::max<int64_t>(0, plan.size[static_cast<size_t>(l)]));
    for (int l : plan.sum_labels) n *= static_cast<double>(std::max<int64_t>(0, plan.size[static_cast<size_t>(l)]));
    w.aicpu_ops = static_cast<uint64_t>(n * static_cast<double>(inputs.size()));
  }
  for (const auto& s : inputs) w.aicpu_bytes += s.Bytes();
  for (const auto& s : outputs) w.aicpu_bytes += s.Bytes();
  return w;
}

}  // namespace

KernelDef BuildEinsum_AiCpu() {
  return KernelBuilder("Einsum", Engine::kAiCpu)
      .VariadicInput("Inputs", {DataType::kFloat16, DataType::kFloat, DataType::kBf16, DataType::kDouble,
                                DataType::kInt32, DataType::kInt64, DataType::kUint32, DataType::kUint64})
      .SameDtypeAs(0)
      .Output("Output", {})
      .RequiredAttr("equation", AttrType::kString)
      .InferShape(EinsumInfer)
      .Compute(EinsumCompute)
      .Cost(EinsumCost)
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
