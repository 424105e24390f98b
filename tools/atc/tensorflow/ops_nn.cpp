// TensorFlow's neural-network ops (see ops.h). Convolutions and pools take their windows from
// the 4-entry strides / ksize / dilations lists in the node's data_format; padding SAME is
// ONNX's SAME_UPPER (the odd pixel at the end), VALID none, EXPLICIT the node's
// explicit_paddings. Filters: Conv2D's HWIO becomes OIHW, DepthwiseConv2dNative's [H, W, C, M]
// becomes [C*M, 1, H, W] with group C (output channel c*M + m), Conv2DBackpropInput's
// [H, W, out, in] becomes ConvTranspose's [in, out, H, W] with the pads and output_padding that
// give input_sizes. A BiasAdd whose input is a convolution only it reads becomes that
// convolution's bias (one op, named after the convolution; the dump records both names).
#include <algorithm>

#include "tools/atc/passes/ir.h"
#include "tools/atc/tensorflow/ops.h"

namespace asim::atc::tf_import {
namespace {

// The spatial entries (H, W) of a 4-entry data_format list; `def` when the attr is absent.
Status SpatialPair(const NodeContext& c, const std::string& key, int64_t def, std::vector<int64_t>* out) {
  const auto v = c.AttrInts(key);
  if (v.empty()) {
    out->assign(2, def);
    return Status::Ok();
  }
  if (v.size() != 4) {
    return c.Malformed("has " + key + " " + DimsText(v) + "; it takes 4 values in data_format order");
  }
  const bool last = c.ChannelsLast();
  if (v[0] != 1 || v[last ? 3 : 1] != 1) {
    return c.Unsupported(key + " " + DimsText(v) + " (the batch and channel entries must be 1)");
  }
  *out = last ? std::vector<int64_t>{v[1], v[2]} : std::vector<int64_t>{v[2], v[3]};
  for (int64_t x : *out) {
    if (x <= 0) return c.Malformed("has " + key + " " + DimsText(v) + "; they must be positive");
  }
  return Status::Ok();
}

// padding -> auto_pad or explicit pads [top, left, bottom, right] on `attrs`.
Status Padding(const NodeContext& c, kernels::AttrMap* attrs) {
  const std::string padding = c.AttrString("padding", "");
  if (padding == "SAME") {
    attrs->Set("auto_pad", std::string("SAME_UPPER"));
  } else if (padding == "VALID") {
    attrs->Set("auto_pad", std::string("VALID"));
  } else if (padding == "EXPLICIT") {
    const auto p = c.AttrInts("explicit_paddings");
    if (p.size() != 8)
      return c.Malformed("has padding EXPLICIT with " + std::to_string(p.size()) + " explicit_paddings (8 needed)");
    const size_t h = c.ChannelsLast() ? 1 : 2, w = h + 1;
    attrs->Set("pads", std::vector<int64_t>{p[2 * h], p[2 * w], p[2 * h + 1], p[2 * w + 1]});
  } else {
    return c.Malformed("has padding \"" + padding + "\"; TensorFlow's are SAME, VALID and EXPLICIT");
  }
  return Status::Ok();
}

Status Conv2D(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(2));
  int x = -1, filter = -1, y = -1;
  ASIM_RETURN_IF_ERROR(c.Spatial(0, &x));
  const auto fd = c.dims(1);
  if (fd.size() != 4)
    return c.Malformed("has a " + std::to_string(fd.size()) + "-D filter; Conv2D's is [H, W, in, out]");
  const int64_t channels = c.graph().value(x).dims.at(1);
  if (fd[2] <= 0 || channels % fd[2] != 0 || fd[3] % (channels / fd[2]) != 0) {
    return c.Malformed("has a filter " + DimsText(fd) + " for " + std::to_string(channels) + " input channels");
  }
  ASIM_RETURN_IF_ERROR(c.Transpose(c.Plain(1), {3, 2, 0, 1}, "filter", &filter));
  kernels::AttrMap a;
  std::vector<int64_t> strides, dilations;
  ASIM_RETURN_IF_ERROR(SpatialPair(c, "strides", 1, &strides));
  ASIM_RETURN_IF_ERROR(SpatialPair(c, "dilations", 1, &dilations));
  a.Set("kernel_shape", std::vector<int64_t>{fd[0], fd[1]});
  a.Set("strides", strides);
  a.Set("dilations", dilations);
  a.Set("group", channels / fd[2]);
  ASIM_RETURN_IF_ERROR(Padding(c, &a));
  ASIM_RETURN_IF_ERROR(c.EmitOne("Conv", {x, filter}, a, &y));
  c.SetOutput(0, c.SpatialOut(y));
  return Status::Ok();
}

Status DepthwiseConv(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(2));
  int x = -1, t = -1, filter = -1, y = -1;
  ASIM_RETURN_IF_ERROR(c.Spatial(0, &x));
  const auto fd = c.dims(1);
  const int64_t channels = c.graph().value(x).dims.at(1);
  if (fd.size() != 4 || fd[2] != channels) {
    return c.Malformed("has a filter " + DimsText(fd) + " for " + std::to_string(channels) +
                       " input channels; DepthwiseConv2dNative's is [H, W, in, multiplier]");
  }
  ASIM_RETURN_IF_ERROR(c.Transpose(c.Plain(1), {2, 3, 0, 1}, "filter_cmhw", &t));
  ASIM_RETURN_IF_ERROR(
      c.EmitOne("Reshape", {t, c.ConstInt64("filter_shape", {fd[2] * fd[3], 1, fd[0], fd[1]})}, {}, &filter, "filter"));
  kernels::AttrMap a;
  std::vector<int64_t> strides, dilations;
  ASIM_RETURN_IF_ERROR(SpatialPair(c, "strides", 1, &strides));
  ASIM_RETURN_IF_ERROR(SpatialPair(c, "dilations", 1, &dilations));
  a.Set("kernel_shape", std::vector<int64_t>{fd[0], fd[1]});
  a.Set("strides", strides);
  a.Set("dilations", dilations);
  a.Set("group", channels);
  ASIM_RETURN_IF_ERROR(Padding(c, &a));
  ASIM_RETURN_IF_ERROR(c.EmitOne("Conv", {x, filter}, a, &y));
  c.SetOutput(0, c.SpatialOut(y));
  return Status::Ok();
}

