// Shape arithmetic between tensor formats: the shape a tensor has once its bytes are laid
// out in another format (NCHW -> NC1HWC0, ND -> FRACTAL_NZ, ...).
//
// Owns: the layout rules only (no data movement; kernels/transdata moves bytes).
// C0 is 16 elements for 16/32-bit types and 32 for 8-bit types, as on the AI Core.
// Thread safety: pure functions. Failure: kInvalidParam naming the formats and the shape
// when a conversion is undefined (wrong rank, unknown dims, an unsupported pair).
#pragma once

#include <cstdint>
#include <vector>

#include "base/dtype.h"
#include "base/format.h"
#include "base/status.h"

namespace asim {

// Elements per C0 block for `type` (16, or 32 for 1-byte types).
int64_t CubeC0(DataType type);

// The shape of a tensor of `dims` in format `src` when stored in format `dst`.
Status TransformShape(DataType type, Format src, const std::vector<int64_t>& dims, Format dst,
                      std::vector<int64_t>* out);

}  // namespace asim
