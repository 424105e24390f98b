// Aipp: the AI Core's image pre-processing stage (AIPP) as atc inserts it before a model input
// (--insert_op_conf, tools/atc/aipp): a uint8 image in -> the model's float input out.
//
// Input: the images as bytes, [N, rows, W, c] (AippSpec::InputDims: YUV420SP is the Y rows
// then the interleaved UV rows, one channel; YUYV two bytes per pixel; RGB888 three ...).
// Output: [N, C, H, W] (attr nhwc 0) or [N, H, W, C] (nhwc 1), fp32 or fp16 (attr dtype), with
// H = crop_h + pad_top + pad_bottom and W likewise; or, as the hardware writes it for the
// first convolution (attr out_c0, set by atc's lowering), NC1HWC0 [N, C1, H, W, 16] (out_c0
// 16) or NC1HWC0_C04 [N, 1, H, W, 4] (out_c0 4, atc --enable_small_channel), padding lanes 0. Per output pixel, in the
// hardware's order:
//   1. padding: a pixel in the padding band is `pad_value` in every channel, nothing else;
//   2. crop: the source pixel is (crop_y + y - pad_top, crop_x + x - pad_left);
//   3. fetch: the pixel's channels as stored (Y, U, V for the YUV formats, U and V shared by 2
//      (4:2:2) or 2x2 (4:2:0) pixels; R, G, B; A/X first for the 4-channel formats);
//   4. swaps: rbuv_swap exchanges U and V (YUV) or R and B (RGB) of the input; ax_swap moves
//      the first channel (A or X) of a 4-channel format to the end;
//   5. CSC (csc 1): out_i = clamp(((sum_j M[i][j] * (in_j - input_bias_j)) >> 8) + output_bias_i,
//      0, 255) over the three colour channels, integers, >> an arithmetic shift (floor);
//   6. normalisation: v_c = ((float)(in_c - mean_c) - min_c) * var_reci_c in fp32, then rounded
//      to the output type (fp16: nearest even);
//   7. the first C channels are the output.
// Dynamic mode (attr dynamic 1, atc's aipp_mode: dynamic): input 0 is [N, max_image_bytes]
// bytes (each image at the start of its row), input 1 the parameter block aclmdlSetInputAIPP
// wrote (aipp_dynamic_params.h); the output is [N, C, out_h, out_w] (attrs); per batch the
// block's format, source size, CSC, swaps, crop, padding (value 0) and normalisation apply,
// in the same order. A block that was never written, an image larger than its row, a crop
// outside the image, crop + padding that do not give out_h x out_w, and scaling (scf_switch,
// not simulated) fail the execution with err::kInvalidParam naming the batch and the field.
// Owner: the image kernel family. AI Core only (the stage is the AI Core's), static shapes.
// Thread safety: re-entrant. Failure: kOpAttrNotMatch for attributes out of range or an input
// whose byte size is not the attributes' image size; kOpInputNotMatch for a non-uint8 input.
#include <algorithm>
#include <array>
#include <cstring>

#include "base/fp16.h"
#include "kernels/common/cost/cost_utils.h"
#include "kernels/image/aipp_dynamic_params.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;

// insert_op.proto's input_format numbers.
enum Fmt : int64_t {
  kYuv420sp = 1,
  kXrgb = 2,
  kRgb888 = 3,
  kYuv400 = 4,
  kArgb = 7,
  kYuyv = 8,
  kYuv422sp = 9,
  kAyuv = 10
};

struct Params {
  int64_t format = kYuv420sp, src_w = 0, src_h = 0;
  int64_t crop_x = 0, crop_y = 0, crop_w = 0, crop_h = 0;
  int64_t pad_top = 0, pad_bottom = 0, pad_left = 0, pad_right = 0;
  float pad_value = 0;
  bool csc = false, rbuv_swap = false, ax_swap = false, nhwc = false;
  std::array<int64_t, 9> matrix{};
  std::array<int64_t, 3> input_bias{}, output_bias{};
  std::array<int64_t, 4> mean{};
  std::array<float, 4> min{}, var_reci{1, 1, 1, 1};
  int64_t channels = 3;
  int64_t out_c0 = 0;  // 0: plain NCHW / NHWC; 16: NC1HWC0; 4: NC1HWC0_C04
  DataType dtype = DataType::kFloat;