Status Conv2DBackpropInput(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(3));
  std::vector<int64_t> sizes;
  ASIM_RETURN_IF_ERROR(c.ConstInts(0, "input_sizes", &sizes));
  if (sizes.size() != 4) return c.Malformed("has input_sizes " + DimsText(sizes) + "; it takes 4 values");
  int x = -1, filter = -1, y = -1;
  ASIM_RETURN_IF_ERROR(c.Spatial(2, &x));
  const auto fd = c.dims(1);
  const std::vector<int64_t> xd = c.graph().value(x).dims;
  if (fd.size() != 4 || fd[3] != xd[1]) {
    return c.Malformed("has a filter " + DimsText(fd) + " for an out_backprop of " + std::to_string(xd[1]) +
                       " channels; its filter is [H, W, out, in]");
  }
  ASIM_RETURN_IF_ERROR(c.Transpose(c.Plain(1), {3, 2, 0, 1}, "filter", &filter));
  std::vector<int64_t> strides, dilations;
  ASIM_RETURN_IF_ERROR(SpatialPair(c, "strides", 1, &strides));
  ASIM_RETURN_IF_ERROR(SpatialPair(c, "dilations", 1, &dilations));
  const bool last = c.ChannelsLast();
  const std::vector<int64_t> out{sizes[last ? 1 : 2], sizes[last ? 2 : 3]};
  const std::string padding = c.AttrString("padding", "");
  std::vector<int64_t> begin(2), end(2), extra(2);
  const auto explicit_pads = c.AttrInts("explicit_paddings");
  for (size_t i = 0; i < 2; ++i) {
    const int64_t in = xd[2 + i], k_eff = (fd[i] - 1) * dilations[i] + 1;
    if (padding == "SAME") {
      const int64_t total = std::max<int64_t>((in - 1) * strides[i] + k_eff - out[i], 0);
      begin[i] = total / 2;
      end[i] = total - begin[i];
    } else if (padding == "EXPLICIT" && explicit_pads.size() == 8) {
      const size_t axis = (last ? 1 : 2) + i;
      begin[i] = explicit_pads[2 * axis];
      end[i] = explicit_pads[2 * axis + 1];
    } else if (padding != "VALID") {
      return c.Malformed("has padding \"" + padding + "\"; TensorFlow's are SAME, VALID and EXPLICIT");
    }
    extra[i] = out[i] - ((in - 1) * strides[i] + k_eff - begin[i] - end[i]);
    if (extra[i] < 0 || extra[i] >= std::max(strides[i], dilations[i])) {
      return c.Malformed("asks for output size " + DimsText(out) + " from an out_backprop of " + DimsText(xd) +
                         " with filter " + DimsText(fd) + "; no transposed convolution gives it");
    }
  }
  kernels::AttrMap a;
  a.Set("kernel_shape", std::vector<int64_t>{fd[0], fd[1]});
  a.Set("strides", strides);
  a.Set("dilations", dilations);
  a.Set("pads", std::vector<int64_t>{begin[0], begin[1], end[0], end[1]});
  a.Set("output_padding", extra);
  ASIM_RETURN_IF_ERROR(c.EmitOne("ConvTranspose", {x, filter}, a, &y));
  c.SetOutput(0, c.SpatialOut(y));
  return Status::Ok();
}

