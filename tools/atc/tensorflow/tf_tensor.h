// TensorFlow's tensors and types in the converter's terms: DataType (tf_graph.proto's enum,
// _REF twins included) -> asim DataType, TensorProto -> dims + little-endian bytes, and
// TensorShapeProto -> dims.
//
// Owns the decoding rules of TensorProto: `tensor_content` (raw bytes) wins; otherwise the typed
// repeated field of the dtype, where fewer values than elements means the last one repeats (as
// TensorFlow's Const writes a fill) and none means zeros; half / bfloat16 values are the low 16
// bits of int_val-style `half_val`. A fill is expanded only up to 256 MiB (a few bytes of
// input must not ask for gigabytes).
// Thread safety: pure functions. Failure: E16007 (kUnsupportedOnnx) for a dtype the kernels do
// not take (strings, resources, variants, complex, quantized types) and E16008 (kTensorData)
// for contents whose size does not match the shape, each naming `where`.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "base/dtype.h"
#include "base/status.h"
#include "tools/atc/tensorflow/tf_proto.h"

namespace asim::atc::tf_import {

// kUndefined when the type has no equivalent; *name gets TensorFlow's name (DT_STRING ...).
DataType FromTfType(int tf_type, std::string* name = nullptr);

// dims of a shape: -1 for an unknown dim; *known_rank false for unknown_rank.
std::vector<int64_t> ShapeDims(const asim::tf::TensorShapeProto& shape, bool* known_rank = nullptr);

struct TensorValue {
  DataType dtype = DataType::kUndefined;
  std::vector<int64_t> dims;
  std::shared_ptr<std::vector<uint8_t>> bytes;
};
Status DecodeTensor(const asim::tf::TensorProto& t, const std::string& where, TensorValue* out);

// The elements of an integer (int32 / int64 / uint8 / int8 / int16 / bool) constant as int64.
bool IntegerValues(DataType dtype, const std::vector<uint8_t>& bytes, std::vector<int64_t>* out);

}  // namespace asim::atc::tf_import
