// msame.cpp: see msame.h.
#include "tools/msame/msame.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "tools/msame/log.h"
#include "tools/msame/model_runner.h"
#include "tools/msame/options.h"
#include "tools/msame/tensor_io.h"

namespace asim::msame {
namespace {

namespace fs = std::filesystem;

// One run's input files, one per data input, and the stem its outputs are named after.
struct FileSet {
  std::string stem;
  std::vector<std::string> files;
};

// "dir/name.ext" -> "name" (the real msame cuts at the last '.').
std::string Stem(const std::string& path) {
  std::string name = fs::path(path).filename().string();
  const size_t dot = name.find_last_of('.');
  return dot == std::string::npos || dot == 0 ? name : name.substr(0, dot);
}

std::string Lower(std::string text) {
  for (char& c : text) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return text;
}

bool IsInputFileName(const std::string& name) {
  const std::string ext = Lower(fs::path(name).extension().string());
  return ext == ".bin" || ext == ".npy";
}

// The .bin / .npy files of `dir`, sorted by name (hidden files skipped, others warned about).
bool ListDirectory(const std::string& dir, std::vector<std::string>* names) {
  std::error_code ec;
  size_t skipped = 0;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.empty() || name[0] == '.') continue;
    std::error_code type_ec;
    if (!it->is_regular_file(type_ec) || !IsInputFileName(name)) {
      ++skipped;
      continue;
    }
    names->push_back(name);
  }
  if (ec) {
    Error("cannot read the input directory %s: %s", dir.c_str(), ec.message().c_str());
    return false;
  }
  if (skipped > 0) Warn("%zu entries of %s are not .bin or .npy files and are skipped", skipped, dir.c_str());
  if (names->empty()) {
    Error("No .bin or .npy file in the directory [%s]", dir.c_str());
    return false;
  }
  std::sort(names->begin(), names->end());
  return true;
}

// --input -> the file sets to run. Every entry must exist; all files (one set) or all
// directories (one set per file of the first directory, matched by name in the others, or by
// sorted position when the names differ but the counts agree).
bool ResolveInputs(const std::vector<std::string>& inputs, const std::string& model_stem, bool* directories,
                   std::vector<FileSet>* sets) {
  size_t dirs = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    std::error_code ec;
    const fs::file_status st = fs::status(inputs[i], ec);
    if (ec || !fs::exists(st)) {
      Error("input %zu: %s doesn't exist", i, inputs[i].c_str());
      return false;
    }
    if (fs::is_directory(st)) {
      ++dirs;
    } else if (!fs::is_regular_file(st) || !IsInputFileName(inputs[i])) {
      Error("input %zu: %s: input parameter must be folder or file ending in '.bin' or '.npy'", i, inputs[i].c_str());
      return false;
    }
  }
  if (dirs != 0 && dirs != inputs.size()) {
    Error("--input mixes files and directories: give one file per input, or one directory per input");
    return false;
  }
  *directories = dirs != 0;
  if (!*directories) {
    sets->push_back(FileSet{model_stem, inputs});
    return true;
  }
  std::vector<std::vector<std::string>> listed(inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!ListDirectory(inputs[i], &listed[i])) return false;
  }
  bool same_names = true;
  for (size_t i = 1; i < inputs.size(); ++i) same_names &= listed[i] == listed[0];
  if (!same_names) {
    for (size_t i = 1; i < inputs.size(); ++i) {
      if (listed[i].size() != listed[0].size()) {
        Error(
            "the input directories hold different file sets: %s has %zu .bin/.npy files, %s has %zu (the files "
            "are matched by name, or by sorted position when the names differ)",
            inputs[0].c_str(), listed[0].size(), inputs[i].c_str(), listed[i].size());
        return false;
      }
    }
    Info("the file names differ between the input directories: matching the files by their sorted position");
  }
  for (size_t f = 0; f < listed[0].size(); ++f) {
    FileSet set{Stem(listed[0][f]), {}};
    for (size_t i = 0; i < inputs.size(); ++i) set.files.push_back((fs::path(inputs[i]) / listed[i][f]).string());
    sets->push_back(std::move(set));
  }
  return true;
}

