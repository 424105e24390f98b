// Shape inference helpers shared by AI Core and AI CPU kernels (and the converter).
//
// Owns: numpy/ONNX broadcasting, "same as input i" inference, axis normalisation.
// Thread safety: pure functions. Failure: kInvalidParam (or kOpInputNotMatch) naming the
// shapes that do not fit.
#pragma once

#include <cstdint>
#include <vector>

#include "kernels/framework/kernel_def.h"

namespace asim::kernels {

// Multidirectional (numpy) broadcast of two shapes.
Status BroadcastShapes(const std::vector<int64_t>& a, const std::vector<int64_t>& b, std::vector<int64_t>* out);

// InferShapeFn: one output, same dtype/format/dims as input `index`.
InferShapeFn SameAsInput(size_t index);
// InferShapeFn: one output, dims = broadcast of all inputs, dtype of input 0 (or `dtype`).
InferShapeFn Broadcasting(DataType out_dtype = DataType::kUndefined);

// Normalises a possibly negative axis for a tensor of `rank` dims.
Status NormalizeAxis(int64_t axis, size_t rank, size_t* out);

}  // namespace asim::kernels
