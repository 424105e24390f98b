// DVPP channels (see dvpp_ops.h): a channel binds its descriptor to the current device.
#include <atomic>

#include "runtime/core/runtime.h"
#include "runtime/dvpp/engine/dvpp_ops.h"

namespace asim::dvpp {
namespace {
std::atomic<uint64_t> next_channel_id{0};
}  // namespace

Status CreateChannel(rt::Runtime& core, ChannelState* channel) {
  if (channel->created) {
    return Status(err::kInvalidParam, "channelDesc already has channel " + std::to_string(channel->channel_id) +
                                          ": destroy it with acldvppDestroyChannel first");
  }
  std::shared_ptr<rt::Context> ctx;
  ASIM_RETURN_IF_ERROR(core.CurrentContext(&ctx));
  channel->device_id = ctx->device_id();
  channel->channel_id = next_channel_id.fetch_add(1);
  channel->created = true;
  return Status::Ok();
}

Status DestroyChannel(ChannelState* channel) {
  if (!channel->created) {
    return Status(err::kInvalidParam, "channelDesc has no channel (never created, or destroyed already)");
  }
  channel->created = false;
  channel->device_id = -1;
  return Status::Ok();
}

}  // namespace asim::dvpp
