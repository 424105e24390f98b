// Lowering of one gear (see lowering.h). Thread safety and failure: as the header says.
#include "compiler/lowering.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <set>
#include <utility>

#include "compiler/layout_rules.h"
#include "kernels/framework/invoke.h"
#include "kernels/movement/shape_bounds.h"

namespace asim::atc {
namespace {

using kernels::KernelRegistry;
using kernels::Selection;
using kernels::TensorSpec;

Status Prefixed(const std::string& name, const std::string& type, const Status& st) {
  return Status(st.code(), "node '" + name + "' (" + type + "): " + st.message());
}

class Lowerer {
 public:
  Lowerer(const PlainGraph& graph, const GearShapes& shapes, const LoweringOptions& options, WeightTable* weights,
          LoweredGraph* out)
      : graph_(graph), shapes_(shapes), options_(options), weights_(*weights), out_(*out) {}

  Status Run() {
    plain_to_lowered_.assign(graph_.values.size(), -1);
    for (const auto& op : graph_.ops) names_.insert(op.name);
    for (size_t i = 0; i < graph_.inputs.size(); ++i) {
      const PlainInput& in = graph_.inputs[i];
      LoweredValue v;
      v.name = in.name;
      v.spec.dtype = in.dtype;
      v.spec.format = in.format;
      v.spec.dims = shapes_[i];
      v.source = LoweredValue::Source::kInput;
      v.index = static_cast<int>(i);
      out_.inputs.push_back(AddValue(std::move(v)));
    }
    for (size_t id = 0; id < graph_.values.size(); ++id) {
      const PlainValue& pv = graph_.values[id];
      if (pv.kind == PlainValue::Kind::kInput) plain_to_lowered_[id] = out_.inputs[static_cast<size_t>(pv.index)];
    }
    if (options_.dynamic_value_count > 0) {
      LoweredValue v;
      v.name = om::kDynamicTensorName;
      v.spec.dtype = DataType::kInt64;
      v.spec.format = Format::kNd;
      v.spec.dims = {static_cast<int64_t>(options_.dynamic_value_count)};
      v.source = LoweredValue::Source::kDynamic;
      out_.dynamic_value = AddValue(std::move(v));
    }
    for (const auto& op : graph_.ops) ASIM_RETURN_IF_ERROR(LowerOp(op));
    ASIM_RETURN_IF_ERROR(LowerOutputs());
    for (const auto& node : out_.nodes) {
      for (int v : node.inputs) {
        if (v >= 0 && out_.values[static_cast<size_t>(v)].source == LoweredValue::Source::kWeight) {
          weights_.MarkUsed(out_.values[static_cast<size_t>(v)].index);
        }
      }
    }
    return Status::Ok();
  }

 private:
  int AddValue(LoweredValue v) {
    out_.values.push_back(std::move(v));
    return static_cast<int>(out_.values.size()) - 1;
  }
  const TensorSpec& SpecOf(int v) const { return out_.values[static_cast<size_t>(v)].spec; }

  std::string UniqueName(const std::string& base) {
    std::string name = base;
    for (int n = 1; names_.count(name) != 0; ++n) name = base + "_" + std::to_string(n);
    names_.insert(name);
    return name;
  }

  // The lowered value of a plain value; constants become weights on first use.
  int ValueOf(int plain) {
    int& lowered = plain_to_lowered_[static_cast<size_t>(plain)];
    const PlainValue& pv = graph_.values[static_cast<size_t>(plain)];
    if (lowered >= 0 || pv.kind != PlainValue::Kind::kConstant) return lowered;
    const PlainConstant& c = graph_.constants[static_cast<size_t>(pv.index)];
    const std::string key = "const:" + std::to_string(pv.index);
    int entry = weights_.Find(key);
    if (entry < 0) {
      TensorSpec spec;
      spec.dtype = c.dtype;
      spec.format = c.format;
      spec.dims = c.dims;
      entry = weights_.AddBorrowed(key, c.name, spec, c.bytes.data(), c.bytes.size());  // graph_ outlives Pack
    }
    lowered = AddWeightValue(entry);
    return lowered;
  }

  int AddWeightValue(int entry) {
    LoweredValue v;
    v.name = weights_.at(entry).name;
    v.spec = weights_.at(entry).spec;
    v.source = LoweredValue::Source::kWeight;
    v.index = entry;
    return AddValue(std::move(v));
  }