Status BiasAdd(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(2));
  const TfValue x = c.in(0);
  if (c.rank(1) != 1) return c.Malformed("has a " + std::to_string(c.rank(1)) + "-D bias; it takes a 1-D one");
  ir::Graph& g = c.graph();
  // A convolution that only this BiasAdd reads takes the bias as its own.
  const ir::Value xv_copy = g.value(x.id);  // a copy: emitting ops grows the value table
  const ir::Value& xv = xv_copy;
  TfInput source;
  if (xv.producer >= 0 && c.IsConst(1) && ParseTfInput(c.node().input(0), &source)) {
    ir::Node& conv = g.node(xv.producer);
    const auto readers = c.state().readers.find(source.node + ":" + std::to_string(source.index));
    const bool only_reader = readers != c.state().readers.end() && readers->second == 1;
    const int64_t channels = xv.dims.size() >= 2 ? xv.dims[1] : -1;
    if ((conv.type == "Conv" || conv.type == "ConvTranspose") && conv.inputs.size() == 2 && only_reader &&
        x.nchw == c.ChannelsLast() && c.dims(1)[0] == channels && g.value(c.in(1).id).dtype == xv.dtype) {
      conv.inputs.push_back(c.in(1).id);
      conv.attrs.Set(ir::kOriginalOpNamesAttr, std::vector<std::string>{conv.name, c.name()});
      c.SetOutput(0, x);
      return Status::Ok();
    }
  }
  int bias = c.in(1).id, y = -1, xi = x.id;
  const size_t rank = c.rank(0);
  bool nchw = x.nchw;
  if (!c.ChannelsLast() || x.nchw) {
    // The bias runs along axis 1 of what is stored: [C] -> [C, 1, ...].
    if (!c.ChannelsLast()) xi = c.Plain(0), nchw = false;
    const size_t stored_rank = g.value(xi).dims.size();
    if (stored_rank < 2) return c.Malformed("has a " + std::to_string(rank) + "-D input; NCHW needs a channel axis");
    std::vector<int64_t> axes;
    for (size_t i = 1; i + 1 < stored_rank; ++i) axes.push_back(static_cast<int64_t>(i));
    if (!axes.empty()) {
      ASIM_RETURN_IF_ERROR(c.EmitOne("Unsqueeze", {bias, c.ConstInt64("bias_axes", axes)}, {}, &bias, "bias"));
    }
  }
  ASIM_RETURN_IF_ERROR(c.EmitOne("Add", {xi, bias}, {}, &y));
  c.SetOutput(0, TfValue{y, nchw});
  return Status::Ok();
}

Status FusedBatchNorm(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(5));
  if (c.AttrBool("is_training", true)) {
    // Frozen graphs of Keras models keep is_training true only when frozen in training mode.
    return c.Unsupported("is_training true (batch statistics); freeze the graph in inference mode");
  }
  int x = -1, y = -1;
  ASIM_RETURN_IF_ERROR(c.Spatial(0, &x));
  kernels::AttrMap a;
  a.Set("epsilon", c.AttrFloat("epsilon", 0.0001f));
  ASIM_RETURN_IF_ERROR(c.EmitOne("BatchNormalization", {x, c.Plain(1), c.Plain(2), c.Plain(3), c.Plain(4)}, a, &y));
  c.SetOutput(0, c.SpatialOut(y));
  // batch_mean, batch_variance, reserve spaces: at inference the moving statistics.
  for (size_t k = 1; k < 6; ++k) c.SetOutput(k, c.in(k % 2 == 1 ? 3 : 4));
  return Status::Ok();
}

