// Implementation of kernels/movement/strided_copy.h; ownership, thread safety and failure modes are
// described there. Owner: the movement / shape kernel family.
#include "kernels/movement/strided_copy.h"

#include <algorithm>
#include <cstring>

#include "kernels/common/host/parallel.h"

namespace asim::kernels {
namespace {

// Rows of at least this many bytes per parallel chunk.
constexpr int64_t kBytesPerTask = 64 * 1024;

template <typename T>
void CopyRow(const uint8_t* src, uint8_t* dst, int64_t n, int64_t stride) {
  const T* s = reinterpret_cast<const T*>(src);
  T* d = reinterpret_cast<T*>(dst);
  if (stride == 0) {
    const T v = *s;
    for (int64_t i = 0; i < n; ++i) d[i] = v;
  } else {
    for (int64_t i = 0; i < n; ++i) d[i] = s[i * stride];
  }
}

void CopyRowAny(const uint8_t* src, uint8_t* dst, size_t elem, int64_t n, int64_t stride) {
  if (stride == 1) {
    std::memcpy(dst, src, static_cast<size_t>(n) * elem);
    return;
  }
  switch (elem) {
    case 1: CopyRow<uint8_t>(src, dst, n, stride); return;
    case 2: CopyRow<uint16_t>(src, dst, n, stride); return;
    case 4: CopyRow<uint32_t>(src, dst, n, stride); return;
    case 8: CopyRow<uint64_t>(src, dst, n, stride); return;
    default:
      for (int64_t i = 0; i < n; ++i) {
        std::memcpy(dst + static_cast<size_t>(i) * elem, src + i * stride * static_cast<int64_t>(elem), elem);
      }
  }
}

}  // namespace

std::vector<int64_t> ContiguousStrides(const std::vector<int64_t>& dims) {
  std::vector<int64_t> strides(dims.size(), 1);
  for (size_t i = dims.size(); i-- > 1;) strides[i - 1] = strides[i] * dims[i];
  return strides;
}

void StridedCopy(const void* src, void* dst, size_t elem_bytes, std::vector<int64_t> dims,
                 std::vector<int64_t> src_strides, int64_t src_offset) {
  // Drop unit dims; an empty dim means nothing to copy.
  std::vector<int64_t> d, s;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] == 0) return;
    if (dims[i] == 1) continue;
    d.push_back(dims[i]);
    s.push_back(src_strides[i]);
  }
  // Merge a dim into the next one when the pair is contiguous in the source.
  std::vector<int64_t> md, ms;
  for (size_t i = 0; i < d.size(); ++i) {
    if (!md.empty() && ms.back() == s[i] * d[i]) {
      md.back() *= d[i];
      ms.back() = s[i];
    } else {
      md.push_back(d[i]);
      ms.push_back(s[i]);
    }
  }
  const uint8_t* in = static_cast<const uint8_t*>(src) + src_offset * static_cast<int64_t>(elem_bytes);
  uint8_t* out = static_cast<uint8_t*>(dst);
  if (md.empty()) {  // a single element
    std::memcpy(out, in, elem_bytes);
    return;
  }
  const int64_t row = md.back();
  const int64_t row_stride = ms.back();
  md.pop_back();
  ms.pop_back();
  int64_t rows = 1;
  for (int64_t v : md) rows *= v;
  const int64_t row_bytes = row * static_cast<int64_t>(elem_bytes);
  const int64_t grain = std::max<int64_t>(1, kBytesPerTask / std::max<int64_t>(1, row_bytes));
  const int64_t elem = static_cast<int64_t>(elem_bytes);
  ParallelFor(rows, grain, [&](int64_t begin, int64_t end) {
    // Odometer over the outer dims, started at `begin`.
    std::vector<int64_t> idx(md.size());
    int64_t offset = 0, rest = begin;
    for (size_t k = md.size(); k-- > 0;) {
      idx[k] = rest % md[k];
      rest /= md[k];
      offset += idx[k] * ms[k];
    }
    for (int64_t r = begin; r < end; ++r) {
      CopyRowAny(in + offset * elem, out + r * row_bytes, elem_bytes, row, row_stride);
      for (size_t k = md.size(); k-- > 0;) {
        offset += ms[k];
        if (++idx[k] < md[k]) break;
        offset -= ms[k] * md[k];
        idx[k] = 0;
      }
    }
  });
}

}  // namespace asim::kernels
