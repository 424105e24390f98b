// KernelRegistry: every kernel of the project, and the choice of one for a node.
//
// Owns: the immutable table built once from kernels/kernel_list.inc (an explicit list,
// no static initialisers that a linker could drop). Selection tries the AI Core kernels of
// an op type first, then the AI CPU ones, as the real engine assignment does; the first
// whose declaration and constraints accept the inputs wins. An AI Core kernel that refuses
// only an input's format still wins when TransData can convert that input: the selection
// then lists the conversions the caller inserts. When none does, the error names the op,
// and for every candidate the input, dtype or format and the reason it refused.
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

// One input the caller must convert (a TransData node: src_format = FormatName(from),
// dst_format = FormatName(to)) before the selected kernel runs.
struct FormatConversion {
  size_t input = 0;
  Format from = Format::kUndefined;
  Format to = Format::kUndefined;
  TensorSpec converted;  // the input as the kernel sees it: dims in `to`, origin = the plain view
};

struct Selection {
  const KernelDef* def = nullptr;
  AttrMap attrs;                    // with defaults filled in
  std::vector<TensorSpec> outputs;  // inferred, in the formats the kernel produces
  size_t workspace_bytes = 0;
  WorkDesc work;
  std::vector<std::string> refusals;  // why earlier candidates were skipped (AI Core -> AI CPU fallback)
  // Inputs to convert first (empty when the inputs fit as given). Only AI Core kernels get
  // conversions, and only when their sole objection was an input format that TransData
  // (looked up in the same registry) can produce; workspace and work above are computed
  // for the converted inputs.
  std::vector<FormatConversion> conversions;
};

class KernelRegistry {
 public:
  static const KernelRegistry& Get();
  // The rows of kernels/lists/*.inc whose op type or engine column disagrees with the kernel
  // its builder builds (empty when the lists are right; tests/unit/kernels checks it).
  static const std::vector<std::string>& ListMismatches();

  // For tests: a registry over an explicit list.
  explicit KernelRegistry(std::vector<KernelDef> defs);

  const std::vector<KernelDef>& all() const { return defs_; }
  // Candidates of an op type, AI Core first.
  std::vector<const KernelDef*> Find(std::string_view op_type) const;
  std::vector<std::string> OpTypes() const;  // sorted, unique

  Status Select(std::string_view op_type, const std::vector<TensorSpec>& inputs, const AttrMap& attrs,
                const ChipTraits& chip, Selection* out) const;
  // Select among the kernels of one engine only: the compiler puts a node whose dims are
  // decided at execution (unknown, -1, at compilation) on the AI CPU, whose kernels re-infer
  // and run on any shape. Cost and workspace of unknown dims are estimated with 1 for each
  // (the runtime sizes them again with the actual dims).
  Status SelectOnEngine(std::string_view op_type, const std::vector<TensorSpec>& inputs, const AttrMap& attrs,
                        const ChipTraits& chip, Engine engine, Selection* out) const;

  // The kernel that takes these inputs exactly as given (no format conversion), AI CPU
  // kernels first: how the converter infers shapes and folds constants on the host, and how
  // a control op's body (subgraph.h) picks its kernels. Fails as Select does when no kernel
  // takes them (or kOpNotFound when one would only after a conversion).
  Status SelectAsGiven(std::string_view op_type, const std::vector<TensorSpec>& inputs, const AttrMap& attrs,
                       const ChipTraits& chip, const KernelDef** def, AttrMap* resolved) const;

  // The kernel of `engine` that a converted model's node names: an op may have several per
  // engine that differ in the layouts they take (Conv on NC1HWC0, and on NC1HWC0_C04), so the
  // first whose declared input formats take `inputs`' formats; else the first of that engine
  // (whose Match then says what it refuses); nullptr when the engine has no kernel of the type.
  const KernelDef* FindForLayouts(std::string_view op_type, Engine engine, const std::vector<TensorSpec>& inputs) const;

  // The TransData op type and the attributes that convert `from` into `to`.
  static constexpr const char* kTransDataOp = "TransData";
  static AttrMap TransDataAttrs(Format from, Format to);
  // Selects the TransData kernel that converts `tensor` into format `to` (out->outputs[0]
  // is the converted tensor). Callers use it for the way back too (a kernel's NC1HWC0
  // output to the NCHW a consumer wants). Fails as Select does when no kernel converts.
  Status SelectConversion(const TensorSpec& tensor, Format to, const ChipTraits& chip, Selection* out) const;

 private:
  // For an AI Core kernel that refused an input format: converts every input whose format
  // it does not accept into the first accepted format TransData can produce, then matches
  // again (*rematched). Ok with the converted inputs and the conversions; else why no
  // conversion exists, or (*rematched) the reason the kernel still refuses.
  Status PlanConversions(const KernelDef& def, const std::vector<TensorSpec>& inputs, const AttrMap& attrs,
                         const ChipTraits& chip, std::vector<TensorSpec>* converted,
                         std::vector<FormatConversion>* conversions, bool* rematched) const;

  Status SelectAmong(std::string_view op_type, const std::vector<const KernelDef*>& candidates,
                     const std::vector<TensorSpec>& inputs, const AttrMap& attrs, const ChipTraits& chip,
                     Selection* out) const;

  std::vector<KernelDef> defs_;
};

}  // namespace asim::kernels
