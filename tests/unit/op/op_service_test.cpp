// The single-op service (runtime/op/op_service.h), the test's own, on a device the test owns
// (tests/support/sim_device), without aclInit: compilation on demand by policy, execution on
// the caller's stream with the buffers checked, output shapes, shape inference for a chip.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "runtime/op/compile_options.h"
#include "runtime/op/op_catalog.h"
#include "runtime/op/op_runner.h"
#include "runtime/op/op_service.h"
#include "tests/support/sim_device/test_device.h"

namespace asim::op {
namespace {

using asim::testing::TestDevice;

OpCall AddCall(std::vector<int64_t> dims) {
  OpCall c;
  c.op_type = "Add";
  c.inputs = {TensorDesc(DataType::kFloat, Format::kNd, dims), TensorDesc(DataType::kFloat, Format::kNd, dims)};
  c.outputs = {TensorDesc(DataType::kFloat, Format::kNd, dims)};
  return c;
}

class SingleOpService : public ::testing::Test {
 protected:
  void SetUp() override {
    // The test's own device: no rt::Runtime anywhere (this binary links nothing of runtime/api).
    ASSERT_TRUE(dev_.context());
    target_.device = dev_.context();
    target_.stream = dev_.Stream();
  }
  void TearDown() override {
    (void)service_.runner().Release(-1);  // the loaded op models go before the test's device
  }
  const sim::SocSpec& spec() { return dev_.device().spec(); }
  Status Sync() { return dev_.device().scheduler().SynchronizeStream(target_.stream->hw(), -1); }

  TestDevice dev_{"Ascend310"};
  OpTarget target_;
  OpService service_;  // the test's own
};

TEST_F(SingleOpService, WithoutAModelOrOnlineCompilationTheOpIsNotFound) {
  OpCall call = AddCall({2, 3});
  std::shared_ptr<const OpModelEntry> entry;
  const Status st = service_.PrepareOp(&call, CompilePolicy::kIfOnline, spec(), &entry);
  EXPECT_EQ(st.code(), err::kOpNotFound) << st.message();
}

TEST_F(SingleOpService, CompiledOnDemandAndRunOnTheCallersStream) {
  OpCall call = AddCall({2, 3});
  std::shared_ptr<const OpModelEntry> entry;
  Status st = service_.PrepareOp(&call, CompilePolicy::kAlways, spec(), &entry);
  ASSERT_TRUE(st.ok()) << st.message();
  ASSERT_TRUE(entry);
  void* a = dev_.Alloc(24);
  void* b = dev_.Alloc(24);
  void* c = dev_.Alloc(24);
  dev_.Put(a, std::vector<float>{1, 2, 3, 4, 5, 6});
  dev_.Put(b, std::vector<float>{10, 20, 30, 40, 50, 60});
  st = service_.RunOp(entry, &call, {{a, 24}, {b, 24}}, {{c, 24}}, target_);
  ASSERT_TRUE(st.ok()) << st.message();
  ASSERT_TRUE(Sync().ok());
  EXPECT_EQ(dev_.Get<float>(c, 6), (std::vector<float>{11, 22, 33, 44, 55, 66}));
  EXPECT_EQ(service_.runner().loaded_count(), 1u);

  // The same call again finds the compiled model in the catalog (no second compilation).
  OpCall again = AddCall({2, 3});
  std::shared_ptr<const OpModelEntry> found;
  st = service_.PrepareOp(&again, CompilePolicy::kIfOnline, spec(), &found);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(found.get(), entry.get());
}

TEST_F(SingleOpService, BuffersAreCheckedAgainstTheDescs) {
  OpCall call = AddCall({2, 3});
  std::shared_ptr<const OpModelEntry> entry;
  ASSERT_TRUE(service_.PrepareOp(&call, CompilePolicy::kAlways, spec(), &entry).ok());
  void* a = dev_.Alloc(24);
  void* c = dev_.Alloc(24);
  Status st = service_.RunOp(entry, &call, {{a, 24}, {a, 16}}, {{c, 24}}, target_);
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_NE(st.message().find("inputs[1] has 16 bytes"), std::string::npos) << st.message();
  st = service_.RunOp(entry, &call, {{a, 24}, {nullptr, 24}}, {{c, 24}}, target_);
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_NE(st.message().find("inputs[1]'s data is NULL"), std::string::npos) << st.message();
  OpTarget nowhere;
  st = service_.RunOp(entry, &call, {{a, 24}, {a, 24}}, {{c, 24}}, nowhere);
  EXPECT_EQ(st.code(), err::kInternalError);
}

TEST_F(SingleOpService, ShapesAreInferredForTheGivenChip) {
  OpCall call = AddCall({2, 3});
  call.inputs[1] = TensorDesc(DataType::kFloat, Format::kNd, {1, 3});  // broadcast
  call.outputs[0] = TensorDesc(DataType::kFloat, Format::kNd, {-1, -1});
  ASSERT_TRUE(InferOpShape(&call, spec()).ok());
  EXPECT_EQ(call.outputs[0].dims(), (std::vector<int64_t>{2, 3}));
  OpCall nameless;
  EXPECT_EQ(InferOpShape(&nameless, spec()).code(), err::kInvalidParam);
}

}  // namespace
}  // namespace asim::op
