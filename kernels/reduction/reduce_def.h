// Declaration and compute glue shared by the Reduce* kernels: inputs (data, optional axes),
// attributes (keepdims, noop_with_empty_axes, axes for opset < 18 / ReduceSum < 13), shape
// inference, the AI Core rules (static shapes, constant axes) and the typed launch.
// Owner: reduction family. Thread safety: re-entrant. Failure: kOpAttrNotMatch for bad
// axes; kInternalError when the reduced output exceeds the allocated bound.
#pragma once

#include <string>
#include <vector>

#include "kernels/common/values/type_dispatch.h"
#include "kernels/framework/kernel_def.h"
#include "kernels/reduction/reduce_engine.h"

namespace asim::kernels {

using ReduceIntTypes = Types<int32_t, int64_t, int8_t, uint8_t>;
using ReduceNumericTypes = ConcatTypes<FloatTypes, ReduceIntTypes>::type;

Status ReduceInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs);

// Resolves the axes of a launch and builds its layout. When the output was allocated at
// its bound (axes unknown at selection) rewrites its dims to the reduced ones.
Status ReduceLaunchLayout(KernelContext& ctx, ReduceLayout* layout);

// A Reduce* kernel: `ops_in` vector ops per input element, `ops_out` per output element.
KernelDef ReduceDef(const std::string& op, Engine engine, std::vector<DataType> dtypes, ComputeFn compute,
                    double ops_in, double ops_out, const std::string& source);

template <template <class> class Reducer, class List>
ComputeFn ReduceCompute(List list) {
  return [list](KernelContext& ctx) {
    ReduceLayout layout;
    ASIM_RETURN_IF_ERROR(ReduceLaunchLayout(ctx, &layout));
    return Dispatch(list, ctx.in(0).dtype(), [&](auto tag) {
      using S = typename decltype(tag)::type;
      ReduceTyped<Reducer, S>(layout, ctx.in(0).template as<const S>(), ctx.out(0).template as<S>());
      return Status::Ok();
    });
  };
}

}  // namespace asim::kernels
