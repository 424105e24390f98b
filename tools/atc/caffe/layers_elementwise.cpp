// Caffe's elementwise layers (see layers.h): activations (ReLU6: the MobileNet ports' layer), Power / Exp / Log as
// scalar chains, Threshold, Eltwise, Scale and Bias (a parameter blob or a second bottom, broadcast from `axis`),
// BatchNorm (Caffe's three blobs: mean and variance, both divided by the third, the moving-average scale factor; a
// Scale layer that alone reads its output is folded into the same BatchNormalization, as ATC fuses the pair) and
// Dropout (identity at inference).
#include <cmath>

#include "tools/atc/caffe/layers.h"
#include "tools/atc/passes/ir.h"

namespace asim::atc::caffe_import {
namespace {

Status Unary(LayerContext& c, const std::string& op, kernels::AttrMap attrs = {}) {
  ASIM_RETURN_IF_ERROR(c.ExpectIo(1, 1));
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne(op, {c.bottom(0)}, std::move(attrs), &y));
  c.SetTop(0, y);
  return Status::Ok();
}

Status ReLU(LayerContext& c) {
  const float slope = c.param().relu_param().negative_slope();
  if (slope == 0.0f) return Unary(c, "Relu");
  kernels::AttrMap a;
  a.Set("alpha", slope);
  return Unary(c, "LeakyRelu", a);
}

// The ReLU6 layer of the Caffe MobileNet ports: min(max(x, 0), 6).
Status ReLU6(LayerContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectIo(1, 1));
  int y = -1;
  ASIM_RETURN_IF_ERROR(
      c.EmitOne("Clip", {c.bottom(0), c.ConstFloat("min", {0.0f}, {}), c.ConstFloat("max", {6.0f}, {})}, {}, &y));
  c.SetTop(0, y);
  return Status::Ok();
}

Status Sigmoid(LayerContext& c) {
  return Unary(c, "Sigmoid");
}
Status TanH(LayerContext& c) {
  return Unary(c, "Tanh");
}
Status AbsVal(LayerContext& c) {
  return Unary(c, "Abs");
}
Status BNLL(LayerContext& c) {
  return Unary(c, "Softplus");
}  // log(1 + exp(x))

Status ELU(LayerContext& c) {
  kernels::AttrMap a;
  a.Set("alpha", c.param().elu_param().alpha());
  return Unary(c, "Elu", a);
}

// Dims of a per-channel parameter broadcast against a bottom of `rank` from `axis`:
// `param` followed by ones.
std::vector<int64_t> BroadcastDims(const std::vector<int64_t>& param, size_t axis, size_t rank) {
  std::vector<int64_t> d = param;
  for (size_t i = axis + param.size(); i < rank; ++i) d.push_back(1);
  return d;
}

Status PReLU(LayerContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectIo(1, 1));
  const auto dims = c.dims(0);
  const bool shared = c.param().prelu_param().channel_shared();
  if (!shared && dims.size() < 2) return c.Malformed("has a bottom " + DimsText(dims) + " without a channel axis");
  const int64_t channels = shared ? 1 : dims[1];
  int slope = -1;
  ASIM_RETURN_IF_ERROR(
      c.BlobConstant(0, shared ? std::vector<int64_t>{1} : BroadcastDims({channels}, 1, dims.size()), "slope", &slope));
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("PRelu", {c.bottom(0), slope}, {}, &y));
  c.SetTop(0, y);
  return Status::Ok();
}

// y = (shift + scale * x) ^ power
Status Power(LayerContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectIo(1, 1));
  const auto& p = c.param().power_param();
  std::vector<ChainStep> steps;
  if (p.scale() != 1.0f) steps.push_back({"Mul", p.scale(), false, "scale"});
  if (p.shift() != 0.0f) steps.push_back({"Add", p.shift(), false, "shift"});
  if (p.power() != 1.0f) steps.push_back({"Pow", p.power(), false, "power"});
  if (steps.empty()) steps.push_back({"Identity", 0, true, "identity"});
  int y = -1;
  ASIM_RETURN_IF_ERROR(EmitChain(c, c.bottom(0), steps, &y));
  c.SetTop(0, y);
  return Status::Ok();
}

