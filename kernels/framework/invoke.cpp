// InvokeKernel. See invoke.h.
#include "kernels/framework/invoke.h"

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

}  // namespace asim::kernels