  int64_t out_h() const { return crop_h + pad_top + pad_bottom; }
  int64_t out_w() const { return crop_w + pad_left + pad_right; }
  int64_t image_bytes() const { return aipp::AippImageBytes(format, src_w, src_h); }
  int64_t format_channels() const {
    return format == kYuv400 ? 1 : (format == kXrgb || format == kArgb || format == kAyuv) ? 4 : 3;
  }
};

template <size_t N>
bool Fill(const std::vector<int64_t>& v, std::array<int64_t, N>* out) {
  if (v.size() != N) return false;
  std::copy(v.begin(), v.end(), out->begin());
  return true;
}

template <size_t N>
bool Fill(const std::vector<float>& v, std::array<float, N>* out) {
  if (v.size() != N) return false;
  std::copy(v.begin(), v.end(), out->begin());
  return true;
}

// attr out_c0: 0 (plain), 16 (NC1HWC0) or 4 (NC1HWC0_C04, at most 4 channels); a blocked
// output is NCHW-ordered.
Status ReadOutC0(const AttrMap& a, int64_t* out_c0) {
  *out_c0 = a.GetInt("out_c0", 0);
  if (*out_c0 != 0 && *out_c0 != 4 && *out_c0 != 16) {
    return Status(err::kOpAttrNotMatch,
                  "Aipp: out_c0 is 0 (plain), 4 (NC1HWC0_C04) or 16 (NC1HWC0), not " + std::to_string(*out_c0));
  }
  if (*out_c0 != 0 && a.GetInt("nhwc", 0) != 0) {
    return Status(err::kOpAttrNotMatch, "Aipp: a blocked output (out_c0) comes from an NCHW input, not NHWC");
  }
  return Status::Ok();
}

// The output spec: plain, or blocked with the NCHW origin view.
TensorSpec OutputSpec(DataType dtype, int64_t n, int64_t c, int64_t h, int64_t w, bool nhwc, int64_t out_c0) {
  TensorSpec o;
  o.dtype = dtype;
  if (out_c0 == 0) {
    o.format = nhwc ? Format::kNhwc : Format::kNchw;
    o.dims = nhwc ? std::vector<int64_t>{n, h, w, c} : std::vector<int64_t>{n, c, h, w};
    return o;
  }
  o.format = out_c0 == 4 ? Format::kNc1hwc0C04 : Format::kNc1hwc0;
  o.dims = {n, (c + out_c0 - 1) / out_c0, h, w, out_c0};
  o.origin_format = Format::kNchw;
  o.origin_dims = {n, c, h, w};
  return o;
}

