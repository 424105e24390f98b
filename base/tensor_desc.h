// TensorDesc: the data behind the public opaque aclTensorDesc.
//
// Owns: one tensor's description: element type, format and shape, the origin and storage
// views (format + shape), name, shape range and value range, an owned copy of constant
// data, memory placement, the dynamic-input name and a device address (for descriptors the
// runtime fills in, aclGetTensorDescAddress). Owner: base/; runtime/api wraps it.
// Shapes: dims are int64; -1 is an unknown dim; unknown rank (ACL_UNKNOWN_RANK) is the
// single dim -2; zero dims is a scalar.
// Thread safety: a value type, not synchronised; share read-only or guard externally.
// Failure: setters that take caller input validate it and return kInvalidParam with a
// message naming the argument and value, leaving the object unchanged.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/dtype.h"
#include "base/format.h"
#include "base/status.h"

namespace asim {

class TensorDesc {
 public:
  static constexpr int kMaxDims = 128;  // ACL_MAX_DIM_CNT
  static constexpr int64_t kUnknownDim = -1;
  static constexpr int64_t kUnknownRank = -2;  // ACL_UNKNOWN_RANK as int64
  static constexpr size_t kMaxRanges = 128;    // shape/value range entries
  using Range = std::pair<int64_t, int64_t>;   // {min, max}; shape max -1 = unbounded

  // Checks the arguments of aclCreateTensorDesc / aclSetTensorShape: the type and format
  // are enumerators (the UNDEFINED ones included), 0 <= num_dims <= 128, dims non-null
  // when num_dims > 0, every dim >= -1, or the single dim -2 (unknown rank), and the known
  // dims' byte size fits int64_t (CheckByteSize).
  static Status Validate(DataType type, int num_dims, const int64_t* dims, Format format);
  // The bytes of the known dims (unknown ones left out; any 0 dim makes 0) of `type` must fit
  // int64_t: no such tensor can exist, and aclGetTensorDescSize / ElementCount would wrap.
  static Status CheckByteSize(DataType type, int num_dims, const int64_t* dims, std::string_view what);
  // The shape part of Validate alone; `what` names the argument in messages ("dims").
  static Status ValidateShape(int num_dims, const int64_t* dims, std::string_view what);

  // Validates and builds; `*out` is untouched on failure.
  static Status Create(DataType type, int num_dims, const int64_t* dims, Format format, TensorDesc* out);

  TensorDesc() = default;  // DT_UNDEFINED, FORMAT_UNDEFINED, scalar
  // Unchecked: for internal callers holding already valid values.
  TensorDesc(DataType type, Format format, std::vector<int64_t> dims);

  // ---- type, format, shape -----------------------------------------------------------
  DataType data_type() const { return data_type_; }
  Format format() const { return format_; }
  const std::vector<int64_t>& dims() const { return dims_; }

  Status SetDataType(DataType type);
  Status SetFormat(Format format);
  Status SetShape(int num_dims, const int64_t* dims);

  size_t NumDims() const { return dims_.size(); }
  // dims()[index]; kInvalidParam when index >= NumDims().
  Status Dim(size_t index, int64_t* dim) const;
  bool IsUnknownRank() const { return dims_.size() == 1 && dims_[0] == kUnknownRank; }
  bool IsDynamic() const;  // any dim < 0

  // Product of dims; 1 for a scalar; 0 when any dim is 0 or unknown (or the rank is
  // unknown); saturates at INT64_MAX.
  int64_t ElementCount() const;
  // Bytes of the data: ElementCount * DataTypeSize, in 64-bit arithmetic. Sub-byte types
  // (INT4, UINT1, FP6, FP4) count packed bits rounded up to whole bytes; kString and
  // kUndefined give 0; saturates at SIZE_MAX.
  size_t SizeBytes() const;

  // ---- origin and storage views (formats + shapes before/after layout transforms) -----
  Format origin_format() const { return origin_format_; }
  const std::vector<int64_t>& origin_dims() const { return origin_dims_; }
  bool has_origin_shape() const { return has_origin_shape_; }
  Status SetOriginFormat(Format format);
  Status SetOriginShape(int num_dims, const int64_t* dims);

  Format storage_format() const { return storage_format_; }
  const std::vector<int64_t>& storage_dims() const { return storage_dims_; }
  bool has_storage_shape() const { return has_storage_shape_; }
  Status SetStorageFormat(Format format);
  Status SetStorageShape(int num_dims, const int64_t* dims);

  // ---- name, ranges ------------------------------------------------------------------
  const std::string& name() const { return name_; }
  void set_name(std::string_view name) { name_.assign(name); }

  const std::vector<Range>& shape_range() const { return shape_range_; }
  // count <= 128; ranges non-null when count > 0; each min >= 0 and (max == -1 or
  // max >= min).
  Status SetShapeRange(size_t count, const int64_t (*ranges)[2]);
  // Range of one dim: the shape range entry if one was set, else {d, d} for a known dim;
  // kInvalidParam for a bad index or an unknown dim without a range.
  Status DimRange(size_t index, Range* range) const;

  const std::vector<Range>& value_range() const { return value_range_; }
  // count <= 128; ranges non-null when count > 0; each min <= max.
  Status SetValueRange(size_t count, const int64_t (*ranges)[2]);

  // ---- constant data, placement, dynamic input, address ------------------------------
  bool IsConst() const { return is_const_; }
  const std::vector<uint8_t>& const_data() const { return const_data_; }
  // Copies `length` bytes. kInvalidParam for data == nullptr or length == 0, kBadAlloc
  // when the copy cannot be allocated.
  Status SetConst(const void* data, size_t length);
  void ClearConst();

  // aclMemType: 0 device, 1 host, 2 host compile-independent.
  int32_t placement() const { return placement_; }
  Status SetPlacement(int32_t mem_type);

  const std::string& dynamic_input_name() const { return dynamic_input_name_; }
  void set_dynamic_input_name(std::string_view name) { dynamic_input_name_.assign(name); }

  void* address() const { return address_; }
  void set_address(void* address) { address_ = address; }

  // "DT_FLOAT16 NCHW [1,3,224,224]" (plus " name=..." when named), for log messages.
  std::string DebugString() const;

 private:
  DataType data_type_ = DataType::kUndefined;
  Format format_ = Format::kUndefined;
  std::vector<int64_t> dims_;

  Format origin_format_ = Format::kUndefined;
  std::vector<int64_t> origin_dims_;
  bool has_origin_shape_ = false;

  Format storage_format_ = Format::kUndefined;
  std::vector<int64_t> storage_dims_;
  bool has_storage_shape_ = false;

  std::string name_;
  std::vector<Range> shape_range_;
  std::vector<Range> value_range_;

  bool is_const_ = false;
  std::vector<uint8_t> const_data_;

  int32_t placement_ = 0;
  std::string dynamic_input_name_;
  void* address_ = nullptr;
};

// "[1,3,224,224]", "[]" for a scalar, "[-2]" for unknown rank.
std::string ShapeToString(const std::vector<int64_t>& dims);

}  // namespace asim
