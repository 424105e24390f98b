// Control flow in the converter: what an ONNX body graph reads from outside, and how a
// translated body (an ir::Graph) becomes the kernels::Subgraph an If / Loop / Scan node
// carries (kernels/framework/subgraph.h; the AI CPU control kernels run it).
//
// Owns: FreeNames (the outer-scope names a body reads, nested bodies included) and
// MakeSubgraph (values, live nodes, inputs and outputs of the body; small constants stay in
// the body, large ones move to the enclosing graph's weights and become captured inputs).
// The importer (onnx_importer.cpp) translates the body's nodes itself, with the same
// translation table as the main graph.
// Thread safety: pure functions over their arguments. Failure: MakeSubgraph returns E16007
// (kParseModel) for string tensors in a body (their bytes depend on their contents, which
// only the host interpreter sizes).
#pragma once

#include <string>
#include <vector>

#include "base/status.h"
#include "kernels/framework/chip.h"
#include "kernels/framework/subgraph.h"
#include "tools/atc/onnx/onnx_proto.h"
#include "tools/atc/passes/ir.h"

namespace asim::atc::onnx_import {

// Constants up to this size stay inside the body's text; larger ones become weights.
inline constexpr size_t kMaxEmbeddedConstantBytes = 4096;

// Names `graph`'s nodes (and the nodes of graphs nested in their attributes) read that
// `graph` does not define itself (inputs, initializers, node outputs), in first-use order.
std::vector<std::string> FreeNames(const onnx::GraphProto& graph);

// `body`: the translated body; its inputs are the formal inputs then the captured ones
// (`captured` of them at the end), its outputs set. Large constants are added to `outer`
// (the enclosing graph) and appended as captured inputs: `*captured_outer` gets the outer
// value of every captured input, in order (`outer_of_captured` gives those of the
// captured inputs the body already has). `what` names the body in messages ("then_branch
// of node 'if1'").
Status MakeSubgraph(const ir::Graph& body, size_t captured, const std::vector<int>& outer_of_captured,
                    const kernels::ChipTraits& chip, const std::string& what, ir::Graph* outer, kernels::Subgraph* out,
                    std::vector<int>* captured_outer);

// Appends an unread input of `spec` to `graph`, at input position `position`, as captured.
void InsertUnusedInput(kernels::Subgraph* graph, size_t position, const ir::Value& spec);

}  // namespace asim::atc::onnx_import
