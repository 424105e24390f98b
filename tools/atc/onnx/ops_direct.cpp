// Direct translations: ONNX ops the kernel registry implements under the same name, with
// ONNX's inputs and attribute names. The opset differences of these ops are the kernels'
// business (their headers say which opsets they follow): Clip's min / max as attributes
// (opset < 11) or inputs, Slice's starts / ends / axes as attributes (opset < 10) or
// inputs, Pad's pads / value attributes (opset < 11) or inputs (and opset 18's axes),
// Squeeze / Unsqueeze axes attribute (opset < 13) or input, Reduce* axes attribute or input
// (ReduceSum from 13, the others from 18), Shape's start / end (15), ScatterND /
// ScatterElements reductions (16, 18), Split's num_outputs (18).
// Thread safety: stateless functions. Failure: as translate.h says.
#include "tools/atc/onnx/translate.h"

namespace asim::atc::onnx_import {
namespace {

Status Same(NodeContext& c) {
  return TranslateDirect(c, c.op_type());
}

}  // namespace

void AddDirectOps(std::vector<std::pair<std::string, TranslateFn>>* table) {
  static const char* const kOps[] = {
      // elementwise math and logic
      "Abs",
      "Acos",
      "Acosh",
      "Add",
      "And",
      "Asin",
      "Asinh",
      "Atan",
      "Atanh",
      "BitShift",
      "BitwiseAnd",
      "BitwiseNot",
      "BitwiseOr",
      "BitwiseXor",
      "CastLike",
      "Ceil",
      "Cos",
      "Cosh",
      "Div",
      "Equal",
      "Erf",
      "Exp",
      "Floor",
      "Greater",
      "GreaterOrEqual",
      "IsInf",
      "IsNaN",
      "Less",
      "LessOrEqual",
      "Log",
      "Max",
      "Mean",
      "Min",
      "Mod",
      "Mul",
      "Neg",
      "Not",
      "Or",
      "Pow",
      "Reciprocal",
      "Round",
      "Sign",
      "Sin",
      "Sinh",
      "Sqrt",
      "Sub",
      "Sum",
      "Tan",
      "Where",
      "Xor",
      // activations
      "Celu",
      "Clip",
      "Elu",
      "Gelu",
      "HardSigmoid",
      "HardSwish",
      "LeakyRelu",
      "Mish",
      "PRelu",
      "Relu",
      "Selu",
      "Sigmoid",
      "Softplus",
      "Softsign",
      "Tanh",
      "ThresholdedRelu",
      // cube
      "Conv",
      "ConvTranspose",
      "Gemm",
      "MatMul",
      // pooling and normalisation
      "AveragePool",
      "GlobalAveragePool",
      "GlobalLpPool",
      "GlobalMaxPool",
      "LpPool",
      "GroupNormalization",
      "InstanceNormalization",
      "LRN",
      "LayerNormalization",
      "LpNormalization",
      "MeanVarianceNormalization",
      // reductions
      "ArgMax",
      "ArgMin",
      "ReduceL1",
      "ReduceL2",
      "ReduceLogSum",
      "ReduceLogSumExp",
      "ReduceMax",
      "ReduceMean",
      "ReduceMin",
      "ReduceProd",
      "ReduceSum",
      "ReduceSumSquare",
      // movement and shape
      "Compress",
      "Concat",
      "CumSum",
      "DepthToSpace",
      "Einsum",
      "Expand",
      "Flatten",
      "Gather",
      "GatherElements",
      "GatherND",
      "OneHot",
      "Pad",
      "Range",
      "ReverseSequence",
      "ScatterElements",
      "ScatterND",
      "Shape",
      "Size",
      "Slice",
      "SpaceToDepth",
      "Squeeze",
      "Tile",
      "Transpose",
      "Trilu",
      "Unsqueeze",
      // irregular (AI CPU)
      "GRU",
      "LSTM",
      "NonMaxSuppression",
      "NonZero",
      "RNN",
      "StringNormalizer",
      "Unique",
  };
  for (const char* op : kOps) table->emplace_back(op, &Same);
}

}  // namespace asim::atc::onnx_import
