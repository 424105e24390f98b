// RuntimeLink: the DeviceLink of a channel on a simulated device — datasets are held in
// that device's memory (visible in aclrtGetMemInfo, reported as leaks if a channel still
// holds them when the device is reset) and cross the simulated PCIe link, timed on the
// device's clock (H2D on send, D2H on receive, D2D for items already in device memory).
//
// Owns: a weak reference to the device it was opened on; each blob holds the device until
// its memory is freed. If the device is reset after the channel was made, sends and
// receives fail with ACL_ERROR_INVALID_RESOURCE_HANDLE (as streams of a reset device do).
// Owner: runtime/tdt. Thread safety: thread-safe. Failure: Status (see above;
// kRtMemoryAllocation when device memory runs out; kInvalidParam for item data on another
// device or outside its allocation).
#pragma once

#include <cstdint>
#include <memory>

#include "runtime/core/extension.h"
#include "runtime/core/objects.h"
#include "runtime/core/runtime.h"
#include "runtime/tdt/channel_registry.h"
#include "runtime/tdt/device_link.h"

namespace asim::tdt {

// Its part in the runtime's lifecycle: when a device is released (aclrtResetDevice,
// aclFinalize), the channels on it are closed (ChannelRegistry::CloseDevice). Register it
// after the leak sweep, which reports what the channels still hold.
std::shared_ptr<rt::RuntimeExtension> ChannelsExtension(ChannelRegistry& channels);

class RuntimeLink : public DeviceLink {
 public:
  // Needs aclInit and device `device_id` open in this process (aclrtSetDevice on any
  // thread): kUninitialize, kInvalidDevice or kRtContextNull otherwise.
  static Status Open(rt::Runtime& core, uint32_t device_id, std::shared_ptr<DeviceLink>* out);

  Status Upload(const std::vector<Payload>& payloads, size_t overhead_bytes, std::unique_ptr<DeviceBlob>* out) override;
  Status Download(const DeviceBlob& blob, size_t overhead_bytes, std::vector<HostBuffer>* out) override;

  RuntimeLink(rt::Runtime& core, uint32_t device_id, std::weak_ptr<rt::DeviceContext> device)
      : core_(core), device_id_(device_id), device_(std::move(device)) {}

 private:
  Status Device(std::shared_ptr<rt::DeviceContext>* out) const;

  rt::Runtime& core_;  // the runtime that opened the device (outlives every channel)
  const uint32_t device_id_;
  const std::weak_ptr<rt::DeviceContext> device_;
};

}  // namespace asim::tdt
