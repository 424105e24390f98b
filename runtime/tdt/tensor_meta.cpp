// TensorMeta checks (see tensor_meta.h).
#include "runtime/tdt/tensor_meta.h"

#include "base/dtype.h"
#include "runtime/tdt/tdt_codes.h"

namespace asim::tdt {

std::string DimsToString(const std::vector<int64_t>& dims) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i != 0) s += ", ";
    s += std::to_string(dims[i]);
  }
  return s + "]";
}

Status TensorBytes(const std::vector<int64_t>& dims, int32_t dtype, bool* known, uint64_t* bytes) {
  *known = false;
  *bytes = 0;
  uint64_t elements = 1;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] < 0) {
      return Status(err::kInvalidParam, "dims[" + std::to_string(i) + "] is " + std::to_string(dims[i]) +
                                            ": a tensor needs non-negative dims");
    }
    const auto d = static_cast<uint64_t>(dims[i]);
    if (d != 0 && elements > UINT64_MAX / d) {
      return Status(err::kInvalidParam, "dims " + DimsToString(dims) + " overflow 64 bits");
    }
    elements *= d;
  }
  if (!IsValidDataType(dtype)) return Status::Ok();
  const uint64_t bits = DataTypeBits(static_cast<DataType>(dtype));
  if (bits == 0) return Status::Ok();
  if (elements > (UINT64_MAX - 7) / bits)
    return Status(err::kInvalidParam, "dims " + DimsToString(dims) + " overflow 64 bits");
  *known = true;
  *bytes = (elements * bits + 7) / 8;
  return Status::Ok();
}

Status CheckSendable(const TensorMeta& meta, const void* data, size_t index) {
  const std::string item = "item " + std::to_string(index);
  const auto type = static_cast<TensorType>(meta.type);
  if (type != TensorType::kTensor && type != TensorType::kEndOfSequence && type != TensorType::kAbnormal) {
    return Status(err::kInvalidParam, item + " has type " + TensorTypeName(meta.type) +
                                          ": the host can send only ACL_TENSOR_DATA_TENSOR, "
                                          "ACL_TENSOR_DATA_END_OF_SEQUENCE and ACL_TENSOR_DATA_ABNORMAL items");
  }
  if (type != TensorType::kTensor) return Status::Ok();
  if (data == nullptr && meta.size != 0) {
    return Status(err::kInvalidParam,
                  item + " has no data (NULL) but a size of " + std::to_string(meta.size) + " bytes");
  }
  bool known = false;
  uint64_t bytes = 0;
  Status st = TensorBytes(meta.dims, meta.dtype, &known, &bytes);
  if (!st.ok()) return Status(st.code(), item + ": " + st.message());
  if (known && bytes != meta.size) {
    return Status(err::kInvalidParam, item + ": size " + std::to_string(meta.size) + " bytes does not match dims " +
                                          DimsToString(meta.dims) + " x " +
                                          DataTypeName(static_cast<DataType>(meta.dtype)) + " = " +
                                          std::to_string(bytes) + " bytes");
  }
  return Status::Ok();
}

}  // namespace asim::tdt
