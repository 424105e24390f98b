#include "runtime/dvpp/engine/dvpp_rules.h"

#include <string>

#include "runtime/dvpp/jpeg_codec.h"

namespace asim::dvpp::rules {
namespace {

using PF = PixelFormat;

std::string Num(uint64_t v) {
  return std::to_string(v);
}

bool Is420(PF f) {
  return f == PF::kYuv420sp || f == PF::kYvu420sp;
}
bool Is422(PF f) {
  return f == PF::kYuv422sp || f == PF::kYvu422sp || f == PF::kYuyv422 || f == PF::kUyvy422 || f == PF::kYvyu422 ||
         f == PF::kVyuy422;
}
bool Is440(PF f) {
  return f == PF::kYuv440sp || f == PF::kYvu440sp;
}

std::string RectText(const Rect& r) {
  return "(left " + Num(r.left) + ", right " + Num(r.right) + ", top " + Num(r.top) + ", bottom " + Num(r.bottom) + ")";
}

Status CheckRect(const char* what, const Rect& r, const PictureDesc& pic) {
  const std::string w(what);
  const std::string text = RectText(r);
  if (r.left > kRoiMaxValue || r.right > kRoiMaxValue || r.top > kRoiMaxValue || r.bottom > kRoiMaxValue) {
    return Status(err::kInvalidParam, w + " " + text + ": values must be at most " + Num(kRoiMaxValue));
  }
  if (r.right <= r.left || r.bottom <= r.top) {
    return Status(err::kInvalidParam, w + " " + text + ": right must be > left and bottom > top (both inclusive)");
  }
  if (r.right >= pic.width || r.bottom >= pic.height) {
    return Status(err::kInvalidParam, w + " " + text + " is outside the " + Num(pic.width) + "x" + Num(pic.height) +
                                          " picture (right and bottom are inclusive)");
  }
  const PF f = static_cast<PF>(pic.format);
  if ((Is420(f) || Is440(f) || Is422(f)) && (r.left % 2 != 0 || r.right % 2 != 1)) {
    return Status(err::kInvalidParam, w + " " + text + " on a " + PixelFormatName(pic.format) +
                                          " picture: left must be even and right odd");
  }
  if ((Is420(f) || Is440(f)) && (r.top % 2 != 0 || r.bottom % 2 != 1)) {
    return Status(err::kInvalidParam, w + " " + text + " on a " + PixelFormatName(pic.format) +
                                          " picture: top must be even and bottom odd");
  }
  if (r.width() < kVpcMinWidth || r.height() < kVpcMinHeight) {
    return Status(err::kInvalidParam, w + " " + text + " is " + Num(r.width()) + "x" + Num(r.height()) +
                                          ": the VPC needs at least " + Num(kVpcMinWidth) + "x" + Num(kVpcMinHeight));
  }
  return Status::Ok();
}

}  // namespace

bool IsV200(const sim::SocSpec& spec) {
  return spec.dvpp.generation == "v200";
}

uint32_t AlignUp(uint32_t value, uint32_t align) {
  const uint64_t v = (static_cast<uint64_t>(value) + align - 1) / align * align;
  return v > UINT32_MAX ? UINT32_MAX : static_cast<uint32_t>(v);
}

Status CheckFormatIn(const char* what, uint32_t format, std::initializer_list<PixelFormat> allowed) {
  std::string list;
  for (PixelFormat f : allowed) {
    if (static_cast<uint32_t>(f) == format) return Status::Ok();
    list += (list.empty() ? "" : ", ") + PixelFormatName(static_cast<uint32_t>(f));
  }
  return Status(err::kFormatNotMatch, std::string(what) + " format " + PixelFormatName(format) +
                                          " is not supported here; supported: " + list);
}

Status Unsupported(const char* api, const sim::SocSpec& spec, const char* instead) {
  return Status(err::kFeatureUnsupported, std::string(api) + " is not supported by the DVPP of " + spec.soc_name +
                                              " (DVPP V1 " + spec.dvpp.generation + ")" + instead);
}

Status CheckVpcInputFormat(const sim::SocSpec& spec, const char* what, uint32_t format) {
  if (IsV200(spec)) {
    return CheckFormatIn(what, format, {PF::kYuv400,   PF::kYuv420sp,     PF::kYvu420sp, PF::kYuv422sp, PF::kYvu422sp,
                                        PF::kYuv444sp, PF::kYvu444sp,     PF::kYuyv422,  PF::kUyvy422,  PF::kYvyu422,
                                        PF::kVyuy422,  PF::kYuv444packed, PF::kRgb888,   PF::kBgr888,   PF::kArgb8888,
                                        PF::kAbgr8888, PF::kRgba8888,     PF::kBgra8888, PF::kYuv440sp, PF::kYvu440sp});
  }
  return CheckFormatIn(what, format,
                       {PF::kYuv400, PF::kYuv420sp, PF::kYvu420sp, PF::kYuv422sp, PF::kYvu422sp, PF::kYuv444sp,
                        PF::kYvu444sp, PF::kYuyv422, PF::kUyvy422, PF::kYvyu422, PF::kVyuy422, PF::kYuv444packed,
                        PF::kRgb888, PF::kBgr888, PF::kArgb8888, PF::kAbgr8888, PF::kRgba8888, PF::kBgra8888});
}

Status CheckVpcOutputFormat(const sim::SocSpec& spec, const char* what, uint32_t format) {
  if (IsV200(spec)) {
    // The v200 also writes 4:2:2 semi-planar and packed 4:4:4; the simulator does not (yet).
    return CheckFormatIn(what, format,
                         {PF::kYuv400, PF::kYuv420sp, PF::kYvu420sp, PF::kRgb888, PF::kBgr888, PF::kArgb8888,
                          PF::kAbgr8888, PF::kRgba8888, PF::kBgra8888});
  }
  return CheckFormatIn(what, format, {PF::kYuv420sp, PF::kYvu420sp});
}

Status CheckVpcPicture(const sim::SocSpec& spec, const char* what, const PictureDesc& desc, bool is_output) {
  const std::string w(what);
  if (desc.data == nullptr) return Status(err::kInvalidParam, w + " has no data: call acldvppSetPicDescData");
  const uint32_t max_side = is_output ? kVpcMaxOutputSide : kVpcMaxInputSide;
  if (desc.width < kVpcMinWidth || desc.height < kVpcMinHeight || desc.width > max_side || desc.height > max_side) {
    return Status(err::kInvalidParam, w + " is " + Num(desc.width) + "x" + Num(desc.height) + ": the VPC " +
                                          (is_output ? "writes " : "reads ") + Num(kVpcMinWidth) + "x" +
                                          Num(kVpcMinHeight) + " .. " + Num(max_side) + "x" + Num(max_side));
  }
  const PF f = static_cast<PF>(desc.format);
  // The v100 VPC (Ascend310 / 910) reads pictures wider or higher than 4096 in YUV420SP only.
  if (!is_output && !IsV200(spec) && (desc.width > kVpcMaxOutputSide || desc.height > kVpcMaxOutputSide) && !Is420(f)) {
    return Status(err::kInvalidParam, w + " is " + Num(desc.width) + "x" + Num(desc.height) + " in " +
                                          PixelFormatName(desc.format) + ": the " + spec.soc_name +
                                          " VPC reads pictures above 4096 only as YUV420SP NV12 / NV21");
  }
  if ((Is420(f) || Is422(f)) && desc.width % 2 != 0) {
    return Status(err::kInvalidParam,
                  w + " width " + Num(desc.width) + " must be even for " + PixelFormatName(desc.format));
  }
  if ((Is420(f) || Is440(f)) && desc.height % 2 != 0) {
    return Status(err::kInvalidParam,
                  w + " height " + Num(desc.height) + " must be even for " + PixelFormatName(desc.format));
  }
  const uint64_t row_bytes = static_cast<uint64_t>(desc.width) * LumaBytesPerPixel(f);
  if (desc.width_stride % kVpcWidthStrideAlign != 0 || desc.width_stride < kVpcMinWidthStride ||
      desc.width_stride > kVpcMaxWidthStride || desc.width_stride < row_bytes) {
    return Status(err::kInvalidParam, w + " widthStride " + Num(desc.width_stride) + " must be a multiple of " +
                                          Num(kVpcWidthStrideAlign) + " in [" + Num(kVpcMinWidthStride) + ", " +
                                          Num(kVpcMaxWidthStride) + "] and at least width x " +
                                          Num(LumaBytesPerPixel(f)) + " bytes = " + Num(row_bytes));
  }
  if (desc.height_stride % kVpcHeightStrideAlign != 0 || desc.height_stride < kVpcMinHeightStride ||
      desc.height_stride < desc.height) {
    return Status(err::kInvalidParam, w + " heightStride " + Num(desc.height_stride) + " must be even, at least " +
                                          Num(kVpcMinHeightStride) + " and at least the height " + Num(desc.height));
  }
  uint64_t need = ImageBytes(f, desc.width_stride, desc.height_stride);
  // The v100 VPC reads a YUV400 picture through its 4:2:0 path: it needs the chroma room too.
  if (f == PF::kYuv400 && !IsV200(spec) && !is_output) need = need * 3 / 2;
  if (desc.size < need) {
    return Status(err::kInvalidParam, w + " size " + Num(desc.size) + " is smaller than the " + Num(need) +
                                          " bytes a " + PixelFormatName(desc.format) + " picture with widthStride " +
                                          Num(desc.width_stride) + " and heightStride " + Num(desc.height_stride) +
                                          " occupies");
  }
  return Status::Ok();
}

Status CheckCrop(const char* what, const Rect& crop, const PictureDesc& in) {
  return CheckRect(what, crop, in);
}

Status CheckPaste(const char* what, const Rect& paste, const PictureDesc& out, Rect* placed) {
  Rect p = paste;
  p.left = AlignUp(paste.left, kPasteLeftAlign);
  if (p.left >= p.right) {
    return Status(err::kInvalidParam, std::string(what) + " " + RectText(paste) +
                                          ": with its left edge rounded up to a multiple of " + Num(kPasteLeftAlign) +
                                          " (as the VPC places it) nothing is left to paste");
  }
  ASIM_RETURN_IF_ERROR(CheckRect(what, p, out));
  *placed = p;
  return Status::Ok();
}

Status CheckScale(const char* what, uint32_t from_w, uint32_t from_h, uint32_t to_w, uint32_t to_h) {
  auto bad = [](uint32_t from, uint32_t to) {
    return static_cast<uint64_t>(to) * kVpcMaxDownscale < from || to > static_cast<uint64_t>(from) * kVpcMaxUpscale;
  };
  if (bad(from_w, to_w) || bad(from_h, to_h)) {
    return Status(err::kInvalidParam, std::string(what) + ": scaling " + Num(from_w) + "x" + Num(from_h) + " to " +
                                          Num(to_w) + "x" + Num(to_h) + " is outside the VPC's range [1/" +
                                          Num(kVpcMaxDownscale) + ", " + Num(kVpcMaxUpscale) + "] per side");
  }
  return Status::Ok();
}

uint32_t MaxInterpolation(const sim::SocSpec& spec) {
  return IsV200(spec) ? 2 : 4;
}

Status ResolveInterpolation(const sim::SocSpec& spec, uint32_t value, Interpolation* out) {
  if (value > MaxInterpolation(spec)) {
    return Status(err::kFeatureUnsupported, "resizeConfig interpolation " + Num(value) + " is not supported on " +
                                                spec.soc_name + ": 0.." + Num(MaxInterpolation(spec)));
  }
  *out = (value == 2 || value == 4) ? Interpolation::kNearest : Interpolation::kBilinear;
  return Status::Ok();
}

Status CheckJpegdOutputDesc(const PictureDesc& out, const sim::SocSpec& spec) {
  if (IsV200(spec)) {
    ASIM_RETURN_IF_ERROR(CheckFormatIn("outputDesc", out.format,
                                       {PF::kYuv420sp, PF::kYvu420sp, PF::kYuv422sp, PF::kYvu422sp, PF::kYuv444sp,
                                        PF::kYvu444sp, PF::kYuv440sp, PF::kYvu440sp, PF::kYuv400, PF::kUnknown}));
  } else {
    ASIM_RETURN_IF_ERROR(CheckFormatIn("outputDesc", out.format,
                                       {PF::kYuv420sp, PF::kYvu420sp, PF::kYuv422sp, PF::kYvu422sp, PF::kYuv444sp,
                                        PF::kYvu444sp, PF::kYuv440sp, PF::kYvu440sp, PF::kUnknown}));
  }
  if (out.data == nullptr) return Status(err::kInvalidParam, "outputDesc has no data: call acldvppSetPicDescData");
  if (out.size == 0) return Status(err::kInvalidParam, "outputDesc size is 0: call acldvppSetPicDescSize");
  const uint32_t wa = spec.dvpp.jpegd_width_stride_align, ha = spec.dvpp.jpegd_height_stride_align;
  // 0: the decoder chooses the strides (the image's size aligned) and writes them back.
  if (out.width_stride % wa != 0) {
    return Status(err::kInvalidParam, "outputDesc widthStride " + Num(out.width_stride) + " must be a multiple of " +
                                          Num(wa) + " on " + spec.soc_name + " (the JPEGD output alignment)");
  }
  if (out.height_stride % ha != 0) {
    return Status(err::kInvalidParam, "outputDesc heightStride " + Num(out.height_stride) + " must be a multiple of " +
                                          Num(ha) + " on " + spec.soc_name + " (the JPEGD output alignment)");
  }
  return Status::Ok();
}

PixelFormat JpegdOutputFormat(uint32_t requested, int32_t subsampling) {
  if (requested != static_cast<uint32_t>(PF::kUnknown)) return static_cast<PF>(requested);
  switch (static_cast<JpegSubsampling>(subsampling)) {
    case JpegSubsampling::k444: return PF::kYvu444sp;
    case JpegSubsampling::k422: return PF::kYvu422sp;
    case JpegSubsampling::k440: return PF::kYvu440sp;
    case JpegSubsampling::kGray: return PF::kYuv420sp;
    default: return PF::kYvu420sp;  // 420, 411
  }
}

void JpegdOutputSize(const sim::SocSpec& spec, PixelFormat format, uint32_t* width, uint32_t* height) {
  const bool down = IsV200(spec);
  auto even = [down](uint32_t v) { return down ? v / 2 * 2 : (v + 1) / 2 * 2; };
  if (Is420(format) || Is422(format)) *width = even(*width);
  if (Is420(format) || Is440(format)) *height = even(*height);
}

Status CheckJpegeInput(const sim::SocSpec& spec, const PictureDesc& in) {
  (void)spec;
  ASIM_RETURN_IF_ERROR(CheckFormatIn(
      "inputDesc", in.format, {PF::kYuv420sp, PF::kYvu420sp, PF::kYuyv422, PF::kUyvy422, PF::kYvyu422, PF::kVyuy422}));
  const std::string w = "inputDesc";
  if (in.width < kJpegeMinSide || in.height < kJpegeMinSide || in.width > kJpegeMaxSide || in.height > kJpegeMaxSide) {
    return Status(err::kInvalidParam, w + " is " + Num(in.width) + "x" + Num(in.height) + ": JPEGE encodes " +
                                          Num(kJpegeMinSide) + "x" + Num(kJpegeMinSide) + " .. " + Num(kJpegeMaxSide) +
                                          "x" + Num(kJpegeMaxSide));
  }
  const PF f = static_cast<PF>(in.format);
  if (in.width % 2 != 0 || (Is420(f) && in.height % 2 != 0)) {
    return Status(err::kInvalidParam, w + " is " + Num(in.width) + "x" + Num(in.height) + ": " +
                                          PixelFormatName(in.format) +
                                          (Is420(f) ? " needs an even width and height" : " needs an even width"));
  }
  if (Is420(f)) {
    if (in.width_stride % 16 != 0 || in.width_stride < in.width) {
      return Status(err::kInvalidParam, w + " widthStride " + Num(in.width_stride) +
                                            " must be a multiple of 16 and at least the width " + Num(in.width));
    }
  } else if (in.width_stride != AlignUp(2 * in.width, 16)) {
    return Status(err::kInvalidParam, w + " widthStride " + Num(in.width_stride) +
                                          " must be 2 x width rounded up to 16 = " + Num(AlignUp(2 * in.width, 16)) +
                                          " for packed 4:2:2");
  }
  if (in.height_stride != in.height && (in.height_stride < in.height || in.height_stride % 16 != 0)) {
    return Status(err::kInvalidParam, w + " heightStride " + Num(in.height_stride) + " must equal the height " +
                                          Num(in.height) + " or be a larger multiple of 16");
  }
  return Status::Ok();
}

uint64_t JpegePredictSize(const PictureDesc& in) {
  constexpr uint64_t kTwoMiB = uint64_t{2} << 20;
  const uint64_t bytes = ImageBytes(static_cast<PF>(in.format), in.width_stride, in.height_stride) + 640 + 128;
  return (bytes + kTwoMiB - 1) / kTwoMiB * kTwoMiB;
}

Status CheckJpegeLevel(const sim::SocSpec& spec, uint32_t level) {
  const uint32_t low = IsV200(spec) ? 1 : 0;
  if (level < low || level > 100) {
    return Status(err::kInvalidParam,
                  "jpegeConfig level " + Num(level) + " is outside [" + Num(low) + ", 100] on " + spec.soc_name);
  }
  return Status::Ok();
}

}  // namespace asim::dvpp::rules
