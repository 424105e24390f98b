// StridedCopy: the one copy loop behind Transpose, Slice, Expand, Tile, DepthToSpace and
// SpaceToDepth. It fills a contiguous destination from a strided view of the source:
//   dst[i0, ..., ik] = src[offset + i0 * stride0 + ... + ik * stridek]
// (strides in elements; 0 broadcasts, negative walks backwards). Unit dims are dropped and
// adjacent dims that are contiguous in the source are merged, so plain copies become a few
// memcpy calls; rows are split across host cores.
//
// Owner: the movement / shape kernel family. Thread safety: re-entrant.
// Failure: none (callers validate shapes and element sizes; unsupported element sizes are
// copied bytewise).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace asim::kernels {

// Row-major strides (in elements) of a contiguous tensor of `dims`.
std::vector<int64_t> ContiguousStrides(const std::vector<int64_t>& dims);

void StridedCopy(const void* src, void* dst, size_t elem_bytes, std::vector<int64_t> dims,
                 std::vector<int64_t> src_strides, int64_t src_offset);

}  // namespace asim::kernels