Status ReadParams(const AttrMap& a, Params* p) {
  p->format = a.GetInt("input_format", kYuv420sp);
  p->src_w = a.GetInt("src_w", 0);
  p->src_h = a.GetInt("src_h", 0);
  p->crop_x = a.GetInt("crop_x", 0);
  p->crop_y = a.GetInt("crop_y", 0);
  p->crop_w = a.GetInt("crop_w", p->src_w);
  p->crop_h = a.GetInt("crop_h", p->src_h);
  const auto pads = a.GetInts("pads", {0, 0, 0, 0});  // top, bottom, left, right
  p->pad_value = a.GetFloat("pad_value", 0.0f);
  p->csc = a.GetInt("csc", 0) != 0;
  p->rbuv_swap = a.GetInt("rbuv_swap", 0) != 0;
  p->ax_swap = a.GetInt("ax_swap", 0) != 0;
  p->nhwc = a.GetInt("nhwc", 0) != 0;
  p->channels = a.GetInt("channels", 3);
  p->dtype = a.GetDataType("dtype", DataType::kFloat);
  ASIM_RETURN_IF_ERROR(ReadOutC0(a, &p->out_c0));
  const bool lists =
      pads.size() == 4 && Fill(a.GetInts("matrix", std::vector<int64_t>(9, 0)), &p->matrix) &&
      Fill(a.GetInts("input_bias", {0, 0, 0}), &p->input_bias) &&
      Fill(a.GetInts("output_bias", {0, 0, 0}), &p->output_bias) && Fill(a.GetInts("mean", {0, 0, 0, 0}), &p->mean) &&
      Fill(a.GetFloats("min", {0, 0, 0, 0}), &p->min) && Fill(a.GetFloats("var_reci", {1, 1, 1, 1}), &p->var_reci);
  if (!lists)
    return Status(err::kOpAttrNotMatch,
                  "Aipp: pads (4), matrix (9), biases (3), mean / min / var_reci (4) have fixed sizes");
  p->pad_top = pads[0];
  p->pad_bottom = pads[1];
  p->pad_left = pads[2];
  p->pad_right = pads[3];
  const bool known = p->format == kYuv420sp || p->format == kXrgb || p->format == kRgb888 || p->format == kYuv400 ||
                     p->format == kArgb || p->format == kYuyv || p->format == kYuv422sp || p->format == kAyuv;
  if (!known)
    return Status(err::kOpAttrNotMatch, "Aipp: input_format " + std::to_string(p->format) + " is not decoded");
  if (p->src_w <= 0 || p->src_h <= 0 || p->crop_x < 0 || p->crop_y < 0 || p->crop_w <= 0 || p->crop_h <= 0 ||
      p->crop_x + p->crop_w > p->src_w || p->crop_y + p->crop_h > p->src_h) {
    return Status(err::kOpAttrNotMatch, "Aipp: crop [" + std::to_string(p->crop_x) + ", " + std::to_string(p->crop_y) +
                                            "] size " + std::to_string(p->crop_w) + "x" + std::to_string(p->crop_h) +
                                            " does not fit the " + std::to_string(p->src_w) + "x" +
                                            std::to_string(p->src_h) + " image");
  }
  for (int64_t v : pads) {
    if (v < 0) return Status(err::kOpAttrNotMatch, "Aipp: negative padding");
  }
  if (p->channels < 1 || p->channels > p->format_channels()) {
    return Status(err::kOpAttrNotMatch, "Aipp: " + std::to_string(p->channels) + " output channels from a format of " +
                                            std::to_string(p->format_channels()));
  }
  if (p->dtype != DataType::kFloat && p->dtype != DataType::kFloat16) {
    return Status(err::kOpAttrNotMatch, "Aipp: dtype must be float or float16");
  }
  return Status::Ok();
}

Status DynamicInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  const int64_t max_bytes = attrs.GetInt("max_image_bytes", 0), oh = attrs.GetInt("out_h", 0),
                ow = attrs.GetInt("out_w", 0), channels = attrs.GetInt("channels", 3);
  const bool nhwc = attrs.GetInt("nhwc", 0) != 0;
  const DataType dtype = attrs.GetDataType("dtype", DataType::kFloat);
  if (max_bytes <= 0 || oh <= 0 || ow <= 0 || channels < 1 || channels > 4) {
    return Status(err::kOpAttrNotMatch, "Aipp (dynamic): max_image_bytes, out_h, out_w and channels must be positive");
  }
  if (dtype != DataType::kFloat && dtype != DataType::kFloat16) {
    return Status(err::kOpAttrNotMatch, "Aipp: dtype must be float or float16");
  }
  if (inputs.size() < 2 || inputs[1].dtype != DataType::kUint8) {
    return Status(err::kOpInputNotMatch, "Aipp (dynamic): input 1 is the uint8 parameter block");
  }
  const TensorSpec& x = inputs[0];
  if (x.dtype != DataType::kUint8 || x.dims.size() != 2 || x.dims[1] != max_bytes) {
    return Status(err::kOpInputNotMatch,
                  "Aipp (dynamic): the input is uint8 [N, " + std::to_string(max_bytes) + "] (max_src_image_size)");
  }
  int64_t block = 1;
  for (int64_t d : inputs[1].dims) block *= d;
  if (block < static_cast<int64_t>(aipp::DynamicAippBytes(static_cast<size_t>(x.dims[0])))) {
    return Status(err::kOpInputNotMatch, "Aipp (dynamic): the parameter block has " + std::to_string(block) +
                                             " bytes, " + std::to_string(x.dims[0]) + " batch(es) need " +
                                             std::to_string(aipp::DynamicAippBytes(static_cast<size_t>(x.dims[0]))));
  }
  int64_t out_c0 = 0;
  ASIM_RETURN_IF_ERROR(ReadOutC0(attrs, &out_c0));
  outputs->assign(1, OutputSpec(dtype, x.dims[0], channels, oh, ow, nhwc, out_c0));
  return Status::Ok();
}

