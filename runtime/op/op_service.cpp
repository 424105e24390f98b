// Single-op service: matching, on-demand compilation, buffer checks, execution, shape
// inference. See op_service.h.
#include "runtime/op/op_service.h"

#include "base/log.h"
#include "compiler/chip_traits.h"
#include "compiler/single_op.h"
#include "kernels/framework/registry.h"
#include "runtime/op/compile_options.h"
#include "runtime/op/op_runner.h"

namespace asim::op {
namespace {

// CANN ships pre-built binary kernels for these families: single ops run without a model.
bool HasBinaryKernels(const sim::SocSpec& spec) {
  return spec.short_soc_version == "Ascend910B" || spec.short_soc_version == "Ascend310P";
}

std::vector<kernels::TensorSpec> SpecsOf(const std::vector<TensorDesc>& descs) {
  std::vector<kernels::TensorSpec> out;
  out.reserve(descs.size());
  for (const TensorDesc& d : descs) {
    kernels::TensorSpec s;
    s.dtype = d.data_type();
    s.format = d.format();
    s.dims = d.dims();
    if (d.IsConst() && !d.const_data().empty()) s.host_data = d.const_data().data();
    out.push_back(std::move(s));
  }
  return out;
}

// The registry's outputs for the call's inputs and attributes (plain dims of each output).
Status InferOutputs(const OpCall& call, const kernels::ChipTraits& chip, std::vector<std::vector<int64_t>>* dims,
                    std::vector<DataType>* dtypes) {
  kernels::Selection sel;
  Status st = kernels::KernelRegistry::Get().Select(call.op_type, SpecsOf(call.inputs), call.attrs, chip, &sel);
  if (!st.ok()) return Status(st.code(), "op '" + call.op_type + "': " + st.message());
  dims->clear();
  dtypes->clear();
  for (const kernels::TensorSpec& o : sel.outputs) {
    const bool internal = o.origin_format != Format::kUndefined && !o.origin_dims.empty();
    dims->push_back(internal ? o.origin_dims : o.dims);
    dtypes->push_back(o.dtype);
  }
  return Status::Ok();
}

bool Dynamic(const std::vector<int64_t>& dims) {
  for (int64_t d : dims) {
    if (d < 0) return true;
  }
  return false;
}

class OpExtension : public rt::RuntimeExtension {
 public:
  explicit OpExtension(OpService* service) : service_(service) {}
  size_t OnDeviceRelease(int32_t device_id, bool /*log_leaks*/) override {
    (void)service_->runner().Release(device_id);
    return 0;  // cached op models are the runtime's, not the application's: never leaks
  }
  void OnFinalize() override {
    (void)service_->runner().Release(-1);
    service_->catalog().Clear();
    service_->compile_options().Reset();
  }

