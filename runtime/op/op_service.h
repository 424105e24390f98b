// Single-op service: what the acl_op.h / acl_op_compiler.h shims call — find or compile the
// model a call runs, validate the caller's buffers, execute on the caller's stream, infer
// output shapes.
//
// Owns: the op module's state (the catalog of op models, the compile options, the op models
// loaded on devices), one OpService per runtime context (runtime/api/runtime_context.h;
// tests make their own); and the policy of a call without a matching model. It is compiled on demand (and kept in
// the catalog) when online compilation is in effect: the application used acl_op_compiler.h
// (compile_options.h), the call is aclopCompile* itself, or the device is an Ascend910B /
// Ascend310P family chip, for which CANN ships pre-built binary kernels of its operators so
// single ops run without an op model directory. Otherwise the call fails with
// ACL_ERROR_OP_NOT_FOUND (as real ACL without the compiler does). A matched model with unknown
// dims (-1, shape_range) is compiled once per concrete shape (its static instance), which is
// what CANN's runtime tiling does for dynamic single-op models.
// Thread safety: every function is thread-safe. Failure: kInvalidParam for bad buffers (index
// and sizes named); kOpNotFound / kUnsupportedDataType / kFormatNotMatch / kOpAttrNotMatch
// from matching and compilation with the registry's explanation; the executor's codes.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "base/status.h"
#include "device_sim/soc/soc_spec.h"
#include "runtime/core/extension.h"
#include "runtime/core/objects.h"
#include "runtime/op/compile_options.h"
#include "runtime/op/op_call.h"
#include "runtime/op/op_catalog.h"
#include "runtime/op/op_runner.h"

namespace asim::op {

struct OpBuffer {
  void* data = nullptr;
  size_t size = 0;
};

// Where a call runs, resolved by the caller (the API layer) from the calling thread's
// context: nothing here reads process state.
struct OpTarget {
  std::shared_ptr<rt::DeviceContext> device;  // the current context's device
  std::shared_ptr<rt::Stream> stream;         // the application's stream (on `device`)
  uint32_t aicpu_timeout_s = 0;               // aclrtSetOpExecuteTimeOut in effect (0 = default)
};

enum class CompilePolicy {
  kIfOnline,  // aclopExecute*, handles, aclopUpdateParams: compile only when online compilation is in effect
  kAlways,    // aclopCompile, aclopCompileAndExecute*
};

class OpService {
 public:
  OpService() = default;
  OpService(const OpService&) = delete;
  OpService& operator=(const OpService&) = delete;

  OpCatalog& catalog() { return catalog_; }
  CompileOptionStore& compile_options() { return options_; }
  OpRunner& runner() { return runner_; }
  // Its part in the runtime's lifecycle: a released device's op models go; aclFinalize also
  // clears the catalog and the compile options. Refers to this service (which must outlive
  // the registration).
  std::shared_ptr<rt::RuntimeExtension> Extension();

  // The model `call` runs on a device simulating `spec` (matched, or compiled as the policy
  // allows). Output descs with unknown dims get the inferred ones first (aclopExecuteV2).
  Status PrepareOp(OpCall* call, CompilePolicy policy, const sim::SocSpec& spec,
                   std::shared_ptr<const OpModelEntry>* entry);

  // Checks the buffers against the call's descs (count, NULL, size >= the desc's bytes) and
  // runs `entry` on the target's stream. The call's output descs end up with the model's
  // output shapes.
  Status RunOp(const std::shared_ptr<const OpModelEntry>& entry, OpCall* call, const std::vector<OpBuffer>& inputs,
               const std::vector<OpBuffer>& outputs, const OpTarget& target);

  // PrepareOp (for the target's device) + RunOp.
  Status ExecuteOp(OpCall* call, const std::vector<OpBuffer>& inputs, const std::vector<OpBuffer>& outputs,
                   const OpTarget& target, CompilePolicy policy);

 private:
  Status Compile(const atc::SingleOpDesc& desc, const sim::SocSpec& spec, const std::string& source,
                 std::shared_ptr<const OpModelEntry>* entry);

  OpCatalog catalog_;
  CompileOptionStore options_;
  OpRunner runner_;  // last: destroyed first (its loaded models refer to catalog entries)
};

// Shape inference through the kernel registry for a chip simulating `spec`, no execution:
// fills the dims of call->outputs (as many as the kernel produces).
Status InferOpShape(OpCall* call, const sim::SocSpec& spec);

}  // namespace asim::op