Status Pool(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(1));
  int x = -1, y = -1;
  ASIM_RETURN_IF_ERROR(c.Spatial(0, &x));
  std::vector<int64_t> ksize, strides;
  ASIM_RETURN_IF_ERROR(SpatialPair(c, "ksize", -1, &ksize));
  ASIM_RETURN_IF_ERROR(SpatialPair(c, "strides", 1, &strides));
  if (ksize[0] <= 0) return c.Malformed("has no ksize");
  kernels::AttrMap a;
  a.Set("kernel_shape", ksize);
  a.Set("strides", strides);
  ASIM_RETURN_IF_ERROR(Padding(c, &a));
  const bool avg = c.op() == "AvgPool";
  if (avg) a.Set("count_include_pad", int64_t{0});  // TensorFlow divides by the window's pixels inside
  ASIM_RETURN_IF_ERROR(c.EmitOne(avg ? "AveragePool" : "MaxPool", {x}, a, &y));
  c.SetOutput(0, c.SpatialOut(y));
  return Status::Ok();
}

// TensorFlow's LRN: x / (bias + alpha * sum of squares over 2r+1 channels)^beta (alpha not
// divided by the window, unlike ONNX's).
Status Lrn(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(1));
  if (c.rank(0) != 4) return c.Malformed("has a " + std::to_string(c.rank(0)) + "-D input; LRN takes 4-D NHWC");
  const int x = c.NchwOf(c.in(0));
  const int64_t size = 2 * c.AttrInt("depth_radius", 5) + 1;
  kernels::AttrMap a;
  a.Set("size", size);
  a.Set("alpha", c.AttrFloat("alpha", 1.0f) * static_cast<float>(size));
  a.Set("beta", c.AttrFloat("beta", 0.5f));
  a.Set("bias", c.AttrFloat("bias", 1.0f));
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("LRN", {x}, a, &y));
  c.SetOutput(0, TfValue{y, true});
  return Status::Ok();
}

// Softmax / LogSoftmax over the last logical axis (the channel axis of a value stored NCHW).
Status Softmax(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(1));
  const TfValue x = c.in(0);
  kernels::AttrMap a;
  a.Set("axis", int64_t{x.nchw ? 1 : -1});
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne(c.op(), {x.id}, a, &y));
  c.SetOutput(0, TfValue{y, x.nchw});
  return Status::Ok();
}

// The last two axes swapped.
std::vector<int64_t> SwapLast(size_t rank) {
  std::vector<int64_t> p;
  for (size_t i = 0; i < rank; ++i) p.push_back(static_cast<int64_t>(i));
  std::swap(p[rank - 2], p[rank - 1]);
  return p;
}

Status MatMul(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(2));
  const bool batch = c.op() != "MatMul";
  const bool ta = c.AttrBool(batch ? "adj_x" : "transpose_a", false);
  const bool tb = c.AttrBool(batch ? "adj_y" : "transpose_b", false);
  if (c.rank(0) < 2 || c.rank(1) < 2 || (!batch && (c.rank(0) != 2 || c.rank(1) != 2))) {
    return c.Malformed("multiplies " + DimsText(c.dims(0)) + " by " + DimsText(c.dims(1)) +
                       (batch ? "; both must be at least 2-D" : "; MatMul takes 2-D matrices"));
  }
  int a = c.Plain(0), b = c.Plain(1), y = -1;
  if (ta) ASIM_RETURN_IF_ERROR(c.Transpose(a, SwapLast(c.rank(0)), "transpose_a", &a));
  if (!batch) {
    kernels::AttrMap g;
    g.Set("transB", int64_t{tb ? 1 : 0});
    ASIM_RETURN_IF_ERROR(c.EmitOne("Gemm", {a, b}, g, &y));
  } else {
    if (tb) ASIM_RETURN_IF_ERROR(c.Transpose(b, SwapLast(c.rank(1)), "adj_y", &b));
    ASIM_RETURN_IF_ERROR(c.EmitOne("MatMul", {a, b}, {}, &y));
  }
  c.SetOutput(0, y);
  return Status::Ok();
}

