// Translations that are more than a rename: constants and eliminated ops (Constant,
// Identity, Dropout; Bernoulli refused by name), attribute conversions (Cast's `to` into aclDataType numbering,
// ConstantOfShape's tensor `value`, Softmax / LogSoftmax / Hardmax before opset 13 with
// coerce_2d, MaxPool's optional indices, MelWeightMatrix's output_datatype), opset variants the kernels do not take
// (Reshape-1's shape attribute, TopK-1's k attribute, Resize-10, Upsample, Scatter, Pad-1's
// paddings, Split without sizes, RoiAlign-10's coordinate mode), BatchNormalization in inference mode, and small
// decompositions (EyeLike to a constant, Shrink to compare / select, CenterCropPad to Slice
// and Pad).
// Thread safety: stateless functions. Failure: as translate.h says.
#include <cmath>
#include <cstring>
#include <sstream>

#include "kernels/common/values/cast_util.h"
#include "tools/atc/onnx/onnx_tensor.h"
#include "tools/atc/onnx/translate.h"

namespace asim::atc::onnx_import {
namespace {

using onnx::AttributeProto;

Status Constant(NodeContext& c) {
  ir::Graph& g = c.graph();
  const std::string name = c.output_used(0) ? c.proto().output(0) : c.name();
  int id = -1;
  if (const AttributeProto* a = c.attr("value")) {
    TensorData t;
    ASIM_RETURN_IF_ERROR(ReadTensor(a->t(), c.state().model_dir, "the value of " + c.Where(), &t));
    id = g.AddConstant(name, t.dtype, t.dims, t.bytes);
  } else if (c.has_attr("value_float")) {
    id = c.ConstFloat("value", {c.Float("value_float", 0.0f)}, true);
  } else if (c.has_attr("value_floats")) {
    id = c.ConstFloat("value", c.Floats("value_floats"));
  } else if (c.has_attr("value_int")) {
    id = c.ConstInt64("value", {c.Int("value_int", 0)}, true);
  } else if (c.has_attr("value_ints")) {
    id = c.ConstInt64("value", c.Ints("value_ints"));
  } else {
    return c.Unsupported(
        "only numeric constants (value, value_float(s), value_int(s)) are supported; string and "
        "sparse constants are not");
  }
  c.SetOutput(0, id);
  return Status::Ok();
}

Status Identity(NodeContext& c) {
  if (c.input(0) < 0) return c.Unsupported("Identity needs a tensor input");
  c.SetOutput(0, c.input(0));
  return Status::Ok();
}

// Dropout in inference form: the output is the input, the mask all true. ONNX defines the
// same result in training mode when the ratio is 0; any other training-mode Dropout draws a
// random mask, which a converted model cannot reproduce: refused, naming the node and why.
Status Dropout(NodeContext& c) {
  bool training = false;
  if (c.has_input(2)) {
    std::vector<int64_t> mode;
    if (!c.is_const(2)) return c.NotConstant(2);  // says which input, and that it must be constant
    ASIM_RETURN_IF_ERROR(c.ConstInts(2, &mode));
    training = !mode.empty() && mode[0] != 0;
  }
  if (training) {
    double ratio = 0.5;  // the opset-12+ default
    if (c.has_input(1)) {
      std::vector<double> r;
      if (!c.is_const(1)) return c.NotConstant(1);
      ASIM_RETURN_IF_ERROR(c.ConstFloats(1, &r));
      if (!r.empty()) ratio = r[0];
    }
    if (ratio != 0.0) {
      std::ostringstream text;
      text << ratio;
      return c.Unsupported("training_mode input '" + c.proto().input(2) + "' is true and the ratio is " + text.str() +
                           ": training-mode Dropout draws a random mask, which is not supported; export the model "
                           "for inference (training_mode false or absent: Dropout is then removed)");
    }
  }
  const int x = c.input(0);
  c.SetOutput(0, x);
  if (c.output_used(1)) {
    const ir::Value& v = c.ValueOf(x);
    if (v.dynamic) return c.Unsupported("the mask output of a Dropout on a gear-dependent shape is not supported");
    auto bytes = std::make_shared<std::vector<uint8_t>>(static_cast<size_t>(v.ElementCount()), uint8_t{1});
    c.SetOutput(1, c.Constant("mask", DataType::kBool, v.dims, std::move(bytes)));
  }
  return Status::Ok();
}

// Bernoulli draws random values (ONNX defines it as a function over RandomUniformLike): a
// converted model cannot reproduce them; refused naming the node rather than its body's op.
Status Bernoulli(NodeContext& c) {
  return c.Unsupported(
      "Bernoulli draws random 0/1 values from its input probabilities; random ops are not supported (an inference "
      "model should not contain them: export it in eval mode, or replace the draw by a threshold)");
}

Status Cast(NodeContext& c) {
  int64_t to = c.Int("to", 0);
  if (const onnx::AttributeProto* a = c.attr("to"); a != nullptr && a->type() == onnx::AttributeProto::STRING) {
    to = LegacyCastType(a->s());  // Cast-1 names the type
    if (to < 0) return c.Unsupported("Cast to '" + a->s() + "': not a TensorProto type name");
  }
  const auto dtype = DataTypeFromOnnx(static_cast<int32_t>(to));
  if (!dtype) return c.Unsupported("Cast to " + OnnxTypeName(static_cast<int32_t>(to)) + " is not supported");
  kernels::AttrMap attrs;
  attrs.Set("to", *dtype);
  if (c.has_attr("saturate")) attrs.Set("saturate", c.Int("saturate", 1));
  int out = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("Cast", {c.input(0)}, attrs, &out));
  c.SetOutput(0, out);
  return Status::Ok();
}

// MelWeightMatrix's output_datatype (ONNX TensorProto numbering) into a DataType.
Status MelWeightMatrix(NodeContext& c) {
  const int64_t type = c.Int("output_datatype", 1);
  const auto dtype = DataTypeFromOnnx(static_cast<int32_t>(type));
  if (!dtype) {
    return c.Unsupported("MelWeightMatrix output_datatype " + OnnxTypeName(static_cast<int32_t>(type)) +
                         " is not supported");
  }
  kernels::AttrMap attrs;
  attrs.Set("output_datatype", *dtype);
  int out = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("MelWeightMatrix", c.inputs(), attrs, &out));
  c.SetOutput(0, out);
  return Status::Ok();
}

