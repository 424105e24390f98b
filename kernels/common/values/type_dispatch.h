// Run-time dtype -> compile-time storage type dispatch over explicit type lists.
//
// Owns: the type lists the elementwise, activation, reduction, normalisation and pooling
// kernels are instantiated for, Dispatch (calls a generic lambda with TypeTag<S> for the
// storage type S of a DataType), and DtypesOf (the same list as DataType values, for kernel
// declarations, so that what a kernel declares and what it instantiates cannot drift).
// Thread safety: pure. Failure: Dispatch returns kUnsupportedDataType naming the dtype when
// it is not in the list (selection normally refuses such inputs before compute runs).
#pragma once

#include <string>
#include <vector>

#include "base/status.h"
#include "kernels/common/values/numeric_types.h"

namespace asim::kernels {

template <class... Ts>
struct Types {};

template <class T>
struct TypeTag {
  using type = T;
};

// Concatenation of type lists.
template <class... Lists>
struct ConcatTypes;
template <class... A>
struct ConcatTypes<Types<A...>> {
  using type = Types<A...>;
};
template <class... A, class... B, class... Rest>
struct ConcatTypes<Types<A...>, Types<B...>, Rest...> {
  using type = typename ConcatTypes<Types<A..., B...>, Rest...>::type;
};

using AiCoreFloatTypes = Types<float, Fp16>;
// What the AI Core vector unit computes natively beyond floats: int32 lanes.
using AiCoreNumericTypes = Types<float, Fp16, int32_t>;
using FloatTypes = Types<float, Fp16, Bf16, double>;
using SignedIntTypes = Types<int8_t, int16_t, int32_t, int64_t>;
using UnsignedIntTypes = Types<uint8_t, uint16_t, uint32_t, uint64_t>;
using IntTypes = ConcatTypes<SignedIntTypes, UnsignedIntTypes>::type;
// The numeric types the AI CPU kernels of arithmetic ops take.
using NumericTypes = ConcatTypes<FloatTypes, SignedIntTypes, Types<uint8_t>>::type;
using SignedNumericTypes = ConcatTypes<FloatTypes, SignedIntTypes>::type;
using AllTypes = ConcatTypes<FloatTypes, IntTypes, Types<BoolByte>>::type;

// Calls f(TypeTag<S>{}) for the storage type S of `dtype` and returns its Status.
template <class... Ts, class F>
Status Dispatch(Types<Ts...>, DataType dtype, F&& f) {
  Status result(err::kUnsupportedDataType, std::string("kernel has no ") + DataTypeName(dtype) + " implementation");
  (void)((dtype == DtypeOf<Ts>::value ? (result = f(TypeTag<Ts>{}), true) : false) || ...);
  return result;
}

template <class... Ts>
std::vector<DataType> DtypesOf(Types<Ts...>) {
  return {DtypeOf<Ts>::value...};
}

}  // namespace asim::kernels
