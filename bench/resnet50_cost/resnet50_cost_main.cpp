// resnet50_cost: prints the simulated per-task cost of ResNet-50 (fp16, ATC-fused) on the
// Ascend310 at batch 1 and the Ascend310P3 at batch 64, next to the published figures
// (shared/docs/ascend_tools_hw.md section 6), and with --check exits 1 when either total is
// more than 20% away from them.
//
// Usage: resnet50_cost [--check] [--quiet] [--no-fusion] [--no-l2] [--soc NAME --batch N]
// Owner: the cost-model engineer (bench/resnet50_cost). Thread safety: single-threaded tool.
// Failure: exit 2 on a bad argument or an unknown SoC (message on stderr), 1 on --check
// failure, 0 otherwise.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "compiler/chip_traits.h"
#include "resnet50_net.h"

namespace {

using asim::bench::NetCost;
using asim::sim::SocSpec;

struct Anchor {
  const char* soc;
  int64_t batch;
  double published_ms;    // per batch
  const char* published;  // as published
};

// ascend_tools_hw.md section 6: msame 2.789 ms (Ascend310, bs1); 4250 images/s (310P3, bs64).
const Anchor kAnchors[] = {
    {"Ascend310", 1, 2.789, "2.789 ms (msame, ModelZoo ATC ResNet-50 README)"},
    {"Ascend310P3", 64, 64.0 / 4250.0 * 1000.0, "4250 img/s (ModelZoo-PyTorch Resnet50_Pytorch_Infer)"},
};
constexpr double kTolerance = 0.20;

void PrintTable(const asim::bench::Net& net, const NetCost& cost) {
  std::printf("%-24s %-22s %-18s %3s %9s %9s %7s %7s %9s %9s %9s %6s %5s %5s %5s %5s %5s %5s %7s %8s\n", "task", "type",
              "output", "bd", "cube", "vector", "scalar", "mte1", "mte2", "mte3", "total", "crit", "mac", "vec", "scal",
              "mte1", "mte2", "mte3", "membnd", "us");
  for (const auto& tc : cost.tasks) {
    const auto& e = tc.estimate;
    std::string shape;
    for (int64_t d : net.tensors[tc.task->output].shape) shape += (shape.empty() ? "" : "x") + std::to_string(d);
    std::printf(
        "%-24s %-22s %-18s %3u %9llu %9llu %7llu %7llu %9llu %9llu %9llu %6s %5.2f %5.2f %5.2f %5.2f %5.2f %5.2f %7.2f "
        "%8.1f\n",
        tc.task->name.c_str(), tc.task->type.c_str(), shape.c_str(), e.block_dim,
        static_cast<unsigned long long>(e.cube_cycles), static_cast<unsigned long long>(e.vector_cycles),
        static_cast<unsigned long long>(e.scalar_cycles), static_cast<unsigned long long>(e.mte1_cycles),
        static_cast<unsigned long long>(e.mte2_cycles), static_cast<unsigned long long>(e.mte3_cycles),
        static_cast<unsigned long long>(e.total_cycles), asim::sim::CriticalPipeName(e.critical_pipe), e.mac_ratio,
        e.vec_ratio, e.scalar_ratio, e.mte1_ratio, e.mte2_ratio, e.mte3_ratio, e.memory_bound,
        asim::sim::PsToUs(e.duration_ps));
  }
}

struct Result {
  double ms = 0;
  size_t tasks = 0;
};

bool Run(const char* soc, int64_t batch, bool fuse, bool use_l2, bool quiet, Result* out) {
  SocSpec spec;
  asim::Status s = asim::sim::LoadSocSpec(soc, &spec);
  if (!s.ok()) {
    std::fprintf(stderr, "resnet50_cost: %s\n", s.message().c_str());
    return false;
  }
  const asim::bench::Net net = asim::bench::BuildResNet50(batch);
  const auto tasks = asim::bench::PlanTasks(net, asim::atc::ChipTraitsOf(spec), fuse);
  const NetCost cost = asim::bench::EstimateNet(net, tasks, spec, use_l2);
  out->ms = asim::sim::PsToMs(cost.total_ps);
  out->tasks = tasks.size();
  if (!quiet) {
    std::printf("\n== ResNet-50 v1.5 fp16 on %s, batch %lld: %zu tasks%s%s ==\n", soc, static_cast<long long>(batch),
                tasks.size(), fuse ? "" : " (no fusion)", use_l2 ? "" : " (no L2 reuse)");
    PrintTable(net, cost);
  }
  std::printf("%s batch %lld: %.3f ms per batch, %.1f img/s (%zu tasks)\n", soc, static_cast<long long>(batch), out->ms,
              batch * 1000.0 / out->ms, tasks.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  bool check = false, quiet = false, fuse = true, use_l2 = true;
  std::string soc;
  int64_t batch = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--check") {
      check = true;
    } else if (a == "--quiet") {
      quiet = true;
    } else if (a == "--no-fusion") {
      fuse = false;
    } else if (a == "--no-l2") {
      use_l2 = false;
    } else if (a == "--soc" && i + 1 < argc) {
      soc = argv[++i];
    } else if (a == "--batch" && i + 1 < argc) {
      batch = std::atoll(argv[++i]);
    } else {
      std::fprintf(stderr, "usage: resnet50_cost [--check] [--quiet] [--no-fusion] [--no-l2] [--soc NAME --batch N]\n");
      return 2;
    }
  }
  if (!soc.empty()) {
    Result r;
    return Run(soc.c_str(), batch > 0 ? batch : 1, fuse, use_l2, quiet, &r) ? 0 : 2;
  }
  bool ok = true;
  std::vector<std::string> summary;
  for (const Anchor& a : kAnchors) {
    Result r;
    if (!Run(a.soc, a.batch, fuse, use_l2, quiet, &r)) return 2;
    const double ratio = r.ms / a.published_ms;
    const bool in = std::fabs(ratio - 1.0) <= kTolerance;
    ok = ok && in;
    char line[512];
    std::snprintf(line, sizeof line,
                  "%-11s bs%-3lld simulated %8.3f ms = %7.1f img/s | published %8.3f ms = %7.1f img/s [%s] | "
                  "time ratio %.3f (%s +-%.0f%%)",
                  a.soc, static_cast<long long>(a.batch), r.ms, a.batch * 1000.0 / r.ms, a.published_ms,
                  a.batch * 1000.0 / a.published_ms, a.published, ratio, in ? "within" : "OUTSIDE", kTolerance * 100);
    summary.push_back(line);
  }
  std::printf("\n== ResNet-50 totals against the published anchors ==\n");
  for (const std::string& l : summary) std::printf("%s\n", l.c_str());
  if (check && !ok) {
    std::fprintf(stderr, "resnet50_cost: a simulated total is outside +-%.0f%% of its published figure\n",
                 kTolerance * 100);
    return 1;
  }
  return 0;
}
