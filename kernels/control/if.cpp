// If (ONNX): runs then_branch or else_branch on the AI CPU, as the chip's control flow does
// for a condition known only at execution. Inputs: `cond` (a one-element bool), then every
// value the branches read from the enclosing graph (the converter makes both branches take
// the same captured list). The outputs' dims are the elementwise maximum of the branches'
// (a bound: the branches may differ, and data-dependent ops inside them give bounds); compute
// reports the taken branch's actual dims (computed_shape.h).
// Owner: the AI CPU control family. Thread safety: re-entrant.
// Failure: kInvalidParam for branches whose outputs differ in count, dtype or rank, inputs
// that do not match the branches', or a condition that is not one element; a body node's
// Status, prefixed with the branch and the node.
#include "kernels/control/subgraph_runner.h"

namespace asim::kernels {
namespace {

struct Branches {
  std::shared_ptr<const SubgraphRunner> then_branch, else_branch;
};

Status LoadBranches(const AttrMap& attrs, Branches* b) {
  ASIM_RETURN_IF_ERROR(SubgraphRunner::FromAttr(attrs, "then_branch", &b->then_branch));
  return SubgraphRunner::FromAttr(attrs, "else_branch", &b->else_branch);
}

std::vector<TensorSpec> Captured(const std::vector<TensorSpec>& inputs) {
  return std::vector<TensorSpec>(inputs.begin() + (inputs.empty() ? 0 : 1), inputs.end());
}

Status IfMatch(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, const ChipTraits&) {
  Branches b;
  ASIM_RETURN_IF_ERROR(LoadBranches(attrs, &b));
  ASIM_RETURN_IF_ERROR(b.then_branch->CheckInputs(Captured(inputs), 1));
  ASIM_RETURN_IF_ERROR(b.else_branch->CheckInputs(Captured(inputs), 1));
  if (b.then_branch->graph().outputs.size() != b.else_branch->graph().outputs.size()) {
    return Status(err::kInvalidParam, "then_branch has " + std::to_string(b.then_branch->graph().outputs.size()) +
                                          " outputs, else_branch " +
                                          std::to_string(b.else_branch->graph().outputs.size()));
  }
  return Status::Ok();
}

Status IfInferWithWork(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs,
                       WorkDesc* work) {
  Branches b;
  ASIM_RETURN_IF_ERROR(LoadBranches(attrs, &b));
  std::vector<TensorSpec> then_out, else_out;
  WorkDesc then_work, else_work;
  ASIM_RETURN_IF_ERROR(b.then_branch->Infer(Captured(inputs), &then_out, &then_work));
  ASIM_RETURN_IF_ERROR(b.else_branch->Infer(Captured(inputs), &else_out, &else_work));
  if (then_out.size() != else_out.size()) {
    return Status(err::kInvalidParam, "the branches have different output counts");
  }
  outputs->clear();
  for (size_t k = 0; k < then_out.size(); ++k) {
    TensorSpec o = then_out[k];
    const TensorSpec& e = else_out[k];
    if (o.dtype != e.dtype || o.dims.size() != e.dims.size()) {
      return Status(err::kInvalidParam, "output " + std::to_string(k) + " is " + DataTypeName(o.dtype) + " " +
                                            DimsToString(o.dims) + " in then_branch but " + DataTypeName(e.dtype) +
                                            " " + DimsToString(e.dims) +
                                            " in else_branch (the branches must agree on dtype and rank)");
    }
    for (size_t d = 0; d < o.dims.size(); ++d) o.dims[d] = std::max(o.dims[d], e.dims[d]);
    o.format = o.dims.size() == 4 ? o.format : Format::kNd;
    outputs->push_back(std::move(o));
  }
  // The cost model sees the dearer branch: the choice is made by the data.
  const bool then_dearer = then_work.aicpu_ops >= else_work.aicpu_ops;
  *work = WorkDesc{};
  AddBodyWork(then_dearer ? then_work : else_work, 1.0, work);
  return Status::Ok();
}

Status IfCompute(KernelContext& ctx) {
  Branches b;
  ASIM_RETURN_IF_ERROR(LoadBranches(*ctx.attrs, &b));
  const TensorView& cond = ctx.in(0);
  if (cond.ElementCount() != 1) {
    return Status(err::kInvalidParam, "If: cond has " + std::to_string(cond.ElementCount()) + " elements " +
                                          DimsToString(cond.dims()) + ", it must have one");
  }
  const bool taken = *static_cast<const uint8_t*>(cond.data) != 0;
  const SubgraphRunner& branch = taken ? *b.then_branch : *b.else_branch;
  std::vector<HostTensor> inputs, outputs;
  for (size_t i = 1; i < ctx.inputs.size(); ++i) inputs.push_back(HostTensor{ctx.in(i).spec, ctx.in(i).data, nullptr});
  ASIM_RETURN_IF_ERROR(branch.Run(inputs, &outputs, ctx.interrupted));
  if (outputs.size() < ctx.outputs.size()) return Status(err::kInternalError, "If: the branch gave too few outputs");
  outputs.resize(ctx.outputs.size());
  return CopyToComputedOutputs(outputs, ctx, "If (" + branch.what() + ")");
}

}  // namespace

KernelDef BuildIf_AiCpu() {
  return KernelBuilder("If", Engine::kAiCpu)
      .Input("cond", {DataType::kBool})
      .VariadicInput("captured", {})
      .VariadicOutput("outputs", {})
      .ShapeFromCompute()
      .RequiredAttr("then_branch", AttrType::kString)
      .RequiredAttr("else_branch", AttrType::kString)
      .Constraint(IfMatch)
      .InferShape(InferShapeFrom(IfInferWithWork))
      .Compute(IfCompute)
      .Cost(CostFrom(IfInferWithWork))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
