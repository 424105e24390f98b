// onnx_conformance_runner: ONNX's backend test cases (gen_node_tests.py, or Debian's
// libonnx-testdata) through the converter and the kernels, in two modes (--mode):
//
// - acl (what CI runs and docs/onnx_conformance.md reports): as a user does. Each case's
//   model.onnx is converted by the real atc binary (--atc; atc_command.h) with
//   --input_shape built from the test's input tensors (nothing frozen), then the .om runs
//   through libascendcl's public API (acl_executor.h) with ASCEND_SIM_SOC_VERSION=--soc. A
//   case passes, fails, or is refused at conversion (with atc's message).
// - interpreter (the older mode, and --mode=both's second column): model.onnx is converted
//   with the atc library (ConvertModel), shape inputs the converter needs frozen to the
//   test's values, and the om graph runs on the host (om_interpreter.h).
// Both: --soc (default Ascend910B2, whose cube computes fp32), --precision (default
// must_keep_origin_dtype, so results compare with ONNX's); test_data_set_0's outputs are
// compared at the case's tolerances (|actual - expected| <= atol + rtol * |expected|; NaN
// matches NaN; integers, bools and strings exactly). A case passes, fails (with the first
// mismatch or the execution error) or is unsupported / refused (with the converter's reason).
// Each case runs in a child process (a crash or a hang, 60 s in the interpreter mode, 120 s
// in the acl mode, is reported as a failure of the case, and the runner carries on); the
// parent never runs kernels nor initialises AscendCL (no TBB before fork). --jobs=N runs N
// case children at a time.
// Prints a per-op summary and totals; --report writes them, with every case, as Markdown;
// --min-pass N makes the exit status 1 when fewer than N cases pass.
// Thread safety: a single-threaded driver of child processes. Failure: exit 2 for bad
// arguments or an unreadable manifest.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "kernels/common/values/cast_util.h"
#include "kernels/common/values/string_tensor.h"
#include "om/model.h"
#include "tests/onnx_conformance/acl_executor.h"
#include "tests/onnx_conformance/acl_report.h"
#include "tests/onnx_conformance/atc_command.h"
#include "tests/onnx_conformance/case_result.h"
#include "tests/onnx_conformance/om_interpreter.h"
#include "tools/atc/driver/convert.h"
#include "tools/atc/onnx/onnx_proto.h"
#include "tools/atc/onnx/onnx_tensor.h"

namespace {

using asim::DataType;
using asim::Status;

struct Args {
  std::string cases;  // gen_node_tests.py's output (manifest.json)
  std::string data;   // ONNX's backend test data (libonnx-testdata: node/, simple/, pytorch-*/)
  std::string soc = "Ascend910B2";
  std::string precision = "must_keep_origin_dtype";
  std::string filter;
  std::string report;
  std::string mode = "interpreter";  // interpreter, acl, both
  std::string atc;                   // the atc binary (acl mode)
  std::string work;                  // the acl mode's scratch directory (made and removed by main)
  int jobs = 1;
  long min_pass = -1;
  bool verbose = false;
  bool RunsAcl() const { return mode == "acl" || mode == "both"; }
  bool RunsInterpreter() const { return mode == "interpreter" || mode == "both"; }
};

using asim::onnx_conformance::Case;
using asim::onnx_conformance::Outcome;
using asim::onnx_conformance::Result;

Status ReadPb(const std::string& path, asim::atc::onnx_import::TensorData* out) {
  std::ifstream f(path, std::ios::binary);
  onnx::TensorProto t;
  if (!f || !t.ParseFromIstream(&f)) return Status(asim::err::kInvalidFile, "cannot read " + path);
  return asim::atc::onnx_import::ReadTensor(t, "", path, out, /*allow_string=*/true);
}

bool IsFloat(DataType t) {
  return t == DataType::kFloat || t == DataType::kFloat16 || t == DataType::kDouble || t == DataType::kBf16;
}

std::string Dims(const std::vector<int64_t>& dims) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i) s += (i ? "," : "") + std::to_string(dims[i]);
  return s + "]";
}