  std::vector<TensorSpec> Specs(const std::vector<int>& values) const {
    std::vector<TensorSpec> specs;
    for (int v : values) specs.push_back(v >= 0 ? SpecOf(v) : TensorSpec{});
    return specs;
  }

  Status Select(const std::string& type, const std::vector<int>& inputs, const kernels::AttrMap& attrs,
                Selection* sel) const {
    const std::vector<TensorSpec> specs = Specs(inputs);
    ASIM_RETURN_IF_ERROR(KernelRegistry::Get().Select(type, specs, attrs, options_.chip, sel));
    if (sel->def->engine == kernels::Engine::kAiCpu || (AllStatic(specs) && AllStatic(sel->outputs))) {
      return Status::Ok();
    }
    // Dims decided at execution (an input's values give them): the AI CPU kernel re-infers
    // them from the actual values before it runs (docs/models.md, "Shapes decided by values").
    Selection cpu;
    Status st = KernelRegistry::Get().SelectOnEngine(type, specs, attrs, options_.chip, kernels::Engine::kAiCpu, &cpu);
    if (!st.ok()) {
      return Status(st.code(),
                    "its dims are known only at execution and only AI CPU kernels run such shapes: " + st.message());
    }
    cpu.refusals.push_back("dims known only at execution");
    *sel = std::move(cpu);
    return Status::Ok();
  }

  static bool AllStatic(const std::vector<TensorSpec>& specs) {
    return std::all_of(specs.begin(), specs.end(), [](const TensorSpec& s) { return s.IsStatic(); });
  }

  int AddNode(const std::string& name, const std::string& type, Selection& sel, const std::vector<int>& inputs,
              bool inserted) {
    LoweredNode node;
    node.name = name;
    node.type = type;
    node.def = sel.def;
    node.attrs = sel.attrs;
    node.inputs = inputs;
    node.workspace_bytes = sel.workspace_bytes;
    node.inserted = inserted;
    if (sel.def->engine == kernels::Engine::kAiCpu) {
      for (const auto& r : sel.refusals) node.reason += (node.reason.empty() ? "" : "; ") + r;
      if (node.reason.empty()) node.reason = "no AI Core kernel for op type " + type;
    }
    const int index = static_cast<int>(out_.nodes.size());
    const std::vector<TensorSpec> input_specs = Specs(inputs);
    const bool dynamic_input = std::any_of(
        inputs.begin(), inputs.end(), [&](int v) { return v >= 0 && out_.values[static_cast<size_t>(v)].dynamic; });
    for (size_t k = 0; k < sel.outputs.size(); ++k) {
      LoweredValue v;
      v.name = name + ":" + std::to_string(k);
      v.spec = sel.outputs[k];
      v.spec.host_data = nullptr;
      KeepOrigin(input_specs, &v.spec);
      v.source = LoweredValue::Source::kNode;
      v.index = index;
      v.output = static_cast<int>(k);
      // Unknown dims (an input's values decide them) are dynamic too: sized at execution.
      v.dynamic = dynamic_input || sel.def->OutputShapeComputed(k, input_specs) || !v.spec.IsStatic();
      node.outputs.push_back(AddValue(std::move(v)));
    }
    out_.nodes.push_back(std::move(node));
    return index;
  }

  // A TransData node (or, for a weight, a weight converted now) giving `value` in `to`.
  Status Convert(int value, Format to, const std::string& name, int* out) {
    const auto key = std::make_pair(value, to);
    if (auto it = converted_.find(key); it != converted_.end()) {
      *out = it->second;
      return Status::Ok();
    }
    const LoweredValue& v = out_.values[static_cast<size_t>(value)];
    Selection sel;
    Status st = KernelRegistry::Get().SelectConversion(v.spec, to, options_.chip, &sel);
    if (!st.ok()) return Prefixed(name, KernelRegistry::kTransDataOp, st);
    if (v.source == LoweredValue::Source::kWeight && options_.fold_constant_conversions) {
      int entry = -1;
      ASIM_RETURN_IF_ERROR(FoldConversion(v.index, to, sel, &entry));
      *out = AddWeightValue(entry);
    } else {
      const int node = AddNode(UniqueName(name), KernelRegistry::kTransDataOp, sel, {value}, true);
      *out = out_.nodes[static_cast<size_t>(node)].outputs[0];
    }
    converted_[key] = *out;
    return Status::Ok();
  }

