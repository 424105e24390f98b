// Unit tests of the model executor itself (runtime/model: LoadedModel, ModelManager) on a
// device the test owns (tests/support/sim_device), without aclInit: nothing in runtime/model
// may reach for process state. Covers load checks, static execution, gears (chosen by the
// request and by the dynamic input's value), data-dependent output dims (returned by a
// synchronous execution, seen by observers, kept as the latest for GetCurOutputDims), how a
// failure inside one node propagates (named, later nodes skipped, the stream still usable),
// asynchronous execution on an application stream, and the dataset checks.
#include <gtest/gtest.h>

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "base/status.h"
#include "hand_models.h"
#include "om/om_writer.h"
#include "runtime/model/loaded_model.h"
#include "runtime/model/model_manager.h"
#include "runtime/observe/kernel_task.h"
#include "tests/support/sim_device/test_device.h"

namespace asim::model {
namespace {

using asim::testing::TestDevice;

std::shared_ptr<const om::Model> Shared(om::Model m) {
  return std::make_shared<const om::Model>(std::move(m));
}

// Records every kernel task's op name and output dims as observers see them at the end.
class Recorder : public observe::KernelTaskObserver {
 public:
  void OnKernelEnd(const sim::TaskRecord& /*record*/, const observe::KernelTaskInfo& info,
                   const Status& result) override {
    std::lock_guard<std::mutex> lock(mutex_);
    ops.push_back(info.op_name);
    dims.push_back(info.outputs.empty() ? std::vector<int64_t>{} : info.outputs[0].desc.dims);
    ok.push_back(result.ok());
  }
  std::mutex mutex_;
  std::vector<std::string> ops;
  std::vector<std::vector<int64_t>> dims;
  std::vector<bool> ok;
};

class Executor : public ::testing::Test {
 protected:
  void SetUp() override {
    // The point of these tests: the executor runs on the test's own device, with no runtime
    // (no rt::Runtime, no aclInit: this binary links nothing of runtime/api).
    ASSERT_TRUE(dev_.context());
  }
  std::shared_ptr<LoadedModel> Load(om::Model m, uint32_t id = 1) {
    std::shared_ptr<LoadedModel> loaded;
    const Status st = LoadedModel::Load(Shared(std::move(m)), LoadMemory{}, dev_.context(), id, &loaded);
    EXPECT_TRUE(st.ok()) << st.message();
    return loaded;
  }
  IoBuffer Buffer(size_t bytes) { return IoBuffer{dev_.Alloc(bytes), bytes, nullptr}; }

