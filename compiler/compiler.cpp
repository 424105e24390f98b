// CompileGraph (see compiler.h). Thread safety and failure: as the header says.
#include "compiler/compiler.h"

#include <algorithm>

#include "compiler/chip_traits.h"
#include "compiler/emit.h"
#include "compiler/gears.h"
#include "compiler/lowering.h"
#include "compiler/prepared_data.h"
#include "compiler/weight_table.h"

namespace asim::atc {
namespace {

Status Bad(const std::string& message) {
  return Status(err::kInvalidParam, message);
}

uint64_t Bytes(DataType dtype, const std::vector<int64_t>& dims) {
  return om::DescBytes(om::TensorDesc{dtype, Format::kNd, dims, Format::kUndefined, {}});
}

void InputDescs(const PlainGraph& graph, const std::vector<GearShapes>& gears, size_t dynamic_values,
                std::vector<om::IoDesc>* out) {
  for (size_t i = 0; i < graph.inputs.size(); ++i) {
    const PlainInput& in = graph.inputs[i];
    om::IoDesc io{in.name, in.dtype, in.format, in.dims, 0};
    for (const auto& shapes : gears) io.size = std::max(io.size, Bytes(in.dtype, shapes[i]));
    out->push_back(std::move(io));
  }
  if (dynamic_values > 0) {
    out->push_back(om::IoDesc{om::kDynamicTensorName,
                              DataType::kInt64,
                              Format::kNd,
                              {static_cast<int64_t>(dynamic_values)},
                              8 * dynamic_values});
  }
}

Status OutputDescs(const PlainGraph& graph, const std::vector<LoweredGraph>& lowered, std::vector<om::IoDesc>* out) {
  for (size_t k = 0; k < graph.outputs.size(); ++k) {
    om::IoDesc io;
    io.name = graph.outputs[k].name;
    bool dynamic = false;
    for (size_t g = 0; g < lowered.size(); ++g) {
      const kernels::TensorSpec& spec = lowered[g].values[static_cast<size_t>(lowered[g].outputs[k])].spec;
      if (g == 0) {
        io.dtype = spec.dtype;
        io.format = spec.format;
        io.dims = spec.dims;
      } else if (spec.dtype != io.dtype || spec.dims.size() != io.dims.size()) {
        return Bad("output '" + io.name + "' is " + DataTypeName(spec.dtype) + " " + kernels::DimsToString(spec.dims) +
                   " in gear " + std::to_string(g) + " but " + DataTypeName(io.dtype) + " of rank " +
                   std::to_string(io.dims.size()) + " in gear 0");
      } else {
        for (size_t d = 0; d < io.dims.size(); ++d) {
          if (io.dims[d] != spec.dims[d]) io.dims[d] = -1;
        }
      }
      io.size = std::max(io.size, Bytes(spec.dtype, spec.dims));
      dynamic = dynamic || lowered[g].values[static_cast<size_t>(lowered[g].outputs[k])].dynamic;
    }
    // Data-dependent: -1 in every dim, as CANN describes a dynamic output; the size is the
    // bound, and aclmdlGetCurOutputDims reports the dims of each execution.
    if (dynamic) std::fill(io.dims.begin(), io.dims.end(), int64_t{-1});
    out->push_back(std::move(io));
  }
  return Status::Ok();
}

void Report(const std::vector<LoweredGraph>& lowered, const std::string& soc, CompileReport* report) {
  report->soc_version = soc;
  report->nodes.clear();
  for (size_t g = 0; g < lowered.size(); ++g) {
    for (const auto& n : lowered[g].nodes) {
      report->nodes.push_back(NodeReport{g, n.name, n.type, n.def->engine, n.reason, n.inserted});
    }
  }
}

}  // namespace

Status CompileGraph(const PlainGraph& graph, const CompileOptions& options, om::Model* out, CompileReport* report) {
  ASIM_RETURN_IF_ERROR(graph.error);
  if (graph.outputs.empty()) return Bad("the graph has no outputs (call GraphBuilder::Output)");
  LoweringOptions lowering;
  lowering.fold_constant_conversions = options.fold_constant_conversions;
  lowering.small_channel = options.small_channel;
  ASIM_RETURN_IF_ERROR(ChipTraitsForSoc(options.soc_version, &lowering.chip));
  std::vector<GearShapes> gears;
  ASIM_RETURN_IF_ERROR(ResolveGears(graph.inputs, options.dynamic, options.gears, &gears));
  lowering.dynamic_value_count = DynamicValueCount(options.dynamic, graph.inputs);

  WeightTable weights;
  std::vector<LoweredGraph> lowered(gears.size());
  for (size_t g = 0; g < gears.size(); ++g) {
    Status st = LowerGraph(graph, gears[g], lowering, &weights, &lowered[g]);
    if (!st.ok()) {
      if (gears.size() == 1) return st;
      return Status(st.code(),
                    "gear " + std::to_string(g) + " " + kernels::DimsToString(options.gears[g]) + ": " + st.message());
    }
  }
  om::Model model;
  model.name = options.model_name;
  model.soc_version = lowering.chip.soc_version;
  model.producer = options.producer;
  model.metadata = options.metadata;
  model.dynamic = options.dynamic;
  model.gears = options.dynamic == om::DynamicKind::kNone ? std::vector<std::vector<int64_t>>{} : options.gears;
  model.weights = weights.Pack(om::kWeightAlignment);
  InputDescs(graph, gears, lowering.dynamic_value_count, &model.inputs);
  ASIM_RETURN_IF_ERROR(OutputDescs(graph, lowered, &model.outputs));
  for (const auto& lg : lowered) {
    model.graphs.emplace_back();
    EmitGraph(lg, weights, graph.inputs.size(), &model.graphs.back());
  }
  if (options.prepare_weights) AttachPreparedData(lowering.chip, &model, options.prepared_spill);
  ASIM_RETURN_IF_ERROR(model.Validate());
  if (report != nullptr) Report(lowered, model.soc_version, report);
  *out = std::move(model);
  return Status::Ok();
}

}  // namespace asim::atc
