// Quantization ops, decomposed onto float kernels: QuantizeLinear (x / scale, round half to
// even, + zero point, saturate, cast), DequantizeLinear ((x - zero point) * scale),
// MatMulInteger and ConvInteger (operands minus zero points in fp32, the float MatMul /
// Conv, cast to int32 — exact while sums stay below 2^24), QLinearMatMul and QLinearConv
// (dequantize, float op, quantize). Per-axis scales and zero points are reshaped to
// broadcast along their axis.
// Thread safety: stateless functions. Failure: as translate.h says; E16007 for quantized
// types other than int8 / uint8 (and int32 inputs of DequantizeLinear).
#include <cstring>

#include "tools/atc/onnx/translate.h"

namespace asim::atc::onnx_import {
namespace {

bool IsQuantType(DataType t) {
  return t == DataType::kUint8 || t == DataType::kInt8;
}

Status CastTo(NodeContext& c, int v, DataType to, const std::string& suffix, int* out) {
  if (c.ValueOf(v).dtype == to) {
    *out = v;
    return Status::Ok();
  }
  kernels::AttrMap attrs;
  attrs.Set("to", to);
  return c.EmitOne("Cast", {v}, attrs, out, suffix);
}

// A per-axis parameter [C] reshaped to broadcast along `axis` of a rank-`rank` tensor; a
// scalar or one-element parameter as it is.
Status AlongAxis(NodeContext& c, int param, size_t rank, int64_t axis, const std::string& suffix, int* out) {
  const ir::Value& p = c.ValueOf(param);
  *out = param;
  if (p.ElementCount() <= 1 || rank <= 1) return Status::Ok();
  if (axis < 0) axis += static_cast<int64_t>(rank);
  if (axis < 0 || axis >= static_cast<int64_t>(rank)) return c.Unsupported("axis out of range");
  std::vector<int64_t> shape(rank, 1);
  shape[static_cast<size_t>(axis)] = p.ElementCount();
  if (p.is_constant()) {
    *out = c.Constant(suffix, p.dtype, shape, p.data);
    return Status::Ok();
  }
  return c.EmitOne("Reshape", {param, c.ConstInt64(suffix + "_shape", shape)}, {}, out, suffix);
}

// float(x) - float(zero_point) (zero point optional, -1).
Status Centered(NodeContext& c, int x, int zp, size_t rank, int64_t axis, const std::string& tag, int* out) {
  ASIM_RETURN_IF_ERROR(CastTo(c, x, DataType::kFloat, tag + "_float", out));
  if (zp < 0) return Status::Ok();
  int zpf = -1, zpb = -1;
  ASIM_RETURN_IF_ERROR(CastTo(c, zp, DataType::kFloat, tag + "_zp_float", &zpf));
  ASIM_RETURN_IF_ERROR(AlongAxis(c, zpf, rank, axis, tag + "_zp", &zpb));
  return c.EmitOne("Sub", {*out, zpb}, {}, out, tag + "_centered");
}

// round(x / scale) + zero point, saturated to `to` (int8 / uint8) and cast.
Status Quantize(NodeContext& c, int x, int scale, int zp, DataType to, int64_t axis, int* out) {
  const size_t rank = c.ValueOf(x).dims.size();
  int xf = -1, s = -1, q = -1;
  ASIM_RETURN_IF_ERROR(CastTo(c, x, DataType::kFloat, "x_float", &xf));
  ASIM_RETURN_IF_ERROR(AlongAxis(c, scale, rank, axis, "scale", &s));
  ASIM_RETURN_IF_ERROR(c.EmitOne("Div", {xf, s}, {}, &q, "scaled"));
  ASIM_RETURN_IF_ERROR(c.EmitOne("Round", {q}, {}, &q, "rounded"));
  if (zp >= 0) {
    int zpf = -1, zpb = -1;
    ASIM_RETURN_IF_ERROR(CastTo(c, zp, DataType::kFloat, "zp_float", &zpf));
    ASIM_RETURN_IF_ERROR(AlongAxis(c, zpf, rank, axis, "zp", &zpb));
    ASIM_RETURN_IF_ERROR(c.EmitOne("Add", {q, zpb}, {}, &q, "shifted"));
  }
  const float lo = to == DataType::kUint8 ? 0.0f : -128.0f, hi = to == DataType::kUint8 ? 255.0f : 127.0f;
  ASIM_RETURN_IF_ERROR(
      c.EmitOne("Clip", {q, c.ConstFloat("lo", {lo}, true), c.ConstFloat("hi", {hi}, true)}, {}, &q, "saturated"));
  return CastTo(c, q, to, "quantized", out);
}

Status QuantizeLinear(NodeContext& c) {
  const int zp = c.input(2);
  const DataType to = zp >= 0 ? c.ValueOf(zp).dtype : DataType::kUint8;
  if (!IsQuantType(to)) return c.Unsupported("quantizing to " + std::string(DataTypeName(to)) + " is not supported");
  int out = -1;
  ASIM_RETURN_IF_ERROR(Quantize(c, c.input(0), c.input(1), zp, to, c.Int("axis", 1), &out));
  c.SetOutput(0, out);
  return Status::Ok();
}

Status DequantizeLinear(NodeContext& c) {
  const int x = c.input(0);
  const size_t rank = c.ValueOf(x).dims.size();
  const int64_t axis = c.Int("axis", 1);
  int centered = -1, s = -1, out = -1;
  ASIM_RETURN_IF_ERROR(Centered(c, x, c.input(2), rank, axis, "x", &centered));
  ASIM_RETURN_IF_ERROR(AlongAxis(c, c.input(1), rank, axis, "scale", &s));
  ASIM_RETURN_IF_ERROR(c.EmitOne("Mul", {centered, s}, {}, &out, "dequantized"));
  c.SetOutput(0, out);
  return Status::Ok();
}

Status MatMulInteger(NodeContext& c) {
  const int a = c.input(0), b = c.input(1);
  int af = -1, bf = -1, y = -1, out = -1;
  // a_zero_point per row of A ([M]) broadcasts along A's second-to-last axis.
  const size_t arank = c.ValueOf(a).dims.size();
  ASIM_RETURN_IF_ERROR(Centered(c, a, c.input(2), arank, static_cast<int64_t>(arank) - 2, "a", &af));
  ASIM_RETURN_IF_ERROR(Centered(c, b, c.input(3), c.ValueOf(b).dims.size(), -1, "b", &bf));
  ASIM_RETURN_IF_ERROR(c.EmitOne("MatMul", {af, bf}, {}, &y, "matmul"));
  ASIM_RETURN_IF_ERROR(CastTo(c, y, DataType::kInt32, "int32", &out));
  c.SetOutput(0, out);
  return Status::Ok();
}

Status ConvInteger(NodeContext& c) {
  const int x = c.input(0), w = c.input(1);
  int xf = -1, wf = -1, y = -1, out = -1;
  ASIM_RETURN_IF_ERROR(Centered(c, x, c.input(2), c.ValueOf(x).dims.size(), 1, "x", &xf));
  ASIM_RETURN_IF_ERROR(Centered(c, w, c.input(3), c.ValueOf(w).dims.size(), 0, "w", &wf));
  ASIM_RETURN_IF_ERROR(c.EmitOne("Conv", {xf, wf}, c.PlainAttrs(), &y, "conv"));
  ASIM_RETURN_IF_ERROR(CastTo(c, y, DataType::kInt32, "int32", &out));
  c.SetOutput(0, out);
  return Status::Ok();
}

// Dequantized float value of a quantized operand.
Status Dequantized(NodeContext& c, int x, int scale, int zp, int64_t axis, const std::string& tag, int* out) {
  const size_t rank = c.ValueOf(x).dims.size();
  int centered = -1, s = -1;
  ASIM_RETURN_IF_ERROR(Centered(c, x, zp, rank, axis, tag, &centered));
  ASIM_RETURN_IF_ERROR(AlongAxis(c, scale, rank, axis, tag + "_scale", &s));
  return c.EmitOne("Mul", {centered, s}, {}, out, tag + "_dequantized");
}

Status QLinearMatMul(NodeContext& c) {
  int a = -1, b = -1, y = -1, out = -1;
  const int arank = static_cast<int>(c.value(0).dims.size());
  ASIM_RETURN_IF_ERROR(Dequantized(c, c.input(0), c.input(1), c.input(2), arank - 2, "a", &a));
  ASIM_RETURN_IF_ERROR(Dequantized(c, c.input(3), c.input(4), c.input(5), -1, "b", &b));
  ASIM_RETURN_IF_ERROR(c.EmitOne("MatMul", {a, b}, {}, &y, "matmul"));
  const DataType to = c.ValueOf(c.input(7)).dtype;
  if (!IsQuantType(to)) return c.Unsupported("quantizing to " + std::string(DataTypeName(to)) + " is not supported");
  ASIM_RETURN_IF_ERROR(Quantize(c, y, c.input(6), c.input(7), to, -1, &out));
  c.SetOutput(0, out);
  return Status::Ok();
}

Status QLinearConv(NodeContext& c) {
  int x = -1, w = -1, y = -1, out = -1;
  ASIM_RETURN_IF_ERROR(Dequantized(c, c.input(0), c.input(1), c.input(2), 1, "x", &x));
  ASIM_RETURN_IF_ERROR(Dequantized(c, c.input(3), c.input(4), c.input(5), 0, "w", &w));
  std::vector<int> in = {x, w};
  if (c.has_input(8)) {
    // The int32 bias has scale x_scale * w_scale (per output channel).
    int bf = -1, bs = -1, b = -1;
    ASIM_RETURN_IF_ERROR(CastTo(c, c.input(8), DataType::kFloat, "bias_float", &bf));
    ASIM_RETURN_IF_ERROR(c.EmitOne("Mul", {c.input(1), c.input(4)}, {}, &bs, "bias_scale"));
    ASIM_RETURN_IF_ERROR(c.EmitOne("Mul", {bf, bs}, {}, &b, "bias"));
    in.push_back(b);
  }
  ASIM_RETURN_IF_ERROR(c.EmitOne("Conv", in, c.PlainAttrs(), &y, "conv"));
  const DataType to = c.ValueOf(c.input(7)).dtype;
  if (!IsQuantType(to)) return c.Unsupported("quantizing to " + std::string(DataTypeName(to)) + " is not supported");
  ASIM_RETURN_IF_ERROR(Quantize(c, y, c.input(6), c.input(7), to, 1, &out));
  c.SetOutput(0, out);
  return Status::Ok();
}

// The float ops a quantization op becomes stand for integer arithmetic the chip does exactly
// (the int8 cube with int32 sums, dequantization in fp32): --precision_mode must not make
// them fp16, whose range (65504) and 11-bit precision would saturate and round the sums.
template <TranslateFn kTranslate>
Status KeepingDtypes(NodeContext& c) {
  const size_t first = c.graph().nodes.size();
  ASIM_RETURN_IF_ERROR(kTranslate(c));
  for (size_t i = first; i < c.graph().nodes.size(); ++i) c.graph().nodes[i].keep_dtype = true;
  return Status::Ok();
}

}  // namespace

void AddQuantOps(std::vector<std::pair<std::string, TranslateFn>>* table) {
  table->emplace_back("ConvInteger", &KeepingDtypes<&ConvInteger>);
  table->emplace_back("DequantizeLinear", &KeepingDtypes<&DequantizeLinear>);
  table->emplace_back("MatMulInteger", &KeepingDtypes<&MatMulInteger>);
  table->emplace_back("QLinearConv", &KeepingDtypes<&QLinearConv>);
  table->emplace_back("QLinearMatMul", &KeepingDtypes<&QLinearMatMul>);
  table->emplace_back("QuantizeLinear", &KeepingDtypes<&QuantizeLinear>);
}

}  // namespace asim::atc::onnx_import