Status AippInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  if (attrs.GetInt("dynamic", 0) != 0) return DynamicInfer(inputs, attrs, outputs);
  Params p;
  ASIM_RETURN_IF_ERROR(ReadParams(attrs, &p));
  const TensorSpec& x = inputs[0];
  if (x.dtype != DataType::kUint8 || x.dims.empty())
    return Status(err::kOpInputNotMatch, "Aipp: the input is uint8 images");
  int64_t per_image = 1;
  for (size_t i = 1; i < x.dims.size(); ++i) per_image *= x.dims[i];
  if (per_image != p.image_bytes()) {
    return Status(err::kOpAttrNotMatch, "Aipp: an input image has " + std::to_string(per_image) + " bytes, a " +
                                            std::to_string(p.src_w) + "x" + std::to_string(p.src_h) +
                                            " image of the format has " + std::to_string(p.image_bytes()));
  }
  outputs->assign(1, OutputSpec(p.dtype, x.dims[0], p.channels, p.out_h(), p.out_w(), p.nhwc, p.out_c0));
  return Status::Ok();
}

// Step 3: the stored channels of source pixel (y, x) of one image.
std::array<int32_t, 4> Fetch(const Params& p, const uint8_t* img, int64_t y, int64_t x) {
  const int64_t w = p.src_w, h = p.src_h;
  switch (p.format) {
    case kYuv420sp: {
      const uint8_t* uv = img + w * h + (y / 2) * w + (x & ~int64_t{1});
      return {img[y * w + x], uv[0], uv[1], 0};
    }
    case kYuv422sp: {
      const uint8_t* uv = img + w * h + y * w + (x & ~int64_t{1});
      return {img[y * w + x], uv[0], uv[1], 0};
    }
    case kYuyv: {
      const uint8_t* pair = img + y * w * 2 + (x & ~int64_t{1}) * 2;  // Y0 U Y1 V
      return {pair[(x & 1) * 2], pair[1], pair[3], 0};
    }
    case kYuv400: return {img[y * w + x], 0, 0, 0};
    case kRgb888: {
      const uint8_t* px = img + (y * w + x) * 3;
      return {px[0], px[1], px[2], 0};
    }
    default: {
      const uint8_t* px = img + (y * w + x) * 4;
      return {px[0], px[1], px[2], px[3]};
    }
  }
}

// Steps 4-6 for one pixel: the normalised channel values.
std::array<float, 4> Process(const Params& p, std::array<int32_t, 4> c) {
  const int64_t nch = p.format_channels();
  if (nch == 4 && p.ax_swap) c = {c[1], c[2], c[3], c[0]};
  // The colour channels: 0..2 of a 3-channel format, 0..2 after the alpha moved last, else 1..3.
  const size_t first = nch == 4 && !p.ax_swap ? 1 : 0;
  if (p.rbuv_swap && nch >= 3) {
    const bool yuv = p.format == kYuv420sp || p.format == kYuv422sp || p.format == kYuyv || p.format == kAyuv;
    if (yuv) {
      std::swap(c[first + 1], c[first + 2]);  // U <-> V
    } else {
      std::swap(c[first], c[first + 2]);  // R <-> B
    }
  }
  if (p.csc && nch >= 3) {
    std::array<int32_t, 3> in{c[first], c[first + 1], c[first + 2]};
    for (size_t i = 0; i < 3; ++i) {
      int64_t acc = 0;
      for (size_t j = 0; j < 3; ++j) acc += p.matrix[i * 3 + j] * (in[j] - p.input_bias[j]);
      const int64_t v = (acc >> 8) + p.output_bias[i];  // arithmetic shift: floor
      c[first + i] = static_cast<int32_t>(std::clamp<int64_t>(v, 0, 255));
    }
  }
  std::array<float, 4> out{};
  for (size_t k = 0; k < 4; ++k) {
    out[k] = (static_cast<float>(c[k] - p.mean[k]) - p.min[k]) * p.var_reci[k];
  }
  return out;
}

