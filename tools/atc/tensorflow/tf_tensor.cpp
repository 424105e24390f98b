// TensorFlow tensors and types (see tf_tensor.h). Thread safety and failure: as the header says.
#include "tools/atc/tensorflow/tf_tensor.h"

#include <cstring>
#include <limits>

#include "tools/atc/passes/atc_error.h"

namespace asim::atc::tf_import {
namespace {

using asim::tf::TensorProto;

constexpr size_t kMaxFillBytes = size_t{256} << 20;

template <typename Dst, typename Field>
void Fill(const Field& values, int64_t count, std::vector<uint8_t>* bytes) {
  bytes->assign(static_cast<size_t>(count) * sizeof(Dst), 0);
  if (values.empty()) return;
  Dst* d = reinterpret_cast<Dst*>(bytes->data());
  for (int64_t i = 0; i < count; ++i) {
    const int k = static_cast<int>(std::min<int64_t>(i, values.size() - 1));
    d[i] = static_cast<Dst>(values.Get(k));
  }
}

}  // namespace

DataType FromTfType(int tf_type, std::string* name) {
  const int base = tf_type > 100 ? tf_type - 100 : tf_type;  // the _REF twins
  if (name != nullptr) {
    *name = asim::tf::DataType_IsValid(tf_type) ? asim::tf::DataType_Name(static_cast<asim::tf::DataType>(tf_type))
                                                : "DataType " + std::to_string(tf_type);
  }
  switch (base) {
    case asim::tf::DT_FLOAT: return DataType::kFloat;
    case asim::tf::DT_DOUBLE: return DataType::kDouble;
    case asim::tf::DT_INT32: return DataType::kInt32;
    case asim::tf::DT_UINT8: return DataType::kUint8;
    case asim::tf::DT_INT16: return DataType::kInt16;
    case asim::tf::DT_INT8: return DataType::kInt8;
    case asim::tf::DT_INT64: return DataType::kInt64;
    case asim::tf::DT_BOOL: return DataType::kBool;
    case asim::tf::DT_BFLOAT16: return DataType::kBf16;
    case asim::tf::DT_UINT16: return DataType::kUint16;
    case asim::tf::DT_HALF: return DataType::kFloat16;
    case asim::tf::DT_UINT32: return DataType::kUint32;
    case asim::tf::DT_UINT64: return DataType::kUint64;
    default: return DataType::kUndefined;
  }
}

std::vector<int64_t> ShapeDims(const asim::tf::TensorShapeProto& shape, bool* known_rank) {
  if (known_rank != nullptr) *known_rank = !shape.unknown_rank();
  std::vector<int64_t> dims;
  for (const auto& d : shape.dim()) dims.push_back(d.size() < 0 ? -1 : d.size());
  return dims;
}

Status DecodeTensor(const TensorProto& t, const std::string& where, TensorValue* out) {
  std::string type_name;
  out->dtype = FromTfType(t.dtype(), &type_name);
  if (out->dtype == DataType::kUndefined) {
    return AtcError(ecode::kUnsupportedOnnx, err::kParseModel,
                    where + ": a tensor of type " + type_name +
                        " (atc converts float, half, bfloat16, double, bool and integer tensors).");
  }
  bool known = true;
  out->dims = ShapeDims(t.tensor_shape(), &known);
  int64_t count = 1;
  for (int64_t d : out->dims) {
    if (!known || d < 0 || (d > 0 && count > std::numeric_limits<int32_t>::max() / d)) {
      return AtcError(ecode::kTensorData, err::kParseModel,
                      where + ": the tensor's shape is not a fully known shape of at most 2^31 elements.");
    }
    count *= d;
  }
  const size_t esize = DataTypeSize(out->dtype);
  out->bytes = std::make_shared<std::vector<uint8_t>>();
  auto& b = *out->bytes;
  if (!t.tensor_content().empty()) {
    if (t.tensor_content().size() != static_cast<size_t>(count) * esize) {
      return AtcError(ecode::kTensorData, err::kParseModel,
                      where + ": tensor_content holds " + std::to_string(t.tensor_content().size()) + " bytes, its " +
                          type_name + " shape needs " + std::to_string(static_cast<size_t>(count) * esize) + ".");
    }
    b.assign(t.tensor_content().begin(), t.tensor_content().end());
    return Status::Ok();
  }
  // A fill (fewer values than elements) is expanded here; bound what a few bytes can ask for.
  if (static_cast<size_t>(count) * esize > kMaxFillBytes) {
    return AtcError(ecode::kTensorData, err::kParseModel,
                    where + ": the tensor's shape " + std::to_string(count) + " x " + type_name +
                        " asks for more than 256 MiB from a fill of its typed values (tensor_content holds a "
                        "constant this large).");
  }
  int64_t given = 0;
  switch (out->dtype) {
    case DataType::kFloat:
      given = t.float_val_size();
      Fill<float>(t.float_val(), count, &b);
      break;
    case DataType::kDouble:
      given = t.double_val_size();
      Fill<double>(t.double_val(), count, &b);
      break;
    case DataType::kInt32:
      given = t.int_val_size();
      Fill<int32_t>(t.int_val(), count, &b);
      break;
    case DataType::kInt16:
      given = t.int_val_size();
      Fill<int16_t>(t.int_val(), count, &b);
      break;
    case DataType::kInt8:
      given = t.int_val_size();
      Fill<int8_t>(t.int_val(), count, &b);
      break;
    case DataType::kUint8:
      given = t.int_val_size();
      Fill<uint8_t>(t.int_val(), count, &b);
      break;
    case DataType::kUint16:
      given = t.int_val_size();
      Fill<uint16_t>(t.int_val(), count, &b);
      break;
    case DataType::kInt64:
      given = t.int64_val_size();
      Fill<int64_t>(t.int64_val(), count, &b);
      break;
    case DataType::kBool:
      given = t.bool_val_size();
      Fill<uint8_t>(t.bool_val(), count, &b);
      break;
    case DataType::kUint32:
      given = t.uint32_val_size();
      Fill<uint32_t>(t.uint32_val(), count, &b);
      break;
    case DataType::kUint64:
      given = t.uint64_val_size();
      Fill<uint64_t>(t.uint64_val(), count, &b);
      break;
    case DataType::kFloat16:
    case DataType::kBf16:
      given = t.half_val_size();
      Fill<uint16_t>(t.half_val(), count, &b);
      break;
    default: break;
  }
  if (given > count && count > 0) {
    return AtcError(
        ecode::kTensorData, err::kParseModel,
        where + ": the tensor holds " + std::to_string(given) + " values for " + std::to_string(count) + " elements.");
  }
  return Status::Ok();
}

bool IntegerValues(DataType dtype, const std::vector<uint8_t>& bytes, std::vector<int64_t>* out) {
  out->clear();
  const size_t esize = DataTypeSize(dtype);
  if (esize == 0 || bytes.size() % esize != 0) return false;
  const size_t n = bytes.size() / esize;
  for (size_t i = 0; i < n; ++i) {
    const uint8_t* p = bytes.data() + i * esize;
    int64_t v = 0;
    switch (dtype) {
      case DataType::kInt32: {
        int32_t x;
        std::memcpy(&x, p, 4);
        v = x;
        break;
      }
      case DataType::kInt64: std::memcpy(&v, p, 8); break;
      case DataType::kInt16: {
        int16_t x;
        std::memcpy(&x, p, 2);
        v = x;
        break;
      }
      case DataType::kInt8: v = static_cast<int8_t>(*p); break;
      case DataType::kUint8:
      case DataType::kBool: v = *p; break;
      default: return false;
    }
    out->push_back(v);
  }
  return true;
}

}  // namespace asim::atc::tf_import
