// Model subscription (aclprofModelSubscribe): op records through a pipe, decoded with
// aclprofGetOp*, as the public samples' subscriber thread does; the conflicts and errors.
#include <fcntl.h>
#include <unistd.h>

#include <set>
#include <thread>

#include "prof_util.h"

namespace {

using namespace proftest;

class ProfSubscribe : public ::testing::Test {
 protected:
  void SetUp() override {
    if (ModelsDir().empty()) GTEST_SKIP() << "test models were not generated";
    unsetenv("PROFILING_MODE");
    unsetenv("PROFILING_OPTIONS");
    ASSERT_ACL_OK(aclInit(nullptr));
    ASSERT_ACL_OK(aclrtSetDevice(0));
    ASSERT_EQ(pipe(fds_), 0);
    inited_ = true;
  }
  void TearDown() override {
    if (!inited_) return;
    if (fds_[0] >= 0) close(fds_[0]);
    if (fds_[1] >= 0) close(fds_[1]);
    EXPECT_ACL_OK(aclrtResetDevice(0));
    EXPECT_ACL_OK(aclFinalize());
  }
  bool inited_ = false;
  int fds_[2] = {-1, -1};
};

// Loads `model`, returns its id (the model stays loaded).
uint32_t Load(const std::string& model) {
  uint32_t id = 0;
  EXPECT_ACL_OK(aclmdlLoadFromFile((ModelsDir() + "/" + model + ".om").c_str(), &id));
  return id;
}

TEST_F(ProfSubscribe, OpRecordsThroughThePipe) {
  size_t desc = 0;
  ASSERT_ACL_OK(aclprofGetOpDescSize(&desc));
  ASSERT_GT(desc, 0u);
  // The reader drains the pipe while the model runs (the public samples' pattern).
  std::string bytes;
  std::thread reader([&] {
    char buf[4096];
    ssize_t n;
    while ((n = read(fds_[0], buf, sizeof(buf))) > 0) bytes.append(buf, static_cast<size_t>(n));
  });
  aclprofSubscribeConfig* cfg = aclprofCreateSubscribeConfig(1, ACL_AICORE_PIPE_UTILIZATION, &fds_[1]);
  ASSERT_NE(cfg, nullptr) << conformance::RecentMsg();
  // Subscribing needs a loaded model.
  EXPECT_ACL_ERROR(aclprofModelSubscribe(9999, cfg), ACL_ERROR_INVALID_MODEL_ID, "9999");
  uint32_t id = 0;
  {
    // RunModel loads and unloads; subscribe in between through a second load of the same file.
    id = Load("small_cnn");
    ASSERT_ACL_OK(aclprofModelSubscribe(id, cfg));
    EXPECT_ACL_ERROR(aclprofModelSubscribe(id, cfg), ACL_ERROR_PROF_REPEAT_SUBSCRIBE, "already");
    // A running aclprof session conflicts with subscription.
    const std::string dir = FreshDir("sub_conflict");
    ASSERT_ACL_OK(aclprofInit(dir.c_str(), dir.size()));
    uint32_t devices[] = {0};
    aclprofConfig* pc = aclprofCreateConfig(devices, 1, ACL_AICORE_NONE, nullptr, ACL_PROF_TASK_TIME);
    EXPECT_ACL_ERROR(aclprofStart(pc), ACL_ERROR_PROF_API_CONFLICT, "subscribed");
    ASSERT_ACL_OK(aclprofDestroyConfig(pc));
    ASSERT_ACL_OK(aclprofFinalize());
  }
  // Execute the subscribed model: build its datasets through aclmdlDesc.
  aclmdlDesc* d = aclmdlCreateDesc();
  ASSERT_ACL_OK(aclmdlGetDesc(d, id));
  aclmdlDataset* in = aclmdlCreateDataset();
  aclmdlDataset* out = aclmdlCreateDataset();
  std::vector<void*> mem;
  for (size_t i = 0; i < aclmdlGetNumInputs(d); ++i) {
    void* p = nullptr;
    ASSERT_ACL_OK(aclrtMalloc(&p, aclmdlGetInputSizeByIndex(d, i), ACL_MEM_MALLOC_HUGE_FIRST));
    mem.push_back(p);
    aclmdlAddDatasetBuffer(in, aclCreateDataBuffer(p, aclmdlGetInputSizeByIndex(d, i)));
  }
  for (size_t i = 0; i < aclmdlGetNumOutputs(d); ++i) {
    void* p = nullptr;
    ASSERT_ACL_OK(aclrtMalloc(&p, aclmdlGetOutputSizeByIndex(d, i), ACL_MEM_MALLOC_HUGE_FIRST));
    mem.push_back(p);
    aclmdlAddDatasetBuffer(out, aclCreateDataBuffer(p, aclmdlGetOutputSizeByIndex(d, i)));
  }
  ASSERT_ACL_OK(aclmdlExecute(id, in, out));
  ASSERT_ACL_OK(aclprofModelUnSubscribe(id));
  // Unsubscribing closes the pipe's write end once the records are sent, as CANN does (the
  // public sample never closes it): the reader sees end of file and ends.
  reader.join();
  EXPECT_EQ(fcntl(fds_[1], F_GETFD), -1) << "the write end is still open";
  fds_[1] = -1;
  EXPECT_ACL_ERROR(aclprofModelUnSubscribe(id), ACL_ERROR_INVALID_MODEL_ID, "not subscribed");
  ASSERT_ACL_OK(aclmdlExecute(id, in, out));  // not recorded any more

  uint32_t num = 0;
  ASSERT_ACL_OK(aclprofGetOpNum(bytes.data(), bytes.size(), &num));
  ASSERT_GT(num, 0u);
  EXPECT_EQ(bytes.size(), num * desc);
  std::set<std::string> names;
  for (uint32_t i = 0; i < num; ++i) {
    size_t len = 0;
    ASSERT_ACL_OK(aclprofGetOpNameLen(bytes.data(), bytes.size(), i, &len));
    std::string name(len, '\0');
    ASSERT_ACL_OK(aclprofGetOpName(bytes.data(), bytes.size(), i, name.data(), len));
    name.resize(len - 1);
    names.insert(name);
    ASSERT_ACL_OK(aclprofGetOpTypeLen(bytes.data(), bytes.size(), i, &len));
    std::string type(len, '\0');
    ASSERT_ACL_OK(aclprofGetOpType(bytes.data(), bytes.size(), i, type.data(), len));
    EXPECT_GT(len, 1u);
    const uint64_t start = aclprofGetOpStart(bytes.data(), bytes.size(), i);
    const uint64_t end = aclprofGetOpEnd(bytes.data(), bytes.size(), i);
    EXPECT_LT(start, end);
    EXPECT_EQ(aclprofGetOpDuration(bytes.data(), bytes.size(), i), end - start);
    EXPECT_EQ(aclprofGetModelId(bytes.data(), bytes.size(), i), id);
    EXPECT_EQ(aclprofGetOpFlag(bytes.data(), bytes.size(), i), ACL_SUBSCRIBE_OP);
    const char* tid = aclprofGetOpAttriValue(bytes.data(), bytes.size(), i, ACL_SUBSCRIBE_ATTRI_THREADID);
    ASSERT_NE(tid, nullptr);
    EXPECT_GT(std::atoi(tid), 0);
  }
  EXPECT_TRUE(names.count("conv1"));
  EXPECT_TRUE(names.count("softmax"));
  // Decoding errors.
  EXPECT_ACL_ERROR(aclprofGetOpNum(bytes.data(), desc - 1, &num), ACL_ERROR_INVALID_PARAM, "multiple");
  EXPECT_ACL_ERROR(aclprofGetOpNum(nullptr, desc, &num), ACL_ERROR_INVALID_PARAM, "NULL");
  size_t len = 0;
  EXPECT_ACL_ERROR(aclprofGetOpTypeLen(bytes.data(), bytes.size(), num, &len), ACL_ERROR_INVALID_PARAM, "range");
  char small[2];
  EXPECT_ACL_ERROR(aclprofGetOpName(bytes.data(), bytes.size(), 0, small, sizeof(small)), ACL_ERROR_INVALID_PARAM,
                   "needed");
  EXPECT_EQ(aclprofGetOpStart(bytes.data(), bytes.size(), num), 0u);
  EXPECT_EQ(aclprofGetOpFlag(nullptr, 0, 0), ACL_SUBSCRIBE_NONE);
  std::string garbage(desc, 'x');
  EXPECT_ACL_ERROR(aclprofGetOpNum(garbage.data(), garbage.size(), &num), ACL_ERROR_INVALID_PARAM, "not an op record");
  EXPECT_ACL_ERROR(aclprofGetOpTypeLen(garbage.data(), garbage.size(), 0, &len), ACL_ERROR_INVALID_PARAM,
                   "not an op record");

  ASSERT_ACL_OK(aclprofDestroySubscribeConfig(cfg));
  EXPECT_ACL_ERROR(aclprofDestroySubscribeConfig(cfg), ACL_ERROR_INVALID_PARAM, "aclprofCreateSubscribeConfig");
  ASSERT_ACL_OK(aclmdlUnload(id));
  aclmdlDestroyDesc(d);
  for (void* p : mem) EXPECT_ACL_OK(aclrtFree(p));
  for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(in); ++i) aclDestroyDataBuffer(aclmdlGetDatasetBuffer(in, i));
  for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(out); ++i) aclDestroyDataBuffer(aclmdlGetDatasetBuffer(out, i));
  aclmdlDestroyDataset(in);
  aclmdlDestroyDataset(out);
}

