// Placing DVPP work on a stream: resolving the stream and checking it against the channel,
// the simulated duration of a DVPP task, and the submission that records failures in the
// output pictures' ret codes.
//
// Owns: nothing. Thread safety: thread-safe. Failure: err::kInvalidParam for a channel that
// was not created (or destroyed) or belongs to another device than the stream; the stream's
// own errors (stale handle, no context) as Runtime::ResolveStream gives them.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "base/status.h"
#include "device_sim/soc/soc_spec.h"
#include "runtime/core/objects.h"
#include "runtime/core/runtime.h"
#include "runtime/dvpp/engine/picture_desc.h"
#include "runtime/dvpp/image.h"

namespace asim::dvpp {

enum class DvppEngine { kJpegd, kJpege, kPngd, kVpc };

struct EngineTarget {
  rt::Runtime* core = nullptr;  // the runtime the stream belongs to
  std::shared_ptr<rt::Stream> stream;
  rt::DeviceContext* device = nullptr;
  const sim::SocSpec* spec = nullptr;
};

// `engine_mode` is the channel mode bit the call needs (kModeJpegd ...).
Status ResolveTarget(rt::Runtime& core, const char* api, const ChannelState& channel, uint32_t engine_mode,
                     void* stream, EngineTarget* target);

// The SoC spec of the current context's device, or of the configured SoC when no device is
// open (host-side queries such as acldvppJpegPredictDecSize).
Status CurrentSocSpec(rt::Runtime& core, sim::SocSpec* spec);

// Simulated duration of `pixels` through `engine` at the spec's published 1080p rate, plus
// the task launch overhead.
uint64_t DvppDurationPs(const sim::SocSpec& spec, DvppEngine engine, uint64_t pixels);

// Submits `run` as one DVPP task named `name`. When it fails, every code in `ret_codes` is set
// to the failure's error code before the stream sees it.
void SubmitDvppTask(const EngineTarget& target, std::string name, uint64_t duration_ps,
                    std::vector<std::shared_ptr<std::atomic<uint32_t>>> ret_codes, std::function<Status()> run);

// The picture a descriptor describes, over the simulator's view of its bytes.
Image ToImage(const PictureDesc& desc, uint8_t* sim_data);

}  // namespace asim::dvpp
