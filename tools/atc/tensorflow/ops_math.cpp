// TensorFlow's elementwise and reduction ops (see ops.h). Unary ops keep their input's layout;
// binary ops broadcast as TensorFlow does (from the right) in whichever layout AlignPair picks;
// reductions, ArgMax and ArgMin remap their axes onto a value stored NCHW.
#include <algorithm>
#include <cmath>

#include "tools/atc/tensorflow/ops.h"

namespace asim::atc::tf_import {
namespace {

bool IsFloating(DataType t) {
  return t == DataType::kFloat || t == DataType::kFloat16 || t == DataType::kDouble || t == DataType::kBf16;
}

struct UnaryRule {
  const char* tf;
  const char* op;
};
constexpr UnaryRule kUnary[] = {
    {"Abs", "Abs"},   {"Acos", "Acos"},      {"Asin", "Asin"},         {"Atan", "Atan"},
    {"Ceil", "Ceil"}, {"Cos", "Cos"},        {"Cosh", "Cosh"},         {"Erf", "Erf"},
    {"Exp", "Exp"},   {"Floor", "Floor"},    {"Inv", "Reciprocal"},    {"IsNan", "IsNaN"},
    {"Log", "Log"},   {"LogicalNot", "Not"}, {"Neg", "Neg"},           {"Reciprocal", "Reciprocal"},
    {"Relu", "Relu"}, {"Round", "Round"},    {"Sigmoid", "Sigmoid"},   {"Sign", "Sign"},
    {"Sin", "Sin"},   {"Sinh", "Sinh"},      {"Softplus", "Softplus"}, {"Softsign", "Softsign"},
    {"Sqrt", "Sqrt"}, {"Tan", "Tan"},        {"Tanh", "Tanh"},
};

const char* UnaryOp(const std::string& tf) {
  for (const auto& r : kUnary) {
    if (tf == r.tf) return r.op;
  }
  return nullptr;
}

Status Unary(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(1));
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne(UnaryOp(c.op()), {c.in(0).id}, {}, &y));
  c.SetOutput(0, TfValue{y, c.in(0).nchw});
  return Status::Ok();
}

Status UnaryWith(NodeContext& c, const std::string& op, kernels::AttrMap attrs) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(1));
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne(op, {c.in(0).id}, std::move(attrs), &y));
  c.SetOutput(0, TfValue{y, c.in(0).nchw});
  return Status::Ok();
}

Status Elu(NodeContext& c) {
  kernels::AttrMap a;
  a.Set("alpha", 1.0f);
  return UnaryWith(c, "Elu", a);
}

Status Selu(NodeContext& c) {
  kernels::AttrMap a;  // TensorFlow's constants are ONNX's defaults
  a.Set("alpha", 1.6732632423543772f);
  a.Set("gamma", 1.0507009873554805f);
  return UnaryWith(c, "Selu", a);
}

Status LeakyRelu(NodeContext& c) {
  kernels::AttrMap a;
  a.Set("alpha", c.AttrFloat("alpha", 0.2f));
  return UnaryWith(c, "LeakyRelu", a);
}

Status Relu6(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(1));
  int y = -1;
  ASIM_RETURN_IF_ERROR(
      c.EmitOne("Clip", {c.in(0).id, c.ConstFloat("min", {0.0f}, {}), c.ConstFloat("max", {6.0f}, {})}, {}, &y));
  c.SetOutput(0, TfValue{y, c.in(0).nchw});
  return Status::Ok();
}

Status Rsqrt(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(1));
  int s = -1, y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("Sqrt", {c.in(0).id}, {}, &s, "sqrt"));
  ASIM_RETURN_IF_ERROR(c.EmitOne("Reciprocal", {s}, {}, &y));
  c.SetOutput(0, TfValue{y, c.in(0).nchw});
  return Status::Ok();
}

Status Square(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(1));
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("Mul", {c.in(0).id, c.in(0).id}, {}, &y));
  c.SetOutput(0, TfValue{y, c.in(0).nchw});
  return Status::Ok();
}

