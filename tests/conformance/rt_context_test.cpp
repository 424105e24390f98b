// Conformance: acl_rt.h contexts — create, current context per thread, destroy, default
// context, system parameter options.
//
// PUBLIC API ONLY: this file includes only acl/... headers, standard headers and gtest; no
// runtime/ or device_sim/ internals.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "conformance_util.h"

namespace {

using conformance::RecentMsg;

[[maybe_unused]] const ::testing::Environment* const kEnv =
    ::testing::AddGlobalTestEnvironment(new conformance::AclEnvironment());

// Each test starts with the default context of device 0 current on the main thread.
class ContextTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclrtSetDevice(0));
    ASSERT_ACL_OK(aclrtGetCurrentContext(&default_ctx_));
  }
  void TearDown() override {
    (void)aclrtSetCurrentContext(default_ctx_);
    (void)aclrtResetDevice(0);
  }
  aclrtContext default_ctx_ = nullptr;
};

TEST_F(ContextTest, CreateMakesTheNewContextCurrent) {
  aclrtContext ctx = nullptr;
  ASSERT_ACL_OK(aclrtCreateContext(&ctx, 0));
  ASSERT_NE(ctx, nullptr);
  EXPECT_NE(ctx, default_ctx_);
  aclrtContext current = nullptr;
  ASSERT_ACL_OK(aclrtGetCurrentContext(&current));
  EXPECT_EQ(current, ctx);
  int32_t id = -1;
  ASSERT_ACL_OK(aclrtGetDevice(&id));
  EXPECT_EQ(id, 0);
  ASSERT_ACL_OK(aclrtDestroyContext(ctx));
}

TEST_F(ContextTest, CreateArgumentErrors) {
  EXPECT_ACL_ERROR(aclrtCreateContext(nullptr, 0), ACL_ERROR_INVALID_PARAM, "context");
  aclrtContext ctx = nullptr;
  EXPECT_ACL_ERROR(aclrtCreateContext(&ctx, 1), ACL_ERROR_INVALID_DEVICE, "device id 1");
  EXPECT_EQ(ctx, nullptr);
}

TEST_F(ContextTest, SetAndGetCurrentContext) {
  aclrtContext ctx = nullptr;
  ASSERT_ACL_OK(aclrtCreateContext(&ctx, 0));
  ASSERT_ACL_OK(aclrtSetCurrentContext(default_ctx_));
  aclrtContext current = nullptr;
  ASSERT_ACL_OK(aclrtGetCurrentContext(&current));
  EXPECT_EQ(current, default_ctx_);
  ASSERT_ACL_OK(aclrtSetCurrentContext(ctx));
  ASSERT_ACL_OK(aclrtGetCurrentContext(&current));
  EXPECT_EQ(current, ctx);
  EXPECT_ACL_ERROR(aclrtSetCurrentContext(nullptr), ACL_ERROR_INVALID_PARAM, "context");
  EXPECT_ACL_ERROR(aclrtGetCurrentContext(nullptr), ACL_ERROR_INVALID_PARAM, "context");
  ASSERT_ACL_OK(aclrtDestroyContext(ctx));
}

