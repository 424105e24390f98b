// Precision assignment (see precision.h). Thread safety and failure: as the header says.
#include "tools/atc/passes/precision.h"

#include <algorithm>

#include "kernels/common/values/cast_util.h"
#include "kernels/framework/registry.h"
#include "tools/atc/passes/infer.h"

namespace asim::atc::ir {
namespace {

using kernels::AttrMap;
using kernels::Engine;
using kernels::KernelRegistry;
using kernels::TensorSpec;

bool IsCubeOp(const std::string& t) {
  return t == "Conv" || t == "Conv2D" || t == "ConvTranspose" || t == "MatMul" || t == "Gemm" || t == "BatchMatMul";
}

bool IsSensitiveOp(const std::string& t) {
  static const std::set<std::string> kOps = {"Softmax",
                                             "LogSoftmax",
                                             "Hardmax",
                                             "Exp",
                                             "Log",
                                             "Pow",
                                             "Sqrt",
                                             "Div",
                                             "Reciprocal",
                                             "Erf",
                                             "ReduceSum",
                                             "ReduceMean",
                                             "ReduceProd",
                                             "ReduceL1",
                                             "ReduceL2",
                                             "ReduceLogSum",
                                             "ReduceLogSumExp",
                                             "ReduceSumSquare",
                                             "BatchNormalization",
                                             "LayerNormalization",
                                             "InstanceNormalization",
                                             "GroupNormalization",
                                             "LpNormalization",
                                             "MeanVarianceNormalization",
                                             "LRN",
                                             "CumSum",
                                             "LSTM",
                                             "GRU",
                                             "RNN",
                                             "Range"};
  return kOps.count(t) != 0;
}

// Whether some kernel of `type` takes fp16 at input `index`.
bool AcceptsFp16(const std::string& type, size_t index) {
  for (const auto* def : KernelRegistry::Get().Find(type)) {
    if (def->inputs.empty()) continue;
    const kernels::IoSpec& io = index < def->inputs.size() ? def->inputs[index] : def->inputs.back();
    if (index >= def->inputs.size() && !io.variadic) continue;
    if (io.dtypes.empty() || std::find(io.dtypes.begin(), io.dtypes.end(), DataType::kFloat16) != io.dtypes.end()) {
      return true;
    }
  }
  return false;
}

Bytes ConvertBytes(const Value& v, DataType to) {
  auto out = std::make_shared<std::vector<uint8_t>>(ByteSize(to, v.dims));
  if (!out->empty()) (void)kernels::ConvertElements(v.data->data(), v.dtype, out->data(), to, v.ElementCount());
  return out;
}

struct Candidate {
  std::vector<DataType> input_dtypes;  // per input (kUndefined for absent inputs)
  AttrMap attrs;
  bool selectable = false;
  Engine engine = Engine::kAiCpu;
};

class Assigner {
 public:
  Assigner(Graph& g, const PrecisionOptions& o, PrecisionSummary* s) : g_(g), o_(o), s_(*s) {}

  Status Run() {
    for (const auto& v : g_.values) orig_.push_back(v.dtype);
    for (int idx : o_.fp16_inputs) {
      if (idx < 0 || static_cast<size_t>(idx) >= g_.inputs.size()) {
        return Status(err::kInvalidParam, "graph input number " + std::to_string(idx) + " does not exist");
      }
      Value& in = g_.value(g_.inputs[static_cast<size_t>(idx)]);
      if (in.dtype != DataType::kFloat && in.dtype != DataType::kFloat16) {
        return Status(err::kInvalidParam, "input '" + in.name + "' is " + DataTypeName(in.dtype) +
                                              ", only a float input can be fed as fp16");
      }
      in.dtype = DataType::kFloat16;
    }
    const size_t n = g_.nodes.size();
    for (size_t i = 0; i < n; ++i) {
      if (g_.nodes[i].dead) continue;
      ASIM_RETURN_IF_ERROR(Process(static_cast<int>(i)));
    }
    for (size_t k = 0; k < g_.outputs.size(); ++k) {
      const int v = g_.outputs[k].value;
      auto it = o_.output_dtypes.find(static_cast<int>(k));
      DataType want = it != o_.output_dtypes.end() ? it->second : Orig(v);
      if (want == DataType::kUndefined) want = g_.value(v).dtype;
      g_.outputs[k].value = Version(v, want);
    }
    g_.Reorder(order_);
    return Status::Ok();
  }

