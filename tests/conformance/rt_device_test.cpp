// Conformance: acl_rt.h devices — set/reset/get device, device count, reference counting,
// aclrtResetDeviceForce, run mode, synchronisation, TS device, device status, peer access.
//
// PUBLIC API ONLY: this file includes only acl/... headers, standard headers and gtest; no
// runtime/ or device_sim/ internals.
//
// The executable initialises AscendCL once with two simulated devices (for peer access);
// device 0 is not opened by the environment: each test sets and resets what it uses.
#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "conformance_util.h"

namespace {

using conformance::RecentMsg;

[[maybe_unused]] const ::testing::Environment* const kEnv = ::testing::AddGlobalTestEnvironment(
    new conformance::AclEnvironment(R"({"sim": {"device_count": 2}})", /*set_device=*/false));

// Fully releases a device whatever its reference count.
void ForceReset(int32_t id) {
  (void)aclrtResetDeviceForce(id);
}

class DeviceTest : public ::testing::Test {
 protected:
  void TearDown() override {
    ForceReset(0);
    ForceReset(1);
  }
};

TEST_F(DeviceTest, DeviceCountIsConfiguredCount) {
  uint32_t count = 0;
  ASSERT_ACL_OK(aclrtGetDeviceCount(&count));
  EXPECT_EQ(count, 2u);
  EXPECT_ACL_ERROR(aclrtGetDeviceCount(nullptr), ACL_ERROR_INVALID_PARAM, "count");
}

TEST_F(DeviceTest, SetDeviceMakesItCurrent) {
  ASSERT_ACL_OK(aclrtSetDevice(1));
  int32_t id = -1;
  ASSERT_ACL_OK(aclrtGetDevice(&id));
  EXPECT_EQ(id, 1);
  ASSERT_ACL_OK(aclrtSetDevice(0));
  ASSERT_ACL_OK(aclrtGetDevice(&id));
  EXPECT_EQ(id, 0);
}

TEST_F(DeviceTest, InvalidDeviceIdIsInvalidDevice) {
  EXPECT_ACL_ERROR(aclrtSetDevice(2), ACL_ERROR_INVALID_DEVICE, "device id 2");
  EXPECT_ACL_ERROR(aclrtSetDevice(-1), ACL_ERROR_INVALID_DEVICE, "device id -1");
  EXPECT_ACL_ERROR(aclrtResetDevice(7), ACL_ERROR_INVALID_DEVICE, "device id 7");
  EXPECT_ACL_ERROR(aclrtResetDeviceForce(-3), ACL_ERROR_INVALID_DEVICE, "device id -3");
  aclrtContext ctx = nullptr;
  EXPECT_ACL_ERROR(aclrtCreateContext(&ctx, 5), ACL_ERROR_INVALID_DEVICE, "device id 5");
  aclrtDeviceStatus status;
  EXPECT_ACL_ERROR(aclrtQueryDeviceStatus(3, &status), ACL_ERROR_INVALID_DEVICE, "device id 3");
  EXPECT_EQ(ACL_ERROR_INVALID_DEVICE, 200002);
}

TEST_F(DeviceTest, GetDeviceWithoutContextIsContextNull) {
  // A fresh thread has no current context.
  aclError ret = ACL_SUCCESS;
  std::string msg;
  std::thread t([&] {
    int32_t id = -1;
    ret = aclrtGetDevice(&id);
    msg = RecentMsg();
  });
  t.join();
  EXPECT_EQ(ret, ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_EQ(ACL_ERROR_RT_CONTEXT_NULL, 107002);
  EXPECT_NE(msg.find("context"), std::string::npos) << msg;
  EXPECT_ACL_ERROR(aclrtGetDevice(nullptr), ACL_ERROR_INVALID_PARAM, "deviceId");
}

TEST_F(DeviceTest, SetTwiceResetOnceStillUsableResetAgainReleased) {
  ASSERT_ACL_OK(aclrtSetDevice(0));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));