TEST_F(ProfSubscribe, SubscribeConfigArguments) {
  EXPECT_EQ(aclprofCreateSubscribeConfig(1, ACL_AICORE_PIPE_UTILIZATION, nullptr), nullptr);
  EXPECT_RECENT_MSG_HAS("fd");
  EXPECT_EQ(aclprofCreateSubscribeConfig(3, ACL_AICORE_PIPE_UTILIZATION, &fds_[1]), nullptr);
  EXPECT_RECENT_MSG_HAS("timeInfoSwitch");
  int closed = 987;
  EXPECT_EQ(aclprofCreateSubscribeConfig(1, ACL_AICORE_PIPE_UTILIZATION, &closed), nullptr);
  EXPECT_RECENT_MSG_HAS("file descriptor");
  EXPECT_ACL_ERROR(aclprofModelSubscribe(1, nullptr), ACL_ERROR_INVALID_PARAM, "NULL");
}

// A reader that closed its end of the pipe does not kill the application (SIGPIPE): the
// record's write fails, is logged, and the execution succeeds.
TEST_F(ProfSubscribe, AClosedPipeDoesNotKillTheApplication) {
  const uint32_t id = Load("add_relu");
  aclprofSubscribeConfig* cfg = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &fds_[1]);
  ASSERT_NE(cfg, nullptr) << conformance::RecentMsg();
  ASSERT_ACL_OK(aclprofModelSubscribe(id, cfg));
  close(fds_[0]);
  fds_[0] = open("/dev/null", O_RDONLY);
  aclmdlDesc* d = aclmdlCreateDesc();
  ASSERT_ACL_OK(aclmdlGetDesc(d, id));
  aclmdlDataset* in = aclmdlCreateDataset();
  aclmdlDataset* out = aclmdlCreateDataset();
  std::vector<void*> mem;
  for (int side = 0; side < 2; ++side) {
    const size_t n = side == 0 ? aclmdlGetNumInputs(d) : aclmdlGetNumOutputs(d);
    for (size_t i = 0; i < n; ++i) {
      const size_t size = side == 0 ? aclmdlGetInputSizeByIndex(d, i) : aclmdlGetOutputSizeByIndex(d, i);
      void* p = nullptr;
      ASSERT_ACL_OK(aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST));
      mem.push_back(p);
      aclmdlAddDatasetBuffer(side == 0 ? in : out, aclCreateDataBuffer(p, size));
    }
  }
  EXPECT_ACL_OK(aclmdlExecute(id, in, out));
  EXPECT_ACL_OK(aclmdlExecute(id, in, out));
  ASSERT_ACL_OK(aclprofModelUnSubscribe(id));
  fds_[1] = -1;  // closed by the unsubscription
  for (aclmdlDataset* ds : {in, out}) {
    for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(ds); ++i) aclDestroyDataBuffer(aclmdlGetDatasetBuffer(ds, i));
    aclmdlDestroyDataset(ds);
  }
  for (void* p : mem) aclrtFree(p);
  aclmdlDestroyDesc(d);
  ASSERT_ACL_OK(aclprofDestroySubscribeConfig(cfg));
  ASSERT_ACL_OK(aclmdlUnload(id));
}

}  // namespace

