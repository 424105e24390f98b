// Subgraph: the body of a control-flow op (If's branches, Loop's and Scan's body) as the
// AI CPU control kernels run it, and its text form.
//
// Owns: the structure — values (dtype, dims as compiled, constant bytes for the small
// constants the body keeps), nodes in the kernel registry's vocabulary in execution order,
// the body's inputs and outputs — and EncodeSubgraph / DecodeSubgraph, which turn it into
// the JSON string the converter stores in the control node's attribute ("then_branch",
// "else_branch", "body") and back. The last `captured` inputs are values of the enclosing
// graph the body reads (outer-scope values and the body's large constants, which the
// converter hoists into the weights): the control node passes them after its own inputs.
// `chip` is the chip the body was compiled for; kernel choice inside the body repeats the
// converter's (KernelRegistry::SelectAsGiven with it).
// Thread safety: a value type. Failure: DecodeSubgraph validates everything a file could
// get wrong (JSON syntax, types, indices, execution order, byte counts) and returns
// kInvalidParam naming the place ("body node 3 'add' input 1: value 99 >= 12 values").
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "kernels/framework/attr.h"
#include "kernels/framework/chip.h"
#include "kernels/framework/tensor.h"

namespace asim::kernels {

struct SubgraphValue {
  std::string name;
  DataType dtype = DataType::kUndefined;
  Format format = Format::kNd;
  std::vector<int64_t> dims;  // as compiled (the shapes the converter saw)
  // A constant: its bytes (dims x dtype); nullptr for inputs and node outputs.
  std::shared_ptr<const std::vector<uint8_t>> data;

  TensorSpec Spec() const;  // host_data set for constants
};

struct SubgraphNode {
  std::string name;
  std::string type;         // the kernel registry's op type
  std::vector<int> inputs;  // value ids, -1 = absent optional input
  std::vector<int> outputs;
  AttrMap attrs;
};

struct Subgraph {
  std::vector<SubgraphValue> values;
  std::vector<SubgraphNode> nodes;  // execution order
  std::vector<int> inputs;          // value ids: the formal inputs, then the captured ones
  std::vector<int> outputs;         // value ids (an input or a constant may be an output)
  size_t captured = 0;              // how many of `inputs` (at the end) are captured values
  ChipTraits chip;

  size_t formal_inputs() const { return inputs.size() - captured; }
};

// Compact JSON. Constants' bytes are base64.
std::string EncodeSubgraph(const Subgraph& graph);
// `what` names the attribute in messages ("body", "then_branch").
Status DecodeSubgraph(std::string_view text, const std::string& what, Subgraph* graph);

}  // namespace asim::kernels
