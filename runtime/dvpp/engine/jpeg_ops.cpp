// JPEGD and JPEGE (see dvpp_ops.h): the host-side JPEG queries and the two engines.
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "runtime/dvpp/engine/dvpp_memory.h"
#include "runtime/dvpp/engine/dvpp_ops.h"
#include "runtime/dvpp/engine/dvpp_rules.h"
#include "runtime/dvpp/engine/dvpp_task.h"
#include "runtime/dvpp/jpeg_codec.h"

namespace asim::dvpp {
namespace {

std::string Num(uint64_t v) {
  return std::to_string(v);
}

Status ProbeHostJpeg(const void* data, uint32_t size, JpegInfo* info) {
  if (data == nullptr) return Status(err::kInvalidParam, "data is NULL");
  if (size == 0) return Status(err::kInvalidParam, "size is 0");
  Status st = ProbeJpeg(static_cast<const uint8_t*>(data), size, info);
  // Bytes in host memory that are not a JPEG are a bad argument here, not a bad file.
  if (st.code() == err::kInvalidFile) return Status(err::kInvalidParam, st.message());
  return st;
}

Status CheckJpegdSize(const JpegInfo& info) {
  using namespace rules;
  if (info.width < kJpegdMinSide || info.height < kJpegdMinSide || info.width > kJpegdMaxSide ||
      info.height > kJpegdMaxSide) {
    return Status(err::kInvalidParam, "the JPEG is " + Num(info.width) + "x" + Num(info.height) + ": JPEGD decodes " +
                                          Num(kJpegdMinSide) + "x" + Num(kJpegdMinSide) + " .. " + Num(kJpegdMaxSide) +
                                          "x" + Num(kJpegdMaxSide));
  }
  return Status::Ok();
}

// The picture JPEGD writes for this JPEG into `out`'s buffer: the decoded (even-rounded) size,
// and the descriptor's strides or, where they are 0, the size aligned as the chip aligns it.
Image DecodedPicture(const sim::SocSpec& spec, const JpegInfo& info, const PictureDesc& out, uint8_t* sim) {
  Image image = ToImage(out, sim);
  image.format = rules::JpegdOutputFormat(out.format, static_cast<int32_t>(info.subsampling));
  image.width = info.width;
  image.height = info.height;
  rules::JpegdOutputSize(spec, image.format, &image.width, &image.height);
  if (image.width_stride == 0) image.width_stride = rules::AlignUp(image.width, spec.dvpp.jpegd_width_stride_align);
  if (image.height_stride == 0) {
    image.height_stride = rules::AlignUp(image.height, spec.dvpp.jpegd_height_stride_align);
  }
  return image;
}

// What the application reads back from its output descriptor after the stream synchronizes.
void WriteBack(const PictureDesc& out, const Image& image) {
  out.geometry->width.store(image.width);
  out.geometry->height.store(image.height);
  out.geometry->width_stride.store(image.width_stride);
  out.geometry->height_stride.store(image.height_stride);
}

}  // namespace

Status JpegImageInfo(const void* data, uint32_t size, uint32_t* width, uint32_t* height, int32_t* components,
                     int32_t* subsampling) {
  JpegInfo info;
  ASIM_RETURN_IF_ERROR(ProbeHostJpeg(data, size, &info));
  if (width != nullptr) *width = info.width;
  if (height != nullptr) *height = info.height;
  if (components != nullptr) *components = info.components;
  if (subsampling != nullptr) *subsampling = static_cast<int32_t>(info.subsampling);
  // The outputs are filled either way; a JPEG the JPEGD cannot decode is reported, as CANN does.
  return CheckJpegdSupports(info);
}

Status JpegPredictDecSize(rt::Runtime& core, const void* data, uint32_t size, uint32_t output_format,
                          uint32_t* dec_size) {
  if (dec_size == nullptr) return Status(err::kInvalidParam, "decSize is NULL");
  JpegInfo info;
  ASIM_RETURN_IF_ERROR(ProbeHostJpeg(data, size, &info));
  ASIM_RETURN_IF_ERROR(CheckJpegdSupports(info));
  ASIM_RETURN_IF_ERROR(CheckJpegdSize(info));
  sim::SocSpec spec;
  ASIM_RETURN_IF_ERROR(CurrentSocSpec(core, &spec));
  PictureDesc probe;
  probe.format = output_format;
  probe.data = const_cast<void*>(data);  // only to pass the descriptor checks below
  probe.size = 1;
  probe.width_stride = spec.dvpp.jpegd_width_stride_align;
  probe.height_stride = spec.dvpp.jpegd_height_stride_align;
  ASIM_RETURN_IF_ERROR(rules::CheckJpegdOutputDesc(probe, spec));
  const PixelFormat format = rules::JpegdOutputFormat(output_format, static_cast<int32_t>(info.subsampling));
  // The predictor aligns to 128 x 16 on every chip (the 310P's 64-byte output stride included).
  const uint32_t ws = rules::AlignUp(info.width, 128);
  const uint32_t hs = rules::AlignUp(info.height, 16);
  const uint64_t bytes = ImageBytes(format, ws, hs);
  if (bytes == 0 || bytes > UINT32_MAX) return Status(err::kInvalidParam, "the decoded size overflows");
  *dec_size = static_cast<uint32_t>(bytes);
  return Status::Ok();
}

Status JpegDecodeAsync(rt::Runtime& core, const ChannelState& channel, const void* data, uint32_t size,
                       const PictureDesc& out, void* stream) {
  EngineTarget target;
  ASIM_RETURN_IF_ERROR(ResolveTarget(core, "acldvppJpegDecodeAsync", channel, kModeJpegd, stream, &target));
  if (size == 0) return Status(err::kInvalidParam, "size is 0: pass the JPEG's byte count");
  uint8_t* src = nullptr;
  ASIM_RETURN_IF_ERROR(MapDvppBuffer(*target.core, *target.device, "data", data, size, &src));
  ASIM_RETURN_IF_ERROR(rules::CheckJpegdOutputDesc(out, *target.spec));
  uint8_t* dst = nullptr;
  ASIM_RETURN_IF_ERROR(MapDvppBuffer(*target.core, *target.device, "outputDesc data", out.data, out.size, &dst));
  // The JPEG is read when the task runs; its size here is estimated from the strides (or the
  // buffer, a 4:2:0 picture's 1.5 bytes a pixel).
  const uint64_t pixels = out.width_stride != 0 && out.height_stride != 0
                              ? static_cast<uint64_t>(out.width_stride) * out.height_stride
                              : uint64_t{out.size} * 2 / 3;
  SubmitDvppTask(target, "JpegDecode", DvppDurationPs(*target.spec, DvppEngine::kJpegd, pixels), {out.ret_code},
                 [src, size, dst, out, spec = *target.spec]() {
                   JpegInfo info;
                   ASIM_RETURN_IF_ERROR(ProbeJpeg(src, size, &info));
                   ASIM_RETURN_IF_ERROR(CheckJpegdSupports(info));
                   ASIM_RETURN_IF_ERROR(CheckJpegdSize(info));
                   const Image image = DecodedPicture(spec, info, out, dst);
                   Status fits = CheckImageLayout(image, "acldvppJpegDecodeAsync outputDesc");
                   if (!fits.ok()) {
                     return Status(err::kInvalidParam,
                                   fits.message() + " (the JPEG is " + Num(info.width) + "x" + Num(info.height) + ")");
                   }
                   ASIM_RETURN_IF_ERROR(DecodeJpeg(src, size, image));
                   WriteBack(out, image);
                   return Status::Ok();
                 });
  return Status::Ok();
}

Status JpegPredictEncSize(rt::Runtime& core, const PictureDesc& input, uint32_t level, uint32_t* size) {
  (void)level;  // the prediction does not depend on the level
  if (size == nullptr) return Status(err::kInvalidParam, "size is NULL");
  sim::SocSpec spec;
  ASIM_RETURN_IF_ERROR(CurrentSocSpec(core, &spec));
  ASIM_RETURN_IF_ERROR(rules::CheckJpegeInput(spec, input));
  *size = static_cast<uint32_t>(std::min<uint64_t>(rules::JpegePredictSize(input), UINT32_MAX));
  return Status::Ok();
}

Status JpegEncodeAsync(rt::Runtime& core, const ChannelState& channel, const PictureDesc& in, void* data,
                       uint32_t* size, uint32_t level, void* stream) {
  EngineTarget target;
  ASIM_RETURN_IF_ERROR(ResolveTarget(core, "acldvppJpegEncodeAsync", channel, kModeJpege, stream, &target));
  if (size == nullptr) return Status(err::kInvalidParam, "size is NULL");
  if (*size == 0) return Status(err::kInvalidParam, "*size is 0: pass the output buffer's byte count");
  ASIM_RETURN_IF_ERROR(rules::CheckJpegeLevel(*target.spec, level));
  ASIM_RETURN_IF_ERROR(rules::CheckJpegeInput(*target.spec, in));
  if (in.data == nullptr) return Status(err::kInvalidParam, "inputDesc has no data: call acldvppSetPicDescData");
  const uint64_t need = ImageBytes(static_cast<PixelFormat>(in.format), in.width_stride, in.height_stride);
  if (in.size < need) {
    return Status(err::kInvalidParam, "inputDesc size " + Num(in.size) + " is smaller than the " + Num(need) +
                                          " bytes its format and strides occupy");
  }
  uint8_t* src = nullptr;
  ASIM_RETURN_IF_ERROR(MapDvppBuffer(*target.core, *target.device, "inputDesc data", in.data, in.size, &src));
  const uint32_t capacity = *size;
  uint8_t* dst = nullptr;
  ASIM_RETURN_IF_ERROR(MapDvppBuffer(*target.core, *target.device, "data", data, capacity, &dst));
  // DVPP level 0 encodes about as well as level 100 (the documented exception); 1..100 is the quality.
  const int quality = level == 0 ? 100 : static_cast<int>(level);
  const uint64_t pixels = static_cast<uint64_t>(in.width) * in.height;
  SubmitDvppTask(target, "JpegEncode", DvppDurationPs(*target.spec, DvppEngine::kJpege, pixels), {in.ret_code},
                 [src, in, dst, capacity, size, quality]() {
                   std::vector<uint8_t> jpeg;
                   ASIM_RETURN_IF_ERROR(EncodeJpeg(ToImage(in, src), quality, &jpeg));
                   if (jpeg.size() > capacity) {
                     return Status(err::kInvalidParam, "acldvppJpegEncodeAsync: the JPEG is " + Num(jpeg.size()) +
                                                           " bytes but the output buffer holds " + Num(capacity) +
                                                           " (size it with acldvppJpegPredictEncSize)");
                   }
                   std::memcpy(dst, jpeg.data(), jpeg.size());
                   *size = static_cast<uint32_t>(jpeg.size());
                   return Status::Ok();
                 });
  return Status::Ok();
}

}  // namespace asim::dvpp
