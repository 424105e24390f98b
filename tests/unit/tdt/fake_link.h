// FakeLink: a DeviceLink that keeps "device" bytes in host memory, for testing the channel
// core without a simulated device. Counts transfers and can be told to fail.
// Owner: tests/unit/tdt. Thread safety: thread-safe (atomics). Failure: Upload/Download
// return the injected Status when one is set.
#pragma once

#include <atomic>
#include <cstring>
#include <memory>
#include <mutex>
#include <vector>

#include "runtime/tdt/device_link.h"

namespace asim::tdt::testing {

class FakeBlob : public DeviceBlob {
 public:
  explicit FakeBlob(std::atomic<int>* live) : live_(live) { ++*live_; }
  ~FakeBlob() override { --*live_; }
  std::vector<std::vector<uint8_t>> items;

 private:
  std::atomic<int>* live_;
};

class FakeLink : public DeviceLink {
 public:
  Status Upload(const std::vector<Payload>& payloads, size_t overhead_bytes,
                std::unique_ptr<DeviceBlob>* out) override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!fail_upload_.ok()) return fail_upload_;
    }
    auto blob = std::make_unique<FakeBlob>(&live_blobs);
    for (const Payload& p : payloads) {
      const auto* bytes = static_cast<const uint8_t*>(p.data);
      blob->items.emplace_back(bytes, bytes + p.size);
    }
    uploads++;
    overhead += overhead_bytes;
    *out = std::move(blob);
    return Status::Ok();
  }

  Status Download(const DeviceBlob& blob, size_t overhead_bytes, std::vector<HostBuffer>* out) override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!fail_download_.ok()) return fail_download_;
    }
    const auto& b = static_cast<const FakeBlob&>(blob);
    out->clear();
    for (const auto& item : b.items) {
      out->emplace_back(item.size());
      if (!item.empty()) std::memcpy(out->back().data(), item.data(), item.size());
    }
    downloads++;
    overhead += overhead_bytes;
    return Status::Ok();
  }

  void FailUploads(Status st) {
    std::lock_guard<std::mutex> lock(mutex_);
    fail_upload_ = std::move(st);
  }
  void FailDownloads(Status st) {
    std::lock_guard<std::mutex> lock(mutex_);
    fail_download_ = std::move(st);
  }

  std::atomic<int> uploads{0};
  std::atomic<int> downloads{0};
  std::atomic<size_t> overhead{0};
  std::atomic<int> live_blobs{0};

 private:
  std::mutex mutex_;
  Status fail_upload_;
  Status fail_download_;
};

}  // namespace asim::tdt::testing
