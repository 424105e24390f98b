// rnn_bench: the AI CPU recurrences' matrix-vector product on Eigen's GEMV
// (kernels/irregular/rnn_common.h MatVecAdd) against the plain index-order loop it replaced
// (MatVecAddLoop), in the same run, on the gate blocks of LSTM layers (4H x I and 4H x H
// doubles); then the whole LSTM AI CPU kernel on a speech-model-sized layer, for scale.
// Prints the median over repeated runs and the loop / Eigen ratio, and the largest
// difference between the two products (they sum in different orders).
//
// Usage: rnn_bench [--quick]   (--quick: one short run of each, for the smoke test)
// Thread safety: single-threaded driver (the LSTM kernel may use the host threads).
// Failure: exits 1 when the kernel cannot be selected or fails.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <vector>

#include "kernels/framework/invoke.h"
#include "kernels/framework/isa.h"
#include "kernels/framework/registry.h"
#include "kernels/irregular/rnn_common.h"

namespace asim::bench {
namespace {

using Clock = std::chrono::steady_clock;

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

std::vector<double> Random(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> dist(-1.0, 1.0);
  std::vector<double> v(n);
  for (double& x : v) x = dist(rng);
  return v;
}

using MatVec = void (*)(const double*, const double*, int64_t, int64_t, double*);

// Median microseconds of one product over `runs` runs of `reps` products each.
double TimeMatVec(MatVec fn, const std::vector<double>& w, const std::vector<double>& v, int64_t rows, int64_t n,
                  int runs, int reps) {
  std::vector<double> out(static_cast<size_t>(rows), 0.0);
  std::vector<double> us;
  for (int r = 0; r < runs; ++r) {
    const auto start = Clock::now();
    for (int k = 0; k < reps; ++k) fn(w.data(), v.data(), rows, n, out.data());
    us.push_back(std::chrono::duration<double, std::micro>(Clock::now() - start).count() / reps);
  }
  if (out[0] == 12345.678) std::puts("");  // keep the products observable
  return Median(us);
}

void MatVecTable(bool quick) {
  std::printf("MatVecAdd (doubles, row-major W times v), median us per product\n");
  std::printf("%-18s %12s %12s %8s %12s\n", "rows x n", "loop", "eigen", "ratio", "max |diff|");
  const int runs = quick ? 1 : 9;
  for (int64_t h : {64, 128, 256, 512}) {
    for (int64_t n : {h, 2 * h}) {
      const int64_t rows = 4 * h;
      const auto w = Random(static_cast<size_t>(rows * n), 1);
      const auto v = Random(static_cast<size_t>(n), 2);
      const int reps = quick ? 2 : static_cast<int>(std::max<int64_t>(4, 40'000'000 / (rows * n)));
      const double loop = TimeMatVec(&kernels::rnn::MatVecAddLoop, w, v, rows, n, runs, reps);
      const double eigen = TimeMatVec(&kernels::rnn::MatVecAdd, w, v, rows, n, runs, reps);
      std::vector<double> a(static_cast<size_t>(rows), 0.0), b(static_cast<size_t>(rows), 0.0);
      kernels::rnn::MatVecAddLoop(w.data(), v.data(), rows, n, a.data());
      kernels::rnn::MatVecAdd(w.data(), v.data(), rows, n, b.data());
      double diff = 0;
      for (size_t i = 0; i < a.size(); ++i) diff = std::max(diff, std::fabs(a[i] - b[i]));
      char shape[32];
      std::snprintf(shape, sizeof shape, "%lld x %lld", static_cast<long long>(rows), static_cast<long long>(n));
      std::printf("%-18s %12.2f %12.2f %7.2fx %12.2e\n", shape, loop, eigen, loop / eigen, diff);
    }
  }
}

kernels::TensorSpec Spec(std::vector<int64_t> dims) {
  kernels::TensorSpec s;
  s.dtype = DataType::kFloat;
  s.format = Format::kNd;
  s.dims = std::move(dims);
  return s;
}

// One LSTM layer: X [seq, batch, input], W [1, 4H, input], R [1, 4H, H], fp32.
void LstmKernel(bool quick) {
  const int64_t seq = quick ? 4 : 100, batch = 4, input = 256, hidden = 256;
  const std::vector<kernels::TensorSpec> inputs = {Spec({seq, batch, input}), Spec({1, 4 * hidden, input}),
                                                   Spec({1, 4 * hidden, hidden})};
  kernels::AttrMap attrs;
  attrs.Set("hidden_size", hidden);
  kernels::Selection sel;
  kernels::ChipTraits chip;
  const Status st = kernels::KernelRegistry::Get().Select("LSTM", inputs, attrs, chip, &sel);
  if (!st.ok()) {
    std::fprintf(stderr, "rnn_bench: LSTM: %s\n", st.message().c_str());
    std::exit(1);
  }
  std::vector<std::vector<float>> in;
  kernels::KernelContext ctx;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const auto values = Random(static_cast<size_t>(inputs[i].Bytes() / 4), static_cast<uint32_t>(i + 7));
    in.emplace_back(values.begin(), values.end());
    for (float& x : in.back()) x *= 0.1f;
    ctx.inputs.push_back(kernels::TensorView{inputs[i], in.back().data()});
  }
  std::vector<std::vector<float>> out;
  for (const kernels::TensorSpec& o : sel.outputs) {
    out.emplace_back(static_cast<size_t>(o.Bytes() / 4));
    ctx.outputs.push_back(kernels::TensorView{o, out.back().data()});
  }
  std::vector<uint8_t> workspace(sel.workspace_bytes);
  ctx.attrs = &sel.attrs;
  ctx.workspace = workspace.empty() ? nullptr : workspace.data();
  ctx.workspace_bytes = workspace.size();
  std::vector<double> ms;
  for (int r = 0; r < (quick ? 1 : 7); ++r) {
    const auto start = Clock::now();
    const Status run = kernels::InvokeKernel(*sel.def, ctx);
    ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    if (!run.ok()) {
      std::fprintf(stderr, "rnn_bench: LSTM failed: %s\n", run.message().c_str());
      std::exit(1);
    }
  }
  std::printf("\nLSTM AI CPU kernel, seq %lld batch %lld input %lld hidden %lld fp32: median %.2f ms\n",
              static_cast<long long>(seq), static_cast<long long>(batch), static_cast<long long>(input),
              static_cast<long long>(hidden), Median(ms));
}

}  // namespace
}  // namespace asim::bench

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  std::printf("rnn_bench: host vector ISA %s (Eigen is compiled for the build's baseline ISA)\n\n",
              asim::kernels::isa::Active().c_str());
  asim::bench::MatVecTable(quick);
  asim::bench::LstmKernel(quick);
  return 0;
}
