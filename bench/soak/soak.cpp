// bench/soak: the long-run check of issue 21 (docs/testing.md "Soak"). Runs the ResNet-50
// sample's inference loop for --seconds with memcheck on, switching profiling (the aclprof
// API) and the operator dump (aclmdlInitDump / aclmdlSetDump, which applies to models loaded
// after it, so those iterations load, run and unload a second instance) on and off between
// iterations in a fixed cycle: plain, profiling, dump, both. Every iteration's profiling
// and dump output is deleted after it, so the disk does not fill.
//
// Measures, after --warmup seconds: the resident set (/proc/self/statm) and the open file
// descriptors (/proc/self/fd) where each cycle ends (the same phase every time): at the end
// of the warm-up, at the end, their extremes and the RSS trend (least squares) in between,
// and memcheck's findings (RSS after malloc_trim, --trim). Prints one line per minute and a
// summary; exits 1 when the RSS trend line rose by --max-growth-kib or more over the measured
// span (single samples swing by megabytes with the allocators' phase; a leak lifts the whole
// line), the descriptors changed, memcheck found anything or an API call failed.
//
// Public API (acl.h, acl_prof.h, the aclsim extension for memcheck). Not a test: run by
// bench/soak/run.sh, never by ctest (10 minutes).
#include <dirent.h>
#include <malloc.h>
#include <unistd.h>
#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_prof.h"
#include "acl/ext/aclsim_ext.h"

namespace {

using Clock = std::chrono::steady_clock;

bool g_failed = false;

bool Ok(aclError ret, const char* what) {
  if (ret == ACL_SUCCESS) return true;
  const char* msg = aclGetRecentErrMsg();
  std::fprintf(stderr, "soak: %s failed: %d %s\n", what, ret, msg == nullptr ? "" : msg);
  g_failed = true;
  return false;
}

uint64_t ResidentKib() {
  std::ifstream statm("/proc/self/statm");
  uint64_t pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * static_cast<uint64_t>(sysconf(_SC_PAGESIZE)) / 1024;
}

int OpenFds() {
  DIR* dir = opendir("/proc/self/fd");
  if (dir == nullptr) return -1;
  int count = 0;
  while (readdir(dir) != nullptr) ++count;
  closedir(dir);
  return count - 3;  // ".", ".." and the DIR's own descriptor
}

// A model instance with device datasets (inputs filled once with seeded values).
class Instance {
 public:
  explicit Instance(const std::string& path) {
    if (!Ok(aclmdlLoadFromFile(path.c_str(), &id_), "aclmdlLoadFromFile")) return;
    desc_ = aclmdlCreateDesc();
    Ok(aclmdlGetDesc(desc_, id_), "aclmdlGetDesc");
    inputs_ = Make(true);
    outputs_ = Make(false);
    loaded_ = true;
  }
  ~Instance() {
    if (!loaded_) return;
    for (aclmdlDataset* set : {inputs_, outputs_}) {
      for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(set); ++i) aclDestroyDataBuffer(aclmdlGetDatasetBuffer(set, i));
      aclmdlDestroyDataset(set);
    }
    for (void* p : device_) Ok(aclrtFree(p), "aclrtFree");
    Ok(aclmdlDestroyDesc(desc_), "aclmdlDestroyDesc");
    Ok(aclmdlUnload(id_), "aclmdlUnload");
  }
  bool Execute() { return loaded_ && Ok(aclmdlExecute(id_, inputs_, outputs_), "aclmdlExecute"); }

 private:
  aclmdlDataset* Make(bool inputs) {
    aclmdlDataset* set = aclmdlCreateDataset();
    const size_t n = inputs ? aclmdlGetNumInputs(desc_) : aclmdlGetNumOutputs(desc_);
    for (size_t i = 0; i < n; ++i) {
      const size_t size = inputs ? aclmdlGetInputSizeByIndex(desc_, i) : aclmdlGetOutputSizeByIndex(desc_, i);
      void* p = nullptr;
      if (!Ok(aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc")) break;
      device_.push_back(p);
      if (inputs) {
        std::vector<uint8_t> host(size);
        std::mt19937 rng(7);
        // Half-precision values in [0.5, 1): exponent 0x3800, random mantissa.
        for (size_t b = 0; b + 1 < size; b += 2) {
          const uint16_t v = static_cast<uint16_t>(0x3800 | (rng() & 0x3FF));
          host[b] = static_cast<uint8_t>(v & 0xFF);
          host[b + 1] = static_cast<uint8_t>(v >> 8);
        }
        Ok(aclrtMemcpy(p, size, host.data(), size, ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy");
      }
      aclmdlAddDatasetBuffer(set, aclCreateDataBuffer(p, size));
    }
    return set;
  }

  uint32_t id_ = 0;
  bool loaded_ = false;
  aclmdlDesc* desc_ = nullptr;
  aclmdlDataset* inputs_ = nullptr;
  aclmdlDataset* outputs_ = nullptr;
  std::vector<void*> device_;
};

// Least-squares slope of y over x (0 for fewer than two points).
double Slope(const std::vector<std::pair<double, double>>& points) {
  if (points.size() < 2) return 0;
  double sx = 0, sy = 0;
  for (const auto& [x, y] : points) {
    sx += x;
    sy += y;
  }
  const double n = static_cast<double>(points.size()), mx = sx / n, my = sy / n;
  double sxy = 0, sxx = 0;
  for (const auto& [x, y] : points) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) * (x - mx);
  }
  return sxx > 0 ? sxy / sxx : 0;
}

void ClearDirectory(const std::string& dir) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) std::filesystem::remove_all(entry.path(), ec);
}

