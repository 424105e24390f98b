// ChannelRegistry (see channel_registry.h).
#include "runtime/tdt/channel_registry.h"

#include <vector>

#include <cstring>

#include "runtime/tdt/tdt_codes.h"

namespace asim::tdt {

Status ChannelRegistry::CheckName(const char* name) {
  if (name == nullptr) return Status(err::kInvalidParam, "name must not be NULL");
  const size_t length = ::strnlen(name, kMaxNameLength + 1);
  if (length == 0) return Status(err::kInvalidParam, "name is empty: a channel needs a name");
  if (length > kMaxNameLength) {
    return Status(err::kInvalidParam, "name is longer than " + std::to_string(kMaxNameLength) +
                                          " characters (RT_MQ_MAX_NAME_LEN 128 including the NUL)");
  }
  return Status::Ok();
}

Status ChannelRegistry::CheckCapacity(size_t capacity) {
  if (capacity < kMinDepth || capacity > kMaxDepth) {
    return Status(err::kInvalidParam, "capacity " + std::to_string(capacity) + " is outside [" +
                                          std::to_string(kMinDepth) + ", " + std::to_string(kMaxDepth) + "]");
  }
  return Status::Ok();
}

Status ChannelRegistry::Create(ChannelConfig config, std::shared_ptr<DeviceLink> link, std::shared_ptr<Channel>* out) {
  ASIM_RETURN_IF_ERROR(CheckName(config.name.c_str()));
  ASIM_RETURN_IF_ERROR(CheckCapacity(config.capacity));
  auto key = std::make_pair(config.device_id, config.name);
  std::lock_guard<std::mutex> lock(mutex_);
  if (by_name_.count(key) != 0) {
    return Status(err::kInvalidParam, "a channel named '" + config.name + "' already exists on device " +
                                          std::to_string(config.device_id) +
                                          " (destroy it first, or choose another name)");
  }
  auto channel = std::make_shared<Channel>(std::move(config), std::move(link));
  by_handle_[channel.get()] = channel;
  by_name_[key] = channel.get();
  *out = std::move(channel);
  return Status::Ok();
}

std::shared_ptr<Channel> ChannelRegistry::Find(const void* handle) const {
  if (handle == nullptr) return nullptr;
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = by_handle_.find(handle);
  return it == by_handle_.end() ? nullptr : it->second;
}

std::shared_ptr<Channel> ChannelRegistry::FindByName(uint32_t device_id, const std::string& name) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = by_name_.find(std::make_pair(device_id, name));
  if (it == by_name_.end()) return nullptr;
  return by_handle_.at(it->second);
}

Status ChannelRegistry::Destroy(const void* handle) {
  std::shared_ptr<Channel> channel;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = by_handle_.find(handle);
    if (it == by_handle_.end()) {
      return Status(err::kInvalidResourceHandle, "handle is not a live channel (destroyed twice or never created)");
    }
    channel = std::move(it->second);
    by_handle_.erase(it);
    by_name_.erase(std::make_pair(channel->config().device_id, channel->config().name));
  }
  channel->Close();  // wakes waiters; queued datasets are freed here, outside the lock
  return Status::Ok();
}

void ChannelRegistry::CloseDevice(uint32_t device_id) {
  std::vector<std::shared_ptr<Channel>> closing;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& [handle, channel] : by_handle_) {
      if (channel->config().device_id == device_id) closing.push_back(channel);
    }
  }
  for (const auto& channel : closing) channel->CloseForReleasedDevice();  // outside the lock
}

size_t ChannelRegistry::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return by_handle_.size();
}

}  // namespace asim::tdt