 private:
  DataType Orig(int v) const {
    return static_cast<size_t>(v) < orig_.size() ? orig_[static_cast<size_t>(v)] : g_.value(v).dtype;
  }

  // `v` in `dtype`: itself, a converted weight, or the output of a Cast node.
  int Version(int v, DataType dtype) {
    if (g_.value(v).dtype == dtype) return v;
    const auto key = std::make_pair(v, dtype);
    if (auto it = versions_.find(key); it != versions_.end()) return it->second;
    int out = -1;
    const std::string suffix = std::string("_") + (dtype == DataType::kFloat16 ? "fp16" : DataTypeName(dtype));
    if (g_.value(v).is_constant()) {
      Bytes bytes = ConvertBytes(g_.value(v), dtype);
      const std::string name = g_.value(v).name + suffix;
      const std::vector<int64_t> dims = g_.value(v).dims;
      out = g_.AddConstant(name, dtype, dims, std::move(bytes));
      ++s_.converted_weights;
    } else {
      AttrMap attrs;
      attrs.Set("to", dtype);
      const int node = g_.AddNode("Cast", g_.value(v).name + "_Cast" + suffix, {v}, attrs, 1, "inserted by precision");
      (void)InferNode(g_, node, o_.chip);
      order_.push_back(node);
      out = g_.node(node).outputs[0];
      ++s_.casts;
    }
    versions_[key] = out;
    return out;
  }

  TensorSpec SpecAs(int v, DataType dtype, std::vector<Bytes>* keep) {
    const Value& val = g_.value(v);
    TensorSpec s = val.Spec();
    if (val.dtype == dtype) return s;
    s.dtype = dtype;
    if (val.is_constant()) {
      keep->push_back(ConvertBytes(val, dtype));
      s.host_data = keep->back()->data();
    }
    return s;
  }

  void Evaluate(const Node& node, Candidate* c) {
    std::vector<Bytes> keep;
    std::vector<TensorSpec> specs;
    for (size_t j = 0; j < node.inputs.size(); ++j) {
      specs.push_back(node.inputs[j] < 0 ? TensorSpec{} : SpecAs(node.inputs[j], c->input_dtypes[j], &keep));
    }
    kernels::Selection sel;
    c->selectable = KernelRegistry::Get().Select(node.type, specs, c->attrs, o_.chip, &sel).ok();
    if (c->selectable) c->engine = sel.def->engine;
  }

