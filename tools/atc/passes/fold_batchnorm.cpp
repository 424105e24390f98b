// BatchNorm folding into Conv (see fold_batchnorm.h). Thread safety and failure: as the
// header says.
#include "tools/atc/passes/fold_batchnorm.h"

#include <cmath>
#include <optional>

#include "kernels/common/values/cast_util.h"

namespace asim::atc::ir {
namespace {

bool IsFloat(DataType t) {
  return t == DataType::kFloat || t == DataType::kFloat16 || t == DataType::kDouble;
}

// The constant's elements as doubles, when it is a float constant of `count` elements.
std::optional<std::vector<double>> Doubles(const Graph& g, int v, int64_t count) {
  if (v < 0) return std::nullopt;
  const Value& val = g.value(v);
  if (!val.is_constant() || !IsFloat(val.dtype) || val.ElementCount() != count) return std::nullopt;
  if (val.data->size() != ByteSize(val.dtype, val.dims)) return std::nullopt;
  std::vector<double> out(static_cast<size_t>(count));
  if (!kernels::ConvertElements(val.data->data(), val.dtype, out.data(), DataType::kDouble, count).ok()) {
    return std::nullopt;
  }
  return out;
}

Bytes FromDoubles(const std::vector<double>& values, DataType dtype) {
  auto bytes = std::make_shared<std::vector<uint8_t>>(values.size() * DataTypeSize(dtype));
  (void)kernels::ConvertElements(values.data(), DataType::kDouble, bytes->data(), dtype,
                                 static_cast<int64_t>(values.size()));
  return bytes;
}

bool FoldOne(Graph& g, Node& bn) {
  if (bn.inputs.size() < 5 || bn.inputs[0] < 0 || bn.attrs.GetInt("training_mode", 0) != 0) return false;
  for (size_t k = 1; k < bn.outputs.size(); ++k) {
    if (!g.Consumers(bn.outputs[k]).empty()) return false;
  }
  const Value& x = g.value(bn.inputs[0]);
  if (x.producer < 0) return false;
  Node& conv = g.node(x.producer);
  if (conv.dead || conv.type != "Conv" || conv.inputs.size() < 2 || conv.outputs.size() != 1) return false;
  if (g.IsGraphOutput(conv.outputs[0]) || g.Consumers(conv.outputs[0]).size() != 1) return false;
  const Value& w = g.value(conv.inputs[1]);
  if (!w.is_constant() || w.dims.empty() || !IsFloat(w.dtype)) return false;
  const int64_t cout = w.dims[0];
  if (cout <= 0) return false;
  const int64_t per_channel = w.ElementCount() / cout;
  auto weights = Doubles(g, conv.inputs[1], w.ElementCount());
  auto scale = Doubles(g, bn.inputs[1], cout);
  auto beta = Doubles(g, bn.inputs[2], cout);
  auto mean = Doubles(g, bn.inputs[3], cout);
  auto var = Doubles(g, bn.inputs[4], cout);
  if (!weights || !scale || !beta || !mean || !var) return false;
  std::vector<double> bias(static_cast<size_t>(cout), 0.0);
  const int bias_id = conv.inputs.size() > 2 ? conv.inputs[2] : -1;
  if (bias_id >= 0) {
    auto b = Doubles(g, bias_id, cout);
    if (!b) return false;
    bias = *b;
  }
  const double eps = bn.attrs.GetFloat("epsilon", 1e-5f);
  for (int64_t c = 0; c < cout; ++c) {
    const size_t ci = static_cast<size_t>(c);
    const double s = (*scale)[ci] / std::sqrt((*var)[ci] + eps);
    for (int64_t k = 0; k < per_channel; ++k) (*weights)[static_cast<size_t>(c * per_channel + k)] *= s;
    bias[ci] = (bias[ci] - (*mean)[ci]) * s + (*beta)[ci];
  }
  const DataType dtype = w.dtype;
  const std::vector<int64_t> wdims = w.dims;
  const std::string wname = w.name, cname = conv.name;
  const int new_w = g.AddConstant(wname + "_bn_folded", dtype, wdims, FromDoubles(*weights, dtype));
  const int new_b = g.AddConstant(cname + "_bias_bn_folded", dtype, {cout}, FromDoubles(bias, dtype));
  Node& c = g.node(g.value(bn.inputs[0]).producer);  // re-fetch: AddConstant may reallocate values only
  c.inputs[1] = new_w;
  if (c.inputs.size() < 3) c.inputs.resize(3, -1);
  c.inputs[2] = new_b;
  const int y = bn.outputs[0];
  const int conv_out = c.outputs[0];
  g.value(conv_out).dtype = g.value(y).dtype;
  // The conv now computes the BatchNormalization's output: record that for the dump's
  // accuracy comparison (and aclmdlGetOpAttr), as the real converter does, so the conv's
  // dump is compared with the BatchNormalization's ground truth (the last name).
  std::vector<std::string> origin = {c.name};
  if (const auto* v = c.attrs.Find(kOriginalOpNamesAttr); v && std::holds_alternative<std::vector<std::string>>(*v)) {
    origin = std::get<std::vector<std::string>>(*v);
  }
  // A BatchNormalization that already absorbed other ops (Caffe's BatchNorm + Scale) passes
  // on all their names.
  if (const auto* v = bn.attrs.Find(kOriginalOpNamesAttr); v && std::holds_alternative<std::vector<std::string>>(*v)) {
    for (const auto& name : std::get<std::vector<std::string>>(*v)) origin.push_back(name);
  } else {
    origin.push_back(bn.name);
  }
  c.attrs.Set(kOriginalOpNamesAttr, origin);
  bn.dead = true;
  g.ReplaceUses(y, conv_out);
  return true;
}

}  // namespace

size_t FoldBatchNormIntoConv(Graph& graph) {
  size_t count = 0;
  for (size_t i = 0; i < graph.nodes.size(); ++i) {
    Node& n = graph.nodes[i];
    if (!n.dead && n.type == "BatchNormalization" && FoldOne(graph, n)) ++count;
  }
  if (count != 0) graph.Compact();
  return count;
}

}  // namespace asim::atc::ir
