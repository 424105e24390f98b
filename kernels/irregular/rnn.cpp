// RNN (ONNX opset 7-14): H = f(Wi x + Ri h + Wbi + Rbi), f defaulting to Tanh; optional B,
// sequence_lens and initial_h; clip bounds the pre-activation. Outputs Y, Y_h.
// Arithmetic in double, rounded once to the tensor type.
// Owner: the AI CPU irregular family. AI CPU only, as on the chip. Recurrence driver:
// kernels/irregular/rnn_common.h.
// Thread safety: re-entrant. Failure: as rnn_common.h.
#include "kernels/irregular/rnn_common.h"

namespace asim::kernels {
namespace {

Status RnnCompute(KernelContext& ctx) {
  rnn::Problem p;
  std::vector<TensorSpec> specs;
  for (const auto& v : ctx.inputs) specs.push_back(v.spec);
  ASIM_RETURN_IF_ERROR(rnn::ProblemOf(specs, *ctx.attrs, 1, &p));
  std::vector<rnn::Activation> act;
  ASIM_RETURN_IF_ERROR(rnn::ParseActivations(*ctx.attrs, {"Tanh"}, p.directions, &act));
  const int64_t H = p.hidden, I = p.input, D = p.directions;
  const std::vector<double> w = rnn::Widen(ctx, rnn::kW, static_cast<size_t>(D * H * I));
  const std::vector<double> r = rnn::Widen(ctx, rnn::kR, static_cast<size_t>(D * H * H));
  const std::vector<double> bias = rnn::Widen(ctx, rnn::kB, static_cast<size_t>(D * 2 * H));
  const auto step = [&](int64_t d, const double* x, const double* h, const double*, double* h_out, double*, double* g) {
    const double* wb = &bias[static_cast<size_t>(d * 2 * H)];
    for (int64_t k = 0; k < H; ++k) g[k] = wb[k] + wb[H + k];
    rnn::MatVecAdd(&w[static_cast<size_t>(d * H * I)], x, H, I, g);
    rnn::MatVecAdd(&r[static_cast<size_t>(d * H * H)], h, H, H, g);
    for (int64_t k = 0; k < H; ++k) h_out[k] = act[static_cast<size_t>(d)](rnn::Clip(g[k], p.clip));
  };
  return rnn::RunRnn(ctx, p, /*cell_state=*/false, static_cast<size_t>(H), step);
}

}  // namespace

KernelDef BuildRNN_AiCpu() {
  const std::vector<DataType> types = {DataType::kFloat16, DataType::kFloat, DataType::kDouble};
  return KernelBuilder("RNN", Engine::kAiCpu)
      .Input("X", types)
      .Input("W", types)
      .SameDtypeAs(0)
      .Input("R", types)
      .SameDtypeAs(0)
      .OptionalInput("B", types)
      .SameDtypeAs(0)
      .OptionalInput("sequence_lens", {DataType::kInt32, DataType::kInt64})
      .OptionalInput("initial_h", types)
      .SameDtypeAs(0)
      .Output("Y", {})
      .Output("Y_h", {})
      .Attr("hidden_size", int64_t{0})
      .Attr("direction", std::string("forward"))
      .Attr("activations", std::vector<std::string>{})
      .Attr("activation_alpha", std::vector<float>{})
      .Attr("activation_beta", std::vector<float>{})
      .Attr("clip", 0.0f)
      .Attr("layout", int64_t{0})
      .InferShape(rnn::InferRnn(1, 2))
      .Compute(RnnCompute)
      .Cost(rnn::RnnCost(1, 2))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