// <root>/<YYYYMMDD_HHMMSS>[_N], created (the root too).
bool MakeRunDirectory(const std::string& root, std::string* dir) {
  std::error_code ec;
  fs::create_directories(root, ec);
  if (ec || !fs::is_directory(root)) {
    Error("cannot create the output directory %s: %s", root.c_str(), ec ? ec.message().c_str() : "not a directory");
    return false;
  }
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char stamp[32];
  std::strftime(stamp, sizeof(stamp), "%Y%m%d_%H%M%S", &local);
  for (int n = 0; n < 1000; ++n) {
    const fs::path candidate =
        fs::path(root) / (n == 0 ? std::string(stamp) : std::string(stamp) + "_" + std::to_string(n));
    if (fs::create_directory(candidate, ec)) {
      *dir = candidate.string();
      return true;
    }
    if (ec) {
      Error("current user does not have permission to create %s: %s", candidate.string().c_str(), ec.message().c_str());
      return false;
    }
  }
  Error("cannot create a new run directory under %s (1000 runs in one second?)", root.c_str());
  return false;
}

// Reads the set's files, checks their sizes against the model's inputs and copies them in.
bool LoadFileSet(ModelRunner& model, const FileSet& set, bool directories) {
  const auto& inputs = model.data_inputs();
  for (size_t k = 0; k < inputs.size(); ++k) {
    Info("start to process file:%s", set.files[k].c_str());
    std::vector<uint8_t> bytes;
    std::string error;
    if (!ReadInputFile(set.files[k], inputs[k].dtype, &bytes, &error)) {
      Error("input %zu ('%s'): %s", k, inputs[k].name.c_str(), error.c_str());
      return false;
    }
    const size_t want = model.expected_input_size(k);
    if (bytes.size() != want) {
      Error("input %zu ('%s', %s %s): %s holds %zu bytes of data, the model input needs %zu%s", k,
            inputs[k].name.c_str(), DataTypeName(inputs[k].dtype), DimsText(inputs[k].dims).c_str(),
            set.files[k].c_str(), bytes.size(), want,
            directories ? " (every file set of the input directories must fit the model)" : "");
      return false;
    }
    if (!model.CopyInput(k, bytes)) return false;
  }
  return true;
}

bool WriteOutputs(ModelRunner& model, const std::string& dir, const std::string& stem, OutFormat format) {
  for (size_t i = 0; i < model.output_count(); ++i) {
    OutputTensor tensor;
    if (!model.ReadOutput(i, &tensor)) return false;
    const std::string path =
        (fs::path(dir) / (stem + "_output_" + std::to_string(i) + "." + OutFormatExtension(format))).string();
    std::string error;
    if (!WriteOutputFile(path, format, tensor, &error)) {
      Error("output %zu: %s", i, error.c_str());
      return false;
    }
  }
  Info("output data success");
  return true;
}

struct Timings {
  std::vector<double> host_ms;
  std::vector<double> device_ms;
};

bool RunOnce(ModelRunner& model, AclSession& session, Timings* timings) {
  double host_ms = 0;
  float device_ms = 0;
  if (!model.Execute(session.stream(), &host_ms, &device_ms)) return false;
  std::printf("Inference time: %gms (simulated device: %g ms)\n", host_ms, static_cast<double>(device_ms));
  std::fflush(stdout);
  timings->host_ms.push_back(host_ms);
  timings->device_ms.push_back(device_ms);
  return true;
}

// The averages, in the real msame's two formats: "%f" after --loop runs, " : %.2f" after a
// directory run.
void PrintAverages(const Timings& t, bool directories) {
  const size_t n = t.host_ms.size();
  if (n == 0) return;
  auto average = [](const std::vector<double>& v, size_t from) {
    double sum = 0;
    for (size_t i = from; i < v.size(); ++i) sum += v[i];
    return sum / static_cast<double>(v.size() - from);
  };
  if (directories) {
    std::printf("Inference average time : %.2f ms\n", average(t.host_ms, 0));
    if (n > 1) std::printf("Inference average time without first time: %.2f ms\n", average(t.host_ms, 1));
  } else {
    std::printf("Inference average time: %f ms\n", average(t.host_ms, 0));
    if (n > 1) std::printf("Inference average time without first time: %f ms\n", average(t.host_ms, 1));
  }
  std::printf("Simulated device average time: %f ms\n", average(t.device_ms, 0));
  if (n > 1) std::printf("Simulated device average time without first time: %f ms\n", average(t.device_ms, 1));
  std::fflush(stdout);
}

