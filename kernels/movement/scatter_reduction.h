// The `reduction` attribute of ScatterND and ScatterElements (ONNX opset 16: none, add,
// mul; opset 18: max, min) and how one update combines with the value already there.
// Arithmetic runs in the type of kernels/common/values/typed_values.h (fp16/bf16 in float).
//
// Owner: the movement / shape kernel family. Thread safety: pure functions.
// Failure: ParseScatterReduction returns kOpAttrNotMatch for other names.
#pragma once

#include <algorithm>
#include <string>

#include "kernels/common/values/typed_values.h"
#include "kernels/framework/kernel_def.h"

namespace asim::kernels {

enum class ScatterReduction { kNone, kAdd, kMul, kMax, kMin };

inline Status ParseScatterReduction(const std::string& name, const std::string& op, ScatterReduction* out) {
  if (name == "none")
    *out = ScatterReduction::kNone;
  else if (name == "add")
    *out = ScatterReduction::kAdd;
  else if (name == "mul")
    *out = ScatterReduction::kMul;
  else if (name == "max")
    *out = ScatterReduction::kMax;
  else if (name == "min")
    *out = ScatterReduction::kMin;
  else
    return Status(err::kOpAttrNotMatch, op + ": reduction '" + name + "' is not none, add, mul, max or min");
  return Status::Ok();
}

template <typename T>
inline void Combine(ScatterReduction r, T* dst, T update) {
  using A = Arith<T>;
  const A a = ToArith(*dst), b = ToArith(update);
  switch (r) {
    case ScatterReduction::kNone: *dst = update; return;
    case ScatterReduction::kAdd: *dst = FromArith<T>(static_cast<A>(a + b)); return;
    case ScatterReduction::kMul: *dst = FromArith<T>(static_cast<A>(a * b)); return;
    case ScatterReduction::kMax: *dst = FromArith<T>(std::max(a, b)); return;
    case ScatterReduction::kMin: *dst = FromArith<T>(std::min(a, b)); return;
  }
}

// ConstraintFn for the AI Core scatter kernels: the vector unit's atomic accumulation does
// none and add only.
inline ConstraintFn AiCoreScatterReductions() {
  return [](const std::vector<TensorSpec>&, const AttrMap& attrs, const ChipTraits&) {
    const std::string r = attrs.GetString("reduction", "none");
    if (r != "none" && r != "add") {
      return Status(err::kOpAttrNotMatch, "reduction '" + r + "' needs the AI CPU (the AI Core does none and add)");
    }
    return Status::Ok();
  };
}

}  // namespace asim::kernels
