// EmitNode and the host-constant helpers (see emit_node.h). Thread safety and failure: as the
// header says.
#include "tools/atc/passes/emit_node.h"

#include <cstring>
#include <memory>

#include "tools/atc/passes/atc_error.h"
#include "tools/atc/passes/fold_constants.h"
#include "tools/atc/passes/infer.h"

namespace asim::atc::ir {

Status EmitNode(Graph& graph, EmitRequest r, const kernels::ChipTraits& chip, bool fold, std::vector<int>* outs) {
  const int index = graph.AddNode(r.type, r.name, std::move(r.inputs), std::move(r.attrs), r.num_outputs, r.origin);
  Status st = InferNode(graph, index, chip);
  if (!st.ok()) {
    return AtcError(ecode::kNoKernel, st.code(),
                    "No supported Ops kernel and engine are found for [" + graph.node(index).name + "], optype [" +
                        (r.optype_text.empty() ? r.type : r.optype_text) + "]. Reason: " + st.message());
  }
  if (fold) (void)TryFoldNode(graph, index, chip);
  *outs = graph.node(index).outputs;
  return Status::Ok();
}

namespace {

template <typename T>
Bytes HostBytes(const std::vector<T>& values) {
  auto bytes = std::make_shared<std::vector<uint8_t>>(values.size() * sizeof(T));
  if (!values.empty()) std::memcpy(bytes->data(), values.data(), bytes->size());
  return bytes;
}

}  // namespace

int AddFloatConstant(Graph& graph, const std::string& name, const std::vector<float>& values,
                     std::vector<int64_t> dims) {
  return graph.AddConstant(name, DataType::kFloat, std::move(dims), HostBytes(values));
}

int AddInt64Constant(Graph& graph, const std::string& name, const std::vector<int64_t>& values,
                     std::vector<int64_t> dims) {
  return graph.AddConstant(name, DataType::kInt64, std::move(dims), HostBytes(values));
}

}  // namespace asim::atc::ir
