// InvokeKernel: the one way a kernel's compute function is called — by the model executor,
// control-flow bodies (SubgraphRunner), constant folding in the compiler and in atc, the test
// interpreters and the benchmarks (tests/layering/check_layering.py rejects any other call).
//
// Owns: nothing; it is the boundary where a kernel's C++ exceptions stop. std::bad_alloc
// becomes err::kBadAlloc "out of host memory", any other exception err::kInternalError naming
// the kernel and what(), so nothing throws across a stream worker or the C API; a def
// without a compute function fails with kInternalError. Whatever the kernel returns passes
// through unchanged.
// Thread safety: as the kernel's compute (reentrant for distinct contexts). Failure: above.
#pragma once

#include "kernels/framework/kernel_def.h"

namespace asim::kernels {

Status InvokeKernel(const KernelDef& def, KernelContext& ctx) noexcept;

}  // namespace asim::kernels
