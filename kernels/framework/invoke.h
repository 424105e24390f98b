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

#include <cstdint>
#include <vector>

#include "kernels/framework/kernel_def.h"

namespace asim::kernels {

Status InvokeKernel(const KernelDef& def, KernelContext& ctx) noexcept;

// What a kernel run on the host over constant inputs made: per output, its spec (the dims
// the kernel reported: a data-dependent output may come out smaller than inferred) and its
// bytes (trimmed to those dims).
struct HostRun {
  std::vector<TensorSpec> specs;
  std::vector<std::vector<uint8_t>> bytes;
};

// Runs `def` with resolved `attrs` on the host (constant folding in atc and the compiler):
// `inputs` as given (data nullptr: an absent optional input; a present input without bytes
// needs some non-null data), outputs allocated and zeroed for the static `outputs` specs
// (their host_data ignored), a workspace of `workspace_bytes`. kInvalidParam for an output
// that is not static; otherwise InvokeKernel's status.
Status RunOnHost(const KernelDef& def, const AttrMap& attrs, const std::vector<TensorView>& inputs,
                 const std::vector<TensorSpec>& outputs, size_t workspace_bytes, HostRun* out);

}  // namespace asim::kernels
