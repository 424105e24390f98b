// PNGD (see dvpp_ops.h): the host-side PNG queries and the decoder engine. The PNGD of DVPP V1
// exists on v100 chips only; the v200 (310P) decodes PNG through the V2 API.
#include <algorithm>
#include <cstring>
#include <string>

#include "runtime/dvpp/engine/dvpp_memory.h"
#include "runtime/dvpp/engine/dvpp_ops.h"
#include "runtime/dvpp/engine/dvpp_rules.h"
#include "runtime/dvpp/engine/dvpp_task.h"
#include "runtime/dvpp/png_codec.h"

namespace asim::dvpp {
namespace {

constexpr char kInsteadV2[] = ": this chip decodes PNG with the DVPP V2 API (hi_mpi_png_*)";
constexpr uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

std::string Num(uint64_t v) {
  return std::to_string(v);
}

uint32_t BigEndian32(const uint8_t* p) {
  return (uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) | (uint32_t{p[2]} << 8) | uint32_t{p[3]};
}

struct PngHeader {
  uint32_t width = 0, height = 0;
  uint32_t bit_depth = 8;
  int32_t components = 0;
};

// The IHDR fields, read the way the host library does (signature, fixed offsets).
Status ReadHeader(const void* data, uint32_t size, PngHeader* header) {
  if (data == nullptr) return Status(err::kInvalidParam, "data is NULL");
  if (size <= 29)
    return Status(err::kInvalidParam, "size " + Num(size) + " is too small for a PNG (at least 30 bytes)");
  const auto* bytes = static_cast<const uint8_t*>(data);
  if (std::memcmp(bytes, kSignature, sizeof(kSignature)) != 0) {
    return Status(err::kInvalidParam, "data does not start with the PNG signature");
  }
  header->width = BigEndian32(bytes + 16);
  header->height = BigEndian32(bytes + 20);
  header->bit_depth = bytes[24];
  switch (bytes[25]) {
    case 0: header->components = 1; break;
    case 4: header->components = 2; break;
    case 2: header->components = 3; break;
    case 6: header->components = 4; break;
    case 3:
      return Status(err::kFormatNotMatch,
                    "the PNG uses a palette (colour type 3): PNGD takes gray, gray+alpha, RGB "
                    "and RGBA PNGs");
    default: return Status(err::kInvalidParam, "the PNG's colour type " + Num(bytes[25]) + " is not valid");
  }
  return Status::Ok();
}

Status CheckPngdSize(uint32_t width, uint32_t height) {
  using namespace rules;
  if (width < kPngdMinSide || height < kPngdMinSide || width > kPngdMaxSide || height > kPngdMaxSide) {
    return Status(err::kInvalidParam, "the PNG is " + Num(width) + "x" + Num(height) + ": PNGD decodes " +
                                          Num(kPngdMinSide) + "x" + Num(kPngdMinSide) + " .. " + Num(kPngdMaxSide) +
                                          "x" + Num(kPngdMaxSide));
  }
  return Status::Ok();
}

Status RequireV100(rt::Runtime& core, const char* api, sim::SocSpec* spec) {
  ASIM_RETURN_IF_ERROR(CurrentSocSpec(core, spec));
  if (rules::IsV200(*spec)) return rules::Unsupported(api, *spec, kInsteadV2);
  return Status::Ok();
}

}  // namespace

Status PngImageInfo(rt::Runtime& core, const void* data, uint32_t size, uint32_t* width, uint32_t* height,
                    int32_t* components) {
  sim::SocSpec spec;
  ASIM_RETURN_IF_ERROR(RequireV100(core, "acldvppPngGetImageInfo", &spec));
  PngHeader header;
  ASIM_RETURN_IF_ERROR(ReadHeader(data, size, &header));
  if (width != nullptr) *width = header.width;
  if (height != nullptr) *height = header.height;
  if (components != nullptr) *components = header.components;
  return Status::Ok();
}

Status PngPredictDecSize(rt::Runtime& core, const void* data, uint32_t size, uint32_t output_format,
                         uint32_t* dec_size) {
  if (dec_size == nullptr) return Status(err::kInvalidParam, "decSize is NULL");
  sim::SocSpec spec;
  ASIM_RETURN_IF_ERROR(RequireV100(core, "acldvppPngPredictDecSize", &spec));
  PngHeader header;
  ASIM_RETURN_IF_ERROR(ReadHeader(data, size, &header));
  ASIM_RETURN_IF_ERROR(rules::CheckFormatIn("outputPixelFormat", output_format,
                                            {PixelFormat::kRgb888, PixelFormat::kRgba8888, PixelFormat::kUnknown}));
  ASIM_RETURN_IF_ERROR(CheckPngdSize(header.width, header.height));
  const uint64_t channels = output_format == static_cast<uint32_t>(PixelFormat::kRgb888) ? 3 : 4;
  // PNGD writes at least 8 bits per channel: 1/2/4-bit pictures are expanded.
  const uint64_t bits = std::max<uint64_t>(header.bit_depth, 8);
  const uint64_t row_bytes =
      (uint64_t{rules::AlignUp(header.width, rules::kPngdWidthAlign)} * bits * channels + 7) >> 3;
  const uint64_t bytes = row_bytes * rules::AlignUp(header.height, rules::kPngdHeightStrideAlign);
  if (bytes > uint64_t{4096} * 4096 * 4 * 2) {
    return Status(err::kInvalidParam, "the decoded PNG would take " + Num(bytes) + " bytes, more than PNGD writes");
  }
  *dec_size = static_cast<uint32_t>(bytes);
  return Status::Ok();
}

Status PngDecodeAsync(rt::Runtime& core, const ChannelState& channel, const void* data, uint32_t size,
                      const PictureDesc& out, void* stream) {
  EngineTarget target;
  ASIM_RETURN_IF_ERROR(ResolveTarget(core, "acldvppPngDecodeAsync", channel, kModePngd, stream, &target));
  if (rules::IsV200(*target.spec)) return rules::Unsupported("acldvppPngDecodeAsync", *target.spec, kInsteadV2);
  if (size == 0) return Status(err::kInvalidParam, "size is 0: pass the PNG's byte count");
  ASIM_RETURN_IF_ERROR(rules::CheckFormatIn("outputDesc", out.format, {PixelFormat::kRgb888, PixelFormat::kUnknown}));
  if (out.data == nullptr) return Status(err::kInvalidParam, "outputDesc has no data: call acldvppSetPicDescData");
  // Strides 0: chosen by the decoder (the PNG's width rounded up to 128, times the pixel bytes;
  // the height rounded up to 16) and written back.
  if (out.width_stride % rules::kPngdWidthAlign != 0) {
    return Status(err::kInvalidParam, "outputDesc widthStride " + Num(out.width_stride) +
                                          " must be a multiple of 128 (width rounded up to 128, times 3 bytes)");
  }
  if (out.height_stride % rules::kPngdHeightStrideAlign != 0) {
    return Status(err::kInvalidParam,
                  "outputDesc heightStride " + Num(out.height_stride) + " must be a multiple of 16");
  }
  uint8_t* src = nullptr;
  ASIM_RETURN_IF_ERROR(MapDvppBuffer(*target.core, *target.device, "data", data, size, &src));
  uint8_t* dst = nullptr;
  ASIM_RETURN_IF_ERROR(MapDvppBuffer(*target.core, *target.device, "outputDesc data", out.data, out.size, &dst));
  const uint64_t pixels = out.width_stride != 0 && out.height_stride != 0
                              ? static_cast<uint64_t>(out.width_stride / 3) * out.height_stride
                              : uint64_t{out.size} / 3;
  SubmitDvppTask(
      target, "PngDecode", DvppDurationPs(*target.spec, DvppEngine::kPngd, pixels), {out.ret_code},
      [src, size, dst, out]() {
        PngHeader header;  // the colour types PNGD takes, as acldvppPngGetImageInfo checks them
        ASIM_RETURN_IF_ERROR(ReadHeader(src, size, &header));
        PngInfo info;
        ASIM_RETURN_IF_ERROR(ProbePng(src, size, &info));
        ASIM_RETURN_IF_ERROR(CheckPngdSize(info.width, info.height));
        Image image = ToImage(out, dst);
        image.width = info.width;
        image.height = info.height;
        if (out.format == static_cast<uint32_t>(PixelFormat::kUnknown)) {
          // The PNG's own layout: with alpha RGBA8888, else RGB888.
          image.format = (info.components == 2 || info.components == 4) ? PixelFormat::kRgba8888 : PixelFormat::kRgb888;
        }
        if (image.width_stride == 0) {
          image.width_stride = rules::AlignUp(info.width, rules::kPngdWidthAlign) * LumaBytesPerPixel(image.format);
        }
        if (image.height_stride == 0) {
          image.height_stride = rules::AlignUp(info.height, rules::kPngdHeightStrideAlign);
        }
        Status fits = CheckImageLayout(image, "acldvppPngDecodeAsync outputDesc");
        if (!fits.ok()) {
          return Status(err::kInvalidParam,
                        fits.message() + " (the PNG is " + Num(info.width) + "x" + Num(info.height) + ")");
        }
        ASIM_RETURN_IF_ERROR(DecodePng(src, size, image));
        out.geometry->width.store(image.width);
        out.geometry->height.store(image.height);
        out.geometry->width_stride.store(image.width_stride);
        out.geometry->height_stride.store(image.height_stride);
        return Status::Ok();
      });
  return Status::Ok();
}

}  // namespace asim::dvpp