  ASSERT_ACL_OK(aclrtResetDevice(0));
  // Still open: the current context, its stream and allocations work.
  int32_t id = -1;
  EXPECT_ACL_OK(aclrtGetDevice(&id));
  void* p = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&p, 256, ACL_MEM_MALLOC_NORMAL_ONLY));
  EXPECT_ACL_OK(aclrtMemsetAsync(p, 256, 1, 256, stream));
  EXPECT_ACL_OK(aclrtSynchronizeStream(stream));

  ASSERT_ACL_OK(aclrtResetDevice(0));
  // Released: the default context and everything on the device are gone.
  EXPECT_ACL_ERROR(aclrtGetDevice(&id), ACL_ERROR_RT_CONTEXT_NULL, "context");
  EXPECT_ACL_ERROR(aclrtSynchronizeStream(stream), ACL_ERROR_INVALID_RESOURCE_HANDLE, "stream");
  void* q = nullptr;
  EXPECT_ACL_ERROR(aclrtMalloc(&q, 256, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_ERROR_RT_CONTEXT_NULL, "context");
  // And can be opened again, clean.
  ASSERT_ACL_OK(aclrtSetDevice(0));
  size_t free_bytes = 0, total = 0;
  ASSERT_ACL_OK(aclrtGetMemInfo(ACL_DDR_MEM, &free_bytes, &total));
  EXPECT_EQ(free_bytes, total);
}

TEST_F(DeviceTest, ResetDeviceForceReleasesWhateverTheCount) {
  ASSERT_ACL_OK(aclrtSetDevice(0));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  ASSERT_ACL_OK(aclrtResetDeviceForce(0));
  int32_t id = -1;
  EXPECT_ACL_ERROR(aclrtGetDevice(&id), ACL_ERROR_RT_CONTEXT_NULL, "context");
}

TEST_F(DeviceTest, ResetOfUnopenedDeviceIsHarmless) {
  EXPECT_ACL_OK(aclrtResetDevice(1));
  EXPECT_ACL_OK(aclrtResetDeviceForce(1));
}

TEST_F(DeviceTest, ThreadsSettingTheSameDeviceShareItsDefaultContext) {
  ASSERT_ACL_OK(aclrtSetDevice(0));
  aclrtContext mine = nullptr;
  ASSERT_ACL_OK(aclrtGetCurrentContext(&mine));
  aclrtContext theirs = nullptr;
  std::thread t([&] {
    if (aclrtSetDevice(0) == ACL_SUCCESS) (void)aclrtGetCurrentContext(&theirs);
    (void)aclrtResetDevice(0);
  });
  t.join();
  EXPECT_NE(mine, nullptr);
  EXPECT_EQ(theirs, mine);
  // The other thread's reset dropped only its own reference.
  int32_t id = -1;
  EXPECT_ACL_OK(aclrtGetDevice(&id));
}