// y = base ^ (shift + scale * x) = exp(ln(base) * (shift + scale * x)); base -1 means e.
Status Exp(LayerContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectIo(1, 1));
  const auto& p = c.param().exp_param();
  if (p.base() != -1.0f && p.base() <= 0.0f)
    return c.Malformed("has base " + std::to_string(p.base()) + "; it must be -1 (e) or positive");
  const double ln_base = p.base() == -1.0f ? 1.0 : std::log(static_cast<double>(p.base()));
  const float scale = static_cast<float>(ln_base * p.scale());
  const float shift = static_cast<float>(ln_base * p.shift());
  std::vector<ChainStep> steps;
  if (scale != 1.0f) steps.push_back({"Mul", scale, false, "scale"});
  if (shift != 0.0f) steps.push_back({"Add", shift, false, "shift"});
  steps.push_back({"Exp", 0, true, "exp"});
  int y = -1;
  ASIM_RETURN_IF_ERROR(EmitChain(c, c.bottom(0), steps, &y));
  c.SetTop(0, y);
  return Status::Ok();
}

// y = log_base(shift + scale * x) = ln(shift + scale * x) / ln(base); base -1 means e.
Status Log(LayerContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectIo(1, 1));
  const auto& p = c.param().log_param();
  if (p.base() != -1.0f && (p.base() <= 0.0f || p.base() == 1.0f)) {
    return c.Malformed("has base " + std::to_string(p.base()) + "; it must be -1 (e) or positive and not 1");
  }
  std::vector<ChainStep> steps;
  if (p.scale() != 1.0f) steps.push_back({"Mul", p.scale(), false, "scale"});
  if (p.shift() != 0.0f) steps.push_back({"Add", p.shift(), false, "shift"});
  steps.push_back({"Log", 0, true, "log"});
  if (p.base() != -1.0f) {
    steps.push_back({"Mul", static_cast<float>(1.0 / std::log(static_cast<double>(p.base()))), false, "base"});
  }
  int y = -1;
  ASIM_RETURN_IF_ERROR(EmitChain(c, c.bottom(0), steps, &y));
  c.SetTop(0, y);
  return Status::Ok();
}

// y = x > threshold ? 1 : 0
Status Threshold(LayerContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectIo(1, 1));
  int above = -1, y = -1;
  ASIM_RETURN_IF_ERROR(
      c.EmitOne("Greater", {c.bottom(0), c.ConstFloat("threshold", {c.param().threshold_param().threshold()}, {})}, {},
                &above, "greater"));
  kernels::AttrMap cast;
  cast.Set("to", DataType::kFloat);
  ASIM_RETURN_IF_ERROR(c.EmitOne("Cast", {above}, cast, &y));
  c.SetTop(0, y);
  return Status::Ok();
}

Status Dropout(LayerContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectIo(1, 1));
  c.SetTop(0, c.bottom(0));
  return Status::Ok();
}

Status Eltwise(LayerContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectIo(-1, 1));
  const auto& p = c.param().eltwise_param();
  if (c.bottom_count() < 2)
    return c.Malformed("has " + std::to_string(c.bottom_count()) + " bottom; Eltwise takes at least 2");
  const bool sum = p.operation() == asim::caffe::EltwiseParameter::SUM;
  if (p.coeff_size() > 0 && (!sum || p.coeff_size() != c.bottom_count())) {
    return c.Malformed("has " + std::to_string(p.coeff_size()) + " coeff(s) for " + std::to_string(c.bottom_count()) +
                       " bottoms; coeff takes one per bottom, and only with operation SUM");
  }
  const char* op = sum ? "Add" : p.operation() == asim::caffe::EltwiseParameter::PROD ? "Mul" : "Max";
  std::vector<int> terms;
  for (int i = 0; i < c.bottom_count(); ++i) {
    int t = c.bottom(i);
    if (p.coeff_size() > 0) ASIM_RETURN_IF_ERROR(c.Scale(t, p.coeff(i), "coeff" + std::to_string(i), &t));
    terms.push_back(t);
  }
  int acc = terms[0];
  for (size_t i = 1; i < terms.size(); ++i) {
    const std::string suffix = i + 1 == terms.size() ? "" : std::string(op) + std::to_string(i);
    ASIM_RETURN_IF_ERROR(c.EmitOne(op, {acc, terms[i]}, {}, &acc, suffix));
  }
  c.SetTop(0, acc);
  return Status::Ok();
}

