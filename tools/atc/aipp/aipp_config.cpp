// LoadAippConfig (see aipp_config.h). Thread safety and failure: as the header says.
#include "tools/atc/aipp/aipp_config.h"

#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/text_format.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>

#include "insert_op.pb.h"
#include "kernels/image/aipp_dynamic_params.h"
#include "tools/atc/passes/atc_error.h"

namespace asim::atc::aipp {
namespace {

namespace pb = google::protobuf;
using asim::aipp::AippOpParams;

class TextErrors : public pb::io::ErrorCollector {
 public:
  explicit TextErrors(std::string path) : path_(std::move(path)) {}
  void AddError(int line, pb::io::ColumnNumber column, const std::string& message) override {
    if (first_.empty())
      first_ = path_ + ":" + std::to_string(line + 1) + ":" + std::to_string(column + 1) + ": " + message;
  }
  const std::string& first() const { return first_; }

 private:
  std::string path_;
  std::string first_;
};

Status Bad(const std::string& path, size_t block, const std::string& why) {
  return InvalidArgument("--insert_op_conf", path, "aipp_op " + std::to_string(block) + ": " + why);
}

Status Range(const std::string& path, size_t block, const std::string& field, double value, double lo, double hi) {
  if (std::isfinite(value) && value >= lo && value <= hi) return Status::Ok();
  std::ostringstream s;
  s << field << " is " << value << ", outside [" << lo << ", " << hi << "]";
  return Bad(path, block, s.str());
}

template <typename Field>
auto First(const Field& values, decltype(values.Get(0)) fallback) {
  return values.empty() ? fallback : values.Get(0);
}

Status Convert(const AippOpParams& p, size_t block, const std::string& path, AippSpec* s) {
  s->block = block;
  if (p.aipp_mode() == AippOpParams::dynamic) {
    // The image's format, size and every stage's parameters come per execution
    // (aclmdlSetInputAIPP); the file only bounds the image's bytes.
    s->dynamic = true;
    s->input_rank = p.related_input_rank();
    s->max_src_image_size = p.max_src_image_size();
    if (s->max_src_image_size == 0) {
      return Bad(path, block, "max_src_image_size must be set (the largest image in bytes) for aipp_mode: dynamic");
    }
    if (!p.related_input_name().empty()) {
      return Bad(path, block, "related_input_name is not supported; name the input by related_input_rank");
    }
    return Status::Ok();
  }
  if (p.aipp_mode() != AippOpParams::static_) {
    return Bad(path, block, "aipp_mode must be set (static or dynamic)");
  }
  if (!p.related_input_name().empty()) {
    return Bad(path, block, "related_input_name is not supported; name the input by related_input_rank");
  }
  if (p.input_edge_idx_size() > 0)
    return Bad(path, block, "input_edge_idx is not supported (AIPP applies to every reader)");
  if (p.resize()) return Bad(path, block, "resize (the scaling stage) is not supported; scale with the VPC first");
  if (p.single_line_mode()) return Bad(path, block, "single_line_mode is not supported");
  s->input_rank = p.related_input_rank();
  switch (p.input_format()) {
    case AippOpParams::YUV420SP_U8:
    case AippOpParams::XRGB8888_U8:
    case AippOpParams::RGB888_U8:
    case AippOpParams::YUV400_U8:
    case AippOpParams::ARGB8888_U8:
    case AippOpParams::YUYV_U8:
    case AippOpParams::YUV422SP_U8:
    case AippOpParams::AYUV444_U8: s->format = static_cast<AippFormat>(p.input_format()); break;
    case AippOpParams::UNDEFINED: return Bad(path, block, "input_format must be set");
    default:
      return Bad(path, block,
                 "input_format " + AippOpParams::InputFormat_Name(p.input_format()) +
                     " is not supported (YUV420SP_U8, XRGB8888_U8, RGB888_U8, YUV400_U8, ARGB8888_U8, YUYV_U8, "
                     "YUV422SP_U8, AYUV444_U8 are)");
  }
  s->src_w = p.src_image_size_w();
  s->src_h = p.src_image_size_h();
  ASIM_RETURN_IF_ERROR(Range(path, block, "src_image_size_w", s->src_w, 0, 4096));
  ASIM_RETURN_IF_ERROR(Range(path, block, "src_image_size_h", s->src_h, 0, 4096));
  s->crop = p.crop();
  if (s->crop) {
    s->crop_x = p.load_start_pos_w();
    s->crop_y = p.load_start_pos_h();
    s->crop_w = p.crop_size_w();
    s->crop_h = p.crop_size_h();
    ASIM_RETURN_IF_ERROR(Range(path, block, "load_start_pos_w", s->crop_x, 0, 4095));
    ASIM_RETURN_IF_ERROR(Range(path, block, "load_start_pos_h", s->crop_y, 0, 4095));
    ASIM_RETURN_IF_ERROR(Range(path, block, "crop_size_w", s->crop_w, 0, 4096));
    ASIM_RETURN_IF_ERROR(Range(path, block, "crop_size_h", s->crop_h, 0, 4096));
  }
  if (p.padding()) {
    s->pad_top = p.top_padding_size();
    s->pad_bottom = p.bottom_padding_size();
    s->pad_left = p.left_padding_size();
    s->pad_right = p.right_padding_size();
    ASIM_RETURN_IF_ERROR(Range(path, block, "top_padding_size", s->pad_top, 0, 32));
    ASIM_RETURN_IF_ERROR(Range(path, block, "bottom_padding_size", s->pad_bottom, 0, 32));
    ASIM_RETURN_IF_ERROR(Range(path, block, "left_padding_size", s->pad_left, 0, 32));
    ASIM_RETURN_IF_ERROR(Range(path, block, "right_padding_size", s->pad_right, 0, 32));
  }
  s->pad_value = p.cpadding_value();
  ASIM_RETURN_IF_ERROR(Range(path, block, "cpadding_value", s->pad_value, -65504, 65504));
  if (s->format == AippFormat::kYuv420sp || s->format == AippFormat::kYuv422sp || s->format == AippFormat::kYuyv) {
    const bool rows = s->format == AippFormat::kYuv420sp;
    if (s->src_w % 2 != 0 || (rows && s->src_h % 2 != 0)) {
      return Bad(path, block,
                 std::string("src_image_size_w") + (rows ? " and src_image_size_h" : "") + " must be even for " +
                     AippFormatName(s->format));
    }
    if (s->crop && (s->crop_x % 2 != 0 || (rows && s->crop_y % 2 != 0))) {
      return Bad(path, block,
                 std::string("load_start_pos_w") + (rows ? " and load_start_pos_h" : "") + " must be even for " +
                     AippFormatName(s->format));
    }
  }
  s->csc = p.csc_switch();
  if (s->csc) {
    if (s->format == AippFormat::kYuv400)
      return Bad(path, block, "csc_switch needs a colour input_format, not YUV400_U8");
    // The AIPP kernel's defaults: BT.601 narrow-range YUV -> RGB (Q8) with biases 16, 128, 128.
    static constexpr std::array<int32_t, 9> kMatrix{298, 516, 0, 298, -100, -208, 298, 0, 409};
    const pb::RepeatedField<int32_t>* m[9] = {&p.matrix_r0c0(), &p.matrix_r0c1(), &p.matrix_r0c2(),
                                              &p.matrix_r1c0(), &p.matrix_r1c1(), &p.matrix_r1c2(),
                                              &p.matrix_r2c0(), &p.matrix_r2c1(), &p.matrix_r2c2()};
    bool any = false;
    for (const auto* f : m) any = any || !f->empty();
    for (size_t i = 0; i < 9; ++i) {
      s->matrix[i] = any ? First(*m[i], 0) : kMatrix[i];
      ASIM_RETURN_IF_ERROR(Range(path, block, "matrix_r" + std::to_string(i / 3) + "c" + std::to_string(i % 3),
                                 s->matrix[i], -32677, 32676));
    }
    const pb::RepeatedField<int32_t>* in[3] = {&p.input_bias_0(), &p.input_bias_1(), &p.input_bias_2()};
    const pb::RepeatedField<int32_t>* out[3] = {&p.output_bias_0(), &p.output_bias_1(), &p.output_bias_2()};
    static constexpr int32_t kBias[3] = {16, 128, 128};
    for (size_t i = 0; i < 3; ++i) {
      s->input_bias[i] = any ? First(*in[i], 0) : kBias[i];
      s->output_bias[i] = any ? First(*out[i], 0) : 0;
      ASIM_RETURN_IF_ERROR(Range(path, block, "input_bias_" + std::to_string(i), s->input_bias[i], 0, 255));
      ASIM_RETURN_IF_ERROR(Range(path, block, "output_bias_" + std::to_string(i), s->output_bias[i], 0, 255));
    }
  }
  s->rbuv_swap = p.rbuv_swap_switch();
  s->ax_swap = p.ax_swap_switch();
  s->mean = {p.mean_chn_0(), p.mean_chn_1(), p.mean_chn_2(), p.mean_chn_3()};
  s->min = {p.min_chn_0(), p.min_chn_1(), p.min_chn_2(), p.min_chn_3()};
  s->var_reci = {First(p.var_reci_chn_0(), 1.0f), First(p.var_reci_chn_1(), 1.0f), First(p.var_reci_chn_2(), 1.0f),
                 First(p.var_reci_chn_3(), 1.0f)};
  for (size_t c = 0; c < 4; ++c) {
    const std::string n = std::to_string(c);
    ASIM_RETURN_IF_ERROR(Range(path, block, "mean_chn_" + n, s->mean[c], 0, 255));
    ASIM_RETURN_IF_ERROR(Range(path, block, "min_chn_" + n, s->min[c], 0, 255));
    ASIM_RETURN_IF_ERROR(Range(path, block, "var_reci_chn_" + n, s->var_reci[c], -65504, 65504));
  }
  return Status::Ok();
}

}  // namespace

const char* AippFormatName(AippFormat f) {
  switch (f) {
    case AippFormat::kYuv420sp: return "YUV420SP_U8";
    case AippFormat::kXrgb8888: return "XRGB8888_U8";
    case AippFormat::kRgb888: return "RGB888_U8";
    case AippFormat::kYuv400: return "YUV400_U8";
    case AippFormat::kArgb8888: return "ARGB8888_U8";
    case AippFormat::kYuyv: return "YUYV_U8";
    case AippFormat::kYuv422sp: return "YUV422SP_U8";
    case AippFormat::kAyuv444: return "AYUV444_U8";
  }
  return "?";
}

bool IsYuvFormat(AippFormat f) {
  return f == AippFormat::kYuv420sp || f == AippFormat::kYuv400 || f == AippFormat::kYuyv ||
         f == AippFormat::kYuv422sp || f == AippFormat::kAyuv444;
}

int32_t FormatChannels(AippFormat f) {
  return static_cast<int32_t>(kernels::aipp::AippImageChannels(static_cast<int64_t>(f)));
}

int64_t AippSpec::ImageBytes() const {
  return kernels::aipp::AippImageBytes(static_cast<int64_t>(format), src_w, src_h);
}

std::vector<int64_t> AippSpec::InputDims(int64_t n) const {
  switch (format) {
    case AippFormat::kYuv420sp: return {n, src_h * 3 / 2, src_w, 1};
    case AippFormat::kYuv422sp: return {n, src_h * 2, src_w, 1};
    case AippFormat::kYuyv: return {n, src_h, src_w, 2};
    default: return {n, src_h, src_w, FormatChannels(format)};
  }
}

Status ParseAippConfig(const std::string& text, const std::string& path, std::vector<AippSpec>* out) {
  out->clear();
  asim::aipp::InsertNewOps ops;
  TextErrors errors(path);
  pb::TextFormat::Parser parser;
  parser.RecordErrorsTo(&errors);
  if (!parser.ParseFromString(text, &ops)) {
    return AtcError(ecode::kParseFile, err::kParseFile,
                    "Failed to parse file [" + path +
                        "]: " + (errors.first().empty() ? "not an AIPP config" : errors.first()) +
                        ". An --insert_op_conf file holds aipp_op { ... } blocks (protobuf text format).");
  }
  if (ops.multi_shape_op_size() > 0) {
    return InvalidArgument("--insert_op_conf", path, "multi_shape_op is not supported (use --dynamic_batch_size)");
  }
  if (ops.aipp_op_size() == 0) return InvalidArgument("--insert_op_conf", path, "the file has no aipp_op block");
  for (int i = 0; i < ops.aipp_op_size(); ++i) {
    AippSpec s;
    ASIM_RETURN_IF_ERROR(Convert(ops.aipp_op(i), static_cast<size_t>(i), path, &s));
    for (const auto& other : *out) {
      if (other.input_rank == s.input_rank) {
        return Bad(path, static_cast<size_t>(i),
                   "related_input_rank " + std::to_string(s.input_rank) + " is already taken by aipp_op " +
                       std::to_string(other.block));
      }
    }
    out->push_back(s);
  }
  return Status::Ok();
}

Status LoadAippConfig(const std::string& path, std::vector<AippSpec>* out) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    return AtcError(
        ecode::kOpenFile, err::kInvalidFile,
        "Failed to open file [" + path + "] for parameter [--insert_op_conf]: " + std::strerror(errno) + ".");
  }
  std::ostringstream text;
  text << f.rdbuf();
  return ParseAippConfig(text.str(), path, out);
}

}  // namespace asim::atc::aipp
