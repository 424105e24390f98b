// Caffe's spatial layers (see layers.h): Pooling (Caffe rounds the output size up, so ceil
// mode, and AVE divides by the window clipped to the padded input: count_include_pad),
// LRN (ACROSS_CHANNELS is ONNX's LRN; WITHIN_CHANNEL is Caffe's own composition: x *
// (1 + alpha * avgpool(x^2))^-beta), SSD's Normalize, PSPNet's Interp (bilinear, corners
// aligned), the YOLOv3 forks' nearest Upsample, and Softmax over one axis.
#include <cmath>

#include "tools/atc/caffe/layers.h"

namespace asim::atc::caffe_import {
namespace {

using asim::caffe::PoolingParameter;

Status Pooling(LayerContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectIo(1, 1));
  const PoolingParameter& p = c.param().pooling_param();
  const auto dims = c.dims(0);
  if (dims.size() != 4) return c.Unsupported("a " + std::to_string(dims.size()) + "-D bottom (Caffe pools N, C, H, W)");
  const bool max = p.pool() == PoolingParameter::MAX;
  if (!max && p.pool() != PoolingParameter::AVE) {
    return c.Unsupported("pool: STOCHASTIC (training-time sampling; use MAX or AVE)");
  }
  if (p.global_pooling()) {
    if (p.has_kernel_size() || p.has_kernel_h() || p.has_kernel_w()) {
      return c.Malformed("sets a kernel size together with global_pooling");
    }
    int y = -1;
    ASIM_RETURN_IF_ERROR(c.EmitOne(max ? "GlobalMaxPool" : "GlobalAveragePool", {c.bottom(0)}, {}, &y));
    c.SetTop(0, y);
    return Status::Ok();
  }
  if (p.has_kernel_size() && (p.has_kernel_h() || p.has_kernel_w())) {
    return c.Malformed("sets kernel_size together with kernel_h / kernel_w");
  }
  const int64_t kh = p.has_kernel_size() ? p.kernel_size() : p.kernel_h();
  const int64_t kw = p.has_kernel_size() ? p.kernel_size() : p.kernel_w();
  const int64_t sh = p.has_stride_h() ? p.stride_h() : p.stride();
  const int64_t sw = p.has_stride_w() ? p.stride_w() : p.stride();
  const int64_t ph = p.has_pad_h() ? p.pad_h() : p.pad();
  const int64_t pw = p.has_pad_w() ? p.pad_w() : p.pad();
  if (kh <= 0 || kw <= 0 || sh <= 0 || sw <= 0) {
    return c.Malformed("has kernel " + DimsText({kh, kw}) + " and stride " + DimsText({sh, sw}) +
                       "; both must be positive (kernel_size, or kernel_h and kernel_w, is required)");
  }
  if (ph >= kh || pw >= kw) {
    return c.Malformed("has pad " + DimsText({ph, pw}) + " not smaller than its kernel " + DimsText({kh, kw}));
  }
  // BVLC's round_mode (CEIL by default); the DenseNet / OpenCV forks' ceil_mode says the same.
  const bool ceil = p.has_ceil_mode() ? p.ceil_mode() : p.round_mode() == PoolingParameter::CEIL;
  kernels::AttrMap a;
  a.Set("kernel_shape", std::vector<int64_t>{kh, kw});
  a.Set("strides", std::vector<int64_t>{sh, sw});
  a.Set("pads", std::vector<int64_t>{ph, pw, ph, pw});
  a.Set("ceil_mode", int64_t{ceil ? 1 : 0});
  if (!max) a.Set("count_include_pad", int64_t{1});
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne(max ? "MaxPool" : "AveragePool", {c.bottom(0)}, a, &y));
  c.SetTop(0, y);
  return Status::Ok();
}

