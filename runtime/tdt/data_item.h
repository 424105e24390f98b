// DataItem: the object behind acltdtDataItem — one tensor (or a marker such as end of
// sequence) with its description and its bytes.
//
// Ownership: an item made by acltdtCreateDataItem points at the application's memory and
// owns none of it; an item made by acltdtReceiveTensor owns its bytes (a HostBuffer) and
// belongs to the dataset it was received into, which frees it (owner() names it).
// The objects themselves are owned by the item registry (tdt_objects.h).
// Thread safety: immutable after creation. Failure: Create returns kInvalidParam with the
// reason; nothing else fails.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "base/status.h"
#include "runtime/tdt/host_buffer.h"
#include "runtime/tdt/tensor_meta.h"

namespace asim::tdt {

class Dataset;

class DataItem {
 public:
  // acltdtCreateDataItem. As in AscendCL, an item whose type is not TENSOR carries no dims,
  // data or element type (dims must be NULL; data, size and dtype are ignored).
  static Status Create(int32_t type, const int64_t* dims, size_t dim_num, int32_t dtype, void* data, size_t size,
                       std::shared_ptr<DataItem>* out);
  // An item delivered by a channel, owning `bytes`, freed with `owner`.
  static std::shared_ptr<DataItem> Received(TensorMeta meta, HostBuffer bytes, const Dataset* owner);

  const TensorMeta& meta() const { return meta_; }
  void* data() const { return owned_.size() != 0 ? owned_.data() : data_; }
  const Dataset* owner() const { return owner_; }

 private:
  TensorMeta meta_;
  void* data_ = nullptr;  // application memory (not owned)
  HostBuffer owned_;
  const Dataset* owner_ = nullptr;
};

}  // namespace asim::tdt
