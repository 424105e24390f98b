// Value-dependent inputs: tensors whose contents decide an output shape (Reshape's shape,
// Slice's starts/ends, Tile's repeats, TopK's K ...).
//
// The rule the movement and AI CPU kernels follow: an AI Core kernel needs the value at
// selection (a constant, TensorSpec::host_data); an AI CPU kernel accepts a value that is
// not known yet and infers -1 for every dim the value decides. The runtime resolves those
// dims at execution by inferring again with the value read from the input (what CANN does
// for "value-depend" inputs: copy to host, infer, tile). Compute then sees static output
// dims; RequireResolvedOutputs rejects a launch whose outputs were never resolved.
//
// Owner: the movement / shape kernel family. Thread safety: pure functions.
// Failure: kOpInputNotMatch for a value of the wrong type or size, naming the input.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kernels/framework/kernel_def.h"

namespace asim::kernels {

// True when optional input `i` was given (absent inputs have dtype kUndefined).
inline bool InputPresent(const std::vector<TensorSpec>& inputs, size_t i) {
  return i < inputs.size() && inputs[i].dtype != DataType::kUndefined;
}

// An optional input given with no elements ([0]) counts as absent too (Resize's scales).
inline bool InputNonEmpty(const std::vector<TensorSpec>& inputs, size_t i) {
  return InputPresent(inputs, i) && inputs[i].ElementCount() > 0 && inputs[i].IsStatic();
}

// Reads `count` integer elements (any integer dtype) as int64; `what` names the input in errors.
Status ReadIntValues(DataType dtype, const void* data, int64_t count, const std::string& what,
                     std::vector<int64_t>* out);

// The value of input `i` at selection time. Returns false when it is not known (no
// host_data); *st is set when the value is known but malformed.
bool KnownInts(const std::vector<TensorSpec>& inputs, size_t i, const std::string& what, std::vector<int64_t>* out,
               Status* st);

// The value of an input while computing.
Status ViewInts(const TensorView& v, const std::string& what, std::vector<int64_t>* out);
// Every element of a numeric tensor, widened to double (for kernels that compute in double
// whatever the storage type; absent input: empty).
std::vector<double> ViewDoubles(const TensorView& v);

// ConstraintFn for AI Core kernels: each of these optional inputs, when given, must be a
// constant ("input 1 'axes' must be a constant on the AI Core ...").
ConstraintFn ConstantWhenPresent(std::vector<size_t> indices, std::vector<std::string> names);

// `rank` unknown dims.
inline std::vector<int64_t> UnknownDims(size_t rank) {
  return std::vector<int64_t>(rank, -1);
}

// Fails when an output of this launch still has an unknown dim (the runtime did not
// resolve the value-dependent shape before computing).
Status RequireResolvedOutputs(const KernelContext& ctx, const std::string& op);

}  // namespace asim::kernels