// "" when equal, else the first mismatch.
std::string Compare(const Case& c, size_t k, asim::atc::onnx_import::TensorData expected, asim::om::IoDesc desc,
                    const std::vector<int64_t>& dims, const std::vector<uint8_t>& actual) {
  const std::string where = "output " + std::to_string(k) + " '" + desc.name + "'";
  // ONNX 1.12's test data stores bfloat16 results as their uint16 bits.
  if (desc.dtype == DataType::kBf16 && expected.dtype == DataType::kUint16) expected.dtype = DataType::kBf16;
  if (desc.dtype != expected.dtype) {
    return where + ": dtype " + asim::DataTypeName(desc.dtype) + ", expected " + asim::DataTypeName(expected.dtype);
  }
  desc.dims = dims;
  if (desc.dims != expected.dims) return where + ": dims " + Dims(desc.dims) + ", expected " + Dims(expected.dims);
  int64_t n = 1;
  for (int64_t d : expected.dims) n *= d;
  if (desc.dtype == DataType::kString) {
    std::vector<std::string> a, e;
    Status st = asim::kernels::ReadStrings(actual.data(), actual.size(), n, &a);
    if (!st.ok()) return where + ": " + st.message();
    st = asim::kernels::ReadStrings(expected.bytes->data(), expected.bytes->size(), n, &e);
    if (!st.ok()) return where + ": expected: " + st.message();
    for (size_t i = 0; i < a.size(); ++i) {
      if (a[i] != e[i])
        return where + " element " + std::to_string(i) + ": \"" + a[i] + "\", expected \"" + e[i] + "\"";
    }
    return "";
  }
  if (actual.size() < static_cast<size_t>(n) * asim::DataTypeSize(desc.dtype)) return where + ": output too small";
  if (n == 0) return "";
  std::vector<double> a(static_cast<size_t>(n)), e(static_cast<size_t>(n));
  if (desc.dtype == DataType::kInt64 || desc.dtype == DataType::kUint64) {
    if (std::memcmp(actual.data(), expected.bytes->data(), static_cast<size_t>(n) * 8) == 0) return "";
  }
  if (!asim::kernels::ConvertElements(actual.data(), desc.dtype, a.data(), DataType::kDouble, n).ok() ||
      !asim::kernels::ConvertElements(expected.bytes->data(), desc.dtype, e.data(), DataType::kDouble, n).ok()) {
    return std::memcmp(actual.data(), expected.bytes->data(), static_cast<size_t>(n) * asim::DataTypeSize(desc.dtype))
               ? where + ": bytes differ"
               : "";
  }
  const bool fl = IsFloat(desc.dtype);
  for (int64_t i = 0; i < n; ++i) {
    const double x = a[static_cast<size_t>(i)], y = e[static_cast<size_t>(i)];
    bool ok = x == y || (std::isnan(x) && std::isnan(y));
    if (!ok && fl && std::isfinite(y)) ok = std::fabs(x - y) <= c.atol + c.rtol * std::fabs(y);
    if (!ok) {
      std::ostringstream ss;
      ss.precision(9);
      ss << where << " element " << i << ": " << x << ", expected " << y << " (rtol " << c.rtol << ", atol " << c.atol
         << ")";
      return ss.str();
    }
  }
  return "";
}

std::string OneLine(std::string s) {
  for (char& ch : s) {
    if (ch == '\n' || ch == '\t' || ch == '|') ch = ' ';
  }
  return s.size() > 400 ? s.substr(0, 400) + " ..." : s;
}

std::string RunConverted(const Args& args, const Case& c, const std::vector<std::string>& names,
                         const std::vector<asim::atc::onnx_import::TensorData>& data,
                         const std::map<std::string, asim::atc::onnx_import::TensorData>& frozen,
                         const asim::atc::NamedDims& input_shapes, const std::string& data_error);

// The model refused conversion only because an input's dims are symbolic or unknown (a
// user of atc then gives --input_shape).
bool NeedsInputShape(const std::string& result) {
  return result.rfind("unsupported\tE10001", 0) == 0 && result.find("set input_shape") != std::string::npos;
}

// Names in `message` of the form 'name' that are graph inputs of the test.
std::vector<std::string> NamedInputs(const std::string& message, const std::vector<std::string>& inputs) {
  std::vector<std::string> named;
  for (const auto& in : inputs) {
    if (message.find("'" + in + "'") != std::string::npos) named.push_back(in);
  }
  return named;
}

