// Shape and type inference, and host evaluation, of ir::Graph nodes through the kernel
// registry — the same declarations the graph compiler and the runtime use, so the
// converter's view of every value agrees with what compilation will infer.
//
// Owns: the choice of the kernel that infers (or evaluates) a node on plain layouts: the
// first AI CPU kernel whose declaration accepts the inputs (they take every plain layout
// and the widest dtypes), else the first AI Core kernel that accepts them as given; when
// none does, the registry's Select explains why (that message names the op, the inputs
// and every candidate's refusal).
// Thread safety: pure apart from the read-only registry. Failure: the registry's Status
// (kOpNotFound, kUnsupportedDataType, kFormatNotMatch, kInvalidParam ...) unchanged;
// EvaluateNode also returns a compute failure or kInvalidParam for non-static shapes.
#pragma once

#include <vector>

#include "base/status.h"
#include "kernels/framework/chip.h"
#include "kernels/framework/kernel_def.h"
#include "tools/atc/passes/ir.h"

namespace asim::atc::ir {

// The kernel that infers `type` for these inputs (see above), with its resolved attrs.
Status ChooseKernel(const std::string& type, const std::vector<kernels::TensorSpec>& inputs,
                    const kernels::AttrMap& attrs, const kernels::ChipTraits& chip, const kernels::KernelDef** def,
                    kernels::AttrMap* resolved);

// Sets dtype, dims, format, `dynamic` and `data_dependent` of the node's outputs. kInvalidParam when the
// kernel yields fewer outputs than the node has.
Status InferNode(Graph& graph, int node, const kernels::ChipTraits& chip);

// InferNode over every live node, in order.
Status InferGraph(Graph& graph, const kernels::ChipTraits& chip);

// Runs the node on the host over its inputs' constant bytes (every present input must be
// a constant with static dims); the outputs' bytes and specs in order.
Status EvaluateNode(const Graph& graph, const Node& node, const kernels::ChipTraits& chip, std::vector<Bytes>* out,
                    std::vector<kernels::TensorSpec>* specs);

// Input specs of a node (absent optional inputs as an empty spec).
std::vector<kernels::TensorSpec> InputSpecs(const Graph& graph, const Node& node);

}  // namespace asim::atc::ir
