// Concurrent execution: 4 host threads x 2 streams x 2 models x 100 executions, each thread
// with its own data, every result checked. Executions of one model share its work memory,
// so the executor must order them on the device (ExecuteAsync from several threads on
// several streams is allowed, as on AscendCL).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "hand_models.h"
#include "om/om_writer.h"

namespace {

constexpr int kThreads = 4, kStreams = 2, kIterations = 100;

struct ModelUnderTest {
  uint32_t id = 0;
  size_t n = 0;
};

void Worker(aclrtContext ctx, const std::vector<ModelUnderTest>& models, int thread, std::atomic<int>* failures) {
  if (aclrtSetCurrentContext(ctx) != ACL_SUCCESS) {
    ++*failures;
    return;
  }
  aclrtStream streams[kStreams] = {};
  for (auto& s : streams) {
    if (aclrtCreateStream(&s) != ACL_SUCCESS) ++*failures;
  }
  struct Buffers {
    void* a = nullptr;
    void* b = nullptr;
    void* y = nullptr;
    aclDataBuffer* db[3] = {};
    aclmdlDataset* in = nullptr;
    aclmdlDataset* out = nullptr;
    std::vector<float> want;
  };
  // One set of buffers per (model, stream), so in-flight executions never share outputs.
  std::vector<Buffers> bufs(models.size() * kStreams);
  for (size_t m = 0; m < models.size(); ++m) {
    const size_t n = models[m].n, size = n * sizeof(float);
    for (int s = 0; s < kStreams; ++s) {
      Buffers& b = bufs[m * kStreams + s];
      std::vector<float> a(n), c(n);
      b.want.resize(n);
      for (size_t i = 0; i < n; ++i) {
        a[i] = static_cast<float>(thread * 1000 + s * 100 + static_cast<int>(i % 97)) - 50.0f;
        c[i] = static_cast<float>(m) - static_cast<float>(i % 7);
        b.want[i] = std::max(0.0f, a[i] + c[i]);
      }
      aclrtMalloc(&b.a, size, ACL_MEM_MALLOC_NORMAL_ONLY);
      aclrtMalloc(&b.b, size, ACL_MEM_MALLOC_NORMAL_ONLY);
      aclrtMalloc(&b.y, size, ACL_MEM_MALLOC_NORMAL_ONLY);
      aclrtMemcpy(b.a, size, a.data(), size, ACL_MEMCPY_HOST_TO_DEVICE);
      aclrtMemcpy(b.b, size, c.data(), size, ACL_MEMCPY_HOST_TO_DEVICE);
      b.db[0] = aclCreateDataBuffer(b.a, size);
      b.db[1] = aclCreateDataBuffer(b.b, size);
      b.db[2] = aclCreateDataBuffer(b.y, size);
      b.in = aclmdlCreateDataset();
      b.out = aclmdlCreateDataset();
      aclmdlAddDatasetBuffer(b.in, b.db[0]);
      aclmdlAddDatasetBuffer(b.in, b.db[1]);
      aclmdlAddDatasetBuffer(b.out, b.db[2]);
    }
  }
  std::vector<float> got;
  for (int it = 0; it < kIterations; ++it) {
    for (size_t m = 0; m < models.size(); ++m) {
      for (int s = 0; s < kStreams; ++s) {
        Buffers& b = bufs[m * kStreams + s];
        if (aclmdlExecuteAsync(models[m].id, b.in, b.out, streams[s]) != ACL_SUCCESS) ++*failures;
      }
    }
    for (int s = 0; s < kStreams; ++s) {
      if (aclrtSynchronizeStream(streams[s]) != ACL_SUCCESS) ++*failures;
    }
    for (Buffers& b : bufs) {
      got.assign(b.want.size(), -1.0f);
      aclrtMemcpy(got.data(), got.size() * sizeof(float), b.y, got.size() * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST);
      if (got != b.want) ++*failures;
      aclrtMemset(b.y, got.size() * sizeof(float), 0xff, got.size() * sizeof(float));
    }
  }
  for (Buffers& b : bufs) {
    aclmdlDestroyDataset(b.in);
    aclmdlDestroyDataset(b.out);
    for (aclDataBuffer* d : b.db) aclDestroyDataBuffer(d);
    aclrtFree(b.a);
    aclrtFree(b.b);
    aclrtFree(b.y);
  }
  for (auto& s : streams) aclrtDestroyStream(s);
}

TEST(ModelStress, ThreadsStreamsModelsExecutions) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  aclrtContext ctx = nullptr;
  ASSERT_EQ(aclrtGetCurrentContext(&ctx), ACL_SUCCESS);
  std::vector<ModelUnderTest> models;
  for (auto shape : {std::pair<int64_t, int64_t>{4, 8}, std::pair<int64_t, int64_t>{16, 64}}) {
    std::vector<uint8_t> bytes;
    ASSERT_TRUE(asim::om::WriteModel(asim::testing::AddReluModel("Ascend310", shape.first, shape.second,
                                                                 "m" + std::to_string(shape.second)),
                                     &bytes)
                    .ok());
    ModelUnderTest m;
    ASSERT_EQ(aclmdlLoadFromMem(bytes.data(), bytes.size(), &m.id), ACL_SUCCESS) << aclGetRecentErrMsg();
    m.n = static_cast<size_t>(shape.first * shape.second);
    models.push_back(m);
  }
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) threads.emplace_back(Worker, ctx, std::cref(models), t, &failures);
  for (auto& t : threads) t.join();
  EXPECT_EQ(failures.load(), 0) << aclGetRecentErrMsg();
  for (const auto& m : models) EXPECT_EQ(aclmdlUnload(m.id), ACL_SUCCESS);
  EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

