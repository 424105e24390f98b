// Semantics of opsets before 7 that differ from the current ones, for the old exporters'
// models (Caffe2, early PyTorch and CNTK): the elementwise ops' `broadcast` / `axis`
// attributes (B aligned at `axis` of A instead of at its end), Concat-1 without `axis` (1),
// Tile-1's (input, tiles, axis) form and Cast-1's `to` as a type name. From opset 7 on (and
// where the old form means the same) each op is its direct translation.
// Thread safety: stateless functions. Failure: as translate.h says.
#include <map>
#include <string>
#include <vector>

#include "tools/atc/onnx/translate.h"

namespace asim::atc::onnx_import {
namespace {

// Add, Sub, Mul, Div, Pow and the comparisons / logic ops of opset < 7: with broadcast = 1
// and an `axis`, B's dims line up with A's starting at `axis` (trailing 1s added to B).
Status LegacyBroadcast(NodeContext& c) {
  if (c.opset() >= 7 || c.Int("broadcast", 0) == 0 || !c.has_attr("axis")) {
    std::vector<int> inputs = c.inputs();
    int out = -1;
    ASIM_RETURN_IF_ERROR(c.EmitOne(c.op_type(), inputs, c.PlainAttrs({"broadcast", "axis", "consumed_inputs"}), &out));
    c.SetOutput(0, out);
    return Status::Ok();
  }
  const ir::Value& a = c.value(0);
  const ir::Value& b = c.value(1);
  const int64_t rank_a = static_cast<int64_t>(a.dims.size());
  const int64_t rank_b = static_cast<int64_t>(b.dims.size());
  int64_t axis = c.Int("axis", 0);
  if (axis < 0) axis += rank_a;
  if (axis < 0 || axis + rank_b > rank_a) {
    return c.Unsupported("broadcast axis " + std::to_string(c.Int("axis", 0)) + " does not place B (rank " +
                         std::to_string(rank_b) + ") inside A (rank " + std::to_string(rank_a) + ")");
  }
  std::vector<int64_t> shape = b.dims;
  shape.resize(static_cast<size_t>(rank_a - axis), 1);
  int aligned = c.input(1);
  if (b.is_constant()) {
    aligned = c.Constant("b_aligned", b.dtype, shape, b.data);
  } else {
    ASIM_RETURN_IF_ERROR(c.EmitOne("Reshape", {aligned, c.ConstInt64("b_shape", shape)}, {}, &aligned, "b_aligned"));
  }
  int out = -1;
  ASIM_RETURN_IF_ERROR(
      c.EmitOne(c.op_type(), {c.input(0), aligned}, c.PlainAttrs({"broadcast", "axis", "consumed_inputs"}), &out));
  c.SetOutput(0, out);
  return Status::Ok();
}

// Concat-1: `axis` was optional, default 1.
Status LegacyConcat(NodeContext& c) {
  kernels::AttrMap attrs = c.PlainAttrs();
  if (!c.has_attr("axis")) {
    if (c.opset() >= 4) return TranslateDirect(c, "Concat");  // the kernel names the missing attribute
    attrs.Set("axis", int64_t{1});
  }
  int out = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("Concat", c.inputs(), attrs, &out));
  c.SetOutput(0, out);
  return Status::Ok();
}

// Tile-1: (input, tiles, axis), both scalars: `tiles` copies along `axis`.
Status LegacyTile(NodeContext& c) {
  if (c.opset() >= 6 || c.input_count() < 3) return TranslateDirect(c, "Tile");
  std::vector<int64_t> tiles, axis;
  ASIM_RETURN_IF_ERROR(c.ConstInts(1, &tiles));
  ASIM_RETURN_IF_ERROR(c.ConstInts(2, &axis));
  const int64_t rank = static_cast<int64_t>(c.value(0).dims.size());
  if (tiles.size() != 1 || axis.size() != 1 || axis[0] < -rank || axis[0] >= rank) {
    return c.Unsupported("Tile-1 takes one tile count and one axis inside the input's rank " + std::to_string(rank));
  }
  std::vector<int64_t> repeats(static_cast<size_t>(rank), 1);
  repeats[static_cast<size_t>(axis[0] < 0 ? axis[0] + rank : axis[0])] = tiles[0];
  int out = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("Tile", {c.input(0), c.ConstInt64("repeats", repeats)}, {}, &out));
  c.SetOutput(0, out);
  return Status::Ok();
}

}  // namespace

// Cast-1's `to` names the type ("FLOAT", "INT32" ...): its TensorProto number, -1 if unknown.
int32_t LegacyCastType(const std::string& name) {
  static const std::map<std::string, int32_t> kTypes = {
      {"FLOAT", 1},  {"UINT8", 2}, {"INT8", 3},     {"UINT16", 4},  {"INT16", 5},   {"INT32", 6},   {"INT64", 7},
      {"STRING", 8}, {"BOOL", 9},  {"FLOAT16", 10}, {"DOUBLE", 11}, {"UINT32", 12}, {"UINT64", 13}, {"BFLOAT16", 16}};
  auto it = kTypes.find(name);
  return it == kTypes.end() ? -1 : it->second;
}

void AddLegacyOps(std::vector<std::pair<std::string, TranslateFn>>* table) {
  for (const char* type : {"Add", "Sub", "Mul", "Div", "Pow", "And", "Or", "Xor", "Equal", "Greater", "Less"}) {
    table->emplace_back(type, &LegacyBroadcast);
  }
  table->emplace_back("Concat", &LegacyConcat);
  table->emplace_back("Tile", &LegacyTile);
}

}  // namespace asim::atc::onnx_import