TEST_F(ContextTest, CurrentContextIsPerThread) {
  aclrtContext ctx = nullptr;
  ASSERT_ACL_OK(aclrtCreateContext(&ctx, 0));
  // A worker without a context cannot allocate; after aclrtSetCurrentContext it can.
  aclError before = ACL_SUCCESS, get_before = ACL_SUCCESS, set = -1, after = -1;
  std::string msg;
  aclrtContext seen = nullptr;
  void* p = nullptr;
  std::thread worker([&] {
    void* q = nullptr;
    before = aclrtMalloc(&q, 64, ACL_MEM_MALLOC_NORMAL_ONLY);
    msg = RecentMsg();
    aclrtContext none = nullptr;
    get_before = aclrtGetCurrentContext(&none);
    set = aclrtSetCurrentContext(ctx);
    (void)aclrtGetCurrentContext(&seen);
    after = aclrtMalloc(&p, 64, ACL_MEM_MALLOC_NORMAL_ONLY);
  });
  worker.join();
  EXPECT_EQ(before, ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_NE(msg.find("context"), std::string::npos) << msg;
  EXPECT_EQ(get_before, ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_EQ(set, ACL_SUCCESS);
  EXPECT_EQ(seen, ctx);
  EXPECT_EQ(after, ACL_SUCCESS);
  // The worker's choice did not change this thread's current context.
  aclrtContext current = nullptr;
  ASSERT_ACL_OK(aclrtGetCurrentContext(&current));
  EXPECT_EQ(current, ctx);  // still the one aclrtCreateContext made current here
  EXPECT_ACL_OK(aclrtFree(p));
  ASSERT_ACL_OK(aclrtDestroyContext(ctx));
}

// A stream of the context waits for an event the application never records: destroying the
// context returns (the stream's tasks before the wait ran, the ones after it are discarded)
// instead of waiting forever, and the device is still usable.
TEST_F(ContextTest, DestroyReturnsWhenAStreamWaitsForAnEventNeverRecorded) {
  aclrtContext ctx = nullptr;
  ASSERT_ACL_OK(aclrtCreateContext(&ctx, 0));
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  aclrtEvent never = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&never));
  void* d = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&d, 64, ACL_MEM_MALLOC_NORMAL_ONLY));
  ASSERT_ACL_OK(aclrtMemsetAsync(d, 64, 1, 64, s));  // before the wait: runs
  ASSERT_ACL_OK(aclrtStreamWaitEvent(s, never));
  ASSERT_ACL_OK(aclrtMemsetAsync(d, 64, 2, 64, s));  // after it: never runs
  const auto t0 = std::chrono::steady_clock::now();
  ASSERT_ACL_OK(aclrtDestroyContext(ctx));
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
  ASSERT_ACL_OK(aclrtSetCurrentContext(default_ctx_));
  unsigned char host[64] = {};
  ASSERT_ACL_OK(aclrtMemcpy(host, 64, d, 64, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(host[0], 1);
  EXPECT_EQ(host[63], 1);
  ASSERT_ACL_OK(aclrtFree(d));
  ASSERT_ACL_OK(aclrtDestroyEvent(never));
}

TEST_F(ContextTest, DestroyedContextIsStaleHandle) {
  aclrtContext ctx = nullptr;
  ASSERT_ACL_OK(aclrtCreateContext(&ctx, 0));
  ASSERT_ACL_OK(aclrtDestroyContext(ctx));
  EXPECT_ACL_ERROR(aclrtDestroyContext(ctx), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live context");
  EXPECT_ACL_ERROR(aclrtSetCurrentContext(ctx), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live context");
  EXPECT_EQ(ACL_ERROR_INVALID_RESOURCE_HANDLE, 200005);
  // It was current: the thread has no context now.
  aclrtContext current = nullptr;
  EXPECT_ACL_ERROR(aclrtGetCurrentContext(&current), ACL_ERROR_RT_CONTEXT_NULL, "context");
}

TEST_F(ContextTest, NeverCreatedContextIsInvalidResourceHandle) {
  int not_a_context = 0;
  EXPECT_ACL_ERROR(aclrtSetCurrentContext(&not_a_context), ACL_ERROR_INVALID_RESOURCE_HANDLE, "context");
  EXPECT_ACL_ERROR(aclrtDestroyContext(&not_a_context), ACL_ERROR_INVALID_RESOURCE_HANDLE, "context");
  EXPECT_ACL_ERROR(aclrtDestroyContext(nullptr), ACL_ERROR_INVALID_PARAM, "context");
}

TEST_F(ContextTest, DestroyingTheDefaultContextIsRefused) {
  EXPECT_ACL_ERROR(aclrtDestroyContext(default_ctx_), ACL_ERROR_INVALID_PARAM, "default context");
  // Still usable.
  aclrtContext current = nullptr;
  ASSERT_ACL_OK(aclrtGetCurrentContext(&current));
  EXPECT_EQ(current, default_ctx_);
  void* p = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_NORMAL_ONLY));
  EXPECT_ACL_OK(aclrtFree(p));
}

TEST_F(ContextTest, DestroyingAContextReleasesItsStreams) {
  aclrtContext ctx = nullptr;
  ASSERT_ACL_OK(aclrtCreateContext(&ctx, 0));
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  void* p = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&p, 1024, ACL_MEM_MALLOC_NORMAL_ONLY));
  ASSERT_ACL_OK(aclrtMemsetAsync(p, 1024, 3, 1024, stream));
  ASSERT_ACL_OK(aclrtDestroyContext(ctx));
  EXPECT_ACL_ERROR(aclrtSynchronizeStream(stream), ACL_ERROR_INVALID_RESOURCE_HANDLE, "stream");
  // Device memory belongs to the device, not the context: the queued memset ran.
  ASSERT_ACL_OK(aclrtSetCurrentContext(default_ctx_));
  std::vector<uint8_t> host(1024);
  ASSERT_ACL_OK(aclrtMemcpy(host.data(), host.size(), p, 1024, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(host[0], 3);
  EXPECT_EQ(host[1023], 3);
  EXPECT_ACL_OK(aclrtFree(p));
}

TEST_F(ContextTest, StreamsUseTheCurrentContextsDefaultStream) {
  aclrtContext ctx = nullptr;
  ASSERT_ACL_OK(aclrtCreateContext(&ctx, 0));
  void* p = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&p, 256, ACL_MEM_MALLOC_NORMAL_ONLY));
  ASSERT_ACL_OK(aclrtMemsetAsync(p, 256, 0x7F, 256, nullptr));  // NULL: this context's default stream
  ASSERT_ACL_OK(aclrtSynchronizeStream(nullptr));
  std::vector<uint8_t> host(256);
  ASSERT_ACL_OK(aclrtMemcpy(host.data(), 256, p, 256, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(host[255], 0x7F);
  EXPECT_ACL_OK(aclrtFree(p));
  ASSERT_ACL_OK(aclrtDestroyContext(ctx));
}

TEST_F(ContextTest, SysParamOptSetAndGet) {
  ASSERT_ACL_OK(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1));
  int64_t value = -1;
  ASSERT_ACL_OK(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value));
  EXPECT_EQ(value, 1);
  ASSERT_ACL_OK(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0));
  ASSERT_ACL_OK(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value));
  EXPECT_EQ(value, 0);
}

