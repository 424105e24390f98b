// Outputs whose shape only the computation decides (NonZero, Unique, NonMaxSuppression,
// Compress with a condition unknown at selection, Slice with starts ... unknown at
// selection, If and Loop).
//
// Contract: InferShape gives an upper bound with static dims (the runtime allocates that
// much); compute writes the result compactly — row-major under the actual dims, from the
// start of the buffer — and reports the actual dims by rewriting
// ctx.outputs[i].spec.dims through SetComputedDims. The runtime must then read
// ctx.outputs[i].spec.dims back after compute and use them as the output's shape (the
// tensor descriptor the application sees, dumps, and what downstream kernels are given).
// Every such output is marked in its declaration (KernelBuilder::ShapeFromCompute, or
// ShapeFromComputeUnlessKnown when a constant input makes the dims exact;
// KernelDef::OutputShapeComputed tells for given inputs): atc plans it at the bound and
// flags it and everything downstream "dynamic" in the .om, and the model executor reads
// the actual dims back after compute and re-infers the downstream nodes' shapes with them
// (docs/models.md, "Data-dependent output shapes"). The kernel unit tests read them back
// with tests/unit/kernels/movement_test_util.h RunComputedShape.
//
// Owner: the movement / shape kernel family. Thread safety: re-entrant.
// Failure: kInternalError when the actual shape would not fit the allocated bound; the
// output's spec then holds the actual dims, so that a runtime able to place a larger output
// (the model executor, for nodes whose outputs the computation sizes) can run the node again.
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
    Status st(err::kInternalError, op + ": output " + std::to_string(output) + " " + DimsToString(actual.dims) +
                                       " exceeds its bound " + DimsToString(o.spec.dims));
    o.spec = std::move(actual);
    return st;
  }
  o.spec = std::move(actual);
  return Status::Ok();
}

}  // namespace asim::kernels
