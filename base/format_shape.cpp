#include "base/format_shape.h"

#include <string>

namespace asim {
namespace {

int64_t CeilDiv(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

std::string ShapeText(const std::vector<int64_t>& dims) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i != 0) s += ',';
    s += std::to_string(dims[i]);
  }
  s += ']';
  return s;
}

bool Is4dPlain(Format f) {
  return f == Format::kNchw || f == Format::kNhwc || f == Format::kHwcn;
}

// N, C, H, W of a plain 4-D layout.
void ToNchw(Format f, const std::vector<int64_t>& d, int64_t* n, int64_t* c, int64_t* h, int64_t* w) {
  switch (f) {
    case Format::kNhwc:
      *n = d[0];
      *h = d[1];
      *w = d[2];
      *c = d[3];
      break;
    case Format::kHwcn:
      *h = d[0];
      *w = d[1];
      *c = d[2];
      *n = d[3];
      break;
    default:
      *n = d[0];
      *c = d[1];
      *h = d[2];
      *w = d[3];
      break;
  }
}

std::vector<int64_t> FromNchw(Format f, int64_t n, int64_t c, int64_t h, int64_t w) {
  switch (f) {
    case Format::kNhwc: return {n, h, w, c};
    case Format::kHwcn: return {h, w, c, n};
    default: return {n, c, h, w};
  }
}

}  // namespace

int64_t CubeC0(DataType type) {
  return DataTypeSize(type) == 1 ? 32 : 16;
}

Status TransformShape(DataType type, Format src, const std::vector<int64_t>& dims, Format dst,
                      std::vector<int64_t>* out) {
  auto fail = [&](const std::string& why) {
    return Status(err::kInvalidParam, std::string("cannot convert ") + FormatName(src) + " " + ShapeText(dims) +
                                          " to " + FormatName(dst) + ": " + why);
  };
  for (int64_t d : dims) {
    if (d < 0) return fail("the shape has unknown dimensions");
  }
  if (src == dst) {
    *out = dims;
    return Status::Ok();
  }
  // ND is layout-free: it may be read as any plain layout of the same rank.
  if ((src == Format::kNd && Is4dPlain(dst)) || (dst == Format::kNd && Is4dPlain(src))) {
    if (dims.size() != 4 && Is4dPlain(dst)) return fail("a 4-D shape is required");
    *out = dims;
    return Status::Ok();
  }
  if (Is4dPlain(src) && Is4dPlain(dst)) {
    if (dims.size() != 4) return fail("a 4-D shape is required");
    int64_t n, c, h, w;
    ToNchw(src, dims, &n, &c, &h, &w);
    *out = FromNchw(dst, n, c, h, w);
    return Status::Ok();
  }
  const int64_t c0 = CubeC0(type);
  if (Is4dPlain(src) && (dst == Format::kNc1hwc0 || dst == Format::kFractalZ || dst == Format::kNc1hwc0C04 ||
                         dst == Format::kFractalZC04)) {
    if (dims.size() != 4) return fail("a 4-D shape is required");
    int64_t n, c, h, w;
    ToNchw(src, dims, &n, &c, &h, &w);
    if (dst == Format::kNc1hwc0) {
      *out = {n, CeilDiv(c, c0), h, w, c0};
    } else if (dst == Format::kNc1hwc0C04) {
      *out = {n, CeilDiv(c, 4), h, w, 4};
    } else if (dst == Format::kFractalZC04) {  // (C0=4 * KH * KW) as one reduction axis in 16-blocks
      *out = {CeilDiv(4 * h * w, 16), CeilDiv(n, 16), 16, 16};
    } else {  // FRACTAL_Z: (C1*H*W, N1, N0=16, C0)
      *out = {CeilDiv(c, c0) * h * w, CeilDiv(n, 16), 16, c0};
    }
    return Status::Ok();
  }
  if ((src == Format::kNd || Is4dPlain(src) || src == Format::kNc || src == Format::kNcl) &&
      dst == Format::kFractalNz) {
    if (dims.empty()) return fail("a scalar has no FRACTAL_NZ layout");
    std::vector<int64_t> shape = dims;
    if (shape.size() == 1) shape.insert(shape.begin(), 1);
    const int64_t m = shape[shape.size() - 2];
    const int64_t n = shape[shape.size() - 1];
    shape.resize(shape.size() - 2);
    // [..., N1, M1, M0, N0]: N0 is C0 elements, M0 is 16 rows.
    shape.push_back(CeilDiv(n, c0));
    shape.push_back(CeilDiv(m, 16));
    shape.push_back(16);
    shape.push_back(c0);
    *out = shape;
    return Status::Ok();
  }
  return fail("this format pair is not supported");
}

}  // namespace asim
