// RunModelOnHost: executes one graph of an om::Model on host memory with the kernels of
// the registry, the way the runtime's executor binds them (a node's kernel is the
// registry's kernel of its type on its engine; attributes resolved; work, weight, input and
// output tensors at their planned places) — but without a device, streams or timing. For
// the converter's tests and the ONNX conformance runner: what atc wrote computes what the
// ONNX model computes.
//
// Thread safety: pure (the registry is read-only). Failure: kInvalidParam for inputs of
// the wrong count or size; kOpNotFound when no kernel of a node's type runs on its engine;
// a kernel's own Status prefixed with the node's name and type.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/status.h"
#include "om/model.h"

namespace asim::atc::testing {

// `inputs[i]` holds the bytes of model input i (the model's IoDesc size at that gear);
// `outputs` receives the bytes of every model output (of the graph's dims). Outputs whose
// shape the computation decides (NonZero, Unique, NonMaxSuppression, Compress, Reduce*
// with axes known only at execution: kernels/common/shape/computed_shape.h) are read back: the
// dims a kernel reports replace the planned bound for later readers (whose output dims are
// inferred again from them, as a runtime must) and in `output_dims` (every output's dims,
// when given). String (DT_STRING) inputs and outputs are in CANN's string layout
// (kernels/common/values/string_tensor.h): string inputs are checked against their buffers
// (kInvalidParam), every other string tensor gets its own buffer of StringOutputCapacity
// bytes when its producer runs, and a string output's bytes are that buffer.
Status RunModelOnHost(const om::Model& model, const std::vector<std::vector<uint8_t>>& inputs,
                      std::vector<std::vector<uint8_t>>* outputs,
                      std::vector<std::vector<int64_t>>* output_dims = nullptr, size_t gear = 0);

}  // namespace asim::atc::testing
