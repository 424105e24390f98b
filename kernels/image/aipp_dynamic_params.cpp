// The dynamic AIPP parameter block (see aipp_dynamic_params.h).
#include "kernels/image/aipp_dynamic_params.h"

#include <cstring>

namespace asim::kernels::aipp {
namespace {

template <typename T>
void Put(uint8_t* base, size_t offset, T value) {
  std::memcpy(base + offset, &value, sizeof(T));
}

template <typename T>
T Get(const uint8_t* base, size_t offset) {
  T value;
  std::memcpy(&value, base + offset, sizeof(T));
  return value;
}

}  // namespace

int64_t AippImageBytes(int64_t format, int64_t w, int64_t h) {
  const int64_t px = w * h;
  switch (format) {
    case 1: return px * 3 / 2;  // YUV420SP_U8
    case 4: return px;          // YUV400_U8
    case 8:                     // YUYV_U8
    case 9: return px * 2;      // YUV422SP_U8
    case 3: return px * 3;      // RGB888_U8
    default: return px * 4;     // XRGB8888, ARGB8888, AYUV444
  }
}

int64_t AippImageChannels(int64_t format) {
  switch (format) {
    case 4: return 1;   // YUV400_U8
    case 2:             // XRGB8888_U8
    case 7:             // ARGB8888_U8
    case 10: return 4;  // AYUV444_U8
    default: return 3;
  }
}

void WriteDynamicAipp(const DynamicCommon& c, const std::vector<DynamicBatch>& batches, uint8_t* out) {
  std::memset(out, 0, DynamicAippBytes(batches.size()));
  Put(out, 0, c.input_format);
  Put(out, 1, c.csc);
  Put(out, 2, c.rbuv_swap);
  Put(out, 3, c.ax_swap);
  Put(out, 4, c.batch_num);
  Put(out, 8, c.src_w);
  Put(out, 12, c.src_h);
  for (size_t i = 0; i < 9; ++i) Put(out, 16 + 2 * i, c.matrix[i]);
  for (size_t i = 0; i < 3; ++i) {
    Put(out, 34 + i, c.output_bias[i]);
    Put(out, 37 + i, c.input_bias[i]);
  }
  for (size_t b = 0; b < batches.size(); ++b) {
    uint8_t* p = out + kDynamicHeadBytes + kDynamicBatchBytes * b;
    const DynamicBatch& d = batches[b];
    Put(p, 0, d.crop);
    Put(p, 1, d.scf);
    Put(p, 2, d.padding);
    const int32_t ints[12] = {d.crop_x,    d.crop_y,    d.crop_w,  d.crop_h,     d.scf_in_w, d.scf_in_h,
                              d.scf_out_w, d.scf_out_h, d.pad_top, d.pad_bottom, d.pad_left, d.pad_right};
    for (size_t i = 0; i < 12; ++i) Put(p, 4 + 4 * i, ints[i]);
    for (size_t i = 0; i < 4; ++i) {
      Put(p, 52 + 2 * i, d.mean[i]);
      Put(p, 60 + 4 * i, d.min[i]);
      Put(p, 76 + 4 * i, d.var_reci[i]);
    }
  }
}

bool ReadDynamicAipp(const uint8_t* in, size_t size, size_t batches, DynamicCommon* c, std::vector<DynamicBatch>* out) {
  if (in == nullptr || size < DynamicAippBytes(batches)) return false;
  c->input_format = Get<uint8_t>(in, 0);
  c->csc = Get<int8_t>(in, 1);
  c->rbuv_swap = Get<int8_t>(in, 2);
  c->ax_swap = Get<int8_t>(in, 3);
  c->batch_num = Get<int8_t>(in, 4);
  c->src_w = Get<int32_t>(in, 8);
  c->src_h = Get<int32_t>(in, 12);
  for (size_t i = 0; i < 9; ++i) c->matrix[i] = Get<int16_t>(in, 16 + 2 * i);
  for (size_t i = 0; i < 3; ++i) {
    c->output_bias[i] = Get<uint8_t>(in, 34 + i);
    c->input_bias[i] = Get<uint8_t>(in, 37 + i);
  }
  out->assign(batches, DynamicBatch{});
  for (size_t b = 0; b < batches; ++b) {
    const uint8_t* p = in + kDynamicHeadBytes + kDynamicBatchBytes * b;
    DynamicBatch& d = (*out)[b];
    d.crop = Get<int8_t>(p, 0);
    d.scf = Get<int8_t>(p, 1);
    d.padding = Get<int8_t>(p, 2);
    int32_t* ints[12] = {&d.crop_x,    &d.crop_y,    &d.crop_w,  &d.crop_h,     &d.scf_in_w, &d.scf_in_h,
                         &d.scf_out_w, &d.scf_out_h, &d.pad_top, &d.pad_bottom, &d.pad_left, &d.pad_right};
    for (size_t i = 0; i < 12; ++i) *ints[i] = Get<int32_t>(p, 4 + 4 * i);
    for (size_t i = 0; i < 4; ++i) {
      d.mean[i] = Get<int16_t>(p, 52 + 2 * i);
      d.min[i] = Get<float>(p, 60 + 4 * i);
      d.var_reci[i] = Get<float>(p, 76 + 4 * i);
    }
  }
  return true;
}

}  // namespace asim::kernels::aipp
