// The compute of every "view" op (Reshape, Flatten, Squeeze, Unsqueeze, Identity): the
// output holds the input's bytes unchanged under new dims. On the chip these are usually
// folded away; as a launched kernel they are one copy (skipped when the runtime aliases
// output and input).
//
// Owner: the movement / shape kernel family. Thread safety: re-entrant.
// Failure: kOpOutputNotMatch when the output's size differs from the input's or its shape
// was never resolved.
#pragma once

#include <cstring>
#include <string>

#include "kernels/common/values/value_inputs.h"

namespace asim::kernels {

inline ComputeFn ViewCopy(std::string op) {
  return [op](KernelContext& ctx) {
    ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, op));
    const TensorView& x = ctx.in(0);
    TensorView& y = ctx.out(0);
    if (x.Bytes() != y.Bytes()) {
      return Status(err::kOpOutputNotMatch,
                    op + ": output " + DimsToString(y.dims()) + " does not hold input " + DimsToString(x.dims()));
    }
    if (y.Bytes() != 0 && y.data != x.data) std::memmove(y.data, x.data, y.Bytes());
    return Status::Ok();
  };
}

}  // namespace asim::kernels
