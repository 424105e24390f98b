// RoiAlign (ONNX opset 10 and 16): Y[r, c] pools X[batch_indices[r], c] over the region
// rois[r] = (x1, y1, x2, y2), scaled by spatial_scale, into output_height x output_width
// bins; each bin averages (mode avg) or takes the largest of (mode max) sampling_ratio^2
// bilinear samples (0: ceil(roi size / bins) per axis). The arithmetic is ONNX's reference
// (ONNX Runtime's kernel): coordinate_transformation_mode half_pixel shifts the region by
// -0.5 pixel, output_half_pixel (opset 10's only behaviour) does not and makes the region at
// least 1 x 1; a sample more than one pixel outside the image counts as 0; max mode keeps,
// per sample, the largest of its four weighted neighbours.
// The opset-10 default (output_half_pixel) is set by atc's translation (ops_special.cpp);
// the kernel's default is opset 16's half_pixel.
// Owner: the image family. AI CPU only. Thread safety: re-entrant. Failure: kOpInputNotMatch
// for inputs of the wrong ranks or sizes and for a batch index outside X's batch;
// kOpAttrNotMatch for an unknown mode or coordinate_transformation_mode or bins < 1.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/host/parallel.h"
#include "kernels/common/values/typed_values.h"
#include "kernels/common/values/value_inputs.h"

