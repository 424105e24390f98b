// VPC crop/resize/paste and colour conversion (see vpc_transform.h): the input region goes to
// I420 (YUV420SP/YVU420SP outputs) or to packed B,G,R,A (RGB888/BGR888 outputs, colour
// conversion to RGB), is scaled plane by plane (libyuv's ScalePlane with kFilterBilinear:
// pixel centres aligned when shrinking, end points aligned when enlarging; or the exact
// nearest-neighbour mapping of yuv_planes.h) and is written into the output at the paste
// rectangle.
//
// Crops starting at an odd column/row of a chroma-subsampled input: the even-aligned region
// one column/row larger is converted and the luma taken from the odd offset, so luma is exact
// and each output chroma sample is the input chroma block containing the crop's first pixel of
// the pair (no interpolation across blocks).
//
// Owns: scratch planes of one call. Thread safety: reentrant. Failure: err::kInvalidParam for
// layouts or rectangles that do not fit, std::bad_alloc becomes err::kBadAlloc.
#include "runtime/dvpp/vpc_transform.h"

#include <libyuv/scale.h>

#include <algorithm>
#include <new>
#include <string>
#include <vector>

#include "runtime/dvpp/yuv_planes.h"

namespace asim::dvpp {
namespace {

using internal::Planes;
using internal::Region;

std::string RectText(const Rect& r) {
  // Appended piece by piece: GCC 12's -Wrestrict misfires on "literal" + std::string chains.
  std::string text("[");
  text.append(std::to_string(r.left)).append("..").append(std::to_string(r.right));
  text.append("] x [").append(std::to_string(r.top)).append("..").append(std::to_string(r.bottom)).append("]");
  return text;
}

Status CheckRect(const Rect& r, const Image& image, const char* what) {
  if (r.left > r.right || r.top > r.bottom || r.right >= image.width || r.bottom >= image.height) {
    return Status(err::kInvalidParam, std::string(what) + " " + RectText(r) + " is empty or not inside the " +
                                          std::to_string(image.width) + "x" + std::to_string(image.height) +
                                          " picture");
  }
  return Status::Ok();
}

bool Is420sp(PixelFormat f) {
  return f == PixelFormat::kYuv420sp || f == PixelFormat::kYvu420sp;
}

void ScalePlane(const uint8_t* src, int src_stride, int sw, int sh, uint8_t* dst, int dst_stride, int dw, int dh,
                Interpolation interp) {
  if (interp == Interpolation::kNearest) {
    internal::ScaleNearest(src, src_stride, sw, sh, dst, dst_stride, dw, dh, 1);
  } else {
    libyuv::ScalePlane(src, src_stride, sw, sh, dst, dst_stride, dw, dh, libyuv::kFilterBilinear);
  }
}

Status CropResizeTo420sp(const Image& in, const Rect& crop, const Image& out, const Rect& paste, Interpolation interp) {
  if ((paste.left | paste.top | paste.width() | paste.height()) & 1) {
    return Status(err::kInvalidParam,
                  "paste area " + RectText(paste) + ": a YUV420SP output needs even left/top and even width/height");
  }
  const uint32_t dx = crop.left & 1u, dy = crop.top & 1u;
  const Region region{crop.left - dx, crop.top - dy, crop.width() + dx, crop.height() + dy};
  Planes planes;
  internal::RegionToI420(in, region, &planes);
  const int cw = static_cast<int>(crop.width()), ch = static_cast<int>(crop.height());
  const int pw = static_cast<int>(paste.width()), ph = static_cast<int>(paste.height());
  const uint8_t* src_y = planes.y.data() + static_cast<size_t>(dy) * planes.width + dx;
  const uint8_t* src_u = planes.u.data();
  const uint8_t* src_v = planes.v.data();
  if (cw == pw && ch == ph) {
    internal::WriteI420ToSemiPlanar(src_y, planes.width, src_u, src_v, planes.chroma_width, pw, ph, out, paste.left,
                                    paste.top);
    return Status::Ok();
  }
  Planes scaled;
  scaled.Allocate(pw, ph, 2, 2);
  const int scw = (cw + 1) / 2, sch = (ch + 1) / 2;
  ScalePlane(src_y, planes.width, cw, ch, scaled.y.data(), pw, pw, ph, interp);
  ScalePlane(src_u, planes.chroma_width, scw, sch, scaled.u.data(), pw / 2, pw / 2, ph / 2, interp);
  ScalePlane(src_v, planes.chroma_width, scw, sch, scaled.v.data(), pw / 2, pw / 2, ph / 2, interp);
  internal::WriteI420ToSemiPlanar(scaled.y.data(), pw, scaled.u.data(), scaled.v.data(), pw / 2, pw, ph, out,
                                  paste.left, paste.top);
  return Status::Ok();
}

// RGB-family outputs (RGB/BGR888 and the 8888 formats) from any input: the crop as packed
// B,G,R,A (exact for RGB inputs, BT.601 limited range for YUV ones), scaled channel by
// channel to the paste size, written in the output's byte order.
Status CropResizeToRgb(const Image& in, const Rect& crop, const Image& out, const Rect& paste, Interpolation interp) {
  if (!internal::IsRgbFamily(in.format) && ((crop.left | crop.top) & 1)) {
    return Status(err::kInvalidParam, "crop area " + RectText(crop) + ": an RGB output from " +
                                          PixelFormatName(static_cast<uint32_t>(in.format)) +
                                          " needs an even left/top");
  }
  const Region region{crop.left, crop.top, crop.width(), crop.height()};
  std::vector<uint8_t> argb;
  internal::RegionToArgb(in, region, &argb);
  const int cw = static_cast<int>(crop.width()), ch = static_cast<int>(crop.height());
  const int pw = static_cast<int>(paste.width()), ph = static_cast<int>(paste.height());
  if (cw == pw && ch == ph) {
    internal::WriteArgb(argb.data(), 4 * cw, pw, ph, out, paste.left, paste.top);
    return Status::Ok();
  }
  std::vector<uint8_t> scaled(static_cast<size_t>(pw) * ph * 4);
  if (interp == Interpolation::kNearest) {
    internal::ScaleNearest(argb.data(), 4 * cw, cw, ch, scaled.data(), 4 * pw, pw, ph, 4);
  } else {
    // Channel by channel with the plane scaler the YUV path uses (libyuv's ARGBScale treats the
    // last row differently when shrinking vertically, up to 3 levels off).
    std::vector<uint8_t> src_plane(static_cast<size_t>(cw) * ch), dst_plane(static_cast<size_t>(pw) * ph);
    for (int c = 0; c < 4; ++c) {
      for (size_t i = 0; i < src_plane.size(); ++i) src_plane[i] = argb[4 * i + c];
      libyuv::ScalePlane(src_plane.data(), cw, cw, ch, dst_plane.data(), pw, pw, ph, libyuv::kFilterBilinear);
      for (size_t i = 0; i < dst_plane.size(); ++i) scaled[4 * i + c] = dst_plane[i];
    }
  }
  internal::WriteArgb(scaled.data(), 4 * pw, pw, ph, out, paste.left, paste.top);
  return Status::Ok();
}

// YUV400 outputs: the crop's luma (exact for YUV inputs, BT.601 limited range for RGB ones),
// scaled to the paste size as one plane.
Status CropResizeToLuma(const Image& in, const Rect& crop, const Image& out, const Rect& paste, Interpolation interp) {
  const uint32_t dx = crop.left & 1u, dy = crop.top & 1u;
  const Region region{crop.left - dx, crop.top - dy, crop.width() + dx, crop.height() + dy};
  Planes planes;
  internal::RegionToI420(in, region, &planes);
  const uint8_t* src = planes.y.data() + static_cast<size_t>(dy) * planes.width + dx;
  uint8_t* dst = out.data + static_cast<size_t>(paste.top) * out.width_stride + paste.left;
  ScalePlane(src, planes.width, static_cast<int>(crop.width()), static_cast<int>(crop.height()), dst,
             static_cast<int>(out.width_stride), static_cast<int>(paste.width()), static_cast<int>(paste.height()),
             interp);
  return Status::Ok();
}

Status CropResizePasteImpl(const Image& in, const Rect& crop, const Image& out, const Rect& paste,
                           Interpolation interp) {
  if (interp != Interpolation::kBilinear && interp != Interpolation::kNearest) {
    return Status(err::kInvalidParam, "VPC: interpolation " + std::to_string(static_cast<uint32_t>(interp)) +
                                          " is neither bilinear (0) nor nearest (2)");
  }
  ASIM_RETURN_IF_ERROR(CheckImageLayout(in, "VPC input"));
  ASIM_RETURN_IF_ERROR(CheckImageLayout(out, "VPC output"));
  ASIM_RETURN_IF_ERROR(CheckRect(crop, in, "crop area"));
  ASIM_RETURN_IF_ERROR(CheckRect(paste, out, "paste area"));
  if (Is420sp(out.format)) return CropResizeTo420sp(in, crop, out, paste, interp);
  if (internal::IsRgbFamily(out.format)) return CropResizeToRgb(in, crop, out, paste, interp);
  if (out.format == PixelFormat::kYuv400) return CropResizeToLuma(in, crop, out, paste, interp);
  return Status(err::kInvalidParam, "VPC: cannot write " + PixelFormatName(static_cast<uint32_t>(out.format)) +
                                        " (outputs: YUV/YVU420SP, YUV400, RGB/BGR888, the 8888 formats)");
}

bool IsConvertOutput(PixelFormat f) {
  return Is420sp(f) || f == PixelFormat::kYuv400 || internal::IsRgbFamily(f);
}

Status ConvertColorImpl(const Image& in, const Image& out) {
  ASIM_RETURN_IF_ERROR(CheckImageLayout(in, "VPC convert input"));
  ASIM_RETURN_IF_ERROR(CheckImageLayout(out, "VPC convert output"));
  if (!IsConvertOutput(out.format)) {
    return Status(err::kInvalidParam, "VPC convert: output format " +
                                          PixelFormatName(static_cast<uint32_t>(out.format)) +
                                          " is not supported (YUV/YVU420SP, YUV400, RGB/BGR888, the 8888 formats)");
  }
  if (in.width != out.width || in.height != out.height) {
    return Status(err::kInvalidParam, "VPC convert: output " + std::to_string(out.width) + "x" +
                                          std::to_string(out.height) + " differs from input " +
                                          std::to_string(in.width) + "x" + std::to_string(in.height));
  }
  const Region whole{0, 0, in.width, in.height};
  const int w = static_cast<int>(in.width), h = static_cast<int>(in.height);
  if (internal::IsRgbFamily(out.format)) {
    std::vector<uint8_t> argb;
    internal::RegionToArgb(in, whole, &argb);
    internal::WriteArgb(argb.data(), 4 * w, w, h, out, 0, 0);
    return Status::Ok();
  }
  Planes planes;
  internal::RegionToI420(in, whole, &planes);
  if (out.format == PixelFormat::kYuv400) {
    for (int y = 0; y < h; ++y) {
      std::copy_n(planes.y.data() + static_cast<size_t>(y) * w, w,
                  out.data + static_cast<size_t>(y) * out.width_stride);
    }
    return Status::Ok();
  }
  // Odd sizes: libyuv writes the last, incomplete chroma block too (the layout check reserved it).
  internal::WriteI420ToSemiPlanar(planes.y.data(), planes.width, planes.u.data(), planes.v.data(), planes.chroma_width,
                                  planes.width, planes.height, out, 0, 0);
  return Status::Ok();
}

}  // namespace

Status CropResizePaste(const Image& in, const Rect& crop, const Image& out, const Rect& paste, Interpolation interp) {
  try {
    return CropResizePasteImpl(in, crop, out, paste, interp);
  } catch (const std::bad_alloc&) {
    return Status(err::kBadAlloc, "VPC: out of host memory for the scratch planes");
  }
}

Status ConvertColor(const Image& in, const Image& out) {
  try {
    return ConvertColorImpl(in, out);
  } catch (const std::bad_alloc&) {
    return Status(err::kBadAlloc, "VPC convert: out of host memory for the scratch planes");
  }
}

}  // namespace asim::dvpp