// Runs in the child: "pass", "fail\t...", "unsupported\t...". Tests whose shape inputs are
// graph inputs (Reshape's shape, Expand's shape ...) are converted again with those inputs
// fixed to the test's values ("pass\tfrozen ..."): the converter needs them at conversion.
// The case's graph inputs (initializers excepted) and test_data_set_0's input tensors;
// *data_error names the first input that is not a readable tensor (a sequence ...). False
// when model.onnx cannot be read.
bool LoadInputs(const Case& c, std::vector<std::string>* names, std::vector<asim::atc::onnx_import::TensorData>* data,
                std::string* data_error) {
  {
    std::ifstream f(c.dir + "/model.onnx", std::ios::binary);
    onnx::ModelProto m;
    if (!f || !m.ParseFromIstream(&f)) return false;
    std::set<std::string> inits;
    for (const auto& t : m.graph().initializer()) inits.insert(t.name());
    for (const auto& in : m.graph().input()) {
      if (inits.count(in.name()) == 0) names->push_back(in.name());
    }
  }
  for (int j = 0; j < c.inputs; ++j) {
    asim::atc::onnx_import::TensorData t;
    Status st = ReadPb(c.dir + "/test_data_set_0/input_" + std::to_string(j) + ".pb", &t);
    if (!st.ok() && data_error->empty()) *data_error = "input " + std::to_string(j) + ": " + OneLine(st.message());
    data->push_back(std::move(t));
  }
  return true;
}

std::string RunCase(const Args& args, const Case& c) {
  std::vector<std::string> names;
  std::vector<asim::atc::onnx_import::TensorData> data;
  std::string data_error;  // reported only if the conversion succeeds (sequence or string inputs)
  if (!LoadInputs(c, &names, &data, &data_error)) return "fail\tcannot read model.onnx";
  std::map<std::string, asim::atc::onnx_import::TensorData> frozen;
  std::string frozen_names;
  asim::atc::NamedDims input_shapes;  // --input_shape from the test's inputs, when needed
  std::string shape_text;
  for (int attempt = 0; attempt < 5; ++attempt) {
    std::string result = RunConverted(args, c, names, data, frozen, input_shapes, data_error);
    if (NeedsInputShape(result) && input_shapes.empty()) {
      for (size_t j = 0; j < names.size() && j < data.size(); ++j) {
        if (!data[j].bytes) continue;
        input_shapes.emplace_back(names[j], data[j].dims);
      }
      if (!input_shapes.empty()) continue;
    }
    if (result.rfind("unsupported\t", 0) != 0 || result.find("known only at execution") == std::string::npos) {
      if (result != "pass") return result;
      std::string notes;
      if (!frozen.empty()) notes = "frozen inputs:" + frozen_names;
      for (const auto& [name, dims] : input_shapes) {
        if (frozen.count(name) != 0) continue;
        shape_text += (shape_text.empty() ? "" : ";") + name + ":" + Dims(dims).substr(1);
        shape_text.pop_back();  // "]"
      }
      if (!shape_text.empty()) notes += (notes.empty() ? "" : "; ") + std::string("input_shape given: ") + shape_text;
      return notes.empty() ? result : "pass\t" + notes;
    }
    size_t before = frozen.size();
    std::vector<std::string> named = NamedInputs(result, names);
    if (named.empty()) {
      // The value is computed from graph inputs: freeze the integer ones (sizes, shapes) and
      // the scalars (Range's start / limit / delta, from which a Loop's trip count comes).
      for (size_t j = 0; j < names.size() && j < data.size(); ++j) {
        const DataType t = data[j].dtype;
        int64_t elements = 1;
        for (int64_t d : data[j].dims) elements *= d;
        if (t == DataType::kInt64 || t == DataType::kInt32 || elements == 1) named.push_back(names[j]);
      }
    }
    for (const auto& n : named) {
      for (size_t j = 0; j < names.size() && j < data.size(); ++j) {
        if (names[j] == n && frozen.count(n) == 0 && data[j].bytes) {
          frozen[n] = data[j];
          frozen_names += " " + n;
        }
      }
    }
    if (frozen.size() == before) return result;
  }
  return "unsupported\tshape inputs still unknown after freezing" + frozen_names;
}