// One iteration with profiling through the aclprof API around `body`.
template <typename Body>
void WithProfiling(const std::string& dir, Body body) {
  if (!Ok(aclprofInit(dir.c_str(), dir.size()), "aclprofInit")) return;
  uint32_t devices[] = {0};
  aclprofConfig* config =
      aclprofCreateConfig(devices, 1, ACL_AICORE_PIPE_UTILIZATION, nullptr,
                          ACL_PROF_ACL_API | ACL_PROF_TASK_TIME | ACL_PROF_AICORE_METRICS | ACL_PROF_AICPU);
  if (config == nullptr) {
    Ok(ACL_ERROR_INVALID_PARAM, "aclprofCreateConfig");
  } else if (Ok(aclprofStart(config), "aclprofStart")) {
    body();
    Ok(aclprofStop(config), "aclprofStop");
  }
  if (config != nullptr) Ok(aclprofDestroyConfig(config), "aclprofDestroyConfig");
  Ok(aclprofFinalize(), "aclprofFinalize");
  ClearDirectory(dir);
}

// One iteration with the operator dump on: the configuration applies to models loaded after
// aclmdlSetDump, so a second instance is loaded, run once and unloaded.
void WithDump(const std::string& config, const std::string& dump_dir, const std::string& model) {
  if (!Ok(aclmdlInitDump(), "aclmdlInitDump")) return;
  if (Ok(aclmdlSetDump(config.c_str()), "aclmdlSetDump")) {
    Instance dumped(model);
    dumped.Execute();
  }
  Ok(aclmdlFinalizeDump(), "aclmdlFinalizeDump");
  ClearDirectory(dump_dir);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"soak: the ResNet-50 loop with profiling and dump switched on and off, RSS and fds watched"};
  std::string model, work = "/tmp/asim_soak";
  double seconds = 600, warmup = 60, max_growth_kib = 1024;
  app.add_option("--model", model, "the .om (the samples' resnet50.om)")->required()->check(CLI::ExistingFile);
  app.add_option("--seconds", seconds, "total run time")->check(CLI::PositiveNumber);
  app.add_option("--warmup", warmup, "seconds before the baseline is taken")->check(CLI::NonNegativeNumber);
  app.add_option("--work", work, "directory for profiling and dump output (emptied after each use)");
  app.add_option("--max-growth-kib", max_growth_kib, "resident set growth after warm-up that fails the run");
  bool memcheck = true, trim = true;
  int only = -1;
  app.add_option("--only", only, "run one kind of iteration only: 0 plain, 1 profiling, 2 dump, 3 both (leak hunting)")
      ->check(CLI::Range(-1, 3));
  app.add_option("--memcheck", memcheck, "memcheck on (error mode) during the run")->default_val(true);
  app.add_option("--trim", trim, "malloc_trim(0) before each RSS sample")->default_val(true);
  CLI11_PARSE(app, argc, argv);

  const std::string prof_dir = work + "/prof", dump_dir = work + "/dump", dump_json = work + "/dump.json";
  std::filesystem::create_directories(prof_dir);
  std::filesystem::create_directories(dump_dir);
  std::string model_name = std::filesystem::path(model).stem().string();
  {
    std::ofstream json(dump_json);
    json << R"({ "dump": { "dump_path": ")" << dump_dir << R"(", "dump_list": [{ "model_name": ")" << model_name
         << R"(" }], "dump_mode": "output" } })";
  }

  if (!Ok(aclInit(nullptr), "aclInit") || !Ok(aclrtSetDevice(0), "aclrtSetDevice")) return 1;
  if (memcheck) Ok(aclsimSetMemcheck(ACLSIM_MEMCHECK_ERROR), "aclsimSetMemcheck");
  int status = 0;
  {
    Instance main_instance(model);
    const auto start = Clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
    uint64_t rss_warm = 0, rss_min = 0, rss_max = 0, rss_end = 0;
    int fds_warm = -1, fds_min = 0, fds_max = 0, fds_end = 0;
    std::vector<std::pair<double, double>> samples;  // (seconds, RSS KiB) at cycle ends after warm-up
    uint64_t iterations[4] = {0, 0, 0, 0};
    double next_report = 60;
    for (uint64_t i = 0; elapsed() < seconds && !g_failed; ++i) {
      switch (only >= 0 ? static_cast<uint64_t>(only) : i % 4) {
        case 0: main_instance.Execute(); break;
        case 1: WithProfiling(prof_dir, [&] { main_instance.Execute(); }); break;
        case 2: WithDump(dump_json, dump_dir, model); break;
        default: WithProfiling(prof_dir, [&] { WithDump(dump_json, dump_dir, model); }); break;
      }
      ++iterations[i % 4];
      if (i % 4 != 3) continue;
      // Measured where each cycle ends, so every sample sees the same phase of the cycle, and
      // (with --trim) after glibc gave its free heap pages back: what stays is what the
      // process holds, not the allocator's cache of freed blocks.
      if (trim) malloc_trim(0);
      const uint64_t rss = ResidentKib();
      const int fds = OpenFds();
      if (fds_warm < 0 && elapsed() >= warmup) {
        rss_warm = rss_min = rss_max = rss_end = rss;
        fds_warm = fds_min = fds_max = fds_end = fds;
        std::printf("soak: warm-up over after %.0f s: RSS %llu KiB, %d fds\n", elapsed(),
                    static_cast<unsigned long long>(rss), fds);
      } else if (fds_warm >= 0) {
        rss_min = std::min(rss_min, rss);
        rss_max = std::max(rss_max, rss);
        fds_min = std::min(fds_min, fds);
        fds_max = std::max(fds_max, fds);
        rss_end = rss;
        fds_end = fds;
        samples.emplace_back(elapsed(), static_cast<double>(rss));
      }
      if (elapsed() >= next_report) {
        std::printf("soak: %4.0f s  iterations %llu  RSS %llu KiB  fds %d\n", elapsed(),
                    static_cast<unsigned long long>(i + 1), static_cast<unsigned long long>(rss), fds);
        std::fflush(stdout);
        next_report += 60;
      }
    }
    const uint64_t findings = aclsimGetFindingCount(ACLSIM_FINDING_ANY);
    const long long growth = static_cast<long long>(rss_end) - static_cast<long long>(rss_warm);
    // The verdict is the least-squares line's rise over the measured span: single samples swing
    // by megabytes with the allocators' phase (glibc arenas, TBB's task pools), a leak lifts
    // the whole line.
    const double span = samples.size() < 2 ? 0 : samples.back().first - samples.front().first;
    const double fitted_growth = Slope(samples) * span;
    std::printf("soak: %.0f s, iterations: %llu plain, %llu profiling, %llu dump, %llu profiling+dump\n", elapsed(),
                static_cast<unsigned long long>(iterations[0]), static_cast<unsigned long long>(iterations[1]),
                static_cast<unsigned long long>(iterations[2]), static_cast<unsigned long long>(iterations[3]));
    std::printf(
        "soak: RSS after warm-up %llu KiB, at the end %llu KiB (growth %lld KiB; min %llu, max %llu; "
        "trend %.1f KiB/min over %zu cycles)\n",
        static_cast<unsigned long long>(rss_warm), static_cast<unsigned long long>(rss_end), growth,
        static_cast<unsigned long long>(rss_min), static_cast<unsigned long long>(rss_max), 60.0 * Slope(samples),
        samples.size());
    std::printf("soak: RSS growth on the trend line over %.0f s: %.0f KiB (limit %.0f KiB)\n", span, fitted_growth,
                max_growth_kib);
    std::printf("soak: open fds after warm-up %d, at the end %d (min %d, max %d)\n", fds_warm, fds_end, fds_min,
                fds_max);
    std::printf("soak: memcheck findings %llu\n", static_cast<unsigned long long>(findings));
    if (fds_warm < 0) {
      std::fprintf(stderr, "soak: the run ended before the warm-up did (--seconds > --warmup)\n");
      status = 1;
    }
    if (fitted_growth >= max_growth_kib || fds_end != fds_warm || findings != 0 || g_failed) {
      status = 1;
    }
  }
  Ok(aclrtResetDevice(0), "aclrtResetDevice");
  Ok(aclFinalize(), "aclFinalize");
  std::printf("soak: %s\n", status == 0 && !g_failed ? "PASS" : "FAIL");
  return status == 0 && !g_failed ? 0 : 1;
}
