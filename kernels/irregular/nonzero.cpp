// NonZero (ONNX opset 9-13): the int64 coordinates [rank, nnz] of the non-zero elements
// in row-major order (a scalar counts as 1-D). The output shape depends on the data:
// InferShape gives the bound [rank, elements] and compute reports [rank, nnz]
// (kernels/common/shape/computed_shape.h).
// Owner: the AI CPU irregular family. AI CPU only, as on the chip.
// Thread safety: re-entrant. Failure: kUnsupportedDataType for non-numeric inputs.
#include "kernels/common/shape/computed_shape.h"
#include "kernels/common/values/typed_values.h"
#include "kernels/movement/movement_types.h"

namespace asim::kernels {
namespace {

Status NonZeroInfer(const std::vector<TensorSpec>& inputs, const AttrMap&, std::vector<TensorSpec>* outputs) {
  TensorSpec o;
  o.dtype = DataType::kInt64;
  const int64_t rank = std::max<int64_t>(1, static_cast<int64_t>(inputs[0].dims.size()));
  o.dims = {rank, inputs[0].IsStatic() ? inputs[0].ElementCount() : -1};
  outputs->assign(1, o);
  return Status::Ok();
}

Status NonZeroCompute(KernelContext& ctx) {
  const TensorView& x = ctx.in(0);
  const int64_t n = x.ElementCount();
  std::vector<int64_t> dims = x.dims();
  if (dims.empty()) dims = {1};
  const size_t rank = dims.size();
  return DispatchNumeric(x.dtype(), "NonZero", [&](auto tag) {
    using T = decltype(tag);
    const T* in = x.as<const T>();
    int64_t nnz = 0;
    for (int64_t i = 0; i < n; ++i) nnz += ToArith(in[i]) != 0;
    ASIM_RETURN_IF_ERROR(SetComputedDims(ctx, 0, {static_cast<int64_t>(rank), nnz}, "NonZero"));
    int64_t* out = ctx.out(0).as<int64_t>();
    std::vector<int64_t> pos(rank, 0);
    int64_t j = 0;
    for (int64_t i = 0; i < n; ++i) {
      if (ToArith(in[i]) != 0) {
        for (size_t d = 0; d < rank; ++d) out[static_cast<int64_t>(d) * nnz + j] = pos[d];
        ++j;
      }
      for (size_t d = rank; d-- > 0;) {
        if (++pos[d] < dims[d]) break;
        pos[d] = 0;
      }
    }
    return Status::Ok();
  });
}

WorkDesc NonZeroCost(const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs, const AttrMap&,
                     const ChipTraits&) {
  WorkDesc w;
  w.on_ai_cpu = true;
  w.aicpu_ops = static_cast<uint64_t>(inputs[0].ElementCount()) * 2;
  w.aicpu_bytes = inputs[0].Bytes() + outputs[0].Bytes();
  return w;
}

}  // namespace

KernelDef BuildNonZero_AiCpu() {
  std::vector<DataType> types = AllNumericTypes();
  types.push_back(DataType::kBool);
  return KernelBuilder("NonZero", Engine::kAiCpu)
      .Input("X", types)
      .Output("Y", {DataType::kInt64})
      .ShapeFromCompute()
      .InferShape(NonZeroInfer)
      .Compute(NonZeroCompute)
      .Cost(NonZeroCost)
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
