// runtime/profiling's record conversion (task_convert.h) without aclInit: the simulator's
// task records, with and without the executor's KernelTaskInfo, to the profiling data
// model; the chip info; and the records of a real model execution on a device the test
// owns (tests/support/sim_device), converted as the profiler does.
#include <gtest/gtest.h>

#include <memory>
#include <mutex>
#include <vector>

#include "runtime/model/loaded_model.h"
#include "runtime/observe/kernel_task.h"
#include "runtime/profiling/task_convert.h"
#include "tests/support/sim_device/test_device.h"
#include "tests/unit/model/hand_models.h"

namespace asim::prof {
namespace {

sim::SocSpec Spec(const char* soc) {
  sim::SocSpec spec;
  EXPECT_TRUE(sim::LoadSocSpec(soc, &spec).ok());
  return spec;
}

TEST(TaskConvert, ACopyHasNoOpInfo) {
  sim::TaskRecord r;
  r.device_id = 1;
  r.stream_id = 3;
  r.task_id = 7;
  r.kind = sim::TaskKind::kMemcpy;
  r.engine = sim::EngineKind::kDmaH2D;
  r.name = "MemcpyAsync";
  r.bytes = 4096;
  r.start_ps = 1000;
  r.end_ps = 5000;
  r.wait_ps = 200;
  const profdata::DeviceTask t = ConvertTask(r, /*ok=*/true, nullptr);
  EXPECT_EQ(t.device_id, 1u);
  EXPECT_EQ(t.stream_id, 3u);
  EXPECT_EQ(t.task_id, 7u);
  EXPECT_EQ(t.kind, profdata::TaskKind::kMemcpy);
  EXPECT_EQ(t.engine, profdata::Engine::kDmaH2D);
  EXPECT_EQ(t.name, "MemcpyAsync");
  EXPECT_EQ(t.bytes, 4096u);
  EXPECT_EQ(t.start_ps, 1000u);
  EXPECT_EQ(t.end_ps, 5000u);
  EXPECT_EQ(t.wait_ps, 200u);
  EXPECT_TRUE(t.ok);
  EXPECT_FALSE(t.has_op_info);
  EXPECT_FALSE(t.counters.valid);
  EXPECT_EQ(t.DisplayModelId(), profdata::kNoModelId);
}

TEST(TaskConvert, AModelKernelCarriesItsOpTensorsAndCounters) {
  observe::KernelTaskInfo info;
  info.model_id = 4;
  info.execution = 2;
  info.model_name = "resnet";
  info.op_name = "conv1";
  info.op_type = "Conv2D";
  info.block_dim = 8;
  om::TensorDesc x{DataType::kFloat16, Format::kNc1hwc0, {1, 1, 224, 224, 16}, Format::kNchw, {1, 3, 224, 224}};
  info.inputs.push_back({x, nullptr, 0});
  info.outputs.push_back({om::TensorDesc{DataType::kFloat16, Format::kNd, {4}, Format::kUndefined, {}}, nullptr, 8});
  info.estimate.block_dim = 8;
  info.estimate.cores_used = 2;
  info.estimate.waves = 4;
  info.estimate.cube_cycles = 1000;
  info.estimate.total_cycles = 1500;
  info.estimate.critical_pipe = sim::CriticalPipe::kCube;
  info.work.cube_macs = 123456;
  info.work.cube_dtype = DataType::kFloat16;
  info.work.mte2_bytes = 1000;
  info.work.mte3_bytes = 500;
  info.hints.mte2_l2_hit_bytes = 5000;  // more than was read: capped at mte2_bytes
  info.hints.mte3_l2_resident_bytes = 100;
  sim::TaskRecord r;
  r.kind = sim::TaskKind::kKernel;
  r.name = "task name";
  r.op_type = "task type";
  r.info = &info;
  const profdata::DeviceTask t = ConvertTask(r, /*ok=*/false, nullptr);
  EXPECT_FALSE(t.ok);
  ASSERT_TRUE(t.has_op_info);
  EXPECT_EQ(t.model_id, 4u);
  EXPECT_EQ(t.DisplayModelId(), 4u);
  EXPECT_EQ(t.model_name, "resnet");
  EXPECT_EQ(t.execution, 2u);
  EXPECT_EQ(t.name, "conv1");  // the op's, not the task's
  EXPECT_EQ(t.op_type, "Conv2D");
  EXPECT_EQ(t.block_dim, 8u);
  ASSERT_EQ(t.inputs.size(), 1u);
  EXPECT_EQ(t.inputs[0].dtype, "FLOAT16");
  EXPECT_EQ(t.inputs[0].format, "NC1HWC0");
  EXPECT_EQ(t.inputs[0].dims, (std::vector<int64_t>{1, 1, 224, 224, 16}));
  ASSERT_EQ(t.outputs.size(), 1u);
  EXPECT_EQ(t.outputs[0].format, "ND");
  ASSERT_TRUE(t.counters.valid);
  EXPECT_EQ(t.counters.cores_used, 2u);
  EXPECT_EQ(t.counters.waves, 4u);
  EXPECT_EQ(t.counters.cube_cycles, 1000u);
  EXPECT_EQ(t.counters.total_cycles, 1500u);
  EXPECT_EQ(t.counters.critical_pipe, std::string(sim::CriticalPipeName(sim::CriticalPipe::kCube)));
  EXPECT_EQ(t.counters.cube_macs, 123456u);
  EXPECT_EQ(t.counters.cube_dtype, "FLOAT16");
  EXPECT_EQ(t.counters.l2_hit_bytes, 1000u);
  EXPECT_EQ(t.counters.l2_resident_bytes, 100u);
  EXPECT_TRUE(t.aicpu_reason.empty());  // an AI Core op

  // A single op (model id 0) shows no model id.
  info.model_id = 0;
  EXPECT_EQ(ConvertTask(r, true, nullptr).DisplayModelId(), profdata::kNoModelId);
}

TEST(TaskConvert, AnAiCpuOpSaysWhyItIsNotOnAiCore) {
  observe::KernelTaskInfo info;
  info.op_name = "nz";
  info.op_type = "NonZero";
  info.ai_cpu = true;
  info.inputs.push_back({om::TensorDesc{DataType::kFloat, Format::kNd, {3, 4}, Format::kUndefined, {}}, nullptr, 48});
  sim::TaskRecord r;
  r.kind = sim::TaskKind::kKernel;
  r.engine = sim::EngineKind::kAiCpu;
  r.info = &info;
  const sim::SocSpec spec = Spec("Ascend310");
  const profdata::DeviceTask t = ConvertTask(r, true, &spec);
  EXPECT_EQ(t.aicpu_reason, "no AI Core kernel for op type NonZero");
  EXPECT_TRUE(ConvertTask(r, true, nullptr).aicpu_reason.empty());  // no chip, no reason
  // The converter's record (a model node's _aicpu_reason) wins: it knew the node's attributes
  // and its dims at conversion, which the registry asked now would not.
  info.op_type = "Cast";
  info.aicpu_reason = std::make_shared<const std::string>("Cast/AI_CORE: target dtype DT_INT64 is not supported");
  EXPECT_EQ(ConvertTask(r, true, &spec).aicpu_reason, "Cast/AI_CORE: target dtype DT_INT64 is not supported");
}

TEST(TaskConvert, ChipInfoComesFromTheSpec) {
  const sim::SocSpec spec = Spec("Ascend910B2");
  const profdata::ChipInfo c = ChipInfoOf(spec, 12345);
  EXPECT_EQ(c.soc_version, spec.soc_version);
  EXPECT_EQ(c.ai_core_count, spec.cores.ai_core_count);
  EXPECT_EQ(c.aicore_freq_mhz, spec.cores.aicore_freq_mhz);
  EXPECT_EQ(c.cube_fp16_macs_per_cycle, spec.cube.fp16_macs_per_cycle);
  EXPECT_EQ(c.l2_bytes, spec.buffers.l2_bytes);
  EXPECT_EQ(c.split_cube_vector, spec.split_cube_vector);
  EXPECT_EQ(c.sim_zero_wall_ns, 12345u);
  EXPECT_FALSE(c.host_vector_isa.empty());
}

TEST(TaskConvert, DtypeTextDropsThePrefix) {
  EXPECT_EQ(DtypeText("DT_FLOAT16"), "FLOAT16");
  EXPECT_EQ(DtypeText("FLOAT"), "FLOAT");
  EXPECT_EQ(DtypeText(nullptr), "");
}

// What the profiler records from a real execution, converted on each task's end.
class Converter : public sim::TaskObserver {
 public:
  explicit Converter(const sim::SocSpec* spec) : spec_(spec) {}
  void OnTaskEnd(const sim::TaskRecord& record, const Status& result) override {
    std::lock_guard<std::mutex> lock(mutex);
    tasks.push_back(ConvertTask(record, result.ok(), spec_));
  }
  std::mutex mutex;
  std::vector<profdata::DeviceTask> tasks;

