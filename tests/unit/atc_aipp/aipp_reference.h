// Test support for static AIPP: a parameter set, the --insert_op_conf text it is written as,
// and a reference of the stage written from the documented order (crop -> swaps -> CSC with
// the Q8 matrix, >> 8, clamp -> (x - mean - min) * var_reci -> padding), independent of
// kernels/image/aipp.cpp. Thread safety: test-only. Failure: none.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace asim::atc::testing {

struct AippCase {
  std::string format = "YUV420SP_U8";
  int src_w = 6, src_h = 4;
  bool crop = false;
  int crop_x = 0, crop_y = 0, crop_w = 0, crop_h = 0;
  int top = 0, bottom = 0, left = 0, right = 0;
  float pad_value = 0;
  bool csc = false;
  std::array<int, 9> m{};
  std::array<int, 3> in_bias{}, out_bias{};
  bool rbuv = false, ax = false;
  std::array<int, 4> mean{};
  std::array<float, 4> min{};
  std::array<float, 4> var{1, 1, 1, 1};
  int channels = 3;  // the model input's C

  int out_w() const { return (crop ? crop_w : src_w) + left + right; }
  int out_h() const { return (crop ? crop_h : src_h) + top + bottom; }
  size_t image_bytes() const;
  std::string ConfigText() const;  // one aipp_op block
};

// The model input AIPP gives, [C, H, W] for one image.
std::vector<float> ReferenceAipp(const AippCase& c, const std::vector<uint8_t>& image);
// Deterministic image bytes.
std::vector<uint8_t> TestImage(size_t bytes, uint32_t seed);

}  // namespace asim::atc::testing