// Two models writing to one pipe: it closes with the last unsubscription; a subscription the
// application never ends closes its pipe at aclFinalize.
TEST_F(ProfSubscribe, APipeClosesWithItsLastSubscriptionOrAtFinalize) {
  const uint32_t a = Load("add_relu");
  const uint32_t b = Load("add_relu");
  aclprofSubscribeConfig* cfg = aclprofCreateSubscribeConfig(0, ACL_AICORE_NONE, &fds_[1]);
  ASSERT_NE(cfg, nullptr) << conformance::RecentMsg();
  ASSERT_ACL_OK(aclprofModelSubscribe(a, cfg));
  ASSERT_ACL_OK(aclprofModelSubscribe(b, cfg));
  ASSERT_ACL_OK(aclprofModelUnSubscribe(a));
  EXPECT_NE(fcntl(fds_[1], F_GETFD), -1) << "closed while model " << b << " still writes to it";
  ASSERT_ACL_OK(aclprofModelUnSubscribe(b));
  EXPECT_EQ(fcntl(fds_[1], F_GETFD), -1) << "still open after the last unsubscription";

  int second[2];
  ASSERT_EQ(pipe(second), 0);
  aclprofSubscribeConfig* cfg2 = aclprofCreateSubscribeConfig(0, ACL_AICORE_NONE, &second[1]);
  ASSERT_NE(cfg2, nullptr) << conformance::RecentMsg();
  ASSERT_ACL_OK(aclprofModelSubscribe(a, cfg2));
  ASSERT_ACL_OK(aclprofDestroySubscribeConfig(cfg));
  ASSERT_ACL_OK(aclprofDestroySubscribeConfig(cfg2));
  ASSERT_ACL_OK(aclmdlUnload(a));
  ASSERT_ACL_OK(aclmdlUnload(b));
  fds_[1] = -1;
  ASSERT_ACL_OK(aclrtResetDevice(0));
  ASSERT_ACL_OK(aclFinalize());
  inited_ = false;
  EXPECT_EQ(fcntl(second[1], F_GETFD), -1) << "aclFinalize left the subscription's pipe open";
  char byte = 0;
  EXPECT_EQ(read(second[0], &byte, 1), 0);  // end of file, not a blocked reader
  close(second[0]);
  close(fds_[0]);
}
