// See onnx_inference_guards.h.
#include "tools/atc/onnx/onnx_inference_guards.h"

#include "tools/atc/onnx/onnx_loader.h"

#include <onnx/defs/schema.h>
#include <onnx/defs/shape_inference.h>

#include <functional>
#include <mutex>
#include <set>
#include <string>

namespace asim::atc::onnx_import {
namespace {

// Rank of input `index` when it is a tensor with a known shape; -1 otherwise (absent, not a
// tensor, or no shape).
int KnownTensorRank(onnx::InferenceContext& ctx, size_t index) {
  if (index >= ctx.getNumInputs()) return -1;
  const onnx::TypeProto* type = ctx.getInputType(index);
  if (type == nullptr || !type->has_tensor_type() || !type->tensor_type().has_shape()) return -1;
  return type->tensor_type().shape().dim_size();
}

// The convolutions whose kernel shape ONNX 1.12 takes from the weights when kernel_shape is
// absent (convPoolShapeInference for Conv, ConvInteger, QLinearConv; convTransposeShapeInference
// for ConvTranspose): the attribute lists are sized by X's spatial rank but the kernel by W's,
// and both are then indexed together, so a W of higher rank than X reads past the end of a
// vector. The operators require equal ranks; the guard enforces it when both are known.
void CheckWeightsRankMatches(onnx::InferenceContext& ctx, const char* op, size_t x_index, size_t w_index) {
  const int x_rank = KnownTensorRank(ctx, x_index);
  const int w_rank = KnownTensorRank(ctx, w_index);
  if (x_rank < 2 || w_rank < 0) return;  // the original refuses rank < 2 or returns early
  if (x_rank != w_rank) {
    fail_shape_inference(op, ": the input has ", x_rank, " dimensions but the weights have ", w_rank,
                         "; they must match");
  }
}

// convPoolShapeInference (the convolutions above and AveragePool, MaxPool, LpPool) divides
// by each stride: a stride of 0 is a SIGFPE inside libonnx.
void CheckPositiveStrides(onnx::InferenceContext& ctx, const char* op) {
  const onnx::AttributeProto* strides = ctx.getAttribute("strides");
  if (strides == nullptr) return;
  for (int64_t stride : strides->ints()) {
    if (stride < 1) fail_shape_inference(op, ": every stride must be at least 1, one is ", stride);
  }
}

void CheckConv(onnx::InferenceContext& ctx) {
  CheckPositiveStrides(ctx, "Conv");
  CheckWeightsRankMatches(ctx, "Conv", 0, 1);
}
void CheckConvInteger(onnx::InferenceContext& ctx) {
  CheckPositiveStrides(ctx, "ConvInteger");
  CheckWeightsRankMatches(ctx, "ConvInteger", 0, 1);
}
void CheckQLinearConv(onnx::InferenceContext& ctx) {
  CheckPositiveStrides(ctx, "QLinearConv");
  CheckWeightsRankMatches(ctx, "QLinearConv", 0, 3);
}
void CheckAveragePool(onnx::InferenceContext& ctx) {
  CheckPositiveStrides(ctx, "AveragePool");
}
void CheckMaxPool(onnx::InferenceContext& ctx) {
  CheckPositiveStrides(ctx, "MaxPool");
}
void CheckLpPool(onnx::InferenceContext& ctx) {
  CheckPositiveStrides(ctx, "LpPool");
}

// ConvTranspose also reads W's dim 1 unconditionally (the output channels).
void CheckConvTranspose(onnx::InferenceContext& ctx) {
  const int w_rank = KnownTensorRank(ctx, 1);
  if (KnownTensorRank(ctx, 0) >= 0 && w_rank >= 0 && w_rank < 2) {
    fail_shape_inference("ConvTranspose: W must have at least 2 dimensions, it has ", w_rank);
  }
  CheckWeightsRankMatches(ctx, "ConvTranspose", 0, 1);
}

// MaxUnpool (maxUnpoolShapeInference) reads dim 1 of I's shape (input 1) without checking
// that I has a shape of rank >= 2, once X's shape is known and no output_shape is given.
void CheckMaxUnpool(onnx::InferenceContext& ctx) {
  if (ctx.getNumInputs() != 2 || KnownTensorRank(ctx, 0) < 2) return;
  if (KnownTensorRank(ctx, 1) < 2) {
    fail_shape_inference("MaxUnpool: I must have a known shape of at least 2 dimensions");
  }
}

struct Guard {
  const char* op_type;
  void (*check)(onnx::InferenceContext&);
};

constexpr Guard kGuards[] = {
    {"Conv", &CheckConv},
    {"ConvInteger", &CheckConvInteger},
    {"QLinearConv", &CheckQLinearConv},
    {"ConvTranspose", &CheckConvTranspose},
    {"MaxUnpool", &CheckMaxUnpool},
    {"AveragePool", &CheckAveragePool},
    {"MaxPool", &CheckMaxPool},
    {"LpPool", &CheckLpPool},
};

void WrapEveryVersion(const Guard& guard) {
  std::set<const onnx::OpSchema*> wrapped;
  for (int version = 1; version <= static_cast<int>(kOnnxKnownOpset); ++version) {
    const onnx::OpSchema* schema = onnx::OpSchemaRegistry::Schema(guard.op_type, version);
    if (schema == nullptr || !wrapped.insert(schema).second) continue;
    onnx::InferenceFunction original = schema->GetTypeAndShapeInferenceFunction();
    if (!original) continue;
    auto check = guard.check;
    // The registry hands out const schemas; it owns them for the process's life and nothing
    // else changes their inference function, so replacing it once here is safe.
    const_cast<onnx::OpSchema*>(schema)->TypeAndShapeInferenceFunction([check, original](onnx::InferenceContext& ctx) {
      check(ctx);
      original(ctx);
    });
  }
}

}  // namespace

void InstallOnnxInferenceGuards() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (const Guard& guard : kGuards) WrapEveryVersion(guard);
  });
}

}  // namespace asim::atc::onnx_import
