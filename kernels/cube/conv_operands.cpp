// Logical shapes and engine views of convolution operands (see conv_operands.h).
// Owner: the cube kernels. Thread safety and failure: as the header says.
#include "kernels/cube/conv_operands.h"

#include <algorithm>
#include <string>

#include "base/format_shape.h"

namespace asim::kernels {
namespace {

int64_t CeilDiv(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

Status Bad(const char* what, const TensorSpec& t, const std::string& why) {
  return Status(err::kOpInputNotMatch,
                std::string(what) + " " + FormatName(t.format) + " " + DimsToString(t.dims) + ": " + why);
}

// Cout, Cin/g, kernel of a plain filter shape `d` in `format`.
Status PlainFilter(Format format, const std::vector<int64_t>& d, int64_t* cout, int64_t* cin_g,
                   std::vector<int64_t>* kernel) {
  if (format == Format::kNhwc || format == Format::kHwcn) {
    if (d.size() != 4) return Status(err::kOpInputNotMatch, "a 4-D filter is required");
    const bool nhwc = format == Format::kNhwc;
    *cout = nhwc ? d[0] : d[3];
    *cin_g = nhwc ? d[3] : d[2];
    *kernel = nhwc ? std::vector<int64_t>{d[1], d[2]} : std::vector<int64_t>{d[0], d[1]};
    return Status::Ok();
  }
  if (format != Format::kNchw && format != Format::kNd) {
    return Status(err::kOpInputNotMatch, std::string("filter format ") + FormatName(format) + " is not supported");
  }
  if (d.size() < 3 || d.size() > 5) return Status(err::kOpInputNotMatch, "a 3-D to 5-D filter is required");
  *cout = d[0];
  *cin_g = d[1];
  kernel->assign(d.begin() + 2, d.end());
  return Status::Ok();
}

}  // namespace

Status ActivationShape(const TensorSpec& x, int64_t c_hint, int64_t* n, int64_t* c, std::vector<int64_t>* spatial) {
  const auto& d = x.dims;
  switch (x.format) {
    case Format::kNc1hwc0:
    case Format::kNc1hwc0C04: {
      if (d.size() != 5) return Bad("x", x, "must be 5-D");
      *n = d[0];
      *spatial = {d[2], d[3]};
      *c = c_hint > 0 ? c_hint : d[1] * d[4];
      if (x.origin_dims.size() == 4) {
        const Format of = x.origin_format;
        *c = of == Format::kNhwc ? x.origin_dims[3] : of == Format::kHwcn ? x.origin_dims[2] : x.origin_dims[1];
      }
      if (d[1] >= 0 && *c >= 0 && CeilDiv(*c, d[4]) != d[1]) {
        return Bad("x", x, std::to_string(*c) + " channels do not fill C1 = " + std::to_string(d[1]));
      }
      return Status::Ok();
    }
    case Format::kNhwc:
      if (d.size() != 4) return Bad("x", x, "NHWC must be 4-D");
      *n = d[0];
      *c = d[3];
      *spatial = {d[1], d[2]};
      return Status::Ok();
    case Format::kNchw:
    case Format::kNd:
      if (d.size() < 3 || d.size() > 5) return Bad("x", x, "[N, C, spatial...] with 1 to 3 spatial axes is required");
      *n = d[0];
      *c = d[1];
      spatial->assign(d.begin() + 2, d.end());
      return Status::Ok();
    default: return Bad("x", x, "this format is not supported");
  }
}

Status FilterShape(const TensorSpec& w, int64_t* cout, int64_t* cin_g, std::vector<int64_t>* kernel) {
  if (w.format == Format::kFractalZC04) {
    if (w.origin_dims.size() != 4) return Bad("filter", w, "FRACTAL_Z_C04 needs its 4-D origin shape");
    Status st = PlainFilter(w.origin_format == Format::kUndefined ? Format::kNchw : w.origin_format, w.origin_dims,
                            cout, cin_g, kernel);
    if (!st.ok()) return Bad("filter", w, st.message());
    if (*cin_g > 4) return Bad("filter", w, std::to_string(*cin_g) + " input channels do not fit C0 = 4");
    const std::vector<int64_t> expect{CeilDiv(4 * (*kernel)[0] * (*kernel)[1], 16), CeilDiv(*cout, 16), 16, 16};
    if (w.dims != expect) {
      return Bad("filter", w,
                 "does not match its origin shape " + DimsToString(w.origin_dims) + " (expected " +
                     DimsToString(expect) + ")");
    }
    return Status::Ok();
  }
  if (w.format != Format::kFractalZ) {
    Status st = PlainFilter(w.format, w.dims, cout, cin_g, kernel);
    return st.ok() ? st : Bad("filter", w, st.message());
  }
  if (w.origin_dims.size() != 4) return Bad("filter", w, "FRACTAL_Z needs its 4-D origin shape");
  Status st = PlainFilter(w.origin_format == Format::kUndefined ? Format::kNchw : w.origin_format, w.origin_dims, cout,
                          cin_g, kernel);
  if (!st.ok()) return Bad("filter", w, st.message());
  const int64_t c0 = CubeC0(w.dtype);
  const std::vector<int64_t> expect{CeilDiv(*cin_g, c0) * (*kernel)[0] * (*kernel)[1], CeilDiv(*cout, 16), 16, c0};
  if (w.dims != expect) {
    return Bad(
        "filter", w,
        "does not match its origin shape " + DimsToString(w.origin_dims) + " (expected " + DimsToString(expect) + ")");
  }
  return Status::Ok();
}

Status ConvShapes(const TensorSpec& x, const TensorSpec& w, int64_t groups_hint, ConvOperandShapes* out) {
  ASIM_RETURN_IF_ERROR(FilterShape(w, &out->cout, &out->cin_g, &out->kernel));
  return ActivationShape(x, out->cin_g * std::max<int64_t>(1, groups_hint), &out->n, &out->c, &out->spatial);
}

ActTensor ActView(void* data, const TensorSpec& spec, int64_t n, int64_t c, const std::vector<int64_t>& spatial) {
  ActTensor t;
  t.data = data;
  t.dtype = spec.dtype;
  t.format = spec.format == Format::kNd ? Format::kNchw : spec.format;
  t.n = n;
  t.c = c;
  t.h = spatial.size() == 1 ? 1 : spatial[0];
  t.w = spatial.back();
  return t;
}

FilterTensor FilterView(const void* data, const TensorSpec& spec, int64_t cout, int64_t cin_g,
                        const std::vector<int64_t>& kernel) {
  FilterTensor f;
  f.data = data;
  f.dtype = spec.dtype;
  f.format = spec.format == Format::kNd ? Format::kNchw : spec.format;
  f.cout = cout;
  f.cin_g = cin_g;
  f.kh = kernel.size() == 1 ? 1 : kernel[0];
  f.kw = kernel.back();
  return f;
}

TensorSpec ConvOutputSpec(DataType dtype, Format format, const ConvParams& p) {
  TensorSpec o;
  o.dtype = dtype;
  o.format = format;
  std::vector<int64_t> spatial(p.out.begin(), p.out.begin() + p.spatial);
  if (format == Format::kNc1hwc0) {
    const int64_t c0 = CubeC0(dtype);
    o.dims = {p.n, CeilDiv(p.cout, c0), spatial[0], spatial[1], c0};
    o.origin_format = Format::kNchw;
    o.origin_dims = {p.n, p.cout, spatial[0], spatial[1]};
  } else if (format == Format::kNhwc) {
    o.dims = {p.n, spatial[0], spatial[1], p.cout};
  } else {
    o.dims = {p.n, p.cout};
    o.dims.insert(o.dims.end(), spatial.begin(), spatial.end());
  }
  return o;
}

}  // namespace asim::kernels
