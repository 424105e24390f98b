#include "runtime/dvpp/engine/dvpp_task.h"

#include <cmath>

#include "device_sim/engine/sim_time.h"
#include "runtime/core/runtime.h"

namespace asim::dvpp {
namespace {

const char* ModeName(uint32_t mode) {
  switch (mode) {
    case kModeVpc: return "DVPP_CHNMODE_VPC";
    case kModeJpegd: return "DVPP_CHNMODE_JPEGD";
    case kModeJpege: return "DVPP_CHNMODE_JPEGE";
    case kModePngd: return "DVPP_CHNMODE_PNGD";
  }
  return "?";
}

constexpr double kPixels1080p = 1920.0 * 1080.0;

}  // namespace

Status ResolveTarget(rt::Runtime& core, const char* api, const ChannelState& channel, uint32_t engine_mode,
                     void* stream, EngineTarget* target) {
  if (!channel.created) {
    return Status(err::kInvalidParam,
                  std::string(api) + ": channelDesc has no channel: call acldvppCreateChannel first");
  }
  if (channel.mode != 0 && (channel.mode & engine_mode) == 0) {
    return Status(err::kInvalidParam, std::string(api) + ": the channel was created with mode " +
                                          std::to_string(channel.mode) + ", without " + ModeName(engine_mode));
  }
  target->core = &core;
  ASIM_RETURN_IF_ERROR(core.ResolveStream(stream, &target->stream));
  if (target->stream->device_id() != channel.device_id) {
    return Status(err::kInvalidParam,
                  std::string(api) + ": the stream is on device " + std::to_string(target->stream->device_id()) +
                      " but the channel was created on device " + std::to_string(channel.device_id));
  }
  target->device = &target->stream->device();
  target->spec = &target->device->device().spec();
  return Status::Ok();
}

Status CurrentSocSpec(rt::Runtime& core, sim::SocSpec* spec) {
  rt::Runtime& runtime = core;
  std::shared_ptr<rt::Context> ctx;
  if (runtime.CurrentContext(&ctx).ok()) {
    *spec = ctx->device()->device().spec();
    return Status::Ok();
  }
  ASIM_RETURN_IF_ERROR(runtime.RequireInit());
  return sim::LoadSocSpec(runtime.soc_name(), spec);
}

uint64_t DvppDurationPs(const sim::SocSpec& spec, DvppEngine engine, uint64_t pixels) {
  double fps = spec.dvpp.vpc_fps_1080p;
  switch (engine) {
    case DvppEngine::kJpegd: fps = spec.dvpp.jpegd_fps_1080p; break;
    case DvppEngine::kJpege: fps = spec.dvpp.jpege_fps_1080p; break;
    case DvppEngine::kPngd: fps = spec.dvpp.pngd_fps_1080p; break;
    case DvppEngine::kVpc: break;
  }
  const double seconds = static_cast<double>(pixels) / (kPixels1080p * fps);
  return sim::UsToPs(spec.overheads.task_launch_us + seconds * 1e6);
}

void SubmitDvppTask(const EngineTarget& target, std::string name, uint64_t duration_ps,
                    std::vector<std::shared_ptr<std::atomic<uint32_t>>> ret_codes, std::function<Status()> run) {
  sim::TaskDesc desc;
  desc.kind = sim::TaskKind::kDvpp;
  desc.engine = sim::EngineKind::kDvpp;
  desc.name = std::move(name);
  desc.duration_ps = duration_ps;
  desc.run = [codes = std::move(ret_codes), body = std::move(run)]() {
    for (const auto& code : codes) code->store(0);
    Status st = body();
    if (!st.ok()) {
      for (const auto& code : codes) code->store(static_cast<uint32_t>(st.code()));
    }
    return st;
  };
  target.device->scheduler().Submit(target.stream->hw(), std::move(desc));
}

Image ToImage(const PictureDesc& desc, uint8_t* sim_data) {
  Image image;
  image.data = sim_data;
  image.size = desc.size;
  image.format = static_cast<PixelFormat>(desc.format);
  image.width = desc.width;
  image.height = desc.height;
  image.width_stride = desc.width_stride;
  image.height_stride = desc.height_stride;
  return image;
}

}  // namespace asim::dvpp