struct BinaryRule {
  const char* tf;
  const char* op;
};
constexpr BinaryRule kBinary[] = {
    {"Add", "Add"},
    {"AddV2", "Add"},
    {"Sub", "Sub"},
    {"Mul", "Mul"},
    {"RealDiv", "Div"},
    {"Div", "Div"},
    {"Maximum", "Max"},
    {"Minimum", "Min"},
    {"Pow", "Pow"},
    {"Greater", "Greater"},
    {"GreaterEqual", "GreaterOrEqual"},
    {"Less", "Less"},
    {"LessEqual", "LessOrEqual"},
    {"Equal", "Equal"},
    {"LogicalAnd", "And"},
    {"LogicalOr", "Or"},
    {"FloorMod", "Mod"},
};

Status Binary(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(2));
  const char* op = nullptr;
  for (const auto& r : kBinary) {
    if (c.op() == r.tf) op = r.op;
  }
  if (c.op() == "FloorMod" && IsFloating(c.dtype(0))) {
    return c.Unsupported("FloorMod of floating-point tensors (integers only)");
  }
  int a = -1, b = -1;
  bool nchw = false;
  ASIM_RETURN_IF_ERROR(AlignPair(c, c.in(0), c.in(1), &a, &b, &nchw));
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne(op, {a, b}, {}, &y));  // Mod's default fmod 0 is FloorMod's sign rule
  c.SetOutput(0, TfValue{y, nchw});
  return Status::Ok();
}

// Two-step binaries: SquaredDifference (x-y)^2, NotEqual !(x==y), FloorDiv floor(x/y) (floats).
Status BinaryThen(NodeContext& c, const std::string& first, const std::string& then, bool square) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(2));
  int a = -1, b = -1;
  bool nchw = false;
  ASIM_RETURN_IF_ERROR(AlignPair(c, c.in(0), c.in(1), &a, &b, &nchw));
  int t = -1, y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne(first, {a, b}, {}, &t, first == "Div" ? "div" : first == "Sub" ? "sub" : "equal"));
  ASIM_RETURN_IF_ERROR(c.EmitOne(then, square ? std::vector<int>{t, t} : std::vector<int>{t}, {}, &y));
  c.SetOutput(0, TfValue{y, nchw});
  return Status::Ok();
}

Status SquaredDifference(NodeContext& c) {
  return BinaryThen(c, "Sub", "Mul", true);
}
Status NotEqual(NodeContext& c) {
  return BinaryThen(c, "Equal", "Not", false);
}
Status FloorDiv(NodeContext& c) {
  if (c.input_count() == 2 && !IsFloating(c.dtype(0))) {
    return c.Unsupported("FloorDiv of integer tensors (it rounds toward -inf, the kernels' Div toward zero)");
  }
  return BinaryThen(c, "Div", "Floor", false);
}

Status AddN(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(-1));
  TfValue acc = c.in(0);
  if (c.input_count() == 1) {
    c.SetOutput(0, acc);
    return Status::Ok();
  }
  for (int i = 1; i < c.input_count(); ++i) {
    int a = -1, b = -1, y = -1;
    bool nchw = false;
    ASIM_RETURN_IF_ERROR(AlignPair(c, acc, c.in(i), &a, &b, &nchw));
    ASIM_RETURN_IF_ERROR(c.EmitOne("Add", {a, b}, {}, &y, i + 1 == c.input_count() ? "" : "add" + std::to_string(i)));
    acc = TfValue{y, nchw};
  }
  c.SetOutput(0, acc);
  return Status::Ok();
}

// The logical axes of a reduction-like node (input 1), sorted and unique.
Status Axes(NodeContext& c, size_t rank, std::vector<size_t>* axes) {
  std::vector<int64_t> raw;
  ASIM_RETURN_IF_ERROR(c.ConstInts(1, "axis", &raw));
  axes->clear();
  for (int64_t a : raw) {
    size_t x = 0;
    ASIM_RETURN_IF_ERROR(NormalizeAxis(c, a, rank, "axis", &x));
    axes->push_back(x);
  }
  std::sort(axes->begin(), axes->end());
  axes->erase(std::unique(axes->begin(), axes->end()), axes->end());
  return Status::Ok();
}