// Scale and Bias: the parameter (blob `blob` or bottom 1) covers the bottom's dims
// [axis, axis + num_axes) and broadcasts over the rest.
Status ParamOperand(LayerContext& c, int blob, int64_t axis_value, int64_t num_axes, const std::string& suffix,
                    int* operand) {
  const auto dims = c.dims(0);
  size_t axis = 0;
  if (c.bottom_count() > 1) {
    ASIM_RETURN_IF_ERROR(NormalizeAxis(c, axis_value, dims.size(), "axis", &axis));
    const auto pd = c.dims(1);
    for (size_t i = 0; i < pd.size(); ++i) {
      if (axis + i >= dims.size() || pd[i] != dims[axis + i]) {
        return c.Malformed("has a second bottom " + DimsText(pd) + " that does not match the first " + DimsText(dims) +
                           " from axis " + std::to_string(axis));
      }
    }
    const auto bd = BroadcastDims(pd, axis, dims.size());
    if (bd == pd) {
      *operand = c.bottom(1);
      return Status::Ok();
    }
    return c.EmitOne("Reshape", {c.bottom(1), c.ConstInt64(suffix + "_shape", bd)}, {}, operand, suffix + "_reshape");
  }
  // A parameter blob: Caffe allows axis == rank for a scalar (num_axes 0).
  if (axis_value == static_cast<int64_t>(dims.size()) && num_axes == 0) {
    axis = dims.size();
  } else {
    ASIM_RETURN_IF_ERROR(NormalizeAxis(c, axis_value, dims.size(), "axis", &axis));
  }
  const size_t end = num_axes < 0 ? dims.size() : axis + static_cast<size_t>(num_axes);
  if (end > dims.size()) {
    return c.Malformed("has axis " + std::to_string(axis) + " and num_axes " + std::to_string(num_axes) +
                       ", beyond its bottom " + DimsText(dims));
  }
  std::vector<int64_t> pd(dims.begin() + static_cast<std::ptrdiff_t>(axis),
                          dims.begin() + static_cast<std::ptrdiff_t>(end));
  int64_t count = 1;
  for (int64_t d : pd) count *= d;
  std::vector<float> v;
  ASIM_RETURN_IF_ERROR(c.BlobValues(blob, count, pd, &v));
  *operand = c.ConstFloat(suffix, v, BroadcastDims(pd, axis, dims.size()));
  return Status::Ok();
}

Status Scale(LayerContext& c) {
  if (auto it = c.state().absorbed.find(c.name()); it != c.state().absorbed.end()) {
    c.SetTop(0, it->second);  // folded into the BatchNorm before it
    return Status::Ok();
  }
  if (c.bottom_count() != 1 && c.bottom_count() != 2) ASIM_RETURN_IF_ERROR(c.ExpectIo(1, 1));
  if (c.top_count() != 1) ASIM_RETURN_IF_ERROR(c.ExpectIo(c.bottom_count(), 1));
  const auto& p = c.param().scale_param();
  int scale = -1, y = -1;
  ASIM_RETURN_IF_ERROR(ParamOperand(c, 0, p.axis(), p.num_axes(), "scale", &scale));
  ASIM_RETURN_IF_ERROR(c.EmitOne("Mul", {c.bottom(0), scale}, {}, &y, p.bias_term() ? "mul" : ""));
  if (p.bias_term()) {
    const int bias_blob = c.bottom_count() > 1 ? 0 : 1;
    const auto dims = c.dims(0);
    size_t axis = 0;
    ASIM_RETURN_IF_ERROR(NormalizeAxis(c, p.axis(), dims.size(), "axis", &axis));
    const std::vector<int64_t> pd = c.bottom_count() > 1 ? c.dims(1) : std::vector<int64_t>{};
    std::vector<int64_t> bdims;
    if (c.bottom_count() > 1) {
      bdims = pd;
    } else {
      const size_t end = p.num_axes() < 0 ? dims.size() : axis + static_cast<size_t>(p.num_axes());
      bdims.assign(dims.begin() + static_cast<std::ptrdiff_t>(axis), dims.begin() + static_cast<std::ptrdiff_t>(end));
    }
    int64_t count = 1;
    for (int64_t d : bdims) count *= d;
    std::vector<float> v;
    ASIM_RETURN_IF_ERROR(c.BlobValues(bias_blob, count, bdims, &v));
    const int bias = c.ConstFloat("bias", v, BroadcastDims(bdims, axis, dims.size()));
    ASIM_RETURN_IF_ERROR(c.EmitOne("Add", {y, bias}, {}, &y));
  }
  c.SetTop(0, y);
  return Status::Ok();
}

Status Bias(LayerContext& c) {
  if (c.bottom_count() != 1 && c.bottom_count() != 2) ASIM_RETURN_IF_ERROR(c.ExpectIo(1, 1));
  const auto& p = c.param().bias_param();
  int bias = -1, y = -1;
  ASIM_RETURN_IF_ERROR(ParamOperand(c, 0, p.axis(), p.num_axes(), "bias", &bias));
  ASIM_RETURN_IF_ERROR(c.EmitOne("Add", {c.bottom(0), bias}, {}, &y));
  c.SetTop(0, y);
  return Status::Ok();
}