// Writes the output pixels of image b (static or one dynamic batch's parameters).
void RunImage(const Params& p, const uint8_t* img, int64_t b, uint8_t* out) {
  const int64_t oh = p.out_h(), ow = p.out_w(), oc = p.channels, c0 = p.out_c0;
  const int64_t c1 = c0 == 0 ? 0 : (oc + c0 - 1) / c0;
  const bool half = p.dtype == DataType::kFloat16;
  const auto store = [&](int64_t index, float v) {
    if (half) {
      const uint16_t h = FloatToHalf(v);
      std::memcpy(out + index * 2, &h, 2);
    } else {
      std::memcpy(out + index * 4, &v, 4);
    }
  };
  for (int64_t y = 0; y < oh; ++y) {
    for (int64_t xx = 0; xx < ow; ++xx) {
      std::array<float, 4> v{p.pad_value, p.pad_value, p.pad_value, p.pad_value};
      const int64_t sy = y - p.pad_top, sx = xx - p.pad_left;
      if (sy >= 0 && sy < p.crop_h && sx >= 0 && sx < p.crop_w) {
        v = Process(p, Fetch(p, img, p.crop_y + sy, p.crop_x + sx));
      }
      for (int64_t c = 0; c < oc; ++c) {
        const int64_t index = c0 != 0  ? (((b * c1 + c / c0) * oh + y) * ow + xx) * c0 + c % c0
                              : p.nhwc ? ((b * oh + y) * ow + xx) * oc + c
                                       : ((b * oc + c) * oh + y) * ow + xx;
        store(index, v[static_cast<size_t>(c)]);
      }
    }
  }
}

