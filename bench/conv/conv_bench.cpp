// conv_bench: the ResNet-50 v1.5 convolutions (batch 1 or --batch N, 224x224, fp32) through the Conv2D
// kernel the registry selects, against the machine's FMA limit measured in the same run.
//
// Paths (each one is what the runtime picks for that model and chip):
//   aicore  fp32 on a chip whose cube computes fp32 (Ascend910B traits): Conv2D/AI_CORE on
//           NC1HWC0 activations and FRACTAL_Z weights; this is the host compute behind
//           every AI Core convolution (fp16 models widen to fp32 and run the same code).
//   aicpu   fp32 on an Ascend310 (no fp32 cube): Conv2D/AI_CPU on NCHW activations and
//           weights (the same engine plus the NCHW <-> blocked packing).
//   fp16    the product configuration, fp16 on the Ascend310 cube: Conv2D/AI_CORE fp16.
// Per layer: the median of --iterations timed runs of the kernel's compute (after one
// warm-up), GFLOP/s from the unpadded FLOPs (2 * MACs). The FMA limit is the best of the
// measurements taken before, between and after the paths (other load only lowers it).
// The ResNet-50 total weighs every shape by how often the network has it.
// Two views of efficiency: %lim is wall-clock GFLOP/s over the wall-clock FMA limit of all
// threads (the figure that counts on an otherwise idle machine); %core is GFLOP per CPU-
// second of the whole process over the FMA loop's GFLOP per thread CPU-second, which
// other processes sharing the cores cannot distort (idle or spinning workers count
// against it). On an idle machine the two agree.
//
// The filter is prepared once per layer as a model load prepares it (the kernel's PrepareFn:
// packed chunks, or the Winograd transform of a 3x3 stride-1 layer, kernels/cube/
// winograd_conv.h); --unprepared measures the per-execution packing instead. GFLOP/s always
// counts the direct convolution's FLOPs, so a Winograd layer's figure is an effective rate
// and can exceed the FMA limit.
//
// Usage: conv_bench [--iterations N] [--paths aicore,aicpu,fp16] [--quick] [--unprepared] [--batch N]
// Owner: bench/conv. Failure: exit 1 when a kernel cannot be selected or fails.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include "base/format_shape.h"
#include "base/fp16.h"
#include "bench/conv/fma_peak.h"
#include "bench/conv/resnet50_convs.h"
#include "kernels/framework/invoke.h"
#include "kernels/framework/isa.h"
#include "kernels/framework/registry.h"

