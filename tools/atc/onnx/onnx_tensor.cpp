// ONNX tensors -> constants (see onnx_tensor.h). Thread safety and failure: as the header says.
#include "tools/atc/onnx/onnx_tensor.h"

#include <cstring>
#include <fstream>
#include <memory>

#include "kernels/common/values/string_tensor.h"
#include "tools/atc/passes/atc_error.h"

namespace asim::atc::onnx_import {
namespace {

using onnx::TensorProto;

Status DataError(const std::string& what, const std::string& why) {
  return AtcError(ecode::kTensorData, err::kInvalidFile, "The data of " + what + " is invalid: " + why + ".");
}

template <typename Src, typename Dst>
void CopyAs(const Src& field, size_t n, std::vector<uint8_t>* bytes) {
  bytes->resize(n * sizeof(Dst));
  auto* dst = reinterpret_cast<Dst*>(bytes->data());
  for (size_t i = 0; i < n; ++i) dst[i] = static_cast<Dst>(field.Get(static_cast<int>(i)));
}

bool SafeRelative(const std::string& path) {
  if (path.empty() || path[0] == '/') return false;
  size_t start = 0;
  while (start <= path.size()) {
    size_t end = path.find('/', start);
    if (end == std::string::npos) end = path.size();
    if (path.compare(start, end - start, "..") == 0 && end - start == 2) return false;
    start = end + 1;
  }
  return true;
}

Status ReadExternal(const TensorProto& t, const std::string& model_dir, const std::string& what, size_t want,
                    std::vector<uint8_t>* bytes) {
  std::string location;
  int64_t offset = 0, length = -1;
  for (const auto& kv : t.external_data()) {
    try {
      if (kv.key() == "location") location = kv.value();
      if (kv.key() == "offset") offset = std::stoll(kv.value());
      if (kv.key() == "length") length = std::stoll(kv.value());
    } catch (const std::exception&) {
      return DataError(what, "external_data '" + kv.key() + "' is '" + kv.value() + "', not a number");
    }
  }
  if (location.empty()) return DataError(what, "it is stored externally but has no 'location'");
  if (!SafeRelative(location)) {
    return DataError(what, "external data location '" + location + "' must be a path inside the model's directory");
  }
  if (offset < 0) return DataError(what, "external data offset " + std::to_string(offset) + " is negative");
  if (length >= 0 && static_cast<size_t>(length) != want) {
    return DataError(what, "external data length " + std::to_string(length) + " but the tensor needs " +
                               std::to_string(want) + " bytes");
  }
  const std::string path = model_dir.empty() ? location : model_dir + "/" + location;
  std::ifstream f(path, std::ios::binary);
  if (!f) return DataError(what, "cannot open its external data file '" + path + "'");
  f.seekg(0, std::ios::end);
  const auto size = static_cast<int64_t>(f.tellg());
  if (offset + static_cast<int64_t>(want) > size) {
    return DataError(what, "external data file '" + path + "' has " + std::to_string(size) +
                               " bytes, the tensor needs " + std::to_string(want) + " at offset " +
                               std::to_string(offset));
  }
  bytes->resize(want);
  f.seekg(offset);
  if (want != 0 && !f.read(reinterpret_cast<char*>(bytes->data()), static_cast<std::streamsize>(want))) {
    return DataError(what, "reading its external data file '" + path + "' failed");
  }
  return Status::Ok();
}

// A STRING tensor (string_data; ONNX keeps strings neither raw nor external) in the string
// tensor layout.
Status ReadStringTensor(const TensorProto& t, const std::string& what, TensorData* out) {
  TensorData d;
  d.dtype = DataType::kString;
  size_t n = 1;
  for (int64_t dim : t.dims()) {
    if (dim < 0) return DataError(what, "dim " + std::to_string(dim) + " is negative");
    d.dims.push_back(dim);
    n *= static_cast<size_t>(dim);
  }
  if (t.data_location() == TensorProto::EXTERNAL || t.has_raw_data()) {
    return DataError(what, "a STRING tensor keeps its values in string_data, not in raw or external data");
  }
  if (static_cast<size_t>(t.string_data_size()) != n) {
    return DataError(
        what, "it holds " + std::to_string(t.string_data_size()) + " strings, its dims need " + std::to_string(n));
  }
  const std::vector<std::string> strings(t.string_data().begin(), t.string_data().end());
  d.bytes = std::make_shared<std::vector<uint8_t>>(kernels::PackStrings(strings));
  *out = std::move(d);
  return Status::Ok();
}

}  // namespace

std::optional<DataType> DataTypeFromOnnx(int32_t t) {
  switch (t) {
    case TensorProto::FLOAT: return DataType::kFloat;
    case TensorProto::UINT8: return DataType::kUint8;
    case TensorProto::INT8: return DataType::kInt8;
    case TensorProto::UINT16: return DataType::kUint16;
    case TensorProto::INT16: return DataType::kInt16;
    case TensorProto::INT32: return DataType::kInt32;
    case TensorProto::INT64: return DataType::kInt64;
    case TensorProto::BOOL: return DataType::kBool;
    case TensorProto::FLOAT16: return DataType::kFloat16;
    case TensorProto::DOUBLE: return DataType::kDouble;
    case TensorProto::UINT32: return DataType::kUint32;
    case TensorProto::UINT64: return DataType::kUint64;
    case TensorProto::COMPLEX64: return DataType::kComplex64;
    case TensorProto::BFLOAT16: return DataType::kBf16;
    default: return std::nullopt;
  }
}

int32_t OnnxTypeFromDataType(DataType dtype) {
  for (int32_t t = 1; t <= 16; ++t) {
    if (DataTypeFromOnnx(t) == dtype) return t;
  }
  return 0;
}

std::string OnnxTypeName(int32_t t) {
  if (TensorProto::DataType_IsValid(t)) return TensorProto::DataType_Name(static_cast<TensorProto::DataType>(t));
  return "UNDEFINED(" + std::to_string(t) + ")";
}

Status ReadTensor(const TensorProto& t, const std::string& model_dir, const std::string& what, TensorData* out,
                  bool allow_string) {
  if (t.data_type() == TensorProto::STRING && allow_string) return ReadStringTensor(t, what, out);
  const auto dtype = DataTypeFromOnnx(t.data_type());
  if (!dtype) {
    return AtcError(ecode::kUnsupportedOnnx, err::kUnsupportedDataType,
                    "The element type " + OnnxTypeName(t.data_type()) + " of " + what +
                        " is not supported (numeric and bool tensors only).");
  }
  TensorData d;
  d.dtype = *dtype;
  size_t n = 1;
  for (int64_t dim : t.dims()) {
    if (dim < 0) return DataError(what, "dim " + std::to_string(dim) + " is negative");
    d.dims.push_back(dim);
    n *= static_cast<size_t>(dim);
  }
  const size_t want = n * DataTypeSize(d.dtype);
  auto bytes = std::make_shared<std::vector<uint8_t>>();
  if (t.data_location() == TensorProto::EXTERNAL) {
    ASIM_RETURN_IF_ERROR(ReadExternal(t, model_dir, what, want, bytes.get()));
  } else if (t.has_raw_data()) {
    if (t.raw_data().size() != want) {
      return DataError(what, "raw_data has " + std::to_string(t.raw_data().size()) + " bytes, " + std::to_string(n) +
                                 " elements of " + DataTypeName(d.dtype) + " need " + std::to_string(want));
    }
    bytes->assign(t.raw_data().begin(), t.raw_data().end());
  } else {
    size_t have = 0;
    switch (t.data_type()) {
      case TensorProto::FLOAT: have = static_cast<size_t>(t.float_data_size()); break;
      case TensorProto::COMPLEX64: have = static_cast<size_t>(t.float_data_size()) / 2; break;
      case TensorProto::INT64: have = static_cast<size_t>(t.int64_data_size()); break;
      case TensorProto::DOUBLE: have = static_cast<size_t>(t.double_data_size()); break;
      case TensorProto::UINT32:
      case TensorProto::UINT64: have = static_cast<size_t>(t.uint64_data_size()); break;
      default: have = static_cast<size_t>(t.int32_data_size()); break;
    }
    if (have != n) {
      return DataError(what, "it holds " + std::to_string(have) + " values, its dims need " + std::to_string(n));
    }
    switch (t.data_type()) {
      case TensorProto::FLOAT: CopyAs<decltype(t.float_data()), float>(t.float_data(), n, bytes.get()); break;
      case TensorProto::COMPLEX64: CopyAs<decltype(t.float_data()), float>(t.float_data(), 2 * n, bytes.get()); break;
      case TensorProto::INT64: CopyAs<decltype(t.int64_data()), int64_t>(t.int64_data(), n, bytes.get()); break;
      case TensorProto::DOUBLE: CopyAs<decltype(t.double_data()), double>(t.double_data(), n, bytes.get()); break;
      case TensorProto::UINT32: CopyAs<decltype(t.uint64_data()), uint32_t>(t.uint64_data(), n, bytes.get()); break;
      case TensorProto::UINT64: CopyAs<decltype(t.uint64_data()), uint64_t>(t.uint64_data(), n, bytes.get()); break;
      case TensorProto::INT32: CopyAs<decltype(t.int32_data()), int32_t>(t.int32_data(), n, bytes.get()); break;
      case TensorProto::INT16: CopyAs<decltype(t.int32_data()), int16_t>(t.int32_data(), n, bytes.get()); break;
      case TensorProto::UINT16:
      case TensorProto::FLOAT16:
      case TensorProto::BFLOAT16: CopyAs<decltype(t.int32_data()), uint16_t>(t.int32_data(), n, bytes.get()); break;
      case TensorProto::INT8: CopyAs<decltype(t.int32_data()), int8_t>(t.int32_data(), n, bytes.get()); break;
      default: CopyAs<decltype(t.int32_data()), uint8_t>(t.int32_data(), n, bytes.get()); break;  // uint8, bool
    }
  }
  d.bytes = std::move(bytes);
  *out = std::move(d);
  return Status::Ok();
}

}  // namespace asim::atc::onnx_import