bool RunModel(const Options& opt, AclSession& session, const std::vector<FileSet>& sets, bool directories,
              const std::string& model_stem) {
  ModelRunner model;
  if (!model.Load(opt.model) || !model.Configure(opt)) return false;
  if (opt.debug) model.PrintDesc();
  const auto& inputs = model.data_inputs();
  if (!sets.empty() && sets[0].files.size() != inputs.size()) {
    std::string names;
    for (const IoInfo& in : inputs) names += (names.empty() ? "" : ", ") + in.name;
    Error("--input gives %zu input%s but %s has %zu (%s)", sets[0].files.size(), sets[0].files.size() == 1 ? "" : "s",
          opt.model.c_str(), inputs.size(), names.c_str());
    return false;
  }
  if (!model.Prepare()) return false;
  std::string dir;
  if (!opt.output.empty()) {
    if (!MakeRunDirectory(opt.output, &dir)) return false;
    std::printf("%s\n", dir.c_str());
    std::fflush(stdout);
  } else {
    Info("no --output: the outputs are not written");
  }
  Timings timings;
  if (directories) {
    for (const FileSet& set : sets) {
      if (!LoadFileSet(model, set, true) || !RunOnce(model, session, &timings)) return false;
      if (!dir.empty() && !WriteOutputs(model, dir, set.stem, opt.outfmt)) return false;
    }
  } else {
    if (sets.empty()) {
      if (!model.ZeroInputs()) return false;
    } else if (!LoadFileSet(model, sets[0], false)) {
      return false;
    }
    for (int t = 0; t < opt.loop; ++t) {
      if (!RunOnce(model, session, &timings)) return false;
    }
    if (!dir.empty() && !WriteOutputs(model, dir, model_stem, opt.outfmt)) return false;
  }
  PrintAverages(timings, directories);
  return true;
}

bool RunInSession(const Options& opt, AclSession& session, const std::vector<FileSet>& sets, bool directories,
                  const std::string& model_stem) {
  ProfilingSession profiling;
  DumpSession dump;
  std::error_code ec;
  if (opt.profiler) {
    const std::string dir = (fs::path(opt.output) / "profiler").string();
    fs::create_directories(dir, ec);
    if (ec) {
      Error("cannot create the profiling directory %s: %s", dir.c_str(), ec.message().c_str());
      return false;
    }
    if (!profiling.Start(dir, static_cast<uint32_t>(opt.device))) return false;
  }
  if (opt.dump) {
    const fs::path dir = fs::path(opt.output) / "dump";
    fs::create_directories(dir, ec);
    if (ec) {
      Error("cannot create the dump directory %s: %s", dir.string().c_str(), ec.message().c_str());
      return false;
    }
    if (!dump.Start(dir.string(), (dir / "acl.json").string())) return false;
  }
  bool ok = RunModel(opt, session, sets, directories, model_stem);  // the model is unloaded on return
  ok = profiling.Stop() && ok;
  ok = dump.Stop() && ok;
  return ok;
}

}  // namespace

int RunMsame(int argc, const char* const* argv) {
  Options opt;
  switch (ParseOptions(argc, argv, &opt)) {
    case ParseResult::kHelp: return 0;
    case ParseResult::kError: return 1;
    case ParseResult::kRun: break;
  }
  if (Lower(fs::path(opt.model).extension().string()) != ".om") {
    Error("input model file type is not .om, please check your model type: %s", opt.model.c_str());
    return 1;
  }
  std::error_code ec;
  if (!fs::is_regular_file(opt.model, ec)) {
    Error("model file %s does not exist or is not a file", opt.model.c_str());
    return 1;
  }
  const std::string model_stem = Stem(opt.model);
  std::vector<FileSet> sets;
  bool directories = false;
  if (!opt.inputs.empty() && !ResolveInputs(opt.inputs, model_stem, &directories, &sets)) return 1;
  if (directories && opt.loop > 1) {
    Warn("--loop %d is ignored with directory inputs: the model runs once per file set", opt.loop);
  }
  bool ok = false;
  {
    AclSession session;
    ok = session.Init(opt.device) && RunInSession(opt, session, sets, directories, model_stem);
    if (ok) {
      Info("Execute sample success");
    } else {
      Error("Sample process failed");
    }
  }  // stream, context, device, aclFinalize
  return ok ? 0 : 1;
}

}  // namespace asim::msame
