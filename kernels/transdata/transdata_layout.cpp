// TransData layouts: shape rules and element moves (see transdata_layout.h).
// Owner: the cube kernels. Thread safety and failure: as the header says.
#include "kernels/transdata/transdata_layout.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "base/format_shape.h"
#include "kernels/common/host/parallel.h"

namespace asim::kernels {
namespace {

int64_t CeilDiv(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

// A plain 4-D tensor: its logical N, C, H, W and the element stride of each.
struct Plain4 {
  int64_t n = 0, c = 0, h = 0, w = 0;
  int64_t sn = 0, sc = 0, sh = 0, sw = 0;
  int64_t Offset(int64_t in, int64_t ic, int64_t ih, int64_t iw) const { return in * sn + ic * sc + ih * sh + iw * sw; }
};

Plain4 ReadPlain4(Format f, const std::vector<int64_t>& d) {
  Plain4 p;
  switch (f) {
    case Format::kNhwc:
      p.n = d[0], p.h = d[1], p.w = d[2], p.c = d[3];
      p.sc = 1, p.sw = p.c, p.sh = p.w * p.c, p.sn = p.h * p.w * p.c;
      break;
    case Format::kHwcn:
      p.h = d[0], p.w = d[1], p.c = d[2], p.n = d[3];
      p.sn = 1, p.sc = p.n, p.sw = p.c * p.n, p.sh = p.w * p.c * p.n;
      break;
    default:  // NCHW, and ND read as NCHW
      p.n = d[0], p.c = d[1], p.h = d[2], p.w = d[3];
      p.sw = 1, p.sh = p.w, p.sc = p.h * p.w, p.sn = p.c * p.h * p.w;
      break;
  }
  return p;
}

std::vector<int64_t> WritePlain4(Format f, int64_t n, int64_t c, int64_t h, int64_t w) {
  switch (f) {
    case Format::kNhwc: return {n, h, w, c};
    case Format::kHwcn: return {h, w, c, n};
    default: return {n, c, h, w};
  }
}

bool IsMatrixSource(Format f) {
  return IsPlainFormat(f) || f == Format::kNc || f == Format::kNcl;
}

Status Fail(int32_t code, const TensorSpec& src, Format dst, const std::string& why) {
  return Status(code, std::string("TransData ") + FormatName(src.format) + " " + DimsToString(src.dims) + " -> " +
                          FormatName(dst) + ": " + why);
}

// The plain 4-D view an internal tensor came from, when it is known and fits `dims`.
bool OriginPlain4(const TensorSpec& t, Plain4* p) {
  if (t.origin_dims.size() != 4 || !IsPlainFormat(t.origin_format)) return false;
  for (int64_t d : t.origin_dims) {
    if (d < 0) return false;  // unknown: no view to come from
  }
  *p = ReadPlain4(t.origin_format, t.origin_dims);
  return true;
}

// ---- element moves, one template per element width ------------------------------------

// A row of `w` pixels with `valid` (<= 4) channels, `sc` apart, -> C0 elements per pixel
// (the rest zero), each pixel written whole (one pass over the output, no read-for-ownership
// of a half-written line).
template <typename T, int C0>
void WidenPixels(const T* base, int64_t valid, int64_t sc, int64_t sw, int64_t w, T* out) {
  const T* ch[4];
  for (int64_t k = 0; k < 4; ++k) ch[k] = base + std::min(k, valid - 1) * sc;
  for (int64_t iw = 0; iw < w; ++iw) {
    T px[C0] = {};
    for (int64_t k = 0; k < 4; ++k) px[k] = k < valid ? ch[k][iw * sw] : T{0};
    std::memcpy(out + iw * C0, px, sizeof(px));
  }
}

template <typename T>
void PlainToNc1hwc0(const Plain4& p, int64_t c0, const T* src, T* dst) {
  const int64_t c1 = CeilDiv(p.c, c0);
  ParallelFor(p.n * c1 * p.h, 64, [&](int64_t begin, int64_t end) {
    for (int64_t row = begin; row < end; ++row) {
      const int64_t ih = row % p.h, ic1 = (row / p.h) % c1, in = row / (p.h * c1);
      T* out = dst + row * p.w * c0;
      const int64_t valid = std::min(c0, p.c - ic1 * c0);  // the block's real channels; the rest is 0
      const T* base = src + p.Offset(in, ic1 * c0, ih, 0);
      if (c0 == 16 && valid <= 4 && p.sc != 1) {  // a network's input (3 or 4 channels, NCHW)
        WidenPixels<T, 16>(base, valid, p.sc, p.sw, p.w, out);
        continue;
      }
      if (valid < c0) std::memset(out, 0, static_cast<size_t>(p.w * c0) * sizeof(T));
      if (p.sc == 1) {  // channels innermost (NHWC): each pixel's channels are one contiguous run
        for (int64_t iw = 0; iw < p.w; ++iw) std::memcpy(out + iw * c0, base + iw * p.sw, valid * sizeof(T));
      } else {  // one channel's row at a time (NCHW: contiguous reads)
        for (int64_t k = 0; k < valid; ++k) {
          const T* from = base + k * p.sc;
          for (int64_t iw = 0; iw < p.w; ++iw) out[iw * c0 + k] = from[iw * p.sw];
        }
      }
    }
  });
}

template <typename T>
void Nc1hwc0ToPlain(const Plain4& p, int64_t c0, const T* src, T* dst) {
  const int64_t c1 = CeilDiv(p.c, c0);
  ParallelFor(p.n * p.c, 16, [&](int64_t begin, int64_t end) {
    for (int64_t plane = begin; plane < end; ++plane) {
      const int64_t ic = plane % p.c, in = plane / p.c;
      const T* base = src + ((in * c1 + ic / c0) * p.h * p.w) * c0 + ic % c0;
      for (int64_t ih = 0; ih < p.h; ++ih) {
        for (int64_t iw = 0; iw < p.w; ++iw) dst[p.Offset(in, ic, ih, iw)] = base[(ih * p.w + iw) * c0];
      }
    }
  });
}

template <typename T>
void PlainToFractalZ(const Plain4& p, int64_t c0, const T* src, T* dst) {
  const int64_t c1 = CeilDiv(p.c, c0), n1 = CeilDiv(p.n, 16);
  ParallelFor(c1 * p.h * p.w, 16, [&](int64_t begin, int64_t end) {
    for (int64_t idx = begin; idx < end; ++idx) {
      const int64_t iw = idx % p.w, ih = (idx / p.w) % p.h, ic1 = idx / (p.w * p.h);
      T* out = dst + idx * n1 * 16 * c0;
      for (int64_t in = 0; in < n1 * 16; ++in) {
        for (int64_t k = 0; k < c0; ++k) {
          const int64_t ic = ic1 * c0 + k;
          out[in * c0 + k] = (in < p.n && ic < p.c) ? src[p.Offset(in, ic, ih, iw)] : T{0};
        }
      }
    }
  });
}

template <typename T>
void FractalZToPlain(const Plain4& p, int64_t c0, const T* src, T* dst) {
  const int64_t n1 = CeilDiv(p.n, 16);
  ParallelFor(p.n * p.c, 64, [&](int64_t begin, int64_t end) {
    for (int64_t idx = begin; idx < end; ++idx) {
      const int64_t ic = idx % p.c, in = idx / p.c;
      for (int64_t ih = 0; ih < p.h; ++ih) {
        for (int64_t iw = 0; iw < p.w; ++iw) {
          const int64_t row = ((ic / c0) * p.h + ih) * p.w + iw;
          dst[p.Offset(in, ic, ih, iw)] = src[(row * n1 * 16 + in) * c0 + ic % c0];
        }
      }
    }
  });
}

// FRACTAL_Z_C04: the reduction axis is (KH, KW, C0 = 4) as one run, cut in blocks of 16:
// [ceil(4*KH*KW / 16)][N1][16][16], element (n, c, h, w) at k = (h*KW + w)*4 + c.
template <typename T>
void PlainToFractalZC04(const Plain4& p, const T* src, T* dst) {
  const int64_t k1 = CeilDiv(4 * p.h * p.w, 16), n1 = CeilDiv(p.n, 16);
  ParallelFor(k1, 1, [&](int64_t begin, int64_t end) {
    for (int64_t ik1 = begin; ik1 < end; ++ik1) {
      T* out = dst + ik1 * n1 * 256;
      for (int64_t in = 0; in < n1 * 16; ++in) {
        for (int64_t k0 = 0; k0 < 16; ++k0) {
          const int64_t k = ik1 * 16 + k0, tap = k / 4, ic = k % 4;
          const bool real = in < p.n && ic < p.c && tap < p.h * p.w;
          out[in * 16 + k0] = real ? src[p.Offset(in, ic, tap / p.w, tap % p.w)] : T{0};
        }
      }
    }
  });
}

template <typename T>
void FractalZC04ToPlain(const Plain4& p, const T* src, T* dst) {
  const int64_t n1 = CeilDiv(p.n, 16);
  ParallelFor(p.n, 4, [&](int64_t begin, int64_t end) {
    for (int64_t in = begin; in < end; ++in) {
      for (int64_t tap = 0; tap < p.h * p.w; ++tap) {
        for (int64_t ic = 0; ic < p.c; ++ic) {
          const int64_t k = tap * 4 + ic;
          dst[p.Offset(in, ic, tap / p.w, tap % p.w)] = src[((k / 16) * n1 * 16 + in) * 16 + k % 16];
        }
      }
    }
  });
}

// Matrices [batch][m][n] <-> [batch][n1][m1][16][c0].
template <typename T>
void NdToFractalNz(int64_t batch, int64_t m, int64_t n, int64_t c0, const T* src, T* dst) {
  const int64_t m1 = CeilDiv(m, 16), n1 = CeilDiv(n, c0);
  ParallelFor(batch * n1 * m1, 16, [&](int64_t begin, int64_t end) {
    for (int64_t idx = begin; idx < end; ++idx) {
      const int64_t im1 = idx % m1, in1 = (idx / m1) % n1, b = idx / (m1 * n1);
      T* out = dst + idx * 16 * c0;
      for (int64_t r = 0; r < 16; ++r) {
        const int64_t im = im1 * 16 + r;
        for (int64_t k = 0; k < c0; ++k) {
          const int64_t jn = in1 * c0 + k;
          out[r * c0 + k] = (im < m && jn < n) ? src[(b * m + im) * n + jn] : T{0};
        }
      }
    }
  });
}

template <typename T>
void FractalNzToNd(int64_t batch, int64_t m, int64_t n, int64_t c0, const T* src, T* dst) {
  const int64_t m1 = CeilDiv(m, 16), n1 = CeilDiv(n, c0);
  ParallelFor(batch * m, 64, [&](int64_t begin, int64_t end) {
    for (int64_t row = begin; row < end; ++row) {
      const int64_t im = row % m, b = row / m;
      const T* base = src + b * n1 * m1 * 16 * c0 + (im / 16) * 16 * c0 + (im % 16) * c0;
      for (int64_t jn = 0; jn < n; ++jn) dst[row * n + jn] = base[(jn / c0) * m1 * 16 * c0 + jn % c0];
    }
  });
}

// The [batch, m, n] view of a plain tensor of rank >= 1 (a vector is one row).
void MatrixView(const std::vector<int64_t>& dims, int64_t* batch, int64_t* m, int64_t* n) {
  *n = dims.back();
  *m = dims.size() >= 2 ? dims[dims.size() - 2] : 1;
  *batch = 1;
  for (size_t i = 0; i + 2 < dims.size(); ++i) *batch *= dims[i];
}

template <typename T>
Status Move(const TensorSpec& src, const T* s, const TensorSpec& dst, T* d) {
  const int64_t c0 = CubeC0(src.dtype);
  if (src.format == dst.format) {
    std::memcpy(d, s, dst.Bytes());
    return Status::Ok();
  }
  if (IsPlainFormat(src.format) && dst.format == Format::kNc1hwc0) {
    PlainToNc1hwc0(ReadPlain4(src.format, src.dims), c0, s, d);
  } else if (src.format == Format::kNc1hwc0 && IsPlainFormat(dst.format)) {
    Nc1hwc0ToPlain(ReadPlain4(dst.format, dst.dims), c0, s, d);
  } else if (IsPlainFormat(src.format) && dst.format == Format::kNc1hwc0C04) {
    PlainToNc1hwc0(ReadPlain4(src.format, src.dims), 4, s, d);
  } else if (src.format == Format::kNc1hwc0C04 && IsPlainFormat(dst.format)) {
    Nc1hwc0ToPlain(ReadPlain4(dst.format, dst.dims), 4, s, d);
  } else if (IsPlainFormat(src.format) && dst.format == Format::kFractalZC04) {
    PlainToFractalZC04(ReadPlain4(src.format, src.dims), s, d);
  } else if (src.format == Format::kFractalZC04 && IsPlainFormat(dst.format)) {
    FractalZC04ToPlain(ReadPlain4(dst.format, dst.dims), s, d);
  } else if (IsPlainFormat(src.format) && dst.format == Format::kFractalZ) {
    PlainToFractalZ(ReadPlain4(src.format, src.dims), c0, s, d);
  } else if (src.format == Format::kFractalZ && IsPlainFormat(dst.format)) {
    FractalZToPlain(ReadPlain4(dst.format, dst.dims), c0, s, d);
  } else if (dst.format == Format::kFractalNz) {
    int64_t batch, m, n;
    MatrixView(src.dims, &batch, &m, &n);
    NdToFractalNz(batch, m, n, c0, s, d);
  } else if (src.format == Format::kFractalNz) {
    int64_t batch, m, n;
    MatrixView(dst.dims, &batch, &m, &n);
    FractalNzToNd(batch, m, n, c0, s, d);
  } else {
    return Fail(err::kFormatNotMatch, src, dst.format, "this format pair is not supported");
  }
  return Status::Ok();
}

}  // namespace

bool IsPlainFormat(Format format) {
  return format == Format::kNchw || format == Format::kNhwc || format == Format::kHwcn || format == Format::kNd;
}

Status TransDataShape(const TensorSpec& src, Format dst, TensorSpec* out) {
  for (int64_t d : src.dims) {
    if (d < 0) return Fail(err::kOpInputNotMatch, src, dst, "the shape has unknown dimensions");
  }
  TensorSpec o;
  o.dtype = src.dtype;
  o.format = dst;
  const int64_t c0 = CubeC0(src.dtype);
  const bool to_internal = dst == Format::kNc1hwc0 || dst == Format::kFractalZ || dst == Format::kFractalNz ||
                           dst == Format::kNc1hwc0C04 || dst == Format::kFractalZC04;
  if (src.format == dst) {
    o = src;
    o.host_data = nullptr;
  } else if (IsPlainFormat(src.format) && (dst == Format::kNc1hwc0 || dst == Format::kFractalZ)) {
    if (src.dims.size() != 4) return Fail(err::kOpInputNotMatch, src, dst, "a 4-D shape is required");
    const Plain4 p = ReadPlain4(src.format, src.dims);
    o.dims = dst == Format::kNc1hwc0 ? std::vector<int64_t>{p.n, CeilDiv(p.c, c0), p.h, p.w, c0}
                                     : std::vector<int64_t>{CeilDiv(p.c, c0) * p.h * p.w, CeilDiv(p.n, 16), 16, c0};
  } else if (src.format == Format::kNc1hwc0 && IsPlainFormat(dst)) {
    if (src.dims.size() != 5 || src.dims[4] != c0) {
      return Fail(err::kOpInputNotMatch, src, dst, "NC1HWC0 must be 5-D with C0 = " + std::to_string(c0));
    }
    int64_t c = src.dims[1] * c0;
    Plain4 origin;
    if (OriginPlain4(src, &origin)) {
      if (origin.n != src.dims[0] || CeilDiv(origin.c, c0) != src.dims[1] || origin.h != src.dims[2] ||
          origin.w != src.dims[3]) {
        return Fail(err::kOpInputNotMatch, src, dst, "origin shape " + DimsToString(src.origin_dims) + " does not fit");
      }
      c = origin.c;
    }
    o.dims = WritePlain4(dst, src.dims[0], c, src.dims[2], src.dims[3]);
  } else if (IsPlainFormat(src.format) && (dst == Format::kNc1hwc0C04 || dst == Format::kFractalZC04)) {
    if (src.dims.size() != 4) return Fail(err::kOpInputNotMatch, src, dst, "a 4-D shape is required");
    const Plain4 p = ReadPlain4(src.format, src.dims);
    if (p.c > 4) {
      return Fail(err::kOpInputNotMatch, src, dst, std::to_string(p.c) + " channels do not fit C0 = 4 (at most 4)");
    }
    o.dims = dst == Format::kNc1hwc0C04 ? std::vector<int64_t>{p.n, 1, p.h, p.w, 4}
                                        : std::vector<int64_t>{CeilDiv(4 * p.h * p.w, 16), CeilDiv(p.n, 16), 16, 16};
  } else if ((src.format == Format::kNc1hwc0C04 || src.format == Format::kFractalZC04) && IsPlainFormat(dst)) {
    Plain4 origin;
    if (!OriginPlain4(src, &origin)) {
      return Fail(err::kOpInputNotMatch, src, dst,
                  std::string(FormatName(src.format)) + " needs the origin shape to be converted back");
    }
    TensorSpec plain;
    plain.dtype = src.dtype;
    plain.format = src.origin_format;
    plain.dims = src.origin_dims;
    TensorSpec again;
    if (!TransDataShape(plain, src.format, &again).ok() || again.dims != src.dims) {
      return Fail(err::kOpInputNotMatch, src, dst, "origin shape " + DimsToString(src.origin_dims) + " does not fit");
    }
    o.dims = WritePlain4(dst, origin.n, origin.c, origin.h, origin.w);
  } else if (src.format == Format::kFractalZ && IsPlainFormat(dst)) {
    Plain4 origin;
    if (!OriginPlain4(src, &origin)) {
      return Fail(err::kOpInputNotMatch, src, dst, "FRACTAL_Z needs the origin shape to be converted back");
    }
    const std::vector<int64_t> expect{CeilDiv(origin.c, c0) * origin.h * origin.w, CeilDiv(origin.n, 16), 16, c0};
    if (src.dims != expect) {
      return Fail(err::kOpInputNotMatch, src, dst, "origin shape " + DimsToString(src.origin_dims) + " does not fit");
    }
    o.dims = WritePlain4(dst, origin.n, origin.c, origin.h, origin.w);
  } else if (IsMatrixSource(src.format) && dst == Format::kFractalNz) {
    if (src.dims.empty()) return Fail(err::kOpInputNotMatch, src, dst, "a scalar has no FRACTAL_NZ layout");
    std::vector<int64_t> shape = src.dims;
    if (shape.size() == 1) shape.insert(shape.begin(), 1);
    const int64_t m = shape[shape.size() - 2], n = shape.back();
    shape.resize(shape.size() - 2);
    for (int64_t v : {CeilDiv(n, c0), CeilDiv(m, 16), int64_t{16}, c0}) shape.push_back(v);
    o.dims = std::move(shape);
  } else if (src.format == Format::kFractalNz && IsMatrixSource(dst)) {
    const size_t r = src.dims.size();
    if (r < 4 || src.dims[r - 1] != c0 || src.dims[r - 2] != 16) {
      return Fail(err::kOpInputNotMatch, src, dst, "FRACTAL_NZ must end in [N1, M1, 16, " + std::to_string(c0) + "]");
    }
    const std::vector<int64_t> batch(src.dims.begin(), src.dims.end() - 4);
    if (!src.origin_dims.empty()) {
      TensorSpec back;
      back.dtype = src.dtype;
      back.format = Format::kNd;
      back.dims = src.origin_dims;
      TensorSpec again;
      if (!TransDataShape(back, Format::kFractalNz, &again).ok() || again.dims != src.dims) {
        return Fail(err::kOpInputNotMatch, src, dst, "origin shape " + DimsToString(src.origin_dims) + " does not fit");
      }
      o.dims = src.origin_dims;
    } else {
      o.dims = batch;
      o.dims.push_back(src.dims[r - 3] * 16);
      o.dims.push_back(src.dims[r - 4] * c0);
    }
  } else {
    return Fail(err::kFormatNotMatch, src, dst, "this format pair is not supported");
  }
  if (src.format != dst) {
    o.origin_format =
        to_internal ? (src.format == Format::kNd && src.dims.size() == 4 && dst != Format::kFractalNz ? Format::kNchw
                                                                                                      : src.format)
                    : Format::kUndefined;
    o.origin_dims = to_internal ? src.dims : std::vector<int64_t>{};
  }
  *out = std::move(o);
  return Status::Ok();
}

Status ConvertLayout(const TensorSpec& src, const void* src_data, const TensorSpec& dst, void* dst_data) {
  if (dst.ElementCount() == 0) return Status::Ok();
  switch (DataTypeSize(src.dtype)) {
    case 1: return Move(src, static_cast<const uint8_t*>(src_data), dst, static_cast<uint8_t*>(dst_data));
    case 2: return Move(src, static_cast<const uint16_t*>(src_data), dst, static_cast<uint16_t*>(dst_data));
    case 4: return Move(src, static_cast<const uint32_t*>(src_data), dst, static_cast<uint32_t*>(dst_data));
    case 8: return Move(src, static_cast<const uint64_t*>(src_data), dst, static_cast<uint64_t*>(dst_data));
    default:
      return Fail(err::kUnsupportedDataType, src, dst.format,
                  std::string("no layout moves for ") + DataTypeName(src.dtype));
  }
}

}  // namespace asim::kernels
