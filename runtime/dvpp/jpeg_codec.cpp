// JPEG decode into the JPEGD output layouts and encode from the JPEGE input layouts, on
// libjpeg-turbo's TurboJPEG API (planar YUV in and out; this file does the (de)interleaving,
// the chroma resampling and the strides).
//
// Owns: one TurboJPEG handle per call, freed on every path. Thread safety: reentrant.
// Failure: Status (see jpeg_codec.h); std::bad_alloc from scratch buffers becomes err::kBadAlloc.
#include <turbojpeg.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "runtime/dvpp/jpeg_codec.h"

namespace asim::dvpp {
namespace {

struct TjDeleter {
  void operator()(void* handle) const {
    if (handle != nullptr) tjDestroy(handle);
  }
};
using TjHandle = std::unique_ptr<void, TjDeleter>;

Status TjFailure(void* handle, const char* what) {
  return Status(err::kInvalidFile, std::string("JPEG: ") + what + ": " + tjGetErrorStr2(handle));
}

// Chroma subsampling factors (horizontal, vertical) of a JPEG source.
struct Factors {
  uint32_t x = 1, y = 1;
};

Factors SourceFactors(JpegSubsampling s) {
  switch (s) {
    case JpegSubsampling::k422: return {2, 1};
    case JpegSubsampling::k420: return {2, 2};
    case JpegSubsampling::k440: return {1, 2};
    case JpegSubsampling::k411: return {4, 1};
    default: return {1, 1};
  }
}

int TjSubsamp(JpegSubsampling s) {
  switch (s) {
    case JpegSubsampling::k444: return TJSAMP_444;
    case JpegSubsampling::k422: return TJSAMP_422;
    case JpegSubsampling::k420: return TJSAMP_420;
    case JpegSubsampling::kGray: return TJSAMP_GRAY;
    case JpegSubsampling::k440: return TJSAMP_440;
    case JpegSubsampling::k411: return TJSAMP_411;
    default: return -1;
  }
}

// The JPEGD output formats: chroma factors, and whether the chroma plane stores V first.
struct OutputKind {
  bool valid = false;
  bool gray = false;
  bool vu = false;
  Factors factors;
};

OutputKind DecodeOutputKind(PixelFormat f) {
  switch (f) {
    case PixelFormat::kYuv400: return {true, true, false, {1, 1}};
    case PixelFormat::kYuv420sp: return {true, false, false, {2, 2}};
    case PixelFormat::kYvu420sp: return {true, false, true, {2, 2}};
    case PixelFormat::kYuv422sp: return {true, false, false, {2, 1}};
    case PixelFormat::kYvu422sp: return {true, false, true, {2, 1}};
    case PixelFormat::kYuv444sp: return {true, false, false, {1, 1}};
    case PixelFormat::kYvu444sp: return {true, false, true, {1, 1}};
    case PixelFormat::kYuv440sp: return {true, false, false, {1, 2}};
    case PixelFormat::kYvu440sp: return {true, false, true, {1, 2}};
    default: return {};
  }
}

// libjpeg-turbo's decoded planes at the source's own subsampling.
struct SourcePlanes {
  std::vector<uint8_t> plane[3];
  int width[3] = {0, 0, 0};
  int height[3] = {0, 0, 0};
  int count = 0;
};

Status DecodeToPlanes(const uint8_t* data, size_t size, const JpegInfo& info, SourcePlanes* planes) {
  TjHandle handle(tjInitDecompress());
  if (!handle) return Status(err::kInternalError, std::string("JPEG: tjInitDecompress: ") + tjGetErrorStr2(nullptr));
  int width = 0, height = 0, subsamp = -1, colorspace = -1;
  if (tjDecompressHeader3(handle.get(), data, static_cast<unsigned long>(size), &width, &height, &subsamp,
                          &colorspace) != 0) {
    return TjFailure(handle.get(), "header");
  }
  if (static_cast<uint32_t>(width) != info.width || static_cast<uint32_t>(height) != info.height) {
    return Status(err::kInvalidFile, "JPEG: libjpeg-turbo reads a " + std::to_string(width) + "x" +
                                         std::to_string(height) + " image where the SOF says " +
                                         std::to_string(info.width) + "x" + std::to_string(info.height));
  }
  if (subsamp != TjSubsamp(info.subsampling)) {
    return Status(err::kUnsupportedJpeg, "JPEG: libjpeg-turbo cannot decode these sampling factors to planes");
  }
  planes->count = subsamp == TJSAMP_GRAY ? 1 : 3;
  unsigned char* pointers[3] = {nullptr, nullptr, nullptr};
  int strides[3] = {0, 0, 0};
  for (int c = 0; c < planes->count; ++c) {
    planes->width[c] = tjPlaneWidth(c, width, subsamp);
    planes->height[c] = tjPlaneHeight(c, height, subsamp);
    if (planes->width[c] <= 0 || planes->height[c] <= 0) return TjFailure(handle.get(), "plane size");
    planes->plane[c].resize(static_cast<size_t>(planes->width[c]) * static_cast<size_t>(planes->height[c]));
    pointers[c] = planes->plane[c].data();
    strides[c] = planes->width[c];
  }
  if (tjDecompressToYUVPlanes(handle.get(), data, static_cast<unsigned long>(size), pointers, width, strides, height,
                              TJFLAG_STOPONWARNING) != 0) {
    return TjFailure(handle.get(), "decode");
  }
  return Status::Ok();
}

// Writes luma: the image's columns and rows, the padding column/row (odd sizes in a 420/422
// output) replicated from the last one.
void WriteLuma(const SourcePlanes& src, const JpegInfo& info, const Image& out) {
  const uint8_t* plane = src.plane[0].data();
  const size_t src_stride = static_cast<size_t>(src.width[0]);
  for (uint32_t y = 0; y < out.height; ++y) {
    const uint32_t sy = std::min(y, info.height - 1);
    uint8_t* dst = out.data + static_cast<size_t>(y) * out.width_stride;
    const uint32_t copied = std::min(info.width, out.width);  // out.width < info.width: rounded down
    std::memcpy(dst, plane + sy * src_stride, copied);
    for (uint32_t x = copied; x < out.width; ++x) dst[x] = dst[copied - 1];
  }
}

// Writes the interleaved chroma plane: each output chroma sample is the rounded mean of the
// source chroma under the pixels it covers (source samples replicated over their own block).
// When source and output factors agree this is a plain copy of libjpeg-turbo's planes.
void WriteChroma(const SourcePlanes& src, const JpegInfo& info, const OutputKind& kind, const Image& out) {
  const Factors in_f = SourceFactors(info.subsampling);
  const Factors out_f = kind.factors;
  const uint32_t chroma_w = out.width / out_f.x;
  const uint32_t chroma_h = out.height / out_f.y;
  const size_t chroma_stride = static_cast<size_t>(out.width_stride) * (out_f.x == 1 ? 2 : 1);
  uint8_t* chroma = out.data + static_cast<size_t>(out.width_stride) * out.height_stride;
  const int first = kind.vu ? 2 : 1;
  const int second = kind.vu ? 1 : 2;
  const uint32_t area = out_f.x * out_f.y;
  if (src.count == 3 && in_f.x == out_f.x && in_f.y == out_f.y) {
    // Same sampling: interleave libjpeg-turbo's planes row by row (the common 4:2:0 case).
    const uint32_t pw = static_cast<uint32_t>(src.width[first]), ph = static_cast<uint32_t>(src.height[first]);
    for (uint32_t cy = 0; cy < chroma_h; ++cy) {
      const size_t src_row = static_cast<size_t>(std::min(cy, ph - 1)) * pw;
      const uint8_t* a = src.plane[first].data() + src_row;
      const uint8_t* b = src.plane[second].data() + src_row;
      uint8_t* row = chroma + cy * chroma_stride;
      const uint32_t direct = std::min(chroma_w, pw);
      for (uint32_t cx = 0; cx < direct; ++cx) {
        row[2 * cx] = a[cx];
        row[2 * cx + 1] = b[cx];
      }
      for (uint32_t cx = direct; cx < chroma_w; ++cx) {
        row[2 * cx] = a[pw - 1];
        row[2 * cx + 1] = b[pw - 1];
      }
    }
    return;
  }
  for (uint32_t cy = 0; cy < chroma_h; ++cy) {
    uint8_t* row = chroma + cy * chroma_stride;
    for (uint32_t cx = 0; cx < chroma_w; ++cx) {
      for (int k = 0; k < 2; ++k) {
        const int c = k == 0 ? first : second;
        uint32_t value = 128;
        if (src.count == 3) {
          const uint8_t* plane = src.plane[c].data();
          const uint32_t pw = static_cast<uint32_t>(src.width[c]);
          const uint32_t ph = static_cast<uint32_t>(src.height[c]);
          uint32_t sum = 0;
          for (uint32_t dy = 0; dy < out_f.y; ++dy) {
            const uint32_t sy = std::min((cy * out_f.y + dy) / in_f.y, ph - 1);
            for (uint32_t dx = 0; dx < out_f.x; ++dx) {
              const uint32_t sx = std::min((cx * out_f.x + dx) / in_f.x, pw - 1);
              sum += plane[static_cast<size_t>(sy) * pw + sx];
            }
          }
          value = (sum + area / 2) / area;
        }
        row[2 * cx + k] = static_cast<uint8_t>(value);
      }
    }
  }
}

uint32_t RoundUpEven(uint32_t v) {
  return v + (v & 1);
}

Status DecodeJpegImpl(const uint8_t* data, size_t size, const Image& out) {
  if (data == nullptr || size == 0) return Status(err::kInvalidParam, "JPEG decode: no input data");
  const OutputKind kind = DecodeOutputKind(out.format);
  if (!kind.valid) {
    return Status(err::kInvalidParam, "JPEG decode: output format " +
                                          PixelFormatName(static_cast<uint32_t>(out.format)) +
                                          " is not a JPEGD output (YUV/YVU 420SP, 422SP, 444SP, 440SP or YUV400)");
  }
  ASIM_RETURN_IF_ERROR(CheckImageLayout(out, "JPEG decode output"));
  JpegInfo info;
  ASIM_RETURN_IF_ERROR(ProbeJpeg(data, size, &info));
  ASIM_RETURN_IF_ERROR(CheckJpegdSupports(info));
  // A subsampled side of odd length is rounded to even: up on the v100 DVPP (the last pixel
  // repeated), down on v200 (the last column / row dropped); the caller picks.
  const uint32_t up_w = kind.factors.x == 2 ? RoundUpEven(info.width) : info.width;
  const uint32_t up_h = kind.factors.y == 2 ? RoundUpEven(info.height) : info.height;
  const uint32_t down_w = kind.factors.x == 2 ? info.width / 2 * 2 : info.width;
  const uint32_t down_h = kind.factors.y == 2 ? info.height / 2 * 2 : info.height;
  if ((out.width != up_w && out.width != down_w) || (out.height != up_h && out.height != down_h)) {
    std::string sizes = std::to_string(up_w) + "x" + std::to_string(up_h);
    if (up_w != down_w || up_h != down_h)
      sizes += " (or " + std::to_string(down_w) + "x" + std::to_string(down_h) + ")";
    return Status(err::kInvalidParam, "JPEG decode: output is " + std::to_string(out.width) + "x" +
                                          std::to_string(out.height) + " but a " + std::to_string(info.width) + "x" +
                                          std::to_string(info.height) + " image decodes to " + sizes + " in " +
                                          PixelFormatName(static_cast<uint32_t>(out.format)));
  }
  SourcePlanes planes;
  ASIM_RETURN_IF_ERROR(DecodeToPlanes(data, size, info, &planes));
  WriteLuma(planes, info, out);
  if (!kind.gray) WriteChroma(planes, info, kind, out);
  return Status::Ok();
}

// JPEGE input formats: TurboJPEG subsampling and, for packed 4:2:2, the byte offsets of
// Y0, U, Y1, V inside a 4-byte macropixel.
struct EncodeKind {
  int subsamp = -1;
  bool vu = false;  // semi-planar chroma order
  int offsets[4] = {0, 0, 0, 0};
};

EncodeKind EncodeInputKind(PixelFormat f) {
  switch (f) {
    case PixelFormat::kYuv420sp: return {TJSAMP_420, false, {0, 0, 0, 0}};
    case PixelFormat::kYvu420sp: return {TJSAMP_420, true, {0, 0, 0, 0}};
    case PixelFormat::kYuyv422: return {TJSAMP_422, false, {0, 1, 2, 3}};
    case PixelFormat::kUyvy422: return {TJSAMP_422, false, {1, 0, 3, 2}};
    case PixelFormat::kYvyu422: return {TJSAMP_422, false, {0, 3, 2, 1}};
    case PixelFormat::kVyuy422: return {TJSAMP_422, false, {1, 2, 3, 0}};
    default: return {};
  }
}

Status EncodeJpegImpl(const Image& in, int quality, std::vector<uint8_t>* jpeg) {
  if (jpeg == nullptr) return Status(err::kInvalidParam, "JPEG encode: output vector is null");
  jpeg->clear();
  const EncodeKind kind = EncodeInputKind(in.format);
  if (kind.subsamp < 0) {
    return Status(err::kInvalidParam, "JPEG encode: input format " + PixelFormatName(static_cast<uint32_t>(in.format)) +
                                          " is not a JPEGE input (YUV/YVU 420SP or packed 4:2:2)");
  }
  if (quality < 1 || quality > 100) {
    return Status(err::kInvalidParam, "JPEG encode: quality " + std::to_string(quality) + " outside 1..100");
  }
  ASIM_RETURN_IF_ERROR(CheckImageLayout(in, "JPEG encode input"));
  if (in.width > 65535 || in.height > 65535) {
    return Status(err::kInvalidParam, "JPEG encode: a JPEG holds at most 65535x65535 pixels");
  }
  const int width = static_cast<int>(in.width);
  const int height = static_cast<int>(in.height);
  std::vector<uint8_t> planes[3];
  int pw[3], ph[3];
  for (int c = 0; c < 3; ++c) {
    pw[c] = tjPlaneWidth(c, width, kind.subsamp);
    ph[c] = tjPlaneHeight(c, height, kind.subsamp);
    planes[c].resize(static_cast<size_t>(pw[c]) * static_cast<size_t>(ph[c]));
  }
  // Luma and chroma of the picture's own pixels and chroma blocks (CheckImageLayout guarantees
  // the last incomplete block is inside the strides); padding replicated from the edge.
  const size_t ws = in.width_stride;
  const uint32_t chroma_w = (in.width + 1) / 2;
  if (kind.subsamp == TJSAMP_420) {
    const uint8_t* uv = in.data + ws * in.height_stride;
    for (int y = 0; y < ph[0]; ++y) {
      const uint32_t sy = std::min<uint32_t>(static_cast<uint32_t>(y), in.height - 1);
      std::memcpy(&planes[0][static_cast<size_t>(y) * pw[0]], in.data + sy * ws, in.width);
    }
    for (int y = 0; y < ph[1]; ++y) {
      const uint8_t* row = uv + static_cast<size_t>(y) * ws;
      for (uint32_t x = 0; x < chroma_w; ++x) {
        planes[kind.vu ? 2 : 1][static_cast<size_t>(y) * pw[1] + x] = row[2 * x];
        planes[kind.vu ? 1 : 2][static_cast<size_t>(y) * pw[1] + x] = row[2 * x + 1];
      }
    }
  } else {
    for (int y = 0; y < ph[0]; ++y) {
      const uint8_t* row = in.data + static_cast<size_t>(y) * ws;
      uint8_t* luma = &planes[0][static_cast<size_t>(y) * pw[0]];
      for (uint32_t x = 0; x < chroma_w; ++x) {
        const uint8_t* macro = row + 4 * x;
        luma[2 * x] = macro[kind.offsets[0]];
        luma[2 * x + 1] = macro[kind.offsets[2]];
        planes[1][static_cast<size_t>(y) * pw[1] + x] = macro[kind.offsets[1]];
        planes[2][static_cast<size_t>(y) * pw[1] + x] = macro[kind.offsets[3]];
      }
    }
  }
  for (int y = 0; y < ph[0]; ++y) {
    uint8_t* luma = &planes[0][static_cast<size_t>(y) * pw[0]];
    for (int x = width; x < pw[0]; ++x) luma[x] = luma[width - 1];
  }
  TjHandle handle(tjInitCompress());
  if (!handle) return Status(err::kInternalError, std::string("JPEG: tjInitCompress: ") + tjGetErrorStr2(nullptr));
  const unsigned char* pointers[3] = {planes[0].data(), planes[1].data(), planes[2].data()};
  unsigned char* buffer = nullptr;
  unsigned long length = 0;
  const int rc =
      tjCompressFromYUVPlanes(handle.get(), pointers, width, pw, height, kind.subsamp, &buffer, &length, quality, 0);
  if (rc != 0) {
    tjFree(buffer);
    return Status(err::kInternalError, std::string("JPEG encode: ") + tjGetErrorStr2(handle.get()));
  }
  std::unique_ptr<unsigned char, void (*)(unsigned char*)> owned(buffer, [](unsigned char* p) { tjFree(p); });
  jpeg->assign(buffer, buffer + length);
  return Status::Ok();
}

}  // namespace

Status DecodeJpeg(const uint8_t* data, size_t size, const Image& out) {
  try {
    return DecodeJpegImpl(data, size, out);
  } catch (const std::bad_alloc&) {
    return Status(err::kBadAlloc, "JPEG decode: out of host memory for the decoded planes");
  }
}

Status EncodeJpeg(const Image& in, int quality, std::vector<uint8_t>* jpeg) {
  try {
    return EncodeJpegImpl(in, quality, jpeg);
  } catch (const std::bad_alloc&) {
    return Status(err::kBadAlloc, "JPEG encode: out of host memory");
  }
}

uint64_t JpegEncodeBound(uint32_t width, uint32_t height, PixelFormat format) {
  const EncodeKind kind = EncodeInputKind(format);
  if (kind.subsamp < 0 || width == 0 || height == 0 || width > 65535 || height > 65535) return 0;
  const unsigned long bound = tjBufSize(static_cast<int>(width), static_cast<int>(height), kind.subsamp);
  if (bound == static_cast<unsigned long>(-1)) return 0;
  return bound;
}

}  // namespace asim::dvpp