// The layers after the current one that read its top `blob` before something rewrites it.
std::vector<size_t> Readers(const ImportState& s, const std::string& blob) {
  std::vector<size_t> readers;
  const auto& layers = *s.layers;
  for (size_t j = s.layer_index + 1; j < layers.size(); ++j) {
    const auto& l = *layers[j].param;
    for (const auto& b : l.bottom()) {
      if (b == blob) {
        readers.push_back(j);
        break;
      }
    }
    for (const auto& t : l.top()) {
      if (t == blob) return readers;
    }
  }
  return readers;
}

Status BatchNorm(LayerContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectIo(1, 1));
  const auto& p = c.param().batch_norm_param();
  if (p.has_use_global_stats() && !p.use_global_stats()) {
    return c.Unsupported(
        "use_global_stats: false normalises with the batch's own statistics (training); inference "
        "uses the stored mean and variance (remove the field or set it to true)");
  }
  const auto dims = c.dims(0);
  if (dims.size() < 2) return c.Malformed("has a bottom " + DimsText(dims) + " without a channel axis");
  const int64_t ch = dims[1];
  std::vector<float> mean, var, factor;
  ASIM_RETURN_IF_ERROR(c.BlobValues(0, ch, {ch}, &mean));
  ASIM_RETURN_IF_ERROR(c.BlobValues(1, ch, {ch}, &var));
  ASIM_RETURN_IF_ERROR(c.BlobValues(2, 1, {1}, &factor));
  // Caffe divides the running sums by the moving-average factor (0 -> the statistics are 0).
  const float f = factor[0] == 0.0f ? 0.0f : 1.0f / factor[0];
  for (auto& m : mean) m *= f;
  for (auto& v : var) v *= f;
  std::vector<float> gamma(static_cast<size_t>(ch), 1.0f), beta(static_cast<size_t>(ch), 0.0f);
  // A Scale layer that alone reads this output, per channel, is folded in (not when
  // --out_nodes asks for this output: the user reads it too).
  std::string folded;
  const auto readers = Readers(c.state(), c.param().top(0));
  if (readers.size() == 1 && c.state().requested_outputs.count({c.name(), 0}) == 0) {
    const CaffeLayer& next = (*c.state().layers)[readers[0]];
    const auto& sp = next.param->scale_param();
    if (next.param->type() == "Scale" && next.param->bottom_size() == 1 && next.param->top_size() == 1 &&
        (sp.axis() == 1 || sp.axis() == -static_cast<int64_t>(dims.size()) + 1) &&
        (sp.num_axes() == 1 || (sp.num_axes() == -1 && dims.size() == 2))) {
      LayerContext scale(c.state(), next);
      ASIM_RETURN_IF_ERROR(scale.BlobValues(0, ch, {ch}, &gamma));
      if (sp.bias_term()) ASIM_RETURN_IF_ERROR(scale.BlobValues(1, ch, {ch}, &beta));
      folded = next.param->name();
    }
  }
  kernels::AttrMap attrs;
  attrs.Set("epsilon", p.eps());
  if (!folded.empty()) attrs.Set(ir::kOriginalOpNamesAttr, std::vector<std::string>{c.name(), folded});
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("BatchNormalization",
                                 {c.bottom(0), c.ConstFloat("scale", gamma, {ch}), c.ConstFloat("bias", beta, {ch}),
                                  c.ConstFloat("mean", mean, {ch}), c.ConstFloat("variance", var, {ch})},
                                 attrs, &y));
  if (!folded.empty()) c.state().absorbed[folded] = y;
  c.SetTop(0, y);
  return Status::Ok();
}

}  // namespace

void AddElementwiseLayers(Table* t) {
  t->emplace_back("AbsVal", &AbsVal);
  t->emplace_back("BNLL", &BNLL);
  t->emplace_back("BatchNorm", &BatchNorm);
  t->emplace_back("Bias", &Bias);
  t->emplace_back("Dropout", &Dropout);
  t->emplace_back("ELU", &ELU);
  t->emplace_back("Eltwise", &Eltwise);
  t->emplace_back("Exp", &Exp);
  t->emplace_back("Log", &Log);
  t->emplace_back("PReLU", &PReLU);
  t->emplace_back("Power", &Power);
  t->emplace_back("ReLU", &ReLU);
  t->emplace_back("ReLU6", &ReLU6);
  t->emplace_back("Scale", &Scale);
  t->emplace_back("Sigmoid", &Sigmoid);
  t->emplace_back("TanH", &TanH);
  t->emplace_back("Threshold", &Threshold);
}

}  // namespace asim::atc::caffe_import
