// Device <-> original layout moves. See layout.h.
#include "tools/dump/layout.h"

#include <spdlog/fmt/fmt.h>

#include <cstring>

#include "dumpfmt/dump_types.h"

namespace asim::dumptool {
namespace {

using dump::DumpFormatName;

std::string Dims(const std::vector<uint64_t>& d) {
  return fmt::format("[{}]", fmt::join(d, ","));
}

uint64_t CeilDiv(uint64_t a, uint64_t b) {
  return (a + b - 1) / b;
}

uint64_t Product(const std::vector<uint64_t>& d, size_t from = 0, size_t to = SIZE_MAX) {
  uint64_t n = 1;
  for (size_t i = from; i < d.size() && i < to; ++i) n *= d[i];
  return n;
}

// A plain 4-D tensor's logical N, C, H, W and element strides.
struct Plain4 {
  uint64_t n = 0, c = 0, h = 0, w = 0;
  uint64_t sn = 0, sc = 0, sh = 0, sw = 0;
  uint64_t Offset(uint64_t in, uint64_t ic, uint64_t ih, uint64_t iw) const {
    return in * sn + ic * sc + ih * sh + iw * sw;
  }
};

Plain4 View4(int32_t format, const std::vector<uint64_t>& d) {
  Plain4 p;
  if (format == dump::kFormatNhwc) {
    p.n = d[0], p.h = d[1], p.w = d[2], p.c = d[3];
    p.sc = 1, p.sw = p.c, p.sh = p.w * p.c, p.sn = p.h * p.w * p.c;
  } else if (format == dump::kFormatHwcn) {
    p.h = d[0], p.w = d[1], p.c = d[2], p.n = d[3];
    p.sn = 1, p.sc = p.n, p.sw = p.c * p.n, p.sh = p.w * p.c * p.n;
  } else {  // NCHW
    p.n = d[0], p.c = d[1], p.h = d[2], p.w = d[3];
    p.sw = 1, p.sh = p.w, p.sc = p.h * p.w, p.sn = p.c * p.h * p.w;
  }
  return p;
}

bool Is4dPlain(int32_t f) {
  return f == dump::kFormatNchw || f == dump::kFormatNhwc || f == dump::kFormatHwcn;
}

// The plain 4-D layout a dumped tensor's original shape is in (see ToOriginalLayout).
int32_t SourceFormat(const dump::DumpTensor& t, std::optional<int32_t> target, std::optional<int32_t> hint) {
  if (t.original_op && Is4dPlain(t.original_op->format)) return t.original_op->format;
  if (hint && Is4dPlain(*hint)) return *hint;
  if (target && Is4dPlain(*target)) return *target;
  return dump::kFormatNchw;
}

// The plain 4-D layout to write: the one asked for, else the source's.
int32_t ResultFormat(int32_t source, std::optional<int32_t> target) {
  return target && Is4dPlain(*target) ? *target : source;
}

// The shape of logical dims (n, c, h, w) in a plain 4-D format.
std::vector<uint64_t> Shape4(int32_t format, const Plain4& v) {
  if (format == dump::kFormatNhwc) return {v.n, v.h, v.w, v.c};
  if (format == dump::kFormatHwcn) return {v.h, v.w, v.c, v.n};
  return {v.n, v.c, v.h, v.w};
}

Status Mismatch(const dump::DumpTensor& t, const std::string& why) {
  return Status(err::kInvalidParam, fmt::format("{} {} (original {}): {}", DumpFormatName(t.format), Dims(t.shape),
                                                Dims(t.original_shape), why));
}

// Copies element `src_index` of `src` to element `dst_index` of `dst`.
inline void Put(uint8_t* dst, uint64_t dst_index, const uint8_t* src, uint64_t src_index, size_t item) {
  std::memcpy(dst + dst_index * item, src + src_index * item, item);
}

}  // namespace

bool IsPlainDumpFormat(int32_t f) {
  switch (f) {
    case 0:   // NCHW
    case 1:   // NHWC
    case 2:   // ND
    case 14:  // CHWN
    case 16:  // HWCN
    case 27:  // NDHWC
    case 30:  // NCDHW
    case 31:  // DHWCN
    case 34:  // CN
    case 35:  // NC
    case 36:  // DHWNC
    case 40:  // RESERVED (from .npy)
    case 47:  // NCL
      return true;
    default: return false;
  }
}

Status ToOriginalLayout(const dump::DumpTensor& t, std::optional<int32_t> target, PlainTensor* out,
                        std::optional<int32_t> source_hint) {
  const size_t item = dump::DumpDataTypeSize(t.data_type);
  if (item == 0) {
    return Status(err::kInvalidParam,
                  fmt::format("data type {} has no fixed element size", dump::DumpDataTypeName(t.data_type)));
  }
  if (Product(t.shape) * item != t.data.size()) {
    return Mismatch(
        t, fmt::format("{} bytes of {} do not fill the shape", t.data.size(), dump::DumpDataTypeName(t.data_type)));
  }
  PlainTensor p;
  p.data_type = t.data_type;
  // A plain 4-D tensor asked for in another plain 4-D layout: its axes moved.
  const bool move_plain = IsPlainDumpFormat(t.format) && Is4dPlain(t.format) && t.shape.size() == 4 && target &&
                          Is4dPlain(*target) && *target != t.format;
  if (IsPlainDumpFormat(t.format) && !move_plain) {
    p.format = t.format;
    p.shape = t.shape;
    p.data = t.data;
    *out = std::move(p);
    return Status::Ok();
  }
  const std::vector<uint64_t>& o = move_plain ? t.shape : t.original_shape;
  const uint8_t* src = t.data.data();
  // The source's logical view (o in its layout), and the result's layout, shape and view.
  const int32_t from = move_plain ? t.format : SourceFormat(t, target, source_hint);
  Plain4 v, d;
  auto set_views = [&]() {
    v = View4(from, o);
    p.format = ResultFormat(from, target);
    p.shape = Shape4(p.format, v);
    d = View4(p.format, p.shape);
    p.data.resize(Product(o) * item);
  };
  if (move_plain) {
    set_views();
    for (uint64_t in = 0; in < v.n; ++in)
      for (uint64_t ic = 0; ic < v.c; ++ic)
        for (uint64_t ih = 0; ih < v.h; ++ih)
          for (uint64_t iw = 0; iw < v.w; ++iw)
            Put(p.data.data(), d.Offset(in, ic, ih, iw), src, v.Offset(in, ic, ih, iw), item);
  } else if (t.format == dump::kFormatNc1hwc0 || t.format == dump::kFormatNc1hwc0C04) {
    if (t.shape.size() != 5 || o.size() != 4) return Mismatch(t, "expected a 5-D shape and a 4-D original");
    set_views();
    const uint64_t c1 = t.shape[1], c0 = t.shape[4];
    if (t.shape[0] != v.n || t.shape[2] != v.h || t.shape[3] != v.w || c0 == 0 || CeilDiv(v.c, c0) != c1) {
      return Mismatch(t, fmt::format("does not hold a {} tensor of that shape", DumpFormatName(from)));
    }
    for (uint64_t in = 0; in < v.n; ++in) {
      for (uint64_t ic = 0; ic < v.c; ++ic) {
        for (uint64_t ih = 0; ih < v.h; ++ih) {
          for (uint64_t iw = 0; iw < v.w; ++iw) {
            const uint64_t s = (((in * c1 + ic / c0) * v.h + ih) * v.w + iw) * c0 + ic % c0;
            Put(p.data.data(), d.Offset(in, ic, ih, iw), src, s, item);
          }
        }
      }
    }
  } else if (t.format == dump::kFormatFractalZ) {
    if (t.shape.size() != 4 || o.size() != 4) return Mismatch(t, "expected a 4-D shape and a 4-D original");
    set_views();
    const uint64_t n1 = t.shape[1], c0 = t.shape[3];
    if (t.shape[2] != 16 || c0 == 0 || CeilDiv(v.n, 16) != n1 || CeilDiv(v.c, c0) * v.h * v.w != t.shape[0]) {
      return Mismatch(t, fmt::format("does not hold a {} weight of that shape", DumpFormatName(from)));
    }
    for (uint64_t in = 0; in < v.n; ++in) {
      for (uint64_t ic = 0; ic < v.c; ++ic) {
        for (uint64_t ih = 0; ih < v.h; ++ih) {
          for (uint64_t iw = 0; iw < v.w; ++iw) {
            const uint64_t row = ((ic / c0) * v.h + ih) * v.w + iw;
            Put(p.data.data(), d.Offset(in, ic, ih, iw), src, (row * n1 * 16 + in) * c0 + ic % c0, item);
          }
        }
      }
    }
  } else if (t.format == dump::kFormatFractalZC04) {  // (KH, KW, C0 = 4) as one axis in 16-blocks
    if (t.shape.size() != 4 || o.size() != 4) return Mismatch(t, "expected a 4-D shape and a 4-D original");
    set_views();
    const uint64_t n1 = t.shape[1];
    if (t.shape[2] != 16 || t.shape[3] != 16 || v.c > 4 || CeilDiv(v.n, 16) != n1 ||
        CeilDiv(4 * v.h * v.w, 16) != t.shape[0]) {
      return Mismatch(t, fmt::format("does not hold a {} weight of that shape", DumpFormatName(from)));
    }
    for (uint64_t in = 0; in < v.n; ++in) {
      for (uint64_t ic = 0; ic < v.c; ++ic) {
        for (uint64_t ih = 0; ih < v.h; ++ih) {
          for (uint64_t iw = 0; iw < v.w; ++iw) {
            const uint64_t k = (ih * v.w + iw) * 4 + ic;
            Put(p.data.data(), d.Offset(in, ic, ih, iw), src, ((k / 16) * n1 * 16 + in) * 16 + k % 16, item);
          }
        }
      }
    }
  } else if (t.format == dump::kFormatFractalNz) {
    if (t.shape.size() < 4 || o.empty()) return Mismatch(t, "expected a shape of rank >= 4 and an original");
    const size_t r = t.shape.size();
    const uint64_t k1 = t.shape[r - 4], m1 = t.shape[r - 3], c0 = t.shape[r - 1];
    const uint64_t k = o.back(), m = o.size() >= 2 ? o[o.size() - 2] : 1;
    const uint64_t batch = o.size() >= 2 ? Product(o, 0, o.size() - 2) : 1;
    if (t.shape[r - 2] != 16 || c0 == 0 || CeilDiv(k, c0) != k1 || CeilDiv(m, 16) != m1 ||
        Product(t.shape, 0, r - 4) != batch) {
      return Mismatch(t, "does not hold an ND tensor of that shape");
    }
    p.format = dump::kFormatNd;
    p.shape = o;
    p.data.resize(Product(o) * item);
    for (uint64_t b = 0; b < batch; ++b) {
      for (uint64_t im = 0; im < m; ++im) {
        for (uint64_t jk = 0; jk < k; ++jk) {
          const uint64_t s = ((((b * k1 + jk / c0) * m1 + im / 16) * 16) + im % 16) * c0 + jk % c0;
          Put(p.data.data(), (b * m + im) * k + jk, src, s, item);
        }
      }
    }
  } else {
    return Status(err::kInvalidParam,
                  fmt::format("no conversion from {} back to the original layout", DumpFormatName(t.format)));
  }
  *out = std::move(p);
  return Status::Ok();
}

std::optional<int32_t> InputSourceHint(const dump::DumpRecord& record) {
  for (const dump::DumpTensor& t : record.outputs) {
    if (t.original_op && Is4dPlain(t.original_op->format)) return t.original_op->format;
  }
  return std::nullopt;
}

Status ToDeviceLayout(const PlainTensor& plain, int32_t device_format, uint64_t c0, dump::DumpTensor* out) {
  const size_t item = dump::DumpDataTypeSize(plain.data_type);
  const std::vector<uint64_t>& o = plain.shape;
  if (item == 0 || Product(o) * item != plain.data.size() || c0 == 0) {
    return Status(err::kInvalidParam, fmt::format("{} {} with {} bytes cannot be laid out",
                                                  dump::DumpDataTypeName(plain.data_type), Dims(o), plain.data.size()));
  }
  dump::DumpTensor t;
  t.data_type = plain.data_type;
  t.format = device_format;
  t.original_shape = o;
  const uint8_t* src = plain.data.data();
  if (device_format == dump::kFormatNc1hwc0 || device_format == dump::kFormatNc1hwc0C04 ||
      device_format == dump::kFormatFractalZ) {
    if (o.size() != 4 || !Is4dPlain(plain.format)) {
      return Status(err::kInvalidParam,
                    fmt::format("{} needs a 4-D NCHW/NHWC/HWCN tensor, got {} {}", DumpFormatName(device_format),
                                DumpFormatName(plain.format), Dims(o)));
    }
    const Plain4 v = View4(plain.format, o);
    const uint64_t c1 = CeilDiv(v.c, c0);
    if (device_format == dump::kFormatFractalZ) {
      const uint64_t n1 = CeilDiv(v.n, 16);
      t.shape = {c1 * v.h * v.w, n1, 16, c0};
      t.data.assign(c1 * v.h * v.w * n1 * 16 * c0 * item, 0);
      for (uint64_t in = 0; in < v.n; ++in)
        for (uint64_t ic = 0; ic < v.c; ++ic)
          for (uint64_t ih = 0; ih < v.h; ++ih)
            for (uint64_t iw = 0; iw < v.w; ++iw) {
              const uint64_t row = ((ic / c0) * v.h + ih) * v.w + iw;
              Put(t.data.data(), (row * n1 * 16 + in) * c0 + ic % c0, src, v.Offset(in, ic, ih, iw), item);
            }
    } else {
      t.shape = {v.n, c1, v.h, v.w, c0};
      t.data.assign(v.n * c1 * v.h * v.w * c0 * item, 0);
      for (uint64_t in = 0; in < v.n; ++in)
        for (uint64_t ic = 0; ic < v.c; ++ic)
          for (uint64_t ih = 0; ih < v.h; ++ih)
            for (uint64_t iw = 0; iw < v.w; ++iw) {
              const uint64_t d = (((in * c1 + ic / c0) * v.h + ih) * v.w + iw) * c0 + ic % c0;
              Put(t.data.data(), d, src, v.Offset(in, ic, ih, iw), item);
            }
    }
  } else if (device_format == dump::kFormatFractalNz) {
    if (o.empty()) return Status(err::kInvalidParam, "FRACTAL_NZ needs a tensor of rank >= 1");
    const uint64_t k = o.back(), m = o.size() >= 2 ? o[o.size() - 2] : 1;
    const uint64_t batch = o.size() >= 2 ? Product(o, 0, o.size() - 2) : 1;
    const uint64_t k1 = CeilDiv(k, c0), m1 = CeilDiv(m, 16);
    t.shape.assign(o.begin(), o.size() >= 2 ? o.end() - 2 : o.begin());
    for (uint64_t d : {k1, m1, uint64_t{16}, c0}) t.shape.push_back(d);
    t.data.assign(batch * k1 * m1 * 16 * c0 * item, 0);
    for (uint64_t b = 0; b < batch; ++b)
      for (uint64_t im = 0; im < m; ++im)
        for (uint64_t jk = 0; jk < k; ++jk) {
          const uint64_t d = ((((b * k1 + jk / c0) * m1 + im / 16) * 16) + im % 16) * c0 + jk % c0;
          Put(t.data.data(), d, src, (b * m + im) * k + jk, item);
        }
  } else if (IsPlainDumpFormat(device_format)) {
    t.shape = o;
    t.data = plain.data;
  } else {
    return Status(err::kInvalidParam, fmt::format("no conversion to {} is implemented", DumpFormatName(device_format)));
  }
  *out = std::move(t);
  return Status::Ok();
}

}  // namespace asim::dumptool
