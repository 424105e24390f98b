// The DVPP V1 engines on the simulated chip: JPEGD, JPEGE, PNGD and the VPC, as asynchronous
// tasks on the caller's stream, plus the host-side JPEG/PNG queries.
//
// Owns: nothing; each call validates its descriptors against the hardware's rules
// (dvpp_rules.h), maps the DVPP buffers (dvpp_memory.h) and submits one task on the stream's
// DVPP engine (TaskKind::kDvpp) whose simulated duration comes from the SoC's published
// throughput. What can only be known from the data (the JPEG's size, a corrupt stream) fails
// when the task runs: the task's error becomes the stream's (aclrtSynchronizeStream returns
// it) and the output picture's ret_code holds it.
// Thread safety: calls are thread-safe; ordering is the stream's.
// Failure: err::kInvalidParam (message names the argument and the rule) for anything
// checkable at the call; err::kUnsupportedJpeg, err::kInvalidFile, err::kInvalidParam from the
// task for data problems.
#pragma once

#include <cstdint>
#include <vector>

#include <memory>
#include "base/status.h"

#include "runtime/core/runtime.h"
#include "runtime/dvpp/engine/picture_desc.h"
#include "runtime/dvpp/hist_lut.h"
#include "runtime/dvpp/make_border.h"

namespace asim::dvpp {

// --- host-side queries (no device) ---
Status JpegImageInfo(const void* data, uint32_t size, uint32_t* width, uint32_t* height, int32_t* components,
                     int32_t* subsampling);
Status JpegPredictDecSize(rt::Runtime& core, const void* data, uint32_t size, uint32_t output_format,
                          uint32_t* dec_size);
Status JpegPredictEncSize(rt::Runtime& core, const PictureDesc& input, uint32_t level, uint32_t* size);
Status PngImageInfo(rt::Runtime& core, const void* data, uint32_t size, uint32_t* width, uint32_t* height,
                    int32_t* components);
Status PngPredictDecSize(rt::Runtime& core, const void* data, uint32_t size, uint32_t output_format,
                         uint32_t* dec_size);

// --- channels ---
Status CreateChannel(rt::Runtime& core, ChannelState* channel);
Status DestroyChannel(ChannelState* channel);

// --- engines (asynchronous on `stream`; nullptr = the current context's default stream) ---
Status JpegDecodeAsync(rt::Runtime& core, const ChannelState& channel, const void* data, uint32_t size,
                       const PictureDesc& out, void* stream);
// `size`: in, the bytes available at data; out (when the task has run), the JPEG's size.
Status JpegEncodeAsync(rt::Runtime& core, const ChannelState& channel, const PictureDesc& in, void* data,
                       uint32_t* size, uint32_t level, void* stream);
Status PngDecodeAsync(rt::Runtime& core, const ChannelState& channel, const void* data, uint32_t size,
                      const PictureDesc& out, void* stream);
// Every resize / crop / paste call and their batch forms. `api` names the call in messages.
Status VpcCropResizePasteAsync(rt::Runtime& core, const char* api, const ChannelState& channel,
                               const std::vector<VpcItem>& items, void* stream);
Status VpcConvertColorAsync(rt::Runtime& core, const ChannelState& channel, const PictureDesc& in,
                            const PictureDesc& out, void* stream);
Status VpcPyrDownAsync(rt::Runtime& core, const ChannelState& channel, const PictureDesc& in, const PictureDesc& out,
                       void* stream);
// v200 only (err::kFeatureUnsupported on v100 chips): histogram of a YUV400 / YUV420SP picture
// into `hist`; the picture through a LUT; a bordered copy; crop -> resize -> border per ROI.
Status VpcCalcHistAsync(rt::Runtime& core, const ChannelState& channel, const PictureDesc& in,
                        std::shared_ptr<HistState> hist, void* stream);
Status VpcEqualizeHistAsync(rt::Runtime& core, const ChannelState& channel, const PictureDesc& in,
                            const PictureDesc& out, const LutMap& lut, void* stream);
Status VpcMakeBorderAsync(rt::Runtime& core, const ChannelState& channel, const PictureDesc& in, const PictureDesc& out,
                          const Border& border, void* stream);
Status VpcBatchCropResizeMakeBorderAsync(rt::Runtime& core, const ChannelState& channel,
                                         const std::vector<VpcItem>& items, const std::vector<Border>& borders,
                                         void* stream);

}  // namespace asim::dvpp
