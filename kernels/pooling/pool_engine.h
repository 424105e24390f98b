// The loop behind every pooling kernel: windows over a plane of spatial positions, each
// position holding `lanes` contiguous channels (1 for NCHW, C0 for NC1HWC0), so the
// blocked layout pools all C0 channels of a position with one widened vector per tap.
//
// Owns: PoolKind / PoolParams and PoolTyped. Max ignores padding and propagates NaN (an
// empty window gives the compute type's lowest value); Avg divides by the taps inside the input, or inside
// the padded extent with count_include_pad (an empty window gives 0); Lp computes
// (sum |x|^p)^(1/p) with padding counting as 0. Optional int64 Indices (lanes == 1): the
// flat input index including the (n, c) plane, row-major or, with storage_order 1,
// column-major within the plane.
// Owner: pooling family. Thread safety: re-entrant. Failure: none (geometry was checked).
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "kernels/common/elementwise/elementwise_loops.h"
#include "kernels/common/host/parallel.h"
#include "kernels/common/values/numeric_types.h"
#include "kernels/pooling/pool_max_row.h"
#include "kernels/pooling/pool_util.h"

namespace asim::kernels {

enum class PoolKind { kMax, kAvg, kLp };

struct PoolParams {
  PoolKind kind = PoolKind::kMax;
  bool count_include_pad = false;
  int64_t p = 2;
  bool column_major_indices = false;
};

inline constexpr int64_t kMaxPoolLanes = 64;

namespace pool_detail {

// Row-buffer sizes (compute-type elements on the stack): one widened input row, and the
// accumulators of one output row.
inline constexpr int64_t kRowBuffer = 8192;
inline constexpr int64_t kAccBuffer = 4096;

// Combines one tap's lanes into the accumulators (kLanes > 0: a compile-time lane count).
template <PoolKind K, int64_t kLanes, class C>
inline void Combine(C* a, const C* v, int64_t lanes, int64_t p) {
  const int64_t n = kLanes > 0 ? kLanes : lanes;
  for (int64_t l = 0; l < n; ++l) {
    if constexpr (K == PoolKind::kMax) {
      a[l] = (v[l] > a[l] || v[l] != v[l]) ? v[l] : a[l];
    } else if constexpr (K == PoolKind::kAvg) {
      a[l] += v[l];
    } else {
      const C m = v[l] < C(0) ? C(0) - v[l] : v[l];
      a[l] += p == 1 ? m : (p == 2 ? m * m : static_cast<C>(std::pow(m, static_cast<C>(p))));
    }
  }
}

// Each output row (fixed d, h) accumulates its kernel's input rows one at a time: every
// input row is widened once (not once per tap), then each output position combines its
// taps' lanes from it. The width taps of every output column are computed once per launch.
// Used when no indices are wanted and the rows fit the buffers.
template <class S, PoolKind K, int64_t kLanes>
void PoolRowBuffered(const S* x, S* y, int64_t planes, int64_t lanes, const PoolGeometry& g, const PoolParams& pp) {
  using C = ComputeOf<S>;
  const int64_t in_plane = g.InSize() * lanes, out_plane = g.OutSize() * lanes;
  const int64_t rows = g.out[0] * g.out[1];
  const int64_t row_elems = g.in[2] * lanes, out_elems = g.out[2] * lanes;
  const int64_t row_work = std::max<int64_t>(1, g.out[2] * g.KernelSize() * lanes);
  const C init = K == PoolKind::kMax ? std::numeric_limits<C>::lowest() : C(0);
  const C inv_p = C(1) / static_cast<C>(std::max<int64_t>(1, pp.p));
  // Width taps [wlo, whi) and the first tap's input column of every output column.
  int32_t wlo[kAccBuffer], whi[kAccBuffer], wpadded[kAccBuffer];
  for (int64_t ow = 0; ow < g.out[2]; ++ow) {
    int64_t lo, hi;
    g.Taps(2, ow, &lo, &hi);
    wlo[ow] = static_cast<int32_t>(lo);
    whi[ow] = static_cast<int32_t>(hi);
    wpadded[ow] = static_cast<int32_t>(g.PaddedTaps(2, ow));
  }
  const int64_t sw = g.stride[2], dw = g.dilation[2], pw = g.pad_begin[2];
  ParallelFor(planes * rows, std::max<int64_t>(1, 16384 / row_work), [&](int64_t begin, int64_t end) {
    C rowbuf[kRowBuffer];
    C acc[kAccBuffer];
    for (int64_t item = begin; item < end; ++item) {
      const int64_t plane = item / rows;
      const int64_t od = (item % rows) / g.out[1], oh = (item % rows) % g.out[1];
      int64_t dlo, dhi, hlo, hhi;
      g.Taps(0, od, &dlo, &dhi);
      g.Taps(1, oh, &hlo, &hhi);
      std::fill(acc, acc + out_elems, init);
      for (int64_t td = dlo; td < dhi; ++td) {
        const int64_t id = g.Position(0, od, td);
        for (int64_t th = hlo; th < hhi; ++th) {
          const int64_t ih = g.Position(1, oh, th);
          const C* row = ew_detail::Widen(x + plane * in_plane + (id * g.in[1] + ih) * row_elems, 1, row_elems, rowbuf);
          if constexpr (K == PoolKind::kMax && kLanes == 16 && std::is_same_v<C, float>) {
            MaxRow16(row, acc, g.out[2], wlo, whi, sw, dw, pw);  // the same, on the vector target
            continue;
          }
          for (int64_t ow = 0; ow < g.out[2]; ++ow) {
            C* a = acc + ow * lanes;
            const int64_t start = ow * sw - pw;  // may be negative: only taps inside are visited
            for (int64_t tw = wlo[ow]; tw < whi[ow]; ++tw) {
              Combine<K, kLanes>(a, row + (start + tw * dw) * lanes, lanes, pp.p);
            }
          }
        }
      }
      if constexpr (K == PoolKind::kAvg) {
        const int64_t rows_taps = (dhi - dlo) * (hhi - hlo);
        const int64_t rows_padded = g.PaddedTaps(0, od) * g.PaddedTaps(1, oh);
        for (int64_t ow = 0; ow < g.out[2]; ++ow) {
          const int64_t taps = pp.count_include_pad ? rows_padded * wpadded[ow] : rows_taps * (whi[ow] - wlo[ow]);
          C* a = acc + ow * lanes;
          for (int64_t l = 0; l < lanes; ++l) a[l] = taps == 0 ? C(0) : a[l] / static_cast<C>(taps);
        }
      } else if constexpr (K == PoolKind::kLp) {
        for (int64_t i = 0; i < out_elems; ++i) {
          acc[i] = pp.p == 2 ? std::sqrt(acc[i]) : (pp.p == 1 ? acc[i] : std::pow(acc[i], inv_p));
        }
      }
      S* dst = y + plane * out_plane + (od * g.out[1] + oh) * out_elems;
      if constexpr (Storage<S>::kDirect) {
        std::copy(acc, acc + out_elems, dst);
      } else {
        Storage<S>::StoreBlock(acc, dst, out_elems);
      }
    }
  });
}

template <class S, PoolKind K>
void PoolRowBufferedLanes(const S* x, S* y, int64_t planes, int64_t lanes, const PoolGeometry& g,
                          const PoolParams& pp) {
  if (lanes == 1) {
    PoolRowBuffered<S, K, 1>(x, y, planes, lanes, g, pp);
  } else if (lanes == 16) {
    PoolRowBuffered<S, K, 16>(x, y, planes, lanes, g, pp);
  } else {
    PoolRowBuffered<S, K, 0>(x, y, planes, lanes, g, pp);
  }
}

// One output position at a time, each tap widened on its own; records the argmax.
template <class S>
void PoolTapByTap(const S* x, S* y, int64_t* indices, int64_t planes, int64_t lanes, const PoolGeometry& g,
                  const PoolParams& pp) {
  using C = ComputeOf<S>;
  const int64_t in_plane = g.InSize() * lanes, out_plane = g.OutSize() * lanes;
  const int64_t rows = g.out[0] * g.out[1];
  const int64_t row_work = std::max<int64_t>(1, g.out[2] * g.KernelSize() * lanes);
  const C lowest = std::numeric_limits<C>::lowest();
  const C inv_p = pp.kind == PoolKind::kLp ? C(1) / static_cast<C>(pp.p) : C(1);
  ParallelFor(planes * rows, std::max<int64_t>(1, 16384 / row_work), [&](int64_t begin, int64_t end) {
    C acc[kMaxPoolLanes];
    int64_t arg[kMaxPoolLanes];
    C buf[kMaxPoolLanes];
    for (int64_t item = begin; item < end; ++item) {
      const int64_t plane = item / rows;
      const int64_t od = (item % rows) / g.out[1], oh = (item % rows) % g.out[1];
      int64_t dlo, dhi, hlo, hhi;
      g.Taps(0, od, &dlo, &dhi);
      g.Taps(1, oh, &hlo, &hhi);
      const S* src_plane = x + plane * in_plane;
      for (int64_t ow = 0; ow < g.out[2]; ++ow) {
        int64_t wlo, whi;
        g.Taps(2, ow, &wlo, &whi);
        std::fill(acc, acc + lanes, pp.kind == PoolKind::kMax ? lowest : C(0));
        std::fill(arg, arg + lanes, int64_t{-1});
        for (int64_t td = dlo; td < dhi; ++td) {
          const int64_t id = g.Position(0, od, td);
          for (int64_t th = hlo; th < hhi; ++th) {
            const int64_t ih = g.Position(1, oh, th);
            for (int64_t tw = wlo; tw < whi; ++tw) {
              const int64_t iw = g.Position(2, ow, tw);
              const int64_t pos = (id * g.in[1] + ih) * g.in[2] + iw;
              const C* v = ew_detail::Widen(src_plane + pos * lanes, 1, lanes, buf);
              if (pp.kind == PoolKind::kMax) {
                for (int64_t l = 0; l < lanes; ++l) {
                  if (v[l] > acc[l] || v[l] != v[l] || arg[l] < 0) {
                    acc[l] = v[l];
                    arg[l] = pp.column_major_indices ? id + ih * g.in[0] + iw * g.in[0] * g.in[1] : pos;
                  }
                }
              } else if (pp.kind == PoolKind::kAvg) {
                for (int64_t l = 0; l < lanes; ++l) acc[l] += v[l];
              } else {
                for (int64_t l = 0; l < lanes; ++l) {
                  const C a = v[l] < C(0) ? C(0) - v[l] : v[l];
                  acc[l] += pp.p == 1 ? a : (pp.p == 2 ? a * a : static_cast<C>(std::pow(a, static_cast<C>(pp.p))));
                }
              }
            }
          }
        }
        const int64_t out_pos = (od * g.out[1] + oh) * g.out[2] + ow;
        S* dst = y + plane * out_plane + out_pos * lanes;
        if (pp.kind == PoolKind::kAvg) {
          const int64_t taps = pp.count_include_pad ? g.PaddedTaps(0, od) * g.PaddedTaps(1, oh) * g.PaddedTaps(2, ow)
                                                    : (dhi - dlo) * (hhi - hlo) * (whi - wlo);
          for (int64_t l = 0; l < lanes; ++l) acc[l] = taps == 0 ? C(0) : acc[l] / static_cast<C>(taps);
        } else if (pp.kind == PoolKind::kLp) {
          for (int64_t l = 0; l < lanes; ++l) {
            acc[l] = pp.p == 2 ? std::sqrt(acc[l]) : (pp.p == 1 ? acc[l] : std::pow(acc[l], inv_p));
          }
        }
        for (int64_t l = 0; l < lanes; ++l) dst[l] = Storage<S>::Store(acc[l]);
        if (indices != nullptr) {
          const int64_t flat = arg[0] < 0 ? 0 : arg[0];
          indices[plane * g.OutSize() + out_pos] = plane * g.InSize() + flat;
        }
      }
    }
  });
}

}  // namespace pool_detail

// Pools `planes` planes of g.InSize() positions x `lanes` channels from x into y;
// `indices` (lanes == 1 only) receives MaxPool's flat argmax indices when not null.
template <class S>
void PoolTyped(const S* x, S* y, int64_t* indices, int64_t planes, int64_t lanes, const PoolGeometry& g,
               const PoolParams& pp) {
  if (indices == nullptr && g.in[2] * lanes <= pool_detail::kRowBuffer && g.out[2] * lanes <= pool_detail::kAccBuffer) {
    switch (pp.kind) {
      case PoolKind::kMax: pool_detail::PoolRowBufferedLanes<S, PoolKind::kMax>(x, y, planes, lanes, g, pp); break;
      case PoolKind::kAvg: pool_detail::PoolRowBufferedLanes<S, PoolKind::kAvg>(x, y, planes, lanes, g, pp); break;
      case PoolKind::kLp: pool_detail::PoolRowBufferedLanes<S, PoolKind::kLp>(x, y, planes, lanes, g, pp); break;
    }
  } else {
    pool_detail::PoolTapByTap(x, y, indices, planes, lanes, g, pp);
  }
}

}  // namespace asim::kernels
