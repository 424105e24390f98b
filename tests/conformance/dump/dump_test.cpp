// Operator dumps through the public API: acl.json's "dump" section at aclInit, and
// aclmdlInitDump / aclmdlSetDump / aclmdlFinalizeDump, over the generated conv_relu test
// model (Conv 8x3x3 + Relu on fp16 NCHW [1,3,16,16], run in NC1HWC0 on the AI Core).
// Checked: the directory layout and file names of the real toolchain, the file header (parsed
// here independently: 8-byte length, then protobuf fields), the tensors (converted with the
// dump2npy tool and compared with the execution's own output), every mode and filter, the
// data index per execution and dump_step, the API's error codes, the callback API, a dump
// that cannot be written (execution still correct, one error reported) and dump_compare.
#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_dump.h"
#include "conformance_util.h"

#ifndef ASIM_TEST_MODELS_DIR
#define ASIM_TEST_MODELS_DIR ""
#endif

namespace {

using conformance::RecentMsg;
using conformance::TempDir;
namespace fs = std::filesystem;

std::vector<uint8_t> ReadFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

// Files under `root`, relative, sorted.
std::vector<std::string> Files(const std::string& root) {
  std::vector<std::string> out;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (it->is_regular_file()) out.push_back(fs::relative(it->path(), root).string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

struct DumpPath {
  std::string time, device, model, model_id, data_index;
  std::string op_type, op_name, task_id, stream_id, timestamp;
};

// {time}/{device}/{model}/{model_id}/{data_index}/{op_type}.{op_name}.{task}.{stream}.{timestamp}
bool ParsePath(const std::string& rel, DumpPath* p) {
  static const std::regex re(
      R"(^(\d{14})/(\d+)/([^/]+)/(\d+)/(\d+)/([A-Za-z0-9_\-]+)\.([A-Za-z0-9_\-]+)\.(\d+)\.(\d+)\.(\d{16})$)");
  std::smatch m;
  if (!std::regex_match(rel, m, re)) return false;
  *p = {m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8], m[9], m[10]};
  return true;
}

// The protobuf fields of a DumpData header, parsed here without protobuf: field 1 version,
// 6 op_name, and the count of fields 3 (output) and 4 (input).
struct Header {
  std::string version, op_name;
  int outputs = 0, inputs = 0;
  uint64_t data_sizes = 0;  // sum of the size fields (OpOutput 6, OpInput 5)
};

bool Varint(const uint8_t*& p, const uint8_t* end, uint64_t* v) {
  *v = 0;
  for (int shift = 0; p < end && shift < 64; shift += 7) {
    const uint8_t b = *p++;
    *v |= static_cast<uint64_t>(b & 0x7f) << shift;
    if ((b & 0x80) == 0) return true;
  }
  return false;
}

bool ParseMessage(const uint8_t* p, const uint8_t* end, int depth, int parent_field, Header* h) {
  while (p < end) {
    uint64_t key = 0, v = 0;
    if (!Varint(p, end, &key)) return false;
    const int field = static_cast<int>(key >> 3), wire = static_cast<int>(key & 7);
    if (wire == 0) {
      if (!Varint(p, end, &v)) return false;
      if (depth == 1 && ((parent_field == 3 && field == 6) || (parent_field == 4 && field == 5))) h->data_sizes += v;
    } else if (wire == 2) {
      if (!Varint(p, end, &v) || v > static_cast<uint64_t>(end - p)) return false;
      const std::string text(reinterpret_cast<const char*>(p), v);
      if (depth == 0 && field == 1) h->version = text;
      if (depth == 0 && field == 6) h->op_name = text;
      if (depth == 0 && (field == 3 || field == 4)) {
        (field == 3 ? h->outputs : h->inputs)++;
        if (!ParseMessage(p, p + v, 1, field, h)) return false;
      }
      p += v;
    } else {
      return false;
    }
  }
  return true;
}

bool ParseDumpFile(const std::string& path, Header* h) {
  const std::vector<uint8_t> bytes = ReadFile(path);
  if (bytes.size() < 8) return false;
  uint64_t len = 0;
  for (int i = 0; i < 8; ++i) len |= static_cast<uint64_t>(bytes[i]) << (8 * i);
  if (len > bytes.size() - 8) return false;
  if (!ParseMessage(bytes.data() + 8, bytes.data() + 8 + len, 0, 0, h)) return false;
  return bytes.size() == 8 + len + h->data_sizes;  // section 2.3's validity rule
}

// A .npy file's shape and data.
struct Npy {
  std::string descr;
  std::vector<uint64_t> shape;
  std::vector<uint8_t> data;
};

bool ReadNpy(const std::string& path, Npy* n) {
  const std::vector<uint8_t> b = ReadFile(path);
  if (b.size() < 10 || std::memcmp(b.data(), "\x93NUMPY", 6) != 0 || b[6] != 1) return false;
  const size_t hl = b[8] | (b[9] << 8);
  const std::string header(b.begin() + 10, b.begin() + 10 + static_cast<long>(hl));
  std::smatch m;
  if (!std::regex_search(header, m, std::regex(R"('descr': '([^']+)')"))) return false;
  n->descr = m[1];
  if (!std::regex_search(header, m, std::regex(R"('shape': \(([^)]*)\))"))) return false;
  const std::string dims = m[1];
  static const std::regex number(R"(\d+)");
  for (std::sregex_iterator it(dims.begin(), dims.end(), number), e; it != e; ++it) {
    n->shape.push_back(std::stoull(it->str()));
  }
  n->data.assign(b.begin() + 10 + static_cast<long>(hl), b.end());
  return true;
}

int RunTool(const std::string& command) {
  const int rc = std::system((command + " > /dev/null 2>&1").c_str());
  return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

class DumpTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (std::string(ASIM_TEST_MODELS_DIR).empty()) GTEST_SKIP() << "test models were not generated";
    dump_ = dir_.Path() + "/dump";
    fs::create_directories(dump_);
  }
  void TearDown() override {
    if (initialized_) {
      for (uint32_t id : loaded_) (void)aclmdlUnload(id);
      for (void* p : device_) (void)aclrtFree(p);
      (void)aclrtResetDevice(0);
      (void)aclFinalize();
    }
  }

  std::string Config(const std::string& dump_body) {
    return dir_.Write("acl.json", dump_body.empty() ? "{}" : "{\"dump\": {" + dump_body + "}}");
  }
  std::string DumpSection(const std::string& rest) const { return "\"dump_path\": \"" + dump_ + "\", " + rest; }
  void Init(const std::string& dump_body) {
    ASSERT_EQ(aclInit(Config(dump_body).c_str()), ACL_SUCCESS) << RecentMsg();
    initialized_ = true;
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS) << RecentMsg();
  }
  void Finalize() {
    for (uint32_t id : loaded_) EXPECT_EQ(aclmdlUnload(id), ACL_SUCCESS);
    loaded_.clear();
    for (void* p : device_) EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
    device_.clear();
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS) << RecentMsg();
    initialized_ = false;
  }

  uint32_t Load() {
    uint32_t id = 0;
    const std::string om = std::string(ASIM_TEST_MODELS_DIR) + "/conv_relu.om";
    EXPECT_EQ(aclmdlLoadFromFile(om.c_str(), &id), ACL_SUCCESS) << RecentMsg();
    loaded_.push_back(id);
    return id;
  }
  void Unload(uint32_t id) {
    EXPECT_EQ(aclmdlUnload(id), ACL_SUCCESS);
    loaded_.erase(std::find(loaded_.begin(), loaded_.end(), id));
  }

  // Executes conv_relu once on its reference input; returns the output bytes.
  std::vector<uint8_t> Execute(uint32_t id) {
    const std::vector<uint8_t> input = ReadFile(std::string(ASIM_TEST_MODELS_DIR) + "/conv_relu.input0.bin");
    aclmdlDesc* desc = aclmdlCreateDesc();
    EXPECT_EQ(aclmdlGetDesc(desc, id), ACL_SUCCESS);
    const size_t in_size = aclmdlGetInputSizeByIndex(desc, 0), out_size = aclmdlGetOutputSizeByIndex(desc, 0);
    EXPECT_EQ(in_size, input.size());
    void* in_ptr = nullptr;
    void* out_ptr = nullptr;
    EXPECT_EQ(aclrtMalloc(&in_ptr, in_size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    EXPECT_EQ(aclrtMalloc(&out_ptr, out_size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    device_.push_back(in_ptr);
    device_.push_back(out_ptr);
    EXPECT_EQ(aclrtMemcpy(in_ptr, in_size, input.data(), input.size(), ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    aclmdlDataset* in = aclmdlCreateDataset();
    aclmdlDataset* out = aclmdlCreateDataset();
    aclDataBuffer* in_buf = aclCreateDataBuffer(in_ptr, in_size);
    aclDataBuffer* out_buf = aclCreateDataBuffer(out_ptr, out_size);
    EXPECT_EQ(aclmdlAddDatasetBuffer(in, in_buf), ACL_SUCCESS);
    EXPECT_EQ(aclmdlAddDatasetBuffer(out, out_buf), ACL_SUCCESS);
    EXPECT_EQ(aclmdlExecute(id, in, out), ACL_SUCCESS) << RecentMsg();
    std::vector<uint8_t> result(out_size);
    EXPECT_EQ(aclrtMemcpy(result.data(), out_size, out_ptr, out_size, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    aclDestroyDataBuffer(in_buf);
    aclDestroyDataBuffer(out_buf);
    aclmdlDestroyDataset(in);
    aclmdlDestroyDataset(out);
    aclmdlDestroyDesc(desc);
    return result;
  }

  std::vector<DumpPath> Dumped() const {
    std::vector<DumpPath> out;
    for (const std::string& f : Files(dump_)) {
      DumpPath p;
      EXPECT_TRUE(ParsePath(f, &p)) << "unexpected dump path " << f;
      out.push_back(p);
    }
    return out;
  }
  std::string PathOf(const DumpPath& p) const {
    return dump_ + "/" + p.time + "/" + p.device + "/" + p.model + "/" + p.model_id + "/" + p.data_index + "/" +
           p.op_type + "." + p.op_name + "." + p.task_id + "." + p.stream_id + "." + p.timestamp;
  }
  const DumpPath* Find(const std::vector<DumpPath>& files, const std::string& op_name) const {
    for (const DumpPath& p : files) {
      if (p.op_name == op_name) return &p;
    }
    return nullptr;
  }

  TempDir dir_;
  std::string dump_;
  bool initialized_ = false;
  std::vector<uint32_t> loaded_;
  std::vector<void*> device_;
};

TEST_F(DumpTest, AclInitDumpWritesEveryOpInTheRealLayout) {
  Init(DumpSection(R"("dump_list": [{"model_name": "conv_relu"}])"));
  const uint32_t id = Load();
  Execute(id);
  Finalize();  // flushes
  const auto files = Dumped();
  ASSERT_GE(files.size(), 2u);
  for (const DumpPath& p : files) {
    EXPECT_EQ(p.device, "0");
    EXPECT_EQ(p.model, "conv_relu");
    EXPECT_EQ(p.model_id, std::to_string(id));
    EXPECT_EQ(p.data_index, "0");
    EXPECT_EQ(p.time, files[0].time);
    Header h;
    ASSERT_TRUE(ParseDumpFile(PathOf(p), &h)) << PathOf(p);
    EXPECT_EQ(h.version, "2.0");
    EXPECT_EQ(h.inputs, 0);  // dump_mode defaults to output
    EXPECT_GE(h.outputs, 1);
  }
  const DumpPath* conv = Find(files, "conv1");
  const DumpPath* relu = Find(files, "relu1");
  ASSERT_NE(conv, nullptr);
  ASSERT_NE(relu, nullptr);
  EXPECT_TRUE(conv->op_type == "Conv" || conv->op_type == "Conv2D") << conv->op_type;  // the .om node's type
  EXPECT_EQ(relu->op_type, "Relu");
  EXPECT_LT(std::stoull(conv->task_id), std::stoull(relu->task_id));
  Header h;
  ASSERT_TRUE(ParseDumpFile(PathOf(*relu), &h));
  EXPECT_EQ(h.op_name, "relu1");
}

TEST_F(DumpTest, DumpedTensorsDecodeToTheExecutionsResult) {
  Init(DumpSection(R"("dump_list": [{"model_name": "conv_relu", "layer": ["relu1"]}], "dump_mode": "all")"));
  const uint32_t id = Load();
  const std::vector<uint8_t> output = Execute(id);
  Finalize();
  const auto files = Dumped();
  ASSERT_EQ(files.size(), 1u);
  Header h;
  ASSERT_TRUE(ParseDumpFile(PathOf(files[0]), &h));
  EXPECT_EQ(h.inputs, 1);
  EXPECT_EQ(h.outputs, 1);

  // Device layout as dumped: NC1HWC0 [1,1,16,16,16] of NCHW [1,8,16,16].
  const std::string raw = dir_.Path() + "/raw", npy = dir_.Path() + "/npy";
  ASSERT_EQ(RunTool(std::string(ASIM_DUMP2NPY) + " -d " + dump_ + " -o " + raw + " --device-layout"), 0);
  const std::string base = files[0].op_type + "." + files[0].op_name + "." + files[0].task_id + "." +
                           files[0].stream_id + "." + files[0].timestamp;
  Npy device;
  ASSERT_TRUE(ReadNpy(raw + "/" + base + ".output.0.npy", &device));
  EXPECT_EQ(device.shape, (std::vector<uint64_t>{1, 1, 16, 16, 16}));

  // Converted back: the model's output (the relu output, NCHW) byte for byte.
  ASSERT_EQ(RunTool(std::string(ASIM_DUMP2NPY) + " -d " + dump_ + " -o " + npy), 0);
  EXPECT_EQ(Files(npy), (std::vector<std::string>{base + ".input.0.npy", base + ".output.0.npy"}));
  Npy relu_out;
  ASSERT_TRUE(ReadNpy(npy + "/" + base + ".output.0.npy", &relu_out));
  EXPECT_EQ(relu_out.descr, "<f2");
  EXPECT_EQ(relu_out.shape, (std::vector<uint64_t>{1, 8, 16, 16}));
  EXPECT_EQ(relu_out.data, output);
}

TEST_F(DumpTest, InputModeDumpsInputsOnly) {
  Init(DumpSection(R"("dump_list": [{"model_name": "conv_relu", "layer": ["conv1"]}], "dump_mode": "input")"));
  Execute(Load());
  Finalize();
  const auto files = Dumped();
  ASSERT_EQ(files.size(), 1u);
  Header h;
  ASSERT_TRUE(ParseDumpFile(PathOf(files[0]), &h));
  EXPECT_EQ(h.outputs, 0);
  EXPECT_GE(h.inputs, 2);  // data and weight (and bias)
}

TEST_F(DumpTest, OtherModelsAreNotDumped) {
  Init(DumpSection(R"("dump_list": [{"model_name": "resnet50"}])"));
  Execute(Load());
  Finalize();
  EXPECT_TRUE(Files(dump_).empty());
}

// A model loaded from a file is named in dump_list by the file's name without suffix too, and
// that entry wins over one with the model's own name (CANN's acl.json dump_list).
TEST_F(DumpTest, AModelLoadedFromAFileIsSelectedByTheFileName) {
  const std::string renamed = dir_.Path() + "/my_renamed_model.om";
  fs::copy_file(std::string(ASIM_TEST_MODELS_DIR) + "/conv_relu.om", renamed);
  Init(DumpSection(R"("dump_list": [{"model_name": "my_renamed_model", "layer": ["conv1"]},)"
                   R"( {"model_name": "conv_relu", "layer": ["relu1"]}])"));
  uint32_t id = 0;
  ASSERT_EQ(aclmdlLoadFromFile(renamed.c_str(), &id), ACL_SUCCESS) << RecentMsg();
  loaded_.push_back(id);
  Execute(id);
  Finalize();
  const auto files = Dumped();
  ASSERT_EQ(files.size(), 1u);
  EXPECT_EQ(files[0].op_name, "conv1");
}

TEST_F(DumpTest, EachExecutionHasItsDataIndexAndDumpStepSelects) {
  Init(DumpSection(R"("dump_list": [{"model_name": "conv_relu", "layer": ["relu1"]}], "dump_step": "1|3")"));
  const uint32_t id = Load();
  for (int i = 0; i < 4; ++i) Execute(id);
  Finalize();
  std::vector<std::string> indices;
  for (const DumpPath& p : Dumped()) indices.push_back(p.data_index);
  std::sort(indices.begin(), indices.end());
  EXPECT_EQ(indices, (std::vector<std::string>{"1", "3"}));
}

TEST_F(DumpTest, RuntimeDumpAppliesToModelsLoadedAfterSetDump) {
  Init("");
  const uint32_t before = Load();
  ASSERT_EQ(aclmdlInitDump(), ACL_SUCCESS) << RecentMsg();
  const std::string cfg = dir_.Write(
      "dump.json",
      "{\"dump\": {" + DumpSection(R"("dump_list": [{"model_name": "conv_relu", "layer": ["relu1"]}])") + "}}");
  ASSERT_EQ(aclmdlSetDump(cfg.c_str()), ACL_SUCCESS) << RecentMsg();
  const uint32_t after = Load();
  Execute(before);
  Execute(after);
  ASSERT_EQ(aclmdlFinalizeDump(), ACL_SUCCESS) << RecentMsg();
  const auto files = Dumped();  // flushed by aclmdlFinalizeDump
  ASSERT_EQ(files.size(), 1u);
  EXPECT_EQ(files[0].model_id, std::to_string(after));
  // After aclmdlFinalizeDump nothing is dumped.
  Execute(after);
  Execute(Load());
  Finalize();
  EXPECT_EQ(Files(dump_).size(), 1u);
}

TEST_F(DumpTest, ApiErrorCodes) {
  EXPECT_ACL_ERROR(aclmdlInitDump(), ACL_ERROR_UNINITIALIZE, "aclInit");
  Init("");
  EXPECT_ACL_ERROR(aclmdlSetDump("x.json"), ACL_ERROR_DUMP_NOT_RUN, "aclmdlInitDump");
  EXPECT_ACL_ERROR(aclmdlFinalizeDump(), ACL_ERROR_DUMP_NOT_RUN, "aclmdlInitDump");
  ASSERT_EQ(aclmdlInitDump(), ACL_SUCCESS);
  EXPECT_ACL_ERROR(aclmdlInitDump(), ACL_ERROR_REPEAT_INITIALIZE, "aclmdlInitDump");
  EXPECT_ACL_ERROR(aclmdlSetDump(nullptr), ACL_ERROR_INVALID_PARAM, "dumpCfgPath");
  EXPECT_ACL_ERROR(aclmdlSetDump((dir_.Path() + "/missing.json").c_str()), ACL_ERROR_INVALID_FILE, "missing.json");
  EXPECT_ACL_ERROR(aclmdlSetDump(dir_.Write("bad.json", "{\"dump\": {").c_str()), ACL_ERROR_PARSE_FILE, "bad.json");
  const auto set = [&](const std::string& body) {
    return aclmdlSetDump(dir_.Write("d.json", "{\"dump\": {" + body + "}}").c_str());
  };
  EXPECT_ACL_ERROR(aclmdlSetDump(dir_.Write("none.json", "{}").c_str()), ACL_ERROR_INVALID_DUMP_CONFIG, "dump");
  EXPECT_ACL_ERROR(set(R"("dump_list": [{"model_name": "m"}])"), ACL_ERROR_INVALID_DUMP_CONFIG, "dump_path");
  EXPECT_ACL_ERROR(set(R"("dump_path": "/nonexistent/x", "dump_list": [{"model_name": "m"}])"),
                   ACL_ERROR_INVALID_DUMP_CONFIG, "/nonexistent/x");
  EXPECT_ACL_ERROR(set(DumpSection(R"("dump_list": [{"model_name": "m"}], "dump_mode": "both")")),
                   ACL_ERROR_INVALID_DUMP_CONFIG, "dump_mode");
  EXPECT_ACL_ERROR(set(DumpSection(R"("dump_list": [])")), ACL_ERROR_INVALID_DUMP_CONFIG, "nothing to dump");
  EXPECT_ACL_ERROR(set(R"("dump_path": ")" + dir_.Write("f", "x") + R"(", "dump_list": [{}])"),
                   ACL_ERROR_INVALID_DUMP_CONFIG, "not a directory");
  ASSERT_EQ(set(DumpSection(R"("dump_list": [{"model_name": "m"}])")), ACL_SUCCESS) << RecentMsg();
  ASSERT_EQ(set(DumpSection(R"("dump_list": [{"model_name": "m2"}])")), ACL_SUCCESS);  // overrides
  ASSERT_EQ(aclmdlFinalizeDump(), ACL_SUCCESS);
  EXPECT_ACL_ERROR(aclmdlFinalizeDump(), ACL_ERROR_DUMP_NOT_RUN, "aclmdlInitDump");
  Finalize();
}

TEST_F(DumpTest, AclInitDumpExcludesTheRuntimeDumpApi) {
  Init(DumpSection(R"("dump_list": [{"model_name": "conv_relu"}])"));
  EXPECT_ACL_ERROR(aclmdlInitDump(), ACL_ERROR_DUMP_ALREADY_RUN, "aclInit");
  EXPECT_ACL_ERROR(aclmdlSetDump("x.json"), ACL_ERROR_DUMP_ALREADY_RUN, "aclInit");
  EXPECT_ACL_ERROR(aclmdlFinalizeDump(), ACL_ERROR_DUMP_ALREADY_RUN, "aclInit");
  Finalize();
}

// As the real runtime's aclInit: a dump section that is well-formed but cannot be used is
// logged and aclInit goes on without a dump. The googlenet samples ship
// {"dump": {"dump_list": [], "dump_path": "/home/HwHiAiUser/..."}}: nothing selected, on a
// path of the board they were written on.
TEST_F(DumpTest, AclInitWithAnUnusableDumpSectionGoesOnWithoutADump) {
  const std::string sample_section =
      R"("dump_list": [], "dump_path": "/home/HwHiAiUser/AscendProjects/MultiBatch/run/dump")";
  for (const std::string& body : {sample_section, std::string(R"("dump_path": "/nonexistent/dump", "dump_list": [{}])"),
                                  DumpSection(R"("dump_list": [], "dump_op_switch": "off")")}) {
    SCOPED_TRACE(body);
    Init(body);
    const uint32_t id = Load();
    EXPECT_FALSE(Execute(id).empty());
    // No dump is in force, so the run-time dump API is free to use.
    EXPECT_EQ(aclmdlInitDump(), ACL_SUCCESS) << RecentMsg();
    EXPECT_EQ(aclmdlFinalizeDump(), ACL_SUCCESS) << RecentMsg();
    Finalize();
    EXPECT_TRUE(Files(dump_).empty());
  }
  EXPECT_FALSE(fs::exists("/home/HwHiAiUser/AscendProjects/MultiBatch/run/dump"));
  // A value outside its domain, or no dump_path at all, still fails aclInit.
  EXPECT_ACL_ERROR(aclInit(Config(DumpSection(R"("dump_list": [{}], "dump_mode": "both")")).c_str()),
                   ACL_ERROR_INVALID_DUMP_CONFIG, "dump_mode");
  EXPECT_ACL_ERROR(aclInit(Config(R"("dump_list": [{"model_name": "conv_relu"}])").c_str()),
                   ACL_ERROR_INVALID_DUMP_CONFIG, "dump_path");
  Init(DumpSection(R"("dump_list": [{"model_name": "conv_relu"}])"));  // still usable afterwards
  Finalize();
}

TEST_F(DumpTest, AWriteFailureLeavesResultsUnchangedAndIsReportedOnce) {
  // The result without any dump.
  Init("");
  const std::vector<uint8_t> baseline = Execute(Load());
  Finalize();

  conformance::ScopedEnv to_stdout("ASCEND_SLOG_PRINT_TO_STDOUT", "1");
  conformance::ScopedEnv level("ASCEND_GLOBAL_LOG_LEVEL", "3");  // errors only
  ::testing::internal::CaptureStdout();
  Init(DumpSection(R"("dump_list": [{"model_name": "conv_relu"}], "dump_mode": "all")"));
  const uint32_t id = Load();
  const std::vector<uint8_t> first = Execute(id);
  // The dump directory turns into a file: the writes still queued and every later one fail
  // (as on a full or read-only disk, but also for root).
  fs::rename(dump_, dump_ + ".moved");  // atomic, even while the writer is busy
  std::ofstream(dump_) << "not a directory";
  ASSERT_TRUE(fs::is_regular_file(dump_));
  const std::vector<uint8_t> second = Execute(id);
  const std::vector<uint8_t> third = Execute(id);
  Finalize();
  const std::string log = ::testing::internal::GetCapturedStdout();
  EXPECT_EQ(first, baseline);
  EXPECT_EQ(second, baseline);
  EXPECT_EQ(third, baseline);
  size_t errors = 0;
  std::istringstream lines(log);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("[E]", 0) == 0 && line.find("dump:") != std::string::npos) ++errors;
  }
  EXPECT_EQ(errors, 1u) << log;
  EXPECT_NE(log.find("execution goes on"), std::string::npos) << log;
}

TEST_F(DumpTest, CallbackReceivesTheFilesInsteadOfTheDisk) {
  Init(DumpSection(R"("dump_list": [{"model_name": "conv_relu", "layer": ["relu1"]}])"));
  static std::map<std::string, std::vector<uint8_t>> received;
  static int last_chunks = 0;
  received.clear();
  last_chunks = 0;
  EXPECT_ACL_ERROR(acldumpRegCallback(nullptr, 0), ACL_ERROR_INVALID_PARAM, "messageCallback");
  const auto cb = [](const acldumpChunk* chunk, int32_t len) -> int32_t {
    EXPECT_EQ(static_cast<size_t>(len), sizeof(acldumpChunk) + chunk->bufLen);
    auto& file = received[chunk->fileName];
    EXPECT_EQ(static_cast<size_t>(chunk->offset), file.size());
    file.insert(file.end(), chunk->dataBuf, chunk->dataBuf + chunk->bufLen);
    last_chunks += chunk->isLastChunk ? 1 : 0;
    return 0;
  };
  EXPECT_ACL_ERROR(acldumpRegCallback(cb, 1), ACL_ERROR_INVALID_PARAM, "flag");
  ASSERT_EQ(acldumpRegCallback(cb, 0), ACL_SUCCESS) << RecentMsg();
  Execute(Load());
  Finalize();
  acldumpUnregCallback();
  EXPECT_TRUE(Files(dump_).empty());
  ASSERT_EQ(received.size(), 1u);
  EXPECT_EQ(last_chunks, 1);
  DumpPath p;
  const std::string name = received.begin()->first;
  ASSERT_EQ(name.rfind(dump_ + "/", 0), 0u) << name;
  EXPECT_TRUE(ParsePath(name.substr(dump_.size() + 1), &p)) << name;
  EXPECT_EQ(p.op_name, "relu1");
}

TEST_F(DumpTest, Dump2NpyAndDumpCompareAgainstTheGroundTruth) {
  Init(DumpSection(R"("dump_list": [{"model_name": "conv_relu"}])"));
  Execute(Load());
  Finalize();
  // The ground truth of relu1 (the model's output), named as framework dumps are.
  const std::vector<uint8_t> expected = ReadFile(std::string(ASIM_TEST_MODELS_DIR) + "/conv_relu.expected0.bin");
  std::string header = "{'descr': '<f2', 'fortran_order': False, 'shape': (1, 8, 16, 16), }";
  header.append(64 - (10 + header.size() + 1) % 64, ' ');
  header += '\n';
  const std::string golden = dir_.Path() + "/golden";
  fs::create_directories(golden);
  std::ofstream npy(golden + "/relu1.0.1686218842741839.npy", std::ios::binary);
  npy.write("\x93NUMPY\x01\x00", 8);
  const char len[2] = {static_cast<char>(header.size() & 0xff), static_cast<char>(header.size() >> 8)};
  npy.write(len, 2);
  npy << header;
  npy.write(reinterpret_cast<const char*>(expected.data()), static_cast<std::streamsize>(expected.size()));
  npy.close();

  const std::string out = dir_.Path() + "/compare";
  ASSERT_EQ(RunTool(std::string(ASIM_DUMP_COMPARE) + " -m " + dump_ + " -g " + golden + " -o " + out), 0);
  const auto results = Files(out);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_TRUE(std::regex_match(results[0], std::regex(R"(result_\d{14}\.csv)"))) << results[0];
  std::ifstream csv(out + "/" + results[0]);
  std::string line, relu_line;
  std::getline(csv, line);
  EXPECT_EQ(line.rfind("Index,OpType,NPUDump,DataType,Address,GroundTruth,DataType,TensorIndex,Shape,"
                       "CosineSimilarity,",
                       0),
            0u)
      << line;
  while (std::getline(csv, line)) {
    if (line.find(",relu1,") != std::string::npos) relu_line = line;
  }
  ASSERT_FALSE(relu_line.empty());
  // ...,relu1:output:0,"[1,8,16,16]",<cosine>,...
  const size_t shape_end = relu_line.find("]\",");
  ASSERT_NE(shape_end, std::string::npos) << relu_line;
  const double cosine = std::stod(relu_line.substr(shape_end + 3));
  EXPECT_GE(cosine, 0.999) << relu_line;

  // A dump file that cannot be read (truncated, as by a full disk) is not left out: its op
  // gets a row with the reason and the run fails; so does a run that compares nothing.
  for (const std::string& f : Files(dump_)) {
    if (f.find(".relu1.") != std::string::npos) fs::resize_file(dump_ + "/" + f, 5);
  }
  const std::string out2 = dir_.Path() + "/compare2";
  EXPECT_EQ(RunTool(std::string(ASIM_DUMP_COMPARE) + " -m " + dump_ + " -g " + golden + " -o " + out2), 1);
  const auto results2 = Files(out2);
  ASSERT_EQ(results2.size(), 1u);
  std::ifstream csv2(out2 + "/" + results2[0]);
  std::string relu_row;
  while (std::getline(csv2, line)) {
    if (line.find(",relu1,") != std::string::npos) relu_row = line;
  }
  EXPECT_FALSE(relu_row.empty()) << "the unreadable dump of relu1 has no row";
  const std::string empty = dir_.Path() + "/empty_truth";
  fs::create_directories(empty);
  EXPECT_EQ(RunTool(std::string(ASIM_DUMP_COMPARE) + " -m " + dump_ + " -g " + empty + " -o " + out2), 1);
}

TEST_F(DumpTest, CreateAndGetOpDescFindsADumpedTask) {
  Init(DumpSection(R"("dump_list": [{"model_name": "conv_relu", "layer": ["relu1"]}])"));
  Execute(Load());
  char name[64] = {};
  aclTensorDesc* inputs = nullptr;
  aclTensorDesc* outputs = nullptr;
  size_t num_inputs = 0, num_outputs = 0;
  // The ids come from the dump file name (an exception callback gives the same three).
  std::vector<DumpPath> files;
  for (int i = 0; i < 1000 && files.empty(); ++i) {  // the writer thread may still be busy
    files = Dumped();
    if (files.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_EQ(files.size(), 1u);
  const uint32_t stream = std::stoul(files[0].stream_id), task = std::stoul(files[0].task_id);
  ASSERT_EQ(aclmdlCreateAndGetOpDesc(0, stream, task, name, sizeof(name), &inputs, &num_inputs, &outputs, &num_outputs),
            ACL_SUCCESS)
      << RecentMsg();
  EXPECT_STREQ(name, "relu1");
  ASSERT_EQ(num_inputs, 1u);
  ASSERT_EQ(num_outputs, 1u);
  aclTensorDesc* out0 = aclGetTensorDescByIndex(outputs, 0);
  EXPECT_EQ(aclGetTensorDescFormat(out0), ACL_FORMAT_NC1HWC0);
  EXPECT_EQ(aclGetTensorDescType(out0), ACL_FLOAT16);
  EXPECT_EQ(aclGetTensorDescNumDims(out0), 5u);
  EXPECT_NE(aclGetTensorDescAddress(out0), nullptr);
  EXPECT_EQ(aclGetTensorDescByIndex(outputs, 1), nullptr);
  aclDestroyTensorDesc(inputs);
  aclDestroyTensorDesc(outputs);

  char short_name[3];
  EXPECT_ACL_ERROR(aclmdlCreateAndGetOpDesc(0, stream, task, short_name, sizeof(short_name), &inputs, &num_inputs,
                                            &outputs, &num_outputs),
                   ACL_ERROR_INVALID_PARAM, "opNameLen");
  EXPECT_ACL_ERROR(aclmdlCreateAndGetOpDesc(0, stream, task + 100000, name, sizeof(name), &inputs, &num_inputs,
                                            &outputs, &num_outputs),
                   ACL_ERROR_INVALID_PARAM, "no operator");
  EXPECT_ACL_ERROR(
      aclmdlCreateAndGetOpDesc(0, stream, task, name, sizeof(name), nullptr, &num_inputs, &outputs, &num_outputs),
      ACL_ERROR_INVALID_PARAM, "inputDesc");
  Finalize();
}

}  // namespace
