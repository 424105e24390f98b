// Outputs whose shape only the computation decides (NonZero, Unique, NonMaxSuppression,
// Compress with a condition unknown at selection).
//
// Contract: InferShape gives an upper bound with static dims (the runtime allocates that
// much); compute writes the result compactly — row-major under the actual dims, from the
// start of the buffer — and reports the actual dims by rewriting
// ctx.outputs[i].spec.dims through SetComputedDims. The runtime must then read
// ctx.outputs[i].spec.dims back after compute and use them as the output's shape (the
// tensor descriptor the application sees, dumps, and what downstream kernels are given).
// The framework does not mark such outputs yet: the addition this needs is an IoSpec flag
// (e.g. KernelBuilder::ShapeFromCompute() on an output) so the runtime knows which outputs
// to read back and that their inferred dims are bounds, and kernel_test_util's Run doing
// the read-back (tests/unit/kernels/movement_test_util.h RunComputedShape does it today).
//
// Owner: the movement / shape kernel family. Thread safety: re-entrant.
// Failure: kInternalError when the actual shape would not fit the allocated bound.
#pragma once

#include <string>
#include <vector>

#include "kernels/framework/kernel_def.h"

namespace asim::kernels {

inline Status SetComputedDims(KernelContext& ctx, size_t output, std::vector<int64_t> dims, const std::string& op) {
  TensorView& o = ctx.out(output);
  TensorSpec actual = o.spec;
  actual.dims = std::move(dims);
  if (actual.ElementCount() > o.spec.ElementCount()) {
    return Status(err::kInternalError, op + ": output " + std::to_string(output) + " " + DimsToString(actual.dims) +
                                           " exceeds its bound " + DimsToString(o.spec.dims));
  }
  o.spec = std::move(actual);
  return Status::Ok();
}

}  // namespace asim::kernels
