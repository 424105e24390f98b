// ONNX tensors -> the converter's constants: element types (TensorProto.DataType ->
// DataType, the aclDataType numbering) and TensorProto contents from raw_data, the typed
// fields (float_data, int32_data (also int8/16, uint8/16, bool, fp16 and bf16 bits),
// int64_data, double_data, uint64_data) or external data files (location relative to the
// model's directory, optional offset and length).
//
// Thread safety: pure functions (reads files). Failure: E16007 (kUnsupportedDataType) for
// element types the converter has no dtype for (complex128, float8 ...; string unless
// asked for); E16008
// (kInvalidFile) naming the tensor for data of the wrong size, an external file that is
// missing, escapes the model directory or is too short.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/dtype.h"
#include "base/status.h"
#include "tools/atc/onnx/onnx_proto.h"
#include "tools/atc/passes/ir.h"

namespace asim::atc::onnx_import {

// The converter's dtype for an ONNX element type; nullopt when there is none.
std::optional<DataType> DataTypeFromOnnx(int32_t onnx_type);
// The ONNX element type of a dtype; 0 (UNDEFINED) when there is none.
int32_t OnnxTypeFromDataType(DataType dtype);
// "FLOAT", "INT64" ... (TensorProto.DataType names); "UNDEFINED(<n>)" otherwise.
std::string OnnxTypeName(int32_t onnx_type);

struct TensorData {
  DataType dtype = DataType::kUndefined;
  std::vector<int64_t> dims;
  ir::Bytes bytes;
};

// `what` names the tensor in messages ("initializer 'conv1.weight'"). STRING tensors are
// read only when `allow_string` (graph inputs and initializers that string kernels read,
// and test data): as DT_STRING in the string tensor layout (kernels/common/values/string_tensor.h).
Status ReadTensor(const onnx::TensorProto& tensor, const std::string& model_dir, const std::string& what,
                  TensorData* out, bool allow_string = false);

}  // namespace asim::atc::onnx_import
