// DataItem creation rules (see data_item.h).
#include "runtime/tdt/data_item.h"

#include "base/dtype.h"
#include "runtime/tdt/tdt_codes.h"

namespace asim::tdt {

Status DataItem::Create(int32_t type, const int64_t* dims, size_t dim_num, int32_t dtype, void* data, size_t size,
                        std::shared_ptr<DataItem>* out) {
  if (!IsItemType(type)) {
    return Status(err::kInvalidParam, "tdtType " + std::to_string(type) +
                                          " is not an acltdtTensorType (ACL_TENSOR_DATA_TENSOR .. "
                                          "ACL_TENSOR_DATA_END_TENSOR)");
  }
  if (dims == nullptr && dim_num != 0) {
    return Status(err::kInvalidParam, "dims is NULL but dimNum is " + std::to_string(dim_num));
  }
  if (dims != nullptr && dim_num == 0) {
    return Status(err::kInvalidParam, "dims is not NULL but dimNum is 0 (pass dims NULL for a scalar)");
  }
  if (dim_num > kMaxDims) {
    return Status(err::kInvalidParam,
                  "dimNum " + std::to_string(dim_num) + " exceeds ACL_MAX_DIM_CNT (" + std::to_string(kMaxDims) + ")");
  }
  auto item = std::make_shared<DataItem>();
  item->meta_.type = type;
  if (static_cast<TensorType>(type) != TensorType::kTensor) {
    if (dims != nullptr) {
      return Status(err::kInvalidParam, std::string("dims must be NULL for an item of type ") + TensorTypeName(type));
    }
    *out = std::move(item);  // no dims, no data, ACL_DT_UNDEFINED
    return Status::Ok();
  }
  if (!IsValidDataType(dtype)) {
    return Status(err::kInvalidParam, "dataType " + std::to_string(dtype) + " is not an aclDataType");
  }
  if (data == nullptr && size != 0) {
    return Status(err::kInvalidParam, "data is NULL but size is " + std::to_string(size));
  }
  item->meta_.dtype = dtype;
  item->meta_.dims.assign(dims, dims + dim_num);
  // Dims whose byte size overflows 64 bits are refused here (negative ones at send, where
  // the dataset is checked as a whole).
  bool known = false, negative = false;
  uint64_t bytes = 0;
  for (int64_t d : item->meta_.dims) negative = negative || d < 0;
  if (!negative) ASIM_RETURN_IF_ERROR(TensorBytes(item->meta_.dims, dtype, &known, &bytes));
  item->meta_.size = size;
  item->data_ = data;
  *out = std::move(item);
  return Status::Ok();
}

std::shared_ptr<DataItem> DataItem::Received(TensorMeta meta, HostBuffer bytes, const Dataset* owner) {
  auto item = std::make_shared<DataItem>();
  item->meta_ = std::move(meta);
  item->owned_ = std::move(bytes);
  item->owner_ = owner;
  return item;
}

}  // namespace asim::tdt
