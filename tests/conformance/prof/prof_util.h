// Helpers of the profiling conformance suite: run a generated test model through the
// public API, find the PROF_* directory and its deliverables, read CSVs.
//
// PUBLIC API ONLY (acl/ headers, the standard library, GoogleTest, nlohmann/json for the
// model manifests): the suite checks the profiling contract as an application sees it.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_prof.h"
#include "conformance_util.h"

#ifndef ASIM_TEST_MODELS_DIR
#define ASIM_TEST_MODELS_DIR ""
#endif

namespace proftest {

namespace fs = std::filesystem;

inline std::string ModelsDir() {
  return ASIM_TEST_MODELS_DIR;
}

inline std::string ReadText(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

// The directories FreshDir made; removed after the run unless a test failed.
inline std::vector<std::string>& CreatedDirs() {
  static std::vector<std::string> dirs;
  return dirs;
}

class CleanupEnvironment : public ::testing::Environment {
 public:
  void TearDown() override {
    if (!::testing::UnitTest::GetInstance()->Passed()) return;  // keep them to look at
    for (const std::string& d : CreatedDirs()) {
      std::error_code ec;
      fs::remove_all(d, ec);
    }
  }
};
inline ::testing::Environment* const kCleanup = ::testing::AddGlobalTestEnvironment(new CleanupEnvironment);

// A fresh empty directory under the test temp dir.
inline std::string FreshDir(const std::string& name) {
  const fs::path dir = fs::path(::testing::TempDir()) / ("asim_prof_" + name + "_" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  CreatedDirs().push_back(dir.string());
  return dir.string();
}

inline std::string WriteConfig(const std::string& dir, const std::string& json) {
  const std::string path = dir + "/acl.json";
  std::ofstream(path) << json;
  return path;
}

// The PROF_* directories in `dir`.
inline std::vector<std::string> ProfDirs(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.is_directory() && e.path().filename().string().rfind("PROF_", 0) == 0) out.push_back(e.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// mindstudio_profiler_output/<prefix>_<14 digits>.<ext>, or "".
inline std::string Deliverable(const std::string& prof_dir, const std::string& prefix, const std::string& ext) {
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(fs::path(prof_dir) / "mindstudio_profiler_output", ec)) {
    const std::string name = e.path().filename().string();
    if (name.size() == prefix.size() + 1 + 14 + ext.size() && name.rfind(prefix + "_", 0) == 0 &&
        name.substr(name.size() - ext.size()) == ext) {
      return e.path().string();
    }
  }
  return "";
}

struct Csv {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  int Col(const std::string& name) const {
    auto it = std::find(header.begin(), header.end(), name);
    return it == header.end() ? -1 : static_cast<int>(it - header.begin());
  }
  const std::string& At(size_t row, const std::string& name) const { return rows.at(row).at(Col(name)); }
};

inline Csv ParseCsv(const std::string& text) {
  std::vector<std::vector<std::string>> rows(1);
  std::string field;
  bool quoted = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      rows.back().push_back(field);
      field.clear();
    } else if (c == '\n') {
      rows.back().push_back(field);
      field.clear();
      rows.emplace_back();
    } else {
      field += c;
    }
  }
  if (rows.back().empty()) rows.pop_back();
  Csv csv;
  if (!rows.empty()) {
    csv.header = rows.front();
    csv.rows.assign(rows.begin() + 1, rows.end());
  }
  return csv;
}

inline Csv ReadCsv(const std::string& path) {
  return ParseCsv(ReadText(path));
}

inline std::vector<std::string> Split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, sep)) out.push_back(item);
  return out;
}

// Microseconds with 3 decimals (and an optional trailing tab) as integer nanoseconds.
inline int64_t UsToNs(std::string s) {
  while (!s.empty() && (s.back() == '\t' || s.back() == ' ')) s.pop_back();
  const size_t dot = s.find('.');
  if (dot == std::string::npos) return std::stoll(s) * 1000;
  std::string frac = s.substr(dot + 1);
  frac = (frac + "000").substr(0, 3);
  return std::stoll(s.substr(0, dot)) * 1000 + std::stoll(frac);
}

