// DumpObserver driven directly with task records (no streams): the directory layout of model
// and single-op tasks, inputs captured before an in-place kernel overwrites them, tensors in
// their device format with the original shape, the op name ranges, the model id threshold of
// aclmdlSetDump sessions, no work at all with the dump off, and inputs a model left out of
// memory loaded before they are dumped (or recorded for a failed op).
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <map>

#include "device_sim/memory/device_memory.h"
#include "dumpfmt/dump_file.h"
#include "dumpfmt/dump_naming.h"
#include "dumpfmt/dump_types.h"
#include "runtime/config/acl_config.h"
#include "runtime/dump/dump_manager.h"
#include "runtime/dump/dump_observer.h"
#include "runtime/observe/kernel_task.h"
#include "scratch_dir.h"

namespace asim::dump {
namespace {

class DumpObserverTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(sim::DeviceMemory::Create(0, sim::MemKind::kHbm, uint64_t{64} << 20, false, &memory_).ok());
    ASSERT_TRUE(memory_->Allocate(4096, 0, sim::PageKind::kNormal, "test", &buffer_).ok());
    ASSERT_TRUE(memory_->Translate(buffer_, 4096, reinterpret_cast<void**>(&host_)).ok());
    for (int i = 0; i < 4096; ++i) host_[i] = static_cast<uint8_t>(i);
    observer_ = std::make_unique<DumpObserver>(&manager_, 0, memory_.get());
  }
  void TearDown() override {
    manager_.OnFinalize();
    observer_.reset();
    (void)memory_->Free(buffer_);
  }

  void Configure(const std::string& rest) {
    cfg::AclConfig config;
    const std::string json = R"({"dump": {"dump_path": ")" + dir_.Path() + "\", " + rest + "}}";
    ASSERT_TRUE(cfg::ParseAclConfigString(json, "acl.json", &config).ok());
    const Status st = manager_.OnInit(config);
    ASSERT_TRUE(st.ok()) << st.message();
  }

  // A Relu-like task: input at offset 0, output at offset 1024, both fp16 NC1HWC0 of NCHW
  // [1,3,2,2] ([1,1,2,2,16], 128 bytes).
  std::shared_ptr<observe::KernelTaskInfo> Info(uint32_t model_id, uint64_t execution, const std::string& op) {
    auto info = std::make_shared<observe::KernelTaskInfo>();
    info->model_id = model_id;
    info->execution = execution;
    info->model_name = "my.model";
    info->op_name = op;
    info->op_type = "Relu";
    om::TensorDesc d;
    d.dtype = DataType::kFloat16;
    d.format = Format::kNc1hwc0;
    d.dims = {1, 1, 2, 2, 16};
    d.origin_format = Format::kNchw;
    d.origin_dims = {1, 3, 2, 2};
    info->inputs.push_back({d, buffer_, 128});
    info->outputs.push_back({d, static_cast<uint8_t*>(buffer_) + 1024, 128});
    return info;
  }

  sim::TaskRecord Record(const observe::KernelTaskInfo& info, uint64_t task_id) {
    sim::TaskRecord r;
    r.device_id = 0;
    r.stream_id = 5;
    r.task_id = task_id;
    r.kind = sim::TaskKind::kKernel;
    r.name = info.op_name;
    r.op_type = info.op_type;
    r.info = &info;
    return r;
  }

  void Run(const observe::KernelTaskInfo& info, uint64_t task_id, bool overwrite_input = false) {
    const sim::TaskRecord r = Record(info, task_id);
    observer_->OnTaskBegin(r);
    if (overwrite_input) std::memset(host_, 0xEE, 128);  // an in-place kernel
    observer_->OnTaskEnd(r, Status::Ok());
  }

  void Flush() {
    // Finalize flushes the writer (and ends the session).
    manager_.OnFinalize();
  }

  testing::ScratchDir dir_;
  DumpManager manager_;  // the test's own (declared first: outlives the observer)
  std::unique_ptr<sim::DeviceMemory> memory_;
  void* buffer_ = nullptr;
  uint8_t* host_ = nullptr;
  std::unique_ptr<DumpObserver> observer_;
};