TEST_F(ContextTest, SysParamOptIsPerContext) {
  aclrtContext ctx = nullptr;
  ASSERT_ACL_OK(aclrtCreateContext(&ctx, 0));
  ASSERT_ACL_OK(aclrtCtxSetSysParamOpt(ACL_OPT_ENABLE_DEBUG_KERNEL, 1));
  ASSERT_ACL_OK(aclrtSetCurrentContext(default_ctx_));
  int64_t value = -1;
  EXPECT_ACL_ERROR(aclrtCtxGetSysParamOpt(ACL_OPT_ENABLE_DEBUG_KERNEL, &value), ACL_ERROR_RT_SYSPARAMOPT_NOT_SET,
                   "never set");
  ASSERT_ACL_OK(aclrtSetCurrentContext(ctx));
  ASSERT_ACL_OK(aclrtCtxGetSysParamOpt(ACL_OPT_ENABLE_DEBUG_KERNEL, &value));
  EXPECT_EQ(value, 1);
  ASSERT_ACL_OK(aclrtDestroyContext(ctx));
}

TEST_F(ContextTest, SysParamOptGetUnsetIsNotSet) {
  aclrtContext ctx = nullptr;
  ASSERT_ACL_OK(aclrtCreateContext(&ctx, 0));
  int64_t value = 42;
  EXPECT_ACL_ERROR(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_ERROR_RT_SYSPARAMOPT_NOT_SET,
                   "never set");
  EXPECT_EQ(value, 42);
  EXPECT_EQ(ACL_ERROR_RT_SYSPARAMOPT_NOT_SET, 107021);
  ASSERT_ACL_OK(aclrtDestroyContext(ctx));
}

TEST_F(ContextTest, SysParamOptArgumentErrors) {
  int64_t value = 0;
  EXPECT_ACL_ERROR(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, nullptr), ACL_ERROR_INVALID_PARAM, "value");
  EXPECT_ACL_ERROR(aclrtCtxSetSysParamOpt(static_cast<aclSysParamOpt>(17), 1), ACL_ERROR_INVALID_PARAM, "17");
  EXPECT_ACL_ERROR(aclrtCtxGetSysParamOpt(static_cast<aclSysParamOpt>(-1), &value), ACL_ERROR_INVALID_PARAM, "-1");
}