namespace asim::kernels {
namespace {

struct Options {
  bool max_mode = false;
  bool half_pixel = true;
  int64_t out_h = 1, out_w = 1, sampling_ratio = 0;
  double spatial_scale = 1.0;
};

Status ParseOptions(const AttrMap& attrs, Options* o) {
  const std::string mode = attrs.GetString("mode", "avg");
  const std::string ctm = attrs.GetString("coordinate_transformation_mode", "half_pixel");
  if (mode != "avg" && mode != "max")
    return Status(err::kOpAttrNotMatch, "RoiAlign: mode '" + mode + "' is not avg or max");
  if (ctm != "half_pixel" && ctm != "output_half_pixel") {
    return Status(err::kOpAttrNotMatch,
                  "RoiAlign: coordinate_transformation_mode '" + ctm + "' is not half_pixel or output_half_pixel");
  }
  o->max_mode = mode == "max";
  o->half_pixel = ctm == "half_pixel";
  o->out_h = attrs.GetInt("output_height", 1);
  o->out_w = attrs.GetInt("output_width", 1);
  o->sampling_ratio = attrs.GetInt("sampling_ratio", 0);
  o->spatial_scale = attrs.GetFloat("spatial_scale", 1.0f);
  if (o->out_h < 1 || o->out_w < 1 || o->sampling_ratio < 0) {
    return Status(err::kOpAttrNotMatch, "RoiAlign: output_height " + std::to_string(o->out_h) + ", output_width " +
                                            std::to_string(o->out_w) + " must be >= 1 and sampling_ratio " +
                                            std::to_string(o->sampling_ratio) + " >= 0");
  }
  return Status::Ok();
}

Status Check(const std::vector<TensorSpec>& in) {
  const auto& x = in[0].dims;
  const auto& rois = in[1].dims;
  const auto& idx = in[2].dims;
  if (x.size() != 4 || rois.size() != 2 || rois[1] != 4 || idx.size() != 1 ||
      (rois[0] >= 0 && idx[0] >= 0 && rois[0] != idx[0])) {
    return Status(err::kOpInputNotMatch, "RoiAlign: X " + DimsToString(x) + " must be [N, C, H, W], rois " +
                                             DimsToString(rois) + " [R, 4] and batch_indices " + DimsToString(idx) +
                                             " [R]");
  }
  return Status::Ok();
}

Status RoiAlignInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  ASIM_RETURN_IF_ERROR(Check(inputs));
  Options o;
  ASIM_RETURN_IF_ERROR(ParseOptions(attrs, &o));
  TensorSpec y;
  y.dtype = inputs[0].dtype;
  y.dims = {inputs[1].dims[0], inputs[0].dims[1], o.out_h, o.out_w};
  outputs->assign(1, y);
  return Status::Ok();
}

// One bilinear sample: up to four taps of the plane with their weights (all 0 outside).
struct Taps {
  int64_t pos[4] = {0, 0, 0, 0};
  double weight[4] = {0, 0, 0, 0};
};

Taps SampleTaps(double y, double x, int64_t h, int64_t w) {
  Taps t;
  if (y < -1.0 || y > static_cast<double>(h) || x < -1.0 || x > static_cast<double>(w)) return t;
  y = std::max(y, 0.0);
  x = std::max(x, 0.0);
  auto y_low = static_cast<int64_t>(y), x_low = static_cast<int64_t>(x);
  int64_t y_high = y_low + 1, x_high = x_low + 1;
  if (y_low >= h - 1) {
    y_high = y_low = h - 1;
    y = static_cast<double>(y_low);
  }
  if (x_low >= w - 1) {
    x_high = x_low = w - 1;
    x = static_cast<double>(x_low);
  }
  const double ly = y - static_cast<double>(y_low), lx = x - static_cast<double>(x_low);
  const double hy = 1 - ly, hx = 1 - lx;
  t.pos[0] = y_low * w + x_low;
  t.pos[1] = y_low * w + x_high;
  t.pos[2] = y_high * w + x_low;
  t.pos[3] = y_high * w + x_high;
  t.weight[0] = hy * hx;
  t.weight[1] = hy * lx;
  t.weight[2] = ly * hx;
  t.weight[3] = ly * lx;
  return t;
}

// The sampling taps of every bin of one region, bin by bin.
struct RegionTaps {
  std::vector<Taps> taps;  // out_h * out_w * per_bin
  int64_t per_bin = 1;
};

RegionTaps TapsOf(const double* roi, const Options& o, int64_t h, int64_t w) {
  const double offset = o.half_pixel ? 0.5 : 0.0;
  const double x1 = roi[0] * o.spatial_scale - offset, y1 = roi[1] * o.spatial_scale - offset;
  const double x2 = roi[2] * o.spatial_scale - offset, y2 = roi[3] * o.spatial_scale - offset;
  double roi_w = x2 - x1, roi_h = y2 - y1;
  if (!o.half_pixel) {
    roi_w = std::max(roi_w, 1.0);
    roi_h = std::max(roi_h, 1.0);
  }
  const double bin_h = roi_h / static_cast<double>(o.out_h), bin_w = roi_w / static_cast<double>(o.out_w);
  const int64_t grid_h =
      o.sampling_ratio > 0 ? o.sampling_ratio : static_cast<int64_t>(std::ceil(roi_h / static_cast<double>(o.out_h)));
  const int64_t grid_w =
      o.sampling_ratio > 0 ? o.sampling_ratio : static_cast<int64_t>(std::ceil(roi_w / static_cast<double>(o.out_w)));
  RegionTaps r;
  r.per_bin = std::max<int64_t>(0, grid_h) * std::max<int64_t>(0, grid_w);
  r.taps.reserve(static_cast<size_t>(o.out_h * o.out_w * r.per_bin));
  for (int64_t ph = 0; ph < o.out_h; ++ph) {
    for (int64_t pw = 0; pw < o.out_w; ++pw) {
      for (int64_t iy = 0; iy < grid_h; ++iy) {
        const double y = y1 + static_cast<double>(ph) * bin_h +
                         (static_cast<double>(iy) + 0.5) * bin_h / static_cast<double>(grid_h);
        for (int64_t ix = 0; ix < grid_w; ++ix) {
          const double x = x1 + static_cast<double>(pw) * bin_w +
                           (static_cast<double>(ix) + 0.5) * bin_w / static_cast<double>(grid_w);
          r.taps.push_back(SampleTaps(y, x, h, w));
        }
      }
    }
  }
  return r;
}

double PoolBin(const double* plane, const Taps* taps, int64_t count, bool max_mode) {
  if (!max_mode) {
    double sum = 0;
    for (int64_t s = 0; s < count; ++s) {
      for (int k = 0; k < 4; ++k) sum += taps[s].weight[k] * plane[taps[s].pos[k]];
    }
    return sum / static_cast<double>(std::max<int64_t>(count, 1));
  }
  double best = 0;
  for (int64_t s = 0; s < count; ++s) {
    double v = taps[s].weight[0] * plane[taps[s].pos[0]];
    for (int k = 1; k < 4; ++k) v = std::max(v, taps[s].weight[k] * plane[taps[s].pos[k]]);
    best = s == 0 ? v : std::max(best, v);
  }
  return best;
}

Status RoiAlignCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "RoiAlign"));
  Options o;
  ASIM_RETURN_IF_ERROR(ParseOptions(*ctx.attrs, &o));
  const TensorView& x = ctx.in(0);
  const TensorView& rois = ctx.in(1);
  const TensorView& idx = ctx.in(2);
  const int64_t n = x.dims()[0], c = x.dims()[1], h = x.dims()[2], w = x.dims()[3];
  const int64_t regions = rois.dims()[0];
  if (idx.dims()[0] != regions) {
    return Status(err::kOpInputNotMatch, "RoiAlign: " + std::to_string(idx.dims()[0]) + " batch indices for " +
                                             std::to_string(regions) + " rois");
  }
  std::vector<int64_t> batch(static_cast<size_t>(regions));
  for (int64_t r = 0; r < regions; ++r) {
    batch[static_cast<size_t>(r)] = static_cast<int64_t>(LoadAsDouble(idx.dtype(), idx.data, r));
    if (batch[static_cast<size_t>(r)] < 0 || batch[static_cast<size_t>(r)] >= n) {
      return Status(err::kOpInputNotMatch, "RoiAlign: batch_indices[" + std::to_string(r) +
                                               "] = " + std::to_string(batch[static_cast<size_t>(r)]) +
                                               " is outside X's batch " + std::to_string(n));
    }
  }
  TensorView& y = ctx.out(0);
  if (y.ElementCount() == 0) return Status::Ok();
  const std::vector<double> xv = ViewDoubles(x);
  const std::vector<double> rv = ViewDoubles(rois);
  const int64_t bins = o.out_h * o.out_w;
  return DispatchNumeric(y.dtype(), "RoiAlign", [&](auto tag) {
    using T = decltype(tag);
    T* out = y.as<T>();
    ParallelFor(regions, 1, [&](int64_t begin, int64_t end) {
      for (int64_t r = begin; r < end; ++r) {
        const RegionTaps taps = TapsOf(rv.data() + r * 4, o, h, w);
        for (int64_t ch = 0; ch < c; ++ch) {
          const double* plane = xv.data() + (batch[static_cast<size_t>(r)] * c + ch) * h * w;
          T* dst = out + (r * c + ch) * bins;
          for (int64_t b = 0; b < bins; ++b) {
            dst[b] = FromDouble<T>(PoolBin(plane, taps.taps.data() + b * taps.per_bin, taps.per_bin, o.max_mode));
          }
        }
      }
    });
    return Status::Ok();
  });
}

}  // namespace

KernelDef BuildRoiAlign_AiCpu() {
  const std::vector<DataType> floats = {DataType::kFloat, DataType::kFloat16, DataType::kDouble, DataType::kBf16};
  return KernelBuilder("RoiAlign", Engine::kAiCpu)
      .Input("X", floats)
      .Input("rois", floats)
      .Input("batch_indices", {DataType::kInt64, DataType::kInt32})
      .Output("Y", floats)
      .SameDtypeAs(0)
      .Attr("coordinate_transformation_mode", std::string("half_pixel"))
      .Attr("mode", std::string("avg"))
      .Attr("output_height", int64_t{1})
      .Attr("output_width", int64_t{1})
      .Attr("sampling_ratio", int64_t{0})
      .Attr("spatial_scale", 1.0f)
      .InferShape(RoiAlignInfer)
      .Compute(RoiAlignCompute)
      .Cost(AiCpuMoveCost(64))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
