// om::Model helpers and Model::Validate. See model.h for the contract.
//
// Owns: the names of the small enums, DescBytes and the structural rules every loaded or
// written model obeys (docs/om_format.md, "Validation rules").
// Thread safety: pure functions of their arguments.
// Failure: Validate returns kDeserializeModel naming the graph, node, tensor (index and
// name) and the rule broken; nothing here throws except std::bad_alloc for messages.
#include "om/model.h"

#include <algorithm>
#include <limits>
#include <string>
#include <utility>
#include <variant>

#include "base/tensor_desc.h"

namespace asim::om {
namespace {

Status Invalid(const std::string& message) {
  return Status(err::kDeserializeModel, "invalid model: " + message);
}

std::string Quote(const std::string& s) {
  return "'" + s + "'";
}

std::string DimsText(const std::vector<int64_t>& dims) {
  std::string text = "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i != 0) text += ",";
    text += std::to_string(dims[i]);
  }
  return text + "]";
}

// [offset, offset + size) within [0, limit), without overflow.
bool RangeWithin(uint64_t offset, uint64_t size, uint64_t limit) {
  return offset <= limit && size <= limit - offset;
}

bool ValidDynamic(DynamicKind kind) {
  return static_cast<uint8_t>(kind) <= static_cast<uint8_t>(DynamicKind::kDims);
}
bool ValidEngine(kernels::Engine engine) {
  return engine == kernels::Engine::kAiCore || engine == kernels::Engine::kAiCpu;
}
bool ValidDataType(DataType type) {
  return IsValidDataType(static_cast<int32_t>(type));
}
bool ValidFormat(Format format) {
  return IsKnownFormat(static_cast<int32_t>(format));
}

Status CheckDesc(const TensorDesc& desc, const std::string& where) {
  if (!ValidDataType(desc.dtype)) {
    return Invalid(where + ": data type " + std::to_string(static_cast<int32_t>(desc.dtype)) + " is not a DataType");
  }
  if (!ValidFormat(desc.format)) {
    return Invalid(where + ": format " + std::to_string(static_cast<int32_t>(desc.format)) + " is not a Format");
  }
  if (!ValidFormat(desc.origin_format)) {
    return Invalid(where + ": origin format " + std::to_string(static_cast<int32_t>(desc.origin_format)) +
                   " is not a Format");
  }
  // Dims (and origin dims) are sizes, -1 where unknown, and describe a tensor that can
  // exist: kernels multiply them freely (a fuzzed file's huge origin dims overflowed
  // TransData's strides).
  for (const auto& [dims, what] : {std::pair{&desc.dims, "dims"}, std::pair{&desc.origin_dims, "origin dims"}}) {
    for (int64_t d : *dims) {
      if (d < -1) return Invalid(where + ": " + what + " hold " + std::to_string(d) + " (sizes are >= 0, -1 unknown)");
    }
    const Status fits =
        ::asim::TensorDesc::CheckByteSize(desc.dtype, static_cast<int>(dims->size()), dims->data(), what);
    if (!fits.ok()) return Invalid(where + ": " + fits.message());
  }
  return Status::Ok();
}

Status CheckAttr(const std::string& name, const kernels::AttrValue& value, const std::string& where) {
  auto bad_type = [&](DataType t) {
    return Invalid(where + " attr " + Quote(name) + ": data type " + std::to_string(static_cast<int32_t>(t)) +
                   " is not a DataType");
  };
  if (const auto* t = std::get_if<DataType>(&value)) {
    if (!ValidDataType(*t)) return bad_type(*t);
  } else if (const auto* ts = std::get_if<std::vector<DataType>>(&value)) {
    for (DataType t : *ts) {
      if (!ValidDataType(t)) return bad_type(t);
    }
  }
  return Status::Ok();
}

Status CheckIoDescs(const Model& m) {
  const bool is_static = m.dynamic == DynamicKind::kNone;
  for (int out = 0; out < 2; ++out) {
    const std::vector<IoDesc>& list = out ? m.outputs : m.inputs;
    const char* kind = out ? "output" : "input";
    for (size_t i = 0; i < list.size(); ++i) {
      const IoDesc& io = list[i];
      const std::string where = std::string(kind) + " " + std::to_string(i) + " " + Quote(io.name);
      if (!ValidDataType(io.dtype)) {
        return Invalid(where + ": data type " + std::to_string(static_cast<int32_t>(io.dtype)) + " is not a DataType");
      }
      if (!ValidFormat(io.format)) {
        return Invalid(where + ": format " + std::to_string(static_cast<int32_t>(io.format)) + " is not a Format");
      }
      // A static model's outputs may be data-dependent (-1 dims, checked against their
      // dynamic tensors by CheckGraphIo); its inputs are not.
      const bool all_known = is_static && !out;
      bool unknown = false;
      for (int64_t d : io.dims) {
        if (d < (all_known ? 0 : -1)) {
          return Invalid(where + ": dims " + DimsText(io.dims) +
                         (all_known ? " must all be >= 0 in a static model" : " must all be >= -1"));
        }
        unknown = unknown || d < 0;
      }
      if (is_static && !unknown &&
          io.size != DescBytes(TensorDesc{io.dtype, io.format, io.dims, Format::kUndefined, {}})) {
        return Invalid(where + ": size " + std::to_string(io.size) + " != " +
                       std::to_string(DescBytes(TensorDesc{io.dtype, io.format, io.dims, Format::kUndefined, {}})) +
                       " bytes of " + DataTypeName(io.dtype) + " " + DimsText(io.dims));
      }
    }
  }
  return Status::Ok();
}

Status CheckDynamic(const Model& m) {
  if (!ValidDynamic(m.dynamic)) {
    return Invalid("dynamic kind " + std::to_string(static_cast<int>(m.dynamic)) + " is not a DynamicKind");
  }
  const size_t want_graphs = std::max<size_t>(1, m.gears.size());
  if (m.dynamic == DynamicKind::kNone) {
    if (!m.gears.empty()) {
      return Invalid("a static model has " + std::to_string(m.gears.size()) + " gears (must have none)");
    }
  } else {
    const std::string kind = DynamicKindName(m.dynamic);
    if (m.gears.empty()) return Invalid("dynamic " + kind + " model has no gears");
    if (m.inputs.empty()) return Invalid("dynamic " + kind + " model has no inputs (needs the dynamic tensor)");
    const IoDesc& dyn = m.inputs.back();
    const size_t n = m.gears[0].size();
    const std::string where =
        "dynamic tensor (input " + std::to_string(m.inputs.size() - 1) + " " + Quote(dyn.name) + ")";
    if (dyn.name != kDynamicTensorName) {
      return Invalid("dynamic " + kind + " model: last input " + Quote(dyn.name) + " must be " +
                     Quote(kDynamicTensorName));
    }
    if (dyn.dtype != DataType::kInt64) {
      return Invalid(where + ": data type " + DataTypeName(dyn.dtype) + " must be DT_INT64");
    }
    if (dyn.dims != std::vector<int64_t>{static_cast<int64_t>(n)}) {
      return Invalid(where + ": dims " + DimsText(dyn.dims) + " must be [" + std::to_string(n) + "] (values per gear)");
    }
    if (dyn.size != 8 * static_cast<uint64_t>(n)) {
      return Invalid(where + ": size " + std::to_string(dyn.size) + " != " + std::to_string(8 * n));
    }
    size_t want_n = n;
    if (m.dynamic == DynamicKind::kBatch) want_n = 1;
    if (m.dynamic == DynamicKind::kImageSize) want_n = 2;
    if (m.dynamic == DynamicKind::kDims) {
      want_n = 0;
      for (size_t i = 0; i + 1 < m.inputs.size(); ++i) {
        want_n += static_cast<size_t>(std::count(m.inputs[i].dims.begin(), m.inputs[i].dims.end(), int64_t{-1}));
      }
    }
    for (size_t g = 0; g < m.gears.size(); ++g) {
      const std::vector<int64_t>& gear = m.gears[g];
      if (gear.size() != want_n || gear.empty()) {
        return Invalid("dynamic " + kind + " gear " + std::to_string(g) + " " + DimsText(gear) + " must have " +
                       std::to_string(want_n) + " values" + (want_n == 0 ? " (the inputs have no -1 dims)" : ""));
      }
      const int64_t min_value = m.dynamic == DynamicKind::kDims ? 0 : 1;
      for (int64_t v : gear) {
        if (v < min_value) {
          return Invalid("dynamic " + kind + " gear " + std::to_string(g) + " " + DimsText(gear) +
                         ": values must be >= " + std::to_string(min_value));
        }
      }
    }
  }
  if (m.graphs.size() != want_graphs) {
    return Invalid(std::to_string(m.graphs.size()) + " graphs for " + std::to_string(m.gears.size()) +
                   " gears (needs " + std::to_string(want_graphs) + ")");
  }
  return Status::Ok();
}

Status CheckTensor(const Model& m, const Graph& graph, size_t g, size_t t) {
  const Tensor& tensor = graph.tensors[t];
  const std::string where = "graph " + std::to_string(g) + " tensor " + std::to_string(t) + " " + Quote(tensor.name);
  ASIM_RETURN_IF_ERROR(CheckDesc(tensor.desc, where));
  const uint64_t bytes = DescBytes(tensor.desc);
  const std::string range = "[" + std::to_string(tensor.offset) + ", +" + std::to_string(tensor.size) + ")";
  switch (tensor.place) {
    case TensorPlace::kWork:
      if (!RangeWithin(tensor.offset, tensor.size, graph.work_size)) {
        return Invalid(where + ": work range " + range + " exceeds the graph's work_size " +
                       std::to_string(graph.work_size));
      }
      // Work memory starts 64-byte aligned; a tensor at an offset that is not a multiple of
      // its element size would make every kernel access misaligned (the compiler plans at
      // kWorkAlignment, so only a damaged or hand-made file has one).
      if (const uint64_t element = std::max<uint64_t>(1, DataTypeSize(tensor.desc.dtype));
          tensor.offset % element != 0) {
        return Invalid(where + ": work offset " + std::to_string(tensor.offset) + " is not a multiple of its " +
                       std::to_string(element) + "-byte elements");
      }
      break;
    case TensorPlace::kWeight:
      if (!RangeWithin(tensor.offset, tensor.size, m.weight_size())) {
        return Invalid(where + ": weight range " + range + " exceeds the " + std::to_string(m.weight_size()) +
                       " weight bytes");
      }
      if (tensor.offset % kWeightAlignment != 0) {
        return Invalid(where + ": weight offset " + std::to_string(tensor.offset) + " is not a multiple of " +
                       std::to_string(kWeightAlignment));
      }
      break;
    case TensorPlace::kInput:
    case TensorPlace::kOutput: {
      const bool in = tensor.place == TensorPlace::kInput;
      const std::vector<IoDesc>& list = in ? m.inputs : m.outputs;
      if (tensor.io_index >= list.size()) {
        return Invalid(where + ": " + TensorPlaceName(tensor.place) + " index " + std::to_string(tensor.io_index) +
                       " >= " + std::to_string(list.size()) + (in ? " inputs" : " outputs"));
      }
      // A view into the application's buffer starts inside it.
      if (tensor.offset > list[tensor.io_index].size) {
        return Invalid(where + ": offset " + std::to_string(tensor.offset) + " is past the " +
                       std::to_string(list[tensor.io_index].size) + " bytes of its " + TensorPlaceName(tensor.place));
      }
      break;
    }
    default:
      return Invalid(where + ": place " + std::to_string(static_cast<int>(tensor.place)) + " is not a TensorPlace");
  }
  if (tensor.dynamic && tensor.place != TensorPlace::kWork && tensor.place != TensorPlace::kOutput) {
    return Invalid(where + ": a " + TensorPlaceName(tensor.place) +
                   " tensor cannot be dynamic (only work and output tensors have data-dependent dims)");
  }
  if (tensor.dynamic) {
    for (int64_t d : tensor.desc.dims) {
      // -1: no bound, the dim is decided by values at execution and the tensor sized then.
      if (d < -1) {
        return Invalid(where + ": dynamic tensor's bound " + DimsText(tensor.desc.dims) + " must be >= -1");
      }
    }
  }
  if ((tensor.place == TensorPlace::kWork || tensor.place == TensorPlace::kWeight) && tensor.size < bytes) {
    return Invalid(where + ": size " + std::to_string(tensor.size) + " < " + std::to_string(bytes) + " bytes of " +
                   DataTypeName(tensor.desc.dtype) + " " + DimsText(tensor.desc.dims));
  }
  return Status::Ok();
}

// Exactly one tensor per data input / output, matching its IoDesc. The O(inputs + outputs)
// bookkeeping stays linear in the model's size over all graphs: a graph with fewer tensors
// than data inputs + outputs always fails here, so it is paid at most once beyond the
// graphs' own tensors (a corrupt file with many gears and many inputs cannot go quadratic).
Status CheckGraphIo(const Model& m, const Graph& graph, size_t g) {
  const size_t data_inputs = m.data_input_count();
  std::vector<int64_t> input_tensor(m.inputs.size(), -1);
  std::vector<int64_t> output_tensor(m.outputs.size(), -1);
  for (size_t t = 0; t < graph.tensors.size(); ++t) {
    const Tensor& tensor = graph.tensors[t];
    if (tensor.place != TensorPlace::kInput && tensor.place != TensorPlace::kOutput) continue;
    const bool in = tensor.place == TensorPlace::kInput;
    std::vector<int64_t>& seen = in ? input_tensor : output_tensor;
    const IoDesc& io = (in ? m.inputs : m.outputs)[tensor.io_index];  // index checked by CheckTensor
    const std::string where = "graph " + std::to_string(g) + " tensor " + std::to_string(t) + " " + Quote(tensor.name);
    const std::string what =
        std::string(in ? "input " : "output ") + std::to_string(tensor.io_index) + " " + Quote(io.name);
    if (seen[tensor.io_index] >= 0) {
      return Invalid(where + ": " + what + " already has tensor " + std::to_string(seen[tensor.io_index]));
    }
    seen[tensor.io_index] = static_cast<int64_t>(t);
    if (tensor.desc.dtype != io.dtype) {
      return Invalid(where + ": data type " + DataTypeName(tensor.desc.dtype) + " != " + what + "'s " +
                     DataTypeName(io.dtype));
    }
    if (!in) {
      const bool io_unknown = std::find(io.dims.begin(), io.dims.end(), int64_t{-1}) != io.dims.end();
      const bool io_all_unknown = std::all_of(io.dims.begin(), io.dims.end(), [](int64_t d) { return d == -1; });
      if (tensor.dynamic && !io_all_unknown) {
        return Invalid(where + ": the tensor is dynamic but " + what + "'s dims " + DimsText(io.dims) +
                       " are not all -1");
      }
      if (!tensor.dynamic && io_unknown && m.dynamic == DynamicKind::kNone) {
        return Invalid(where + ": " + what + " has dims " + DimsText(io.dims) +
                       " in a static model but the tensor is not dynamic");
      }
    }
    const uint64_t bytes = DescBytes(tensor.desc);
    if (bytes > io.size) {
      return Invalid(where + ": " + std::to_string(bytes) + " bytes of " + DataTypeName(tensor.desc.dtype) + " " +
                     DimsText(tensor.desc.dims) + " > " + what + "'s size " + std::to_string(io.size));
    }
  }
  for (size_t i = 0; i < data_inputs; ++i) {
    if (input_tensor[i] < 0) {
      return Invalid("graph " + std::to_string(g) + " has no tensor for input " + std::to_string(i) + " " +
                     Quote(m.inputs[i].name));
    }
  }
  for (size_t i = 0; i < m.outputs.size(); ++i) {
    if (output_tensor[i] < 0) {
      return Invalid("graph " + std::to_string(g) + " has no tensor for output " + std::to_string(i) + " " +
                     Quote(m.outputs[i].name));
    }
  }
  return Status::Ok();
}

Status CheckNode(const Graph& graph, size_t g, size_t n) {
  const Node& node = graph.nodes[n];
  const std::string where = "graph " + std::to_string(g) + " node " + std::to_string(n) + " " + Quote(node.name);
  if (!ValidEngine(node.engine)) {
    return Invalid(where + ": engine " + std::to_string(static_cast<int>(node.engine)) + " is not an Engine");
  }
  const int64_t count = static_cast<int64_t>(graph.tensors.size());
  for (int out = 0; out < 2; ++out) {
    const std::vector<int32_t>& list = out ? node.outputs : node.inputs;
    for (size_t i = 0; i < list.size(); ++i) {
      const int32_t index = list[i];
      if (index == -1 && !out) continue;  // absent optional input
      if (index < 0 || index >= count) {
        return Invalid(where + (out ? " output " : " input ") + std::to_string(i) + ": tensor index " +
                       std::to_string(index) + (index < 0 ? " < 0" : " >= " + std::to_string(count) + " tensors"));
      }
    }
  }
  if (node.workspace_size != 0 && !RangeWithin(node.workspace_offset, node.workspace_size, graph.work_size)) {
    return Invalid(where + ": workspace [" + std::to_string(node.workspace_offset) + ", +" +
                   std::to_string(node.workspace_size) + ") exceeds the graph's work_size " +
                   std::to_string(graph.work_size));
  }
  for (const auto& [name, value] : node.attrs.values()) ASIM_RETURN_IF_ERROR(CheckAttr(name, value, where));
  return Status::Ok();
}

// The prepared entries (docs/om_format.md, "Prepared section"): each names an existing node,
// in strictly increasing (graph, node) order (so at most one per node), with a non-empty kind
// of at most kMaxPreparedKindLength bytes and a kPreparedDataAlignment-aligned range of the
// blob after the previous entry's. No bytes without entries: the writer omits the section then.
Status CheckPrepared(const Model& m) {
  const uint64_t blob = m.prepared_size();
  if (m.prepared.empty()) {
    if (blob != 0) return Invalid("a " + std::to_string(blob) + "-byte prepared blob without prepared entries");
    return Status::Ok();
  }
  uint64_t previous_end = 0;
  for (size_t i = 0; i < m.prepared.size(); ++i) {
    const PreparedData& p = m.prepared[i];
    std::string where = "prepared entry " + std::to_string(i) + " (graph " + std::to_string(p.graph) + " node " +
                        std::to_string(p.node);
    if (p.graph >= m.graphs.size()) {
      return Invalid(where + "): graph " + std::to_string(p.graph) + " >= " + std::to_string(m.graphs.size()) +
                     " graphs");
    }
    const Graph& graph = m.graphs[p.graph];
    if (p.node >= graph.nodes.size()) {
      return Invalid(where + "): node " + std::to_string(p.node) + " >= the graph's " +
                     std::to_string(graph.nodes.size()) + " nodes");
    }
    where += " " + Quote(graph.nodes[p.node].name) + ")";
    if (i > 0) {
      const PreparedData& prev = m.prepared[i - 1];
      if (std::pair{p.graph, p.node} <= std::pair{prev.graph, prev.node}) {
        return Invalid(where + ": not after entry " + std::to_string(i - 1) + " (graph " + std::to_string(prev.graph) +
                       " node " + std::to_string(prev.node) + "): entries are sorted by (graph, node), one per node");
      }
    }
    if (p.kind.empty() || p.kind.size() > kMaxPreparedKindLength) {
      return Invalid(where + ": kind is " + std::to_string(p.kind.size()) + " bytes (1 to " +
                     std::to_string(kMaxPreparedKindLength) + ")");
    }
    const std::string range = "[" + std::to_string(p.offset) + ", +" + std::to_string(p.size) + ")";
    if (p.offset % kPreparedDataAlignment != 0) {
      return Invalid(where + ": offset " + std::to_string(p.offset) + " is not a multiple of " +
                     std::to_string(kPreparedDataAlignment));
    }
    if (p.offset < previous_end) {
      return Invalid(where + ": range " + range + " starts before the end (" + std::to_string(previous_end) +
                     ") of the previous entry's (ranges are disjoint, in entry order)");
    }
    if (!RangeWithin(p.offset, p.size, blob)) {
      return Invalid(where + ": range " + range + " exceeds the " + std::to_string(blob) + "-byte prepared blob");
    }
    previous_end = p.offset + p.size;
  }
  return Status::Ok();
}

}  // namespace

