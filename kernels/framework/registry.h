// KernelRegistry: every kernel of the project, and the choice of one for a node.
//
// Owns: the immutable table built once from kernels/kernel_list.inc (an explicit list,
// no static initialisers that a linker could drop). Selection tries the AI Core kernels of
// an op type first, then the AI CPU ones, as the real engine assignment does; the first
// whose declaration and constraints accept the inputs wins. When none does, the error
// names the op, and for every candidate the input, dtype or format and the reason it
// refused.
// Thread safety: Get() is thread-safe (built on first use); the registry is read-only.
// Failure: Select returns kOpNotFound (no kernel for the op type, or every candidate
// refused for another reason), kUnsupportedDataType (every candidate refused a dtype) or
// kFormatNotMatch (every candidate refused a format); kInvalidParam for bad attributes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "kernels/framework/kernel_def.h"

namespace asim::kernels {

struct Selection {
  const KernelDef* def = nullptr;
  AttrMap attrs;                     // with defaults filled in
  std::vector<TensorSpec> outputs;   // inferred
  size_t workspace_bytes = 0;
  WorkDesc work;
  std::vector<std::string> refusals;  // why earlier candidates were skipped (AI Core -> AI CPU fallback)
};

class KernelRegistry {
 public:
  static const KernelRegistry& Get();

  // For tests: a registry over an explicit list.
  explicit KernelRegistry(std::vector<KernelDef> defs);

  const std::vector<KernelDef>& all() const { return defs_; }
  // Candidates of an op type, AI Core first.
  std::vector<const KernelDef*> Find(std::string_view op_type) const;
  std::vector<std::string> OpTypes() const;  // sorted, unique

  Status Select(std::string_view op_type, const std::vector<TensorSpec>& inputs, const AttrMap& attrs,
                const ChipTraits& chip, Selection* out) const;

 private:
  std::vector<KernelDef> defs_;
};

}  // namespace asim::kernels