TEST_F(ContextTest, SysParamOptWithoutContextIsContextNull) {
  aclError set = ACL_SUCCESS, get = ACL_SUCCESS;
  std::thread t([&] {
    int64_t v = 0;
    set = aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1);
    get = aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &v);
  });
  t.join();
  EXPECT_EQ(set, ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_EQ(get, ACL_ERROR_RT_CONTEXT_NULL);
}

}  // namespace

namespace {

// The real runtime's rules for a stream used from a thread (docs/simulator.md): work on a
// stream needs the stream's context current in the calling thread; a thread without any
// context gets ACL_ERROR_RT_CONTEXT_NULL, one with another context current gets
// ACL_ERROR_RT_STREAM_CONTEXT; synchronizing or querying a stream works from any context.
TEST_F(ContextTest, WorkOnAStreamNeedsItsContextCurrentInTheCallingThread) {
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  aclrtEvent event = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&event));
  void* dev = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&dev, 64, ACL_MEM_MALLOC_HUGE_FIRST));
  void* host = nullptr;
  ASSERT_ACL_OK(aclrtMallocHost(&host, 64));

  // A worker thread that never set a context.
  std::thread([&] {
    EXPECT_ACL_ERROR(aclrtMemcpyAsync(dev, 64, host, 64, ACL_MEMCPY_HOST_TO_DEVICE, stream), ACL_ERROR_RT_CONTEXT_NULL,
                     "no current context");
    EXPECT_ACL_ERROR(aclrtMemsetAsync(dev, 64, 0, 64, stream), ACL_ERROR_RT_CONTEXT_NULL, "no current context");
    EXPECT_ACL_ERROR(aclrtRecordEvent(event, stream), ACL_ERROR_RT_CONTEXT_NULL, "no current context");
    EXPECT_ACL_ERROR(aclrtSynchronizeStream(stream), ACL_ERROR_RT_CONTEXT_NULL, "no current context");
    EXPECT_ACL_ERROR(aclrtDestroyStream(stream), ACL_ERROR_RT_CONTEXT_NULL, "no current context");
  }).join();

  // A worker thread with a context of its own: the main thread's stream is not its stream.
  aclrtContext other = nullptr;
  std::thread([&] {
    ASSERT_ACL_OK(aclrtCreateContext(&other, 0));
    EXPECT_ACL_ERROR(aclrtMemcpyAsync(dev, 64, host, 64, ACL_MEMCPY_HOST_TO_DEVICE, stream),
                     ACL_ERROR_RT_STREAM_CONTEXT, "aclrtSetCurrentContext");
    EXPECT_ACL_ERROR(aclrtRecordEvent(event, stream), ACL_ERROR_RT_STREAM_CONTEXT, "current context");
    EXPECT_ACL_ERROR(aclrtStreamWaitEvent(stream, event), ACL_ERROR_RT_STREAM_CONTEXT, "current context");
    EXPECT_ACL_ERROR(aclrtDestroyStream(stream), ACL_ERROR_RT_STREAM_CONTEXT, "current context");
    // Waiting on it is allowed: the runtime switches to the stream's context for the wait.
    EXPECT_ACL_OK(aclrtSynchronizeStream(stream));
    aclrtStreamStatus status = ACL_STREAM_STATUS_RESERVED;
    EXPECT_ACL_OK(aclrtStreamQuery(stream, &status));
    EXPECT_EQ(status, ACL_STREAM_STATUS_COMPLETE);
    // With the stream's context made current, the same calls work.
    ASSERT_ACL_OK(aclrtSetCurrentContext(default_ctx_));
    EXPECT_ACL_OK(aclrtMemcpyAsync(dev, 64, host, 64, ACL_MEMCPY_HOST_TO_DEVICE, stream));
    EXPECT_ACL_OK(aclrtRecordEvent(event, stream));
    EXPECT_ACL_OK(aclrtSynchronizeStream(stream));
  }).join();

  ASSERT_ACL_OK(aclrtDestroyContext(other));
  ASSERT_ACL_OK(aclrtSetCurrentContext(default_ctx_));
  EXPECT_ACL_OK(aclrtDestroyEvent(event));
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
  EXPECT_ACL_OK(aclrtFree(dev));
  EXPECT_ACL_OK(aclrtFreeHost(host));
}

}  // namespace
