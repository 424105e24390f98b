// InsertAipp (see insert_aipp.h). Thread safety and failure: as the header says.
#include "tools/atc/aipp/insert_aipp.h"

#include <sstream>

#include "kernels/image/aipp_dynamic_params.h"
#include "tools/atc/passes/atc_error.h"
#include "tools/atc/passes/emit_node.h"

namespace asim::atc::aipp {
namespace {

Status Bad(const std::string& path, const AippSpec& s, const std::string& why) {
  return InvalidArgument("--insert_op_conf", path, "aipp_op " + std::to_string(s.block) + ": " + why);
}

std::string Dims(const std::vector<int64_t>& d) {
  std::string s = "[";
  for (size_t i = 0; i < d.size(); ++i) s += (i ? "," : "") + std::to_string(d[i]);
  return s + "]";
}

template <typename T, size_t N>
std::vector<T> List(const std::array<T, N>& a) {
  return std::vector<T>(a.begin(), a.end());
}

// Puts an Aipp node reading `inputs` in front of everything, in place of the input value `v`
// (whose description before the change is `before`): every other reader of `v`, and a graph
// output that is `v`, reads the Aipp output instead.
Status EmitAipp(ir::Graph* g, int v, const ir::Value& before, std::vector<int> inputs, kernels::AttrMap a,
                const kernels::ChipTraits& chip) {
  std::vector<int> outs;
  ASIM_RETURN_IF_ERROR(ir::EmitNode(*g,
                                    ir::EmitRequest{"Aipp", before.name + "_aipp", std::move(inputs), a, 1,
                                                    "AIPP of input '" + before.name + "'", "Aipp"},
                                    chip, false, &outs));
  const int out = outs[0];
  const int node = g->value(out).producer;
  for (size_t i = 0; i < g->nodes.size(); ++i) {
    if (static_cast<int>(i) == node || g->nodes[i].dead) continue;
    for (int& x : g->nodes[i].inputs) {
      if (x == v) x = out;
    }
  }
  for (auto& o : g->outputs) {
    if (o.value == v) o.value = out;
  }
  if (g->value(out).dims != before.dims) {
    return AtcError(ecode::kInternal, err::kInvalidParam,
                    "Inner Error! AIPP of input '" + before.name + "' gives " + Dims(g->value(out).dims) + ", not " +
                        Dims(before.dims));
  }
  std::vector<int> order{node};
  for (size_t i = 0; i < g->nodes.size(); ++i) {
    if (static_cast<int>(i) != node && !g->nodes[i].dead) order.push_back(static_cast<int>(i));
  }
  g->Reorder(order);
  return Status::Ok();
}

// aipp_mode: dynamic. The input becomes [N, max_src_image_size] bytes; a new last model input
// "ascend_dynamic_aipp_data" carries the parameter block aclmdlSetInputAIPP writes.
Status ApplyDynamic(const AippSpec& spec, const std::string& path, const kernels::ChipTraits& chip, ir::Graph* g, int v,
                    int64_t n, int64_t c, int64_t h, int64_t w, bool nhwc, AippSpec* applied) {
  if (c != 1 && c != 3 && c != 4) {
    return Bad(path, spec,
               "input '" + g->value(v).name + "' has " + std::to_string(c) + " channels; AIPP gives 1, 3 or 4");
  }
  for (int input : g->inputs) {
    if (g->value(input).name == kDynamicAippInputName) {
      return Bad(path, spec,
                 std::string("the model already has an input named ") + kDynamicAippInputName +
                     ": one aipp_op block with aipp_mode: dynamic per model");
    }
  }
  const ir::Value before = g->value(v);
  kernels::AttrMap a;
  a.Set("dynamic", int64_t{1});
  a.Set("max_image_bytes", static_cast<int64_t>(spec.max_src_image_size));
  a.Set("out_h", h);
  a.Set("out_w", w);
  a.Set("channels", c);
  a.Set("nhwc", int64_t{nhwc ? 1 : 0});
  a.Set("dtype", before.dtype);
  {
    ir::Value& in = g->value(v);
    in.dtype = DataType::kUint8;
    in.dims = {n, static_cast<int64_t>(spec.max_src_image_size)};
    in.declared_dims = in.dims;
    in.format = Format::kNd;
  }
  const int params =
      g->AddInput(kDynamicAippInputName, DataType::kUint8,
                  {static_cast<int64_t>(kernels::aipp::DynamicAippBytes(static_cast<size_t>(n)))}, Format::kNd);
  ASIM_RETURN_IF_ERROR(EmitAipp(g, v, before, {v, params}, std::move(a), chip));
  AippSpec s = spec;
  s.params_input_rank = static_cast<uint32_t>(g->inputs.size() - 1);
  s.out_dims = before.dims;
  s.out_format = before.format;
  s.out_dtype = before.dtype;
  *applied = s;
  return Status::Ok();
}

Status Apply(const AippSpec& spec, const std::string& path, const kernels::ChipTraits& chip, ir::Graph* g,
             AippSpec* applied) {
  if (spec.input_rank >= g->inputs.size()) {
    return Bad(path, spec,
               "related_input_rank is " + std::to_string(spec.input_rank) + " but the model has " +
                   std::to_string(g->inputs.size()) + " input(s)");
  }
  const int v = g->inputs[spec.input_rank];
  ir::Value& in = g->value(v);
  if (in.dtype != DataType::kFloat && in.dtype != DataType::kFloat16) {
    return Bad(path, spec, "input '" + in.name + "' is " + DataTypeName(in.dtype) + "; AIPP feeds a float input");
  }
  if (in.dims.size() != 4 || in.dynamic) {
    return Bad(path, spec,
               "input '" + in.name + "' has dims " + Dims(in.declared_dims) +
                   "; AIPP needs a 4-D input of fixed dims (dynamic shapes with AIPP are a later version's)");
  }
  const bool nhwc = in.format == Format::kNhwc;
  const int64_t n = in.dims[0], c = nhwc ? in.dims[3] : in.dims[1];
  const int64_t h = nhwc ? in.dims[1] : in.dims[2], w = nhwc ? in.dims[2] : in.dims[3];
  if (spec.dynamic) return ApplyDynamic(spec, path, chip, g, v, n, c, h, w, nhwc, applied);
  AippSpec s = spec;
  const int64_t inner_w = w - s.pad_left - s.pad_right, inner_h = h - s.pad_top - s.pad_bottom;
  if (inner_w <= 0 || inner_h <= 0) {
    return Bad(path, spec,
               "the padding leaves no image inside the model input's " + std::to_string(h) + "x" + std::to_string(w));
  }
  if (!s.crop) {
    s.crop_x = s.crop_y = 0;
    if (s.src_w == 0) s.src_w = static_cast<int32_t>(inner_w);
    if (s.src_h == 0) s.src_h = static_cast<int32_t>(inner_h);
    s.crop_w = s.src_w;
    s.crop_h = s.src_h;
  } else {
    if (s.crop_w == 0) s.crop_w = static_cast<int32_t>(inner_w);
    if (s.crop_h == 0) s.crop_h = static_cast<int32_t>(inner_h);
    if (s.src_w == 0) s.src_w = static_cast<int32_t>(w);
    if (s.src_h == 0) s.src_h = static_cast<int32_t>(h);
    if (s.crop_x + s.crop_w > s.src_w || s.crop_y + s.crop_h > s.src_h) {
      return Bad(path, spec,
                 "the crop at (" + std::to_string(s.crop_x) + ", " + std::to_string(s.crop_y) + ") of " +
                     std::to_string(s.crop_w) + "x" + std::to_string(s.crop_h) + " leaves the " +
                     std::to_string(s.src_w) + "x" + std::to_string(s.src_h) + " source image");
    }
  }
  if (s.format == AippFormat::kYuv420sp && (s.src_w % 2 != 0 || s.src_h % 2 != 0)) {
    return Bad(
        path, spec,
        "a YUV420SP_U8 source image has even sizes, not " + std::to_string(s.src_w) + "x" + std::to_string(s.src_h));
  }
  if (s.crop_w != inner_w || s.crop_h != inner_h) {
    return Bad(path, spec,
               std::string(s.crop ? "crop_size" : "src_image_size") + " " + std::to_string(s.crop_w) + "x" +
                   std::to_string(s.crop_h) + " plus the padding (" + std::to_string(s.pad_left + s.pad_right) +
                   " columns, " + std::to_string(s.pad_top + s.pad_bottom) + " rows) must give the model input '" +
                   in.name + "' of " + std::to_string(w) + "x" + std::to_string(h) + " (W x H)");
  }
  const int64_t format_channels = FormatChannels(s.format);
  const bool channels_ok = s.format == AippFormat::kYuv400 ? c == 1 : (c == 3 || (c == 4 && format_channels == 4));
  if (!channels_ok) {
    return Bad(path, spec,
               std::string("input_format ") + AippFormatName(s.format) + " gives " +
                   std::to_string(s.format == AippFormat::kYuv400 ? 1 : 3) + " channel(s), the model input '" +
                   in.name + "' has " + std::to_string(c));
  }
  kernels::AttrMap a;
  a.Set("input_format", static_cast<int64_t>(s.format));
  a.Set("src_w", int64_t{s.src_w});
  a.Set("src_h", int64_t{s.src_h});
  a.Set("crop_x", int64_t{s.crop_x});
  a.Set("crop_y", int64_t{s.crop_y});
  a.Set("crop_w", int64_t{s.crop_w});
  a.Set("crop_h", int64_t{s.crop_h});
  a.Set("pads", std::vector<int64_t>{s.pad_top, s.pad_bottom, s.pad_left, s.pad_right});
  a.Set("pad_value", s.pad_value);
  a.Set("csc", int64_t{s.csc ? 1 : 0});
  std::vector<int64_t> matrix(s.matrix.begin(), s.matrix.end());
  a.Set("matrix", matrix);
  a.Set("input_bias", std::vector<int64_t>(s.input_bias.begin(), s.input_bias.end()));
  a.Set("output_bias", std::vector<int64_t>(s.output_bias.begin(), s.output_bias.end()));
  a.Set("rbuv_swap", int64_t{s.rbuv_swap ? 1 : 0});
  a.Set("ax_swap", int64_t{s.ax_swap ? 1 : 0});
  a.Set("mean", std::vector<int64_t>(s.mean.begin(), s.mean.end()));
  a.Set("min", List(s.min));
  a.Set("var_reci", List(s.var_reci));
  a.Set("channels", c);
  a.Set("nhwc", int64_t{nhwc ? 1 : 0});
  a.Set("dtype", in.dtype);
  const ir::Value before = in;
  in.dtype = DataType::kUint8;
  in.dims = s.InputDims(n);
  in.declared_dims = in.dims;
  in.format = Format::kNhwc;
  ASIM_RETURN_IF_ERROR(EmitAipp(g, v, before, {v}, std::move(a), chip));
  s.out_dims = before.dims;
  s.out_format = before.format;
  s.out_dtype = before.dtype;
  *applied = s;
  return Status::Ok();
}

}  // namespace

Status InsertAipp(const std::vector<AippSpec>& specs, const std::string& path, const kernels::ChipTraits& chip,
                  ir::Graph* graph, std::vector<AippSpec>* applied) {
  applied->clear();
  for (const auto& s : specs) {
    AippSpec a;
    ASIM_RETURN_IF_ERROR(Apply(s, path, chip, graph, &a));
    applied->push_back(a);
  }
  return Status::Ok();
}

std::string AippMetadataKey(uint32_t input_index) {
  return "aipp." + std::to_string(input_index);
}

std::string AippMetadataValue(const AippSpec& s) {
  std::ostringstream o;
  if (s.dynamic) {
    o << "dynamic=1;max=" << s.max_src_image_size << ";attached=" << s.params_input_rank
      << ";out_format=" << static_cast<int>(s.out_format) << ";out_dtype=" << static_cast<int>(s.out_dtype)
      << ";out_dims=";
    for (size_t i = 0; i < s.out_dims.size(); ++i) o << (i ? "," : "") << s.out_dims[i];
    return o.str();
  }
  o << "format=" << static_cast<int>(s.format) << ";src=" << s.src_w << "x" << s.src_h << ";crop=" << (s.crop ? 1 : 0)
    << "," << s.crop_x << "," << s.crop_y << "," << s.crop_w << "x" << s.crop_h << ";pad=" << s.pad_top << ","
    << s.pad_bottom << "," << s.pad_left << "," << s.pad_right << ";csc=" << (s.csc ? 1 : 0) << ";matrix=";
  for (size_t i = 0; i < 9; ++i) o << (i ? "," : "") << s.matrix[i];
  o << ";input_bias=" << s.input_bias[0] << "," << s.input_bias[1] << "," << s.input_bias[2]
    << ";output_bias=" << s.output_bias[0] << "," << s.output_bias[1] << "," << s.output_bias[2]
    << ";swap=" << (s.rbuv_swap ? 1 : 0) << "," << (s.ax_swap ? 1 : 0) << ";mean=";
  for (size_t i = 0; i < 4; ++i) o << (i ? "," : "") << s.mean[i];
  o << ";min=";
  for (size_t i = 0; i < 4; ++i) o << (i ? "," : "") << s.min[i];
  o << ";var_reci=";
  for (size_t i = 0; i < 4; ++i) o << (i ? "," : "") << s.var_reci[i];
  o << ";out_format=" << static_cast<int>(s.out_format) << ";out_dtype=" << static_cast<int>(s.out_dtype)
    << ";out_dims=";
  for (size_t i = 0; i < s.out_dims.size(); ++i) o << (i ? "," : "") << s.out_dims[i];
  return o.str();
}

}  // namespace asim::atc::aipp

namespace asim::atc::aipp {

std::string AippParamsMetadataValue(const AippSpec& s) {
  return "dynamic_node=1;attached=" + std::to_string(s.input_rank);
}

}  // namespace asim::atc::aipp
