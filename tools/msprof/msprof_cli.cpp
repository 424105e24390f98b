// The msprof command line. See msprof_cli.h.
//
// Thread safety: not reentrant (fork/exec). Failure: exit code 1 with an "[ERROR]" line.
#include "tools/msprof/msprof_cli.h"

#include <sys/wait.h>
#include <unistd.h>
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <ostream>
#include <set>

#include "profdata/csv.h"
#include "profdata/exporter.h"
#include "profdata/metrics.h"
#include "profdata/prof_dir.h"
#include "profdata/raw_io.h"
#include "tools/msprof/analysis.h"
#include "tools/msprof/html_report.h"

namespace asim::msprof {
namespace {

namespace fs = std::filesystem;

constexpr int kExitError = 1;

struct Options {
  std::string application, output, export_on, analyze_on, baseline, type = "text", summary_format = "csv";
  std::string aic_metrics, ai_core, aic_mode = "task-based", storage_limit, sys_hardware_mem_freq;
  std::map<std::string, std::string> switches;  // acl.json key -> on/off (or a task_time level)
  int64_t model_id = -1, iteration_id = -1;
  size_t top = 10;
  std::vector<std::string> command;
};

bool IsProfDir(const fs::path& dir) {
  return profdata::ParseProfDirName(dir.filename().string(), nullptr) || fs::is_directory(dir / "host");
}

// PROF_* directories that `output` names: itself, or those inside it.
std::vector<std::string> ProfDirsOf(const std::string& output) {
  const fs::path p = fs::absolute(output).lexically_normal();
  if (IsProfDir(p)) return {p.string()};
  std::vector<std::string> out;
  for (const std::string& name : profdata::ListProfDirs(p.string())) out.push_back((p / name).string());
  return out;
}

void Filter(const Options& o, profdata::Profile* p) {
  if (o.model_id < 0 && o.iteration_id < 0) return;
  for (auto& d : p->devices) {
    d.tasks.erase(std::remove_if(d.tasks.begin(), d.tasks.end(),
                                 [&](const profdata::DeviceTask& t) {
                                   if (!t.has_op_info) return true;
                                   if (o.model_id >= 0 && t.model_id != static_cast<uint64_t>(o.model_id)) return true;
                                   return o.iteration_id >= 0 &&
                                          t.execution + 1 != static_cast<uint64_t>(o.iteration_id);
                                 }),
                  d.tasks.end());
  }
}

// Export (unless analyze-only), report and analysis of one PROF_* directory.
bool Process(const Options& o, const std::string& dir, bool write, std::ostream& out, std::ostream& err) {
  profdata::Profile profile;
  Status st = profdata::ReadRaw(dir, &profile);
  if (!st.ok()) {
    err << "[ERROR] " << st.message() << "\n";
    return false;
  }
  Filter(o, &profile);
  if (write) {
    std::vector<std::string> files;
    st = profdata::ExportDeliverables(profile, dir, profdata::WallNowNs(), &files);
    if (st.ok()) {
      st = profdata::WriteTextFile((fs::path(dir) / profdata::kOutputDir / kReportFile).string(), HtmlReport(profile));
    }
    if (!st.ok()) {
      err << "[ERROR] " << st.message() << "\n";
      return false;
    }
    out << "[INFO] Exported " << files.size() << " files and " << kReportFile << " to "
        << (fs::path(dir) / profdata::kOutputDir).string() << "\n";
  }
  out << "\n" << SummaryText(profile, o.top);
  if (!o.baseline.empty()) {
    const std::vector<std::string> base_dirs = ProfDirsOf(o.baseline);
    if (base_dirs.size() != 1) {
      err << "[ERROR] --baseline must name one PROF_* directory ('" << o.baseline << "' holds " << base_dirs.size()
          << ")\n";
      return false;
    }
    profdata::Profile base;
    st = profdata::ReadRaw(base_dirs.front(), &base);
    std::string text;
    if (st.ok()) {
      Filter(o, &base);
      st = CompareText(base, profile, &text);
    }
    if (!st.ok()) {
      err << "[ERROR] " << st.message() << "\n";
      return false;
    }
    out << "\n" << text;
  }
  return true;
}

std::string OptionsJson(const Options& o, const std::string& output) {
  nlohmann::json j;
  j["switch"] = "on";
  j["output"] = output;
  for (const auto& [key, value] : o.switches) j[key] = value;
  if (o.ai_core == "off") {
    j["aic_metrics"] = "None";
  } else if (!o.aic_metrics.empty()) {
    j["aic_metrics"] = o.aic_metrics;
  }
  if (!o.storage_limit.empty()) j["storage_limit"] = o.storage_limit;
  if (!o.sys_hardware_mem_freq.empty()) j["sys_hardware_mem_freq"] = o.sys_hardware_mem_freq;
  return j.dump();
}

int Collect(const Options& o, std::ostream& out, std::ostream& err) {
  std::vector<std::string> command = o.command;
  if (!o.application.empty()) {
    if (!command.empty()) {
      err << "[ERROR] give the application either with --application or after the options, not both\n";
      return kExitError;
    }
    command = SplitCommand(o.application);
  }
  if (command.empty()) {
    err << "[ERROR] nothing to do: give --application=\"<app> [args]\" (or the app after the options), or "
           "--export=on / --analyze=on with --output=<PROF dir>. Try 'msprof --help'.\n";
    return kExitError;
  }
  const std::string output = fs::absolute(o.output.empty() ? "." : o.output).lexically_normal().string();
  std::error_code ec;
  fs::create_directories(output, ec);
  if (ec) {
    err << "[ERROR] cannot create the output directory '" << output << "': " << ec.message() << "\n";
    return kExitError;
  }
  const std::vector<std::string> before = profdata::ListProfDirs(output);
  const std::string options = OptionsJson(o, output);
  out << "[INFO] Start profiling " << command.front() << " (PROFILING_OPTIONS=" << options << ")\n" << std::flush;
  const pid_t pid = fork();
  if (pid < 0) {
    err << "[ERROR] fork failed: " << std::strerror(errno) << "\n";
    return kExitError;
  }
  if (pid == 0) {
    setenv("PROFILING_MODE", "true", 1);
    setenv("PROFILING_OPTIONS", options.c_str(), 1);
    std::vector<char*> argv;
    for (const std::string& a : command) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execvp(argv[0], argv.data());
    std::fprintf(stderr, "[ERROR] cannot run '%s': %s\n", argv[0], std::strerror(errno));
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  if (code != 0) err << "[ERROR] the application exited with code " << code << "\n";
  std::vector<std::string> fresh;
  for (const std::string& name : profdata::ListProfDirs(output)) {
    if (std::find(before.begin(), before.end(), name) == before.end())
      fresh.push_back((fs::path(output) / name).string());
  }
  if (fresh.empty()) {
    err << "[ERROR] the application wrote no PROF_* directory under " << output
        << " (profiling data is written at aclFinalize; did the application call aclInit and aclFinalize?)\n";
    return code != 0 ? code : kExitError;
  }
  bool ok = true;
  for (const std::string& dir : fresh) {
    out << "[INFO] Profiling data: " << dir << "\n";
    ok = Process(o, dir, /*write=*/true, out, err) && ok;
  }
  if (code != 0) return code;
  return ok ? 0 : kExitError;
}

}  // namespace

std::vector<std::string> SplitCommand(const std::string& command) {
  std::vector<std::string> out;
  std::string cur;
  bool any = false;
  char quote = 0;
  for (char c : command) {
    if (quote != 0) {
      if (c == quote) {
        quote = 0;
      } else {
        cur += c;
      }
    } else if (c == '"' || c == '\'') {
      quote = c;
      any = true;
    } else if (c == ' ' || c == '\t' || c == '\n') {
      if (any || !cur.empty()) out.push_back(cur);
      cur.clear();
      any = false;
    } else {
      cur += c;
    }
  }
  if (any || !cur.empty()) out.push_back(cur);
  return out;
}

int RunMsprof(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  CLI::App app{
      "msprof (ascend-sim): profile an AscendCL application on the simulated device, or export and "
      "analyse a PROF_* directory"};
  Options o;
  const auto on_off = CLI::IsMember({"on", "off"});
  app.add_option("--application", o.application, "the application and its arguments, as one string");
  app.add_option("--output", o.output, "collection: where PROF_* directories go; export: the PROF_* directory");
  app.add_option("--export", o.export_on, "on: rebuild mindstudio_profiler_output from the raw data")->check(on_off);
  app.add_option("--analyze", o.analyze_on, "on: print the analysis of --output")->check(on_off);
  app.add_option("--baseline", o.baseline, "a PROF_* directory to compare against (per-op deltas)");
  bool summary = false;
  app.add_flag("--summary", summary, "print the analysis of --output (as --analyze=on)");
  app.add_option("--type", o.type, "export type (text only)")->check(CLI::IsMember({"text", "db"}));
  app.add_option("--summary-format", o.summary_format, "summary format (csv only)")
      ->check(CLI::IsMember({"csv", "json"}));
  app.add_option("--model-id", o.model_id, "export: only this model's tasks");
  app.add_option("--iteration-id", o.iteration_id, "export: only this execution (from 1)");
  app.add_option("--top", o.top, "ops listed in the analysis (default 10)");
  // Collection switches -> acl.json keys.
  const std::pair<const char*, const char*> kSwitches[] = {{"--ascendcl", "ascendcl"},
                                                           {"--runtime-api", "runtime_api"},
                                                           {"--aicpu", "aicpu"},
                                                           {"--l2", "l2"},
                                                           {"--hccl", "hccl"},
                                                           {"--msproftx", "msproftx"},
                                                           {"--training-trace", "training_trace"}};
  for (const auto& [flag, key] : kSwitches) {
    app.add_option_function<std::string>(
           flag, [&o, k = std::string(key)](const std::string& v) { o.switches[k] = v; },
           std::string("on|off (acl.json \"") + key + "\")")
        ->check(on_off);
  }
  app.add_option_function<std::string>(
         "--task-time", [&o](const std::string& v) { o.switches["task_time"] = v; }, "on|off|l0|l1|l2")
      ->check(CLI::IsMember({"on", "off", "l0", "l1", "l2"}));
  app.add_option("--ai-core", o.ai_core, "on|off: AI Core metrics")->check(on_off);
  app.add_option("--aic-metrics", o.aic_metrics, "AI Core metric group (default PipeUtilization)")
      ->check([](const std::string& v) {
        return profdata::MetricGroupFromName(v) ? std::string()
                                                : "unknown AI Core metric group '" + v +
                                                      "' (PipeUtilization, ArithmeticUtilization, Memory, MemoryL0, "
                                                      "ResourceConflictRatio, MemoryUB, L2Cache, "
                                                      "PipelineExecuteUtilization, MemoryAccess)";
      });
  app.add_option("--aic-mode", o.aic_mode, "task-based (sample-based is not simulated)")
      ->check(CLI::IsMember({"task-based", "sample-based"}));
  std::string ignored;
  app.add_option("--aic-freq", ignored, "sampling frequency of sample-based mode (ignored)");
  app.add_option("--storage-limit", o.storage_limit, "e.g. 200MB");
  app.add_option("--sys-hardware-mem-freq", o.sys_hardware_mem_freq, "Hz (accepted, nothing to sample)");
  for (const char* flag : {"--sys-hardware-mem", "--sys-cpu-profiling", "--sys-profiling", "--sys-pid-profiling",
                           "--dvpp-profiling", "--model-execution", "--llc-profiling", "--hccs", "--pcie",
                           "--sys-io-profiling", "--sys-interconnection-profiling", "--host-sys"}) {
    app.add_option(flag, ignored, "accepted for compatibility; the simulator has nothing to sample");
  }
  app.prefix_command();
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    out << app.help();
    return 0;
  } catch (const CLI::ParseError& e) {
    err << "[ERROR] " << e.what() << "\n";
    return kExitError;
  }
  for (const std::string& extra : app.remaining()) o.command.push_back(extra);
  if (o.type == "db" || o.summary_format == "json") {
    err << "[ERROR] --type=db and --summary-format=json are not supported: the deliverables are CSV and the JSON "
           "timeline (--type=text)\n";
    return kExitError;
  }
  if (o.aic_mode == "sample-based") {
    err << "[ERROR] --aic-mode=sample-based is not simulated: the cost model gives per-task (task-based) metrics\n";
    return kExitError;
  }
  if (summary && o.analyze_on.empty()) o.analyze_on = "on";
  if (o.export_on == "on" || o.analyze_on == "on") {
    if (o.output.empty()) {
      err << "[ERROR] --export/--analyze need --output=<PROF_* directory>\n";
      return kExitError;
    }
    const std::vector<std::string> dirs = ProfDirsOf(o.output);
    if (dirs.empty()) {
      err << "[ERROR] '" << o.output << "' is not a PROF_* directory and holds none\n";
      return kExitError;
    }
    bool ok = true;
    for (const std::string& dir : dirs) ok = Process(o, dir, o.export_on == "on", out, err) && ok;
    return ok ? 0 : kExitError;
  }
  return Collect(o, out, err);
}

}  // namespace asim::msprof