std::string RunConverted(const Args& args, const Case& c, const std::vector<std::string>& names,
                         const std::vector<asim::atc::onnx_import::TensorData>& data,
                         const std::map<std::string, asim::atc::onnx_import::TensorData>& frozen,
                         const asim::atc::NamedDims& input_shapes, const std::string& data_error) {
  const std::string& dir = c.dir;
  asim::atc::ConvertOptions o;
  o.constant_inputs = frozen;
  for (const auto& [name, dims] : input_shapes) {
    if (frozen.count(name) == 0) o.input_shapes.emplace_back(name, dims);
  }
  o.model_path = dir + "/model.onnx";
  o.soc_version = args.soc;
  o.model_name = c.name.substr(c.name.rfind('/') + 1);
  asim::atc::ir::PrecisionMode mode;
  asim::atc::ir::ParsePrecisionMode(args.precision, &mode);
  o.precision_mode = mode;
  asim::om::Model model;
  asim::atc::ConvertResult result;
  Status st = asim::atc::ConvertModel(o, &model, &result);
  if (!st.ok()) return "unsupported\t" + OneLine(st.message());
  if (!data_error.empty()) return "fail\t" + data_error;
  std::vector<std::vector<uint8_t>> inputs;
  for (size_t j = 0; j < data.size(); ++j) {
    if (j < names.size() && frozen.count(names[j]) != 0) continue;
    inputs.emplace_back(data[j].bytes->begin(), data[j].bytes->end());
  }
  if (inputs.size() != model.inputs.size()) {
    return "fail\tthe model has " + std::to_string(model.inputs.size()) + " inputs, the test gives " +
           std::to_string(inputs.size());
  }
  for (size_t j = 0; j < inputs.size(); ++j) inputs[j].resize(std::max<size_t>(inputs[j].size(), model.inputs[j].size));
  std::vector<std::vector<uint8_t>> outputs;
  std::vector<std::vector<int64_t>> dims;
  st = asim::atc::testing::RunModelOnHost(model, inputs, &outputs, &dims);
  if (!st.ok()) return "fail\texecution: " + OneLine(st.message());
  if (static_cast<int>(model.outputs.size()) != c.outputs) {
    return "fail\tthe model has " + std::to_string(model.outputs.size()) + " outputs, the test expects " +
           std::to_string(c.outputs);
  }
  for (int k = 0; k < c.outputs; ++k) {
    asim::atc::onnx_import::TensorData e;
    st = ReadPb(dir + "/test_data_set_0/output_" + std::to_string(k) + ".pb", &e);
    if (!st.ok()) return "fail\texpected output " + std::to_string(k) + ": " + OneLine(st.message());
    const size_t kk = static_cast<size_t>(k);
    const std::string diff = Compare(c, kk, e, model.outputs[kk], dims[kk], outputs[kk]);
    if (!diff.empty()) return "fail\t" + OneLine(diff);
  }
  return "pass";
}

// The acl mode, in the child: "pass", "fail\t...", "unsupported\t<atc's message>". The
// model is converted by the atc binary with --input_shape from every input tensor of the
// test (nothing frozen) and run through libascendcl (acl_executor.h) on --soc.
std::string RunCaseAcl(const Args& args, const Case& c, size_t index) {
  std::vector<std::string> names;
  std::vector<asim::atc::onnx_import::TensorData> data;
  std::string data_error;
  if (!LoadInputs(c, &names, &data, &data_error)) return "fail\tcannot read model.onnx";
  asim::onnx_conformance::AtcRequest req;
  req.atc = args.atc;
  req.model = c.dir + "/model.onnx";
  req.output = args.work + "/case" + std::to_string(index) + "/model";
  req.soc = args.soc;
  req.precision = args.precision;
  for (size_t j = 0; j < names.size() && j < data.size(); ++j) {
    if (data[j].bytes) req.input_shapes.emplace_back(names[j], data[j].dims);
  }
  std::error_code ec;
  std::filesystem::create_directories(args.work + "/case" + std::to_string(index), ec);
  std::string message;
  const auto outcome = asim::onnx_conformance::RunAtc(req, &message);
  if (outcome == asim::onnx_conformance::AtcOutcome::kRefused) return "unsupported\t" + OneLine(message);
  if (outcome == asim::onnx_conformance::AtcOutcome::kCrashed) return "fail\t" + OneLine(message);
  if (!data_error.empty()) return "fail\t" + data_error;
  std::vector<std::vector<uint8_t>> inputs;
  for (const auto& d : data) inputs.emplace_back(d.bytes->begin(), d.bytes->end());
  setenv("ASCEND_SIM_SOC_VERSION", args.soc.c_str(), 1);
  std::vector<asim::onnx_conformance::AclOutput> outputs;
  const std::string error = asim::onnx_conformance::RunOmThroughAcl(req.output + ".om", inputs, &outputs);
  std::filesystem::remove_all(args.work + "/case" + std::to_string(index), ec);
  if (!error.empty()) return "fail\texecution: " + OneLine(error);
  if (static_cast<int>(outputs.size()) != c.outputs) {
    return "fail\tthe model has " + std::to_string(outputs.size()) + " outputs, the test expects " +
           std::to_string(c.outputs);
  }
  for (int k = 0; k < c.outputs; ++k) {
    asim::atc::onnx_import::TensorData e;
    Status st = ReadPb(c.dir + "/test_data_set_0/output_" + std::to_string(k) + ".pb", &e);
    if (!st.ok()) return "fail\texpected output " + std::to_string(k) + ": " + OneLine(st.message());
    const auto& out = outputs[static_cast<size_t>(k)];
    asim::om::IoDesc desc;
    desc.name = out.name;
    desc.dtype = static_cast<DataType>(out.dtype);  // aclDataType and asim::DataType share their values
    const std::string diff = Compare(c, static_cast<size_t>(k), e, desc, out.dims, out.bytes);
    if (!diff.empty()) return "fail\t" + OneLine(diff);
  }
  return "pass";
}