Status SoftmaxFamily(NodeContext& c) {
  kernels::AttrMap attrs;
  const bool old = c.opset() < 13;
  attrs.Set("axis", c.Int("axis", old ? 1 : -1));
  attrs.Set("coerce_2d", int64_t{old ? 1 : 0});
  int out = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne(c.op_type(), {c.input(0)}, attrs, &out));
  c.SetOutput(0, out);
  return Status::Ok();
}

Status BatchNorm(NodeContext& c) {
  if (c.Int("spatial", 1) == 0) return c.Unsupported("BatchNormalization with spatial = 0 is not supported");
  if (c.Int("training_mode", 0) != 0) return c.Unsupported("BatchNormalization in training mode is not supported");
  for (int k = 1; k < c.output_count(); ++k) {
    if (c.output_used(k)) {
      return c.Unsupported("the running mean / variance outputs of BatchNormalization (training) are not supported");
    }
  }
  kernels::AttrMap attrs;
  attrs.Set("epsilon", c.Float("epsilon", 1e-5f));
  attrs.Set("momentum", c.Float("momentum", 0.9f));
  std::vector<int> in = c.inputs();
  in.resize(5, -1);
  int out = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("BatchNormalization", in, attrs, &out));
  c.SetOutput(0, out);
  return Status::Ok();
}

Status MaxPool(NodeContext& c) {
  kernels::AttrMap attrs = c.PlainAttrs();
  const bool indices = c.output_used(1);
  attrs.Set("output_indices", int64_t{indices ? 1 : 0});
  std::vector<int> outs;
  ASIM_RETURN_IF_ERROR(c.Emit("MaxPool", {c.input(0)}, attrs, indices ? 2 : 1, &outs));
  c.SetOutputs(outs);
  return Status::Ok();
}

// Resize from the older forms: X, scales (constant or not), mode.
Status ResizeFromScales(NodeContext& c, int scales, std::string mode) {
  if (mode == "bilinear") mode = "linear";
  kernels::AttrMap attrs;
  attrs.Set("mode", mode);
  attrs.Set("coordinate_transformation_mode", std::string("asymmetric"));
  attrs.Set("nearest_mode", std::string("floor"));
  int out = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("Resize", {c.input(0), -1, scales}, attrs, &out));
  c.SetOutput(0, out);
  return Status::Ok();
}

