// AippSpec and LoadAippConfig: atc's --insert_op_conf file (protobuf text of InsertNewOps,
// through the project's insert_op.proto) -> one plain parameter set per `aipp_op` block.
//
// Owns the configuration rules that do not depend on the model: static AIPP and dynamic AIPP
// (aipp_mode: dynamic with max_src_image_size: the parameters come per execution from
// aclmdlSetInputAIPP, the other fields of the block are ignored), the input formats the kernel decodes (YUV420SP_U8,
// XRGB8888_U8, RGB888_U8, YUV400_U8, ARGB8888_U8, YUYV_U8, YUV422SP_U8, AYUV444_U8; the RAW,
// RGBxx and NC1HWC0DI formats are refused), the ranges of AscendCL's AIPP setters (CSC matrix
// [-32677, 32676], biases and means [0, 255], min [0, 255], var_reci [-65504, 65504], padding
// [0, 32], crop start >= 0; even sizes and offsets for the subsampled YUV formats), and the
// defaults the real tool applies: var_reci 1.0; with csc_switch and no matrix, the BT.601
// YUV->RGB matrix and biases of the AIPP kernel (298 516 0 / 298 -100 -208 / 298 0 409, biases
// 16 128 128). A 0 source or crop size means "the model input's size"; the model-dependent
// checks are InsertAipp's (insert_aipp.h).
// Thread safety: pure apart from reading the file. Failure: E19001 for a file that cannot be
// read, E19005 for text that does not parse (file:line:column), E10001 on --insert_op_conf for a
// value outside the rules, naming the block and the field.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "base/dtype.h"
#include "base/format.h"
#include "base/status.h"

namespace asim::atc::aipp {

// The AIPP input formats (insert_op.proto's numbers, which are also aclAippInputFormat's).
enum class AippFormat : int32_t {
  kYuv420sp = 1,
  kXrgb8888 = 2,
  kRgb888 = 3,
  kYuv400 = 4,
  kArgb8888 = 7,
  kYuyv = 8,
  kYuv422sp = 9,
  kAyuv444 = 10,
};
const char* AippFormatName(AippFormat f);  // "YUV420SP_U8" ...
bool IsYuvFormat(AippFormat f);
int32_t FormatChannels(AippFormat f);  // the channels a pixel has (YUV400: 1, XRGB: 4 ...)

struct AippSpec {
  size_t block = 0;  // the aipp_op block's number (from 0), for messages
  uint32_t input_rank = 0;
  bool dynamic = false;             // aipp_mode: dynamic
  uint32_t max_src_image_size = 0;  // dynamic: bytes of the largest image
  uint32_t params_input_rank = 0;   // dynamic, set by InsertAipp: the ascend_dynamic_aipp_data input
  AippFormat format = AippFormat::kYuv420sp;
  int32_t src_w = 0, src_h = 0;  // 0: the model input's size
  bool crop = false;
  int32_t crop_x = 0, crop_y = 0, crop_w = 0, crop_h = 0;  // crop sizes 0: the model input's size
  int32_t pad_top = 0, pad_bottom = 0, pad_left = 0, pad_right = 0;
  float pad_value = 0.0f;
  bool csc = false;
  std::array<int32_t, 9> matrix{};  // row-major r0c0 .. r2c2, Q8 (256 = 1.0)
  std::array<int32_t, 3> input_bias{};
  std::array<int32_t, 3> output_bias{};
  bool rbuv_swap = false, ax_swap = false;
  std::array<int32_t, 4> mean{};
  std::array<float, 4> min{};
  std::array<float, 4> var_reci{1.0f, 1.0f, 1.0f, 1.0f};
  // Set by InsertAipp: what the stage gives (the model input it replaced).
  std::vector<int64_t> out_dims;
  Format out_format = Format::kNchw;
  DataType out_dtype = DataType::kFloat;

  // Bytes of one source image (YUV420SP: w * h * 3 / 2 ...).
  int64_t ImageBytes() const;
  // The input tensor's dims for a batch of n: [n, rows, w, c] with rows * w * c == ImageBytes()
  // (YUV420SP: the Y rows then the UV rows, one channel).
  std::vector<int64_t> InputDims(int64_t n) const;
};

Status LoadAippConfig(const std::string& path, std::vector<AippSpec>* out);
// The same from text (tests); `path` only names it in messages.
Status ParseAippConfig(const std::string& text, const std::string& path, std::vector<AippSpec>* out);

}  // namespace asim::atc::aipp
