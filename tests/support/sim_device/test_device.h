// TestDevice: one simulated chip owned by a unit test, for testing runtime modules (model,
// op, profiling) directly, without aclInit and without the process-wide Runtime.
//
// Owns: an rt::DeviceContext over a sim::Device of the chosen SoC, the device memory the
// test allocates through it (freed at destruction) and the streams it creates. Streams run
// their tasks inline on the submitting thread when the scheduler allows it (deterministic
// order, no worker threads), which is what unit tests of an executor want.
// Thread safety: one test thread. Failure: gtest assertions (ADD_FAILURE) and null results.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "device_sim/device.h"
#include "runtime/core/objects.h"

namespace asim::testing {

class TestDevice {
 public:
  explicit TestDevice(const std::string& soc = "Ascend310", int32_t id = 0) {
    sim::SocSpec spec;
    Status st = sim::LoadSocSpec(soc, &spec);
    if (!st.ok()) {
      ADD_FAILURE() << st.message();
      return;
    }
    std::unique_ptr<sim::Device> device;
    st = sim::Device::Create(static_cast<uint32_t>(id), spec, /*host_accessible=*/false, &device);
    if (!st.ok()) {
      ADD_FAILURE() << st.message();
      return;
    }
    device->scheduler().SetInlineExecution(true);
    context_ = std::make_shared<rt::DeviceContext>(id, std::move(device));
  }
  ~TestDevice() {
    if (!context_) return;
    (void)context_->scheduler().SynchronizeAll(-1);
    for (auto& s : streams_) context_->scheduler().DestroyStream(s->hw_ptr(), /*force=*/false);
    for (void* p : allocations_) (void)context_->memory().Free(p);
  }
  TestDevice(const TestDevice&) = delete;
  TestDevice& operator=(const TestDevice&) = delete;

  const std::shared_ptr<rt::DeviceContext>& context() const { return context_; }
  sim::Device& device() { return context_->device(); }

  // Device memory of `size` bytes (at least 1), freed at destruction.
  void* Alloc(size_t size) {
    void* p = nullptr;
    const Status st = context_->memory().Allocate(size == 0 ? 1 : size, 0, sim::PageKind::kNormal, "test", &p);
    EXPECT_TRUE(st.ok()) << st.message();
    if (p != nullptr) allocations_.push_back(p);
    return p;
  }
  template <typename T>
  void Put(void* p, const std::vector<T>& v) {
    if (v.empty()) return;
    std::memcpy(Sim(p, v.size() * sizeof(T)), v.data(), v.size() * sizeof(T));
  }
  template <typename T>
  std::vector<T> Get(const void* p, size_t n) {
    std::vector<T> v(n);
    if (n > 0) std::memcpy(v.data(), Sim(p, n * sizeof(T)), n * sizeof(T));
    return v;
  }
  // A new application-style stream on this device (destroyed at destruction).
  std::shared_ptr<rt::Stream> Stream() {
    auto hw = context_->scheduler().CreateStream(context_->NextStreamId(), 0);
    auto stream = std::make_shared<rt::Stream>(context_, nullptr, hw, false);
    streams_.push_back(stream);
    return stream;
  }

 private:
  uint8_t* Sim(const void* p, size_t bytes) {
    void* sim = nullptr;
    const Status st = context_->memory().Translate(p, bytes, &sim);
    EXPECT_TRUE(st.ok()) << st.message();
    return static_cast<uint8_t*>(sim);
  }

  std::shared_ptr<rt::DeviceContext> context_;
  std::vector<void*> allocations_;
  std::vector<std::shared_ptr<rt::Stream>> streams_;
};

}  // namespace asim::testing