TEST_F(DumpObserverTest, ModelTaskFileInTheRealLayout) {
  Configure(R"("dump_list": [{"model_name": "my.model"}], "dump_mode": "all")");
  auto info = Info(7, 3, "relu/1");
  Run(*info, 42, /*overwrite_input=*/true);
  Flush();
  const auto files = dir_.Files();
  ASSERT_EQ(files.size(), 1u);
  const std::filesystem::path rel(files[0]);
  // {time}/{device}/{model}/{model_id}/{data_index}/{file}
  std::vector<std::string> parts;
  for (const auto& p : rel) parts.push_back(p.string());
  ASSERT_EQ(parts.size(), 6u) << files[0];
  EXPECT_EQ(parts[0].size(), 14u);
  EXPECT_EQ(parts[1], "0");
  EXPECT_EQ(parts[2], "my_model");
  EXPECT_EQ(parts[3], "7");
  EXPECT_EQ(parts[4], "3");
  DumpFileNameParts name;
  ASSERT_TRUE(ParseDumpFileName(parts[5], &name)) << parts[5];
  EXPECT_EQ(name.op_type, "Relu");
  EXPECT_EQ(name.op_name, "relu_1");
  EXPECT_EQ(name.task_id, 42u);
  EXPECT_EQ(name.stream_id, 5u);
  EXPECT_EQ(std::to_string(name.timestamp).size(), 16u);

  DumpRecord r;
  ASSERT_TRUE(ReadDumpFile(dir_ / files[0], &r).ok());
  EXPECT_EQ(r.version, "2.0");
  EXPECT_EQ(r.op_name, "relu/1");
  EXPECT_EQ(r.dump_time, name.timestamp);
  ASSERT_EQ(r.inputs.size(), 1u);
  ASSERT_EQ(r.outputs.size(), 1u);
  // The input as it was before the kernel overwrote it.
  std::vector<uint8_t> before(128);
  for (int i = 0; i < 128; ++i) before[i] = static_cast<uint8_t>(i);
  EXPECT_EQ(r.inputs[0].data, before);
  EXPECT_EQ(r.outputs[0].data, std::vector<uint8_t>(host_ + 1024, host_ + 1024 + 128));
  EXPECT_EQ(r.outputs[0].format, kFormatNc1hwc0);
  EXPECT_EQ(r.outputs[0].data_type, kDtFloat16);
  EXPECT_EQ(r.outputs[0].shape, (std::vector<uint64_t>{1, 1, 2, 2, 16}));
  EXPECT_EQ(r.outputs[0].original_shape, (std::vector<uint64_t>{1, 3, 2, 2}));
  ASSERT_TRUE(r.outputs[0].original_op.has_value());
  EXPECT_EQ(r.outputs[0].original_op->name, "relu/1");
  EXPECT_EQ(r.outputs[0].original_op->format, kFormatNchw);
  EXPECT_EQ(r.outputs[0].address, reinterpret_cast<uint64_t>(buffer_) + 1024);
}

TEST_F(DumpObserverTest, SingleOpTasksNeedTheOpSwitch) {
  Configure(R"("dump_list": [{"model_name": "my.model"}])");
  auto single = Info(0, 0, "add_op");
  Run(*single, 1);
  Flush();
  EXPECT_TRUE(dir_.Files().empty());
  Configure(R"("dump_list": [], "dump_op_switch": "on")");
  Run(*single, 2);
  auto model_task = Info(3, 0, "relu1");
  Run(*model_task, 3);  // dump_list is empty: no model is dumped
  Flush();
  const auto files = dir_.Files();
  ASSERT_EQ(files.size(), 1u);
  // {time}/{device}/{file}
  const std::filesystem::path rel(files[0]);
  EXPECT_EQ(std::distance(rel.begin(), rel.end()), 3) << files[0];
}

TEST_F(DumpObserverTest, OpNameRangesFollowExecutionOrder) {
  Configure(R"("dump_list": [{"model_name": "my.model", "opname_range": [{"begin": "b", "end": "c"}]}])");
  uint64_t task = 1;
  for (uint64_t execution = 0; execution < 2; ++execution) {
    for (const char* op : {"a", "b", "x", "c", "d"}) Run(*Info(1, execution, op), task++);
  }
  Flush();
  std::vector<std::string> ops;
  for (const std::string& f : dir_.Files()) {
    DumpFileNameParts p;
    ASSERT_TRUE(ParseDumpFileName(std::filesystem::path(f).filename().string(), &p));
    ops.push_back(std::filesystem::path(f).parent_path().filename().string() + ":" + p.op_name);
  }
  std::sort(ops.begin(), ops.end());
  EXPECT_EQ(ops, (std::vector<std::string>{"0:b", "0:c", "0:x", "1:b", "1:c", "1:x"}));
}