  TestDevice dev_;
};

TEST_F(Executor, StaticModelComputesOnTheDevice) {
  auto model = Load(asim::testing::AddReluModel("Ascend310", 4, 8));
  ASSERT_TRUE(model);
  ExecuteRequest request;
  request.inputs = {Buffer(128), Buffer(128)};
  request.outputs = {Buffer(128)};
  std::vector<float> a(32), b(32);
  for (size_t i = 0; i < 32; ++i) {
    a[i] = static_cast<float>(i) - 16.0f;
    b[i] = 0.5f;
  }
  dev_.Put(request.inputs[0].data, a);
  dev_.Put(request.inputs[1].data, b);
  ExecuteResult result;
  const Status st = model->Execute(request, &result);
  ASSERT_TRUE(st.ok()) << st.message();
  const std::vector<float> y = dev_.Get<float>(request.outputs[0].data, 32);
  for (size_t i = 0; i < 32; ++i) EXPECT_FLOAT_EQ(y[i], std::max(a[i] + b[i], 0.0f)) << i;
  ASSERT_EQ(result.data_dependent_dims.size(), 1u);
  EXPECT_TRUE(result.data_dependent_dims[0].empty());  // a static output reports no actual dims
  EXPECT_EQ(model->current_gear(), 0);
}

TEST_F(Executor, ModelsForAnotherChipAreRefusedAtLoad) {
  std::shared_ptr<LoadedModel> loaded;
  const Status st =
      LoadedModel::Load(Shared(asim::testing::AddReluModel("Ascend910B2")), LoadMemory{}, dev_.context(), 1, &loaded);
  EXPECT_EQ(st.code(), err::kGeLoadModel);
  EXPECT_NE(st.message().find("atc --soc_version=Ascend310"), std::string::npos) << st.message();
}

TEST_F(Executor, GearsAreChosenByTheRequestOrByTheDynamicInput) {
  auto model = Load(asim::testing::DynamicAddReluModel("Ascend310", 8));
  ASSERT_TRUE(model);
  ExecuteRequest request;
  request.inputs = {Buffer(4 * 8 * 4), Buffer(4 * 8 * 4), Buffer(8)};
  request.outputs = {Buffer(4 * 8 * 4)};
  dev_.Put(request.inputs[0].data, std::vector<float>(32, 1.0f));
  dev_.Put(request.inputs[1].data, std::vector<float>(32, 2.0f));
  dev_.Put(request.outputs[0].data, std::vector<float>(32, -1.0f));

  request.dynamic_gear = {2};  // aclmdlSetDynamicBatchSize(2): gear 1 of {1}, {2}, {4}
  Status st = model->Execute(request);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(model->current_gear(), 1);
  std::vector<float> y = dev_.Get<float>(request.outputs[0].data, 32);
  for (size_t i = 0; i < 32; ++i) EXPECT_EQ(y[i], i < 16 ? 3.0f : -1.0f) << i;  // 2 rows only

  request.dynamic_gear.clear();  // the device reads the gear from the dynamic input
  dev_.Put(request.inputs[2].data, std::vector<int64_t>{4});
  st = model->Execute(request);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(model->current_gear(), 2);
  y = dev_.Get<float>(request.outputs[0].data, 32);
  for (size_t i = 0; i < 32; ++i) EXPECT_EQ(y[i], 3.0f) << i;

  dev_.Put(request.inputs[2].data, std::vector<int64_t>{3});  // not a gear
  st = model->Execute(request);
  EXPECT_EQ(st.code(), err::kGeDynamicBatchSizeInvalid);
  EXPECT_NE(st.message().find("selects [3], which is not one of its gears [1] [2] [4]"), std::string::npos)
      << st.message();
  EXPECT_EQ(model->current_gear(), 2);  // unchanged by the refused execution
}

TEST_F(Executor, DataDependentDimsAreReturnedObservedAndKept) {
  auto recorder = std::make_shared<Recorder>();
  dev_.device().scheduler().AddObserver(recorder);
  auto model = Load(asim::testing::NonZeroModel(3, 4));
  ASSERT_TRUE(model);
  ExecuteRequest request;
  request.inputs = {Buffer(12 * 4)};
  request.outputs = {Buffer(24 * 4)};
  dev_.Put(request.inputs[0].data, std::vector<float>{0, 1, 0, 2, 0, 0, 3, 0, 0, 0, 0, 4});
  ExecuteResult result;
  Status st = model->Execute(request, &result);
  ASSERT_TRUE(st.ok()) << st.message();
  ASSERT_EQ(result.data_dependent_dims.size(), 1u);
  EXPECT_EQ(result.data_dependent_dims[0], (std::vector<int64_t>{2, 4}));
  // NonZero's row and column indices (+1 from the Add), 4 non-zero elements.
  EXPECT_EQ(dev_.Get<float>(request.outputs[0].data, 8), (std::vector<float>{1, 1, 2, 3, 2, 4, 3, 4}));
  std::vector<int64_t> last;
  ASSERT_TRUE(model->LastOutputDims(0, &last));
  EXPECT_EQ(last, (std::vector<int64_t>{2, 4}));
  {
    std::lock_guard<std::mutex> lock(recorder->mutex_);
    ASSERT_EQ(recorder->ops, (std::vector<std::string>{"nonzero", "cast", "add"}));
    for (const auto& d : recorder->dims) EXPECT_EQ(d, (std::vector<int64_t>{2, 4}));  // actual, not the bound
  }

  dev_.Put(request.inputs[0].data, std::vector<float>(12, 0.0f));  // nothing non-zero: 0 columns
  st = model->Execute(request, &result);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(result.data_dependent_dims[0], (std::vector<int64_t>{2, 0}));
  ASSERT_TRUE(model->LastOutputDims(0, &last));
  EXPECT_EQ(last, (std::vector<int64_t>{2, 0}));
  dev_.device().scheduler().RemoveObserver(recorder.get());
}

TEST_F(Executor, SeveralComputedOutputsNextToAnExactOne) {
  auto model = Load(asim::testing::UniqueModel(6));
  ASSERT_TRUE(model);
  ExecuteRequest request;
  request.inputs = {Buffer(6 * 4)};
  request.outputs = {Buffer(6 * 4), Buffer(6 * 8), Buffer(6 * 8), Buffer(6 * 8)};
  dev_.Put(request.inputs[0].data, std::vector<float>{3, 1, 3, 2, 1, 3});
  ExecuteResult result;
  const Status st = model->Execute(request, &result);
  ASSERT_TRUE(st.ok()) << st.message();
  ASSERT_EQ(result.data_dependent_dims.size(), 4u);
  EXPECT_EQ(result.data_dependent_dims[0], (std::vector<int64_t>{3}));
  EXPECT_EQ(result.data_dependent_dims[1], (std::vector<int64_t>{3}));
  EXPECT_TRUE(result.data_dependent_dims[2].empty());  // inverse: [n], known at load
  EXPECT_EQ(result.data_dependent_dims[3], (std::vector<int64_t>{3}));
  EXPECT_EQ(dev_.Get<float>(request.outputs[0].data, 3), (std::vector<float>{1, 2, 3}));
  EXPECT_EQ(dev_.Get<int64_t>(request.outputs[3].data, 3), (std::vector<int64_t>{2, 1, 3}));
}

TEST_F(Executor, AFailingNodeIsNamedAndNothingDownstreamRunsOnStaleDims) {
  om::Model m = asim::testing::NonZeroAddCastModel();
  auto recorder = std::make_shared<Recorder>();
  dev_.device().scheduler().AddObserver(recorder);
  auto model = Load(std::move(m));
  ASSERT_TRUE(model);
  ExecuteRequest request;
  request.inputs = {Buffer(12 * 4)};
  request.outputs = {Buffer(24 * 4)};
  dev_.Put(request.inputs[0].data, std::vector<float>{0, 1, 0, 2, 0, 0, 3, 0, 4, 0, 0, 5});
  ExecuteResult result;
  Status st = model->Execute(request, &result);
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message().find("node 'add' (Add, AI_CPU): shape inference with the actual input dims failed"),
            std::string::npos)
      << st.message();
  {
    // The model's stream continues after a failure (ACL_CONTINUE_ON_FAILURE, the default):
    // the cast's task runs and does nothing, as its input was not produced (it neither reads
    // stale dims nor fails a second time: the add's failure is the execution's one error).
    std::lock_guard<std::mutex> lock(recorder->mutex_);
    EXPECT_EQ(recorder->ops, (std::vector<std::string>{"nonzero", "add", "cast"}));
    EXPECT_EQ(recorder->ok, (std::vector<bool>{true, false, true}));
    recorder->ops.clear();
    recorder->ok.clear();
  }
  std::vector<int64_t> last;
  EXPECT_FALSE(model->LastOutputDims(0, &last));  // no execution produced the output

