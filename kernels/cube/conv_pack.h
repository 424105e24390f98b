// Packing for the blocked convolution engine (blocked_conv.h): activations from NCHW,
// NHWC or NC1HWC0 (fp32 or fp16) into the padded blocked fp32 input, the blocked fp32
// output back into any of those, and filters from NCHW/NHWC/HWCN or FRACTAL_Z (fp32 or
// fp16) into the engine's packed weights.
//
// Owner: the cube kernels. Thread safety: re-entrant; the packers split their work over
// oneTBB workers. Failure: none (the caller validates shapes and dtypes: fp32 and fp16
// only; NC1HWC0 here always has C0 = 16).
#pragma once

#include <cstdint>

#include "base/dtype.h"
#include "base/format.h"

namespace asim::kernels {

// A 4-D activation seen as N, C, H, W (C logical; NC1HWC0 stores ceil(C/16) blocks).
struct ActTensor {
  void* data = nullptr;
  DataType dtype = DataType::kFloat;
  Format format = Format::kNchw;  // kNchw (also for ND), kNhwc, kNc1hwc0 or kNc1hwc0C04
  int64_t n = 0, c = 0, h = 0, w = 0;
};

// A filter seen as Cout, Cin/groups, KH, KW.
struct FilterTensor {
  const void* data = nullptr;
  DataType dtype = DataType::kFloat;
  Format format = Format::kNchw;  // kNchw (also for ND), kNhwc, kHwcn, kFractalZ or kFractalZC04
  int64_t cout = 0, cin_g = 0, kh = 0, kw = 0;
};

// Element offset of filter element (co, ci, ky, kx) in `f`'s layout.
int64_t FilterOffset(const FilterTensor& f, int64_t co, int64_t ci, int64_t ky, int64_t kx);

// Channels [c_begin, c_begin + c_count) of `src` into dst [N][ceil(c_count/16)][H+pt+pb]
// [W+pl+pr][16]; padding and missing channels are zero.
void PackActivations(const ActTensor& src, int64_t c_begin, int64_t c_count, int64_t pt, int64_t pb, int64_t pl,
                     int64_t pr, float* dst);

// The blocked fp32 output src [N][ceil(c_count/16)][H][W][16] (N, H, W of `dst`) into
// channels [c_begin, c_begin + c_count) of `dst`. Other channels are left alone.
void UnpackActivations(const float* src, int64_t c_count, const ActTensor& dst, int64_t c_begin);

// Output channels [co_begin, co_begin + co_count) of `f` into the packed layout
// [ocg][c1][kh][kw][16 ci][ob*16 co] (ocg = ceil(ceil(co_count/16)/ob), c1 = ceil(cin_g/16)).
void PackWeights(const FilterTensor& f, int64_t co_begin, int64_t co_count, int64_t ob, float* dst);

// A depthwise filter (cin_g = 1, cout = channels) into [ceil(cout/16)][kh][kw][16].
void PackDepthwiseWeights(const FilterTensor& f, float* dst);

// Bias values [begin, begin + count) as fp32, zero up to `padded`; a null `bias` gives zeros.
void PackBias(const void* bias, DataType dtype, int64_t begin, int64_t count, int64_t padded, float* dst);

}  // namespace asim::kernels