// Threads each doing SetDevice, work, ResetDevice on one device: a SetDevice while another
// thread's last reset tears the device down waits for it and opens the device again, so the
// work after it has a live context and memory (it took a reference to the dying device and
// lost its context, or crashed).
TEST_F(DeviceTest, SetDeviceDuringAnotherThreadsLastResetGetsALiveDevice) {
  constexpr size_t kBytes = size_t{1} << 20;
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&failures] {
      for (int round = 0; round < 300; ++round) {
        void* p = nullptr;
        if (aclrtSetDevice(0) != ACL_SUCCESS) ++failures;
        if (aclrtMalloc(&p, kBytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
          ++failures;
        } else {
          if (aclrtMemset(p, kBytes, 0x5a, kBytes) != ACL_SUCCESS) ++failures;
          if (aclrtFree(p) != ACL_SUCCESS) ++failures;
        }
        if (aclrtResetDevice(0) != ACL_SUCCESS) ++failures;
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(failures.load(), 0) << RecentMsg();
}

TEST_F(DeviceTest, RunModeIsHostByDefault) {
  aclrtRunMode mode = ACL_DEVICE;
  ASSERT_ACL_OK(aclrtGetRunMode(&mode));
  EXPECT_EQ(mode, ACL_HOST);
}

TEST_F(DeviceTest, SynchronizeDeviceWaitsForEveryStream) {
  ASSERT_ACL_OK(aclrtSetDevice(0));
  aclrtStream a = nullptr, b = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&a));
  ASSERT_ACL_OK(aclrtCreateStream(&b));
  const size_t n = 1 << 16;
  void* da = nullptr;
  void* db = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&da, n, ACL_MEM_MALLOC_NORMAL_ONLY));
  ASSERT_ACL_OK(aclrtMalloc(&db, n, ACL_MEM_MALLOC_NORMAL_ONLY));
  ASSERT_ACL_OK(aclrtMemsetAsync(da, n, 0x11, n, a));
  ASSERT_ACL_OK(aclrtMemsetAsync(db, n, 0x22, n, b));
  ASSERT_ACL_OK(aclrtSynchronizeDevice());
  aclrtStreamStatus sa = ACL_STREAM_STATUS_NOT_READY, sb = ACL_STREAM_STATUS_NOT_READY;
  ASSERT_ACL_OK(aclrtStreamQuery(a, &sa));
  ASSERT_ACL_OK(aclrtStreamQuery(b, &sb));
  EXPECT_EQ(sa, ACL_STREAM_STATUS_COMPLETE);
  EXPECT_EQ(sb, ACL_STREAM_STATUS_COMPLETE);
  std::vector<uint8_t> host(n);
  ASSERT_ACL_OK(aclrtMemcpy(host.data(), n, db, n, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(host[0], 0x22);
  EXPECT_EQ(host[n - 1], 0x22);
}

TEST_F(DeviceTest, SynchronizeDeviceWithoutContextIsContextNull) {
  aclError ret = ACL_SUCCESS;
  std::thread t([&] { ret = aclrtSynchronizeDevice(); });
  t.join();
  EXPECT_EQ(ret, ACL_ERROR_RT_CONTEXT_NULL);
}

TEST_F(DeviceTest, SetTsDevice) {
  ASSERT_ACL_OK(aclrtSetDevice(0));
  EXPECT_ACL_OK(aclrtSetTsDevice(ACL_TS_ID_AICORE));
  EXPECT_ACL_OK(aclrtSetTsDevice(ACL_TS_ID_AIVECTOR));
  EXPECT_ACL_ERROR(aclrtSetTsDevice(ACL_TS_ID_RESERVED), ACL_ERROR_INVALID_PARAM, "tsId 2");
  EXPECT_ACL_ERROR(aclrtSetTsDevice(static_cast<aclrtTsId>(-1)), ACL_ERROR_INVALID_PARAM, "tsId -1");
}

TEST_F(DeviceTest, QueryDeviceStatusIsNormal) {
  aclrtDeviceStatus status = ACL_RT_DEVICE_STATUS_ABNORMAL;
  ASSERT_ACL_OK(aclrtQueryDeviceStatus(0, &status));
  EXPECT_EQ(status, ACL_RT_DEVICE_STATUS_NORMAL);
  status = ACL_RT_DEVICE_STATUS_ABNORMAL;
  ASSERT_ACL_OK(aclrtQueryDeviceStatus(1, &status));
  EXPECT_EQ(status, ACL_RT_DEVICE_STATUS_NORMAL);
  EXPECT_ACL_ERROR(aclrtQueryDeviceStatus(0, nullptr), ACL_ERROR_INVALID_PARAM, "deviceStatus");
}

TEST_F(DeviceTest, CanAccessPeerBetweenTwoDevices) {
  int32_t can = -1;
  ASSERT_ACL_OK(aclrtDeviceCanAccessPeer(&can, 0, 1));
  EXPECT_EQ(can, 1);
  can = -1;
  ASSERT_ACL_OK(aclrtDeviceCanAccessPeer(&can, 1, 0));
  EXPECT_EQ(can, 1);
  EXPECT_ACL_ERROR(aclrtDeviceCanAccessPeer(&can, 0, 0), ACL_ERROR_INVALID_PARAM, "different devices");
  EXPECT_ACL_ERROR(aclrtDeviceCanAccessPeer(&can, 0, 2), ACL_ERROR_INVALID_DEVICE, "device id 2");
  EXPECT_ACL_ERROR(aclrtDeviceCanAccessPeer(nullptr, 0, 1), ACL_ERROR_INVALID_PARAM, "canAccessPeer");
}

TEST_F(DeviceTest, EnableAndDisablePeerAccess) {
  ASSERT_ACL_OK(aclrtSetDevice(0));
  EXPECT_ACL_ERROR(aclrtDeviceEnablePeerAccess(1, 1), ACL_ERROR_INVALID_PARAM, "flags");
  ASSERT_ACL_OK(aclrtDeviceEnablePeerAccess(1, 0));
  EXPECT_ACL_ERROR(aclrtDeviceEnablePeerAccess(1, 0), ACL_ERROR_INVALID_PARAM, "already enabled");
  EXPECT_ACL_ERROR(aclrtDeviceEnablePeerAccess(0, 0), ACL_ERROR_INVALID_PARAM, "current device");
  EXPECT_ACL_ERROR(aclrtDeviceEnablePeerAccess(9, 0), ACL_ERROR_INVALID_DEVICE, "device id 9");
  ASSERT_ACL_OK(aclrtDeviceDisablePeerAccess(1));
  EXPECT_ACL_ERROR(aclrtDeviceDisablePeerAccess(1), ACL_ERROR_INVALID_PARAM, "not enabled");
}

TEST_F(DeviceTest, CopyBetweenPeerDevices) {
  const size_t n = 4096;
  ASSERT_ACL_OK(aclrtSetDevice(1));
  void* on1 = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&on1, n, ACL_MEM_MALLOC_NORMAL_ONLY));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  ASSERT_ACL_OK(aclrtDeviceEnablePeerAccess(1, 0));
  void* on0 = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&on0, n, ACL_MEM_MALLOC_NORMAL_ONLY));
  std::vector<uint8_t> src(n), back(n, 0);
  for (size_t i = 0; i < n; ++i) src[i] = static_cast<uint8_t>(i * 7);
  ASSERT_ACL_OK(aclrtMemcpy(on0, n, src.data(), n, ACL_MEMCPY_HOST_TO_DEVICE));
  ASSERT_ACL_OK(aclrtMemcpy(on1, n, on0, n, ACL_MEMCPY_DEVICE_TO_DEVICE));
  ASSERT_ACL_OK(aclrtMemcpy(back.data(), n, on1, n, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(back, src);
  EXPECT_ACL_OK(aclrtFree(on0));
  EXPECT_ACL_OK(aclrtFree(on1));
}

TEST_F(DeviceTest, CopiesReachAnotherDevicesMemoryOnlyWithPeerAccess) {
  const size_t n = 1024;
  ASSERT_ACL_OK(aclrtSetDevice(1));
  void* on1 = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&on1, n, ACL_MEM_MALLOC_NORMAL_ONLY));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  void* on0 = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&on0, n, ACL_MEM_MALLOC_NORMAL_ONLY));
  aclrtStream s0 = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s0));
  void* pinned = nullptr;
  ASSERT_ACL_OK(aclrtMallocHost(&pinned, n));
  // Device 0 has not enabled peer access to device 1: neither a copy between the two nor a
  // task of device 0's stream may touch device 1's memory.
  EXPECT_ACL_ERROR(aclrtMemcpy(on1, n, on0, n, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
                   "is memory of device 1, but the copy between two devices runs on device 0");
  EXPECT_ACL_ERROR(aclrtMemcpyAsync(on1, n, on0, n, ACL_MEMCPY_DEVICE_TO_DEVICE, s0), ACL_ERROR_INVALID_PARAM,
                   "aclrtDeviceEnablePeerAccess(1, 0) with device 0 current enables it");
  EXPECT_ACL_ERROR(aclrtMemcpyAsync(pinned, n, on1, n, ACL_MEMCPY_DEVICE_TO_HOST, s0), ACL_ERROR_INVALID_PARAM,
                   "src 0x");
  EXPECT_ACL_ERROR(aclrtMemcpy2dAsync(on1, 64, pinned, 64, 64, 16, ACL_MEMCPY_HOST_TO_DEVICE, s0),
                   ACL_ERROR_INVALID_PARAM, "no peer access to device 1");
  EXPECT_ACL_ERROR(aclrtMemsetAsync(on1, n, 0, n, s0), ACL_ERROR_INVALID_PARAM, "devPtr 0x");
  // Enabled: all of them run.
  ASSERT_ACL_OK(aclrtDeviceEnablePeerAccess(1, 0));
  EXPECT_ACL_OK(aclrtMemsetAsync(on1, n, 5, n, s0));
  EXPECT_ACL_OK(aclrtMemcpyAsync(on0, n, on1, n, ACL_MEMCPY_DEVICE_TO_DEVICE, s0));
  EXPECT_ACL_OK(aclrtMemcpyAsync(pinned, n, on0, n, ACL_MEMCPY_DEVICE_TO_HOST, s0));
  ASSERT_ACL_OK(aclrtSynchronizeStream(s0));
  EXPECT_EQ(static_cast<uint8_t*>(pinned)[n - 1], 5);
  EXPECT_ACL_OK(aclrtMemcpy(on1, n, on0, n, ACL_MEMCPY_DEVICE_TO_DEVICE));
  // Peer access is one way: device 1 copying back needs its own.
  ASSERT_ACL_OK(aclrtSetDevice(1));
  EXPECT_ACL_ERROR(aclrtMemcpy(on0, n, on1, n, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
                   "runs on device 1, which has no peer access to device 0");
  ASSERT_ACL_OK(aclrtSetDevice(0));
  ASSERT_ACL_OK(aclrtDeviceDisablePeerAccess(1));
  EXPECT_ACL_ERROR(aclrtMemcpy(on1, n, on0, n, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
                   "no peer access to device 1");
  EXPECT_ACL_OK(aclrtDestroyStream(s0));
  EXPECT_ACL_OK(aclrtFreeHost(pinned));
  EXPECT_ACL_OK(aclrtFree(on0));
  EXPECT_ACL_OK(aclrtFree(on1));
}

TEST_F(DeviceTest, EventOfOneDeviceCannotBeUsedOnAnotherDevicesStream) {
  ASSERT_ACL_OK(aclrtSetDevice(0));
  aclrtEvent e = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&e));
  ASSERT_ACL_OK(aclrtSetDevice(1));
  aclrtStream s1 = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s1));
  EXPECT_ACL_ERROR(aclrtRecordEvent(e, s1), ACL_ERROR_RT_STREAM_CONTEXT, "belongs to device 0");
  EXPECT_ACL_ERROR(aclrtStreamWaitEvent(s1, e), ACL_ERROR_RT_STREAM_CONTEXT, "belongs to device 0");
  EXPECT_ACL_ERROR(aclrtResetEvent(e, s1), ACL_ERROR_RT_STREAM_CONTEXT, "belongs to device 0");
  EXPECT_ACL_OK(aclrtDestroyStream(s1));
  EXPECT_ACL_OK(aclrtDestroyEvent(e));
}

