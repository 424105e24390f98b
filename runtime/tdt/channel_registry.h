// ChannelRegistry: the live tdt channels of the process, by handle and by (device, name).
//
// Owns: one reference to every live Channel. A name is unique per device: creating a second
// channel with a name already in use on that device fails, as the real runtime's named
// queues do. Destroy removes the channel and closes it (waking its waiters) while calls in
// progress keep their own reference. Owner: runtime/tdt.
// Thread safety: every member is thread-safe. Failure: Status kInvalidParam (bad name,
// capacity out of range, name in use) or kInvalidResourceHandle (not a live channel).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "base/status.h"
#include "runtime/tdt/channel.h"

namespace asim::tdt {

class ChannelRegistry {
 public:
  // One per runtime context (tdt_state.h).

  // Checks the name and capacity, then creates and registers the channel.
  Status Create(ChannelConfig config, std::shared_ptr<DeviceLink> link, std::shared_ptr<Channel>* out);
  std::shared_ptr<Channel> Find(const void* handle) const;
  std::shared_ptr<Channel> FindByName(uint32_t device_id, const std::string& name) const;
  Status Destroy(const void* handle);
  // The device was released: its channels wake their waiters and refuse every later call
  // (Channel::CloseForReleasedDevice); they stay registered until destroyed.
  void CloseDevice(uint32_t device_id);
  size_t size() const;

  // Name and capacity rules shared with acltdtCreateChannel*.
  static Status CheckName(const char* name);
  static Status CheckCapacity(size_t capacity);

 private:
  mutable std::mutex mutex_;
  std::map<const void*, std::shared_ptr<Channel>> by_handle_;
  std::map<std::pair<uint32_t, std::string>, Channel*> by_name_;
};

}  // namespace asim::tdt
