// Direct translations: ONNX ops the kernel registry implements under the same name, with
// ONNX's inputs and attribute names. The table is derived, not written: every op type of the
// kernel registry except the runtime's internal ones (kInternalOpTypes: names no ONNX model
// uses, for ops the converter emits itself), so a kernel added under an ONNX name is
// importable at once. (Asking libonnx's schema registry instead would drop the ops newer
// than the linked ONNX release: Debian 12's 1.12 knows neither Gelu nor Mish nor the Bitwise
// ops.) Ops that need more than a renaming have a special rule (ops_special.cpp and the
// others), which replaces the direct one; control flow (If, Loop, Scan) is translated by the
// importer itself, with its bodies.
// The opset differences of direct ops are the kernels' business (their headers say which
// opsets they follow): Clip's min / max as attributes (opset < 11) or inputs, Slice's
// starts / ends / axes as attributes (opset < 10) or inputs, Pad's pads / value attributes
// (opset < 11) or inputs (and opset 18's axes), Squeeze / Unsqueeze axes attribute
// (opset < 13) or input, Reduce* axes attribute or input (ReduceSum from 13, the others from
// 18), Shape's start / end (15), ScatterND / ScatterElements reductions (16, 18), Split's
// num_outputs (18).
// Thread safety: stateless functions. Failure: as translate.h says.
#include "tools/atc/onnx/translate.h"

#include <set>
#include <string>

#include "kernels/framework/registry.h"

namespace asim::atc::onnx_import {
namespace {

Status Same(NodeContext& c) {
  return TranslateDirect(c, c.op_type());
}

}  // namespace

const std::set<std::string>& InternalOpTypes() {
  static const std::set<std::string> kInternalOpTypes = {
      "Aipp",         // the AIPP stage atc inserts (--insert_op_conf)
      "ArgMaxD",      // ArgMax / ArgMin with their attributes resolved (ops_special.cpp)
      "ArgMinD",      //
      "BatchMatMul",  // MatMul of rank > 2 (ops_special.cpp)
      "Conv2D",       // Conv (ops_special.cpp)
      "GEMM",         // Gemm and 2-D MatMul on the cube (ops_special.cpp)
      "GEMV",         // the cblas matrix-vector product
      "TransData",    // layout conversions the compiler inserts
      // CANN's single-op types for kernels ONNX names otherwise (kernels/variants).
      "BatchMatMulV2",
      "MatMulV2",
      "ReduceMaxD",
      "ReduceMeanD",
      "ReduceMinD",
      "ReduceProdD",
      "ReduceSumD",
      "TransposeD",
  };
  return kInternalOpTypes;
}

void AddDirectOps(std::vector<std::pair<std::string, TranslateFn>>* table) {
  static const std::set<std::string> kImporterOwn = {"If", "Loop", "Scan"};
  for (const std::string& type : kernels::KernelRegistry::Get().OpTypes()) {
    if (kImporterOwn.count(type) != 0 || InternalOpTypes().count(type) != 0) continue;
    table->emplace_back(type, &Same);
  }
}

}  // namespace asim::atc::onnx_import