// Loads `model` (generated for Ascend310), runs it `executions` times synchronously with
// its primary input, unloads it. Device 0 must be set.
inline void RunModel(const std::string& model, int executions, uint32_t* model_id_out = nullptr) {
  const std::string dir = ModelsDir();
  const nlohmann::json manifest = nlohmann::json::parse(ReadText(dir + "/" + model + ".json"));
  uint32_t id = 0;
  ASSERT_ACL_OK(aclmdlLoadFromFile((dir + "/" + manifest["om"].get<std::string>()).c_str(), &id));
  if (model_id_out != nullptr) *model_id_out = id;
  aclmdlDataset* in = aclmdlCreateDataset();
  aclmdlDataset* out = aclmdlCreateDataset();
  std::vector<void*> device;
  std::vector<aclDataBuffer*> buffers;
  const auto add = [&](aclmdlDataset* set, size_t size, const std::string& file) {
    void* p = nullptr;
    ASSERT_ACL_OK(aclrtMalloc(&p, size == 0 ? 1 : size, ACL_MEM_MALLOC_HUGE_FIRST));
    device.push_back(p);
    if (!file.empty()) {
      const std::string bytes = ReadText(file);
      ASSERT_ACL_OK(aclrtMemcpy(p, size, bytes.data(), std::min(bytes.size(), size), ACL_MEMCPY_HOST_TO_DEVICE));
    }
    buffers.push_back(aclCreateDataBuffer(p, size));
    ASSERT_ACL_OK(aclmdlAddDatasetBuffer(set, buffers.back()));
  };
  for (size_t i = 0; i < manifest["inputs"].size(); ++i) {
    add(in, manifest["inputs"][i]["size"].get<size_t>(), dir + "/" + model + ".input" + std::to_string(i) + ".bin");
  }
  for (size_t i = 0; i < manifest["outputs"].size(); ++i) add(out, manifest["outputs"][i]["size"].get<size_t>(), "");
  for (int e = 0; e < executions; ++e) ASSERT_ACL_OK(aclmdlExecute(id, in, out));
  ASSERT_ACL_OK(aclmdlUnload(id));
  for (aclDataBuffer* b : buffers) aclDestroyDataBuffer(b);
  aclmdlDestroyDataset(in);
  aclmdlDestroyDataset(out);
  for (void* p : device) EXPECT_ACL_OK(aclrtFree(p));
}

// The exact op_summary column sets (CANN 8, Ascend310: no Mix Block Num / Context ID).
inline std::vector<std::string> OpSummaryBase() {
  return {"Device_id",
          "Model ID",
          "Task ID",
          "Stream ID",
          "Op Name",
          "OP Type",
          "OP State",
          "Task Type",
          "Task Start Time(us)",
          "Task Duration(us)",
          "Task Wait Time(us)",
          "Block Num",
          "HF32 Eligible",
          "Input Shapes",
          "Input Data Types",
          "Input Formats",
          "Output Shapes",
          "Output Data Types",
          "Output Formats"};
}

inline std::map<std::string, std::vector<std::string>> MetricGroupColumns() {
  return {
      {"PipeUtilization",
       {"vec_time(us)", "vec_ratio", "mac_time(us)", "mac_ratio", "scalar_time(us)", "scalar_ratio", "mte1_time(us)",
        "mte1_ratio", "mte2_time(us)", "mte2_ratio", "mte3_time(us)", "mte3_ratio", "icache_miss_rate",
        "memory_bound"}},
      {"ArithmeticUtilization",
       {"mac_fp16_ratio", "mac_int8_ratio", "vec_fp32_ratio", "vec_fp16_ratio", "vec_int32_ratio", "vec_misc_ratio",
        "cube_fops", "vector_fops"}},
      {"Memory",
       {"ub_read_bw(GB/s)", "ub_write_bw(GB/s)", "l1_read_bw(GB/s)", "l1_write_bw(GB/s)", "l2_read_bw(GB/s)",
        "l2_write_bw(GB/s)", "main_mem_read_bw(GB/s)", "main_mem_write_bw(GB/s)"}},
      {"MemoryL0",
       {"l0a_read_bw(GB/s)", "l0a_write_bw(GB/s)", "l0b_read_bw(GB/s)", "l0b_write_bw(GB/s)", "l0c_read_bw(GB/s)",
        "l0c_write_bw(GB/s)", "l0c_read_bw_cube(GB/s)", "l0c_write_bw_cube(GB/s)"}},
      {"ResourceConflictRatio", {"vec_bankgroup_cflt_ratio", "vec_bank_cflt_ratio", "vec_resc_cflt_ratio"}},
      {"MemoryUB",
       {"ub_read_bw_mte(GB/s)", "ub_write_bw_mte(GB/s)", "ub_read_bw_vector(GB/s)", "ub_write_bw_vector(GB/s)",
        "ub_read_bw_scalar(GB/s)", "ub_write_bw_scalar(GB/s)"}},
      {"L2Cache",
       {"write_cache_hit", "write_cache_miss_allocate", "r0_read_cache_hit", "r0_read_cache_miss_allocate",
        "r1_read_cache_hit", "r1_read_cache_miss_allocate"}},
  };
}

}  // namespace proftest
