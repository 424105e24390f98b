// SubgraphRunner: runs a control-flow body (kernels/framework/subgraph.h) on the AI CPU, the
// way the If / Loop / Scan kernels need it — node by node with the registry's kernels over
// host buffers it allocates per execution, each node's kernel chosen for the inputs' actual
// shapes (KernelRegistry::SelectAsGiven with the body's chip), data-dependent output dims
// read back after compute (computed_shape.h). No memory plan: a body's shapes may change
// from one iteration to the next.
//
// Owns: the decoded Subgraph. Runners are shared: FromAttr keeps a small process-wide cache
// keyed by the attribute's text, so a node's shape inference (once per execution of a
// dynamic node) does not parse the JSON again.
// Thread safety: a runner is immutable; Infer and Run are re-entrant. The cache is locked.
// Failure: FromAttr returns DecodeSubgraph's kInvalidParam; Infer / Run return the body
// node's Status prefixed with "<what> node '<name>' (<type>): ", or kInvalidParam for
// inputs that do not match the body's (count, dtype).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "base/work.h"
#include "kernels/framework/kernel_def.h"
#include "kernels/framework/subgraph.h"

namespace asim::kernels {

// A tensor the runner reads or produced: bytes at `data` under `spec` (host_data unused),
// kept alive by `owner` (null for bytes the caller keeps alive).
struct HostTensor {
  TensorSpec spec;
  const void* data = nullptr;
  std::shared_ptr<const void> owner;
};

class SubgraphRunner {
 public:
  SubgraphRunner(Subgraph graph, std::string what);

  // The body in string attribute `what` of `attrs`, decoded (or from the cache).
  static Status FromAttr(const AttrMap& attrs, const std::string& what, std::shared_ptr<const SubgraphRunner>* out);

  const Subgraph& graph() const { return graph_; }
  const std::string& what() const { return what_; }

  // kInvalidParam unless `inputs` (formal then captured) match the body's inputs in count
  // and dtype; `first` is the index of the control node's input that feeds body input 0
  // (for messages).
  Status CheckInputs(const std::vector<TensorSpec>& inputs, size_t first) const;

  // Shape-only: the outputs' specs for inputs with these specs (dims as given; only the
  // body's own constants have known values, as when the converter compiled it), and the
  // body's work as AI CPU scalar ops (its nodes' cost descriptions, whatever engine they
  // describe, summed). Data-dependent dims are bounds.
  Status Infer(const std::vector<TensorSpec>& inputs, std::vector<TensorSpec>* outputs, WorkDesc* work) const;

  // Runs the body once: `inputs` (formal then captured) -> `outputs` (the body's outputs,
  // in order, with their actual dims). `interrupted` (KernelContext's) reaches the body's
  // nodes, so a Loop nested in the body stops too.
  Status Run(const std::vector<HostTensor>& inputs, std::vector<HostTensor>* outputs,
             const std::function<bool()>& interrupted = {}) const;

 private:
  // The node's kernel for inputs `in`, its resolved attributes and inferred outputs.
  Status Choose(const SubgraphNode& node, const std::vector<TensorSpec>& in, const KernelDef** def, AttrMap* attrs,
                std::vector<TensorSpec>* out) const;
  Status NodeError(const SubgraphNode& node, const Status& st) const;

  Subgraph graph_;
  std::string what_;
};

// Copies `from` into `ctx` output `index` (allocated at a bound) and reports its dims
// (SetComputedDims); kInvalidParam when the dtypes differ, kInternalError past the bound.
Status CopyToComputedOutput(const HostTensor& from, KernelContext& ctx, size_t index, const std::string& op);
// The same for outputs 0 .. from.size()-1 of `ctx`: every output's dims are reported before
// the first failure is returned (so each one that outgrew its bound carries its actual dims).
Status CopyToComputedOutputs(const std::vector<HostTensor>& from, KernelContext& ctx, const std::string& op);

// A control kernel's shape inference that also describes its work; the InferShape and Cost
// functions of the declaration both come from it.
using InferWithWorkFn = Status (*)(const std::vector<TensorSpec>& inputs, const AttrMap& attrs,
                                   std::vector<TensorSpec>* outputs, WorkDesc* work);
InferShapeFn InferShapeFrom(InferWithWorkFn fn);
CostFn CostFrom(InferWithWorkFn fn);  // an empty AI CPU description when inference fails

// Adds `body` repeated `times` to `total`, as AI CPU work (plus the interpretation's own
// scalar work per pass).
void AddBodyWork(const WorkDesc& body, double times, WorkDesc* total);

}  // namespace asim::kernels
