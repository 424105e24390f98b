// Caffe's cube layers: Convolution, Deconvolution and InnerProduct (see layers.h).
// Convolution weights are [num_output, channels / group, k...] and Deconvolution's
// [channels, num_output / group, k...], the same layouts as ONNX Conv / ConvTranspose;
// InnerProduct's are [num_output, K] ([K, num_output] with transpose), K the product of the
// bottom's dims from `axis` on, and becomes Flatten + Gemm.
#include "tools/atc/caffe/layers.h"

namespace asim::atc::caffe_import {
namespace {

using asim::caffe::ConvolutionParameter;

// Caffe's repeated-or-_h/_w convention for kernel, pad, stride and dilation.
Status SpatialValues(const LayerContext& c, const char* what, const google::protobuf::RepeatedField<uint32_t>& list,
                     bool has_h, uint32_t h, bool has_w, uint32_t w, size_t spatial, int64_t fallback,
                     std::vector<int64_t>* out) {
  if (has_h || has_w) {
    if (spatial != 2 || !list.empty() || !(has_h && has_w)) {
      return c.Malformed(std::string("sets ") + what + "_h / " + what + "_w" +
                         (list.empty() ? "" : std::string(" together with ") + what) +
                         ": both _h and _w are needed, only for 2-D convolutions, and exclude the repeated form");
    }
    *out = {h, w};
    return Status::Ok();
  }
  if (list.empty()) {
    if (fallback < 0) return c.Malformed(std::string("sets no ") + what + " (kernel_size or kernel_h and kernel_w)");
    out->assign(spatial, fallback);
    return Status::Ok();
  }
  if (list.size() != 1 && static_cast<size_t>(list.size()) != spatial) {
    return c.Malformed(std::string("gives ") + std::to_string(list.size()) + " " + what + " values for " +
                       std::to_string(spatial) + " spatial axes (1 or " + std::to_string(spatial) + " are allowed)");
  }
  out->clear();
  for (size_t i = 0; i < spatial; ++i) out->push_back(list.size() == 1 ? list[0] : list[static_cast<int>(i)]);
  return Status::Ok();
}

struct Window {
  std::vector<int64_t> kernel, stride, pad, dilation;
};

Status ConvWindow(const LayerContext& c, const ConvolutionParameter& p, size_t spatial, Window* w) {
  ASIM_RETURN_IF_ERROR(SpatialValues(c, "kernel", p.kernel_size(), p.has_kernel_h(), p.kernel_h(), p.has_kernel_w(),
                                     p.kernel_w(), spatial, -1, &w->kernel));
  ASIM_RETURN_IF_ERROR(SpatialValues(c, "stride", p.stride(), p.has_stride_h(), p.stride_h(), p.has_stride_w(),
                                     p.stride_w(), spatial, 1, &w->stride));
  ASIM_RETURN_IF_ERROR(
      SpatialValues(c, "pad", p.pad(), p.has_pad_h(), p.pad_h(), p.has_pad_w(), p.pad_w(), spatial, 0, &w->pad));
  ASIM_RETURN_IF_ERROR(SpatialValues(c, "dilation", p.dilation(), false, 0, false, 0, spatial, 1, &w->dilation));
  for (size_t i = 0; i < spatial; ++i) {
    if (w->kernel[i] <= 0 || w->stride[i] <= 0 || w->dilation[i] <= 0) {
      return c.Malformed("has kernel " + DimsText(w->kernel) + ", stride " + DimsText(w->stride) + " and dilation " +
                         DimsText(w->dilation) + "; all must be positive");
    }
  }
  return Status::Ok();
}

// Convolution and Deconvolution share everything but the weight layout and the op.
Status ConvLike(LayerContext& c, bool transposed) {
  if (c.bottom_count() < 1 || c.bottom_count() != c.top_count()) ASIM_RETURN_IF_ERROR(c.ExpectIo(1, 1));
  const ConvolutionParameter& p = c.param().convolution_param();
  const auto& dims = c.dims(0);
  if (dims.size() < 3)
    return c.Malformed("has a " + std::to_string(dims.size()) + "-D bottom " + DimsText(dims) +
                       "; it needs N, C and spatial axes");
  if (p.axis() != 1)
    return c.Unsupported("axis " + std::to_string(p.axis()) + " (only the channel axis 1 is supported)");
  const size_t spatial = dims.size() - 2;
  Window w;
  ASIM_RETURN_IF_ERROR(ConvWindow(c, p, spatial, &w));
  const int64_t channels = dims[1];
  const int64_t out = p.num_output();
  const int64_t group = p.group();
  if (out <= 0) return c.Malformed("has num_output " + std::to_string(out) + "; it must be positive");
  if (group <= 0 || channels % group != 0 || out % group != 0) {
    return c.Malformed("has group " + std::to_string(group) + ", which must divide the input channels (" +
                       std::to_string(channels) + ") and num_output (" + std::to_string(out) + ")");
  }
  std::vector<int64_t> wdims =
      transposed ? std::vector<int64_t>{channels, out / group} : std::vector<int64_t>{out, channels / group};
  wdims.insert(wdims.end(), w.kernel.begin(), w.kernel.end());
  int weight = -1, bias = -1;
  ASIM_RETURN_IF_ERROR(c.BlobConstant(0, wdims, "weight", &weight));
  if (p.bias_term()) ASIM_RETURN_IF_ERROR(c.BlobConstant(1, {out}, "bias", &bias));
  kernels::AttrMap attrs;
  attrs.Set("kernel_shape", w.kernel);
  attrs.Set("strides", w.stride);
  std::vector<int64_t> pads = w.pad;
  pads.insert(pads.end(), w.pad.begin(), w.pad.end());
  attrs.Set("pads", pads);
  attrs.Set("dilations", w.dilation);
  attrs.Set("group", group);
  std::vector<int> tops;
  for (int i = 0; i < c.bottom_count(); ++i) {
    std::vector<int> in{c.bottom(i), weight};
    if (bias >= 0) in.push_back(bias);
    int y = -1;
    ASIM_RETURN_IF_ERROR(
        c.EmitOne(transposed ? "ConvTranspose" : "Conv", in, attrs, &y, i == 0 ? "" : "bottom" + std::to_string(i)));
    tops.push_back(y);
  }
  c.SetTops(tops);
  return Status::Ok();
}

Status Convolution(LayerContext& c) {
  return ConvLike(c, false);
}

Status Deconvolution(LayerContext& c) {
  return ConvLike(c, true);
}

Status InnerProduct(LayerContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectIo(1, 1));
  const auto& p = c.param().inner_product_param();
  const auto dims = c.dims(0);
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(NormalizeAxis(c, p.axis(), dims.size(), "axis", &axis));
  int64_t k = 1;
  for (size_t i = axis; i < dims.size(); ++i) k *= dims[i];
  const int64_t n = p.num_output();
  if (n <= 0) return c.Malformed("has num_output " + std::to_string(n) + "; it must be positive");
  int weight = -1, bias = -1;
  ASIM_RETURN_IF_ERROR(
      c.BlobConstant(0, p.transpose() ? std::vector<int64_t>{k, n} : std::vector<int64_t>{n, k}, "weight", &weight));
  if (p.bias_term()) ASIM_RETURN_IF_ERROR(c.BlobConstant(1, {n}, "bias", &bias));
  int x = c.bottom(0);
  if (dims.size() != 2 || axis != 1) {
    kernels::AttrMap flatten;
    flatten.Set("axis", static_cast<int64_t>(axis));
    ASIM_RETURN_IF_ERROR(c.EmitOne("Flatten", {x}, flatten, &x, "flatten"));
  }
  kernels::AttrMap gemm;
  gemm.Set("transB", int64_t{p.transpose() ? 0 : 1});
  std::vector<int> in{x, weight};
  if (bias >= 0) in.push_back(bias);
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("Gemm", in, gemm, &y, axis == 1 ? "" : "gemm"));
  if (axis != 1) {
    std::vector<int64_t> shape(dims.begin(), dims.begin() + static_cast<std::ptrdiff_t>(axis));
    // The batch as -1 (inferred from the Gemm's rows): a --dynamic_batch_size gear other than
    // the one imported keeps its own batch.
    if (shape.size() >= 2) shape[0] = -1;
    shape.push_back(n);
    ASIM_RETURN_IF_ERROR(c.EmitOne("Reshape", {y, c.ConstInt64("shape", shape)}, {}, &y));
  }
  c.SetTop(0, y);
  return Status::Ok();
}

}  // namespace

void AddCubeLayers(Table* t) {
  t->emplace_back("Convolution", &Convolution);
  t->emplace_back("Deconvolution", &Deconvolution);
  t->emplace_back("InnerProduct", &InnerProduct);
}

}  // namespace asim::atc::caffe_import
