// The inner loop of max pooling over blocked (NC1HWC0) fp32 values: one input row's width
// taps folded into an output row's accumulators, 16 channels per position, compiled for every
// vector target (Highway) and dispatched at run time. The pooling engine (pool_engine.h) calls
// it for max pooling with 16 lanes; its compare-and-select keeps the engine's semantics
// exactly (a NaN tap wins), so every target gives the same bits.
//
// Owner: the pooling family. Thread safety: re-entrant. Failure: none; the caller keeps the
// taps inside the row.
#pragma once

#include <cstdint>

namespace asim::kernels {

// For every output column ow: acc[ow*16 + l] = max(acc[ow*16 + l], row[(ow*sw - pw + tw*dw)*16
// + l]) over the taps tw in [wlo[ow], whi[ow]).
void MaxRow16(const float* row, float* acc, int64_t out_w, const int32_t* wlo, const int32_t* whi, int64_t sw,
              int64_t dw, int64_t pw);

}  // namespace asim::kernels