Status Upsample(NodeContext& c) {
  if (c.has_input(1)) return ResizeFromScales(c, c.input(1), c.Str("mode", "nearest"));
  return ResizeFromScales(c, c.ConstFloat("scales", c.Floats("scales")), c.Str("mode", "nearest"));
}

bool EmptyConstant(const NodeContext& c, int i) {
  return c.is_const(i) && c.value(i).ElementCount() == 0;
}

Status Resize(NodeContext& c) {
  if (c.opset() < 11) return ResizeFromScales(c, c.input(1), c.Str("mode", "nearest"));
  std::vector<int> in = c.inputs();
  in.resize(4, -1);
  for (int i = 1; i < 4; ++i) {
    if (EmptyConstant(c, i)) in[static_cast<size_t>(i)] = -1;  // "" spelled as an empty tensor (opset 11-12)
  }
  while (!in.empty() && in.back() < 0) in.pop_back();
  int out = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("Resize", in, c.PlainAttrs(), &out));
  c.SetOutput(0, out);
  return Status::Ok();
}

Status Reshape(NodeContext& c) {
  int shape = c.input(1);
  if (c.opset() < 5 || shape < 0) shape = c.ConstInt64("shape", c.Ints("shape"));
  kernels::AttrMap attrs;
  attrs.Set("allowzero", c.Int("allowzero", 0));
  int out = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("Reshape", {c.input(0), shape}, attrs, &out));
  c.SetOutput(0, out);
  return Status::Ok();
}

Status Split(NodeContext& c) {
  kernels::AttrMap attrs = c.PlainAttrs();
  const bool sizes = c.has_attr("split") || c.has_input(1);
  if (!sizes && !c.has_attr("num_outputs")) attrs.Set("num_outputs", int64_t{c.output_count()});
  std::vector<int> in = c.inputs();
  while (!in.empty() && in.back() < 0) in.pop_back();
  std::vector<int> outs;
  ASIM_RETURN_IF_ERROR(c.Emit("Split", in, attrs, c.output_count(), &outs));
  c.SetOutputs(outs);
  return Status::Ok();
}

Status TopK(NodeContext& c) {
  int k = c.input(1);
  if (c.opset() < 10) k = c.ConstInt64("k", {c.Int("k", 1)});
  kernels::AttrMap attrs = c.PlainAttrs({"k"});
  std::vector<int> outs;
  ASIM_RETURN_IF_ERROR(c.Emit("TopK", {c.input(0), k}, attrs, 2, &outs));
  c.SetOutputs(outs);
  return Status::Ok();
}

// RoiAlign before opset 16 had no coordinate_transformation_mode and behaved as
// output_half_pixel; the kernel's default is opset 16's half_pixel.
Status RoiAlign(NodeContext& c) {
  kernels::AttrMap attrs = c.PlainAttrs();
  if (c.opset() < 16 && !c.has_attr("coordinate_transformation_mode")) {
    attrs.Set("coordinate_transformation_mode", std::string("output_half_pixel"));
  }
  int out = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("RoiAlign", c.inputs(), attrs, &out));
  c.SetOutput(0, out);
  return Status::Ok();
}

Status Scatter(NodeContext& c) {
  return TranslateDirect(c, "ScatterElements");
}

Status Pad(NodeContext& c) {
  kernels::AttrMap attrs = c.PlainAttrs({"paddings"});
  if (c.has_attr("paddings")) attrs.Set("pads", c.Ints("paddings"));
  std::vector<int> in = c.inputs();
  while (!in.empty() && in.back() < 0) in.pop_back();
  int out = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("Pad", in, attrs, &out));
  c.SetOutput(0, out);
  return Status::Ok();
}

Status ConstantOfShape(NodeContext& c) {
  kernels::AttrMap attrs;
  DataType dtype = DataType::kFloat;
  if (const AttributeProto* a = c.attr("value")) {
    TensorData t;
    ASIM_RETURN_IF_ERROR(ReadTensor(a->t(), c.state().model_dir, "the value of " + c.Where(), &t));
    if (t.bytes->size() != DataTypeSize(t.dtype)) return c.Unsupported("`value` must hold exactly one element");
    dtype = t.dtype;
    const bool is_float = dtype == DataType::kFloat || dtype == DataType::kFloat16 || dtype == DataType::kDouble ||
                          dtype == DataType::kBf16;
    if (is_float) {
      double v = 0;
      (void)kernels::ConvertElements(t.bytes->data(), dtype, &v, DataType::kDouble, 1);
      attrs.Set("value", static_cast<float>(v));
    } else {
      int64_t v = 0;
      (void)kernels::ConvertElements(t.bytes->data(), dtype, &v, DataType::kInt64, 1);
      attrs.Set("value", v);
    }
  } else {
    attrs.Set("value", 0.0f);
  }
  attrs.Set("dtype", dtype);
  int out = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("ConstantOfShape", {c.input(0)}, attrs, &out));
  c.SetOutput(0, out);
  return Status::Ok();
}

