// InvokeKernel. See invoke.h.
#include "kernels/framework/invoke.h"

#include <algorithm>
#include <exception>
#include <new>
#include <string>

namespace asim::kernels {

Status InvokeKernel(const KernelDef& def, KernelContext& ctx) noexcept {
  try {
    if (!def.compute) return Status(err::kInternalError, "kernel " + def.op_type + " has no compute function");
    return def.compute(ctx);
  } catch (const std::bad_alloc&) {
    return Status(err::kBadAlloc, "out of host memory");
  } catch (const std::exception& e) {
    try {
      return Status(err::kInternalError, std::string("kernel ") + def.op_type + " threw: " + e.what());
    } catch (...) {
      return Status(err::kBadAlloc, "out of host memory");
    }
  } catch (...) {
    return Status(err::kInternalError, "kernel threw a non-standard exception");
  }
}

Status RunOnHost(const KernelDef& def, const AttrMap& attrs, const std::vector<TensorView>& inputs,
                 const std::vector<TensorSpec>& outputs, size_t workspace_bytes, HostRun* out) {
  static uint8_t empty[8];  // where an output without bytes points (present, not absent)
  HostRun run;
  KernelContext ctx;
  ctx.inputs = inputs;
  run.bytes.resize(outputs.size());
  for (size_t k = 0; k < outputs.size(); ++k) {
    TensorSpec spec = outputs[k];
    if (!spec.IsStatic()) return Status(err::kInvalidParam, "output " + std::to_string(k) + " is not static");
    spec.host_data = nullptr;
    run.bytes[k].assign(spec.Bytes(), 0);
    ctx.outputs.push_back({spec, run.bytes[k].empty() ? empty : run.bytes[k].data()});
  }
  std::vector<uint8_t> workspace(workspace_bytes);
  ctx.attrs = &attrs;
  ctx.workspace = workspace.empty() ? nullptr : workspace.data();
  ctx.workspace_bytes = workspace.size();
  ASIM_RETURN_IF_ERROR(InvokeKernel(def, ctx));
  for (size_t k = 0; k < outputs.size(); ++k) {
    TensorSpec spec = outputs[k];
    spec.host_data = nullptr;
    spec.dims = ctx.outputs[k].spec.dims;
    run.bytes[k].resize(std::min<size_t>(run.bytes[k].size(), spec.Bytes()));
    run.specs.push_back(std::move(spec));
  }
  *out = std::move(run);
  return Status::Ok();
}

}  // namespace asim::kernels
