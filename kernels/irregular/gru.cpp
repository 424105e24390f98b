// GRU (ONNX opset 7-14): gates in the order z, r, h; optional B, sequence_lens and
// initial_h; linear_before_reset chooses where the reset gate applies; clip bounds the
// pre-activations; activations f, g default to Sigmoid, Tanh.
//   z = f(Wz x + Rz h + Wbz + Rbz)    r = f(Wr x + Rr h + Wbr + Rbr)
//   h~ = g(Wh x + Rh (r . h) + Rbh + Wbh)        (linear_before_reset = 0)
//   h~ = g(Wh x + r . (Rh h + Rbh) + Wbh)        (linear_before_reset != 0)
//   H = (1 - z) . h~ + z . h
// Outputs Y, Y_h. Arithmetic in double, rounded once to the tensor type.
// Owner: the AI CPU irregular family. AI CPU only, as on the chip. Recurrence driver:
// kernels/irregular/rnn_common.h.
// Thread safety: re-entrant. Failure: as rnn_common.h.
#include "kernels/irregular/rnn_common.h"

namespace asim::kernels {
namespace {

Status GruCompute(KernelContext& ctx) {
  rnn::Problem p;
  std::vector<TensorSpec> specs;
  for (const auto& v : ctx.inputs) specs.push_back(v.spec);
  ASIM_RETURN_IF_ERROR(rnn::ProblemOf(specs, *ctx.attrs, 3, &p));
  std::vector<rnn::Activation> act;
  ASIM_RETURN_IF_ERROR(rnn::ParseActivations(*ctx.attrs, {"Sigmoid", "Tanh"}, p.directions, &act));
  const int64_t H = p.hidden, I = p.input, D = p.directions;
  const std::vector<double> w = rnn::Widen(ctx, rnn::kW, static_cast<size_t>(D * 3 * H * I));
  const std::vector<double> r = rnn::Widen(ctx, rnn::kR, static_cast<size_t>(D * 3 * H * H));
  const std::vector<double> bias = rnn::Widen(ctx, rnn::kB, static_cast<size_t>(D * 6 * H));
  const bool linear_before_reset = ctx.attrs->GetInt("linear_before_reset", 0) != 0;
  const auto step = [&](int64_t d, const double* x, const double* h, const double*, double* h_out, double*,
                        double* scratch) {
    double* wx = scratch;             // [3H] W x + Wb
    double* rh = scratch + 3 * H;     // [3H] R h + Rb (the h block only for linear_before_reset)
    double* reset = scratch + 6 * H;  // [H] r . h
    const double* wb = &bias[static_cast<size_t>(d * 6 * H)];
    const double* rb = wb + 3 * H;
    const double* wd = &w[static_cast<size_t>(d * 3 * H * I)];
    const double* rd = &r[static_cast<size_t>(d * 3 * H * H)];
    for (int64_t k = 0; k < 3 * H; ++k) {
      wx[k] = wb[k];
      rh[k] = rb[k];
    }
    rnn::MatVecAdd(wd, x, 3 * H, I, wx);
    rnn::MatVecAdd(rd, h, 2 * H, H, rh);  // z and r blocks
    const rnn::Activation& f = act[static_cast<size_t>(d * 2)];
    const rnn::Activation& g = act[static_cast<size_t>(d * 2 + 1)];
    double* z = scratch + 7 * H;  // [H] update gate
    for (int64_t k = 0; k < H; ++k) {
      z[k] = f(rnn::Clip(wx[k] + rh[k], p.clip));
      const double rg = f(rnn::Clip(wx[H + k] + rh[H + k], p.clip));
      reset[k] = rg;
    }
    if (linear_before_reset) {
      rnn::MatVecAdd(rd + 2 * H * H, h, H, H, rh + 2 * H);  // Rh h + Rbh
      for (int64_t k = 0; k < H; ++k) rh[2 * H + k] *= reset[k];
    } else {
      for (int64_t k = 0; k < H; ++k) reset[k] *= h[k];
      rnn::MatVecAdd(rd + 2 * H * H, reset, H, H, rh + 2 * H);  // Rh (r . h) + Rbh
    }
    for (int64_t k = 0; k < H; ++k) {
      const double cand = g(rnn::Clip(wx[2 * H + k] + rh[2 * H + k], p.clip));
      const double zk = z[k];
      h_out[k] = (1 - zk) * cand + zk * h[k];
    }
  };
  return rnn::RunRnn(ctx, p, /*cell_state=*/false, static_cast<size_t>(8 * H), step);
}

}  // namespace

KernelDef BuildGRU_AiCpu() {
  const std::vector<DataType> types = {DataType::kFloat16, DataType::kFloat, DataType::kDouble};
  return KernelBuilder("GRU", Engine::kAiCpu)
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
      .Attr("linear_before_reset", int64_t{0})
      .Attr("layout", int64_t{0})
      .InferShape(rnn::InferRnn(3, 2))
      .Compute(GruCompute)
      .Cost(rnn::RnnCost(3, 10))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
