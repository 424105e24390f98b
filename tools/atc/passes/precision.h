// Precision assignment (atc --precision_mode, --input_fp16_nodes, --output_type): which
// dtype every float computation runs in, with the casts and weight conversions it needs.
//
// Owns the per-node decision. For a node that reads or writes fp32, two variants are
// weighed through the kernel registry's selection on the target chip: "low" (its fp32
// inputs as fp16 — weights converted now, other values through a Cast node — and fp32
// dtype attributes such as Cast's `to` made fp16) and "high" (the original dtypes):
//   force_fp16              low whenever a kernel takes it, else high
//   allow_fp32_to_fp16      high when it runs on the AI Core, else low when that does,
//                           else high (on the AI CPU)
//   must_keep_origin_dtype  high (fp32 ops the AI Core cannot run land on the AI CPU)
//   allow_mix_precision     low for cube ops (Conv, ConvTranspose, MatMul, Gemm, BatchMatMul);
//                           high for precision-sensitive ops (Softmax family, Exp, Log, Pow,
//                           Sqrt, Div, reductions, normalizations, Erf, recurrent ops);
//                           every other op follows its inputs (low when a float input is
//                           already fp16)
// Inputs of an op whose kernels take no fp16 at that position (a Resize's scales ...) stay
// fp32. Graph inputs keep the dtype the user feeds (the model's, or fp16 for the
// --input_fp16_nodes); graph outputs get the dtype the user reads (the model's, or
// --output_type's), through a Cast when the computation ends in another dtype.
// Thread safety: not synchronised (mutates the graph). Failure: kInvalidParam naming the
// input for an --input_fp16_nodes entry that is not a float graph input; the registry's
// Status, prefixed with the node, when neither variant of a node can be selected.
#pragma once

#include <map>
#include <set>
#include <string>

#include "base/status.h"
#include "kernels/framework/chip.h"
#include "tools/atc/passes/ir.h"

namespace asim::atc::ir {

enum class PrecisionMode { kForceFp16, kAllowFp32ToFp16, kMustKeepOriginDtype, kAllowMixPrecision };

// "force_fp16" ... -> mode; false for other names.
bool ParsePrecisionMode(const std::string& name, PrecisionMode* mode);
const char* PrecisionModeName(PrecisionMode mode);

struct PrecisionOptions {
  PrecisionMode mode = PrecisionMode::kForceFp16;
  kernels::ChipTraits chip;
  std::set<int> fp16_inputs;              // graph input numbers fed as fp16
  std::map<int, DataType> output_dtypes;  // graph output number -> dtype the user reads
};

struct PrecisionSummary {
  size_t low_nodes = 0;   // float nodes computing in fp16
  size_t high_nodes = 0;  // float nodes computing in fp32
  size_t casts = 0;       // Cast nodes inserted
  size_t converted_weights = 0;
};

Status AssignPrecision(Graph& graph, const PrecisionOptions& options, PrecisionSummary* summary = nullptr);

}  // namespace asim::atc::ir