 private:
  OpService* const service_;
};

}  // namespace

std::shared_ptr<rt::RuntimeExtension> OpService::Extension() {
  return std::make_shared<OpExtension>(this);
}

Status OpService::Compile(const atc::SingleOpDesc& desc, const sim::SocSpec& spec, const std::string& source,
                          std::shared_ptr<const OpModelEntry>* entry) {
  atc::CompileOptions options;
  options.soc_version = spec.soc_version;
  options.model_name = desc.op_type;
  options.metadata = options_.AsMetadata();
  om::Model model;
  Status st = atc::CompileSingleOp(desc, options, &model);
  if (!st.ok()) {
    return Status(st.code(),
                  "compiling single op " + DescText(desc) + " for " + spec.soc_version + ": " + st.message());
  }
  ASIM_LOG_INFO("[ACL] single op: compiled {} for {} ({})", DescText(desc), spec.soc_version, source);
  return catalog_.AddCompiled(std::move(model), source, entry);
}

Status OpService::PrepareOp(OpCall* call, CompilePolicy policy, const sim::SocSpec& spec,
                            std::shared_ptr<const OpModelEntry>* entry) {
  if (call->op_type.empty()) return Status(err::kInvalidParam, "opType must not be empty");

  // Output descs with unknown dims (aclopExecuteV2 lets the kernel decide them).
  bool inputs_static = true;
  for (const TensorDesc& t : call->inputs) inputs_static = inputs_static && !Dynamic(t.dims());
  bool outputs_dynamic = false;
  for (const TensorDesc& t : call->outputs) outputs_dynamic = outputs_dynamic || Dynamic(t.dims());
  if (inputs_static && outputs_dynamic) {
    std::vector<std::vector<int64_t>> dims;
    std::vector<DataType> dtypes;
    if (InferOutputs(*call, atc::ChipTraitsOf(spec), &dims, &dtypes).ok()) {
      for (size_t i = 0; i < call->outputs.size() && i < dims.size(); ++i) {
        if (!Dynamic(call->outputs[i].dims())) continue;
        (void)call->outputs[i].SetShape(static_cast<int>(dims[i].size()), dims[i].data());
      }
    }
  }

  Status found = catalog_.Find(*call, spec, entry);
  if (found.ok() && !(*entry)->dynamic) return Status::Ok();
  if (found.ok()) {
    // A model with unknown dims: its static instance for this call's shapes.
    if (!inputs_static && policy == CompilePolicy::kAlways) return Status::Ok();  // compiled already
    if (!inputs_static) {
      return Status(err::kInvalidParam,
                    "executing " + call->Text() + ": every input dim must be known at execution (-1 only in models)");
    }
    atc::SingleOpDesc desc = DescOfCall(*call);
    for (const auto& [name, value] : (*entry)->desc.attrs.values()) {
      if (!desc.attrs.Has(name)) desc.attrs.Set(name, value);
    }
    return Compile(desc, spec, "static instance of " + (*entry)->source, entry);
  }
  const bool online = policy == CompilePolicy::kAlways || options_.online() || HasBinaryKernels(spec);
  if (!online) {
    // Say also whether compiling would help: the registry's verdict on these inputs.
    kernels::Selection sel;
    Status verdict = kernels::KernelRegistry::Get().Select(call->op_type, SpecsOf(call->inputs), call->attrs,
                                                           atc::ChipTraitsOf(spec), &sel);
    if (verdict.ok()) return found;
    return Status(found.code(),
                  found.message() + " (no kernel of this runtime would run it either: " + verdict.message() + ")");
  }
  if (call->HasDynamicShape() && policy != CompilePolicy::kAlways) {
    return Status(err::kInvalidParam,
                  "executing " + call->Text() + ": every input dim must be known at execution (-1 only in models)");
  }
  if (call->HasDynamicShape()) {
    // aclopCompile of a dynamic-shape op (-1 dims, aclSetTensorShapeRange): as CANN's
    // operator compiler, one entry for every shape; each call with known dims then runs a
    // static instance compiled for its shapes. The registry checks now that some kernel takes
    // the op type, dtypes and formats.
    // (AI Core kernels take static shapes only: a shape with the unknown dims set to 1 is
    // asked too.)
    kernels::Selection sel;
    const kernels::ChipTraits chip = atc::ChipTraitsOf(spec);
    std::vector<kernels::TensorSpec> specs = SpecsOf(call->inputs);
    Status verdict = kernels::KernelRegistry::Get().Select(call->op_type, specs, call->attrs, chip, &sel);
    if (!verdict.ok()) {
      for (kernels::TensorSpec& t : specs) {
        if (t.dims.size() == 1 && t.dims[0] == -2) t.dims = {1};
        for (int64_t& d : t.dims) d = d < 0 ? 1 : d;
      }
      if (!kernels::KernelRegistry::Get().Select(call->op_type, specs, call->attrs, chip, &sel).ok()) return verdict;
    }
    ASIM_LOG_INFO("[ACL] single op: registered dynamic-shape {} for {}", call->Text(), spec.soc_version);
    return catalog_.AddDynamic(DescOfCall(*call), spec.soc_version, "aclopCompile (dynamic shape)", entry);
  }
  return Compile(DescOfCall(*call), spec, policy == CompilePolicy::kAlways ? "aclopCompile" : "compiled on demand",
                 entry);
}

Status OpService::RunOp(const std::shared_ptr<const OpModelEntry>& entry, OpCall* call,
                        const std::vector<OpBuffer>& inputs, const std::vector<OpBuffer>& outputs,
                        const OpTarget& target) {
  auto check = [&](const char* what, const char* desc_arg, const std::vector<OpBuffer>& bufs,
                   const std::vector<TensorDesc>& descs, const std::vector<atc::SingleOpTensor>& model) -> Status {
    if (bufs.size() != descs.size()) {
      return Status(err::kInvalidParam, std::string("the call has ") + std::to_string(descs.size()) + " " + what +
                                            " desc(s) but " + std::to_string(bufs.size()) + " buffer(s)");
    }
    for (size_t i = 0; i < bufs.size(); ++i) {
      // A constant input is in the model: its buffer is not read (it may be NULL).
      if (i < model.size() && model[i].is_const) continue;
      // The model's shape when the desc left dims unknown (they were inferred).
      size_t need = descs[i].SizeBytes();
      if (i < model.size() && !Dynamic(model[i].dims)) {
        TensorDesc m(model[i].dtype, model[i].format, model[i].dims);
        need = m.SizeBytes();
      }
      if (bufs[i].size < need) {
        return Status(err::kInvalidParam, std::string(what) + "s[" + std::to_string(i) + "] has " +
                                              std::to_string(bufs[i].size) + " bytes but " + desc_arg + "[" +
                                              std::to_string(i) + "] (" + descs[i].DebugString() + ") needs " +
                                              std::to_string(need));
      }
      if (bufs[i].data == nullptr && need > 0) {
        return Status(err::kInvalidParam, std::string(what) + "s[" + std::to_string(i) + "]'s data is NULL");
      }
    }
    return Status::Ok();
  };
  ASIM_RETURN_IF_ERROR(check("input", "inputDesc", inputs, call->inputs, entry->desc.inputs));
  ASIM_RETURN_IF_ERROR(check("output", "outputDesc", outputs, call->outputs, entry->desc.outputs));
  if (!target.device || !target.stream) return Status(err::kInternalError, "single op without a device and stream");
  model::ExecuteRequest request;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (i < entry->desc.inputs.size() && entry->desc.inputs[i].is_const) continue;  // compiled in
    request.inputs.push_back(model::IoBuffer{inputs[i].data, inputs[i].size, nullptr});
  }
  for (const OpBuffer& b : outputs) request.outputs.push_back(model::IoBuffer{b.data, b.size, nullptr});
  request.stream = target.stream;
  request.aicpu_timeout_s = target.aicpu_timeout_s;
  Status st = runner_.Execute(entry, target.device, std::move(request));
  if (!st.ok()) return Status(st.code(), "single op " + call->op_type + ": " + st.message());
  for (size_t i = 0; i < call->outputs.size() && i < entry->desc.outputs.size(); ++i) {
    const auto& dims = entry->desc.outputs[i].dims;
    if (!Dynamic(dims)) (void)call->outputs[i].SetShape(static_cast<int>(dims.size()), dims.data());
  }
  return Status::Ok();
}