const char* TensorPlaceName(TensorPlace place) {
  switch (place) {
    case TensorPlace::kWork: return "work";
    case TensorPlace::kWeight: return "weight";
    case TensorPlace::kInput: return "input";
    case TensorPlace::kOutput: return "output";
  }
  return "invalid";
}

const char* DynamicKindName(DynamicKind kind) {
  switch (kind) {
    case DynamicKind::kNone: return "none";
    case DynamicKind::kBatch: return "batch";
    case DynamicKind::kImageSize: return "image_size";
    case DynamicKind::kDims: return "dims";
  }
  return "invalid";
}

uint32_t FormatVersionOf(const Model& model) {
  if (!model.prepared.empty()) return 3;
  for (const Graph& graph : model.graphs) {
    for (const Tensor& tensor : graph.tensors) {
      if (tensor.dynamic) return 2;
    }
  }
  return 1;
}

uint64_t Model::work_size() const {
  uint64_t size = 0;
  for (const Graph& graph : graphs) size = std::max(size, graph.work_size);
  return size;
}

uint64_t DescBytes(const TensorDesc& desc) {
  constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();
  uint64_t elements = 1;
  for (int64_t d : desc.dims) {
    if (d < 0) return 0;
    if (__builtin_mul_overflow(elements, static_cast<uint64_t>(d), &elements)) return kMax;
  }
  const uint64_t bits = DataTypeBits(desc.dtype);
  uint64_t bytes = 0;
  if (bits % 8 == 0) {
    if (__builtin_mul_overflow(elements, bits / 8, &bytes)) return kMax;
    return bytes;
  }
  // Packed sub-byte types: ceil(elements * bits / 8) without forming elements * bits.
  const uint64_t whole = elements / 8 * bits;
  const uint64_t tail = (elements % 8 * bits + 7) / 8;
  if (__builtin_add_overflow(whole, tail, &bytes)) return kMax;
  return bytes;
}

Status Model::Validate() const {
  ASIM_RETURN_IF_ERROR(CheckDynamic(*this));
  ASIM_RETURN_IF_ERROR(CheckIoDescs(*this));
  for (size_t g = 0; g < graphs.size(); ++g) {
    const Graph& graph = graphs[g];
    for (size_t t = 0; t < graph.tensors.size(); ++t) ASIM_RETURN_IF_ERROR(CheckTensor(*this, graph, g, t));
    ASIM_RETURN_IF_ERROR(CheckGraphIo(*this, graph, g));
    for (size_t n = 0; n < graph.nodes.size(); ++n) ASIM_RETURN_IF_ERROR(CheckNode(graph, g, n));
  }
  return CheckPrepared(*this);
}

}  // namespace asim::om
