// Reference loops (see reference.h). Thread safety and failure: as the header says.
#include "tests/support/test_models/reference.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

#include "base/fp16.h"

namespace asim::testmodels::ref {

std::vector<float> Uniform(size_t n, float lo, float hi, uint32_t seed) {
  std::mt19937 gen(seed);
  std::vector<float> v(n);
  for (auto& x : v) {
    const float unit = static_cast<float>(gen() >> 8) * (1.0f / 16777216.0f);  // [0, 1), 24 bits
    x = lo + (hi - lo) * unit;
  }
  return v;
}

std::vector<float> RoundToHalf(std::vector<float> v) {
  for (auto& x : v) x = HalfToFloat(FloatToHalf(x));
  return v;
}

std::vector<uint8_t> ToBytes(const std::vector<float>& v, DataType dtype) {
  std::vector<uint8_t> bytes(v.size() * DataTypeSize(dtype));
  for (size_t i = 0; i < v.size(); ++i) {
    if (dtype == DataType::kFloat) {
      std::memcpy(bytes.data() + 4 * i, &v[i], 4);
    } else if (dtype == DataType::kFloat16) {
      const uint16_t h = FloatToHalf(v[i]);
      std::memcpy(bytes.data() + 2 * i, &h, 2);
    } else if (dtype == DataType::kInt64) {
      const int64_t x = static_cast<int64_t>(v[i]);
      std::memcpy(bytes.data() + 8 * i, &x, 8);
    }
  }
  return bytes;
}

std::vector<float> FromBytes(const std::vector<uint8_t>& bytes, DataType dtype) {
  const size_t size = DataTypeSize(dtype);
  std::vector<float> v(size == 0 ? 0 : bytes.size() / size);
  for (size_t i = 0; i < v.size(); ++i) {
    if (dtype == DataType::kFloat) {
      std::memcpy(&v[i], bytes.data() + 4 * i, 4);
    } else if (dtype == DataType::kFloat16) {
      uint16_t h = 0;
      std::memcpy(&h, bytes.data() + 2 * i, 2);
      v[i] = HalfToFloat(h);
    } else if (dtype == DataType::kInt64) {
      int64_t x = 0;
      std::memcpy(&x, bytes.data() + 8 * i, 8);
      v[i] = static_cast<float>(x);
    }
  }
  return v;
}

std::vector<uint8_t> Int64Bytes(const std::vector<int64_t>& v) {
  std::vector<uint8_t> bytes(v.size() * 8);
  if (!v.empty()) std::memcpy(bytes.data(), v.data(), bytes.size());
  return bytes;
}

std::vector<float> Add(const std::vector<float>& a, const std::vector<float>& b) {
  std::vector<float> y(a.size());
  for (size_t i = 0; i < a.size(); ++i) y[i] = a[i] + b[i];
  return y;
}

std::vector<float> AddRows(const std::vector<float>& a, const std::vector<float>& b, int64_t cols) {
  std::vector<float> y(a.size());
  for (size_t i = 0; i < a.size(); ++i) y[i] = a[i] + b[i % static_cast<size_t>(cols)];
  return y;
}

std::vector<float> Mul(const std::vector<float>& a, const std::vector<float>& b) {
  std::vector<float> y(a.size());
  for (size_t i = 0; i < a.size(); ++i) y[i] = a[i] * b[i];
  return y;
}

std::vector<float> Relu(std::vector<float> v) {
  for (auto& x : v) x = x > 0.0f ? x : 0.0f;
  return v;
}

std::vector<float> Sigmoid(std::vector<float> v) {
  for (auto& x : v) x = 1.0f / (1.0f + std::exp(-x));
  return v;
}

std::vector<float> Conv2d(const std::vector<float>& x, const std::vector<float>& w, const std::vector<float>& bias,
                          const ConvShape& s) {
  const int64_t oh = s.oh(), ow = s.ow();
  std::vector<float> y(static_cast<size_t>(s.n * s.cout * oh * ow));
  for (int64_t n = 0; n < s.n; ++n) {
    for (int64_t co = 0; co < s.cout; ++co) {
      for (int64_t oy = 0; oy < oh; ++oy) {
        for (int64_t ox = 0; ox < ow; ++ox) {
          double acc = bias.empty() ? 0.0 : bias[static_cast<size_t>(co)];
          for (int64_t ci = 0; ci < s.c; ++ci) {
            for (int64_t ky = 0; ky < s.kh; ++ky) {
              for (int64_t kx = 0; kx < s.kw; ++kx) {
                const int64_t iy = oy * s.stride - s.pad + ky, ix = ox * s.stride - s.pad + kx;
                if (iy < 0 || iy >= s.h || ix < 0 || ix >= s.w) continue;
                acc += static_cast<double>(x[static_cast<size_t>(((n * s.c + ci) * s.h + iy) * s.w + ix)]) *
                       w[static_cast<size_t>(((co * s.c + ci) * s.kh + ky) * s.kw + kx)];
              }
            }
          }
          y[static_cast<size_t>(((n * s.cout + co) * oh + oy) * ow + ox)] = static_cast<float>(acc);
        }
      }
    }
  }
  return y;
}

std::vector<float> MaxPool(const std::vector<float>& x, int64_t n, int64_t c, int64_t h, int64_t w, int64_t k) {
  const int64_t oh = h / k, ow = w / k;
  std::vector<float> y(static_cast<size_t>(n * c * oh * ow));
  for (int64_t p = 0; p < n * c; ++p) {
    for (int64_t oy = 0; oy < oh; ++oy) {
      for (int64_t ox = 0; ox < ow; ++ox) {
        float m = -INFINITY;
        for (int64_t ky = 0; ky < k; ++ky) {
          for (int64_t kx = 0; kx < k; ++kx) {
            m = std::max(m, x[static_cast<size_t>((p * h + oy * k + ky) * w + ox * k + kx)]);
          }
        }
        y[static_cast<size_t>((p * oh + oy) * ow + ox)] = m;
      }
    }
  }
  return y;
}

std::vector<float> GlobalAvgPool(const std::vector<float>& x, int64_t n, int64_t c, int64_t h, int64_t w) {
  std::vector<float> y(static_cast<size_t>(n * c));
  for (int64_t p = 0; p < n * c; ++p) {
    double sum = 0;
    for (int64_t i = 0; i < h * w; ++i) sum += x[static_cast<size_t>(p * h * w + i)];
    y[static_cast<size_t>(p)] = static_cast<float>(sum / static_cast<double>(h * w));
  }
  return y;
}

std::vector<float> MatMul(const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& bias,
                          int64_t m, int64_t k, int64_t n) {
  std::vector<float> y(static_cast<size_t>(m * n));
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      double acc = bias.empty() ? 0.0 : bias[static_cast<size_t>(j)];
      for (int64_t p = 0; p < k; ++p) {
        acc += static_cast<double>(a[static_cast<size_t>(i * k + p)]) * b[static_cast<size_t>(p * n + j)];
      }
      y[static_cast<size_t>(i * n + j)] = static_cast<float>(acc);
    }
  }
  return y;
}

std::vector<float> Softmax(const std::vector<float>& x, int64_t rows, int64_t cols) {
  std::vector<float> y(x.size());
  for (int64_t r = 0; r < rows; ++r) {
    const float* in = x.data() + r * cols;
    const float m = *std::max_element(in, in + cols);
    double sum = 0;
    for (int64_t j = 0; j < cols; ++j) sum += std::exp(static_cast<double>(in[j] - m));
    for (int64_t j = 0; j < cols; ++j) {
      y[static_cast<size_t>(r * cols + j)] = static_cast<float>(std::exp(static_cast<double>(in[j] - m)) / sum);
    }
  }
  return y;
}

}  // namespace asim::testmodels::ref