// The parameters of dynamic batch b, checked against the model's fixed output and the bytes.
Status DynamicParams(const AttrMap& a, const aipp::DynamicCommon& c, const aipp::DynamicBatch& d, int64_t b,
                     Params* p) {
  const std::string at = "Aipp (dynamic), batch " + std::to_string(b) + ": ";
  if (c.input_format == 0) {
    return Status(err::kInvalidParam, at + "the dynamic AIPP parameters were never set: call aclmdlSetInputAIPP (or "
                                           "aclmdlSetAIPPByInputIndex) on the input dataset before aclmdlExecute");
  }
  p->format = c.input_format;
  p->src_w = c.src_w;
  p->src_h = c.src_h;
  p->csc = c.csc != 0;
  p->rbuv_swap = c.rbuv_swap != 0;
  p->ax_swap = c.ax_swap != 0;
  for (size_t i = 0; i < 9; ++i) p->matrix[i] = c.matrix[i];
  for (size_t i = 0; i < 3; ++i) {
    p->input_bias[i] = c.input_bias[i];
    p->output_bias[i] = c.output_bias[i];
  }
  if (d.scf != 0) {
    return Status(err::kInvalidParam, at + "scaling (aclmdlSetAIPPScfParams) is not simulated; resize with the VPC");
  }
  p->crop_x = d.crop != 0 ? d.crop_x : 0;
  p->crop_y = d.crop != 0 ? d.crop_y : 0;
  p->crop_w = d.crop != 0 ? d.crop_w : p->src_w;
  p->crop_h = d.crop != 0 ? d.crop_h : p->src_h;
  if (d.padding != 0) {
    p->pad_top = d.pad_top;
    p->pad_bottom = d.pad_bottom;
    p->pad_left = d.pad_left;
    p->pad_right = d.pad_right;
  }
  p->pad_value = 0;
  for (size_t i = 0; i < 4; ++i) {
    p->mean[i] = d.mean[i];
    p->min[i] = d.min[i];
    p->var_reci[i] = d.var_reci[i];
  }
  p->channels = a.GetInt("channels", 3);
  p->nhwc = a.GetInt("nhwc", 0) != 0;
  p->dtype = a.GetDataType("dtype", DataType::kFloat);
  ASIM_RETURN_IF_ERROR(ReadOutC0(a, &p->out_c0));
  const bool known = p->format == kYuv420sp || p->format == kXrgb || p->format == kRgb888 || p->format == kYuv400 ||
                     p->format == kArgb || p->format == kYuyv || p->format == kYuv422sp || p->format == kAyuv;
  if (!known) return Status(err::kInvalidParam, at + "input format " + std::to_string(p->format) + " is not decoded");
  if (p->src_w <= 0 || p->src_h <= 0) {
    return Status(err::kInvalidParam, at + "the source image size is " + std::to_string(p->src_w) + "x" +
                                          std::to_string(p->src_h) + " (aclmdlSetAIPPSrcImageSize)");
  }
  if (p->image_bytes() > a.GetInt("max_image_bytes", 0)) {
    return Status(err::kInvalidParam, at + "a " + std::to_string(p->src_w) + "x" + std::to_string(p->src_h) +
                                          " image of the format has " + std::to_string(p->image_bytes()) +
                                          " bytes, more than the model's max_src_image_size " +
                                          std::to_string(a.GetInt("max_image_bytes", 0)));
  }
  if (p->crop_x < 0 || p->crop_y < 0 || p->crop_w <= 0 || p->crop_h <= 0 || p->crop_x + p->crop_w > p->src_w ||
      p->crop_y + p->crop_h > p->src_h) {
    return Status(err::kInvalidParam, at + "the crop at (" + std::to_string(p->crop_x) + ", " +
                                          std::to_string(p->crop_y) + ") of " + std::to_string(p->crop_w) + "x" +
                                          std::to_string(p->crop_h) + " leaves the source image");
  }
  if (p->pad_top < 0 || p->pad_bottom < 0 || p->pad_left < 0 || p->pad_right < 0) {
    return Status(err::kInvalidParam, at + "negative padding");
  }
  if (p->out_h() != a.GetInt("out_h", 0) || p->out_w() != a.GetInt("out_w", 0)) {
    return Status(err::kInvalidParam, at + "crop and padding give " + std::to_string(p->out_w()) + "x" +
                                          std::to_string(p->out_h()) + " (W x H) but the model input is " +
                                          std::to_string(a.GetInt("out_w", 0)) + "x" +
                                          std::to_string(a.GetInt("out_h", 0)));
  }
  if (p->channels > p->format_channels()) {
    return Status(err::kInvalidParam, at + "the model input has " + std::to_string(p->channels) +
                                          " channels, the input format " + std::to_string(p->format_channels()));
  }
  return Status::Ok();
}

Status AippCompute(KernelContext& ctx) {
  uint8_t* out = static_cast<uint8_t*>(ctx.out(0).data);
  if (ctx.out(0).spec.format != Format::kNchw && ctx.out(0).spec.format != Format::kNhwc) {
    std::memset(out, 0, ctx.out(0).spec.Bytes());  // the blocked layout's padding lanes
  }
  const TensorView& x = ctx.in(0);
  const int64_t n = x.dims()[0];
  const uint8_t* in = x.as<const uint8_t>();
  if (ctx.attrs->GetInt("dynamic", 0) != 0) {
    const TensorView& block = ctx.in(1);
    size_t bytes = 1;
    for (int64_t d : block.dims()) bytes *= static_cast<size_t>(d);
    aipp::DynamicCommon common;
    std::vector<aipp::DynamicBatch> batches;
    if (!aipp::ReadDynamicAipp(block.as<const uint8_t>(), bytes, static_cast<size_t>(n), &common, &batches)) {
      return Status(err::kInvalidParam, "Aipp (dynamic): the parameter block is too small");
    }
    const int64_t row = ctx.attrs->GetInt("max_image_bytes", 0);
    for (int64_t b = 0; b < n; ++b) {
      Params p;
      ASIM_RETURN_IF_ERROR(DynamicParams(*ctx.attrs, common, batches[static_cast<size_t>(b)], b, &p));
      RunImage(p, in + b * row, b, out);
    }
    return Status::Ok();
  }
  Params p;
  ASIM_RETURN_IF_ERROR(ReadParams(*ctx.attrs, &p));
  for (int64_t b = 0; b < n; ++b) RunImage(p, in + b * p.image_bytes(), b, out);
  return Status::Ok();
}

