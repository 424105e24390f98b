// resnet50_bench: host latency and simulated device time of one offline model (ResNet-50 from
// tools/modelzoo + atc) through the public AscendCL API; the "ours" side of bench/resnet50/run.sh.
//
//   resnet50_bench --model x.om [--warmup W (3)] [--runs N (10)] [--device-runs K (1)]
//                  [--input in.bin] [--acl-json acl.json]
//
// aclInit (with --acl-json's file, e.g. a dump or profiler section; SoC from
// ASCEND_SIM_SOC_VERSION), aclrtSetDevice, aclmdlLoadFromFile (timed: the
// model load time), W untimed aclmdlExecute, N timed ones (median/min/mean wall time), then K
// executions between two events on a stream (aclmdlExecuteAsync; aclrtEventElapsedTime: the
// simulated device time per batch). Also the mean process CPU time per timed run (cpu_ms, all
// threads). The input is fp32 NCHW from --input (converted to fp16 for an fp16-input model) or
// a fixed pseudo-random image. Prints one JSON line on stdout with the figures, every timed
// run's wall time (times_ms) and the peak RSS (getrusage). Exit 1 on any failure, with the
// reason on stderr.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/ext/aclsim_ext.h"
#include "bench_model.h"

namespace {

struct Options {
  std::string model;
  std::string input;
  std::string aclJson;
  int warmup = 3;
  int runs = 10;
  int deviceRuns = 1;
};

bool ParseInt(const char* text, int* value) {
  char* end = nullptr;
  const long v = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || v < 0 || v > 100000) return false;
  *value = static_cast<int>(v);
  return true;
}

bool Parse(int argc, char** argv, Options* o) {
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i];
    const char* value = argv[i + 1];
    bool ok = true;
    if (key == "--model") {
      o->model = value;
    } else if (key == "--input") {
      o->input = value;
    } else if (key == "--acl-json") {
      o->aclJson = value;
    } else if (key == "--warmup") {
      ok = ParseInt(value, &o->warmup);
    } else if (key == "--runs") {
      ok = ParseInt(value, &o->runs);
    } else if (key == "--device-runs") {
      ok = ParseInt(value, &o->deviceRuns);
    } else {
      ok = false;
    }
    if (!ok) {
      std::fprintf(stderr, "resnet50_bench: bad option %s %s\n", argv[i], value);
      return false;
    }
  }
  if (o->model.empty() || argc % 2 == 0) {
    std::fprintf(stderr,
                 "usage: resnet50_bench --model x.om [--warmup W] [--runs N] [--device-runs K] [--input in.bin] "
                 "[--acl-json acl.json]\n");
    return false;
  }
  return true;
}

double Median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t m = v.size() / 2;
  return v.size() % 2 != 0 ? v[m] : (v[m - 1] + v[m]) / 2;
}

double NowMs() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// User + system CPU time of the whole process (all threads), ms.
double CpuMs() {
  struct rusage usage = {};
  (void)getrusage(RUSAGE_SELF, &usage);
  return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3 +
         (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
}

int Run(const Options& o, aclrtStream stream) {
  asim::bench::BenchModel model;
  const double loadStart = NowMs();
  if (!model.Load(o.model)) return 1;
  const double loadMs = NowMs() - loadStart;
  if (!model.SetInput(o.input)) return 1;
  for (int i = 0; i < o.warmup; ++i) {
    if (!model.Execute()) return 1;
  }
  std::vector<double> ms;
  const double cpu0 = CpuMs();
  for (int i = 0; i < o.runs; ++i) {
    const double start = NowMs();
    if (!model.Execute()) return 1;
    ms.push_back(NowMs() - start);
  }
  const double cpuMs = o.runs > 0 ? (CpuMs() - cpu0) / o.runs : 0.0;
  std::vector<double> simMs;
  for (int i = 0; i < o.deviceRuns; ++i) {
    float elapsed = 0;
    if (!model.DeviceTime(stream, &elapsed)) return 1;
    simMs.push_back(elapsed);
  }
  double sum = 0;
  for (double v : ms) sum += v;
  struct rusage usage = {};
  (void)getrusage(RUSAGE_SELF, &usage);
  const char* soc = aclrtGetSocName();
  std::string times;  // every timed run, so bench/resnet50/report.py can pool rounds of runs
  for (double v : ms) times += (times.empty() ? "" : ",") + std::to_string(v);
  std::printf(
      "{\"soc\":\"%s\",\"batch\":%lld,\"input_type\":\"%s\",\"load_ms\":%.3f,\"warmup\":%d,\"runs\":%d,"
      "\"median_ms\":%.3f,\"min_ms\":%.3f,\"mean_ms\":%.3f,\"cpu_ms\":%.3f,\"sim_ms\":%.4f,\"max_rss_kb\":%ld,"
      "\"isa\":\"%s\",\"times_ms\":[%s]}\n",
      soc != nullptr ? soc : "?", static_cast<long long>(model.batch()), model.inputTypeName(), loadMs, o.warmup,
      o.runs, Median(ms), ms.empty() ? 0.0 : *std::min_element(ms.begin(), ms.end()),
      ms.empty() ? 0.0 : sum / static_cast<double>(ms.size()), cpuMs, Median(simMs), usage.ru_maxrss,
      aclsimGetVectorIsa(), times.c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (!Parse(argc, argv, &o)) return 1;
  if (!asim::bench::Check(aclInit(o.aclJson.empty() ? nullptr : o.aclJson.c_str()), "aclInit")) return 1;
  int rc = 1;
  aclrtStream stream = nullptr;
  if (asim::bench::Check(aclrtSetDevice(0), "aclrtSetDevice") &&
      asim::bench::Check(aclrtCreateStream(&stream), "aclrtCreateStream")) {
    rc = Run(o, stream);
  }
  if (stream != nullptr) (void)aclrtDestroyStream(stream);
  (void)aclrtResetDevice(0);
  (void)aclFinalize();
  return rc;
}