  // On an application stream set to stop on failure (ACL_STOP_ON_FAILURE) the cast never runs.
  request.async = true;
  request.stream = dev_.Stream();
  request.stream->hw().SetStopOnFailure(true);
  st = model->Execute(request);
  ASSERT_TRUE(st.ok()) << st.message();  // submitted; the failure shows at synchronisation
  st = dev_.device().scheduler().SynchronizeStream(request.stream->hw(), -1);
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message().find("node 'add'"), std::string::npos) << st.message();
  {
    std::lock_guard<std::mutex> lock(recorder->mutex_);
    EXPECT_EQ(recorder->ops, (std::vector<std::string>{"nonzero", "add"}));
    recorder->ops.clear();
  }
  request.async = false;

  // The model (and its stream) stay usable: data that fits runs to the end.
  dev_.Put(request.inputs[0].data, std::vector<float>(12, 1.0f));
  st = model->Execute(request, &result);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(result.data_dependent_dims[0], (std::vector<int64_t>{2, 12}));
  dev_.device().scheduler().RemoveObserver(recorder.get());
}

TEST_F(Executor, AsynchronousExecutionRunsOnTheApplicationStream) {
  auto model = Load(asim::testing::NonZeroModel(2, 2));
  ASSERT_TRUE(model);
  ExecuteRequest request;
  request.inputs = {Buffer(4 * 4)};
  request.outputs = {Buffer(8 * 4)};
  dev_.Put(request.inputs[0].data, std::vector<float>{1, 0, 0, 1});
  request.async = true;
  Status st = model->Execute(request);
  EXPECT_EQ(st.code(), err::kInternalError) << "an asynchronous execution needs its stream resolved";

  request.stream = dev_.Stream();
  ExecuteResult result;
  st = model->Execute(request, &result);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_TRUE(result.data_dependent_dims.empty());  // nothing is known when Execute returns
  st = dev_.device().scheduler().SynchronizeStream(request.stream->hw(), -1);
  ASSERT_TRUE(st.ok()) << st.message();
  std::vector<int64_t> last;
  ASSERT_TRUE(model->LastOutputDims(0, &last));
  EXPECT_EQ(last, (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(dev_.Get<float>(request.outputs[0].data, 4), (std::vector<float>{1, 2, 1, 2}));

  TestDevice other("Ascend310", 1);
  request.stream = other.Stream();
  st = model->Execute(request);
  EXPECT_EQ(st.code(), err::kResourceNotMatch);
  EXPECT_NE(st.message().find("belongs to device 1"), std::string::npos) << st.message();
}

TEST_F(Executor, DatasetsAreCheckedBeforeAnythingRuns) {
  auto model = Load(asim::testing::AddReluModel("Ascend310", 4, 8));
  ASSERT_TRUE(model);
  ExecuteRequest request;
  request.inputs = {Buffer(128)};
  request.outputs = {Buffer(128)};
  Status st = model->Execute(request);
  EXPECT_EQ(st.code(), err::kModelInputNotMatch);
  EXPECT_NE(st.message().find("has 2 input(s)"), std::string::npos) << st.message();

  request.inputs.push_back(Buffer(64));  // too small
  st = model->Execute(request);
  EXPECT_EQ(st.code(), err::kModelInputNotMatch);
  EXPECT_NE(st.message().find("input 1 'x1' needs 128 bytes but its dataset buffer has 64"), std::string::npos)
      << st.message();

  std::vector<float> host(32);
  request.inputs[1] = IoBuffer{host.data(), 128, nullptr};  // host memory
  st = model->Execute(request);
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_NE(st.message().find("is not device memory of device 0"), std::string::npos) << st.message();
}

TEST(ModelManagerUnit, LoadsExecutesAndUnloadsWithoutTheRuntime) {
  TestDevice dev;        // no rt::Runtime anywhere: this binary links nothing of runtime/api
  ModelManager manager;  // its own, not the process's
  std::vector<uint8_t> bytes;
  ASSERT_TRUE(om::WriteModel(asim::testing::AddReluModel("Ascend310", 2, 2), &bytes).ok());
  uint32_t id = 0;
  Status st = manager.LoadFromMem(bytes.data(), bytes.size(), dev.context(), LoadMemory{}, &id);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(id, 1u);
  EXPECT_EQ(manager.loaded_count(), 1u);
  ExecuteRequest request;
  request.inputs = {IoBuffer{dev.Alloc(16), 16, nullptr}, IoBuffer{dev.Alloc(16), 16, nullptr}};
  request.outputs = {IoBuffer{dev.Alloc(16), 16, nullptr}};
  dev.Put(request.inputs[0].data, std::vector<float>{1, -2, 3, -4});
  dev.Put(request.inputs[1].data, std::vector<float>{1, 1, 1, 1});
  st = manager.Execute(id, request);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(dev.Get<float>(request.outputs[0].data, 4), (std::vector<float>{2, 0, 4, 0}));
  st = manager.LoadFromMem(bytes.data(), bytes.size(), nullptr, LoadMemory{}, &id);
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_EQ(manager.UnloadAll(-1, /*log_leaks=*/false), 1u);
  EXPECT_EQ(manager.Execute(1, request).code(), err::kInvalidModelId);
}

}  // namespace
}  // namespace asim::model