// A case child: its pid and the read end of the pipe its one result line comes through.
struct Child {
  pid_t pid = -1;
  int fd = -1;
  size_t index = 0;
  bool acl = false;
};

// Forks the child of case `index` (acl or interpreter mode).
Child StartChild(const Args& args, const Case& c, size_t index, bool acl) {
  Child ch;
  ch.index = index;
  ch.acl = acl;
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return ch;  // atc, spawned by the child, does not inherit it
  const pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    alarm(acl ? 120 : 60);
    const std::string line = acl ? RunCaseAcl(args, c, index) : RunCase(args, c);
    ssize_t written = write(fds[1], line.data(), line.size());
    (void)written;
    close(fds[1]);
    _exit(0);
  }
  close(fds[1]);
  if (pid < 0) {
    close(fds[0]);
    return ch;
  }
  ch.pid = pid;
  ch.fd = fds[0];
  return ch;
}

// Reads the result of a child that has exited with `status`.
Outcome FinishChild(const Child& ch, int status) {
  Outcome r{"fail", ""};
  std::string line;
  char buf[4096];
  ssize_t n = 0;
  while ((n = read(ch.fd, buf, sizeof buf)) > 0) line.append(buf, static_cast<size_t>(n));
  close(ch.fd);
  if (WIFSIGNALED(status)) {
    r.detail = std::string("crashed: ") + (WTERMSIG(status) == SIGALRM
                                               ? std::string("timeout after ") + (ch.acl ? "120" : "60") + " s"
                                               : strsignal(WTERMSIG(status)));
    return r;
  }
  const size_t tab = line.find('\t');
  r.status = line.substr(0, tab);
  r.detail = tab == std::string::npos ? "" : line.substr(tab + 1);
  if (r.status.empty()) {
    r.status = "fail";
    r.detail = "no result (exit status " + std::to_string(WEXITSTATUS(status)) + ")";
  }
  return r;
}

