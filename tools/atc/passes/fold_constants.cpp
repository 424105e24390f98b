// Constant folding (see fold_constants.h). Thread safety and failure: as the header says.
#include "tools/atc/passes/fold_constants.h"

#include <algorithm>
#include <cstring>

#include "kernels/movement/shape_bounds.h"
#include "tools/atc/passes/infer.h"

namespace asim::atc::ir {
namespace {

Bytes Int64Bytes(const std::vector<int64_t>& values) {
  auto bytes = std::make_shared<std::vector<uint8_t>>(values.size() * sizeof(int64_t));
  if (!values.empty()) std::memcpy(bytes->data(), values.data(), bytes->size());
  return bytes;
}

// Shape / Size of a value whose dims are known without its data.
bool FoldFromDims(Graph& graph, Node& node) {
  if (node.inputs.empty() || node.inputs[0] < 0 || node.outputs.size() != 1) return false;
  const Value& in = graph.value(node.inputs[0]);
  if (in.dynamic || in.dtype == DataType::kUndefined) return false;
  for (int64_t d : in.dims) {
    if (d < 0) return false;
  }
  Value& out = graph.value(node.outputs[0]);
  if (node.type == "Size") {
    int64_t n = 1;
    for (int64_t d : in.dims) n *= d;
    out.data = Int64Bytes({n});
    out.dims = {};
  } else {
    const std::vector<int64_t> dims = kernels::ShapeValues(in.dims, node.attrs);
    out.dims = {static_cast<int64_t>(dims.size())};
    out.data = Int64Bytes(dims);
  }
  out.dtype = DataType::kInt64;
  out.format = Format::kNd;
  return true;
}

}  // namespace

bool TryFoldNode(Graph& graph, int index, const kernels::ChipTraits& chip, const FoldOptions& options) {
  Node& node = graph.node(index);
  if (node.dead || node.outputs.empty()) return false;
  bool folded = false;
  if (node.type == "Shape" || node.type == "Size") {
    folded = FoldFromDims(graph, node);
  } else {
    for (int v : node.inputs) {
      if (v >= 0 && (!graph.value(v).is_constant() || graph.value(v).dynamic)) return false;
      // String tensors' bytes depend on their contents: the kernels run only where a host
      // sizes them (kernels/common/values/string_tensor.h), not here.
      if (v >= 0 && graph.value(v).dtype == DataType::kString) return false;
    }
    for (int v : node.outputs) {
      if (graph.value(v).dtype == DataType::kString) return false;
    }
    size_t out_bytes = 0;
    for (int v : node.outputs) out_bytes += ByteSize(graph.value(v).dtype, graph.value(v).dims);
    if (out_bytes > options.max_output_bytes) return false;
    std::vector<Bytes> bytes;
    std::vector<kernels::TensorSpec> specs;
    if (!EvaluateNode(graph, node, chip, &bytes, &specs).ok()) return false;
    for (size_t k = 0; k < node.outputs.size(); ++k) {
      Value& out = graph.value(node.outputs[k]);
      out.data = bytes[k];
      out.dtype = specs[k].dtype;
      out.dims = specs[k].dims;
      out.format = out.dims.size() == 4 ? Format::kNchw : Format::kNd;
    }
    folded = true;
  }
  if (!folded) return false;
  for (int v : node.outputs) {
    graph.value(v).producer = -1;
    graph.value(v).dynamic = false;
  }
  node.dead = true;
  return true;
}

size_t FoldConstants(Graph& graph, const kernels::ChipTraits& chip, const FoldOptions& options) {
  size_t count = 0;
  for (size_t i = 0; i < graph.nodes.size(); ++i) {
    if (TryFoldNode(graph, static_cast<int>(i), chip, options)) ++count;
  }
  graph.Compact();
  return count;
}

}  // namespace asim::atc::ir
