// Pooling geometry: output sizes and padding from the ONNX pooling attributes, and the
// tap ranges of a window (see pool_util.h for the rules).
// Owner: pooling family (kernels/common, shared). Thread safety: pure functions.
// Failure: kOpAttrNotMatch naming the attribute; kOpInputNotMatch when the window does
// not fit the padded input.
#include "kernels/pooling/pool_util.h"

#include <algorithm>

namespace asim::kernels {
namespace {

int64_t CeilDiv(int64_t a, int64_t b) {
  return a >= 0 ? (a + b - 1) / b : -((-a) / b);
}

Status ListAttr(const AttrMap& attrs, const char* name, size_t want, int64_t fallback, int64_t min_value,
                std::vector<int64_t>* out) {
  *out = attrs.GetInts(name, {});
  if (out->empty()) out->assign(want, fallback);
  if (out->size() != want) {
    return Status(err::kOpAttrNotMatch, std::string(name) + " has " + std::to_string(out->size()) +
                                            " values, expected " + std::to_string(want));
  }
  for (int64_t v : *out) {
    if (v < min_value) {
      return Status(err::kOpAttrNotMatch,
                    std::string(name) + " value " + std::to_string(v) + " is below " + std::to_string(min_value));
    }
  }
  return Status::Ok();
}

}  // namespace

std::vector<int64_t> PoolGeometry::OutDims() const {
  return std::vector<int64_t>(out.begin() + (3 - rank), out.end());
}

void PoolGeometry::Taps(int a, int64_t o, int64_t* lo, int64_t* hi) const {
  const int64_t start = o * stride[a] - pad_begin[a];
  const int64_t d = dilation[a];
  *lo = start >= 0 ? 0 : CeilDiv(-start, d);
  const int64_t last = in[a] - 1 - start;  // largest offset that stays inside
  *hi = last < 0 ? 0 : std::min(kernel[a], last / d + 1);
  if (*hi < *lo) *hi = *lo;
}

int64_t PoolGeometry::PaddedTaps(int a, int64_t o) const {
  const int64_t start = o * stride[a] - pad_begin[a];
  const int64_t d = dilation[a];
  const int64_t lo = start >= -pad_begin[a] ? 0 : CeilDiv(-pad_begin[a] - start, d);
  const int64_t last = in[a] + pad_end[a] - 1 - start;
  const int64_t hi = last < 0 ? 0 : std::min(kernel[a], last / d + 1);
  return std::max<int64_t>(0, hi - lo);
}

Status MakePoolGeometry(const std::vector<int64_t>& spatial, const AttrMap& attrs, PoolGeometry* g) {
  const size_t r = spatial.size();
  if (r < 1 || r > 3) {
    return Status(err::kOpInputNotMatch, "pooling supports 1 to 3 spatial dims, got " + std::to_string(r));
  }
  std::vector<int64_t> kernel, strides, dilations, pads;
  kernel = attrs.GetInts("kernel_shape", {});
  if (kernel.size() != r) {
    return Status(err::kOpAttrNotMatch,
                  "kernel_shape has " + std::to_string(kernel.size()) + " values, expected " + std::to_string(r));
  }
  ASIM_RETURN_IF_ERROR(ListAttr(attrs, "kernel_shape", r, 1, 1, &kernel));
  ASIM_RETURN_IF_ERROR(ListAttr(attrs, "strides", r, 1, 1, &strides));
  ASIM_RETURN_IF_ERROR(ListAttr(attrs, "dilations", r, 1, 1, &dilations));
  ASIM_RETURN_IF_ERROR(ListAttr(attrs, "pads", 2 * r, 0, 0, &pads));
  const std::string auto_pad = attrs.GetString("auto_pad", "NOTSET");
  const bool ceil_mode = attrs.GetInt("ceil_mode", 0) != 0;
  PoolGeometry geo;
  geo.rank = static_cast<int>(r);
  for (size_t i = 0; i < r; ++i) {
    const size_t a = 3 - r + i;
    geo.in[a] = spatial[i];
    geo.kernel[a] = kernel[i];
    geo.stride[a] = strides[i];
    geo.dilation[a] = dilations[i];
    const int64_t in = spatial[i], s = strides[i];
    const int64_t eff = (kernel[i] - 1) * dilations[i] + 1;
    if (auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER") {
      geo.out[a] = CeilDiv(in, s);
      const int64_t total = std::max<int64_t>(0, (geo.out[a] - 1) * s + eff - in);
      geo.pad_begin[a] = auto_pad == "SAME_UPPER" ? total / 2 : total - total / 2;
      geo.pad_end[a] = total - geo.pad_begin[a];
      continue;
    }
    if (auto_pad == "VALID") {
      geo.pad_begin[a] = geo.pad_end[a] = 0;
    } else if (auto_pad == "NOTSET" || auto_pad.empty()) {
      geo.pad_begin[a] = pads[i];
      geo.pad_end[a] = pads[i + r];
    } else {
      return Status(err::kOpAttrNotMatch, "auto_pad '" + auto_pad + "' is not NOTSET, SAME_UPPER, SAME_LOWER or VALID");
    }
    const int64_t span = in + geo.pad_begin[a] + geo.pad_end[a] - eff;
    if (span < 0) {
      return Status(err::kOpInputNotMatch, "pooling window " + std::to_string(eff) +
                                               " is larger than the padded input " +
                                               std::to_string(in + geo.pad_begin[a] + geo.pad_end[a]));
    }
    const bool use_ceil = ceil_mode && auto_pad != "VALID";
    geo.out[a] = (use_ceil ? CeilDiv(span, s) : span / s) + 1;
    if (use_ceil && (geo.out[a] - 1) * s >= in + geo.pad_begin[a]) --geo.out[a];
  }
  *g = geo;
  return Status::Ok();
}

Status GlobalPoolGeometry(const std::vector<int64_t>& spatial, PoolGeometry* g) {
  if (spatial.empty() || spatial.size() > 3) {
    return Status(err::kOpInputNotMatch,
                  "global pooling supports 1 to 3 spatial dims, got " + std::to_string(spatial.size()));
  }
  PoolGeometry geo;
  geo.rank = static_cast<int>(spatial.size());
  for (size_t i = 0; i < spatial.size(); ++i) {
    const size_t a = 3 - spatial.size() + i;
    geo.in[a] = spatial[i];
    geo.kernel[a] = std::max<int64_t>(1, spatial[i]);
  }
  *g = geo;
  return Status::Ok();
}

}  // namespace asim::kernels