// Resetting a device whose stream waits for an event that is never recorded must not hang.
// Runs in a child process with an alarm so that a hang fails instead of stalling the suite.
TEST_F(DeviceTest, ResetReleasesStreamBlockedOnUnrecordedEvent) {
  ::testing::FLAGS_gtest_death_test_style = "threadsafe";
  EXPECT_EXIT(
      {
        ::alarm(5);
        bool ok = aclrtSetDevice(1) == ACL_SUCCESS;
        aclrtStream stream = nullptr;
        aclrtEvent never = nullptr;
        ok = ok && aclrtCreateStream(&stream) == ACL_SUCCESS && aclrtCreateEvent(&never) == ACL_SUCCESS;
        ok = ok && aclrtStreamWaitEvent(stream, never) == ACL_SUCCESS;
        ok = ok && aclrtResetDevice(1) == ACL_SUCCESS;
        // The device opens again, clean.
        ok = ok && aclrtSetDevice(1) == ACL_SUCCESS;
        int32_t id = -1;
        ok = ok && aclrtGetDevice(&id) == ACL_SUCCESS && id == 1;
        std::_Exit(ok ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

// The same when the application destroyed the event the stream waits for (nothing can record
// it any more), and when the only record of it is queued behind the wait on the same stream.
TEST_F(DeviceTest, ResetReleasesStreamsWaitingForADestroyedEventOrARecordBehindTheWait) {
  ::testing::FLAGS_gtest_death_test_style = "threadsafe";
  EXPECT_EXIT(
      {
        ::alarm(5);
        bool ok = aclrtSetDevice(1) == ACL_SUCCESS;
        aclrtStream waits_for_gone = nullptr;
        aclrtStream waits_for_itself = nullptr;
        aclrtEvent gone = nullptr;
        aclrtEvent behind = nullptr;
        ok = ok && aclrtCreateStream(&waits_for_gone) == ACL_SUCCESS && aclrtCreateEvent(&gone) == ACL_SUCCESS;
        ok = ok && aclrtStreamWaitEvent(waits_for_gone, gone) == ACL_SUCCESS && aclrtDestroyEvent(gone) == ACL_SUCCESS;
        ok = ok && aclrtCreateStream(&waits_for_itself) == ACL_SUCCESS && aclrtCreateEvent(&behind) == ACL_SUCCESS;
        ok = ok && aclrtStreamWaitEvent(waits_for_itself, behind) == ACL_SUCCESS;
        ok = ok && aclrtRecordEvent(behind, waits_for_itself) == ACL_SUCCESS;
        ok = ok && aclrtResetDevice(1) == ACL_SUCCESS;
        ok = ok && aclrtSetDevice(1) == ACL_SUCCESS && aclrtResetDevice(1) == ACL_SUCCESS;
        std::_Exit(ok ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST_F(DeviceTest, SocNameIsTheConfiguredChip) {
  const char* name = aclrtGetSocName();
  ASSERT_NE(name, nullptr);
  EXPECT_STREQ(name, "Ascend310");
}

TEST_F(DeviceTest, EachDeviceHasItsOwnMemory) {
  ASSERT_ACL_OK(aclrtSetDevice(0));
  void* p = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&p, 8 << 20, ACL_MEM_MALLOC_HUGE_ONLY));
  size_t free0 = 0, total0 = 0;
  ASSERT_ACL_OK(aclrtGetMemInfo(ACL_DDR_MEM, &free0, &total0));
  ASSERT_ACL_OK(aclrtSetDevice(1));
  size_t free1 = 0, total1 = 0;
  ASSERT_ACL_OK(aclrtGetMemInfo(ACL_DDR_MEM, &free1, &total1));
  EXPECT_EQ(total0, total1);
  EXPECT_EQ(free1, total1);
  EXPECT_LE(free0 + (8u << 20), total0);
  ASSERT_ACL_OK(aclrtSetDevice(0));
  EXPECT_ACL_OK(aclrtFree(p));
}

}  // namespace