// aclmdlUnload racing aclmdlExecuteAsync from other threads: every execution either is refused
// (ACL_ERROR_INVALID_MODEL_ID) or runs to completion on the model's memory; none may be
// submitted after the unload's wait and then run on freed memory (a crash, or under ASan a
// use-after-free, before the fix).
TEST(ModelStress, UnloadRacingAsynchronousExecutions) {
  constexpr int kRounds = 30, kRacers = 3;
  constexpr int64_t kRows = 16, kCols = 64;
  constexpr size_t kN = kRows * kCols, kSize = kN * sizeof(float);
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  aclrtContext ctx = nullptr;
  ASSERT_EQ(aclrtGetCurrentContext(&ctx), ACL_SUCCESS);
  std::vector<uint8_t> bytes;
  ASSERT_TRUE(asim::om::WriteModel(asim::testing::AddReluModel("Ascend310", kRows, kCols, "race"), &bytes).ok());
  std::atomic<int> failures{0};
  for (int round = 0; round < kRounds; ++round) {
    uint32_t id = 0;
    ASSERT_EQ(aclmdlLoadFromMem(bytes.data(), bytes.size(), &id), ACL_SUCCESS) << aclGetRecentErrMsg();
    std::atomic<int> started{0};
    std::vector<std::thread> racers;
    for (int t = 0; t < kRacers; ++t) {
      racers.emplace_back([&, t] {
        if (aclrtSetCurrentContext(ctx) != ACL_SUCCESS) return void(++failures);
        aclrtStream stream = nullptr;
        void* dev[3] = {};
        aclDataBuffer* db[3] = {};
        aclrtCreateStream(&stream);
        std::vector<float> a(kN, static_cast<float>(t + 1)), b(kN, -0.5f), got(kN, 0.0f);
        for (int i = 0; i < 3; ++i) {
          aclrtMalloc(&dev[i], kSize, ACL_MEM_MALLOC_NORMAL_ONLY);
          db[i] = aclCreateDataBuffer(dev[i], kSize);
        }
        aclrtMemcpy(dev[0], kSize, a.data(), kSize, ACL_MEMCPY_HOST_TO_DEVICE);
        aclrtMemcpy(dev[1], kSize, b.data(), kSize, ACL_MEMCPY_HOST_TO_DEVICE);
        aclmdlDataset* in = aclmdlCreateDataset();
        aclmdlDataset* out = aclmdlCreateDataset();
        aclmdlAddDatasetBuffer(in, db[0]);
        aclmdlAddDatasetBuffer(in, db[1]);
        aclmdlAddDatasetBuffer(out, db[2]);
        ++started;
        int accepted = 0;
        for (;;) {
          const aclError rc = aclmdlExecuteAsync(id, in, out, stream);
          if (rc == ACL_ERROR_INVALID_MODEL_ID) break;
          if (rc != ACL_SUCCESS || ++accepted > 100000) {
            ++failures;
            break;
          }
        }
        if (aclrtSynchronizeStream(stream) != ACL_SUCCESS) ++failures;
        if (accepted > 0) {
          aclrtMemcpy(got.data(), kSize, dev[2], kSize, ACL_MEMCPY_DEVICE_TO_HOST);
          if (got != std::vector<float>(kN, static_cast<float>(t) + 0.5f)) ++failures;
        }
        aclmdlDestroyDataset(in);
        aclmdlDestroyDataset(out);
        for (int i = 0; i < 3; ++i) {
          aclDestroyDataBuffer(db[i]);
          aclrtFree(dev[i]);
        }
        aclrtDestroyStream(stream);
      });
    }
    while (started.load() < kRacers) std::this_thread::yield();
    std::this_thread::sleep_for(std::chrono::microseconds(200 * (round % 5)));
    EXPECT_EQ(aclmdlUnload(id), ACL_SUCCESS);
    for (auto& r : racers) r.join();
  }
  EXPECT_EQ(failures.load(), 0) << aclGetRecentErrMsg();
  EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

}  // namespace