  Status Process(int index) {
    const Node& node = g_.node(index);
    if (node.type == "Shape" || node.type == "Size") {  // read dims only: any dtype will do
      order_.push_back(index);
      return InferNode(g_, index, o_.chip);
    }
    bool involves = false;
    for (int v : node.inputs) involves = involves || (v >= 0 && Orig(v) == DataType::kFloat);
    for (int v : node.outputs) involves = involves || Orig(v) == DataType::kFloat;
    for (const auto& [name, value] : node.attrs.values()) {
      const auto* dt = std::get_if<DataType>(&value);
      involves = involves || (dt != nullptr && *dt == DataType::kFloat);
    }
    if (!involves) {
      // Inputs keep their dtypes; only a float input fed as fp16 may need its fp32 back.
      bool changed = false;
      for (size_t j = 0; j < g_.node(index).inputs.size(); ++j) {
        const int v = g_.node(index).inputs[j];
        if (v >= 0 && g_.value(v).dtype != Orig(v)) {
          const int version = Version(v, Orig(v));  // may add a node: index again afterwards
          g_.node(index).inputs[j] = version;
          changed = true;
        }
      }
      if (changed) ASIM_RETURN_IF_ERROR(InferNode(g_, index, o_.chip));
      order_.push_back(index);
      return Status::Ok();
    }
    Candidate high, low;
    bool any_fp16_input = false;
    for (size_t j = 0; j < node.inputs.size(); ++j) {
      const int v = node.inputs[j];
      const DataType orig = v >= 0 ? Orig(v) : DataType::kUndefined;
      high.input_dtypes.push_back(orig);
      const bool lower = orig == DataType::kFloat && AcceptsFp16(node.type, j);
      low.input_dtypes.push_back(lower ? DataType::kFloat16 : orig);
      any_fp16_input = any_fp16_input || (orig == DataType::kFloat && g_.value(v).dtype == DataType::kFloat16);
    }
    high.attrs = node.attrs;
    for (const auto& [name, value] : node.attrs.values()) {
      const auto* dt = std::get_if<DataType>(&value);
      low.attrs.Set(name, dt != nullptr && *dt == DataType::kFloat ? AttrValueFp16() : value);
    }
    bool use_low = false;
    switch (node.keep_dtype ? PrecisionMode::kMustKeepOriginDtype : o_.mode) {
      case PrecisionMode::kMustKeepOriginDtype: break;
      case PrecisionMode::kForceFp16:
        Evaluate(node, &low);
        use_low = low.selectable;
        break;
      case PrecisionMode::kAllowFp32ToFp16:
        Evaluate(node, &high);
        if (!high.selectable || high.engine != Engine::kAiCore) {
          Evaluate(node, &low);
          use_low = low.selectable && (low.engine == Engine::kAiCore || !high.selectable);
        }
        break;
      case PrecisionMode::kAllowMixPrecision:
        if (IsCubeOp(node.type) || (!IsSensitiveOp(node.type) && any_fp16_input)) {
          Evaluate(node, &low);
          use_low = low.selectable;
        }
        break;
    }
    const Candidate& chosen = use_low ? low : high;
    for (size_t j = 0; j < chosen.input_dtypes.size(); ++j) {
      const int v = g_.node(index).inputs[j];
      if (v >= 0) {
        const int version = Version(v, chosen.input_dtypes[j]);
        g_.node(index).inputs[j] = version;
      }
    }
    g_.node(index).attrs = chosen.attrs;
    ASIM_RETURN_IF_ERROR(InferNode(g_, index, o_.chip));
    ++(use_low ? s_.low_nodes : s_.high_nodes);
    order_.push_back(index);
    return Status::Ok();
  }

  static kernels::AttrValue AttrValueFp16() { return DataType::kFloat16; }

  Graph& g_;
  const PrecisionOptions& o_;
  PrecisionSummary& s_;
  std::vector<DataType> orig_;
  std::map<std::pair<int, DataType>, int> versions_;
  std::vector<int> order_;
};

}  // namespace

bool ParsePrecisionMode(const std::string& name, PrecisionMode* mode) {
  static const std::pair<const char*, PrecisionMode> kModes[] = {
      {"force_fp16", PrecisionMode::kForceFp16},
      {"allow_fp32_to_fp16", PrecisionMode::kAllowFp32ToFp16},
      {"must_keep_origin_dtype", PrecisionMode::kMustKeepOriginDtype},
      {"allow_mix_precision", PrecisionMode::kAllowMixPrecision},
  };
  for (const auto& [n, m] : kModes) {
    if (name == n) {
      *mode = m;
      return true;
    }
  }
  return false;
}

const char* PrecisionModeName(PrecisionMode mode) {
  switch (mode) {
    case PrecisionMode::kForceFp16: return "force_fp16";
    case PrecisionMode::kAllowFp32ToFp16: return "allow_fp32_to_fp16";
    case PrecisionMode::kMustKeepOriginDtype: return "must_keep_origin_dtype";
    case PrecisionMode::kAllowMixPrecision: return "allow_mix_precision";
  }
  return "?";
}

Status AssignPrecision(Graph& graph, const PrecisionOptions& options, PrecisionSummary* summary) {
  PrecisionSummary local;
  Status st = Assigner(graph, options, summary != nullptr ? summary : &local).Run();
  return st;
}

}  // namespace asim::atc::ir
