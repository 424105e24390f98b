// TensorMeta: what travels with one tdt data item besides its bytes (type, element type,
// dims, byte size, slice info), and the checks a dataset passes before it is sent.
//
// Owns: the item description and the rules "size matches dims x dtype" and "which types the
// host may send". Owner: runtime/tdt. Thread safety: pure functions over values.
// Failure: Status kInvalidParam naming the item index and the mismatch.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "base/status.h"

namespace asim::tdt {

struct TensorMeta {
  int32_t type = 0;    // TensorType value
  int32_t dtype = -1;  // aclDataType value (ACL_DT_UNDEFINED for non-tensor items)
  std::vector<int64_t> dims;
  size_t size = 0;  // bytes of data
  size_t slice_num = 0;
  size_t slice_id = 0;
};

// "[2, 3, 4]".
std::string DimsToString(const std::vector<int64_t>& dims);

// Bytes a tensor of `dims` and `dtype` occupies (sub-byte types packed, rounded up).
// *known is false for element types without a fixed width (ACL_STRING, ACL_DT_UNDEFINED).
// Fails for negative dims and for sizes that overflow 64 bits.
Status TensorBytes(const std::vector<int64_t>& dims, int32_t dtype, bool* known, uint64_t* bytes);

// Checks item `index` of a dataset about to be sent from the host: its type is TENSOR,
// END_OF_SEQUENCE or ABNORMAL (slice types come only from the device), and a TENSOR has
// data behind a non-zero size and a size equal to dims x dtype.
Status CheckSendable(const TensorMeta& meta, const void* data, size_t index);

}  // namespace asim::tdt