namespace asim::bench {
namespace {

using kernels::ChipTraits;
using kernels::Engine;
using kernels::KernelContext;
using kernels::KernelRegistry;
using kernels::Selection;
using kernels::TensorSpec;
using kernels::TensorView;

struct Path {
  const char* key;
  const char* title;
  DataType dtype;
  bool blocked;  // NC1HWC0 + FRACTAL_Z, else NCHW
  ChipTraits chip;
  Engine engine;
};

std::vector<Path> AllPaths() {
  ChipTraits b910;
  b910.soc_version = "Ascend910B";
  b910.ai_core_count = 24;
  b910.cube_fp32 = true;
  ChipTraits a310;  // the defaults describe an Ascend310
  return {{"aicore", "AI Core fp32 NC1HWC0 (910B)", DataType::kFloat, true, b910, Engine::kAiCore},
          {"aicpu", "AI CPU fp32 NCHW (310)", DataType::kFloat, false, a310, Engine::kAiCpu},
          {"fp16", "AI Core fp16 NC1HWC0 (310)", DataType::kFloat16, true, a310, Engine::kAiCore}};
}

// 64-byte aligned bytes, filled with values in [-1, 1) of `dtype`.
struct Buffer {
  std::unique_ptr<void, decltype(&std::free)> data{nullptr, &std::free};
  size_t bytes = 0;
  void Allocate(size_t n) {
    bytes = n;
    data.reset(std::aligned_alloc(64, std::max<size_t>(64, (n + 63) / 64 * 64)));
  }
  void Fill(DataType dtype, uint32_t seed) {
    uint32_t state = seed * 2654435761u + 1;
    auto next = [&state] {  // a small LCG: the values only need to be ordinary numbers
      state = state * 1664525u + 1013904223u;
      return static_cast<float>(state >> 8) / 8388608.0f - 1.0f;
    };
    if (dtype == DataType::kFloat16) {
      auto* p = static_cast<uint16_t*>(data.get());
      for (size_t i = 0; i < bytes / 2; ++i) p[i] = FloatToHalf(next());
    } else {
      auto* p = static_cast<float*>(data.get());
      for (size_t i = 0; i < bytes / 4; ++i) p[i] = next();
    }
  }
};

TensorSpec Spec(DataType t, Format f, std::vector<int64_t> dims) {
  TensorSpec s;
  s.dtype = t;
  s.format = f;
  s.dims = std::move(dims);
  return s;
}

// Spec of a plain NCHW tensor in `path`'s layout (with the origin when blocked).
TensorSpec Laid(const Path& path, std::vector<int64_t> nchw, Format blocked) {
  TensorSpec plain = Spec(path.dtype, Format::kNchw, nchw);
  if (!path.blocked) return plain;
  TensorSpec s = Spec(path.dtype, blocked, {});
  if (!TransformShape(path.dtype, Format::kNchw, nchw, blocked, &s.dims).ok()) std::exit(1);
  s.origin_format = Format::kNchw;
  s.origin_dims = std::move(nchw);
  return s;
}

struct Timing {
  double median_ms = 0;
  double gflops = 0;          // wall clock
  double median_cpu_ms = 0;   // process CPU time
  double gflops_per_cpu = 0;  // GFLOP per process CPU-second
};

double ProcessCpuMs() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

// Times one layer on one path; exits on a selection or kernel failure.
Timing TimeLayer(const ResNetConv& layer, const Path& path, int iterations, bool prepare, int64_t batch) {
  const std::vector<TensorSpec> inputs{Laid(path, {batch, layer.cin, layer.hw, layer.hw}, Format::kNc1hwc0),
                                       Laid(path, {layer.cout, layer.cin, layer.k, layer.k}, Format::kFractalZ),
                                       Spec(path.dtype, Format::kNd, {layer.cout})};
  kernels::AttrMap attrs;
  attrs.Set("strides", std::vector<int64_t>{1, 1, layer.stride, layer.stride});
  attrs.Set("pads", std::vector<int64_t>{layer.pad, layer.pad, layer.pad, layer.pad});
  Selection sel;
  Status st = KernelRegistry::Get().Select("Conv2D", inputs, attrs, path.chip, &sel);
  if (!st.ok() || sel.def->engine != path.engine || !sel.conversions.empty()) {
    std::fprintf(stderr, "conv_bench: %s on %s: unexpected selection: %s\n", layer.name, path.key,
                 st.ok() ? kernels::EngineName(sel.def->engine) : st.message().c_str());
    std::exit(1);
  }
  std::vector<Buffer> in(inputs.size());
  KernelContext ctx;
  for (size_t i = 0; i < inputs.size(); ++i) {
    in[i].Allocate(inputs[i].Bytes());
    in[i].Fill(path.dtype, static_cast<uint32_t>(i + 1));
    ctx.inputs.push_back(TensorView{inputs[i], in[i].data.get()});
  }
  Buffer out, workspace;
  out.Allocate(sel.outputs[0].Bytes());
  workspace.Allocate(sel.workspace_bytes);
  ctx.outputs.push_back(TensorView{sel.outputs[0], out.data.get()});
  ctx.attrs = &sel.attrs;
  // The filter is a constant, prepared once as a model load prepares it (packed chunks, or the
  // Winograd transform of a 3x3 stride-1 layer), unless --unprepared.
  std::shared_ptr<const void> prepared;
  if (prepare && sel.def->prepare) {
    std::vector<TensorSpec> constant = inputs;
    constant[1].host_data = in[1].data.get();
    prepared = sel.def->prepare(constant, sel.attrs);
    ctx.prepared = prepared.get();
  }
  ctx.workspace = workspace.data.get();
  ctx.workspace_bytes = sel.workspace_bytes;
  std::vector<double> ms, cpu_ms;
  for (int i = 0; i <= iterations; ++i) {
    const double cpu_start = ProcessCpuMs();
    const auto start = std::chrono::steady_clock::now();
    st = kernels::InvokeKernel(*sel.def, ctx);
    const double t = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    const double cpu = ProcessCpuMs() - cpu_start;
    if (!st.ok()) {
      std::fprintf(stderr, "conv_bench: %s on %s failed: %s\n", layer.name, path.key, st.message().c_str());
      std::exit(1);
    }
    if (i > 0) {  // the first run warms caches and pages
      ms.push_back(t);
      cpu_ms.push_back(cpu);
    }
  }
  std::sort(ms.begin(), ms.end());
  std::sort(cpu_ms.begin(), cpu_ms.end());
  Timing timing;
  timing.median_ms = ms[ms.size() / 2];
  const double gflop = layer.Gflop() * static_cast<double>(batch);
  timing.gflops = gflop / (timing.median_ms / 1e3);
  timing.median_cpu_ms = cpu_ms[cpu_ms.size() / 2];
  timing.gflops_per_cpu = gflop / (timing.median_cpu_ms / 1e3);
  return timing;
}

std::string Shape(const ResNetConv& l) {
  char s[64];
  std::snprintf(s, sizeof(s), "%lld->%lld %lldx%lld/%lld %lld->%lld", static_cast<long long>(l.cin),
                static_cast<long long>(l.cout), static_cast<long long>(l.k), static_cast<long long>(l.k),
                static_cast<long long>(l.stride), static_cast<long long>(l.hw), static_cast<long long>(l.OutHw()));
  return s;
}

int Main(int argc, char** argv) {
  int iterations = 15;
  double fma_seconds = 0.5;
  std::string wanted = "aicore,aicpu,fp16";
  bool prepare = true;
  int64_t batch = 1;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--iterations") == 0 && i + 1 < argc) {
      iterations = std::max(1, std::atoi(argv[++i]));
    } else if (std::strcmp(argv[i], "--paths") == 0 && i + 1 < argc) {
      wanted = argv[++i];
    } else if (std::strcmp(argv[i], "--batch") == 0 && i + 1 < argc) {
      batch = std::max(1, std::atoi(argv[++i]));
    } else if (std::strcmp(argv[i], "--unprepared") == 0) {
      prepare = false;
    } else if (std::strcmp(argv[i], "--quick") == 0) {
      iterations = 1;
      fma_seconds = 0.05;
    } else {
      std::fprintf(
          stderr,
          "usage: conv_bench [--iterations N] [--paths aicore,aicpu,fp16] [--quick] [--unprepared] [--batch N]\n");
      return 2;
    }
  }
  std::vector<Path> paths;
  for (const Path& p : AllPaths()) {
    if (wanted.find(p.key) != std::string::npos) paths.push_back(p);
  }
  // The vector target: ASCEND_SIM_ISA as in the runtime, else the best this CPU runs.
  const char* isa_env = std::getenv(asim::kernels::isa::kEnvironmentVariable);
  const asim::Status isa_status = asim::kernels::isa::Force(isa_env != nullptr ? isa_env : "");
  if (!isa_status.ok()) {
    std::fprintf(stderr, "conv_bench: %s\n", isa_status.message().c_str());
    return 2;
  }
  const std::string target = asim::kernels::isa::Active();
  std::vector<FmaPeak> peaks{MeasureFmaPeak(fma_seconds, target)};
  const size_t layers = std::size(kResNet50Convs);
  std::vector<std::vector<Timing>> timings(paths.size(), std::vector<Timing>(layers));
  for (size_t p = 0; p < paths.size(); ++p) {
    for (size_t l = 0; l < layers; ++l)
      timings[p][l] = TimeLayer(kResNet50Convs[l], paths[p], iterations, prepare, batch);
    peaks.push_back(MeasureFmaPeak(fma_seconds, target));
  }
  double limit = 0, core_limit = 0;
  for (const FmaPeak& p : peaks) {
    limit = std::max(limit, p.gflops);
    core_limit = std::max(core_limit, p.gflops_per_cpu);
  }

