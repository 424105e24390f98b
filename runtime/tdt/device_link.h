// DeviceLink: how a tdt channel reaches its device — the copy of a dataset's bytes into
// device memory when it is sent and back into fresh host memory when it is received.
//
// The channel core (channel.h) knows only this interface, so it can be tested with a
// host-memory fake; runtime_link.h implements it on the simulated device (device memory,
// PCIe copies timed on the device's simulated clock).
// Ownership: a DeviceBlob owns the device memory holding one sent dataset and frees it when
// destroyed (whichever thread drops it last). Thread safety: implementations are
// thread-safe. Failure: Status (device gone, out of device memory, bad pointers).
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "base/status.h"
#include "runtime/tdt/host_buffer.h"

namespace asim::tdt {

// One item's bytes as the sender holds them (host or device memory).
struct Payload {
  const void* data = nullptr;
  size_t size = 0;
};

// The bytes of one dataset while it waits in a channel.
class DeviceBlob {
 public:
  virtual ~DeviceBlob() = default;
};

class DeviceLink {
 public:
  virtual ~DeviceLink() = default;
  // Copies every payload to the device (one transfer of all bytes plus `overhead_bytes` of
  // control information).
  virtual Status Upload(const std::vector<Payload>& payloads, size_t overhead_bytes,
                        std::unique_ptr<DeviceBlob>* out) = 0;
  // Copies the blob's items back into new host buffers, one per payload of the upload.
  virtual Status Download(const DeviceBlob& blob, size_t overhead_bytes, std::vector<HostBuffer>* out) = 0;
};

}  // namespace asim::tdt
