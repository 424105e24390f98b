// Channel: a named, bounded queue of datasets between the host and one simulated device —
// the object behind acltdtChannelHandle.
//
// Send waits for a free slot (capacity = datasets in flight), copies the dataset's bytes to
// the device through the DeviceLink and queues it; Receive takes the oldest dataset and
// copies it back into new host memory. Nothing consumes or produces on the device side
// yet, so what the host sends is what the host receives (a loop-back through device
// memory); model infeed/outfeed can attach to the same queue by (device, name).
// Timeouts: -1 waits forever, 0 does not wait, > 0 waits that many ms; a full channel then
// fails with ACL_ERROR_RT_QUEUE_FULL and an empty one with ACL_ERROR_RT_QUEUE_EMPTY (the
// codes the real runtime's queue returns). Channels made by acltdtCreateChannel (not
// WithCapacity) behave as the real legacy tdt channels: timeouts must be -1 and
// Clean/QuerySize are ACL_ERROR_FEATURE_UNSUPPORTED.
// Stop wakes every blocked sender and receiver; they and every later Send/Receive fail with
// ACL_ERROR_FAILURE. Close (acltdtDestroyChannel) does the same with
// ACL_ERROR_INVALID_RESOURCE_HANDLE and frees what is queued; so does the release of the
// channel's device (CloseForReleasedDevice), so that nothing waits forever on a reset device.
// Ownership: shared — the registry holds one reference, each call in progress another, so
// destroying a channel another thread waits on is safe. Queued datasets (and their device
// memory) belong to the channel. Thread safety: every member is thread-safe.
// Failure: Status with the AscendCL code and a message naming the channel.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "base/status.h"
#include "runtime/tdt/bounded_queue.h"
#include "runtime/tdt/channel_message.h"
#include "runtime/tdt/device_link.h"

namespace asim::tdt {

struct ChannelConfig {
  uint32_t device_id = 0;
  std::string name;
  size_t capacity = 0;
  bool with_capacity = true;  // false: acltdtCreateChannel (legacy tdt semantics)
};

class Channel {
 public:
  Channel(ChannelConfig config, std::shared_ptr<DeviceLink> link);
  ~Channel();
  Channel(const Channel&) = delete;
  Channel& operator=(const Channel&) = delete;

  const ChannelConfig& config() const { return config_; }
  // "channel 'name' on device 0".
  std::string Describe() const;

  Status Send(const OutgoingDataset& dataset, int32_t timeout_ms);
  Status Receive(int32_t timeout_ms, IncomingDataset* out);
  Status Stop();
  Status Clean();
  Status QuerySize(size_t* size) const;
  void Close();
  // Its device was released (aclrtResetDevice, aclFinalize): like Close, but every blocked and
  // later Send/Receive says so; the handle stays live for acltdtDestroyChannel.
  void CloseForReleasedDevice();

  // Bytes of control information sent with each item (a 64-byte header plus 8 per dim),
  // counted in the simulated transfer time.
  static size_t ControlBytes(const std::vector<TensorMeta>& metas);

 private:
  struct Message {
    std::string name;
    std::vector<TensorMeta> metas;
    std::unique_ptr<DeviceBlob> blob;
  };

  Status ParseTimeout(const char* op, int32_t timeout_ms, Deadline* deadline) const;
  Status Ended(QueueResult result) const;

  const ChannelConfig config_;
  const std::shared_ptr<DeviceLink> link_;
  BoundedQueue<Message> queue_;
  std::atomic<bool> device_released_{false};
};

}  // namespace asim::tdt
