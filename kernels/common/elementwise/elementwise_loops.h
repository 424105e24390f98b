// Elementwise inner loops over typed storage: unary, binary with numpy broadcasting, and
// the launch drivers that split the work across host threads.
//
// Owns: the loop shapes every elementwise-style kernel uses. A functor `op` receives and
// returns compute-type values (float for fp32/fp16/bf16, double for double, the integer
// type itself, bool for bool). Storage that is its own compute type is read and written
// in place; fp16/bf16/bool storage is widened a block at a time into a stack buffer (bulk
// F16C conversion), computed, and narrowed back, so no per-element branch or call beyond
// the inlined functor runs in the loop. Binary runs specialise on each input being
// contiguous (stride 1) or broadcast (stride 0) within the run.
// Thread safety: re-entrant; `op` must be callable concurrently (capture by value).
// Failure: the Apply* drivers return the BroadcastPlan's Status when shapes do not fit.
#pragma once

#include <algorithm>
#include <cstdint>

#include "kernels/common/host/parallel.h"
#include "kernels/common/shape/broadcast_iter.h"
#include "kernels/common/values/numeric_types.h"
#include "kernels/framework/kernel_def.h"

namespace asim::kernels {

// Host-thread chunk sizes: cheap ops (a few instructions per element) and ops that call a
// transcendental function per element.
inline constexpr int64_t kCheapGrain = 32768;
inline constexpr int64_t kMathGrain = 4096;
// Elements widened per block for fp16/bf16/bool storage.
inline constexpr int64_t kWidenBlock = 512;

namespace ew_detail {

// Compute-type view of `n` elements of `src` advancing by `stride` (0 or 1).
template <class S>
inline const ComputeOf<S>* Widen(const S* src, int64_t stride, int64_t n, ComputeOf<S>* buf) {
  if constexpr (Storage<S>::kDirect) {
    (void)stride, (void)n, (void)buf;
    return src;
  } else {
    if (stride != 0) {
      Storage<S>::LoadBlock(src, buf, n);
    } else {
      buf[0] = Storage<S>::Load(src[0]);
    }
    return buf;
  }
}

template <class CA, class CB, class CO, class Op>
inline void BinaryCore(const CA* a, int64_t sa, const CB* b, int64_t sb, CO* o, int64_t n, const Op& op) {
  if (sa != 0 && sb != 0) {
    for (int64_t i = 0; i < n; ++i) o[i] = static_cast<CO>(op(a[i], b[i]));
  } else if (sa != 0) {
    const CB bv = b[0];
    for (int64_t i = 0; i < n; ++i) o[i] = static_cast<CO>(op(a[i], bv));
  } else if (sb != 0) {
    const CA av = a[0];
    for (int64_t i = 0; i < n; ++i) o[i] = static_cast<CO>(op(av, b[i]));
  } else {
    const CO v = static_cast<CO>(op(a[0], b[0]));
    std::fill(o, o + n, v);
  }
}

}  // namespace ew_detail

// y[i] = op(x[i]) for i < n.
template <class X, class Y, class Op>
inline void UnaryRun(const X* x, Y* y, int64_t n, const Op& op) {
  using CX = ComputeOf<X>;
  using CY = ComputeOf<Y>;
  if constexpr (Storage<X>::kDirect && Storage<Y>::kDirect) {
    for (int64_t i = 0; i < n; ++i) y[i] = static_cast<Y>(op(x[i]));
  } else {
    CX xb[kWidenBlock];
    CY yb[kWidenBlock];
    for (int64_t off = 0; off < n; off += kWidenBlock) {
      const int64_t m = std::min(kWidenBlock, n - off);
      const CX* px = ew_detail::Widen(x + off, 1, m, xb);
      CY* py;
      if constexpr (Storage<Y>::kDirect) {
        py = y + off;
      } else {
        py = yb;
      }
      for (int64_t i = 0; i < m; ++i) py[i] = static_cast<CY>(op(px[i]));
      if constexpr (!Storage<Y>::kDirect) Storage<Y>::StoreBlock(yb, y + off, m);
    }
  }
}

// o[i] = op(a[i*sa], b[i*sb]) for i < n, with sa, sb in {0, 1}. `o` may alias `a` or `b`
// when that input is contiguous.
template <class A, class B, class O, class Op>
inline void BinaryRun(const A* a, int64_t sa, const B* b, int64_t sb, O* o, int64_t n, const Op& op) {
  using CA = ComputeOf<A>;
  using CB = ComputeOf<B>;
  using CO = ComputeOf<O>;
  if constexpr (Storage<A>::kDirect && Storage<B>::kDirect && Storage<O>::kDirect) {
    ew_detail::BinaryCore(a, sa, b, sb, o, n, op);
  } else {
    CA ab[kWidenBlock];
    CB bb[kWidenBlock];
    CO ob[kWidenBlock];
    for (int64_t off = 0; off < n; off += kWidenBlock) {
      const int64_t m = std::min(kWidenBlock, n - off);
      const CA* pa = ew_detail::Widen(a + off * sa, sa, m, ab);
      const CB* pb = ew_detail::Widen(b + off * sb, sb, m, bb);
      CO* po;
      if constexpr (Storage<O>::kDirect) {
        po = o + off;
      } else {
        po = ob;
      }
      ew_detail::BinaryCore(pa, sa, pb, sb, po, m, op);
      if constexpr (!Storage<O>::kDirect) Storage<O>::StoreBlock(ob, o + off, m);
    }
  }
}

// Unary launch over a whole tensor (x and y have the same element count).
template <class X, class Y, class Op>
void ApplyUnary(const TensorView& x, TensorView& y, int64_t grain, const Op& op) {
  const X* px = x.as<const X>();
  Y* py = y.as<Y>();
  ParallelFor(y.ElementCount(), grain, [&](int64_t b, int64_t e) { UnaryRun(px + b, py + b, e - b, op); });
}

// Binary launch with numpy broadcasting of a and b to o's dims.
template <class A, class B, class O, class Op>
Status ApplyBinary(const TensorView& a, const TensorView& b, TensorView& o, int64_t grain, const Op& op) {
  BroadcastPlan plan;
  ASIM_RETURN_IF_ERROR(BroadcastPlan::Make(o.dims(), {&a.dims(), &b.dims()}, &plan));
  const A* pa = a.as<const A>();
  const B* pb = b.as<const B>();
  O* po = o.as<O>();
  const int64_t sa = plan.inner_stride(0), sb = plan.inner_stride(1);
  plan.ParallelRuns(grain, [&](int64_t out, const int64_t* in, int64_t len) {
    BinaryRun(pa + in[0], sa, pb + in[1], sb, po + out, len, op);
  });
  return Status::Ok();
}

}  // namespace asim::kernels
