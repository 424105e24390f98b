// EmitNode and the host-constant helpers: what every framework importer (tools/atc/caffe,
// tools/atc/tensorflow) and the AIPP pass do to add one op: append it, infer its outputs
// through the kernel registry, and fold it when its inputs are all constant.
// Owns nothing; operates on the caller's graph. Thread safety: none (mutates the graph).
// Failure: EZ3003 (kNoKernel) "No supported Ops kernel and engine are found for [node],
// optype [<optype_text>]. Reason: <every kernel's refusal>" when no kernel takes the op; the
// node stays in the graph (the caller fails the conversion).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/status.h"
#include "kernels/framework/attr.h"
#include "kernels/framework/chip.h"
#include "tools/atc/passes/ir.h"

namespace asim::atc::ir {

struct EmitRequest {
  std::string type;         // the kernel registry's op type
  std::string name;         // node name (made unique by the graph)
  std::vector<int> inputs;  // value ids, -1 for an absent optional input
  kernels::AttrMap attrs;
  int num_outputs = 1;
  std::string origin;       // the framework node, for messages ("Caffe Pooling 'pool1'")
  std::string optype_text;  // the optype the EZ3003 message names ("Conv, from TensorFlow Conv2D")
};

// Adds the node, infers it and, with `fold`, folds it; *outs gets its output value ids.
Status EmitNode(Graph& graph, EmitRequest request, const kernels::ChipTraits& chip, bool fold, std::vector<int>* outs);

// A float / int64 constant of `dims` (int64: 1-D of the values' count) from host values.
int AddFloatConstant(Graph& graph, const std::string& name, const std::vector<float>& values,
                     std::vector<int64_t> dims);
int AddInt64Constant(Graph& graph, const std::string& name, const std::vector<int64_t>& values,
                     std::vector<int64_t> dims);

}  // namespace asim::atc::ir