  std::printf(
      "conv_bench: ResNet-50 v1.5 convolutions, batch %lld, 224x224, through Conv2D as the registry selects it\n",
      static_cast<long long>(batch));
  std::printf("kernels' vector target: %s (this CPU runs:", target.c_str());
  for (const std::string& t : asim::kernels::isa::Available()) std::printf(" %s", t.c_str());
  std::printf("; ASCEND_SIM_ISA forces a lower one)\n");
  std::printf("FMA limit: %d threads x %s = %.1f GFLOP/s fp32 wall clock (best of", peaks[0].threads,
              peaks[0].isa.c_str(), limit);
  for (const FmaPeak& p : peaks) std::printf(" %.1f", p.gflops);
  std::printf("); one core while it runs: %.1f GFLOP/s (%d cores: %.1f)\n", core_limit, peaks[0].threads,
              core_limit * peaks[0].threads);
  std::printf("filters: %s\n", prepare ? "prepared once, as a model load does (3x3 stride-1 layers may run Winograd: "
                                         "GFLOP/s counts direct FLOPs)"
                                       : "packed on every execution (--unprepared)");
  std::printf(
      "per layer: median of %d runs; %%lim = GFLOP/s / FMA limit (wall clock); %%core = GFLOP per CPU-second / "
      "one core's FMA limit\n\n",
      iterations);
  std::printf("%-13s %-24s %3s %6s", "layer", "shape", "n", "GFLOP");
  for (const Path& p : paths) std::printf(" | %-34s", p.title);
  std::printf("\n%-13s %-24s %3s %6s", "", "", "", "");
  for (size_t p = 0; p < paths.size(); ++p) std::printf(" | %7s %8s %7s %7s  ", "ms", "GFLOP/s", "%lim", "%core");
  std::printf("\n");
  std::vector<double> total_ms(paths.size(), 0.0), total_cpu_ms(paths.size(), 0.0);
  double total_gflop = 0;
  for (size_t l = 0; l < layers; ++l) {
    const ResNetConv& c = kResNet50Convs[l];
    const double n = static_cast<double>(c.count);
    const double gflop = c.Gflop() * static_cast<double>(batch);
    total_gflop += gflop * n;
    std::printf("%-13s %-24s %3lld %6.3f", c.name, Shape(c).c_str(), static_cast<long long>(c.count), gflop);
    for (size_t p = 0; p < paths.size(); ++p) {
      const Timing& t = timings[p][l];
      total_ms[p] += t.median_ms * n;
      total_cpu_ms[p] += t.median_cpu_ms * n;
      std::printf(" | %7.3f %8.1f %6.1f%% %6.1f%%  ", t.median_ms, t.gflops, 100.0 * t.gflops / limit,
                  100.0 * t.gflops_per_cpu / core_limit);
    }
    std::printf("\n");
  }
  std::printf("\nResNet-50 convolutions (53 layers, %.3f GFLOP), every shape weighted by its count:\n", total_gflop);
  for (size_t p = 0; p < paths.size(); ++p) {
    const double gflops = total_gflop / (total_ms[p] / 1e3);
    const double per_cpu = total_gflop / (total_cpu_ms[p] / 1e3);
    std::printf("  %-34s %8.2f ms  %7.1f GFLOP/s  %5.1f%% of the FMA limit   (per CPU-second: %5.1f%% of a core)\n",
                paths[p].title, total_ms[p], gflops, 100.0 * gflops / limit, 100.0 * per_cpu / core_limit);
  }
  return 0;
}

}  // namespace
}  // namespace asim::bench

int main(int argc, char** argv) {
  return asim::bench::Main(argc, argv);
}