  Status FoldConversion(int entry, Format to, Selection& sel, int* out) {
    const WeightTable::Entry& src = weights_.at(entry);
    const std::string key = src.key + "@" + FormatName(to);
    *out = weights_.Find(key);
    if (*out >= 0) return Status::Ok();
    static uint8_t empty[1];
    const std::vector<kernels::TensorView> inputs = {
        {src.spec, src.data == nullptr ? empty : const_cast<uint8_t*>(src.data)}};
    kernels::HostRun run;
    Status st = kernels::RunOnHost(*sel.def, sel.attrs, inputs, {sel.outputs.at(0)}, sel.workspace_bytes, &run);
    if (!st.ok()) return Prefixed(src.name + "_" + FormatName(to), KernelRegistry::kTransDataOp, st);
    *out = weights_.Add(key, src.name + "_" + FormatName(to), run.specs[0], std::move(run.bytes[0]));
    return Status::Ok();
  }

  Status ToPlain(int value, const std::string& name, int* out) {
    return Convert(value, PlainFormatOf(SpecOf(value)), name, out);
  }

  // Under --enable_small_channel, a convolution's plain input goes to NC1HWC0_C04 first when
  // a kernel takes it so (layout_rules.h).
  Status SmallChannelConversion(const PlainOp& op, const kernels::AttrMap& attrs, std::vector<int>* in) {
    if (in->empty() || (*in)[0] < 0) return Status::Ok();
    const Format to = SmallChannelInput(op.type, attrs, SpecOf((*in)[0]), options_.small_channel);
    if (to == Format::kUndefined) return Status::Ok();
    Selection conversion, trial;
    if (!KernelRegistry::Get().SelectConversion(SpecOf((*in)[0]), to, options_.chip, &conversion).ok()) {
      return Status::Ok();
    }
    std::vector<TensorSpec> specs = Specs(*in);
    specs[0] = conversion.outputs.at(0);
    // Only when an AI Core kernel takes x in that layout as it is (the filter may still be
    // converted, at compile time); otherwise the plain path stays.
    if (!KernelRegistry::Get().Select(op.type, specs, attrs, options_.chip, &trial).ok()) return Status::Ok();
    const auto& x_formats = trial.def->inputs.at(0).formats;
    const bool takes = trial.def->engine == kernels::Engine::kAiCore &&
                       std::find(x_formats.begin(), x_formats.end(), to) != x_formats.end() &&
                       std::none_of(trial.conversions.begin(), trial.conversions.end(),
                                    [](const kernels::FormatConversion& c) { return c.input == 0; });
    if (!takes) return Status::Ok();
    return Convert((*in)[0], to, op.name + "_input0_TransData", &(*in)[0]);
  }

  // Output bytes above which a gear's constant computation stays an op (shape arithmetic is
  // a few integers; this is no place to materialise tensors).
  static constexpr uint64_t kMaxGearFoldBytes = 64 * 1024;

  // A weight holding `bytes` (one entry per distinct content of an op's output, shared by
  // the gears that compute the same), as a value of this gear.
  int AddFoldedValue(const PlainOp& op, size_t k, TensorSpec spec, std::vector<uint8_t> bytes) {
    std::string key =
        "gear_fold:" + op.name + ":" + std::to_string(k) + ":" + std::to_string(static_cast<int>(spec.dtype)) + ":";
    for (int64_t d : spec.dims) key += std::to_string(d) + ",";
    key += ":";
    static const char kHex[] = "0123456789abcdef";
    for (uint8_t b : bytes) {
      key += kHex[b >> 4];
      key += kHex[b & 15];
    }
    int entry = weights_.Find(key);
    spec.host_data = nullptr;
    if (entry < 0) entry = weights_.Add(key, op.name + "_gear_folded_" + std::to_string(k), spec, std::move(bytes));
    const int value = AddWeightValue(entry);
    gear_folded_.insert(value);
    return value;
  }