Status OpService::ExecuteOp(OpCall* call, const std::vector<OpBuffer>& inputs, const std::vector<OpBuffer>& outputs,
                            const OpTarget& target, CompilePolicy policy) {
  if (!target.device) return Status(err::kInternalError, "single op without a device");
  std::shared_ptr<const OpModelEntry> entry;
  ASIM_RETURN_IF_ERROR(PrepareOp(call, policy, target.device->device().spec(), &entry));
  return RunOp(entry, call, inputs, outputs, target);
}

Status InferOpShape(OpCall* call, const sim::SocSpec& spec) {
  if (call->op_type.empty()) return Status(err::kInvalidParam, "opType must not be empty");
  std::vector<std::vector<int64_t>> dims;
  std::vector<DataType> dtypes;
  ASIM_RETURN_IF_ERROR(InferOutputs(*call, atc::ChipTraitsOf(spec), &dims, &dtypes));
  if (call->outputs.size() > dims.size()) {
    return Status(err::kInvalidParam, "op '" + call->op_type + "' has " + std::to_string(dims.size()) +
                                          " output(s) but numOutputs is " + std::to_string(call->outputs.size()));
  }
  for (size_t i = 0; i < call->outputs.size(); ++i) {
    ASIM_RETURN_IF_ERROR(call->outputs[i].SetShape(static_cast<int>(dims[i].size()), dims[i].data()));
  }
  return Status::Ok();
}

}  // namespace asim::op
