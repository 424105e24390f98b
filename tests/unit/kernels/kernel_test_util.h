// Test support for kernels: host tensors, running an op through the registry exactly as the
// runtime will (select -> infer shape -> allocate -> compute), and comparisons.
//
// Every kernel test compares against a plain reference written in the test itself.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <initializer_list>
#include <random>
#include <string>
#include <vector>

#include "base/fp16.h"
#include "kernels/framework/registry.h"

namespace asim::kernels::testing {

// A tensor with its own bytes.
struct HostTensor {
  TensorSpec spec;
  std::vector<uint8_t> bytes;

  static HostTensor Make(DataType dtype, std::vector<int64_t> dims, Format format = Format::kNd) {
    HostTensor t;
    t.spec.dtype = dtype;
    t.spec.format = format;
    t.spec.dims = std::move(dims);
    t.bytes.assign(t.spec.Bytes(), 0);
    return t;
  }
  // From float values, converted to `dtype` (fp16/bf16 rounded to nearest even).
  static HostTensor FromFloats(DataType dtype, std::vector<int64_t> dims, const std::vector<float>& values);
  template <typename T>
  static HostTensor FromValues(DataType dtype, std::vector<int64_t> dims, const std::vector<T>& values) {
    HostTensor t = Make(dtype, std::move(dims));
    EXPECT_EQ(values.size() * sizeof(T), t.bytes.size());
    const size_t n = std::min(t.bytes.size(), values.size() * sizeof(T));
    if (n != 0) std::memcpy(t.bytes.data(), values.data(), n);  // memcpy(NULL, NULL, 0) is UB
    return t;
  }
  // Values widened to float (fp32, fp16, bf16, double, integer types).
  std::vector<float> ToFloats() const;
  template <typename T>
  std::vector<T> Values() const {
    std::vector<T> v(bytes.size() / sizeof(T));
    if (!v.empty()) std::memcpy(v.data(), bytes.data(), v.size() * sizeof(T));
    return v;
  }
  // Marks the tensor's contents as known at selection time (shape inputs).
  HostTensor& AsConstant() {
    constant = true;
    return *this;
  }
  bool constant = false;
};

// Uniform random floats in [lo, hi), reproducible per seed.
std::vector<float> RandomFloats(size_t n, float lo, float hi, uint32_t seed);

struct RunResult {
  Status status;
  const KernelDef* def = nullptr;  // the kernel selection chose
  std::vector<HostTensor> outputs;
  WorkDesc work;
  std::vector<FormatConversion> conversions;  // TransData run on the inputs first (already applied)
};

// Selects a kernel for `op` (optionally only on `engine`), runs the input format
// conversions the selection asks for (TransData), infers shapes, allocates outputs and a
// workspace, runs compute. Outputs stay in the format the kernel produces.
RunResult RunOp(const std::string& op, const std::vector<HostTensor>& inputs, const AttrMap& attrs = {},
                const ChipTraits& chip = {});
RunResult RunOpOn(Engine engine, const std::string& op, const std::vector<HostTensor>& inputs,
                  const AttrMap& attrs = {}, const ChipTraits& chip = {});

// Elementwise |a - b| <= atol + rtol * |b| with the first few mismatches reported.
::testing::AssertionResult AllClose(const std::vector<float>& actual, const std::vector<float>& expected, float rtol,
                                    float atol);

// Tolerances used across the kernel tests: fp32 results must match a float reference to
// ~1e-5 relative; fp16 results (fp16 storage, fp32 arithmetic) to ~1e-3 relative.
inline constexpr float kFp32Rtol = 1e-5f, kFp32Atol = 1e-6f;
inline constexpr float kFp16Rtol = 2e-3f, kFp16Atol = 1e-3f;

// An attribute map from {name, value} pairs, for kernel calls in tests.
inline AttrMap Attrs(std::initializer_list<std::pair<const char*, AttrValue>> kv) {
  AttrMap m;
  for (const auto& [k, v] : kv) m.Set(k, v);
  return m;
}

}  // namespace asim::kernels::testing
