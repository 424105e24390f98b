// Single-operator models: compilation of a description into a one-op om::Model, and the
// description back from such a model (see single_op.h); the JSON side is single_op_json.cpp.
// Thread safety: pure functions. Failure: as the header says; nothing throws (nlohmann is
// used with parse(..., false)).
#include "compiler/single_op.h"

#include <nlohmann/json.hpp>
#include <set>

#include "kernels/framework/registry.h"
#include "kernels/framework/tensor.h"

namespace asim::atc {
namespace {

std::string DescribeTensor(DataType dtype, const std::vector<int64_t>& dims) {
  return SingleOpTypeName(dtype) + " " + kernels::DimsToString(dims);
}

// An attribute no kernel of the op declares would have no effect: most likely CANN's name
// for something this runtime's kernel calls otherwise, so the op would silently compute
// something else. Refused, with the names the kernels read. (An op type without kernels is
// left to the compiler's own error.)
Status CheckAttrsDeclared(const std::string& op_type, const kernels::AttrMap& attrs, const std::string& where) {
  const std::vector<const kernels::KernelDef*> defs = kernels::KernelRegistry::Get().Find(op_type);
  if (defs.empty()) return Status::Ok();
  std::set<std::string> declared;
  for (const kernels::KernelDef* def : defs) {
    for (const kernels::AttrSpec& spec : def->attrs) declared.insert(spec.name);
  }
  for (const auto& [name, value] : attrs.values()) {
    if (declared.count(name) != 0) continue;
    std::string known;
    for (const std::string& d : declared) known += (known.empty() ? "" : ", ") + d;
    return Status(err::kOpAttrNotMatch, where + ": attribute '" + name + "' is not one this runtime's " + op_type +
                                            " reads, so it would have no effect (" + op_type +
                                            " reads: " + (known.empty() ? "no attributes" : known) + ")");
  }
  return Status::Ok();
}

// CANN's single-op conventions where they differ from the ONNX ones the kernels follow: the
// reductions' `keep_dims` (bool, default false in CANN's op prototypes) for ONNX's `keepdims`
// (default 1); LeakyRelu's `negative_slope` (default 0.0 in CANN's prototype, where ONNX's
// `alpha` defaults to 0.01). The model's description keeps the call's own attributes (calls
// are matched on them); the graph gets these.
kernels::AttrMap KernelAttrs(const SingleOpDesc& desc) {
  if (desc.op_type == "LeakyRelu") {
    if (desc.attrs.Has("alpha") || desc.attrs.Has("negative_slope")) return desc.attrs;
    kernels::AttrMap attrs = desc.attrs;
    attrs.Set("negative_slope", 0.0f);
    return attrs;
  }
  if (desc.op_type.rfind("Reduce", 0) != 0) return desc.attrs;
  bool reads_keepdims = false;
  for (const kernels::KernelDef* def : kernels::KernelRegistry::Get().Find(desc.op_type)) {
    for (const kernels::AttrSpec& spec : def->attrs) reads_keepdims = reads_keepdims || spec.name == "keepdims";
  }
  if (!reads_keepdims || desc.attrs.Has("keepdims")) return desc.attrs;
  kernels::AttrMap attrs;
  for (const auto& [name, value] : desc.attrs.values()) {
    if (name != "keep_dims") attrs.Set(name, value);
  }
  attrs.Set("keepdims", int64_t{desc.attrs.GetBool("keep_dims", false) ? 1 : 0});
  return attrs;
}

}  // namespace

Status CompileSingleOp(const SingleOpDesc& desc, const CompileOptions& options, om::Model* out, CompileReport* report) {
  const std::string where = "single op '" + desc.op_type + "'";
  if (desc.op_type.empty()) return Status(err::kInvalidParam, "single op: empty op type");
  if (desc.outputs.empty()) return Status(err::kInvalidParam, where + ": no output_desc");
  const kernels::AttrMap kernel_attrs = KernelAttrs(desc);
  ASIM_RETURN_IF_ERROR(CheckAttrsDeclared(desc.op_type, kernel_attrs, where));
  GraphBuilder b;
  std::vector<int> ins;
  for (size_t i = 0; i < desc.inputs.size(); ++i) {
    const SingleOpTensor& t = desc.inputs[i];
    const std::string name = "x" + std::to_string(i);
    if (!t.is_const) {
      ins.push_back(b.Input(name, t.dtype, t.dims, t.format));
      continue;
    }
    const kernels::TensorSpec spec = kernels::MakeSpec(t.dtype, t.dims);
    const size_t need = spec.Bytes();
    if (!spec.IsStatic() || DataTypeSize(t.dtype) == 0 || t.const_data.size() != need) {
      return Status(err::kInvalidParam,
                    where + ": constant input " + std::to_string(i) + " (" + DescribeTensor(t.dtype, t.dims) +
                        ") has " + std::to_string(t.const_data.size()) + " bytes of data, not " + std::to_string(need));
    }
    ins.push_back(b.Constant(name, t.dtype, t.dims, t.const_data.data()));
  }
  const std::vector<int> outs =
      b.Op(desc.op_type, desc.op_type, ins, kernel_attrs, static_cast<int>(desc.outputs.size()));
  for (size_t i = 0; i < outs.size(); ++i) {
    // An output described in an internal format (NC1HWC0 ...) is stored in it.
    const Format format = i < desc.outputs.size() ? desc.outputs[i].format : Format::kUndefined;
    b.Output(outs[i], "y" + std::to_string(i), format);
  }

  CompileOptions opts = options;
  opts.metadata[kSingleOpMetadataKey] = SingleOpToJson(desc).dump();
  om::Model model;
  Status st = b.Compile(opts, &model, report);
  if (!st.ok()) return Status(st.code(), where + ": " + st.message());
  if (model.outputs.size() != desc.outputs.size()) {
    return Status(err::kOpOutputNotMatch, where + ": the op has " + std::to_string(model.outputs.size()) +
                                              " outputs, output_desc lists " + std::to_string(desc.outputs.size()));
  }
  for (size_t i = 0; i < desc.outputs.size(); ++i) {
    const SingleOpTensor& want = desc.outputs[i];
    const om::IoDesc& got = model.outputs[i];
    if (want.dtype != got.dtype || want.dims != got.dims) {
      return Status(err::kOpOutputNotMatch, where + ": output_desc[" + std::to_string(i) + "] is " +
                                                DescribeTensor(want.dtype, want.dims) + " but the op produces " +
                                                DescribeTensor(got.dtype, got.dims) + " for these inputs and attrs");
    }
  }
  *out = std::move(model);
  return Status::Ok();
}

Status SingleOpDescOf(const om::Model& model, SingleOpDesc* out) {
  auto it = model.metadata.find(kSingleOpMetadataKey);
  if (it == model.metadata.end()) {
    return Status(err::kDeserializeModel, "model '" + model.name + "' is not a single-op model (no '" +
                                              std::string(kSingleOpMetadataKey) + "' metadata)");
  }
  const nlohmann::json j = nlohmann::json::parse(it->second, nullptr, false);
  if (j.is_discarded()) {
    return Status(err::kDeserializeModel, "model '" + model.name + "': the single-op description is not valid JSON");
  }
  Status st = ParseSingleOpJson(j, "model '" + model.name + "' single-op description", out);
  if (!st.ok()) return Status(err::kDeserializeModel, st.message());
  return Status::Ok();
}

}  // namespace asim::atc
