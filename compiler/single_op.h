// Single-operator models: the description of one op (type, input and output tensor
// descriptions, attributes), its JSON form (the `atc --singleop` file format, one array
// element; single_op_json.cpp), and its compilation into an om::Model (single_op.cpp).
//
// Owns: SingleOpDesc and the functions below. Shared by `atc --singleop` (reads the JSON,
// writes one .om per op into the output directory) and the runtime's single-op API
// (aclopSetModelDir / aclopLoad read those .om files back; aclopCompile compiles online with
// the same function, so an op compiled in-process and one compiled by atc are identical).
//
// A single-op model is an ordinary om::Model: inputs "x0".."x{n-1}" in the descriptions'
// dtype/format/dims (a constant input is a weight named "x{i}" instead, not a model input),
// one op node (plus the TransData nodes the kernel's layouts need), outputs
// "y0".."y{m-1}"; its metadata key kSingleOpMetadataKey holds the description as JSON (the
// same object `atc --singleop` read), which is what the runtime matches calls against.
//
// Thread safety: pure functions over the read-only kernel registry and SoC catalog.
// Failure: ParseSingleOpJson returns kInvalidParam naming the entry, the key and what is
// wrong ("op 0 'GEMM': input_desc[3].type 'half16' is not a tensor type (float16, float, int8
// ...)"); CompileSingleOp returns the graph compiler's code (kOpNotFound, kUnsupportedDataType,
// kFormatNotMatch, kOpAttrNotMatch ...) with the registry's explanation; SingleOpDescOf
// returns kDeserializeModel when the model is not a single-op model.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "base/dtype.h"
#include "base/format.h"
#include "base/status.h"
#include "compiler/compile_report.h"
#include "compiler/graph_builder.h"
#include "kernels/framework/attr.h"
#include "om/model.h"

namespace asim::atc {

inline constexpr const char* kSingleOpMetadataKey = "single_op";

struct SingleOpTensor {
  DataType dtype = DataType::kFloat;
  Format format = Format::kNd;
  std::vector<int64_t> dims;  // [] = scalar
  std::string name;           // optional ("name" key)
  // Optional "origin_format" / "origin_shape" (kUndefined / empty when absent).
  Format origin_format = Format::kUndefined;
  std::vector<int64_t> origin_dims;
  // A constant input (aclSetTensorConst, or "is_const": true with "const_value" in the file):
  // its elements in `dtype`, compiled into the model (the op reads a shape, k, axes ... from
  // it at compile time); the model then has no input for it. Empty when not constant.
  bool is_const = false;
  std::vector<uint8_t> const_data;
  bool operator==(const SingleOpTensor&) const = default;
};

struct SingleOpDesc {
  std::string op_type;
  std::vector<SingleOpTensor> inputs;
  std::vector<SingleOpTensor> outputs;
  kernels::AttrMap attrs;
};

// Levels of arrays and objects a `--singleop` file may nest (an op description needs 6).
inline constexpr int kMaxSingleOpJsonNesting = 32;

// The text of a `--singleop` file (`path` names it in messages) -> one desc per entry.
// kParseFile when the text is not JSON ("not valid JSON at byte N (...)") or nests deeper
// than kMaxSingleOpJsonNesting; kInvalidParam when the top level is not a non-empty array
// or an entry is malformed (ParseSingleOpJson's message, entries named "ops.json op 2").
// *out is written only on success.
Status ParseSingleOpFile(std::string_view text, const std::string& path, std::vector<SingleOpDesc>* out);

// One element of the `--singleop` JSON array -> desc. `where` prefixes messages
// ("ops.json op 2").
Status ParseSingleOpJson(const nlohmann::json& entry, const std::string& where, SingleOpDesc* out);
// The desc as that JSON (keys op, input_desc, output_desc, attr; type names as in the file:
// "float16", "float", "int8" ...; attr types "bool", "int", "float", "string", "data_type",
// "list_bool", "list_int", "list_float", "list_string", "list_data_type", "list_list_int").
nlohmann::json SingleOpToJson(const SingleOpDesc& desc);
// The type name the file uses for `dtype` ("float16", "float", "int8" ..., else the DT_* name).
std::string SingleOpTypeName(DataType dtype);

// Compiles the op for options.soc_version. The result carries the desc in metadata.
Status CompileSingleOp(const SingleOpDesc& desc, const CompileOptions& options, om::Model* out,
                       CompileReport* report = nullptr);

// The desc a single-op model was compiled from (from its metadata).
Status SingleOpDescOf(const om::Model& model, SingleOpDesc* out);

// The .om file name atc gives op number `index` of a description file:
// "{index}_{op}_{per input: dtype value _ format value _ dims joined by _}_{per output: ...}"
// with ACL's aclDataType / aclFormat enum values, e.g. "0_GEMM_1_2_16_16_..._1_2_16_16"
// (without the ".om").
std::string SingleOpFileStem(size_t index, const SingleOpDesc& desc);

}  // namespace asim::atc
