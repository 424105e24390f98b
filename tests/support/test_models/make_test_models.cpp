// make_test_models: writes every test model (test_models.h) as files for tests that may
// only use the public AscendCL API:
//   <dir>/<name>.om                the model
//   <dir>/<name>.input<i>.bin      input i of the primary case (raw bytes)
//   <dir>/<name>.expected<i>.bin   expected output i of the primary case
//   <dir>/<name>.gear<g>.input<i>.bin, .gear<g>.expected<i>.bin   every gear (dynamic models)
//   <dir>/<name>.json              manifest: inputs/outputs (name, dtype, format, dims, size),
//                                  dynamic kind, gears, cases and their files, tolerance, engines
//   <dir>/index.json               the model names, the SoC, and the tolerance rule
// Usage: make_test_models --out <dir> [--soc <soc_version>] (default Ascend310).
// Thread safety: a single-threaded program. Failure: exit 1 with the reason on stderr.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "om/om_writer.h"
#include "tests/support/test_models/test_models.h"

namespace {

using asim::testmodels::HostData;
using asim::testmodels::TestModel;
using nlohmann::json;

bool WriteBytes(const std::filesystem::path& path, const std::vector<uint8_t>& bytes) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(f);
}

json DataJson(const HostData& d, const std::string& file) {
  return json{{"dtype", asim::DataTypeName(d.dtype)},
              {"format", asim::FormatName(d.format)},
              {"dims", d.dims},
              {"size", d.bytes.size()},
              {"file", file}};
}

json IoJson(const asim::om::IoDesc& io) {
  return json{{"name", io.name},
              {"dtype", asim::DataTypeName(io.dtype)},
              {"dtype_value", static_cast<int>(io.dtype)},
              {"format", asim::FormatName(io.format)},
              {"format_value", static_cast<int>(io.format)},
              {"dims", io.dims},
              {"size", io.size}};
}

bool WriteModel(const TestModel& m, const std::filesystem::path& dir) {
  const std::string base = (dir / m.name).string();
  asim::Status st = asim::om::WriteModelFile(m.model, base + ".om");
  if (!st.ok()) {
    std::cerr << "make_test_models: " << m.name << ": " << st.message() << "\n";
    return false;
  }
  const bool dynamic = m.model.dynamic != asim::om::DynamicKind::kNone;
  json cases = json::array();
  for (size_t c = 0; c < m.cases.size(); ++c) {
    const auto& tc = m.cases[c];
    const bool primary = c == m.primary_case;
    json inputs = json::array(), outputs = json::array();
    for (int pass = 0; pass < 2; ++pass) {  // the primary names, then the per-gear names
      if ((pass == 0 && !primary) || (pass == 1 && !dynamic)) continue;
      const std::string stem = m.name + (pass == 0 ? "" : ".gear" + std::to_string(c));
      for (size_t i = 0; i < tc.inputs.size(); ++i) {
        const std::string file = stem + ".input" + std::to_string(i) + ".bin";
        if (!WriteBytes(dir / file, tc.inputs[i].bytes)) return false;
        if (pass == 1 || !dynamic) inputs.push_back(DataJson(tc.inputs[i], file));
      }
      for (size_t i = 0; i < tc.expected.size(); ++i) {
        const std::string file = stem + ".expected" + std::to_string(i) + ".bin";
        if (!WriteBytes(dir / file, tc.expected[i].bytes)) return false;
        if (pass == 1 || !dynamic) outputs.push_back(DataJson(tc.expected[i], file));
      }
    }
    cases.push_back(json{{"graph", tc.graph}, {"gear", tc.gear}, {"inputs", inputs}, {"outputs", outputs}});
  }
  json engines = json::object();
  for (const auto& [node, engine] : m.expected_engines) engines[node] = asim::kernels::EngineName(engine);
  json inputs = json::array(), outputs = json::array();
  for (const auto& io : m.model.inputs) inputs.push_back(IoJson(io));
  for (const auto& io : m.model.outputs) outputs.push_back(IoJson(io));
  const json manifest = {
      {"name", m.name},
      {"description", m.description},
      {"soc_version", m.model.soc_version},
      {"om", m.name + ".om"},
      {"dynamic", asim::om::DynamicKindName(m.model.dynamic)},
      {"gears", m.model.gears},
      {"input_count", m.model.inputs.size()},
      {"data_input_count", m.model.data_input_count()},
      {"output_count", m.model.outputs.size()},
      {"inputs", inputs},
      {"outputs", outputs},
      {"work_size", m.model.work_size()},
      {"weight_size", m.model.weight_size()},
      {"tolerance", {{"rtol", m.tolerance.rtol}, {"atol", m.tolerance.atol}}},
      {"primary_case", m.primary_case},
      {"primary_files", {{"inputs", m.name + ".input<i>.bin"}, {"expected", m.name + ".expected<i>.bin"}}},
      {"cases", cases},
      {"engines", engines},
  };
  std::ofstream f(base + ".json", std::ios::trunc);
  f << manifest.dump(2) << "\n";
  return static_cast<bool>(f);
}

}  // namespace

int main(int argc, char** argv) {
  std::string out, soc = "Ascend310";
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--out") {
      out = argv[i + 1];
    } else if (flag == "--soc") {
      soc = argv[i + 1];
    }
  }
  if (out.empty()) {
    std::cerr << "usage: make_test_models --out <dir> [--soc <soc_version>]\n";
    return 1;
  }
  std::error_code ec;
  std::filesystem::create_directories(out, ec);
  if (ec) {
    std::cerr << "make_test_models: cannot create " << out << ": " << ec.message() << "\n";
    return 1;
  }
  json names = json::array();
  for (const std::string& name : asim::testmodels::TestModelNames()) {
    TestModel m;
    asim::Status st = asim::testmodels::BuildTestModel(name, &m, soc);
    if (!st.ok()) {
      std::cerr << "make_test_models: " << name << " for " << soc << ": " << st.message() << "\n";
      return 1;
    }
    if (!WriteModel(m, out)) {
      std::cerr << "make_test_models: cannot write " << name << " into " << out << "\n";
      return 1;
    }
    names.push_back(name);
  }
  const json index = {{"soc_version", soc},
                      {"models", names},
                      {"tolerance_rule", "|actual - expected| <= atol + rtol * |expected|, per element as float"}};
  std::ofstream f(std::filesystem::path(out) / "index.json", std::ios::trunc);
  f << index.dump(2) << "\n";
  return f ? 0 : 1;
}
