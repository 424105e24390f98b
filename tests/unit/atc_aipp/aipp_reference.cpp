// The static AIPP reference (see aipp_reference.h).
#include "tests/unit/atc_aipp/aipp_reference.h"

#include <algorithm>
#include <sstream>

namespace asim::atc::testing {

size_t AippCase::image_bytes() const {
  const size_t px = static_cast<size_t>(src_w) * static_cast<size_t>(src_h);
  if (format == "YUV420SP_U8") return px * 3 / 2;
  if (format == "YUV400_U8") return px;
  if (format == "YUYV_U8" || format == "YUV422SP_U8") return px * 2;
  if (format == "RGB888_U8") return px * 3;
  return px * 4;
}

std::string AippCase::ConfigText() const {
  std::ostringstream o;
  o << "# written by aipp_reference.cpp\naipp_op {\n  aipp_mode : static\n  related_input_rank : 0\n"
    << "  input_format : " << format << "\n  src_image_size_w : " << src_w << "\n  src_image_size_h : " << src_h
    << "\n";
  if (crop) {
    o << "  crop : true\n  load_start_pos_w : " << crop_x << "\n  load_start_pos_h : " << crop_y
      << "\n  crop_size_w : " << crop_w << "\n  crop_size_h : " << crop_h << "\n";
  }
  if (top + bottom + left + right > 0) {
    o << "  padding : true\n  top_padding_size : " << top << "\n  bottom_padding_size : " << bottom
      << "\n  left_padding_size : " << left << "\n  right_padding_size : " << right
      << "\n  cpadding_value : " << pad_value << "\n";
  }
  o << "  csc_switch : " << (csc ? "true" : "false") << "\n";
  if (csc) {
    for (int i = 0; i < 9; ++i)
      o << "  matrix_r" << i / 3 << "c" << i % 3 << " : " << m[static_cast<size_t>(i)] << "\n";
    for (int i = 0; i < 3; ++i) {
      o << "  input_bias_" << i << " : " << in_bias[static_cast<size_t>(i)] << "\n  output_bias_" << i << " : "
        << out_bias[static_cast<size_t>(i)] << "\n";
    }
  }
  o << "  rbuv_swap_switch : " << (rbuv ? "true" : "false") << "\n  ax_swap_switch : " << (ax ? "true" : "false")
    << "\n";
  for (int i = 0; i < 4; ++i) {
    o << "  mean_chn_" << i << " : " << mean[static_cast<size_t>(i)] << "\n  min_chn_" << i << " : "
      << min[static_cast<size_t>(i)] << "\n  var_reci_chn_" << i << " : " << var[static_cast<size_t>(i)] << "\n";
  }
  o << "}\n";
  return o.str();
}

std::vector<float> ReferenceAipp(const AippCase& c, const std::vector<uint8_t>& img) {
  const int oh = c.out_h(), ow = c.out_w();
  const int cx = c.crop ? c.crop_x : 0, cy = c.crop ? c.crop_y : 0;
  const int cw = c.crop ? c.crop_w : c.src_w, ch = c.crop ? c.crop_h : c.src_h;
  const int w = c.src_w, h = c.src_h;
  std::vector<float> out(static_cast<size_t>(c.channels * oh * ow));
  for (int y = 0; y < oh; ++y) {
    for (int x = 0; x < ow; ++x) {
      const int iy = y - c.top, ix = x - c.left;
      float v[4] = {c.pad_value, c.pad_value, c.pad_value, c.pad_value};
      if (iy >= 0 && iy < ch && ix >= 0 && ix < cw) {
        const int sy = cy + iy, sx = cx + ix;
        int p[4] = {0, 0, 0, 0};
        bool yuv = false;
        int channels = 3;
        const auto at = [&](size_t i) { return static_cast<int>(img.at(i)); };
        if (c.format == "YUV420SP_U8") {
          const size_t uv = static_cast<size_t>(w * h + (sy / 2) * w + (sx / 2) * 2);
          p[0] = at(static_cast<size_t>(sy * w + sx)), p[1] = at(uv), p[2] = at(uv + 1), yuv = true;
        } else if (c.format == "YUV422SP_U8") {
          const size_t uv = static_cast<size_t>(w * h + sy * w + (sx / 2) * 2);
          p[0] = at(static_cast<size_t>(sy * w + sx)), p[1] = at(uv), p[2] = at(uv + 1), yuv = true;
        } else if (c.format == "YUYV_U8") {
          const size_t base = static_cast<size_t>(sy * w * 2 + (sx / 2) * 4);
          p[0] = at(base + (sx % 2 == 0 ? 0 : 2)), p[1] = at(base + 1), p[2] = at(base + 3), yuv = true;
        } else if (c.format == "YUV400_U8") {
          p[0] = at(static_cast<size_t>(sy * w + sx)), channels = 1;
        } else if (c.format == "RGB888_U8") {
          for (int k = 0; k < 3; ++k) p[k] = at(static_cast<size_t>((sy * w + sx) * 3 + k));
        } else {  // XRGB8888, ARGB8888, AYUV444: 4 bytes, alpha first
          for (int k = 0; k < 4; ++k) p[k] = at(static_cast<size_t>((sy * w + sx) * 4 + k));
          channels = 4;
          yuv = c.format == "AYUV444_U8";
        }
        int col = 0;  // first colour channel
        if (channels == 4) {
          if (c.ax) {
            const int a = p[0];
            p[0] = p[1], p[1] = p[2], p[2] = p[3], p[3] = a;
          } else {
            col = 1;
          }
        }
        if (c.rbuv && channels >= 3) {
          if (yuv) {
            std::swap(p[col + 1], p[col + 2]);
          } else {
            std::swap(p[col], p[col + 2]);
          }
        }
        if (c.csc && channels >= 3) {
          int q[3];
          for (int i = 0; i < 3; ++i) {
            long long acc = 0;
            for (int j = 0; j < 3; ++j) {
              acc += static_cast<long long>(c.m[static_cast<size_t>(i * 3 + j)]) *
                     (p[col + j] - c.in_bias[static_cast<size_t>(j)]);
            }
            long long shifted = acc >= 0 ? acc / 256 : -((-acc + 255) / 256);  // floor(acc / 256)
            q[i] = static_cast<int>(std::clamp<long long>(shifted + c.out_bias[static_cast<size_t>(i)], 0, 255));
          }
          for (int i = 0; i < 3; ++i) p[col + i] = q[i];
        }
        for (int k = 0; k < 4; ++k) {
          v[k] = (static_cast<float>(p[k] - c.mean[static_cast<size_t>(k)]) - c.min[static_cast<size_t>(k)]) *
                 c.var[static_cast<size_t>(k)];
        }
      }
      for (int k = 0; k < c.channels; ++k) out[static_cast<size_t>((k * oh + y) * ow + x)] = v[k];
    }
  }
  return out;
}

std::vector<uint8_t> TestImage(size_t bytes, uint32_t seed) {
  std::vector<uint8_t> v(bytes);
  uint32_t s = seed * 2654435761u + 7u;
  for (auto& b : v) {
    s = s * 1664525u + 1013904223u;
    b = static_cast<uint8_t>(s >> 24);
  }
  return v;
}

}  // namespace asim::atc::testing
