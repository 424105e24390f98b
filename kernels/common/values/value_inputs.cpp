// Implementation of kernels/common/values/value_inputs.h; ownership, thread safety and failure modes are
// described there. Owner: the movement / shape kernel family.
#include "kernels/common/values/value_inputs.h"

#include "kernels/common/values/typed_values.h"

namespace asim::kernels {

Status ReadIntValues(DataType dtype, const void* data, int64_t count, const std::string& what,
                     std::vector<int64_t>* out) {
  out->resize(static_cast<size_t>(count < 0 ? 0 : count));
  for (int64_t i = 0; i < count; ++i) {
    int64_t v = 0;
    switch (dtype) {
      case DataType::kInt64: v = static_cast<const int64_t*>(data)[i]; break;
      case DataType::kInt32: v = static_cast<const int32_t*>(data)[i]; break;
      case DataType::kInt16: v = static_cast<const int16_t*>(data)[i]; break;
      case DataType::kInt8: v = static_cast<const int8_t*>(data)[i]; break;
      case DataType::kUint8: v = static_cast<const uint8_t*>(data)[i]; break;
      case DataType::kUint16: v = static_cast<const uint16_t*>(data)[i]; break;
      case DataType::kUint32: v = static_cast<const uint32_t*>(data)[i]; break;
      case DataType::kUint64: v = static_cast<int64_t>(static_cast<const uint64_t*>(data)[i]); break;
      default:
        return Status(err::kOpInputNotMatch, what + " must hold integers, got " + std::string(DataTypeName(dtype)));
    }
    (*out)[static_cast<size_t>(i)] = v;
  }
  return Status::Ok();
}

bool KnownInts(const std::vector<TensorSpec>& inputs, size_t i, const std::string& what, std::vector<int64_t>* out,
               Status* st) {
  if (!InputPresent(inputs, i) || inputs[i].host_data == nullptr || !inputs[i].IsStatic()) return false;
  *st = ReadIntValues(inputs[i].dtype, inputs[i].host_data, inputs[i].ElementCount(), what, out);
  return true;
}

Status ViewInts(const TensorView& v, const std::string& what, std::vector<int64_t>* out) {
  if (v.data == nullptr) return Status(err::kOpInputNotMatch, what + " is missing");
  return ReadIntValues(v.dtype(), v.data, v.ElementCount(), what, out);
}

std::vector<double> ViewDoubles(const TensorView& v) {
  std::vector<double> out;
  if (v.data == nullptr) return out;
  out.resize(static_cast<size_t>(v.ElementCount()));
  for (size_t i = 0; i < out.size(); ++i) out[i] = LoadAsDouble(v.dtype(), v.data, static_cast<int64_t>(i));
  return out;
}

ConstraintFn ConstantWhenPresent(std::vector<size_t> indices, std::vector<std::string> names) {
  return [indices, names](const std::vector<TensorSpec>& inputs, const AttrMap&, const ChipTraits&) {
    for (size_t k = 0; k < indices.size(); ++k) {
      const size_t i = indices[k];
      if (InputPresent(inputs, i) && inputs[i].host_data == nullptr) {
        return Status(err::kOpInputNotMatch, "input " + std::to_string(i) + " '" +
                                                 (k < names.size() ? names[k] : std::string("?")) +
                                                 "' must be a constant on the AI Core (its value decides the tiling)");
      }
    }
    return Status::Ok();
  };
}

Status RequireResolvedOutputs(const KernelContext& ctx, const std::string& op) {
  for (size_t i = 0; i < ctx.outputs.size(); ++i) {
    if (!ctx.outputs[i].spec.IsStatic()) {
      return Status(err::kOpOutputNotMatch, op + ": output " + std::to_string(i) + " shape " +
                                                DimsToString(ctx.outputs[i].spec.dims) +
                                                " depends on an input value and was not resolved before compute");
    }
  }
  return Status::Ok();
}

}  // namespace asim::kernels