// The AIPP stage converts pixels on their way in (MTE2 reads the image bytes) and writes the
// layout the next node reads (MTE3, padding lanes included); its per-element arithmetic
// (swap, 3x3 CSC, shift/clamp, mean/min/var) is counted as 6 fp16-wide vector ops per real
// output element. A blocked output is what makes C04 pay: 8 bytes per pixel instead of 32.
WorkDesc AippCost(const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs, const AttrMap& attrs,
                  const ChipTraits& chip) {
  WorkDesc w;
  if (outputs.empty()) return w;
  const TensorSpec& out = outputs[0];
  const int64_t real = out.origin_dims.empty()
                           ? out.ElementCount()
                           : out.ElementCount() / out.dims.back() / out.dims[1] * attrs.GetInt("channels", 3);
  w.vector_elem_bytes = 2;
  w.vector_ops = static_cast<uint64_t>(real) * 6;
  w.mte2_bytes = inputs.empty() ? 0 : inputs[0].Bytes();
  if (inputs.size() > 1) w.mte2_bytes += inputs[1].Bytes();
  w.mte3_bytes = out.Bytes();
  // Images, then rows of an image, across the cores.
  const int64_t rows = out.dims.size() < 4 ? 1 : out.dims[0] * out.dims[out.format == Format::kNhwc ? 1 : 2];
  w.block_dim = static_cast<uint32_t>(std::clamp<int64_t>(rows, 1, chip.ai_core_count));
  w.scalar_ops = 64 * w.block_dim;
  return w;
}

}  // namespace

KernelDef BuildAipp_AiCore() {
  return KernelBuilder("Aipp", Engine::kAiCore)
      .Input("images", {DataType::kUint8}, {Format::kNd, Format::kNhwc})
      .OptionalInput("params", {DataType::kUint8}, {Format::kNd})
      .Output("features", {DataType::kFloat, DataType::kFloat16},
              {Format::kNchw, Format::kNhwc, Format::kNc1hwc0, Format::kNc1hwc0C04})
      .Attr("input_format", int64_t{kYuv420sp})
      .Attr("src_w", int64_t{0})
      .Attr("src_h", int64_t{0})
      .Attr("crop_x", int64_t{0})
      .Attr("crop_y", int64_t{0})
      .Attr("crop_w", int64_t{0})
      .Attr("crop_h", int64_t{0})
      .Attr("dynamic", int64_t{0})
      .Attr("max_image_bytes", int64_t{0})
      .Attr("out_h", int64_t{0})
      .Attr("out_w", int64_t{0})
      .Attr("pads", std::vector<int64_t>{0, 0, 0, 0})
      .Attr("pad_value", 0.0f)
      .Attr("csc", int64_t{0})
      .Attr("matrix", std::vector<int64_t>(9, 0))
      .Attr("input_bias", std::vector<int64_t>{0, 0, 0})
      .Attr("output_bias", std::vector<int64_t>{0, 0, 0})
      .Attr("rbuv_swap", int64_t{0})
      .Attr("ax_swap", int64_t{0})
      .Attr("mean", std::vector<int64_t>{0, 0, 0, 0})
      .Attr("min", std::vector<float>{0, 0, 0, 0})
      .Attr("var_reci", std::vector<float>{1, 1, 1, 1})
      .Attr("channels", int64_t{3})
      .Attr("nhwc", int64_t{0})
      .Attr("out_c0", int64_t{0})
      .Attr("dtype", DataType::kFloat)
      .StaticShapesOnly()
      .InferShape(AippInfer)
      .Compute(AippCompute)
      .Cost(AippCost)
      .Source(kSource)
      .Build();
}

}  // namespace asim::kernels
