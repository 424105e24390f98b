// The dynamic AIPP parameter block: what aclmdlSetInputAIPP writes into a model's
// "ascend_dynamic_aipp_data" input and the Aipp kernel (dynamic mode) reads per execution.
//
// Layout (little-endian, AscendCL's sizes: aclmdlGetAippDataSize = 64 + 96 x batches):
//   common, 64 bytes:  0 u8 input_format (aclAippInputFormat; 0 = never set)
//                      1 i8 csc_switch, 2 i8 rbuv_swap_switch, 3 i8 ax_swap_switch, 4 i8 batch_num
//                      8 i32 src_image_size_w, 12 i32 src_image_size_h
//                     16 i16 csc matrix r0c0 .. r2c2 (9), 34 u8 output_bias[3], 37 u8 input_bias[3]
//   batch b, 96 bytes at 64 + 96 b:
//                      0 i8 crop_switch, 1 i8 scf_switch, 2 i8 padding_switch
//                      4 i32 crop start w, h, crop size w, h (16 bytes)
//                     20 i32 scf input w, h, output w, h (16 bytes)
//                     36 i32 padding top, bottom, left, right (16 bytes)
//                     52 i16 mean[4], 60 f32 min[4], 76 f32 var_reci[4] (ends at 92)
// Owner: the image kernel family; runtime/api writes it. Thread safety: pure functions.
// Failure: ReadDynamicAipp returns false when the block is smaller than its batch count needs.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace asim::kernels::aipp {

inline constexpr size_t kDynamicHeadBytes = 64;
inline constexpr size_t kDynamicBatchBytes = 96;
inline constexpr size_t DynamicAippBytes(size_t batches) {
  return kDynamicHeadBytes + kDynamicBatchBytes * batches;
}

struct DynamicCommon {
  uint8_t input_format = 0;
  int8_t csc = 0, rbuv_swap = 0, ax_swap = 0;
  int8_t batch_num = 0;
  int32_t src_w = 0, src_h = 0;
  std::array<int16_t, 9> matrix{};
  std::array<uint8_t, 3> output_bias{}, input_bias{};
};

struct DynamicBatch {
  int8_t crop = 0, scf = 0, padding = 0;
  int32_t crop_x = 0, crop_y = 0, crop_w = 0, crop_h = 0;
  int32_t scf_in_w = 0, scf_in_h = 0, scf_out_w = 0, scf_out_h = 0;
  int32_t pad_top = 0, pad_bottom = 0, pad_left = 0, pad_right = 0;
  std::array<int16_t, 4> mean{};
  std::array<float, 4> min{};
  std::array<float, 4> var_reci{1, 1, 1, 1};
};

// Writes the block for `batches` into `out` (DynamicAippBytes(batches.size()) bytes).
void WriteDynamicAipp(const DynamicCommon& common, const std::vector<DynamicBatch>& batches, uint8_t* out);
// Bytes of one w x h source image in an AIPP input format (insert_op.proto / aclAippInputFormat
// numbers): YUV420SP 1.5 per pixel, YUV400 1, YUYV and YUV422SP 2, RGB888 3, the 4-channel
// formats 4. Shared by atc, the Aipp kernel and the runtime's dynamic AIPP checks.
int64_t AippImageBytes(int64_t format, int64_t w, int64_t h);
// The channels a pixel of an AIPP input format has: YUV400 1, XRGB8888 / ARGB8888 / AYUV444 4,
// the others 3 (the C of the NHWC image dims CANN reports for an AIPP input).
int64_t AippImageChannels(int64_t format);

// Reads a block of `size` bytes holding `batches` batches.
bool ReadDynamicAipp(const uint8_t* in, size_t size, size_t batches, DynamicCommon* common,
                     std::vector<DynamicBatch>* out);

}  // namespace asim::kernels::aipp
