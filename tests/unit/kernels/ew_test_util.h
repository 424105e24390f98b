// Test support for the activation, elementwise, reduction, normalisation and pooling
// kernel tests: tensors of any numeric dtype built from and read back as doubles (exact
// for every integer type and for double), random values already representable in the
// dtype (so a reference computed from them sees exactly what the kernel sees), per-dtype
// tolerances, numpy broadcasting index arithmetic for plain references, and a runner that
// checks a unary op against a reference over several shapes.
//
// Tolerances (|actual - expected| <= atol + rtol * |expected|, expected in double):
//   fp32 1e-5 / 1e-5, fp16 2e-3 / 2e-3 (fp16 storage, fp32 arithmetic), bf16 1e-2 / 1e-2,
//   double 1e-10 / 1e-12, integers and bool exact.
// Owner: the activation / elementwise / reduction / normalisation / pooling families.
// Thread safety: test-only, single-threaded. Failure: ADD_FAILURE / EXPECT for dtypes it
// cannot read or write and for value counts that do not match a shape.
#pragma once

#include <cmath>
#include <cstring>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "tests/unit/kernels/kernel_test_util.h"

namespace asim::kernels::testing::ew {

inline int64_t Numel(const std::vector<int64_t>& dims) {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  return n;
}

inline bool IsFloat(DataType dt) {
  return dt == DataType::kFloat || dt == DataType::kFloat16 || dt == DataType::kBf16 || dt == DataType::kDouble;
}

// Element i of `t` as a double (exact for integers up to 2^53 and for double).
inline double ReadAt(const HostTensor& t, size_t i) {
  const uint8_t* p = t.bytes.data();
  switch (t.spec.dtype) {
    case DataType::kFloat: return reinterpret_cast<const float*>(p)[i];
    case DataType::kFloat16: return HalfToFloat(reinterpret_cast<const uint16_t*>(p)[i]);
    case DataType::kBf16: return Bf16ToFloat(reinterpret_cast<const uint16_t*>(p)[i]);
    case DataType::kDouble: return reinterpret_cast<const double*>(p)[i];
    case DataType::kInt8: return reinterpret_cast<const int8_t*>(p)[i];
    case DataType::kInt16: return reinterpret_cast<const int16_t*>(p)[i];
    case DataType::kInt32: return reinterpret_cast<const int32_t*>(p)[i];
    case DataType::kInt64: return static_cast<double>(reinterpret_cast<const int64_t*>(p)[i]);
    case DataType::kUint8: return reinterpret_cast<const uint8_t*>(p)[i];
    case DataType::kUint16: return reinterpret_cast<const uint16_t*>(p)[i];
    case DataType::kUint32: return reinterpret_cast<const uint32_t*>(p)[i];
    case DataType::kUint64: return static_cast<double>(reinterpret_cast<const uint64_t*>(p)[i]);
    case DataType::kBool: return p[i] != 0 ? 1.0 : 0.0;
    default: ADD_FAILURE() << "ReadAt: unsupported dtype " << DataTypeName(t.spec.dtype); return 0;
  }
}

inline std::vector<double> Read(const HostTensor& t) {
  std::vector<double> v(static_cast<size_t>(t.spec.ElementCount()));
  for (size_t i = 0; i < v.size(); ++i) v[i] = ReadAt(t, i);
  return v;
}

// Writes `v` into element i: floats round to nearest; integers take the integral value
// modulo 2^bits (two's complement wrap, what the kernels do on overflow).
inline void WriteAt(HostTensor* t, size_t i, double v) {
  uint8_t* p = t->bytes.data();
  const int64_t w = std::isfinite(v) && std::fabs(v) < 9.2e18 ? static_cast<int64_t>(v) : 0;
  switch (t->spec.dtype) {
    case DataType::kFloat: reinterpret_cast<float*>(p)[i] = static_cast<float>(v); break;
    case DataType::kFloat16: reinterpret_cast<uint16_t*>(p)[i] = FloatToHalf(static_cast<float>(v)); break;
    case DataType::kBf16: reinterpret_cast<uint16_t*>(p)[i] = FloatToBf16(static_cast<float>(v)); break;
    case DataType::kDouble: reinterpret_cast<double*>(p)[i] = v; break;
    case DataType::kInt8: reinterpret_cast<int8_t*>(p)[i] = static_cast<int8_t>(w); break;
    case DataType::kInt16: reinterpret_cast<int16_t*>(p)[i] = static_cast<int16_t>(w); break;
    case DataType::kInt32: reinterpret_cast<int32_t*>(p)[i] = static_cast<int32_t>(w); break;
    case DataType::kInt64: reinterpret_cast<int64_t*>(p)[i] = w; break;
    case DataType::kUint8: reinterpret_cast<uint8_t*>(p)[i] = static_cast<uint8_t>(w); break;
    case DataType::kUint16: reinterpret_cast<uint16_t*>(p)[i] = static_cast<uint16_t>(w); break;
    case DataType::kUint32: reinterpret_cast<uint32_t*>(p)[i] = static_cast<uint32_t>(w); break;
    case DataType::kUint64: reinterpret_cast<uint64_t*>(p)[i] = static_cast<uint64_t>(w); break;
    case DataType::kBool: p[i] = v != 0 ? 1 : 0; break;
    default: ADD_FAILURE() << "WriteAt: unsupported dtype " << DataTypeName(t->spec.dtype);
  }
}

inline HostTensor Tensor(DataType dt, std::vector<int64_t> dims, const std::vector<double>& v,
                         Format format = Format::kNd) {
  HostTensor t = HostTensor::Make(dt, std::move(dims), format);
  EXPECT_EQ(static_cast<int64_t>(v.size()), t.spec.ElementCount()) << "value count does not match the shape";
  for (size_t i = 0; i < v.size() && i < static_cast<size_t>(t.spec.ElementCount()); ++i) WriteAt(&t, i, v[i]);
  return t;
}

inline HostTensor Scalar(DataType dt, double v) {
  return Tensor(dt, {}, {v});
}
inline HostTensor Absent() {
  return HostTensor::Make(DataType::kUndefined, {});
}
inline HostTensor I64s(const std::vector<int64_t>& v) {
  return HostTensor::FromValues<int64_t>(DataType::kInt64, {static_cast<int64_t>(v.size())}, v);
}

// Random values in [lo, hi] (integers: uniform integers; bool: 0 / 1), rounded to `dt`;
// with `integral`, floats get whole numbers too (so comparisons meet equal values).
inline HostTensor Random(DataType dt, std::vector<int64_t> dims, double lo, double hi, uint32_t seed,
                         Format format = Format::kNd, bool integral = false) {
  HostTensor t = HostTensor::Make(dt, std::move(dims), format);
  std::mt19937 gen(seed);
  const size_t n = static_cast<size_t>(t.spec.ElementCount());
  for (size_t i = 0; i < n; ++i) {
    double v;
    if (dt == DataType::kBool) {
      v = static_cast<double>(gen() & 1u);
    } else if (IsFloat(dt) && !integral) {
      v = std::uniform_real_distribution<double>(lo, hi)(gen);
    } else {
      v = static_cast<double>(
          std::uniform_int_distribution<int64_t>(static_cast<int64_t>(lo), static_cast<int64_t>(hi))(gen));
    }
    WriteAt(&t, i, v);
  }
  return t;
}

struct Tol {
  double rtol = 0, atol = 0;
};

inline Tol TolFor(DataType dt) {
  switch (dt) {
    case DataType::kFloat: return {1e-5, 1e-5};
    case DataType::kFloat16: return {2e-3, 2e-3};
    case DataType::kBf16: return {1e-2, 1e-2};
    case DataType::kDouble: return {1e-10, 1e-12};
    default: return {0, 0};
  }
}

inline ::testing::AssertionResult Near(const std::vector<double>& actual, const std::vector<double>& expected,
                                       Tol tol) {
  if (actual.size() != expected.size()) {
    return ::testing::AssertionFailure() << "size " << actual.size() << " != expected " << expected.size();
  }
  std::ostringstream os;
  size_t bad = 0;
  for (size_t i = 0; i < actual.size(); ++i) {
    const double a = actual[i], e = expected[i];
    if (std::isnan(a) && std::isnan(e)) continue;
    if (std::isinf(a) && std::isinf(e) && (a > 0) == (e > 0)) continue;
    if (!(std::fabs(a - e) <= tol.atol + tol.rtol * std::fabs(e))) {
      if (bad < 5) os << "\n  [" << i << "] " << a << " vs expected " << e;
      ++bad;
    }
  }
  if (bad == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << bad << " of " << actual.size() << " elements differ:" << os.str();
}

// Expected values rounded to `dt` first (so integer outputs compare exactly).
inline std::vector<double> RoundTo(DataType dt, const std::vector<double>& v) {
  if (dt == DataType::kDouble) return v;
  HostTensor t = HostTensor::Make(dt, {static_cast<int64_t>(v.size())});
  for (size_t i = 0; i < v.size(); ++i) WriteAt(&t, i, v[i]);
  return Read(t);
}

// numpy broadcast of two shapes (test reference; assumes they broadcast).
inline std::vector<int64_t> BroadcastShape(const std::vector<int64_t>& a, const std::vector<int64_t>& b) {
  const size_t r = std::max(a.size(), b.size());
  std::vector<int64_t> out(r, 1);
  for (size_t i = 0; i < r; ++i) {
    const int64_t da = i < r - a.size() ? 1 : a[i - (r - a.size())];
    const int64_t db = i < r - b.size() ? 1 : b[i - (r - b.size())];
    out[i] = da == 1 ? db : da;
  }
  return out;
}

// Linear index into a tensor of `in` dims of the element broadcast to output element
// `linear` of `out` dims.
inline int64_t BroadcastIndex(const std::vector<int64_t>& out, const std::vector<int64_t>& in, int64_t linear) {
  int64_t idx = 0, stride = 1;
  for (size_t k = 0; k < out.size(); ++k) {
    const size_t d = out.size() - 1 - k;
    const int64_t coord = linear % out[d];
    linear /= out[d];
    if (k < in.size()) {
      const int64_t size = in[in.size() - 1 - k];
      if (size != 1) idx += coord * stride;
      stride *= size;
    }
  }
  return idx;
}

// The dtypes input `input` of `op`'s kernel on `engine` declares.
inline std::vector<DataType> Declared(const std::string& op, Engine engine, size_t input = 0) {
  for (const KernelDef* d : KernelRegistry::Get().Find(op)) {
    if (d->engine == engine) return d->inputs.at(input).dtypes;
  }
  ADD_FAILURE() << op << " has no " << EngineName(engine) << " kernel";
  return {};
}

inline std::string Label(const std::string& op, Engine engine, DataType dt, const std::vector<int64_t>& dims) {
  return op + " " + EngineName(engine) + " " + DataTypeName(dt) + " " + DimsToString(dims);
}

// Runs a unary op on `engine` for `dt` over several shapes (odd sizes, empty, scalar, one
// large enough to split across threads) and compares with ref(x) computed in double.
inline void CheckUnary(const std::string& op, Engine engine, DataType dt, const AttrMap& attrs,
                       const std::function<double(double)>& ref, double lo, double hi,
                       DataType out_dt = DataType::kUndefined) {
  const std::vector<std::vector<int64_t>> shapes = {{3, 7, 5}, {0, 4}, {}, {1}, {2, 1, 33}, {3, 20011}};
  uint32_t seed = 11;
  for (const auto& dims : shapes) {
    SCOPED_TRACE(Label(op, engine, dt, dims));
    HostTensor x = Random(dt, dims, lo, hi, seed++);
    RunResult r = RunOpOn(engine, op, {x}, attrs);
    ASSERT_TRUE(r.status.ok()) << r.status.message();
    ASSERT_EQ(r.def->engine, engine);
    ASSERT_EQ(r.outputs.size(), 1u);
    const DataType odt = out_dt == DataType::kUndefined ? dt : out_dt;
    EXPECT_EQ(r.outputs[0].spec.dtype, odt);
    EXPECT_EQ(r.outputs[0].spec.dims, dims);
    std::vector<double> expected;
    for (double v : Read(x)) expected.push_back(ref(v));
    if (!IsFloat(odt)) expected = RoundTo(odt, expected);
    EXPECT_TRUE(Near(Read(r.outputs[0]), expected, TolFor(odt)));
  }
}

}  // namespace asim::kernels::testing::ew