// Runs every (case, mode) task, --jobs children at a time, into results[i].acl / .interp.
void RunAll(const Args& args, std::vector<Result>* results) {
  std::vector<std::pair<size_t, bool>> tasks;
  for (size_t i = 0; i < results->size(); ++i) {
    if (args.RunsAcl()) tasks.emplace_back(i, true);
    if (args.RunsInterpreter()) tasks.emplace_back(i, false);
  }
  std::vector<Child> running;
  size_t next = 0;
  while (next < tasks.size() || !running.empty()) {
    while (next < tasks.size() && static_cast<int>(running.size()) < std::max(1, args.jobs)) {
      const auto [i, acl] = tasks[next++];
      Child ch = StartChild(args, (*results)[i].c, i, acl);
      if (ch.pid < 0) {
        (acl ? (*results)[i].acl : (*results)[i].interp) = Outcome{"fail", "cannot start the case's child"};
        continue;
      }
      running.push_back(ch);
    }
    if (running.empty()) continue;
    int status = 0;
    const pid_t pid = waitpid(-1, &status, 0);
    if (pid < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (size_t k = 0; k < running.size(); ++k) {
      if (running[k].pid != pid) continue;
      const Child ch = running[k];
      running.erase(running.begin() + static_cast<std::ptrdiff_t>(k));
      Result& r = (*results)[ch.index];
      (ch.acl ? r.acl : r.interp) = FinishChild(ch, status);
      if (args.verbose) {
        const Outcome& o = ch.acl ? r.acl : r.interp;
        std::cout << (ch.acl ? "acl " : "interpreter ") << o.status << "  " << r.c.name
                  << (o.detail.empty() ? "" : "  " + o.detail) << "\n"
                  << std::flush;
      }
      break;
    }
  }
}

bool ParseArgs(int argc, char** argv, Args* a) {
  for (int i = 1; i < argc; ++i) {
    std::string s = argv[i];
    auto value = [&](const char* name, std::string* out) {
      const std::string prefix = std::string(name) + "=";
      if (s.rfind(prefix, 0) != 0) return false;
      *out = s.substr(prefix.size());
      return true;
    };
    std::string v;
    if (value("--cases", &a->cases) || value("--data", &a->data) || value("--soc", &a->soc) ||
        value("--precision", &a->precision) || value("--filter", &a->filter) || value("--report", &a->report) ||
        value("--mode", &a->mode) || value("--atc", &a->atc) || value("--work", &a->work)) {
      continue;
    }
    if (value("--min-pass", &v)) {
      a->min_pass = std::stol(v);
    } else if (value("--jobs", &v)) {
      a->jobs = std::stoi(v);
    } else if (s == "--verbose") {
      a->verbose = true;
    } else {
      return false;
    }
  }
  if (a->mode != "interpreter" && a->mode != "acl" && a->mode != "both") return false;
  if (a->RunsAcl() && a->atc.empty()) return false;
  return !a->cases.empty() || !a->data.empty();
}

// Cases of gen_node_tests.py's manifest.
bool ManifestCases(const std::string& root, std::vector<Case>* out) {
  std::ifstream mf(root + "/manifest.json");
  nlohmann::json manifest = nlohmann::json::parse(mf, nullptr, false);
  if (!mf || manifest.is_discarded() || !manifest.is_array()) return false;
  for (const auto& e : manifest) {
    Case c;
    c.name = e.value("name", "");
    c.dir = root + "/" + c.name;
    c.kind = e.value("kind", "node");
    c.op = e.value("op", "?");
    c.rtol = e.value("rtol", 1e-3);
    c.atol = e.value("atol", 1e-7);
    c.inputs = e.value("inputs", 0);
    c.outputs = e.value("outputs", 0);
    out->push_back(std::move(c));
  }
  return true;
}

// Cases of ONNX's backend test data: <root>/<kind>/<test>/model.onnx + test_data_set_0.
bool DataCases(const std::string& root, std::vector<Case>* out) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(root, ec)) return false;
  for (const char* kind : {"node", "simple", "pytorch-converted", "pytorch-operator"}) {
    const fs::path dir = fs::path(root) / kind;
    if (!fs::is_directory(dir, ec)) continue;
    std::vector<fs::path> tests;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      if (fs::exists(entry.path() / "model.onnx", ec)) tests.push_back(entry.path());
    }
    std::sort(tests.begin(), tests.end());
    for (const auto& t : tests) {
      Case c;
      c.kind = kind;
      c.name = std::string(kind) + "/" + t.filename().string();
      c.dir = t.string();
      onnx::ModelProto m;
      std::ifstream f(t / "model.onnx", std::ios::binary);
      if (f && m.ParseFromIstream(&f)) {
        c.op = m.graph().node_size() == 1 ? m.graph().node(0).op_type() : "(model)";
        for (const auto& v : m.graph().input()) c.tensor_only = c.tensor_only && v.type().has_tensor_type();
        for (const auto& v : m.graph().output()) c.tensor_only = c.tensor_only && v.type().has_tensor_type();
        std::string base = t.filename().string();
        if (base.size() > 9 && base.compare(base.size() - 9, 9, "_expanded") == 0) {
          c.op = "(expanded)";  // named after its test below
        }
      }
      while (fs::exists(t / "test_data_set_0" / ("input_" + std::to_string(c.inputs) + ".pb"), ec)) ++c.inputs;
      while (fs::exists(t / "test_data_set_0" / ("output_" + std::to_string(c.outputs) + ".pb"), ec)) ++c.outputs;
      out->push_back(std::move(c));
    }
  }
  // An expanded test counts for the op of its unexpanded twin.
  std::map<std::string, std::string> ops;
  for (const auto& c : *out) ops[c.name] = c.op;
  for (auto& c : *out) {
    if (c.op != "(expanded)") continue;
    auto it = ops.find(c.name.substr(0, c.name.size() - 9));
    c.op = it != ops.end() ? it->second : "(model)";
  }
  return !out->empty();
}

