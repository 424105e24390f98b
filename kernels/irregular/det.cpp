// Det (ONNX opset 11): the determinant of each square matrix of X [*, M, M], giving Y [*]
// (a scalar for one matrix). LU factorisation with partial pivoting, accumulated in double
// whatever the storage type, rounded once to the output (X's dtype); a singular matrix
// gives 0; M = 0 gives 1 (the empty product).
// Owner: the AI CPU irregular family. AI CPU only: fp32, fp16, bf16, double, any shape.
// Thread safety: re-entrant. Failure: kOpInputNotMatch for X of rank below 2 or whose last
// two dims differ (naming the dims).
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "kernels/common/host/parallel.h"
#include "kernels/common/values/cast_util.h"
#include "kernels/common/values/value_inputs.h"

namespace asim::kernels {
namespace {

Status CheckSquare(const std::vector<int64_t>& x) {
  if (x.size() < 2) {
    return Status(err::kOpInputNotMatch, "Det: X " + DimsToString(x) + " must have rank 2 or more ([*, M, M])");
  }
  const int64_t rows = x[x.size() - 2], cols = x.back();
  if (rows >= 0 && cols >= 0 && rows != cols) {
    return Status(err::kOpInputNotMatch, "Det: X " + DimsToString(x) + " is not a batch of square matrices");
  }
  return Status::Ok();
}

Status DetInfer(const std::vector<TensorSpec>& inputs, const AttrMap&, std::vector<TensorSpec>* outputs) {
  ASIM_RETURN_IF_ERROR(CheckSquare(inputs[0].dims));
  TensorSpec y;
  y.dtype = inputs[0].dtype;
  y.dims.assign(inputs[0].dims.begin(), inputs[0].dims.end() - 2);
  outputs->assign(1, y);
  return Status::Ok();
}

// Determinant of the m x m row-major matrix `a` (overwritten by its LU factors).
double Determinant(double* a, int64_t m) {
  double det = 1.0;
  for (int64_t k = 0; k < m; ++k) {
    int64_t pivot = k;
    for (int64_t r = k + 1; r < m; ++r) {
      if (std::fabs(a[r * m + k]) > std::fabs(a[pivot * m + k])) pivot = r;
    }
    const double p = a[pivot * m + k];
    if (p == 0.0) return 0.0;
    if (pivot != k) {
      for (int64_t c = 0; c < m; ++c) std::swap(a[k * m + c], a[pivot * m + c]);
      det = -det;
    }
    det *= p;
    for (int64_t r = k + 1; r < m; ++r) {
      const double f = a[r * m + k] / p;
      if (f == 0.0) continue;
      for (int64_t c = k + 1; c < m; ++c) a[r * m + c] -= f * a[k * m + c];
    }
  }
  return det;
}

Status DetCompute(KernelContext& ctx) {
  const TensorView& x = ctx.in(0);
  ASIM_RETURN_IF_ERROR(CheckSquare(x.dims()));
  const int64_t m = x.dims().back();
  const int64_t batch = ctx.out(0).ElementCount();
  const std::vector<double> values = ViewDoubles(x);
  std::vector<double> det(static_cast<size_t>(batch));
  const int64_t side = std::min<int64_t>(m, 4096);  // the grain's m^3 without overflow
  ParallelFor(batch, std::max<int64_t>(1, 4096 / std::max<int64_t>(1, side * side * side)), [&](int64_t b, int64_t e) {
    std::vector<double> a(static_cast<size_t>(m * m));
    for (int64_t i = b; i < e; ++i) {
      std::copy(values.begin() + i * m * m, values.begin() + (i + 1) * m * m, a.begin());
      det[static_cast<size_t>(i)] = Determinant(a.data(), m);
    }
  });
  return ConvertElements(det.data(), DataType::kDouble, ctx.out(0).data, ctx.out(0).dtype(), batch);
}

// m^3 / 3 multiply-adds per matrix.
WorkDesc DetCost(const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs, const AttrMap&,
                 const ChipTraits&) {
  WorkDesc w;
  w.on_ai_cpu = true;
  const double m = inputs[0].dims.empty() ? 0.0 : static_cast<double>(std::max<int64_t>(0, inputs[0].dims.back()));
  w.aicpu_ops = static_cast<uint64_t>(static_cast<double>(std::max<int64_t>(1, outputs[0].ElementCount())) *
                                      (m * m * m / 3.0 + m * m) * 2.0);
  w.aicpu_bytes = inputs[0].Bytes() + outputs[0].Bytes();
  return w;
}

}  // namespace

KernelDef BuildDet_AiCpu() {
  const std::vector<DataType> types = {DataType::kFloat, DataType::kFloat16, DataType::kBf16, DataType::kDouble};
  return KernelBuilder("Det", Engine::kAiCpu)
      .Input("X", types)
      .Output("Y", types)
      .SameDtypeAs(0)
      .InferShape(DetInfer)
      .Compute(DetCompute)
      .Cost(DetCost)
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
