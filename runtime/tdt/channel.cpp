// Channel: send/receive/stop/clean on a bounded queue of device-resident datasets
// (see channel.h).
#include "runtime/tdt/channel.h"

#include "runtime/tdt/tdt_codes.h"

namespace asim::tdt {

Channel::Channel(ChannelConfig config, std::shared_ptr<DeviceLink> link)
    : config_(std::move(config)), link_(std::move(link)), queue_(config_.capacity) {}

Channel::~Channel() {
  queue_.Close();
}

std::string Channel::Describe() const {
  return "channel '" + config_.name + "' on device " + std::to_string(config_.device_id);
}

size_t Channel::ControlBytes(const std::vector<TensorMeta>& metas) {
  size_t bytes = 0;
  for (const auto& m : metas) bytes += 64 + 8 * m.dims.size();
  return bytes;
}

Status Channel::ParseTimeout(const char* op, int32_t timeout_ms, Deadline* deadline) const {
  if (!config_.with_capacity && timeout_ms != -1) {
    return Status(err::kInvalidParam, std::string(op) + " on " + Describe() + ": timeout is " +
                                          std::to_string(timeout_ms) +
                                          " but a channel made by acltdtCreateChannel accepts only -1 (wait forever); "
                                          "use acltdtCreateChannelWithCapacity for timeouts");
  }
  return Deadline::Parse(timeout_ms, deadline);
}

void Channel::CloseForReleasedDevice() {
  device_released_.store(true);
  queue_.Close();
}

Status Channel::Ended(QueueResult result) const {
  if (result == QueueResult::kClosed && device_released_.load()) {
    return Status(err::kInvalidResourceHandle,
                  Describe() + ": device " + std::to_string(config_.device_id) +
                      " was reset (aclrtResetDevice or aclFinalize) after the channel was created; channels do not "
                      "survive it (destroy this one with acltdtDestroyChannel)");
  }
  if (result == QueueResult::kClosed) {
    return Status(err::kInvalidResourceHandle, Describe() + " was destroyed (acltdtDestroyChannel)");
  }
  return Status(err::kFailure, Describe() + " is stopped (acltdtStopChannel): it no longer sends or receives");
}

Status Channel::Send(const OutgoingDataset& dataset, int32_t timeout_ms) {
  Deadline deadline = Deadline::Forever();
  ASIM_RETURN_IF_ERROR(ParseTimeout("acltdtSendTensor", timeout_ms, &deadline));
  if (dataset.items.empty()) return Status(err::kInvalidParam, "the dataset has no items: add at least one item");
  Message message;
  message.name = dataset.name;
  std::vector<Payload> payloads;
  payloads.reserve(dataset.items.size());
  message.metas.reserve(dataset.items.size());
  for (size_t i = 0; i < dataset.items.size(); ++i) {
    const OutgoingItem& item = dataset.items[i];
    ASIM_RETURN_IF_ERROR(CheckSendable(item.meta, item.data, i));
    message.metas.push_back(item.meta);
    payloads.push_back(Payload{item.data, item.meta.size});
  }
  const QueueResult slot = queue_.Reserve(deadline);
  if (slot == QueueResult::kTimeout) {
    return Status(err::kRtQueueFull,
                  Describe() + " is full (" + std::to_string(config_.capacity) + " dataset(s)) " + deadline.Describe());
  }
  if (slot != QueueResult::kOk) return Ended(slot);
  Status st = link_->Upload(payloads, ControlBytes(message.metas), &message.blob);
  if (!st.ok()) {
    queue_.Cancel();
    return Status(st.code(), "acltdtSendTensor on " + Describe() + ": " + st.message());
  }
  const QueueResult committed = queue_.Commit(std::move(message));
  return committed == QueueResult::kOk ? Status::Ok() : Ended(committed);
}

Status Channel::Receive(int32_t timeout_ms, IncomingDataset* out) {
  Deadline deadline = Deadline::Forever();
  ASIM_RETURN_IF_ERROR(ParseTimeout("acltdtReceiveTensor", timeout_ms, &deadline));
  Message message;
  const QueueResult popped = queue_.Pop(deadline, &message);
  if (popped == QueueResult::kTimeout)
    return Status(err::kRtQueueEmpty, Describe() + " is empty " + deadline.Describe());
  if (popped != QueueResult::kOk) return Ended(popped);
  std::vector<HostBuffer> bytes;
  Status st = link_->Download(*message.blob, ControlBytes(message.metas), &bytes);
  if (!st.ok()) return Status(st.code(), "acltdtReceiveTensor on " + Describe() + ": " + st.message());
  if (bytes.size() != message.metas.size()) {
    return Status(err::kInternalError, Describe() + ": the device returned " + std::to_string(bytes.size()) +
                                           " buffers for " + std::to_string(message.metas.size()) + " items");
  }
  out->name = std::move(message.name);
  out->items.clear();
  out->items.reserve(message.metas.size());
  for (size_t i = 0; i < message.metas.size(); ++i) {
    out->items.push_back(IncomingItem{std::move(message.metas[i]), std::move(bytes[i])});
  }
  return Status::Ok();
}

Status Channel::Stop() {
  queue_.Stop();
  return Status::Ok();
}

Status Channel::Clean() {
  if (!config_.with_capacity) {
    return Status(err::kFeatureUnsupported,
                  "acltdtCleanChannel needs a channel made by "
                  "acltdtCreateChannelWithCapacity; " +
                      Describe() + " was made by acltdtCreateChannel");
  }
  queue_.Clear();  // the removed messages free their device memory here
  return Status::Ok();
}

Status Channel::QuerySize(size_t* size) const {
  if (!config_.with_capacity) {
    return Status(err::kFeatureUnsupported,
                  "acltdtQueryChannelSize needs a channel made by "
                  "acltdtCreateChannelWithCapacity; " +
                      Describe() + " was made by acltdtCreateChannel");
  }
  *size = queue_.size();
  return Status::Ok();
}

void Channel::Close() {
  queue_.Close();
  queue_.Clear();
}

}  // namespace asim::tdt