void WriteReport(const Args& args, const std::vector<Result>& results, const std::map<std::string, int[3]>& per_op,
                 const int totals[3], int frozen) {
  std::ofstream f(args.report);
  const int all = totals[0] + totals[1] + totals[2];
  f << "# ONNX conformance\n\n"
    << "Generated by `tests/onnx_conformance` (ctest label `conformance_onnx`); regenerate with\n"
    << "`build/tests/onnx_conformance/onnx_conformance_runner "
    << (args.data.empty() ? "--cases=build/tests/onnx_conformance/cases" : "--data=" + args.data)
    << " --report=docs/onnx_conformance.md`.\n"
    << (args.data.empty()
            ? "ONNX 1.12's backend node and simple model tests, generated by python3-onnx's own test case "
              "generators,"
            : "ONNX 1.12's backend test data (Debian's libonnx-testdata: node, simple, "
              "pytorch-converted, pytorch-operator),")
    << " are converted by the atc library for " << args.soc << " with `--precision_mode=" << args.precision
    << "`, run on the host with the kernels (tests/onnx_conformance/om_interpreter.h) and compared at ONNX's "
    << "tolerances (rtol 1e-3, atol 1e-7). A test fails with its first mismatch or execution error, or is "
    << "unsupported with the converter's reason.\n\n"
    << "**Totals: " << totals[0] << " passed, " << totals[1] << " failed, " << totals[2] << " unsupported of " << all
    << "** (" << (all ? 100 * totals[0] / all : 0) << "% pass). " << frozen << " of the passes had their shape "
    << "inputs (Reshape's shape, Expand's shape, Slice's starts ... given as graph inputs by the test) fixed to the "
    << "test's values at conversion, because the converter needs them then (marked \"frozen\" below). Tests whose "
    << "inputs have symbolic or unknown dims are converted again with `--input_shape` set from the test's inputs, as "
    << "a user of atc does (marked \"input_shape given\"). String tensors go in and out in CANN's DT_STRING layout "
    << "(docs/om_format.md).\n\n";
  std::map<std::string, int[4]> kinds;  // passed, failed, unsupported, frozen passes
  for (const auto& r : results) {
    auto& k = kinds[r.c.kind];
    ++k[r.primary().status == "pass" ? 0 : r.primary().status == "unsupported" ? 2 : 1];
    if (r.primary().status == "pass" && r.primary().detail.rfind("frozen", 0) == 0) ++k[3];
  }
  f << "| Kind | Tests | Passed | Failed | Unsupported | Passed without frozen inputs |\n|---|---|---|---|---|---|\n";
  for (const auto& [kind, k] : kinds) {
    const int n = k[0] + k[1] + k[2];
    f << "| " << kind << " | " << n << " | " << k[0] << " (" << (n ? 100 * k[0] / n : 0) << "%) | " << k[1] << " | "
      << k[2] << " | " << k[0] - k[3] << " (" << (n ? 100 * (k[0] - k[3]) / n : 0) << "%) |\n";
  }
  // Failures where the test data disagrees with ONNX Runtime and later ONNX references.
  bool bf16_fails = false;
  for (const auto& r : results) {
    bf16_fails =
        bf16_fails || (r.primary().status == "fail" && r.c.name.find("FLOAT_to_BFLOAT16") != std::string::npos);
  }
  if (bf16_fails) {
    f << "\nCast / CastLike FLOAT -> BFLOAT16 fail by one bf16 ulp in five of twelve elements: ONNX 1.12's expected "
      << "output was made by truncating each float to its upper 16 bits, while the kernels round to nearest even "
      << "(NaN stays a quiet NaN), as ONNX Runtime and the ONNX reference implementation from onnx 1.13 do "
      << "(docs/atc.md, Cast).\n";
  }
  f << "\n"
    << "## Per op\n\n| Op | Passed | Failed | Unsupported |\n|---|---|---|---|\n";
  for (const auto& [op, n] : per_op) f << "| " << op << " | " << n[0] << " | " << n[1] << " | " << n[2] << " |\n";
  f << "\n## Per test\n\n| Test | Op | Result | Detail |\n|---|---|---|---|\n";
  for (const auto& r : results) {
    f << "| " << r.c.name << " | " << r.c.op << " | " << r.primary().status << " | " << r.primary().detail << " |\n";
  }
}

}  // namespace