 private:
  const sim::SocSpec* spec_;
};

TEST(TaskConvert, AModelExecutionOnADeviceOfTheTestsOwn) {
  asim::testing::TestDevice dev;  // no rt::Runtime anywhere: this binary links nothing of runtime/api
  auto converter = std::make_shared<Converter>(&dev.device().spec());
  dev.device().scheduler().AddObserver(converter);
  std::shared_ptr<model::LoadedModel> loaded;
  auto m = std::make_shared<const om::Model>(asim::testing::NonZeroModel(3, 4));
  Status st = model::LoadedModel::Load(m, model::LoadMemory{}, dev.context(), 9, &loaded);
  ASSERT_TRUE(st.ok()) << st.message();
  model::ExecuteRequest request;
  request.inputs = {model::IoBuffer{dev.Alloc(48), 48, nullptr}};
  request.outputs = {model::IoBuffer{dev.Alloc(96), 96, nullptr}};
  dev.Put(request.inputs[0].data, std::vector<float>{1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0});
  st = loaded->Execute(request);
  ASSERT_TRUE(st.ok()) << st.message();
  dev.device().scheduler().RemoveObserver(converter.get());

  std::lock_guard<std::mutex> lock(converter->mutex);
  std::vector<profdata::DeviceTask> kernels;
  for (const auto& t : converter->tasks) {
    if (t.has_op_info) kernels.push_back(t);
  }
  ASSERT_EQ(kernels.size(), 3u);
  EXPECT_EQ(kernels[0].name, "nonzero");
  EXPECT_EQ(kernels[0].engine, profdata::Engine::kAiCpu);
  EXPECT_EQ(kernels[0].aicpu_reason, "no AI Core kernel for op type NonZero");
  EXPECT_EQ(kernels[2].name, "add");
  EXPECT_EQ(kernels[2].engine, profdata::Engine::kAiCore);
  EXPECT_TRUE(kernels[2].aicpu_reason.empty());
  for (size_t i = 0; i < kernels.size(); ++i) {
    EXPECT_EQ(kernels[i].model_id, 9u);
    EXPECT_EQ(kernels[i].model_name, "nonzero_cast_add");
    EXPECT_EQ(kernels[i].execution, 0u);
    EXPECT_TRUE(kernels[i].ok);
    EXPECT_GT(kernels[i].end_ps, kernels[i].start_ps);
    if (i > 0) {
      EXPECT_GE(kernels[i].start_ps, kernels[i - 1].end_ps);  // one stream, in order
    }
    ASSERT_EQ(kernels[i].outputs.size(), 1u);
    EXPECT_EQ(kernels[i].outputs[0].dims, (std::vector<int64_t>{2, 2}));  // the actual dims
  }
  EXPECT_EQ(kernels[0].outputs[0].dtype, "INT64");
}

}  // namespace
}  // namespace asim::prof