Status Resize(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(2));
  if (c.rank(0) != 4) return c.Malformed("has a " + std::to_string(c.rank(0)) + "-D input; it takes 4-D NHWC images");
  std::vector<int64_t> size;
  ASIM_RETURN_IF_ERROR(c.ConstInts(1, "size", &size));
  if (size.size() != 2 || size[0] <= 0 || size[1] <= 0) {
    return c.Malformed("has size " + DimsText(size) + "; it takes [new_height, new_width], both positive");
  }
  const bool align = c.AttrBool("align_corners", false), half = c.AttrBool("half_pixel_centers", false);
  if (align && half) return c.Malformed("sets both align_corners and half_pixel_centers");
  const int x = c.NchwOf(c.in(0));
  kernels::AttrMap a;
  a.Set("axes", std::vector<int64_t>{2, 3});  // sizes of H and W only: every batch gear resizes the same
  const bool linear = c.op() == "ResizeBilinear";
  a.Set("mode", std::string(linear ? "linear" : "nearest"));
  if (linear) {
    a.Set("coordinate_transformation_mode", std::string(align ? "align_corners" : half ? "half_pixel" : "asymmetric"));
  } else {
    a.Set("coordinate_transformation_mode", std::string(align  ? "align_corners"
                                                        : half ? "tf_half_pixel_for_nn"
                                                               : "asymmetric"));
    a.Set("nearest_mode", std::string(align ? "round_prefer_ceil" : "floor"));
  }
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("Resize", {x, -1, -1, c.ConstInt64("sizes", {size[0], size[1]})}, a, &y));
  c.SetOutput(0, TfValue{y, true});
  return Status::Ok();
}

Status TopK(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(2));
  int64_t k = 0;
  ASIM_RETURN_IF_ERROR(c.ConstInt(1, "k", &k));
  if (c.rank(0) < 1 || k < 0 || k > c.dims(0).back()) {
    return c.Malformed("takes the top " + std::to_string(k) + " of " + DimsText(c.dims(0)) + " along the last axis");
  }
  kernels::AttrMap a;
  a.Set("axis", int64_t{-1});
  a.Set("largest", int64_t{1});
  a.Set("sorted", int64_t{1});  // TensorFlow's unsorted order is unspecified: sorted is one
  std::vector<int> outs;
  ASIM_RETURN_IF_ERROR(c.Emit("TopK", {c.Plain(0), c.ConstInt64("k", {k})}, a, 2, &outs));
  int indices = -1;
  ASIM_RETURN_IF_ERROR(c.CastTo(outs[1], c.AttrType("index_type", DataType::kInt32), "indices", &indices));
  c.SetOutput(0, outs[0]);
  c.SetOutput(1, indices);
  return Status::Ok();
}

}  // namespace

void AddNnOps(Table* t) {
  t->emplace_back("Conv2D", &Conv2D);
  t->emplace_back("DepthwiseConv2dNative", &DepthwiseConv);
  t->emplace_back("Conv2DBackpropInput", &Conv2DBackpropInput);
  t->emplace_back("BiasAdd", &BiasAdd);
  t->emplace_back("BiasAddV1", &BiasAdd);
  t->emplace_back("FusedBatchNorm", &FusedBatchNorm);
  t->emplace_back("FusedBatchNormV2", &FusedBatchNorm);
  t->emplace_back("FusedBatchNormV3", &FusedBatchNorm);
  t->emplace_back("MaxPool", &Pool);
  t->emplace_back("AvgPool", &Pool);
  t->emplace_back("LRN", &Lrn);
  t->emplace_back("Softmax", &Softmax);
  t->emplace_back("LogSoftmax", &Softmax);
  t->emplace_back("MatMul", &MatMul);
  t->emplace_back("BatchMatMul", &MatMul);
  t->emplace_back("BatchMatMulV2", &MatMul);
  t->emplace_back("BatchMatMulV3", &MatMul);
  t->emplace_back("ResizeBilinear", &Resize);
  t->emplace_back("ResizeNearestNeighbor", &Resize);
  t->emplace_back("TopKV2", &TopK);
}

}  // namespace asim::atc::tf_import
