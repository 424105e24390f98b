// Shared argument handling of the single-op shims. See acl_op_objects.h.
#include "runtime/api/acl_op_objects.h"
#include "runtime/api/runtime_context.h"

#include <string>

#include "runtime/core/runtime.h"
#include "runtime/core/stream_use.h"

namespace asim::api {

rt::HandleRegistry<op::OpAttr>& OpAttrs() {
  return Ctx().op_objects().attrs;
}

rt::HandleRegistry<op::PreparedOp>& OpHandles() {
  return Ctx().op_objects().handles;
}

namespace {

Status CollectDescs(const char* count_arg, const char* array_arg, int count, const aclTensorDesc* const descs[],
                    std::vector<TensorDesc>* out) {
  if (count < 0) {
    return Status(err::kInvalidParam, std::string(count_arg) + " " + std::to_string(count) + " is negative");
  }
  if (count > 0 && descs == nullptr) {
    return Status(err::kInvalidParam,
                  std::string(array_arg) + " is NULL but " + count_arg + " is " + std::to_string(count));
  }
  out->clear();
  out->reserve(static_cast<size_t>(count));
  for (int i = 0; i < count; ++i) {
    const std::string where = std::string(array_arg) + "[" + std::to_string(i) + "]";
    if (descs[i] == nullptr) return Status(err::kInvalidParam, where + " is NULL");
    auto desc = TensorDescs().Find(descs[i]);
    if (!desc) {
      return Status(err::kInvalidParam, where + " is not a live tensor descriptor (aclCreateTensorDesc)");
    }
    out->push_back(*desc);
  }
  return Status::Ok();
}

}  // namespace

Status BuildOpCall(const char* op_type, int num_inputs, const aclTensorDesc* const input_desc[], int num_outputs,
                   const aclTensorDesc* const output_desc[], const aclopAttr* attr, op::OpCall* call) {
  if (op_type == nullptr) return Status(err::kInvalidParam, "opType must not be NULL");
  if (op_type[0] == '\0') return Status(err::kInvalidParam, "opType must not be empty");
  call->op_type = op_type;
  ASIM_RETURN_IF_ERROR(CollectDescs("numInputs", "inputDesc", num_inputs, input_desc, &call->inputs));
  ASIM_RETURN_IF_ERROR(CollectDescs("numOutputs", "outputDesc", num_outputs, output_desc, &call->outputs));
  call->attrs = kernels::AttrMap();
  if (attr != nullptr) {
    auto object = OpAttrs().Find(attr);
    if (!object) return Status(err::kInvalidParam, "attr is not a live aclopAttr (aclopCreateAttr)");
    call->attrs = object->map();
  }
  return Status::Ok();
}

Status CollectOpBuffers(const char* what, int count, const aclDataBuffer* const buffers[],
                        std::vector<op::OpBuffer>* out) {
  const std::string array_arg = std::string(what) + "s";
  if (count < 0) return Status(err::kInvalidParam, "the number of " + array_arg + " is negative");
  if (count > 0 && buffers == nullptr) {
    return Status(err::kInvalidParam,
                  array_arg + " is NULL but there are " + std::to_string(count) + " " + what + "(s)");
  }
  out->clear();
  for (int i = 0; i < count; ++i) {
    const std::string where = array_arg + "[" + std::to_string(i) + "]";
    if (buffers[i] == nullptr) return Status(err::kInvalidParam, where + " is NULL");
    auto buf = DataBuffers().Find(buffers[i]);
    if (!buf) return Status(err::kInvalidParam, where + " is not a live aclDataBuffer (aclCreateDataBuffer)");
    out->push_back(op::OpBuffer{buf->data, buf->size});
  }
  return Status::Ok();
}

void UpdateOutputDescs(const op::OpCall& call, aclTensorDesc* const output_desc[]) {
  if (output_desc == nullptr) return;
  for (size_t i = 0; i < call.outputs.size(); ++i) {
    auto desc = TensorDescs().Find(output_desc[i]);
    if (!desc) continue;
    const auto& dims = call.outputs[i].dims();
    if (desc->dims() != dims) (void)desc->SetShape(static_cast<int>(dims.size()), dims.data());
  }
}

Status PrepareOpHere(op::OpCall* call, op::CompilePolicy policy, std::shared_ptr<const op::OpModelEntry>* entry) {
  std::shared_ptr<rt::DeviceContext> device;
  ASIM_RETURN_IF_ERROR(asim::api::Ctx().core().CurrentDevice(&device));
  return asim::api::Ctx().ops().PrepareOp(call, policy, device->device().spec(), entry);
}

Status OpTargetHere(void* stream, op::OpTarget* target) {
  rt::Runtime& runtime = asim::api::Ctx().core();
  ASIM_RETURN_IF_ERROR(runtime.CurrentDevice(&target->device));
  ASIM_RETURN_IF_ERROR(ResolveStreamFor(runtime, stream, rt::StreamUse::kWork, &target->stream));
  target->aicpu_timeout_s = runtime.op_execute_timeout();
  return Status::Ok();
}

Status InferSpecHere(sim::SocSpec* spec) {
  std::shared_ptr<rt::DeviceContext> device;
  if (asim::api::Ctx().core().CurrentDevice(&device).ok()) {
    *spec = device->device().spec();
    return Status::Ok();
  }
  return sim::LoadSocSpec(asim::api::Ctx().core().soc_name(), spec);
}

}  // namespace asim::api