Status LRN(LayerContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectIo(1, 1));
  const auto& p = c.param().lrn_param();
  const int64_t size = p.local_size();
  if (size <= 0 || size % 2 == 0) return c.Malformed("has local_size " + std::to_string(size) + "; it must be odd");
  if (c.dims(0).size() != 4)
    return c.Unsupported("a " + std::to_string(c.dims(0).size()) + "-D bottom (LRN takes N, C, H, W)");
  int y = -1;
  if (p.norm_region() == asim::caffe::LRNParameter::ACROSS_CHANNELS) {
    kernels::AttrMap a;
    a.Set("size", size);
    a.Set("alpha", p.alpha());
    a.Set("beta", p.beta());
    a.Set("bias", p.k());
    ASIM_RETURN_IF_ERROR(c.EmitOne("LRN", {c.bottom(0)}, a, &y));
    c.SetTop(0, y);
    return Status::Ok();
  }
  // WITHIN_CHANNEL: the mean of x^2 over a size x size window (zero padded, always divided by
  // size^2: the pad keeps every window inside the padded input), then (1 + alpha * m)^-beta.
  if (p.k() != 1.0f) return c.Unsupported("k " + std::to_string(p.k()) + " with WITHIN_CHANNEL (Caffe uses 1 there)");
  const int64_t pad = (size - 1) / 2;
  int sq = -1, avg = -1, factor = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("Mul", {c.bottom(0), c.bottom(0)}, {}, &sq, "square"));
  kernels::AttrMap pool;
  pool.Set("kernel_shape", std::vector<int64_t>{size, size});
  pool.Set("strides", std::vector<int64_t>{1, 1});
  pool.Set("pads", std::vector<int64_t>{pad, pad, pad, pad});
  pool.Set("count_include_pad", int64_t{1});
  ASIM_RETURN_IF_ERROR(c.EmitOne("AveragePool", {sq}, pool, &avg, "window_mean"));
  ASIM_RETURN_IF_ERROR(EmitChain(
      c, avg, {{"Mul", p.alpha(), false, "alpha"}, {"Add", 1.0f, false, "one"}, {"Pow", -p.beta(), false, "power"}},
      &factor, false));
  ASIM_RETURN_IF_ERROR(c.EmitOne("Mul", {c.bottom(0), factor}, {}, &y));
  c.SetTop(0, y);
  return Status::Ok();
}

// SSD's Normalize: x / sqrt(sum(x^2) + eps) over C, H, W (across_spatial) or over C at each
// position, times a learned scale (one value, or one per channel).
Status Normalize(LayerContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectIo(1, 1));
  const auto& p = c.param().norm_param();
  const auto dims = c.dims(0);
  if (dims.size() < 2) return c.Malformed("has a bottom " + DimsText(dims) + " without a channel axis");
  std::vector<int64_t> axes;
  for (size_t i = 1; i < (p.across_spatial() ? dims.size() : 2); ++i) axes.push_back(static_cast<int64_t>(i));
  int sq = -1, sum = -1, norm = -1, y = -1, scale = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("Mul", {c.bottom(0), c.bottom(0)}, {}, &sq, "square"));
  kernels::AttrMap r;
  r.Set("keepdims", int64_t{1});
  ASIM_RETURN_IF_ERROR(c.EmitOne("ReduceSum", {sq, c.ConstInt64("axes", axes)}, r, &sum, "sum"));
  ASIM_RETURN_IF_ERROR(EmitChain(c, sum, {{"Add", p.eps(), false, "eps"}, {"Sqrt", 0, true, "sqrt"}}, &norm, false));
  ASIM_RETURN_IF_ERROR(c.EmitOne("Div", {c.bottom(0), norm}, {}, &y, "divide"));
  const std::vector<int64_t> sdims = p.channel_shared() ? std::vector<int64_t>{1} : [&] {
    std::vector<int64_t> d{dims[1]};
    for (size_t i = 2; i < dims.size(); ++i) d.push_back(1);
    return d;
  }();
  ASIM_RETURN_IF_ERROR(c.BlobConstant(0, sdims, "scale", &scale));
  ASIM_RETURN_IF_ERROR(c.EmitOne("Mul", {y, scale}, {}, &y));
  c.SetTop(0, y);
  return Status::Ok();
}

