// Conversions between image.h pictures and the VPC working representations (see yuv_planes.h).
// libyuv format names are in memory byte order reversed: libyuv "ARGB" is B,G,R,A at
// increasing addresses (DVPP BGRA8888), "ABGR" is R,G,B,A (RGBA8888), "BGRA" is A,R,G,B
// (ARGB8888), "RGBA" is A,B,G,R (ABGR8888), "RGB24" is B,G,R (BGR888), "RAW" is R,G,B (RGB888).
//
// Owns: nothing beyond the scratch planes of one call. Thread safety: reentrant.
// Failure: none (preconditions are the caller's; std::bad_alloc may propagate).
#include "runtime/dvpp/yuv_planes.h"

#include <libyuv/convert.h>
#include <libyuv/convert_argb.h>
#include <libyuv/convert_from.h>
#include <libyuv/planar_functions.h>

#include <algorithm>
#include <cstring>

namespace asim::dvpp::internal {
namespace {

// Byte offsets of R, G, B and A (-1: none) inside one pixel of an RGB-family format.
struct RgbOrder {
  int bpp, r, g, b, a;
};

RgbOrder OrderOf(PixelFormat f) {
  switch (f) {
    case PixelFormat::kRgb888: return {3, 0, 1, 2, -1};
    case PixelFormat::kBgr888: return {3, 2, 1, 0, -1};
    case PixelFormat::kArgb8888: return {4, 1, 2, 3, 0};
    case PixelFormat::kAbgr8888: return {4, 3, 2, 1, 0};
    case PixelFormat::kRgba8888: return {4, 0, 1, 2, 3};
    case PixelFormat::kBgra8888: return {4, 2, 1, 0, 3};
    default: return {0, 0, 0, 0, -1};
  }
}

// Chroma block of the YUV-family formats; vu: V stored before U.
struct YuvLayout {
  int sx = 1, sy = 1;
  bool vu = false;
};

YuvLayout LayoutOf(PixelFormat f) {
  switch (f) {
    case PixelFormat::kYuv420sp: return {2, 2, false};
    case PixelFormat::kYvu420sp: return {2, 2, true};
    case PixelFormat::kYuv422sp: return {2, 1, false};
    case PixelFormat::kYvu422sp: return {2, 1, true};
    case PixelFormat::kYuv444sp: return {1, 1, false};
    case PixelFormat::kYvu444sp: return {1, 1, true};
    case PixelFormat::kYuv440sp: return {1, 2, false};
    case PixelFormat::kYvu440sp: return {1, 2, true};
    case PixelFormat::kYuyv422:
    case PixelFormat::kUyvy422:
    case PixelFormat::kYvyu422:
    case PixelFormat::kVyuy422: return {2, 1, false};
    default: return {1, 1, false};
  }
}

// Byte offsets of Y0, U, Y1, V in a packed 4:2:2 macropixel.
void Packed422Offsets(PixelFormat f, int offsets[4]) {
  static constexpr int kYuyv[4] = {0, 1, 2, 3}, kUyvy[4] = {1, 0, 3, 2}, kYvyu[4] = {0, 3, 2, 1},
                       kVyuy[4] = {1, 2, 3, 0};
  const int* table = f == PixelFormat::kUyvy422   ? kUyvy
                     : f == PixelFormat::kYvyu422 ? kYvyu
                     : f == PixelFormat::kVyuy422 ? kVyuy
                                                  : kYuyv;
  std::copy(table, table + 4, offsets);
}

int Ceil(int v, int d) {
  return (v + d - 1) / d;
}

const uint8_t* PixelAt(const Image& in, uint32_t x, uint32_t y) {
  return in.data + static_cast<size_t>(y) * in.width_stride + static_cast<size_t>(x) * LumaBytesPerPixel(in.format);
}

const uint8_t* ChromaPlane(const Image& in) {
  return in.data + static_cast<size_t>(in.width_stride) * in.height_stride;
}

// Row stride of a semi-planar picture's chroma plane.
int ChromaStride(const Image& in) {
  return LayoutOf(in.format).sx == 1 ? 2 * static_cast<int>(in.width_stride) : static_cast<int>(in.width_stride);
}

// The region's planes at the format's own subsampling (YUV formats other than YUV400).
void RegionToNative(const Image& in, const Region& r, Planes* out) {
  const YuvLayout layout = LayoutOf(in.format);
  const int w = static_cast<int>(r.width), h = static_cast<int>(r.height);
  out->Allocate(w, h, layout.sx, layout.sy);
  const int cw = out->chroma_width, ch = out->chroma_height;
  if (IsSemiPlanar(in.format)) {
    libyuv::CopyPlane(PixelAt(in, r.left, r.top), static_cast<int>(in.width_stride), out->y.data(), w, w, h);
    const int cstride = ChromaStride(in);
    const uint8_t* uv = ChromaPlane(in) + static_cast<size_t>(r.top / layout.sy) * cstride + (r.left / layout.sx) * 2;
    uint8_t* first = layout.vu ? out->v.data() : out->u.data();
    uint8_t* second = layout.vu ? out->u.data() : out->v.data();
    libyuv::SplitUVPlane(uv, cstride, first, cw, second, cw, cw, ch);
    return;
  }
  if (IsPacked422(in.format)) {
    int off[4];
    Packed422Offsets(in.format, off);
    for (int y = 0; y < h; ++y) {
      const uint8_t* row = PixelAt(in, r.left, r.top + static_cast<uint32_t>(y));
      uint8_t* luma = &out->y[static_cast<size_t>(y) * w];
      for (int x = 0; x < cw; ++x) {
        const uint8_t* macro = row + 4 * x;
        luma[2 * x] = macro[off[0]];
        if (2 * x + 1 < w) luma[2 * x + 1] = macro[off[2]];
        out->u[static_cast<size_t>(y) * cw + x] = macro[off[1]];
        out->v[static_cast<size_t>(y) * cw + x] = macro[off[3]];
      }
    }
    return;
  }
  // YUV packed 444: Y, U, V per pixel.
  for (int y = 0; y < h; ++y) {
    const uint8_t* row = PixelAt(in, r.left, r.top + static_cast<uint32_t>(y));
    const size_t base = static_cast<size_t>(y) * w;
    for (int x = 0; x < w; ++x) {
      out->y[base + x] = row[3 * x];
      out->u[base + x] = row[3 * x + 1];
      out->v[base + x] = row[3 * x + 2];
    }
  }
}

void FillGray(const Image& in, const Region& r, Planes* out) {
  libyuv::CopyPlane(PixelAt(in, r.left, r.top), static_cast<int>(in.width_stride), out->y.data(), out->width,
                    out->width, out->height);
  std::fill(out->u.begin(), out->u.end(), uint8_t{128});
  std::fill(out->v.begin(), out->v.end(), uint8_t{128});
}

void RgbRegionToI420(const Image& in, const Region& r, Planes* out) {
  const uint8_t* src = PixelAt(in, r.left, r.top);
  const int stride = static_cast<int>(in.width_stride);
  const int w = out->width, h = out->height, cw = out->chroma_width;
  uint8_t* y = out->y.data();
  uint8_t* u = out->u.data();
  uint8_t* v = out->v.data();
  switch (in.format) {
    case PixelFormat::kRgb888: libyuv::RAWToI420(src, stride, y, w, u, cw, v, cw, w, h); break;
    case PixelFormat::kBgr888: libyuv::RGB24ToI420(src, stride, y, w, u, cw, v, cw, w, h); break;
    case PixelFormat::kBgra8888: libyuv::ARGBToI420(src, stride, y, w, u, cw, v, cw, w, h); break;
    case PixelFormat::kRgba8888: libyuv::ABGRToI420(src, stride, y, w, u, cw, v, cw, w, h); break;
    case PixelFormat::kArgb8888: libyuv::BGRAToI420(src, stride, y, w, u, cw, v, cw, w, h); break;
    case PixelFormat::kAbgr8888: libyuv::RGBAToI420(src, stride, y, w, u, cw, v, cw, w, h); break;
    default: break;
  }
}

}  // namespace

bool IsRgbFamily(PixelFormat f) {
  return OrderOf(f).bpp != 0;
}

void Planes::Allocate(int w, int h, int sx, int sy) {
  width = w;
  height = h;
  chroma_width = Ceil(w, sx);
  chroma_height = Ceil(h, sy);
  y.assign(static_cast<size_t>(w) * h, 0);
  u.assign(static_cast<size_t>(chroma_width) * chroma_height, 0);
  v.assign(static_cast<size_t>(chroma_width) * chroma_height, 0);
}

void RegionToI420(const Image& in, const Region& r, Planes* out) {
  const int w = static_cast<int>(r.width), h = static_cast<int>(r.height);
  out->Allocate(w, h, 2, 2);
  const int cw = out->chroma_width, ch = out->chroma_height;
  uint8_t* y = out->y.data();
  uint8_t* u = out->u.data();
  uint8_t* v = out->v.data();
  const PixelFormat f = in.format;
  const int stride = static_cast<int>(in.width_stride);
  if (IsRgbFamily(f)) return RgbRegionToI420(in, r, out);
  if (f == PixelFormat::kYuv400) return FillGray(in, r, out);
  if (f == PixelFormat::kYuv420sp || f == PixelFormat::kYvu420sp) {
    const uint8_t* uv = ChromaPlane(in) + static_cast<size_t>(r.top / 2) * stride + r.left;
    if (f == PixelFormat::kYuv420sp) {
      libyuv::NV12ToI420(PixelAt(in, r.left, r.top), stride, uv, stride, y, w, u, cw, v, cw, w, h);
    } else {
      libyuv::NV21ToI420(PixelAt(in, r.left, r.top), stride, uv, stride, y, w, u, cw, v, cw, w, h);
    }
    return;
  }
  if (IsPacked422(f)) {
    // YVYU and VYUY are YUY2 and UYVY with U and V exchanged.
    const bool swap = f == PixelFormat::kYvyu422 || f == PixelFormat::kVyuy422;
    uint8_t* first = swap ? v : u;
    uint8_t* second = swap ? u : v;
    if (f == PixelFormat::kYuyv422 || f == PixelFormat::kYvyu422) {
      libyuv::YUY2ToI420(PixelAt(in, r.left, r.top), stride, y, w, first, cw, second, cw, w, h);
    } else {
      libyuv::UYVYToI420(PixelAt(in, r.left, r.top), stride, y, w, first, cw, second, cw, w, h);
    }
    return;
  }
  Planes native;
  RegionToNative(in, r, &native);
  const YuvLayout layout = LayoutOf(f);
  const int ncw = native.chroma_width;
  if (layout.sx == 2 && layout.sy == 1) {
    libyuv::I422ToI420(native.y.data(), w, native.u.data(), ncw, native.v.data(), ncw, y, w, u, cw, v, cw, w, h);
  } else if (layout.sx == 1 && layout.sy == 1) {
    libyuv::I444ToI420(native.y.data(), w, native.u.data(), ncw, native.v.data(), ncw, y, w, u, cw, v, cw, w, h);
  } else {
    // 4:4:0 -> 4:2:0: mean of horizontal pairs (the last, lone column of an odd width as is).
    out->y = native.y;
    for (int row = 0; row < ch; ++row) {
      for (int x = 0; x < cw; ++x) {
        const size_t a = static_cast<size_t>(row) * ncw + 2 * x;
        const bool pair = 2 * x + 1 < ncw;
        u[static_cast<size_t>(row) * cw + x] =
            pair ? static_cast<uint8_t>((native.u[a] + native.u[a + 1] + 1) / 2) : native.u[a];
        v[static_cast<size_t>(row) * cw + x] =
            pair ? static_cast<uint8_t>((native.v[a] + native.v[a + 1] + 1) / 2) : native.v[a];
      }
    }
  }
}

void RegionToI444(const Image& in, const Region& r, Planes* out) {
  const int w = static_cast<int>(r.width), h = static_cast<int>(r.height);
  if (in.format == PixelFormat::kYuv400) {
    out->Allocate(w, h, 1, 1);
    return FillGray(in, r, out);
  }
  const YuvLayout layout = LayoutOf(in.format);
  if (layout.sx == 1 && layout.sy == 1) return RegionToNative(in, r, out);
  Planes native;
  RegionToNative(in, r, &native);
  out->Allocate(w, h, 1, 1);
  out->y.swap(native.y);
  for (int y = 0; y < h; ++y) {
    const size_t src_row = static_cast<size_t>(y / layout.sy) * native.chroma_width;
    for (int x = 0; x < w; ++x) {
      out->u[static_cast<size_t>(y) * w + x] = native.u[src_row + x / layout.sx];
      out->v[static_cast<size_t>(y) * w + x] = native.v[src_row + x / layout.sx];
    }
  }
}

void RegionToArgb(const Image& in, const Region& r, std::vector<uint8_t>* argb) {
  const int w = static_cast<int>(r.width), h = static_cast<int>(r.height);
  argb->assign(static_cast<size_t>(w) * h * 4, 0);
  const RgbOrder order = OrderOf(in.format);
  if (order.bpp != 0) {
    for (int y = 0; y < h; ++y) {
      const uint8_t* src = PixelAt(in, r.left, r.top + static_cast<uint32_t>(y));
      uint8_t* dst = argb->data() + static_cast<size_t>(y) * w * 4;
      for (int x = 0; x < w; ++x, src += order.bpp, dst += 4) {
        dst[0] = src[order.b];
        dst[1] = src[order.g];
        dst[2] = src[order.r];
        dst[3] = order.a >= 0 ? src[order.a] : 255;
      }
    }
    return;
  }
  Planes planes;
  RegionToI444(in, r, &planes);
  libyuv::I444ToARGB(planes.y.data(), w, planes.u.data(), w, planes.v.data(), w, argb->data(), 4 * w, w, h);
}

void WriteI420ToSemiPlanar(const uint8_t* y_plane, int y_stride, const uint8_t* u_plane, const uint8_t* v_plane,
                           int uv_stride, int w, int h, const Image& out, uint32_t x, uint32_t y) {
  const int stride = static_cast<int>(out.width_stride);
  uint8_t* dst_y = out.data + static_cast<size_t>(y) * stride + x;
  uint8_t* dst_uv =
      out.data + static_cast<size_t>(out.width_stride) * out.height_stride + static_cast<size_t>(y / 2) * stride + x;
  if (out.format == PixelFormat::kYvu420sp) {
    libyuv::I420ToNV21(y_plane, y_stride, u_plane, uv_stride, v_plane, uv_stride, dst_y, stride, dst_uv, stride, w, h);
  } else {
    libyuv::I420ToNV12(y_plane, y_stride, u_plane, uv_stride, v_plane, uv_stride, dst_y, stride, dst_uv, stride, w, h);
  }
}

void WriteArgb(const uint8_t* argb, int argb_stride, int w, int h, const Image& out, uint32_t x, uint32_t y) {
  const RgbOrder order = OrderOf(out.format);
  for (int row = 0; row < h; ++row) {
    const uint8_t* src = argb + static_cast<size_t>(row) * argb_stride;
    uint8_t* dst = out.data + static_cast<size_t>(y + static_cast<uint32_t>(row)) * out.width_stride +
                   static_cast<size_t>(x) * order.bpp;
    for (int col = 0; col < w; ++col, src += 4, dst += order.bpp) {
      dst[order.b] = src[0];
      dst[order.g] = src[1];
      dst[order.r] = src[2];
      if (order.a >= 0) dst[order.a] = src[3];
    }
  }
}

void ScaleNearest(const uint8_t* src, int src_stride, int src_w, int src_h, uint8_t* dst, int dst_stride, int dst_w,
                  int dst_h, int bpp) {
  std::vector<int> columns(static_cast<size_t>(dst_w));
  for (int i = 0; i < dst_w; ++i) {
    columns[i] = static_cast<int>((int64_t{2} * i + 1) * src_w / (int64_t{2} * dst_w));
  }
  for (int j = 0; j < dst_h; ++j) {
    const int sy = static_cast<int>((int64_t{2} * j + 1) * src_h / (int64_t{2} * dst_h));
    const uint8_t* src_row = src + static_cast<size_t>(sy) * src_stride;
    uint8_t* dst_row = dst + static_cast<size_t>(j) * dst_stride;
    for (int i = 0; i < dst_w; ++i)
      std::memcpy(dst_row + static_cast<size_t>(i) * bpp, src_row + static_cast<size_t>(columns[i]) * bpp, bpp);
  }
}

}  // namespace asim::dvpp::internal
