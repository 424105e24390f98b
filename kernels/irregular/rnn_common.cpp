// Implementation of kernels/irregular/rnn_common.h; ownership, thread safety and failure modes are
// described there. Owner: the AI CPU irregular kernel family.
#include "kernels/irregular/rnn_common.h"

#include <Eigen/Core>

#include <algorithm>
#include <cctype>
#include <cmath>

#include "kernels/common/host/parallel.h"
#include "kernels/common/values/typed_values.h"

namespace asim::kernels::rnn {
namespace {

std::string Lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

struct Known {
  const char* name;
  Activation::Kind kind;
  int params;          // 0, 1 (alpha) or 2 (alpha, beta)
  double alpha, beta;  // defaults
};

constexpr Known kKnown[] = {
    {"relu", Activation::kRelu, 0, 0, 0},
    {"tanh", Activation::kTanh, 0, 0, 0},
    {"sigmoid", Activation::kSigmoid, 0, 0, 0},
    {"affine", Activation::kAffine, 2, 1.0, 0.0},
    {"leakyrelu", Activation::kLeakyRelu, 1, 0.01, 0},
    {"thresholdedrelu", Activation::kThresholdedRelu, 1, 1.0, 0},
    {"scaledtanh", Activation::kScaledTanh, 2, 1.0, 1.0},
    {"hardsigmoid", Activation::kHardSigmoid, 2, 0.2, 0.5},
    {"elu", Activation::kElu, 1, 1.0, 0},
    {"softsign", Activation::kSoftsign, 0, 0, 0},
    {"softplus", Activation::kSoftplus, 0, 0, 0},
};

std::vector<int64_t> ExpectedDims(std::initializer_list<int64_t> d) {
  return d;
}

Status CheckDims(const std::vector<TensorSpec>& inputs, size_t i, const std::vector<int64_t>& want, const char* name) {
  if (i >= inputs.size() || inputs[i].dtype == DataType::kUndefined) return Status::Ok();
  const auto& have = inputs[i].dims;
  bool ok = have.size() == want.size();
  for (size_t k = 0; ok && k < have.size(); ++k) ok = have[k] < 0 || want[k] < 0 || have[k] == want[k];
  if (!ok) {
    return Status(err::kOpInputNotMatch,
                  std::string(name) + " is " + DimsToString(have) + ", expected " + DimsToString(want));
  }
  return Status::Ok();
}

}  // namespace

double Activation::operator()(double x) const {
  switch (kind) {
    case kRelu: return x > 0 ? x : 0;
    case kTanh: return std::tanh(x);
    case kSigmoid: return 1 / (1 + std::exp(-x));
    case kAffine: return alpha * x + beta;
    case kLeakyRelu: return x >= 0 ? x : alpha * x;
    case kThresholdedRelu: return x > alpha ? x : 0;
    case kScaledTanh: return alpha * std::tanh(beta * x);
    case kHardSigmoid: return std::max(0.0, std::min(1.0, alpha * x + beta));
    case kElu: return x >= 0 ? x : alpha * (std::exp(x) - 1);
    case kSoftsign: return x / (1 + std::fabs(x));
    case kSoftplus: return std::log1p(std::exp(x));
  }
  return x;
}

Status ParseActivations(const AttrMap& attrs, const std::vector<std::string>& defaults, int64_t directions,
                        std::vector<Activation>* out) {
  std::vector<std::string> names;
  if (const AttrValue* v = attrs.Find("activations")) {
    if (auto* list = std::get_if<std::vector<std::string>>(v)) names = *list;
  }
  const size_t want = defaults.size() * static_cast<size_t>(directions);
  if (names.empty()) {
    for (int64_t d = 0; d < directions; ++d) names.insert(names.end(), defaults.begin(), defaults.end());
  } else if (names.size() == defaults.size() && directions == 2) {
    const std::vector<std::string> once = names;  // one set given: both directions use it
    names.insert(names.end(), once.begin(), once.end());
  }
  if (names.size() != want) {
    return Status(err::kOpAttrNotMatch,
                  "activations lists " + std::to_string(names.size()) + " functions, expected " + std::to_string(want));
  }
  const std::vector<float> alphas = attrs.GetFloats("activation_alpha", {});
  const std::vector<float> betas = attrs.GetFloats("activation_beta", {});
  size_t next_alpha = 0, next_beta = 0;
  out->clear();
  for (const auto& n : names) {
    const Known* k = nullptr;
    for (const auto& candidate : kKnown) {
      if (Lower(n) == candidate.name) k = &candidate;
    }
    if (k == nullptr) return Status(err::kOpAttrNotMatch, "activation '" + n + "' is not supported");
    Activation a;
    a.kind = k->kind;
    a.alpha = k->alpha;
    a.beta = k->beta;
    if (k->params >= 1 && next_alpha < alphas.size()) a.alpha = alphas[next_alpha++];
    if (k->params >= 2 && next_beta < betas.size()) a.beta = betas[next_beta++];
    out->push_back(a);
  }
  return Status::Ok();
}

Status ProblemOf(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, int64_t gates, Problem* p) {
  *p = Problem{};
  p->gates = gates;
  const std::string direction = attrs.GetString("direction", "forward");
  if (direction == "bidirectional")
    p->directions = 2;
  else if (direction == "reverse")
    p->reverse = true;
  else if (direction != "forward")
    return Status(err::kOpAttrNotMatch, "direction '" + direction + "' is not supported");
  p->batch_first = attrs.GetInt("layout", 0) != 0;
  p->clip = attrs.GetFloat("clip", 0.0f);
  if (inputs.size() < 3 || inputs[kX].dims.size() != 3 || inputs[kW].dims.size() != 3 || inputs[kR].dims.size() != 3) {
    return Status(err::kOpInputNotMatch, "X, W and R must be 3-D");
  }
  const auto& x = inputs[kX].dims;
  p->seq = p->batch_first ? x[1] : x[0];
  p->batch = p->batch_first ? x[0] : x[1];
  p->input = x[2];
  p->hidden = attrs.GetInt("hidden_size", 0);
  if (p->hidden <= 0) p->hidden = inputs[kR].dims[2];
  const int64_t d = p->directions, gh = gates * p->hidden;
  const auto state = p->batch_first ? ExpectedDims({p->batch, d, p->hidden}) : ExpectedDims({d, p->batch, p->hidden});
  ASIM_RETURN_IF_ERROR(CheckDims(inputs, kW, {d, gh, p->input}, "W"));
  ASIM_RETURN_IF_ERROR(CheckDims(inputs, kR, {d, gh, p->hidden}, "R"));
  ASIM_RETURN_IF_ERROR(CheckDims(inputs, kB, {d, 2 * gh}, "B"));
  ASIM_RETURN_IF_ERROR(CheckDims(inputs, kSeqLens, {p->batch}, "sequence_lens"));
  ASIM_RETURN_IF_ERROR(CheckDims(inputs, kInitialH, state, "initial_h"));
  if (gates == 4) {
    ASIM_RETURN_IF_ERROR(CheckDims(inputs, kInitialC, state, "initial_c"));
    ASIM_RETURN_IF_ERROR(CheckDims(inputs, kP, {d, 3 * p->hidden}, "P"));
  }
  return Status::Ok();
}

InferShapeFn InferRnn(int64_t gates, size_t outputs) {
  return [gates, outputs](const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* out) {
    Problem p;
    ASIM_RETURN_IF_ERROR(ProblemOf(inputs, attrs, gates, &p));
    TensorSpec y;
    y.dtype = inputs[kX].dtype;
    y.dims = p.batch_first ? ExpectedDims({p.batch, p.seq, p.directions, p.hidden})
                           : ExpectedDims({p.seq, p.directions, p.batch, p.hidden});
    TensorSpec state = y;
    state.dims = p.batch_first ? ExpectedDims({p.batch, p.directions, p.hidden})
                               : ExpectedDims({p.directions, p.batch, p.hidden});
    *out = {y, state};
    if (outputs == 3) out->push_back(state);
    return Status::Ok();
  };
}

std::vector<double> Widen(const KernelContext& ctx, size_t i, size_t count) {
  std::vector<double> v(count, 0.0);
  if (!ctx.has_input(i)) return v;
  const TensorView& t = ctx.in(i);
  const size_t n = std::min(count, static_cast<size_t>(t.ElementCount()));
  for (size_t k = 0; k < n; ++k) v[k] = LoadAsDouble(t.dtype(), t.data, static_cast<int64_t>(k));
  return v;
}

Status RunRnn(KernelContext& ctx, const Problem& p, bool cell_state, size_t scratch_doubles, const Step& step) {
  const int64_t H = p.hidden, B = p.batch, D = p.directions, S = p.seq, I = p.input;
  std::vector<int64_t> lens(static_cast<size_t>(B), S);
  if (ctx.has_input(kSeqLens)) {
    for (int64_t b = 0; b < B; ++b) {
      const TensorView& t = ctx.in(kSeqLens);
      lens[static_cast<size_t>(b)] =
          t.dtype() == DataType::kInt32 ? t.as<const int32_t>()[b] : t.as<const int64_t>()[b];
      if (lens[static_cast<size_t>(b)] < 0 || lens[static_cast<size_t>(b)] > S) {
        return Status(err::kInvalidParam, "sequence_lens[" + std::to_string(b) +
                                              "] = " + std::to_string(lens[static_cast<size_t>(b)]) +
                                              " is outside [0, " + std::to_string(S) + "]");
      }
    }
  }
  // Element offsets under either layout.
  const auto x_at = [&](int64_t t, int64_t b) { return p.batch_first ? (b * S + t) * I : (t * B + b) * I; };
  const auto y_at = [&](int64_t t, int64_t d, int64_t b) {
    return p.batch_first ? ((b * S + t) * D + d) * H : ((t * D + d) * B + b) * H;
  };
  const auto state_at = [&](int64_t d, int64_t b) { return p.batch_first ? (b * D + d) * H : (d * B + b) * H; };
  const std::vector<double> h0 = Widen(ctx, kInitialH, static_cast<size_t>(D * B * H));
  const std::vector<double> c0 =
      cell_state ? Widen(ctx, kInitialC, static_cast<size_t>(D * B * H)) : std::vector<double>{};
  const TensorView& x = ctx.in(kX);
  return DispatchNumeric(x.dtype(), "RNN", [&](auto tag) {
    using T = decltype(tag);
    T* y = ctx.out(0).as<T>();
    T* yh = ctx.out(1).as<T>();
    T* yc = cell_state ? ctx.out(2).as<T>() : nullptr;
    ParallelFor(D * B, 1, [&](int64_t begin, int64_t end) {
      std::vector<double> xrow(static_cast<size_t>(I)), h(static_cast<size_t>(H)), c(static_cast<size_t>(H)),
          hn(static_cast<size_t>(H)), cn(static_cast<size_t>(H)), scratch(scratch_doubles);
      for (int64_t task = begin; task < end; ++task) {
        const int64_t d = task / B, b = task % B;
        const bool backwards = p.reverse || d == 1;
        const int64_t len = lens[static_cast<size_t>(b)];
        std::copy_n(h0.begin() + state_at(d, b), H, h.begin());
        if (cell_state) std::copy_n(c0.begin() + state_at(d, b), H, c.begin());
        for (int64_t s = 0; s < len; ++s) {
          const int64_t t = backwards ? len - 1 - s : s;
          for (int64_t i = 0; i < I; ++i) xrow[static_cast<size_t>(i)] = ToDouble(x.as<const T>()[x_at(t, b) + i]);
          step(d, xrow.data(), h.data(), cell_state ? c.data() : nullptr, hn.data(), cell_state ? cn.data() : nullptr,
               scratch.data());
          h.swap(hn);
          if (cell_state) c.swap(cn);
          for (int64_t k = 0; k < H; ++k) y[y_at(t, d, b) + k] = FromDouble<T>(h[static_cast<size_t>(k)]);
        }
        for (int64_t t = len; t < S; ++t) {
          for (int64_t k = 0; k < H; ++k) y[y_at(t, d, b) + k] = FromDouble<T>(0.0);
        }
        for (int64_t k = 0; k < H; ++k) {
          yh[state_at(d, b) + k] = FromDouble<T>(h[static_cast<size_t>(k)]);
          if (cell_state) yc[state_at(d, b) + k] = FromDouble<T>(c[static_cast<size_t>(k)]);
        }
      }
    });
    return Status::Ok();
  });
}

CostFn RnnCost(int64_t gates, double elementwise) {
  return [gates, elementwise](const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs,
                              const AttrMap& attrs, const ChipTraits&) {
    WorkDesc w;
    w.on_ai_cpu = true;
    Problem p;
    if (ProblemOf(inputs, attrs, gates, &p).ok()) {
      const double steps = static_cast<double>(p.seq * p.batch * p.directions);
      const double h = static_cast<double>(p.hidden);
      w.aicpu_ops =
          static_cast<uint64_t>(steps * (2.0 * gates * h * static_cast<double>(p.input + p.hidden) + elementwise * h));
    }
    for (const auto& s : inputs) w.aicpu_bytes += s.Bytes();
    for (const auto& s : outputs) w.aicpu_bytes += s.Bytes();
    return w;
  };
}

void MatVecAdd(const double* w, const double* v, int64_t rows, int64_t n, double* out) {
  if (rows <= 0 || n <= 0) return;
  using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  const Eigen::Map<const RowMajor> matrix(w, rows, n);
  const Eigen::Map<const Eigen::VectorXd> vector(v, n);
  Eigen::Map<Eigen::VectorXd> result(out, rows);
  result.noalias() += matrix * vector;
}

void MatVecAddLoop(const double* w, const double* v, int64_t rows, int64_t n, double* out) {
  for (int64_t g = 0; g < rows; ++g) {
    double s = 0;
    const double* row = w + g * n;
    for (int64_t i = 0; i < n; ++i) s += row[i] * v[i];
    out[g] += s;
  }
}

}  // namespace asim::kernels::rnn
