// ComputeFn factories for elementwise kernels: pick the storage type from the input dtype
// (over an explicit type list), build the functor from the resolved attributes once per
// launch, and run the typed loop of elementwise_loops.h.
//
// Owns: nothing beyond the glue. `make_op(const AttrMap&)` returns a functor that is
// generic over the compute type (a lambda taking `auto`), so one definition serves fp32,
// fp16 (widened to fp32), bf16, double and the integer types.
// Thread safety: the returned ComputeFns are re-entrant. Failure: kUnsupportedDataType
// for a dtype outside the list; the broadcasting Status from ApplyBinary.
#pragma once

#include "kernels/common/elementwise/elementwise_loops.h"
#include "kernels/common/values/type_dispatch.h"

namespace asim::kernels {

// y = op(x), y of x's type.
template <class List, class MakeOp>
ComputeFn UnaryCompute(List list, MakeOp make_op, int64_t grain) {
  return [list, make_op, grain](KernelContext& ctx) {
    const auto op = make_op(*ctx.attrs);
    return Dispatch(list, ctx.in(0).dtype(), [&](auto tag) {
      using S = typename decltype(tag)::type;
      ApplyUnary<S, S>(ctx.in(0), ctx.out(0), grain, op);
      return Status::Ok();
    });
  };
}

// y = op(x), y of storage type Out (BoolByte for predicates).
template <class Out, class List, class MakeOp>
ComputeFn UnaryToCompute(List list, MakeOp make_op, int64_t grain) {
  return [list, make_op, grain](KernelContext& ctx) {
    const auto op = make_op(*ctx.attrs);
    return Dispatch(list, ctx.in(0).dtype(), [&](auto tag) {
      using S = typename decltype(tag)::type;
      ApplyUnary<S, Out>(ctx.in(0), ctx.out(0), grain, op);
      return Status::Ok();
    });
  };
}

// y = op(a, b) broadcast, y of a's type.
template <class List, class MakeOp>
ComputeFn BinaryCompute(List list, MakeOp make_op, int64_t grain) {
  return [list, make_op, grain](KernelContext& ctx) {
    const auto op = make_op(*ctx.attrs);
    return Dispatch(list, ctx.in(0).dtype(), [&](auto tag) {
      using S = typename decltype(tag)::type;
      return ApplyBinary<S, S, S>(ctx.in(0), ctx.in(1), ctx.out(0), grain, op);
    });
  };
}

// y = op(a, b) broadcast, y of storage type Out (BoolByte for comparisons).
template <class Out, class List, class MakeOp>
ComputeFn BinaryToCompute(List list, MakeOp make_op, int64_t grain) {
  return [list, make_op, grain](KernelContext& ctx) {
    const auto op = make_op(*ctx.attrs);
    return Dispatch(list, ctx.in(0).dtype(), [&](auto tag) {
      using S = typename decltype(tag)::type;
      return ApplyBinary<S, S, Out>(ctx.in(0), ctx.in(1), ctx.out(0), grain, op);
    });
  };
}

// Attribute-free functor factory: make_op ignores the attributes.
template <class Op>
auto Fixed(Op op) {
  return [op](const AttrMap&) { return op; };
}

}  // namespace asim::kernels
