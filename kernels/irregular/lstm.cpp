// LSTM (ONNX opset 7-14): gates in the order i, o, f, c; optional B, sequence_lens,
// initial_h, initial_c and peepholes P; input_forget couples f = 1 - i; clip bounds the
// gate pre-activations; activations f, g, h default to Sigmoid, Tanh, Tanh.
//   i = f(Wi x + Ri h + Pi . c + Wbi + Rbi)    f = f(Wf x + Rf h + Pf . c + Wbf + Rbf)
//   c~ = g(Wc x + Rc h + Wbc + Rbc)             C = f . c + i . c~
//   o = f(Wo x + Ro h + Po . C + Wbo + Rbo)    H = o . h(C)
// Outputs Y, Y_h, Y_c. Arithmetic in double, rounded once to the tensor type.
// Owner: the AI CPU irregular family. AI CPU only, as on the chip. Recurrence driver:
// kernels/irregular/rnn_common.h.
// Thread safety: re-entrant. Failure: as rnn_common.h.
#include "kernels/irregular/rnn_common.h"

namespace asim::kernels {
namespace {

Status LstmCompute(KernelContext& ctx) {
  rnn::Problem p;
  std::vector<TensorSpec> specs;
  for (const auto& v : ctx.inputs) specs.push_back(v.spec);
  ASIM_RETURN_IF_ERROR(rnn::ProblemOf(specs, *ctx.attrs, 4, &p));
  std::vector<rnn::Activation> act;
  ASIM_RETURN_IF_ERROR(rnn::ParseActivations(*ctx.attrs, {"Sigmoid", "Tanh", "Tanh"}, p.directions, &act));
  const int64_t H = p.hidden, I = p.input, D = p.directions;
  const std::vector<double> w = rnn::Widen(ctx, rnn::kW, static_cast<size_t>(D * 4 * H * I));
  const std::vector<double> r = rnn::Widen(ctx, rnn::kR, static_cast<size_t>(D * 4 * H * H));
  const std::vector<double> bias = rnn::Widen(ctx, rnn::kB, static_cast<size_t>(D * 8 * H));
  const std::vector<double> peep = rnn::Widen(ctx, rnn::kP, static_cast<size_t>(D * 3 * H));
  const bool couple = ctx.attrs->GetInt("input_forget", 0) != 0;
  const auto step = [&](int64_t d, const double* x, const double* h, const double* c, double* h_out, double* c_out,
                        double* g) {
    // g = [i, o, f, c~] pre-activations.
    const double* wb = &bias[static_cast<size_t>(d * 8 * H)];
    for (int64_t k = 0; k < 4 * H; ++k) g[k] = wb[k] + wb[4 * H + k];
    rnn::MatVecAdd(&w[static_cast<size_t>(d * 4 * H * I)], x, 4 * H, I, g);
    rnn::MatVecAdd(&r[static_cast<size_t>(d * 4 * H * H)], h, 4 * H, H, g);
    const double* pi = &peep[static_cast<size_t>(d * 3 * H)];
    const double* po = pi + H;
    const double* pf = po + H;
    const rnn::Activation& f = act[static_cast<size_t>(d * 3)];
    const rnn::Activation& gg = act[static_cast<size_t>(d * 3 + 1)];
    const rnn::Activation& hh = act[static_cast<size_t>(d * 3 + 2)];
    for (int64_t k = 0; k < H; ++k) {
      const double i_gate = f(rnn::Clip(g[k] + pi[k] * c[k], p.clip));
      const double f_gate = couple ? 1 - i_gate : f(rnn::Clip(g[2 * H + k] + pf[k] * c[k], p.clip));
      const double cand = gg(rnn::Clip(g[3 * H + k], p.clip));
      c_out[k] = f_gate * c[k] + i_gate * cand;
      const double o_gate = f(rnn::Clip(g[H + k] + po[k] * c_out[k], p.clip));
      h_out[k] = o_gate * hh(c_out[k]);
    }
  };
  return rnn::RunRnn(ctx, p, /*cell_state=*/true, static_cast<size_t>(4 * H), step);
}

}  // namespace

KernelDef BuildLSTM_AiCpu() {
  const std::vector<DataType> types = {DataType::kFloat16, DataType::kFloat, DataType::kDouble};
  return KernelBuilder("LSTM", Engine::kAiCpu)
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
      .OptionalInput("initial_c", types)
      .SameDtypeAs(0)
      .OptionalInput("P", types)
      .SameDtypeAs(0)
      .Output("Y", {})
      .Output("Y_h", {})
      .Output("Y_c", {})
      .Attr("hidden_size", int64_t{0})
      .Attr("direction", std::string("forward"))
      .Attr("activations", std::vector<std::string>{})
      .Attr("activation_alpha", std::vector<float>{})
      .Attr("activation_beta", std::vector<float>{})
      .Attr("clip", 0.0f)
      .Attr("input_forget", int64_t{0})
      .Attr("layout", int64_t{0})
      .InferShape(rnn::InferRnn(4, 3))
      .Compute(LstmCompute)
      .Cost(rnn::RnnCost(4, 12))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