  // Folding per gear: in a dynamic model each gear's dims are static, so a shape computation
  // that depends on the gear (Shape of a dynamic-batch activation, then Gather / Unsqueeze /
  // Concat into a Reshape's shape: PyTorch's x.view(x.size(0), -1)) is a constant within the
  // gear, as in the static graph GE builds per gear; the importer could not fold it (the dims
  // were unknown there). Shape and Size fold from static input dims; any other op folds when
  // every input is a constant and one of them was folded for this gear. False: lower it.
  bool FoldForGear(const PlainOp& op, const std::vector<int>& in) {
    if (options_.dynamic_value_count == 0 || op.outputs.empty()) return false;
    const std::vector<TensorSpec> specs = Specs(in);
    std::vector<TensorSpec> out_specs;
    std::vector<std::vector<uint8_t>> out_bytes;
    if (op.type == "Shape" || op.type == "Size") {
      if (in.empty() || in[0] < 0 || op.outputs.size() != 1 || !specs[0].IsStatic()) return false;
      // A data-dependent value's dims are only a bound (NonZero's): its shape is known at
      // execution, when the Shape op runs.
      if (out_.values[static_cast<size_t>(in[0])].dynamic) return false;
      // A value in an internal layout (a convolution's NC1HWC0 output) has the dims the model
      // sees in its plain origin.
      std::vector<int64_t> dims = specs[0].dims;
      if (IsInternalFormat(specs[0].format)) {
        if (specs[0].origin_dims.empty()) return false;
        dims = specs[0].origin_dims;
      }
      std::vector<int64_t> values;
      TensorSpec spec;
      spec.dtype = DataType::kInt64;
      spec.format = Format::kNd;
      if (op.type == "Size") {
        int64_t n = 1;
        for (int64_t d : dims) n *= d;
        values = {n};
      } else {
        values = kernels::ShapeValues(dims, op.attrs);
        spec.dims = {static_cast<int64_t>(values.size())};
      }
      std::vector<uint8_t> bytes(values.size() * sizeof(int64_t));
      if (!bytes.empty()) std::memcpy(bytes.data(), values.data(), bytes.size());
      out_specs.push_back(std::move(spec));
      out_bytes.push_back(std::move(bytes));
    } else {
      bool from_gear = false;
      for (size_t i = 0; i < in.size(); ++i) {
        if (in[i] < 0) continue;
        const LoweredValue& v = out_.values[static_cast<size_t>(in[i])];
        if (v.source != LoweredValue::Source::kWeight || specs[i].host_data == nullptr || !specs[i].IsStatic() ||
            specs[i].dtype == DataType::kString) {
          return false;
        }
        from_gear = from_gear || gear_folded_.count(in[i]) != 0;
      }
      if (!from_gear) return false;
      Selection sel;
      if (!KernelRegistry::Get().Select(op.type, specs, op.attrs, options_.chip, &sel).ok()) return false;
      if (!sel.conversions.empty() || sel.outputs.size() < op.outputs.size()) return false;
      uint64_t total = 0;
      for (const TensorSpec& o : sel.outputs) {
        if (!o.IsStatic() || o.dtype == DataType::kString) return false;
        total += o.Bytes();
      }
      if (total > kMaxGearFoldBytes) return false;
      static uint8_t empty[8];
      std::vector<kernels::TensorView> inputs;
      for (size_t i = 0; i < specs.size(); ++i) {
        void* data = in[i] < 0 ? nullptr : const_cast<void*>(specs[i].host_data);
        if (data != nullptr && specs[i].Bytes() == 0) data = empty;
        inputs.push_back({specs[i], data});
      }
      kernels::HostRun run;
      if (!kernels::RunOnHost(*sel.def, sel.attrs, inputs, sel.outputs, sel.workspace_bytes, &run).ok()) return false;
      out_specs = std::move(run.specs);
      out_bytes = std::move(run.bytes);
    }
    for (size_t k = 0; k < op.outputs.size(); ++k) {
      plain_to_lowered_[static_cast<size_t>(op.outputs[k])] =
          AddFoldedValue(op, k, std::move(out_specs[k]), std::move(out_bytes[k]));
    }
    return true;
  }