// Emits `op` removing (or, with keep, collapsing) `axes` of input 0, in its layout.
Status ReduceLike(NodeContext& c, const std::string& op, const std::vector<size_t>& axes, bool keep,
                  kernels::AttrMap attrs, bool single_axis) {
  const TfValue x = c.in(0);
  std::vector<int64_t> physical;
  std::vector<int64_t> perm;
  if (x.nchw) {
    RemovedAxesNchw(axes, &physical, &perm);
  } else {
    for (size_t a : axes) physical.push_back(static_cast<int64_t>(a));
  }
  if (single_axis) {
    attrs.Set("axis", physical.at(0));
  } else {
    attrs.Set("axes", physical);
  }
  attrs.Set("keepdims", int64_t{keep ? 1 : 0});
  const bool reorder = x.nchw && !keep && !perm.empty();
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne(op, {x.id}, attrs, &y, reorder ? "reduce" : ""));
  if (reorder) ASIM_RETURN_IF_ERROR(c.Transpose(y, perm, "", &y));
  c.SetOutput(0, TfValue{y, x.nchw && keep});
  return Status::Ok();
}

Status Reduce(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(2));
  const std::string op = c.op() == "Mean"  ? "ReduceMean"
                         : c.op() == "Sum" ? "ReduceSum"
                         : c.op() == "Max" ? "ReduceMax"
                         : c.op() == "Min" ? "ReduceMin"
                                           : "ReduceProd";
  std::vector<size_t> axes;
  ASIM_RETURN_IF_ERROR(Axes(c, c.rank(0), &axes));
  if (axes.empty()) {  // TensorFlow: no axes, no reduction
    c.SetOutput(0, c.in(0));
    return Status::Ok();
  }
  return ReduceLike(c, op, axes, c.AttrBool("keep_dims", false), {}, false);
}

Status ArgMinMax(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(2));
  std::vector<size_t> axes;
  ASIM_RETURN_IF_ERROR(Axes(c, c.rank(0), &axes));
  if (axes.size() != 1) return c.Malformed("has " + std::to_string(axes.size()) + " axes; it takes one");
  const DataType out = c.AttrType("output_type", DataType::kInt64);
  ASIM_RETURN_IF_ERROR(ReduceLike(c, c.op() == "ArgMax" ? "ArgMax" : "ArgMin", axes, false, {}, true));
  if (out != DataType::kInt64) {
    TfValue v = c.outputs()[0];
    ASIM_RETURN_IF_ERROR(c.CastTo(v.id, out, "output_type", &v.id));
    c.SetOutput(0, v);
  }
  return Status::Ok();
}

Status Cast(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(1));
  const DataType to = c.AttrType("DstT", DataType::kUndefined);
  if (to == DataType::kUndefined) return c.Unsupported("its DstT is a type atc does not convert");
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.CastTo(c.in(0).id, to, "", &y));
  c.SetOutput(0, TfValue{y, c.in(0).nchw});
  return Status::Ok();
}

}  // namespace

void AddMathOps(Table* t) {
  for (const auto& r : kUnary) t->emplace_back(r.tf, &Unary);
  for (const auto& r : kBinary) t->emplace_back(r.tf, &Binary);
  t->emplace_back("Elu", &Elu);
  t->emplace_back("Selu", &Selu);
  t->emplace_back("LeakyRelu", &LeakyRelu);
  t->emplace_back("Relu6", &Relu6);
  t->emplace_back("Rsqrt", &Rsqrt);
  t->emplace_back("Square", &Square);
  t->emplace_back("SquaredDifference", &SquaredDifference);
  t->emplace_back("NotEqual", &NotEqual);
  t->emplace_back("FloorDiv", &FloorDiv);
  t->emplace_back("AddN", &AddN);
  for (const char* r : {"Mean", "Sum", "Max", "Min", "Prod"}) t->emplace_back(r, &Reduce);
  t->emplace_back("ArgMax", &ArgMinMax);
  t->emplace_back("ArgMin", &ArgMinMax);
  t->emplace_back("Cast", &Cast);
}

}  // namespace asim::atc::tf_import