Status EyeLike(NodeContext& c) {
  const ir::Value& x = c.value(0);
  if (x.dims.size() != 2 || x.dynamic) return c.Unsupported("EyeLike needs a 2-D input of static shape");
  DataType dtype = x.dtype;
  if (c.has_attr("dtype")) {
    const auto d = DataTypeFromOnnx(static_cast<int32_t>(c.Int("dtype", 1)));
    if (!d) return c.Unsupported("EyeLike dtype " + OnnxTypeName(static_cast<int32_t>(c.Int("dtype", 1))));
    dtype = *d;
  }
  const int64_t rows = x.dims[0], cols = x.dims[1], k = c.Int("k", 0);
  std::vector<double> values(static_cast<size_t>(rows * cols), 0.0);
  for (int64_t r = 0; r < rows; ++r) {
    const int64_t col = r + k;
    if (col >= 0 && col < cols) values[static_cast<size_t>(r * cols + col)] = 1.0;
  }
  auto bytes = std::make_shared<std::vector<uint8_t>>(values.size() * DataTypeSize(dtype));
  if (!values.empty()) {
    Status st = kernels::ConvertElements(values.data(), DataType::kDouble, bytes->data(), dtype,
                                         static_cast<int64_t>(values.size()));
    if (!st.ok()) return c.Unsupported("EyeLike of " + std::string(DataTypeName(dtype)) + ": " + st.message());
  }
  c.SetOutput(0, c.Constant("eye", dtype, {rows, cols}, std::move(bytes)));
  return Status::Ok();
}

// A scalar constant of `like`'s dtype.
int ScalarLike(NodeContext& c, int like, double value, const std::string& suffix) {
  const DataType dtype = c.ValueOf(like).dtype;
  auto bytes = std::make_shared<std::vector<uint8_t>>(DataTypeSize(dtype));
  (void)kernels::ConvertElements(&value, DataType::kDouble, bytes->data(), dtype, 1);
  return c.Constant(suffix, dtype, {}, std::move(bytes));
}

// Shrink: x < -lambd ? x + bias : (x > lambd ? x - bias : 0).
Status Shrink(NodeContext& c) {
  const int x = c.input(0);
  const double lambd = c.Float("lambd", 0.5f), bias = c.Float("bias", 0.0f);
  int below = -1, above = -1, plus = -1, minus = -1, inner = -1, out = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("Less", {x, ScalarLike(c, x, -lambd, "neg_lambd")}, {}, &below, "below"));
  ASIM_RETURN_IF_ERROR(c.EmitOne("Greater", {x, ScalarLike(c, x, lambd, "lambd")}, {}, &above, "above"));
  ASIM_RETURN_IF_ERROR(c.EmitOne("Add", {x, ScalarLike(c, x, bias, "bias")}, {}, &plus, "plus"));
  ASIM_RETURN_IF_ERROR(c.EmitOne("Sub", {x, ScalarLike(c, x, bias, "bias")}, {}, &minus, "minus"));
  ASIM_RETURN_IF_ERROR(c.EmitOne("Where", {above, minus, ScalarLike(c, x, 0.0, "zero")}, {}, &inner, "inner"));
  ASIM_RETURN_IF_ERROR(c.EmitOne("Where", {below, plus, inner}, {}, &out, "select"));
  c.SetOutput(0, out);
  return Status::Ok();
}

