// DepthToSpace (ONNX opset 1-13, modes DCR and CRD) and SpaceToDepth (opset 1-13) on
// NCHW tensors: one reshape-transpose-reshape each, done as a single strided copy.
// Owner: the movement / shape kernel family. AI Core: static shapes; AI CPU: any type.
// Thread safety: re-entrant. Failure: kOpInputNotMatch for a rank other than 4 or dims
// not divisible by the block size; kOpAttrNotMatch for a bad blocksize or mode.
#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/values/value_inputs.h"
#include "kernels/movement/movement_types.h"
#include "kernels/movement/strided_copy.h"

namespace asim::kernels {
namespace {

Status Check(const std::string& op, const std::vector<int64_t>& in, const AttrMap& attrs, int64_t* block) {
  *block = attrs.GetInt("blocksize", 0);
  // The bound keeps blocksize^2 and dims x blocksize inside int64 (a fuzzed model had 2^52).
  constexpr int64_t kMaxBlock = int64_t{1} << 20;
  if (*block < 1 || *block > kMaxBlock) {
    return Status(err::kOpAttrNotMatch,
                  op + ": blocksize " + std::to_string(*block) + " must be in [1, " + std::to_string(kMaxBlock) + "]");
  }
  if (in.size() != 4) return Status(err::kOpInputNotMatch, op + ": input " + DimsToString(in) + " must be 4-D");
  const std::string mode = attrs.GetString("mode", "DCR");
  if (mode != "DCR" && mode != "CRD")
    return Status(err::kOpAttrNotMatch, op + ": mode '" + mode + "' is not DCR or CRD");
  const int64_t b = *block;
  const bool ok = op == "DepthToSpace" ? (in[1] < 0 || in[1] % (b * b) == 0)
                                       : ((in[2] < 0 || in[2] % b == 0) && (in[3] < 0 || in[3] % b == 0));
  if (!ok) {
    return Status(err::kOpInputNotMatch,
                  op + ": input " + DimsToString(in) + " does not divide by blocksize " + std::to_string(b));
  }
  return Status::Ok();
}

int64_t Mul(int64_t a, int64_t b) {
  return a < 0 ? -1 : a * b;
}
int64_t Div(int64_t a, int64_t b) {
  return a < 0 ? -1 : a / b;
}

Status D2SInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  const auto& in = inputs[0].dims;
  int64_t b = 0;
  ASIM_RETURN_IF_ERROR(Check("DepthToSpace", in, attrs, &b));
  TensorSpec o;
  o.dtype = inputs[0].dtype;
  o.format = inputs[0].format;
  o.dims = {in[0], Div(in[1], b * b), Mul(in[2], b), Mul(in[3], b)};
  outputs->assign(1, o);
  return Status::Ok();
}

Status S2DInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  const auto& in = inputs[0].dims;
  int64_t b = 0;
  ASIM_RETURN_IF_ERROR(Check("SpaceToDepth", in, attrs, &b));
  TensorSpec o;
  o.dtype = inputs[0].dtype;
  o.format = inputs[0].format;
  o.dims = {in[0], Mul(in[1], b * b), Div(in[2], b), Div(in[3], b)};
  outputs->assign(1, o);
  return Status::Ok();
}

// Output viewed as `view` (6-D, row-major); `src` gives each view dim's input stride.
void Copy(const KernelContext& ctx, const std::vector<int64_t>& view, const std::vector<int64_t>& src) {
  StridedCopy(ctx.in(0).data, ctx.outputs[0].data, DataTypeSize(ctx.in(0).dtype()), view, src, 0);
}

Status D2SCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "DepthToSpace"));
  const auto& in = ctx.in(0).dims();
  int64_t b = 0;
  ASIM_RETURN_IF_ERROR(Check("DepthToSpace", in, *ctx.attrs, &b));
  const int64_t n = in[0], c = in[1] / (b * b), h = in[2], w = in[3];
  const int64_t sw = 1, sh = w, sc = h * w;  // input strides of w, h and one channel
  // Output [n, c, h, b1, w, b2]; DCR input channel = (b1 * b + b2) * c + ch, CRD = ch * b * b + b1 * b + b2.
  const bool dcr = ctx.attrs->GetString("mode", "DCR") == "DCR";
  const int64_t s_ch = dcr ? sc : sc * b * b;
  const int64_t s_b1 = dcr ? sc * b * c : sc * b;
  const int64_t s_b2 = dcr ? sc * c : sc;
  Copy(ctx, {n, c, h, b, w, b}, {in[1] * sc, s_ch, sh, s_b1, sw, s_b2});
  return Status::Ok();
}

Status S2DCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "SpaceToDepth"));
  const auto& in = ctx.in(0).dims();
  int64_t b = 0;
  ASIM_RETURN_IF_ERROR(Check("SpaceToDepth", in, *ctx.attrs, &b));
  const int64_t n = in[0], c = in[1], h = in[2] / b, w = in[3] / b;
  const int64_t W = in[3], sc = in[2] * in[3];
  // Output [n, b1, b2, c, h, w] reads input [n, c, h * b + b1, w * b + b2].
  Copy(ctx, {n, b, b, c, h, w}, {c * sc, W, 1, sc, b * W, b});
  return Status::Ok();
}

KernelDef Build(const std::string& op, Engine engine) {
  const bool core = engine == Engine::kAiCore;
  const bool d2s = op == "DepthToSpace";
  KernelBuilder b(op, engine);
  b.Input("input", core ? AiCoreMoveTypes() : AllMoveTypes(), core ? MovementFormats() : std::vector<Format>{})
      .Output("output", {})
      .RequiredAttr("blocksize", AttrType::kInt)
      .InferShape(d2s ? InferShapeFn(D2SInfer) : InferShapeFn(S2DInfer))
      .Compute(d2s ? ComputeFn(D2SCompute) : ComputeFn(S2DCompute))
      .Source(ASIM_KERNEL_SOURCE);
  if (d2s) b.Attr("mode", std::string("DCR"));
  if (core) {
    b.StaticShapesOnly().Cost(AiCoreMoveCost(MoveReads::kAllInputs, 1, 0));
  } else {
    b.Cost(AiCpuMoveCost(1));
  }
  return b.Build();
}

}  // namespace

KernelDef BuildDepthToSpace_AiCore() {
  return Build("DepthToSpace", Engine::kAiCore);
}
KernelDef BuildDepthToSpace_AiCpu() {
  return Build("DepthToSpace", Engine::kAiCpu);
}
KernelDef BuildSpaceToDepth_AiCore() {
  return Build("SpaceToDepth", Engine::kAiCore);
}
KernelDef BuildSpaceToDepth_AiCpu() {
  return Build("SpaceToDepth", Engine::kAiCpu);
}

}  // namespace asim::kernels
