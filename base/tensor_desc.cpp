// TensorDesc validation, sizes and setters. See tensor_desc.h for the contract.
//
// Owns: the shape rules (dim limits, unknown dim/rank encoding) and the overflow-safe
// element and byte counts. Owner: base.
// Thread safety: value type, not synchronised. Failure: Status kInvalidParam, object
// unchanged.
#include "base/tensor_desc.h"

#include <spdlog/fmt/fmt.h>

#include <cstring>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>

namespace asim {
namespace {

Status Invalid(std::string message) {
  return {err::kInvalidParam, std::move(message)};
}

Status CheckFormat(Format format, std::string_view what) {
  if (IsValidFormat(static_cast<int32_t>(format))) return Status::Ok();
  return Invalid(fmt::format("{} {} is not a known aclFormat value", what, static_cast<int32_t>(format)));
}

Status CheckRanges(size_t count, const int64_t (*ranges)[2], std::string_view what) {
  if (count > TensorDesc::kMaxRanges) {
    return Invalid(fmt::format("{} count {} exceeds the maximum {}", what, count, TensorDesc::kMaxRanges));
  }
  if (count > 0 && ranges == nullptr) {
    return Invalid(fmt::format("{} is null but its count is {}", what, count));
  }
  return Status::Ok();
}

}  // namespace

Status TensorDesc::ValidateShape(int num_dims, const int64_t* dims, std::string_view what) {
  if (num_dims < 0) {
    return Invalid(fmt::format("number of {} is {}: must not be negative", what, num_dims));
  }
  if (num_dims > kMaxDims) {
    return Invalid(
        fmt::format("number of {} is {}: exceeds the maximum {} (ACL_MAX_DIM_CNT)", what, num_dims, kMaxDims));
  }
  if (num_dims > 0 && dims == nullptr) {
    return Invalid(fmt::format("{} is null but the number of dims is {}", what, num_dims));
  }
  for (int i = 0; i < num_dims; ++i) {
    if (dims[i] >= kUnknownDim) continue;
    if (dims[i] == kUnknownRank && num_dims == 1) continue;
    if (dims[i] == kUnknownRank) {
      return Invalid(fmt::format("{}[{}] is -2 (unknown rank) but unknown rank must be the only dim (got {} dims)",
                                 what, i, num_dims));
    }
    return Invalid(fmt::format("{}[{}] is {}: a dim must be >= 0, -1 (unknown) or the single dim -2 (unknown rank)",
                               what, i, dims[i]));
  }
  return Status::Ok();
}

Status TensorDesc::CheckByteSize(DataType type, int num_dims, const int64_t* dims, std::string_view what) {
  for (int i = 0; i < num_dims; ++i) {
    if (dims[i] == 0) return Status::Ok();
  }
  constexpr uint64_t kMax = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
  const auto too_big = [&] {
    std::string shown;
    for (int i = 0; i < num_dims; ++i) shown += (i ? "," : "") + std::to_string(dims[i]);
    return Invalid(fmt::format("{} [{}] of {} hold more than 2^63 - 1 bytes: no tensor is that large", what, shown,
                               DataTypeName(type)));
  };
  uint64_t elements = 1;
  for (int i = 0; i < num_dims; ++i) {
    if (dims[i] < 0) continue;  // unknown
    if (__builtin_mul_overflow(elements, static_cast<uint64_t>(dims[i]), &elements) || elements > kMax) {
      return too_big();
    }
  }
  const uint64_t bits = DataTypeBits(type);
  uint64_t bytes = 0;
  if (bits % 8 == 0) {
    if (__builtin_mul_overflow(elements, bits / 8, &bytes) || bytes > kMax) return too_big();
  } else {  // packed sub-byte types (bits < 8): ceil(elements * bits / 8) <= elements
    bytes = elements / 8 * bits + (elements % 8 * bits + 7) / 8;
    if (bytes > kMax) return too_big();
  }
  return Status::Ok();
}

Status TensorDesc::Validate(DataType type, int num_dims, const int64_t* dims, Format format) {
  if (!IsValidDataType(static_cast<int32_t>(type))) {
    return Invalid(fmt::format("data type {} is not a known aclDataType value", static_cast<int32_t>(type)));
  }
  ASIM_RETURN_IF_ERROR(CheckFormat(format, "format"));
  ASIM_RETURN_IF_ERROR(ValidateShape(num_dims, dims, "dims"));
  return CheckByteSize(type, num_dims, dims, "dims");
}

Status TensorDesc::Create(DataType type, int num_dims, const int64_t* dims, Format format, TensorDesc* out) {
  ASIM_RETURN_IF_ERROR(Validate(type, num_dims, dims, format));
  *out = TensorDesc(type, format, std::vector<int64_t>(dims, dims + num_dims));
  return Status::Ok();
}

TensorDesc::TensorDesc(DataType type, Format format, std::vector<int64_t> dims)
    : data_type_(type), format_(format), dims_(std::move(dims)) {}

Status TensorDesc::SetDataType(DataType type) {
  if (!IsValidDataType(static_cast<int32_t>(type))) {
    return Invalid(fmt::format("data type {} is not a known aclDataType value", static_cast<int32_t>(type)));
  }
  data_type_ = type;
  return Status::Ok();
}

Status TensorDesc::SetFormat(Format format) {
  ASIM_RETURN_IF_ERROR(CheckFormat(format, "format"));
  format_ = format;
  return Status::Ok();
}

Status TensorDesc::SetShape(int num_dims, const int64_t* dims) {
  ASIM_RETURN_IF_ERROR(ValidateShape(num_dims, dims, "dims"));
  ASIM_RETURN_IF_ERROR(CheckByteSize(data_type_, num_dims, dims, "dims"));
  dims_.assign(dims, dims + num_dims);
  return Status::Ok();
}

Status TensorDesc::Dim(size_t index, int64_t* dim) const {
  if (index >= dims_.size()) {
    return Invalid(fmt::format("dim index {} is out of range: the tensor has {} dims", index, dims_.size()));
  }
  *dim = dims_[index];
  return Status::Ok();
}

bool TensorDesc::IsDynamic() const {
  for (int64_t d : dims_) {
    if (d < 0) return true;
  }
  return false;
}

int64_t TensorDesc::ElementCount() const {
  int64_t count = 1;
  bool saturated = false;
  for (int64_t d : dims_) {
    if (d <= 0) return 0;  // zero-sized, unknown dim or unknown rank
    if (!saturated && __builtin_mul_overflow(count, d, &count)) saturated = true;
  }
  return saturated ? std::numeric_limits<int64_t>::max() : count;
}

size_t TensorDesc::SizeBytes() const {
  const int64_t count = ElementCount();
  if (count == std::numeric_limits<int64_t>::max()) return std::numeric_limits<size_t>::max();
  const uint64_t elements = static_cast<uint64_t>(count);
  const uint64_t bits = DataTypeBits(data_type_);
  uint64_t bytes = 0;
  if (bits % 8 == 0) {
    if (__builtin_mul_overflow(elements, bits / 8, &bytes)) {
      return std::numeric_limits<size_t>::max();
    }
  } else {
    // Packed: ceil(elements * bits / 8) without forming elements * bits.
    const uint64_t whole = elements / 8 * bits;  // bytes of the complete groups of 8
    const uint64_t tail = (elements % 8 * bits + 7) / 8;
    if (__builtin_add_overflow(whole, tail, &bytes)) return std::numeric_limits<size_t>::max();
  }
  if (bytes > std::numeric_limits<size_t>::max()) return std::numeric_limits<size_t>::max();
  return static_cast<size_t>(bytes);
}

Status TensorDesc::SetOriginFormat(Format format) {
  ASIM_RETURN_IF_ERROR(CheckFormat(format, "origin format"));
  origin_format_ = format;
  return Status::Ok();
}

Status TensorDesc::SetOriginShape(int num_dims, const int64_t* dims) {
  ASIM_RETURN_IF_ERROR(ValidateShape(num_dims, dims, "origin dims"));
  ASIM_RETURN_IF_ERROR(CheckByteSize(data_type_, num_dims, dims, "origin dims"));
  origin_dims_.assign(dims, dims + num_dims);
  has_origin_shape_ = true;
  return Status::Ok();
}

Status TensorDesc::SetStorageFormat(Format format) {
  ASIM_RETURN_IF_ERROR(CheckFormat(format, "storage format"));
  storage_format_ = format;
  return Status::Ok();
}

Status TensorDesc::SetStorageShape(int num_dims, const int64_t* dims) {
  ASIM_RETURN_IF_ERROR(ValidateShape(num_dims, dims, "storage dims"));
  ASIM_RETURN_IF_ERROR(CheckByteSize(data_type_, num_dims, dims, "storage dims"));
  storage_dims_.assign(dims, dims + num_dims);
  has_storage_shape_ = true;
  return Status::Ok();
}

Status TensorDesc::SetShapeRange(size_t count, const int64_t (*ranges)[2]) {
  ASIM_RETURN_IF_ERROR(CheckRanges(count, ranges, "shape range"));
  for (size_t i = 0; i < count; ++i) {
    const int64_t lo = ranges[i][0];
    const int64_t hi = ranges[i][1];
    if (lo < 0 || (hi != -1 && hi < lo)) {
      return Invalid(
          fmt::format("shape range[{}] is [{}, {}]: need min >= 0 and max >= min (or max -1, unbounded)", i, lo, hi));
    }
  }
  shape_range_.clear();
  for (size_t i = 0; i < count; ++i) shape_range_.emplace_back(ranges[i][0], ranges[i][1]);
  return Status::Ok();
}

Status TensorDesc::DimRange(size_t index, Range* range) const {
  if (index >= dims_.size()) {
    return Invalid(fmt::format("dim index {} is out of range: the tensor has {} dims", index, dims_.size()));
  }
  if (!shape_range_.empty()) {
    if (index >= shape_range_.size()) {
      return Invalid(fmt::format("dim index {} has no shape range: {} ranges are set", index, shape_range_.size()));
    }
    *range = shape_range_[index];
    return Status::Ok();
  }
  if (dims_[index] < 0) {
    return Invalid(fmt::format("dim {} is unknown ({}) and no shape range is set", index, dims_[index]));
  }
  *range = {dims_[index], dims_[index]};
  return Status::Ok();
}

Status TensorDesc::SetValueRange(size_t count, const int64_t (*ranges)[2]) {
  ASIM_RETURN_IF_ERROR(CheckRanges(count, ranges, "value range"));
  for (size_t i = 0; i < count; ++i) {
    if (ranges[i][1] < ranges[i][0]) {
      return Invalid(fmt::format("value range[{}] is [{}, {}]: max is below min", i, ranges[i][0], ranges[i][1]));
    }
  }
  value_range_.clear();
  for (size_t i = 0; i < count; ++i) value_range_.emplace_back(ranges[i][0], ranges[i][1]);
  return Status::Ok();
}

Status TensorDesc::SetConst(const void* data, size_t length) {
  if (data == nullptr) return Invalid("const data buffer is null");
  if (length == 0) return Invalid("const data length is 0");
  std::vector<uint8_t> copy;
  try {
    copy.resize(length);
  } catch (const std::bad_alloc&) {
    return {err::kBadAlloc, fmt::format("cannot allocate {} bytes for const data", length)};
  } catch (const std::length_error&) {
    return Invalid(fmt::format("const data length {} is too large", length));
  }
  std::memcpy(copy.data(), data, length);
  const_data_ = std::move(copy);
  is_const_ = true;
  return Status::Ok();
}

void TensorDesc::ClearConst() {
  const_data_.clear();
  const_data_.shrink_to_fit();
  is_const_ = false;
}

Status TensorDesc::SetPlacement(int32_t mem_type) {
  if (mem_type < 0 || mem_type > 2) {
    return Invalid(fmt::format(
        "memory placement {} is not an aclMemType (0 device, 1 host, 2 host compile-independent)", mem_type));
  }
  placement_ = mem_type;
  return Status::Ok();
}

std::string TensorDesc::DebugString() const {
  std::string out = fmt::format("{} {} {}", DataTypeName(data_type_), FormatName(format_), ShapeToString(dims_));
  if (!name_.empty()) out += fmt::format(" name={}", name_);
  return out;
}

std::string ShapeToString(const std::vector<int64_t>& dims) {
  return fmt::format("[{}]", fmt::join(dims, ","));
}

}  // namespace asim