// PRelu: a 1-D slope of C elements on an [N, C, ...] input is per channel (the legacy
// broadcasting of opset < 7 that PyTorch exports rely on); reshaped to [C, 1, ...].
Status PRelu(NodeContext& c) {
  const ir::Value& x = c.value(0);
  const ir::Value& slope = c.value(1);
  int s = c.input(1);
  const size_t rank = x.dims.size();
  if (slope.dims.size() == 1 && rank >= 3 && slope.dims[0] == x.dims[1] && slope.dims[0] != x.dims.back() &&
      slope.dims[0] != 1) {
    std::vector<int64_t> shape(rank - 1, 1);
    shape[0] = slope.dims[0];
    if (slope.is_constant()) {
      s = c.Constant("slope", slope.dtype, shape, slope.data);
    } else {
      ASIM_RETURN_IF_ERROR(c.EmitOne("Reshape", {s, c.ConstInt64("slope_shape", shape)}, {}, &s, "slope"));
    }
  }
  int out = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("PRelu", {c.input(0), s}, {}, &out));
  c.SetOutput(0, out);
  return Status::Ok();
}

// CenterCropPad (opset 18): per axis, a centred Slice where the input is larger than the
// target and a centred Pad (zeros) where it is smaller; static input dims, constant shape.
Status CenterCropPad(NodeContext& c) {
  const ir::Value& x = c.value(0);
  std::vector<int64_t> shape;
  ASIM_RETURN_IF_ERROR(c.ConstInts(1, &shape));
  if (x.dynamic) return c.Unsupported("CenterCropPad needs static input dims");
  const int64_t rank = static_cast<int64_t>(x.dims.size());
  std::vector<int64_t> axes = c.Ints("axes");
  if (axes.empty()) {
    for (int64_t a = 0; a < rank; ++a) axes.push_back(a);
  }
  if (axes.size() != shape.size()) return c.Unsupported("`shape` needs one value per axis");
  std::vector<int64_t> starts, ends, slice_axes, pads(2 * static_cast<size_t>(rank), 0);
  bool crop = false, pad = false;
  for (size_t i = 0; i < axes.size(); ++i) {
    const int64_t a = axes[i] < 0 ? axes[i] + rank : axes[i];
    if (a < 0 || a >= rank) return c.Unsupported("axis " + std::to_string(axes[i]) + " out of range");
    const int64_t d = x.dims[static_cast<size_t>(a)], want = shape[i];
    if (d > want) {
      starts.push_back((d - want) / 2);
      ends.push_back((d - want) / 2 + want);
      slice_axes.push_back(a);
      crop = true;
    } else if (d < want) {
      pads[static_cast<size_t>(a)] = (want - d) / 2;
      pads[static_cast<size_t>(a + rank)] = want - d - (want - d) / 2;
      pad = true;
    }
  }
  int v = c.input(0);
  if (crop) {
    ASIM_RETURN_IF_ERROR(c.EmitOne(
        "Slice", {v, c.ConstInt64("starts", starts), c.ConstInt64("ends", ends), c.ConstInt64("axes", slice_axes)}, {},
        &v, "crop"));
  }
  if (pad) ASIM_RETURN_IF_ERROR(c.EmitOne("Pad", {v, c.ConstInt64("pads", pads)}, {}, &v, "pad"));
  if (!crop && !pad) return Identity(c);
  c.SetOutput(0, v);
  return Status::Ok();
}

}  // namespace

void AddSpecialOps(std::vector<std::pair<std::string, TranslateFn>>* table) {
  table->emplace_back("BatchNormalization", &BatchNorm);
  table->emplace_back("Cast", &Cast);
  table->emplace_back("CenterCropPad", &CenterCropPad);
  table->emplace_back("Constant", &Constant);
  table->emplace_back("ConstantOfShape", &ConstantOfShape);
  table->emplace_back("Dropout", &Dropout);
  table->emplace_back("Bernoulli", &Bernoulli);
  table->emplace_back("EyeLike", &EyeLike);
  table->emplace_back("Hardmax", &SoftmaxFamily);
  table->emplace_back("Identity", &Identity);
  table->emplace_back("LogSoftmax", &SoftmaxFamily);
  table->emplace_back("MaxPool", &MaxPool);
  table->emplace_back("MelWeightMatrix", &MelWeightMatrix);
  table->emplace_back("Pad", &Pad);
  table->emplace_back("PRelu", &PRelu);
  table->emplace_back("Reshape", &Reshape);
  table->emplace_back("Resize", &Resize);
  table->emplace_back("RoiAlign", &RoiAlign);
  table->emplace_back("Scatter", &Scatter);
  table->emplace_back("Shrink", &Shrink);
  table->emplace_back("Softmax", &SoftmaxFamily);
  table->emplace_back("Split", &Split);
  table->emplace_back("TopK", &TopK);
  table->emplace_back("Upsample", &Upsample);
}

}  // namespace asim::atc::onnx_import
