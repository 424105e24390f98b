// Work descriptions shared by many kernels: elementwise vector work on the AI Core and
// scalar work on the AI CPU. Data-free: computed from shapes only.
//
// Thread safety: pure functions. Failure: none.
#pragma once

#include "kernels/framework/kernel_def.h"

namespace asim::kernels {

// Blocks an elementwise AI Core kernel splits `elements` into (one per core when there is
// enough work; at least 32 KiB of data per block otherwise).
uint32_t ElementwiseBlockDim(int64_t elements, size_t elem_bytes, const ChipTraits& chip);

// CostFn for an AI Core vector kernel doing `ops_per_element` vector ops per output element,
// reading every input once and writing every output once.
CostFn VectorElementwiseCost(double ops_per_element);

// CostFn for an AI CPU kernel doing `ops_per_element` scalar ops per output element.
CostFn AiCpuElementwiseCost(double ops_per_element);

}  // namespace asim::kernels
