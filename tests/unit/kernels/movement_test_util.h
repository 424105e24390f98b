// Test support for the movement / shape and AI CPU irregular kernel tests: random tensors
// of any dtype, the dtypes a kernel declares (so every op x engine x dtype is exercised),
// index arithmetic for plain references, byte-exact expectations, and a runner for
// kernels whose output shape is decided by compute (the runtime contract of
// kernels/common/shape/computed_shape.h: allocate the inferred bound, read the dims back).
//
// Owner: the movement / shape kernel family. Thread safety: test-only, single-threaded.
#pragma once

#include <cmath>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "kernels/framework/invoke.h"
#include "tests/unit/kernels/kernel_test_util.h"

namespace asim::kernels::testing {

// The dtypes input `input` of `op`'s kernel on `engine` declares.
inline std::vector<DataType> DeclaredTypes(const std::string& op, Engine engine, size_t input = 0) {
  for (const KernelDef* d : KernelRegistry::Get().Find(op)) {
    if (d->engine == engine) return d->inputs.at(input).dtypes;
  }
  ADD_FAILURE() << op << " has no " << EngineName(engine) << " kernel";
  return {};
}

// Random bytes (movement kernels are byte-exact whatever the bits mean).
inline HostTensor RandomBytes(DataType dtype, std::vector<int64_t> dims, uint32_t seed) {
  HostTensor t = HostTensor::Make(dtype, std::move(dims));
  std::mt19937 gen(seed);
  for (auto& b : t.bytes) b = static_cast<uint8_t>(gen());
  return t;
}

// Like HostTensor::FromFloats / ToFloats, for every numeric storage type (unsigned
// ones included); doubles, so int64 values survive.
// A double as a whole number; narrower integer types then take it modulo 2^bits (a double
// outside the target type's range converted directly would be undefined behaviour).
inline int64_t Whole(double v) {
  return static_cast<int64_t>(v);
}

inline HostTensor Numbers(DataType dtype, std::vector<int64_t> dims, const std::vector<double>& v) {
  HostTensor t = HostTensor::Make(dtype, std::move(dims));
  EXPECT_EQ(static_cast<int64_t>(v.size()), t.spec.ElementCount());
  uint8_t* p = t.bytes.data();
  for (size_t i = 0; i < v.size() && i < static_cast<size_t>(t.spec.ElementCount()); ++i) {
    switch (dtype) {
      case DataType::kFloat: reinterpret_cast<float*>(p)[i] = static_cast<float>(v[i]); break;
      case DataType::kDouble: reinterpret_cast<double*>(p)[i] = v[i]; break;
      case DataType::kFloat16: reinterpret_cast<uint16_t*>(p)[i] = FloatToHalf(static_cast<float>(v[i])); break;
      case DataType::kBf16: reinterpret_cast<uint16_t*>(p)[i] = FloatToBf16(static_cast<float>(v[i])); break;
      case DataType::kInt8: reinterpret_cast<int8_t*>(p)[i] = static_cast<int8_t>(Whole(v[i])); break;
      case DataType::kUint8: reinterpret_cast<uint8_t*>(p)[i] = static_cast<uint8_t>(Whole(v[i])); break;
      case DataType::kBool: reinterpret_cast<uint8_t*>(p)[i] = v[i] != 0; break;
      case DataType::kInt16: reinterpret_cast<int16_t*>(p)[i] = static_cast<int16_t>(Whole(v[i])); break;
      case DataType::kUint16: reinterpret_cast<uint16_t*>(p)[i] = static_cast<uint16_t>(Whole(v[i])); break;
      case DataType::kInt32: reinterpret_cast<int32_t*>(p)[i] = static_cast<int32_t>(Whole(v[i])); break;
      case DataType::kUint32: reinterpret_cast<uint32_t*>(p)[i] = static_cast<uint32_t>(Whole(v[i])); break;
      case DataType::kInt64: reinterpret_cast<int64_t*>(p)[i] = static_cast<int64_t>(v[i]); break;
      case DataType::kUint64: reinterpret_cast<uint64_t*>(p)[i] = static_cast<uint64_t>(v[i]); break;
      default: ADD_FAILURE() << "Numbers: unsupported dtype " << DataTypeName(dtype); return t;
    }
  }
  return t;
}

inline std::vector<double> AsDoubles(const HostTensor& t) {
  std::vector<double> v(static_cast<size_t>(t.spec.ElementCount()));
  const uint8_t* p = t.bytes.data();
  for (size_t i = 0; i < v.size(); ++i) {
    switch (t.spec.dtype) {
      case DataType::kFloat: v[i] = reinterpret_cast<const float*>(p)[i]; break;
      case DataType::kDouble: v[i] = reinterpret_cast<const double*>(p)[i]; break;
      case DataType::kFloat16: v[i] = HalfToFloat(reinterpret_cast<const uint16_t*>(p)[i]); break;
      case DataType::kBf16: v[i] = Bf16ToFloat(reinterpret_cast<const uint16_t*>(p)[i]); break;
      case DataType::kInt8: v[i] = reinterpret_cast<const int8_t*>(p)[i]; break;
      case DataType::kUint8: v[i] = reinterpret_cast<const uint8_t*>(p)[i]; break;
      case DataType::kBool: v[i] = reinterpret_cast<const uint8_t*>(p)[i] != 0; break;
      case DataType::kInt16: v[i] = reinterpret_cast<const int16_t*>(p)[i]; break;
      case DataType::kUint16: v[i] = reinterpret_cast<const uint16_t*>(p)[i]; break;
      case DataType::kInt32: v[i] = reinterpret_cast<const int32_t*>(p)[i]; break;
      case DataType::kUint32: v[i] = reinterpret_cast<const uint32_t*>(p)[i]; break;
      case DataType::kInt64: v[i] = static_cast<double>(reinterpret_cast<const int64_t*>(p)[i]); break;
      case DataType::kUint64: v[i] = static_cast<double>(reinterpret_cast<const uint64_t*>(p)[i]); break;
      default: ADD_FAILURE() << "AsDoubles: unsupported dtype " << DataTypeName(t.spec.dtype); return v;
    }
  }
  return v;
}

// The value `v` stored as `dtype` and read back (what a reference must compare against).
inline double StoredAs(DataType dtype, double v) {
  return AsDoubles(Numbers(dtype, {}, {v}))[0];
}

inline bool IsUnsigned(DataType t) {
  return t == DataType::kUint8 || t == DataType::kUint16 || t == DataType::kUint32 || t == DataType::kUint64;
}

// |a - b| <= atol + rtol * |b| elementwise, with the first mismatches named.
inline ::testing::AssertionResult Near(const std::vector<double>& actual, const std::vector<double>& expected,
                                       double rtol, double atol) {
  if (actual.size() != expected.size()) {
    return ::testing::AssertionFailure() << "size " << actual.size() << " != " << expected.size();
  }
  size_t bad = 0;
  std::string first;
  for (size_t i = 0; i < actual.size(); ++i) {
    if (!(std::fabs(actual[i] - expected[i]) <= atol + rtol * std::fabs(expected[i]))) {
      if (bad++ < 5) {
        first += "\n  [" + std::to_string(i) + "] " + std::to_string(actual[i]) + " vs " + std::to_string(expected[i]);
      }
    }
  }
  if (bad == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << bad << " of " << actual.size() << " differ:" << first;
}

inline HostTensor I64(std::vector<int64_t> dims, const std::vector<int64_t>& v) {
  return HostTensor::FromValues<int64_t>(DataType::kInt64, std::move(dims), v);
}
inline HostTensor I64s(const std::vector<int64_t>& v) {
  return I64({static_cast<int64_t>(v.size())}, v);
}
inline HostTensor Absent() {
  return HostTensor::Make(DataType::kUndefined, {});
}

inline int64_t Count(const std::vector<int64_t>& dims) {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  return n;
}

inline std::vector<int64_t> Unravel(int64_t i, const std::vector<int64_t>& dims) {
  std::vector<int64_t> idx(dims.size());
  for (size_t k = dims.size(); k-- > 0;) {
    idx[k] = i % dims[k];
    i /= dims[k];
  }
  return idx;
}

inline int64_t Ravel(const std::vector<int64_t>& idx, const std::vector<int64_t>& dims) {
  int64_t i = 0;
  for (size_t k = 0; k < dims.size(); ++k) i = i * dims[k] + idx[k];
  return i;
}

// Expected bytes: element i of the output is element src[i] of `in` (-1: zero bytes).
inline std::vector<uint8_t> Gathered(const HostTensor& in, const std::vector<int64_t>& src) {
  const size_t e = DataTypeSize(in.spec.dtype);
  std::vector<uint8_t> out(src.size() * e, 0);
  for (size_t i = 0; i < src.size(); ++i) {
    if (src[i] >= 0) std::memcpy(&out[i * e], &in.bytes[static_cast<size_t>(src[i]) * e], e);
  }
  return out;
}

// Runs `op` on `engine` for every dtype its kernel declares for input 0: `make` builds the
// inputs for a dtype; output 0 must have `dims` and the bytes of input 0 picked by `src`.
inline void ExpectMovesEveryDtype(Engine engine, const std::string& op,
                                  const std::function<std::vector<HostTensor>(DataType)>& make, const AttrMap& attrs,
                                  const std::vector<int64_t>& dims, const std::vector<int64_t>& src) {
  for (DataType dt : DeclaredTypes(op, engine)) {
    const std::vector<HostTensor> inputs = make(dt);
    RunResult r = RunOpOn(engine, op, inputs, attrs);
    ASSERT_TRUE(r.status.ok()) << op << " " << EngineName(engine) << " " << DataTypeName(dt) << ": "
                               << r.status.message();
    ASSERT_EQ(r.outputs[0].spec.dims, dims) << op << " " << DataTypeName(dt);
    EXPECT_EQ(r.outputs[0].spec.dtype, dt);
    EXPECT_TRUE(r.outputs[0].bytes == Gathered(inputs[0], src))
        << op << " " << EngineName(engine) << " " << DataTypeName(dt) << " bytes differ";
  }
}

// For kernels whose output dims are decided by compute: selects on `engine`, allocates
// the inferred bounds, computes, then trims each output to the dims the kernel reported.
inline RunResult RunComputedShape(Engine engine, const std::string& op, const std::vector<HostTensor>& inputs,
                                  const AttrMap& attrs = {}) {
  RunResult result;
  std::vector<KernelDef> defs;
  for (const KernelDef* d : KernelRegistry::Get().Find(op)) {
    if (d->engine == engine) defs.push_back(*d);
  }
  KernelRegistry subset(std::move(defs));
  std::vector<TensorSpec> specs;
  for (const auto& t : inputs) {
    TensorSpec s = t.spec;
    s.host_data = t.constant ? t.bytes.data() : nullptr;
    specs.push_back(s);
  }
  Selection sel;
  result.status = subset.Select(op, specs, attrs, ChipTraits{}, &sel);
  if (!result.status.ok()) return result;
  result.work = sel.work;
  std::vector<HostTensor> in = inputs;
  static uint8_t empty[8];
  KernelContext ctx;
  for (auto& t : in) {
    TensorView v;
    v.spec = t.spec;
    v.data = t.bytes.empty() ? (t.spec.dtype == DataType::kUndefined ? nullptr : empty) : t.bytes.data();
    ctx.inputs.push_back(v);
  }
  for (const auto& s : sel.outputs) result.outputs.push_back(HostTensor::Make(s.dtype, s.dims, s.format));
  for (auto& o : result.outputs) {
    TensorView v;
    v.spec = o.spec;
    v.data = o.bytes.empty() ? empty : o.bytes.data();
    ctx.outputs.push_back(v);
  }
  ctx.attrs = &sel.attrs;
  result.status = kernels::InvokeKernel(*sel.def, ctx);
  for (size_t i = 0; i < result.outputs.size(); ++i) {
    result.outputs[i].spec.dims = ctx.outputs[i].spec.dims;
    result.outputs[i].bytes.resize(result.outputs[i].spec.Bytes());
  }
  return result;
}

}  // namespace asim::kernels::testing
