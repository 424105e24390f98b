// The registries of acl_op.h's aclopAttr and aclopHandle (op::OpObjects, runtime/op/op_objects.h)
// and the argument conversion the acl_op / acl_op_compiler / acl_cblas shims share.
//
// Owns: the checks of
// the (opType, numInputs, inputDesc[], ..., attr) argument lists, which name the argument and
// index at fault ("inputDesc[1] is NULL", "numOutputs -1 is negative").
// Thread safety: the registries are thread-safe; one object is not synchronised (as in
// AscendCL, an application must not change one aclopAttr from two threads at once).
// Failure: Status kInvalidParam (kInvalidResourceHandle for a stale handle) with the message.
#pragma once

#include <memory>
#include <vector>

#include "acl/acl_op.h"
#include "base/status.h"
#include "runtime/api/acl_objects.h"
#include "runtime/core/handle_registry.h"
#include "runtime/op/op_attr.h"
#include "runtime/op/op_call.h"
#include "runtime/op/op_catalog.h"
#include "runtime/op/op_objects.h"
#include "runtime/op/op_service.h"

namespace asim::api {

// The context's registries (the handle is the object's address).
rt::HandleRegistry<op::OpAttr>& OpAttrs();
rt::HandleRegistry<op::PreparedOp>& OpHandles();

// Copies the descriptions and attributes of a call. NULL `attr` = no attributes.
Status BuildOpCall(const char* op_type, int num_inputs, const aclTensorDesc* const input_desc[], int num_outputs,
                   const aclTensorDesc* const output_desc[], const aclopAttr* attr, op::OpCall* call);
// The data buffers of one side ("input" / "output"), checked non-NULL and live.
Status CollectOpBuffers(const char* what, int count, const aclDataBuffer* const buffers[],
                        std::vector<op::OpBuffer>* out);
// Writes the call's output shapes back into the application's descs (aclopExecuteV2).
void UpdateOutputDescs(const op::OpCall& call, aclTensorDesc* const output_desc[]);

// The calling thread's state for the single-op service (runtime/op takes it resolved):
// PrepareOp for the current context's device;
Status PrepareOpHere(op::OpCall* call, op::CompilePolicy policy, std::shared_ptr<const op::OpModelEntry>* entry);
// the current device, `stream` (nullptr = the current context's default) and the op timeout;
Status OpTargetHere(void* stream, op::OpTarget* target);
// the chip shapes are inferred for: the current device's, else the configured SoC.
Status InferSpecHere(sim::SocSpec* spec);

}  // namespace asim::api