TEST_F(DumpObserverTest, NothingHappensWithTheDumpOff) {
  auto info = Info(1, 0, "relu1");
  Run(*info, 1);
  EXPECT_FALSE(manager_.active());
  EXPECT_TRUE(dir_.Files().empty());
}

TEST_F(DumpObserverTest, FailedTasksAreRememberedForOpDescQueries) {
  auto info = Info(1, 0, "relu1");
  const sim::TaskRecord r = Record(*info, 99);
  observer_->OnTaskBegin(r);
  observer_->OnTaskEnd(r, Status(err::kInternalError, "boom"));
  OpDescRecord d;
  ASSERT_TRUE(manager_.FindOpDesc(0, 5, 99, &d).ok());
  EXPECT_EQ(d.op_name, "relu1");
  ASSERT_EQ(d.inputs.size(), 1u);
  EXPECT_EQ(d.inputs[0].desc.format, Format::kNc1hwc0);
  EXPECT_EQ(d.inputs[0].address, buffer_);
  EXPECT_EQ(manager_.FindOpDesc(0, 5, 100, &d).code(), err::kInvalidParam);
}

// Inputs a model left out of memory (weights only a prepared copy reads): the observer asks
// for them (KernelTaskInfo::LoadInputs) before it copies them, and dumps them empty, with a
// logged error, when they cannot be read back.
TEST_F(DumpObserverTest, InputsAreLoadedBeforeTheyAreDumped) {
  Configure(R"("dump_list": [{"model_name": "my.model"}], "dump_mode": "input")");
  auto info = Info(1, 0, "conv1");
  int loads = 0;
  info->load_inputs = [&] {
    ++loads;
    for (int i = 0; i < 128; ++i) host_[i] = static_cast<uint8_t>(200 - i);  // what the file holds
    return Status::Ok();
  };
  std::memset(host_, 0, 128);  // left out of memory: reads as zero
  Run(*info, 1);
  auto failing = Info(1, 0, "conv2");
  failing->load_inputs = [] { return Status(err::kDeserializeModel, "model file 'm.om' changed since it was loaded"); };
  Run(*failing, 2);
  Flush();
  EXPECT_EQ(loads, 1);
  std::map<std::string, DumpRecord> records;
  for (const std::string& f : dir_.Files()) {
    DumpRecord r;
    ASSERT_TRUE(ReadDumpFile(dir_ / f, &r).ok());
    records[r.op_name] = std::move(r);
  }
  ASSERT_EQ(records.size(), 2u);
  ASSERT_EQ(records["conv1"].inputs.size(), 1u);
  std::vector<uint8_t> loaded(128);
  for (int i = 0; i < 128; ++i) loaded[i] = static_cast<uint8_t>(200 - i);
  EXPECT_EQ(records["conv1"].inputs[0].data, loaded);
  ASSERT_EQ(records["conv2"].inputs.size(), 1u);
  EXPECT_TRUE(records["conv2"].inputs[0].data.empty()) << "not the zeros of memory left out";
}

TEST_F(DumpObserverTest, AFailedTaskLoadsItsInputsForLaterReads) {
  auto info = Info(1, 0, "conv1");
  int loads = 0;
  info->load_inputs = [&] {
    ++loads;
    return Status::Ok();
  };
  const sim::TaskRecord ok = Record(*info, 1);
  observer_->OnTaskBegin(ok);
  observer_->OnTaskEnd(ok, Status::Ok());
  EXPECT_EQ(loads, 0) << "the dump is off and the task succeeded: nothing reads its inputs";
  const sim::TaskRecord failed = Record(*info, 2);
  observer_->OnTaskBegin(failed);
  observer_->OnTaskEnd(failed, Status(err::kInternalError, "boom"));
  EXPECT_EQ(loads, 1);
}

}  // namespace
}  // namespace asim::dump
