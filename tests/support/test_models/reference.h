// Plain reference computations for the test models: straightforward loops over NCHW /
// row-major float data, written independently of the kernels (they never call them), plus
// deterministic data and host-byte conversions.
//
// fp16 models are referenced in fp32 arithmetic with the values rounded to fp16 where the
// model stores fp16 (RoundToHalf), so the comparison tolerance only has to cover
// summation order and one rounding step.
// Thread safety: pure functions. Failure: none (sizes are the caller's responsibility).
#pragma once

#include <cstdint>
#include <vector>

#include "base/dtype.h"

namespace asim::testmodels::ref {

// Uniform values in [lo, hi) from a seeded mt19937 (the same on every platform).
std::vector<float> Uniform(size_t n, float lo, float hi, uint32_t seed);
// Every value rounded to the nearest fp16 (ties to even) and back.
std::vector<float> RoundToHalf(std::vector<float> v);
// Host bytes of `v` as `dtype` (DT_FLOAT, DT_FLOAT16, DT_INT64 supported) and back.
std::vector<uint8_t> ToBytes(const std::vector<float>& v, DataType dtype);
std::vector<float> FromBytes(const std::vector<uint8_t>& bytes, DataType dtype);
std::vector<uint8_t> Int64Bytes(const std::vector<int64_t>& v);

std::vector<float> Add(const std::vector<float>& a, const std::vector<float>& b);
// a [rows, cols] + b [cols] (broadcast over rows)
std::vector<float> AddRows(const std::vector<float>& a, const std::vector<float>& b, int64_t cols);
std::vector<float> Mul(const std::vector<float>& a, const std::vector<float>& b);
std::vector<float> Relu(std::vector<float> v);
std::vector<float> Sigmoid(std::vector<float> v);

// x [n, c, h, w] conv w [cout, c, kh, kw] (+ bias [cout], may be empty), symmetric pad,
// stride 1 or more, no dilation or groups -> [n, cout, oh, ow].
struct ConvShape {
  int64_t n, c, h, w, cout, kh, kw, pad, stride;
  int64_t oh() const { return (h + 2 * pad - kh) / stride + 1; }
  int64_t ow() const { return (w + 2 * pad - kw) / stride + 1; }
};
std::vector<float> Conv2d(const std::vector<float>& x, const std::vector<float>& w, const std::vector<float>& bias,
                          const ConvShape& s);
// Max pooling with a k x k window, stride k, no padding: [n, c, h, w] -> [n, c, h/k, w/k].
std::vector<float> MaxPool(const std::vector<float>& x, int64_t n, int64_t c, int64_t h, int64_t w, int64_t k);
// Mean over h x w: [n, c, h, w] -> [n, c].
std::vector<float> GlobalAvgPool(const std::vector<float>& x, int64_t n, int64_t c, int64_t h, int64_t w);
// a [m, k] x b [k, n] (+ bias [n], may be empty) -> [m, n].
std::vector<float> MatMul(const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& bias,
                          int64_t m, int64_t k, int64_t n);
// Softmax over each row of [rows, cols].
std::vector<float> Softmax(const std::vector<float>& x, int64_t rows, int64_t cols);

}  // namespace asim::testmodels::ref