int main(int argc, char** argv) {
  Args args;
  if (!ParseArgs(argc, argv, &args)) {
    std::cerr << "usage: onnx_conformance_runner --cases=<dir> | --data=<onnx test data dir> "
                 "[--mode=interpreter|acl|both] [--atc=<atc binary> (acl, both)] [--soc=Ascend910B2] "
                 "[--precision=must_keep_origin_dtype] [--jobs=N] [--work=<scratch dir>] "
                 "[--filter=substring] [--report=file.md] [--min-pass=N] [--verbose]\n";
    return 2;
  }
  std::vector<Case> cases;
  if (!args.cases.empty() && !ManifestCases(args.cases, &cases)) {
    std::cerr << "cannot read " << args.cases << "/manifest.json (run gen_node_tests.py)\n";
    return 2;
  }
  if (!args.data.empty() && !DataCases(args.data, &cases)) {
    std::cerr << "no ONNX backend test data under " << args.data << " (node/, simple/, pytorch-*/)\n";
    return 2;
  }
  std::string command = "onnx_conformance_runner";
  for (int i = 1; i < argc; ++i) command += std::string(" ") + argv[i];
  std::string scratch;  // made here, removed at the end (a crashed case's files included)
  if (args.RunsAcl()) {
    std::string base = args.work.empty() ? std::filesystem::temp_directory_path().string() : args.work;
    std::error_code ec;
    std::filesystem::create_directories(base, ec);
    std::string templ = base + "/onnx_conformance.XXXXXX";
    if (mkdtemp(templ.data()) == nullptr) {
      std::cerr << "cannot make a scratch directory under " << base << "\n";
      return 2;
    }
    scratch = args.work = templ;
  }
  std::vector<Result> results;
  for (const Case& c : cases) {
    if (!args.filter.empty() && c.name.find(args.filter) == std::string::npos) continue;
    results.push_back(Result{c, {}, {}});
  }
  RunAll(args, &results);
  if (!scratch.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(scratch, ec);
  }
  std::map<std::string, int[3]> per_op;
  int totals[3] = {0, 0, 0};
  int frozen = 0;
  for (const Result& r : results) {
    const Outcome& o = r.primary();
    if (o.status == "pass" && o.detail.rfind("frozen", 0) == 0) ++frozen;
    const int slot = o.status == "pass" ? 0 : o.status == "unsupported" ? 2 : 1;
    ++totals[slot];
    ++per_op[r.c.op][slot];
    if (!args.verbose && slot == 1 && !args.filter.empty()) {
      std::cout << o.status << "  " << r.c.name << (o.detail.empty() ? "" : "  " + o.detail) << "\n";
    }
  }
  const char* how = args.RunsAcl() ? "atc binary + libascendcl" : "atc library + host interpreter";
  std::cout << "ONNX conformance (" << how << ", " << args.soc << ", " << args.precision << ")\n";
  std::printf("%-34s %6s %6s %11s\n", "op", "passed", "failed", args.RunsAcl() ? "refused" : "unsupported");
  for (const auto& [op, n] : per_op) std::printf("%-34s %6d %6d %11d\n", op.c_str(), n[0], n[1], n[2]);
  if (args.RunsAcl()) {
    std::map<std::string, int[3]> per_category;
    for (const Result& r : results) {
      const std::string& st = r.acl.status;
      ++per_category[asim::onnx_conformance::Category(r.c)][st == "pass" ? 0 : st == "unsupported" ? 2 : 1];
    }
    for (const auto& [cat, n] : per_category) {
      std::printf("%-34s %6d passed %6d failed %6d refused of %d\n", cat.c_str(), n[0], n[1], n[2], n[0] + n[1] + n[2]);
    }
    std::printf("total: %d passed, %d failed, %d refused at conversion of %zu\n", totals[0], totals[1], totals[2],
                results.size());
  } else {
    std::printf("total: %d passed (%d of them with shape inputs frozen), %d failed, %d unsupported of %zu\n", totals[0],
                frozen, totals[1], totals[2], results.size());
  }
  if (!args.report.empty()) {
    if (args.RunsAcl()) {
      asim::onnx_conformance::ReportInfo info;
      info.path = args.report;
      info.command = command;
      info.soc = args.soc;
      info.precision = args.precision;
      info.interpreter = args.RunsInterpreter();
      info.source = args.data.empty() ? "ONNX 1.12's backend node and simple model tests, generated by python3-onnx's "
                                        "own test case generators."
                                      : "ONNX 1.12's backend test data (Debian's libonnx-testdata: node, simple, "
                                        "pytorch-converted, pytorch-operator).";
      if (!asim::onnx_conformance::WriteAclReport(info, results)) return 2;
    } else {
      WriteReport(args, results, per_op, totals, frozen);
    }
  }
  if (args.min_pass >= 0 && totals[0] < args.min_pass) {
    std::printf("FAILED: %d passed, the threshold is %ld\n", totals[0], args.min_pass);
    return 1;
  }
  return 0;
}
