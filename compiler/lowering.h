// Lowering: one gear's plain graph -> a graph of selected kernels (before memory planning).
//
// Owns, for one gear: shape inference and engine choice for every op through
// KernelRegistry::Select (constants carry host_data, so shape inputs such as Reshape's
// shape are read), the format conversions around kernels that need the AI Core's internal
// layouts (a TransData node per converted value, or for a constant a weight converted at
// compile time), the way back to the plain layout for consumers and graph outputs that
// need it, and an Identity node for every graph output that no node would otherwise
// produce (a graph input, a constant, or a value that is already an earlier output).
// Internal layouts stay between nodes when the consumer's kernel lists that layout for the
// input (MaxPool on NC1HWC0 ...), or the consumer is a zero-preserving elementwise op
// whose inputs all share one layout (Relu, Add of two equal NC1HWC0 tensors ...), so the
// padding lanes stay zero. Nodes are named after their op; inserted ones
// "<consumer>_input<i>_TransData", "<output>_TransData", "<output>_Identity" (made unique).
// Data-dependent shapes: an output whose dims the kernel computes is lowered at the bound
// InferShape gives, and it and every value computed from it are marked `dynamic` (the
// executor re-infers their shapes at execution, docs/models.md).
// Thread safety: not synchronised (uses the WeightTable). Failure: the registry's Status
// prefixed with "node '<name>' (<type>): "; kInvalidParam when an op yields fewer outputs
// than the builder asked for; a compute failure while converting a constant.
#pragma once

#include <string>
#include <vector>

#include "compiler/compile_report.h"
#include "compiler/gears.h"
#include "compiler/plain_graph.h"
#include "compiler/weight_table.h"
#include "kernels/framework/registry.h"

namespace asim::atc {

struct LoweredValue {
  enum class Source { kInput, kWeight, kNode, kDynamic };
  std::string name;
  kernels::TensorSpec spec;  // host_data set for weights
  Source source = Source::kNode;
  int index = -1;  // kInput: graph input; kWeight: WeightTable entry; kNode: producer node
  int output = 0;  // kNode: output index of the producer
  // kNode: the dims are an upper bound, the actual ones known only at execution — the
  // kernel computes them (KernelDef::OutputShapeComputed) or an input is dynamic.
  bool dynamic = false;
};

struct LoweredNode {
  std::string name;
  std::string type;
  const kernels::KernelDef* def = nullptr;
  kernels::AttrMap attrs;   // resolved (defaults filled in)
  std::vector<int> inputs;  // value ids; -1 = absent optional input
  std::vector<int> outputs;
  uint64_t workspace_bytes = 0;
  std::string reason;  // AI CPU: the AI Core kernels' refusals
  bool inserted = false;
};

struct LoweredGraph {
  std::vector<LoweredValue> values;
  std::vector<LoweredNode> nodes;  // execution order
  std::vector<int> inputs;         // value per graph input
  std::vector<int> outputs;        // value per graph output (each produced by a distinct node)
  int dynamic_value = -1;          // the dynamic tensor's value (dynamic models)
};

struct LoweringOptions {
  kernels::ChipTraits chip;
  bool fold_constant_conversions = true;
  bool small_channel = false;      // atc --enable_small_channel (layout_rules.h)
  size_t dynamic_value_count = 0;  // > 0: add the dynamic tensor
};

// Lowers `graph` for one gear. The constants it reads become entries of `weights` that
// borrow `graph`'s bytes (WeightTable::AddBorrowed): `graph` must outlive weights->Pack.
Status LowerGraph(const PlainGraph& graph, const GearShapes& shapes, const LoweringOptions& options,
                  WeightTable* weights, LoweredGraph* out);

}  // namespace asim::atc