  Status LowerOp(const PlainOp& op) {
    std::vector<int> in(op.inputs.size(), -1);
    for (size_t i = 0; i < in.size(); ++i) {
      if (op.inputs[i] >= 0) in[i] = ValueOf(op.inputs[i]);
    }
    if (FoldForGear(op, in)) return Status::Ok();
    kernels::AttrMap attrs = op.attrs;
    ChooseProducerLayout(op.type, options_.small_channel, &attrs);
    ASIM_RETURN_IF_ERROR(SmallChannelConversion(op, attrs, &in));
    Selection sel;
    bool selected = false;
    if (MayKeepInternal(op.type, attrs, Specs(in))) {
      Selection trial;
      // The internal-layout inputs must be taken as they are; plain inputs (a conv's
      // constant filter) may still be converted.
      const bool ok = Select(op.type, in, attrs, &trial).ok();
      const bool internal_kept = ok && std::none_of(trial.conversions.begin(), trial.conversions.end(),
                                                    [&](const kernels::FormatConversion& c) {
                                                      return IsInternalFormat(SpecOf(in[c.input]).format);
                                                    });
      if (internal_kept && KeepsInternal(op.type, attrs, Specs(in), *trial.def)) {
        sel = std::move(trial);
        selected = true;
      }
    }
    if (!selected) {
      for (size_t i = 0; i < in.size(); ++i) {
        if (in[i] >= 0 && IsInternalFormat(SpecOf(in[i]).format)) {
          ASIM_RETURN_IF_ERROR(ToPlain(in[i], op.name + "_input" + std::to_string(i) + "_TransData", &in[i]));
        }
      }
      Status st = Select(op.type, in, attrs, &sel);
      if (!st.ok()) return Prefixed(op.name, op.type, st);
    }
    for (const auto& c : sel.conversions) {
      const std::string name = op.name + "_input" + std::to_string(c.input) + "_TransData";
      ASIM_RETURN_IF_ERROR(Convert(in[c.input], c.to, name, &in[c.input]));
    }
    if (sel.outputs.size() < op.outputs.size()) {
      return Prefixed(op.name, op.type,
                      Status(err::kInvalidParam, "the kernel produces " + std::to_string(sel.outputs.size()) +
                                                     " outputs, the graph uses " + std::to_string(op.outputs.size())));
    }
    const int node = AddNode(op.name, op.type, sel, in, false);
    for (size_t k = 0; k < op.outputs.size(); ++k) {
      plain_to_lowered_[static_cast<size_t>(op.outputs[k])] = out_.nodes[static_cast<size_t>(node)].outputs[k];
    }
    return Status::Ok();
  }

  Status LowerOutputs() {
    std::set<int> used;
    for (const auto& output : graph_.outputs) {
      int v = ValueOf(output.value);
      const bool keep_internal = IsInternalFormat(output.format);
      if (IsInternalFormat(SpecOf(v).format) && !(keep_internal && SpecOf(v).format == output.format)) {
        ASIM_RETURN_IF_ERROR(ToPlain(v, output.name + "_TransData", &v));
      }
      if (keep_internal && SpecOf(v).format != output.format) {
        ASIM_RETURN_IF_ERROR(Convert(v, output.format, output.name + "_TransData", &v));
      }
      if (out_.values[static_cast<size_t>(v)].source != LoweredValue::Source::kNode || used.count(v) != 0) {
        Selection sel;
        const std::string name = UniqueName(output.name + "_Identity");
        Status st = Select("Identity", {v}, {}, &sel);
        if (!st.ok()) return Prefixed(name, "Identity", st);
        const int node = AddNode(name, "Identity", sel, {v}, true);
        v = out_.nodes[static_cast<size_t>(node)].outputs[0];
      }
      used.insert(v);
      out_.outputs.push_back(v);
    }
    return Status::Ok();
  }

  const PlainGraph& graph_;
  const GearShapes& shapes_;
  const LoweringOptions& options_;
  WeightTable& weights_;
  LoweredGraph& out_;
  std::vector<int> plain_to_lowered_;
  std::map<std::pair<int, Format>, int> converted_;
  std::set<std::string> names_;
  std::set<int> gear_folded_;  // values folded for this gear (FoldForGear)
};

}  // namespace

Status LowerGraph(const PlainGraph& graph, const GearShapes& shapes, const LoweringOptions& options,
                  WeightTable* weights, LoweredGraph* out) {
  *out = LoweredGraph{};
  return Lowerer(graph, shapes, options, weights, out).Run();
}

}  // namespace asim::atc