// PSPNet / DeepLab Interp: bilinear with the corners aligned, to height x width or to the
// input size shrunk ((in - 1) / shrink + 1) then zoomed (in + (in - 1) * (zoom - 1)).
Status Interp(LayerContext& c) {
  if (c.bottom_count() != 1 && c.bottom_count() != 2) ASIM_RETURN_IF_ERROR(c.ExpectIo(1, 1));
  if (c.top_count() != 1) ASIM_RETURN_IF_ERROR(c.ExpectIo(c.bottom_count(), 1));
  const auto& p = c.param().interp_param();
  const auto dims = c.dims(0);
  if (dims.size() != 4)
    return c.Unsupported("a " + std::to_string(dims.size()) + "-D bottom (Interp takes N, C, H, W)");
  if (p.pad_beg() != 0 || p.pad_end() != 0) return c.Unsupported("pad_beg / pad_end other than 0");
  int64_t h = dims[2], w = dims[3];
  if (c.bottom_count() == 2) {
    if (c.dims(1).size() != 4) {
      return c.Malformed("takes its output size from a second bottom " + DimsText(c.dims(1)) +
                         ", which is not N, C, H, W");
    }
    h = c.dims(1)[2];
    w = c.dims(1)[3];
  } else if (p.height() > 0 && p.width() > 0) {
    h = p.height();
    w = p.width();
  } else {
    if (p.shrink_factor() < 1 || p.zoom_factor() < 1) {
      return c.Malformed("has shrink_factor " + std::to_string(p.shrink_factor()) + " and zoom_factor " +
                         std::to_string(p.zoom_factor()) + "; both must be >= 1");
    }
    h = (h - 1) / p.shrink_factor() + 1;
    w = (w - 1) / p.shrink_factor() + 1;
    h = h + (h - 1) * (p.zoom_factor() - 1);
    w = w + (w - 1) * (p.zoom_factor() - 1);
  }
  kernels::AttrMap a;
  a.Set("mode", std::string("linear"));
  a.Set("coordinate_transformation_mode", std::string("align_corners"));
  a.Set("axes", std::vector<int64_t>{2, 3});  // sizes of H and W only: every batch gear resizes the same
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("Resize", {c.bottom(0), -1, -1, c.ConstInt64("sizes", {h, w})}, a, &y));
  c.SetTop(0, y);
  return Status::Ok();
}

// The YOLOv3 forks' Upsample: nearest neighbour by an integer factor.
Status Upsample(LayerContext& c) {
  if (c.bottom_count() != 1) {
    return c.Unsupported(
        "an Upsample with a mask bottom (SegNet's max-unpooling); only the nearest-neighbour form "
        "with one bottom and `scale` is supported");
  }
  ASIM_RETURN_IF_ERROR(c.ExpectIo(1, 1));
  const auto& p = c.param().upsample_param();
  const int64_t sh = p.has_scale_h() ? p.scale_h() : p.scale();
  const int64_t sw = p.has_scale_w() ? p.scale_w() : p.scale();
  if (sh < 1 || sw < 1) return c.Malformed("has scale " + DimsText({sh, sw}) + "; it must be >= 1");
  if (c.dims(0).size() != 4) return c.Unsupported("a " + std::to_string(c.dims(0).size()) + "-D bottom");
  kernels::AttrMap a;
  a.Set("mode", std::string("nearest"));
  a.Set("coordinate_transformation_mode", std::string("asymmetric"));
  a.Set("nearest_mode", std::string("floor"));
  a.Set("axes", std::vector<int64_t>{2, 3});  // sizes of H and W only: every batch gear resizes the same
  const auto& d = c.dims(0);
  int y = -1;
  ASIM_RETURN_IF_ERROR(
      c.EmitOne("Resize", {c.bottom(0), -1, -1, c.ConstInt64("sizes", {d[2] * sh, d[3] * sw})}, a, &y));
  c.SetTop(0, y);
  return Status::Ok();
}

Status Softmax(LayerContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectIo(1, 1));
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(NormalizeAxis(c, c.param().softmax_param().axis(), c.dims(0).size(), "axis", &axis));
  kernels::AttrMap a;
  a.Set("axis", static_cast<int64_t>(axis));
  a.Set("coerce_2d", int64_t{0});
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("Softmax", {c.bottom(0)}, a, &y));
  c.SetTop(0, y);
  return Status::Ok();
}

}  // namespace

void AddSpatialLayers(Table* t) {
  t->emplace_back("Interp", &Interp);
  t->emplace_back("LRN", &LRN);
  t->emplace_back("Normalize", &Normalize);
  t->emplace_back("Pooling", &Pooling);
  t->emplace_back("Softmax", &Softmax);
  t->emplace_back("Upsample", &Upsample);
}

}  // namespace asim::atc::caffe_import
