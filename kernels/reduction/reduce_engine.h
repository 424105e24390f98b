// The loop behind every Reduce* kernel: a reducer (how to start, combine one element,
// merge two partial results and finish) applied over a ReduceLayout, split across host
// threads by output group and inner block.
//
// Owns: the reducer contract and the typed loop. Reducer<C> provides
//   using Acc;                        accumulator (float for fp32/fp16/bf16: the AI Core
//                                     accumulates in fp32; double; int64 for integers)
//   static Acc Init();
//   static Acc Step(Acc acc, C x);    combine one element
//   static Acc Merge(Acc a, Acc b);   combine two partial accumulators
//   static C Final(Acc acc, int64_t count, C shift);
//   static constexpr bool kShifted;   true: a first pass finds each output's maximum, and
//                                     Step receives x - max (LogSumExp), Final gets the max.
// Contiguous runs use eight independent partial accumulators (so sums vectorise and do
// not serialise on one add), merged in a fixed order: results are deterministic and do
// not depend on the thread count.
// Owner: reduction family. Thread safety: re-entrant. Failure: none (shapes were checked
// by the caller).
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "kernels/common/elementwise/elementwise_loops.h"
#include "kernels/common/host/parallel.h"
#include "kernels/common/values/numeric_types.h"
#include "kernels/reduction/reduce_util.h"

namespace asim::kernels {

template <class C>
using ReduceAcc = std::conditional_t<std::is_integral_v<C>, int64_t, C>;

// Kept elements combined side by side (one slice of an inner-kept reduction).
inline constexpr int64_t kReduceBlock = 1024;

namespace reduce_detail {

template <class Red, class C>
inline typename Red::Acc StepOne(typename Red::Acc acc, C x, C shift) {
  if constexpr (Red::kShifted) {
    return Red::Step(acc, x - shift);
  } else {
    (void)shift;
    return Red::Step(acc, x);
  }
}

// Combines `n` contiguous compute values into acc with eight partial accumulators.
template <class Red, class C>
inline typename Red::Acc StepRun(typename Red::Acc acc, const C* p, int64_t n, C shift) {
  using Acc = typename Red::Acc;
  int64_t i = 0;
  if (n >= 16) {
    Acc part[8];
    for (auto& a : part) a = Red::Init();
    for (; i + 8 <= n; i += 8) {
      for (int k = 0; k < 8; ++k) {
        part[k] = StepOne<Red>(part[k], p[i + k], shift);
      }
    }
    for (int k = 0; k < 8; ++k) acc = Red::Merge(acc, part[k]);
  }
  for (; i < n; ++i) acc = StepOne<Red>(acc, p[i], shift);
  return acc;
}

template <class C>
struct MaxOf {
  using Acc = C;
  static constexpr bool kShifted = false;
  static Acc Init() {
    if constexpr (std::numeric_limits<C>::has_infinity) return -std::numeric_limits<C>::infinity();
    return std::numeric_limits<C>::lowest();
  }
  static Acc Step(Acc a, C x) { return (x > a || x != x) ? x : a; }
  static Acc Merge(Acc a, Acc b) { return Step(a, b); }
};

}  // namespace reduce_detail

// Reduces `x` (storage S) over `layout` into `y` (storage S, layout.outer() * inner()).
template <template <class> class Reducer, class S>
void ReduceTyped(const ReduceLayout& L, const S* x, S* y) {
  using C = ComputeOf<S>;
  using Red = Reducer<C>;
  using Acc = typename Red::Acc;
  using MaxRed = reduce_detail::MaxOf<C>;
  const int64_t inner = L.inner(), run = L.run(), count = L.count();
  const int64_t nblk = (inner + kReduceBlock - 1) / kReduceBlock;
  const int64_t items = L.outer() * nblk;
  const int64_t per_item = std::max<int64_t>(1, count * std::min(inner, kReduceBlock));
  const int64_t grain = std::max<int64_t>(1, 32768 / per_item);
  ParallelFor(items, grain, [&](int64_t b, int64_t e) {
    C buf[kReduceBlock > kWidenBlock ? kReduceBlock : kWidenBlock];
    for (int64_t item = b; item < e; ++item) {
      const int64_t o = item / nblk;
      const int64_t j0 = (item % nblk) * kReduceBlock;
      const int64_t m = std::min(kReduceBlock, inner - j0);
      const S* base = x + L.OuterOffset(o) + j0;
      if (run == 1) {
        // Slices of m contiguous kept elements: combine elementwise.
        Acc acc[kReduceBlock];
        C shift[kReduceBlock];
        std::fill(shift, shift + m, C(0));
        if constexpr (Red::kShifted) {
          for (int64_t j = 0; j < m; ++j) shift[j] = MaxRed::Init();
          L.ForEachSlice([&](int64_t off) {
            const C* p = ew_detail::Widen(base + off, 1, m, buf);
            for (int64_t j = 0; j < m; ++j) shift[j] = MaxRed::Step(shift[j], p[j]);
          });
        }
        std::fill(acc, acc + m, Red::Init());
        L.ForEachSlice([&](int64_t off) {
          const C* p = ew_detail::Widen(base + off, 1, m, buf);
          for (int64_t j = 0; j < m; ++j) acc[j] = reduce_detail::StepOne<Red>(acc[j], p[j], shift[j]);
        });
        for (int64_t j = 0; j < m; ++j) y[o * inner + j0 + j] = Storage<S>::Store(Red::Final(acc[j], count, shift[j]));
      } else {
        // Contiguous reduced runs (inner == 1).
        C shift = C(0);
        if constexpr (Red::kShifted) {
          typename MaxRed::Acc mx = MaxRed::Init();
          L.ForEachSlice([&](int64_t off) {
            for (int64_t t = 0; t < run; t += kWidenBlock) {
              const int64_t mm = std::min(kWidenBlock, run - t);
              mx = reduce_detail::StepRun<MaxRed>(mx, ew_detail::Widen(base + off + t, 1, mm, buf), mm, C(0));
            }
          });
          shift = mx;
        }
        Acc acc = Red::Init();
        L.ForEachSlice([&](int64_t off) {
          for (int64_t t = 0; t < run; t += kWidenBlock) {
            const int64_t mm = std::min(kWidenBlock, run - t);
            acc = reduce_detail::StepRun<Red>(acc, ew_detail::Widen(base + off + t, 1, mm, buf), mm, shift);
          }
        });
        y[o] = Storage<S>::Store(Red::Final(acc, count, shift));
      }
    }
  });
}

}  // namespace asim::kernels
