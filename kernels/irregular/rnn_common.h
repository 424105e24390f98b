// What LSTM, GRU and RNN (ONNX opset 7-14) share: the activation functions by ONNX name
// with their alpha/beta, the dims of the problem (layout 0 [seq, batch, input] or 1
// [batch, seq, input], forward / reverse / bidirectional), weights widened to double, and
// the recurrence driver — sequence_lens (steps past a row's length give zeros in Y and
// leave its state alone), initial states, and writing Y, Y_h (and Y_c).
//
// Owner: the AI CPU irregular family. Thread safety: re-entrant; RunRnn computes batch
// rows and directions in parallel (each is independent).
// Failure: kOpInputNotMatch naming the tensor whose shape does not fit; kOpAttrNotMatch
// for an unknown activation or direction; kInvalidParam for a sequence length out of range.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "kernels/framework/kernel_def.h"

namespace asim::kernels::rnn {

struct Activation {
  enum Kind {
    kRelu,
    kTanh,
    kSigmoid,
    kAffine,
    kLeakyRelu,
    kThresholdedRelu,
    kScaledTanh,
    kHardSigmoid,
    kElu,
    kSoftsign,
    kSoftplus
  };
  Kind kind = kTanh;
  double alpha = 0, beta = 0;
  double operator()(double x) const;
};

// `per_direction` activations for each direction: from the `activations` attribute
// (alpha/beta consumed in order by the functions that take them) or the defaults.
Status ParseActivations(const AttrMap& attrs, const std::vector<std::string>& defaults, int64_t directions,
                        std::vector<Activation>* out);

// Input positions shared by the three ops (LSTM adds initial_c at 6 and P at 7).
enum Input : size_t { kX = 0, kW = 1, kR = 2, kB = 3, kSeqLens = 4, kInitialH = 5, kInitialC = 6, kP = 7 };

struct Problem {
  int64_t seq = 0, batch = 0, input = 0, hidden = 0, directions = 1;
  int64_t gates = 1;         // 4 (LSTM), 3 (GRU), 1 (RNN)
  bool batch_first = false;  // layout = 1
  bool reverse = false;      // direction = reverse (one direction, walked backwards)
  double clip = 0;           // 0: none
};

// Dims and attributes, checked against every given input.
Status ProblemOf(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, int64_t gates, Problem* p);

// InferShapeFn for an op with `gates` gates and `outputs` outputs (Y, Y_h[, Y_c]).
InferShapeFn InferRnn(int64_t gates, size_t outputs);

// Input `i` widened to double (zeros of `count` when absent).
std::vector<double> Widen(const KernelContext& ctx, size_t i, size_t count);

// One time step of one batch row in direction `dir`: x [input], h_prev/c_prev [hidden]
// (c_* null without a cell state) -> h/c. `scratch` holds `scratch_doubles`.
using Step = std::function<void(int64_t dir, const double* x, const double* h_prev, const double* c_prev, double* h,
                                double* c, double* scratch)>;

Status RunRnn(KernelContext& ctx, const Problem& p, bool cell_state, size_t scratch_doubles, const Step& step);

// Scalar work of the recurrence: the gate matmuls plus `elementwise` ops per hidden unit.
CostFn RnnCost(int64_t gates, double elementwise);

// out[g] += sum_i w[g * n + i] * v[i] for g in [0, rows): one gate block's matrix-vector
// product (w row-major), on Eigen's GEMV: vectorised and several rows at a time, so its sums
// are not taken in index order (they differ from MatVecAddLoop's in the last bits of the
// double, far below what the rounding to the tensor type keeps). bench/rnn measures the two.
void MatVecAdd(const double* w, const double* v, int64_t rows, int64_t n, double* out);
// The same product as a plain loop summing in index order: the reference of the tests and
// of bench/rnn.
void MatVecAddLoop(const double* w, const double* v, int64_t rows, int64_t n, double* out);

inline double Clip(double x, double clip) {
  return clip > 0 ? (x < -clip ? -clip : (x > clip ? clip : x)) : x;
}

}  // namespace asim::kernels::rnn
