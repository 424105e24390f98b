// Convolution geometry from attributes (see conv_params.h).
// Owner: the cube kernels. Thread safety and failure: as the header says.
#include "kernels/cube/conv_params.h"

#include <algorithm>
#include <string>

#include "kernels/framework/tensor.h"

namespace asim::kernels {
namespace {

std::string ListText(const std::vector<int64_t>& v) {
  return DimsToString(v);
}

Status BadAttr(const std::string& name, const std::vector<int64_t>& v, const std::string& why) {
  return Status(err::kOpAttrNotMatch, "attribute '" + name + "' " + ListText(v) + " " + why);
}

// The per-axis values of a CANN list attribute: 4 values in data_format order or 2.
Status CannSpatial(const AttrMap& attrs, const std::string& name, bool nhwc, std::array<int64_t, 3>* out) {
  const std::vector<int64_t> v = attrs.GetInts(name, {1, 1, 1, 1});
  if (v.size() == 4) {
    (*out)[0] = nhwc ? v[1] : v[2];
    (*out)[1] = nhwc ? v[2] : v[3];
  } else if (v.size() == 2) {
    (*out)[0] = v[0];
    (*out)[1] = v[1];
  } else {
    return BadAttr(name, v, "must have 4 values (in data_format order) or 2");
  }
  if ((*out)[0] < 1 || (*out)[1] < 1) return BadAttr(name, v, "must be positive");
  return Status::Ok();
}

// An ONNX per-axis list (default all `fallback`), checked for count and sign.
Status OnnxSpatial(const AttrMap& attrs, const std::string& name, int spatial, int64_t fallback, int64_t min,
                   std::array<int64_t, 3>* out) {
  std::vector<int64_t> v = attrs.GetInts(name, {});
  if (v.empty()) v.assign(static_cast<size_t>(spatial), fallback);
  if (v.size() != static_cast<size_t>(spatial)) {
    return BadAttr(name, v, "must have " + std::to_string(spatial) + " value(s), one per spatial axis");
  }
  for (int i = 0; i < spatial; ++i) {
    if (v[static_cast<size_t>(i)] < min) return BadAttr(name, v, "must be >= " + std::to_string(min));
    (*out)[static_cast<size_t>(i)] = v[static_cast<size_t>(i)];
  }
  return Status::Ok();
}

Status OnnxPads(const AttrMap& attrs, int spatial, ConvParams* p) {
  const std::vector<int64_t> v = attrs.GetInts("pads", {});
  if (v.empty()) return Status::Ok();
  if (v.size() != static_cast<size_t>(2 * spatial)) {
    return BadAttr("pads", v, "must have " + std::to_string(2 * spatial) + " values (begins, then ends)");
  }
  for (int i = 0; i < spatial; ++i) {
    const auto b = v[static_cast<size_t>(i)], e = v[static_cast<size_t>(i + spatial)];
    if (b < 0 || e < 0) return BadAttr("pads", v, "must not be negative");
    p->pad_begin[static_cast<size_t>(i)] = b;
    p->pad_end[static_cast<size_t>(i)] = e;
  }
  return Status::Ok();
}

int64_t Extent(int64_t k, int64_t d) {
  return (k - 1) * d + 1;
}

Status CommonShapes(const ConvOperandShapes& s, ConvParams* p) {
  if (s.spatial.empty() || s.spatial.size() > 3 || s.kernel.size() != s.spatial.size()) {
    return Status(err::kOpInputNotMatch, "convolution needs 1 to 3 spatial axes in x and filter alike (x has " +
                                             std::to_string(s.spatial.size()) + ", filter " +
                                             std::to_string(s.kernel.size()) + ")");
  }
  p->spatial = static_cast<int>(s.spatial.size());
  p->n = s.n;
  p->cin = s.c;
  for (size_t i = 0; i < s.spatial.size(); ++i) {
    p->in[i] = s.spatial[i];
    p->kernel[i] = s.kernel[i];
    if (s.kernel[i] < 1) return Status(err::kOpInputNotMatch, "filter has an empty or unknown kernel axis");
  }
  return Status::Ok();
}

Status CheckKernelShape(const AttrMap& attrs, const ConvParams& p) {
  const std::vector<int64_t> ks = attrs.GetInts("kernel_shape", {});
  if (ks.empty()) return Status::Ok();
  for (int i = 0; i < p.spatial; ++i) {
    if (ks.size() != static_cast<size_t>(p.spatial) || ks[static_cast<size_t>(i)] != p.kernel[static_cast<size_t>(i)]) {
      return BadAttr("kernel_shape", ks, "does not match the filter's spatial shape");
    }
  }
  return Status::Ok();
}

// Padding and output size of one axis of a forward convolution.
Status ForwardAxis(const std::string& auto_pad, size_t i, ConvParams* p) {
  const int64_t in = p->in[i], k = Extent(p->kernel[i], p->dilation[i]), s = p->stride[i];
  if (in < 0) {
    p->out[i] = -1;
    return Status::Ok();
  }
  if (auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER") {
    p->out[i] = (in + s - 1) / s;
    const int64_t total = std::max<int64_t>(0, (p->out[i] - 1) * s + k - in);
    const int64_t small = total / 2;
    p->pad_begin[i] = auto_pad == "SAME_UPPER" ? small : total - small;
    p->pad_end[i] = total - p->pad_begin[i];
    return Status::Ok();
  }
  if (auto_pad == "VALID") p->pad_begin[i] = p->pad_end[i] = 0;
  const int64_t span = in + p->pad_begin[i] + p->pad_end[i] - k;
  if (span < 0) {
    return Status(err::kOpInputNotMatch, "input size " + std::to_string(in) +
                                             " plus padding is smaller than the kernel extent " + std::to_string(k) +
                                             " on spatial axis " + std::to_string(i));
  }
  p->out[i] = span / s + 1;
  return Status::Ok();
}

Status AutoPad(const AttrMap& attrs, std::string* auto_pad) {
  *auto_pad = attrs.GetString("auto_pad", "NOTSET");
  if (*auto_pad != "NOTSET" && *auto_pad != "SAME_UPPER" && *auto_pad != "SAME_LOWER" && *auto_pad != "VALID") {
    return Status(err::kOpAttrNotMatch,
                  "attribute 'auto_pad' '" + *auto_pad + "' is not one of NOTSET, SAME_UPPER, SAME_LOWER, VALID");
  }
  return Status::Ok();
}

Status CheckChannels(const ConvParams& p, int64_t filter_cin, const char* filter_what) {
  if (p.groups < 1) return Status(err::kOpAttrNotMatch, "groups " + std::to_string(p.groups) + " must be >= 1");
  if (p.cin >= 0 && (p.cin % p.groups != 0 || p.cin / p.groups != filter_cin)) {
    return Status(err::kOpInputNotMatch, "x has " + std::to_string(p.cin) + " channels but the filter expects " +
                                             std::to_string(filter_cin) + " " + filter_what + " x " +
                                             std::to_string(p.groups) + " group(s)");
  }
  if (p.cout % p.groups != 0) {
    return Status(err::kOpInputNotMatch, "filter has " + std::to_string(p.cout) +
                                             " output channels, not a multiple of groups " + std::to_string(p.groups));
  }
  return Status::Ok();
}

}  // namespace

int64_t ConvParams::Macs() const {
  if (n < 0 || cin < 0 || cout < 0 || groups < 1) return 0;
  int64_t macs = n * cout * (cin / groups);
  for (int i = 0; i < spatial; ++i) {
    if (out[static_cast<size_t>(i)] < 0) return 0;
    macs *= out[static_cast<size_t>(i)] * kernel[static_cast<size_t>(i)];
  }
  return macs;
}

Status ConvDataFormat(const AttrMap& attrs, bool* nhwc) {
  const std::string f = attrs.GetString("data_format", "NCHW");
  if (f != "NCHW" && f != "NHWC") {
    return Status(err::kOpAttrNotMatch, "attribute 'data_format' '" + f + "' is not NCHW or NHWC");
  }
  *nhwc = f == "NHWC";
  return Status::Ok();
}

Status ResolveConvParams(ConvAttrStyle style, const AttrMap& attrs, const ConvOperandShapes& shapes, ConvParams* out) {
  ConvParams p;
  ASIM_RETURN_IF_ERROR(CommonShapes(shapes, &p));
  p.cout = shapes.cout;
  std::string auto_pad = "NOTSET";
  if (style == ConvAttrStyle::kCann) {
    if (p.spatial != 2) return Status(err::kOpInputNotMatch, "Conv2D needs 4-D x and filter");
    bool nhwc = false;
    ASIM_RETURN_IF_ERROR(ConvDataFormat(attrs, &nhwc));
    ASIM_RETURN_IF_ERROR(CannSpatial(attrs, "strides", nhwc, &p.stride));
    ASIM_RETURN_IF_ERROR(CannSpatial(attrs, "dilations", nhwc, &p.dilation));
    const std::vector<int64_t> pads = attrs.GetInts("pads", {0, 0, 0, 0});
    if (pads.size() != 4) return BadAttr("pads", pads, "must have 4 values [top, bottom, left, right]");
    for (int64_t v : pads) {
      if (v < 0) return BadAttr("pads", pads, "must not be negative");
    }
    p.pad_begin = {pads[0], pads[2], 0};
    p.pad_end = {pads[1], pads[3], 0};
    p.groups = attrs.GetInt("groups", 1);
    if (attrs.GetInt("offset_x", 0) != 0) {
      return Status(err::kOpAttrNotMatch, "attribute 'offset_x' must be 0 (quantisation offsets are not supported)");
    }
  } else {
    ASIM_RETURN_IF_ERROR(OnnxSpatial(attrs, "strides", p.spatial, 1, 1, &p.stride));
    ASIM_RETURN_IF_ERROR(OnnxSpatial(attrs, "dilations", p.spatial, 1, 1, &p.dilation));
    ASIM_RETURN_IF_ERROR(OnnxPads(attrs, p.spatial, &p));
    ASIM_RETURN_IF_ERROR(AutoPad(attrs, &auto_pad));
    ASIM_RETURN_IF_ERROR(CheckKernelShape(attrs, p));
    p.groups = attrs.GetInt("group", 1);
  }
  ASIM_RETURN_IF_ERROR(CheckChannels(p, shapes.cin_g, "input channels"));
  for (int i = 0; i < p.spatial; ++i) ASIM_RETURN_IF_ERROR(ForwardAxis(auto_pad, static_cast<size_t>(i), &p));
  *out = p;
  return Status::Ok();
}

Status ResolveConvTransposeParams(const AttrMap& attrs, const ConvOperandShapes& shapes, ConvParams* out) {
  ConvParams p;
  ASIM_RETURN_IF_ERROR(CommonShapes(shapes, &p));
  p.groups = attrs.GetInt("group", 1);
  if (p.groups < 1) return Status(err::kOpAttrNotMatch, "group must be >= 1");
  p.cout = shapes.cout * p.groups;  // filter [Cin, Cout/groups, k...]
  if (p.cin >= 0 && p.cin != shapes.cin_g) {
    return Status(
        err::kOpInputNotMatch,
        "x has " + std::to_string(p.cin) + " channels but the filter's first axis is " + std::to_string(shapes.cin_g));
  }
  if (p.cin >= 0 && p.cin % p.groups != 0) {
    return Status(err::kOpInputNotMatch,
                  "x channels " + std::to_string(p.cin) + " are not a multiple of group " + std::to_string(p.groups));
  }
  std::string auto_pad;
  ASIM_RETURN_IF_ERROR(OnnxSpatial(attrs, "strides", p.spatial, 1, 1, &p.stride));
  ASIM_RETURN_IF_ERROR(OnnxSpatial(attrs, "dilations", p.spatial, 1, 1, &p.dilation));
  ASIM_RETURN_IF_ERROR(OnnxPads(attrs, p.spatial, &p));
  ASIM_RETURN_IF_ERROR(AutoPad(attrs, &auto_pad));
  ASIM_RETURN_IF_ERROR(CheckKernelShape(attrs, p));
  std::array<int64_t, 3> out_pad{0, 0, 0};
  ASIM_RETURN_IF_ERROR(OnnxSpatial(attrs, "output_padding", p.spatial, 0, 0, &out_pad));
  const std::vector<int64_t> output_shape = attrs.GetInts("output_shape", {});
  if (!output_shape.empty() && output_shape.size() != static_cast<size_t>(p.spatial) &&
      output_shape.size() != static_cast<size_t>(p.spatial + 2)) {
    return BadAttr("output_shape", output_shape, "must have one value per spatial axis");
  }
  for (int a = 0; a < p.spatial; ++a) {
    const size_t i = static_cast<size_t>(a);
    if (out_pad[i] >= std::max(p.stride[i], p.dilation[i])) {
      return Status(err::kOpAttrNotMatch, "output_padding must be smaller than the stride or the dilation");
    }
    if (p.in[i] < 0) {
      p.out[i] = -1;
      continue;
    }
    const int64_t full = p.stride[i] * (p.in[i] - 1) + out_pad[i] + Extent(p.kernel[i], p.dilation[i]);
    int64_t target = -1;
    if (!output_shape.empty()) {
      target = output_shape[output_shape.size() - static_cast<size_t>(p.spatial) + i];
    } else if (auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER") {
      target = p.in[i] * p.stride[i];
    }
    if (target >= 0) {
      const int64_t total = std::max<int64_t>(0, full - target);
      p.pad_begin[i] = auto_pad == "SAME_UPPER" ? total / 2 : total - total / 2;
      p.pad_end[i] = total - p.pad_begin[i];
      p.out[i] = target;
    } else {
      if (auto_pad == "VALID") p.pad_begin[i] = p.pad_end[i] = 0;
      p.out[i] = full - p.pad_begin[i] - p.pad_end[i];
    }
    if (p.out[i] < 0) return Status(err::kOpInputNotMatch, "ConvTranspose output would be negative");
  }
  *out = p;
  return Status::Ok();
}

}  // namespace asim::kernels
