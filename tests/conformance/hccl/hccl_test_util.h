// Shared helpers of the HCCL conformance suites: public headers only (acl/, hccl/).
//
// HcclRanks: n ranks of one process (HcclCommInitAll on devices 0..n-1), one stream each, and
// typed device buffers. The environment (hccl_environment.cpp) sets 8 simulated Ascend910B2
// devices and a short HCCL_EXEC_TIMEOUT before aclInit.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "hccl/hccl.h"

namespace hccl_test {

inline constexpr uint32_t kDevices = 8;
inline constexpr int kExecTimeoutSeconds = 2;

#define ASSERT_HCCL_OK(expr) ASSERT_EQ((expr), HCCL_SUCCESS) << #expr
#define EXPECT_HCCL_OK(expr) EXPECT_EQ((expr), HCCL_SUCCESS) << #expr
#define ASSERT_ACL_SUCCESS(expr) ASSERT_EQ((expr), ACL_SUCCESS) << #expr

class HcclRanks {
 public:
  explicit HcclRanks(uint32_t n) : n_(n), comms_(n, nullptr), streams_(n, nullptr) {
    std::vector<int32_t> devices(n);
    for (uint32_t i = 0; i < n; ++i) devices[i] = static_cast<int32_t>(i);
    for (uint32_t i = 0; i < n; ++i) {
      EXPECT_EQ(aclrtSetDevice(static_cast<int32_t>(i)), ACL_SUCCESS);
      EXPECT_EQ(aclrtCreateStream(&streams_[i]), ACL_SUCCESS);
    }
    EXPECT_EQ(HcclCommInitAll(n, devices.data(), comms_.data()), HCCL_SUCCESS);
  }
  ~HcclRanks() {
    for (uint32_t i = 0; i < n_; ++i) {
      aclrtSetDevice(static_cast<int32_t>(i));
      if (streams_[i] != nullptr) {
        aclrtSynchronizeStream(streams_[i]);
        aclrtDestroyStream(streams_[i]);
      }
      if (comms_[i] != nullptr) HcclCommDestroy(comms_[i]);
    }
    for (void* p : buffers_) aclrtFree(p);
  }
  HcclRanks(const HcclRanks&) = delete;
  HcclRanks& operator=(const HcclRanks&) = delete;

  uint32_t size() const { return n_; }
  HcclComm comm(uint32_t r) const { return comms_[r]; }
  aclrtStream stream(uint32_t r) const { return streams_[r]; }
  void ForgetComm(uint32_t r) { comms_[r] = nullptr; }

  // Makes rank r's device (the context of its stream) current in the calling thread: work
  // on a stream needs the stream's context current (ACL_ERROR_RT_STREAM_CONTEXT otherwise).
  void Use(uint32_t r) { EXPECT_EQ(aclrtSetDevice(static_cast<int32_t>(r)), ACL_SUCCESS); }

  // Device memory of rank r's device, freed with the ranks.
  void* Alloc(uint32_t r, size_t bytes) {
    EXPECT_EQ(aclrtSetDevice(static_cast<int32_t>(r)), ACL_SUCCESS);
    void* p = nullptr;
    EXPECT_EQ(aclrtMalloc(&p, bytes == 0 ? 1 : bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    buffers_.push_back(p);
    return p;
  }
  void* AllocWith(uint32_t r, const std::vector<uint8_t>& host) {
    void* p = Alloc(r, host.size());
    if (!host.empty()) {
      EXPECT_EQ(aclrtMemcpy(p, host.size(), host.data(), host.size(), ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    }
    return p;
  }
  static std::vector<uint8_t> Read(const void* dev, size_t bytes) {
    std::vector<uint8_t> host(bytes);
    if (bytes != 0) {
      EXPECT_EQ(aclrtMemcpy(host.data(), bytes, dev, bytes, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    }
    return host;
  }
  // Synchronizes every rank's stream; returns their results.
  std::vector<aclError> SyncAll() {
    std::vector<aclError> rc(n_);
    for (uint32_t i = 0; i < n_; ++i) rc[i] = aclrtSynchronizeStream(streams_[i]);
    return rc;
  }
  void ExpectAllOk() {
    const std::vector<aclError> rc = SyncAll();
    for (uint32_t i = 0; i < n_; ++i) EXPECT_EQ(rc[i], ACL_SUCCESS) << "rank " << i;
  }

 private:
  uint32_t n_;
  std::vector<HcclComm> comms_;
  std::vector<aclrtStream> streams_;
  std::vector<void*> buffers_;
};

// ---- element types: small integer values, exactly representable in every type ----------------

inline size_t ElementSize(HcclDataType t) {
  switch (t) {
    case HCCL_DATA_TYPE_INT8:
    case HCCL_DATA_TYPE_UINT8: return 1;
    case HCCL_DATA_TYPE_INT16:
    case HCCL_DATA_TYPE_UINT16:
    case HCCL_DATA_TYPE_FP16:
    case HCCL_DATA_TYPE_BFP16: return 2;
    case HCCL_DATA_TYPE_INT32:
    case HCCL_DATA_TYPE_UINT32:
    case HCCL_DATA_TYPE_FP32: return 4;
    case HCCL_DATA_TYPE_INT64:
    case HCCL_DATA_TYPE_UINT64:
    case HCCL_DATA_TYPE_FP64: return 8;
    case HCCL_DATA_TYPE_INT128: return 16;
    default: return 0;
  }
}

inline bool IsUnsigned(HcclDataType t) {
  return t == HCCL_DATA_TYPE_UINT8 || t == HCCL_DATA_TYPE_UINT16 || t == HCCL_DATA_TYPE_UINT32 ||
         t == HCCL_DATA_TYPE_UINT64;
}

// Stores integer value v (|v| small) as one element of type t at p.
inline void Store(HcclDataType t, uint8_t* p, int64_t v) {
  switch (t) {
    case HCCL_DATA_TYPE_FP16: {
      const aclFloat16 h = aclFloatToFloat16(static_cast<float>(v));
      std::memcpy(p, &h, 2);
      return;
    }
    case HCCL_DATA_TYPE_BFP16: {
      const float f = static_cast<float>(v);  // small integers: the top 16 bits are exact
      uint32_t bits;
      std::memcpy(&bits, &f, 4);
      const uint16_t b = static_cast<uint16_t>(bits >> 16);
      std::memcpy(p, &b, 2);
      return;
    }
    case HCCL_DATA_TYPE_FP32: {
      const float f = static_cast<float>(v);
      std::memcpy(p, &f, 4);
      return;
    }
    case HCCL_DATA_TYPE_FP64: {
      const double d = static_cast<double>(v);
      std::memcpy(p, &d, 8);
      return;
    }
    case HCCL_DATA_TYPE_INT128: {
      const int64_t lo = v, hi = v < 0 ? -1 : 0;  // little-endian two's complement
      std::memcpy(p, &lo, 8);
      std::memcpy(p + 8, &hi, 8);
      return;
    }
    default: {
      // Integers: the low bytes of the two's complement value (wraps like the type).
      const uint64_t u = static_cast<uint64_t>(v);
      std::memcpy(p, &u, ElementSize(t));
      return;
    }
  }
}

inline std::vector<uint8_t> Encode(HcclDataType t, const std::vector<int64_t>& values) {
  std::vector<uint8_t> out(values.size() * ElementSize(t));
  for (size_t i = 0; i < values.size(); ++i) Store(t, out.data() + i * ElementSize(t), values[i]);
  return out;
}

inline int64_t Apply(HcclReduceOp op, int64_t a, int64_t b) {
  switch (op) {
    case HCCL_REDUCE_SUM: return a + b;
    case HCCL_REDUCE_PROD: return a * b;
    case HCCL_REDUCE_MAX: return a > b ? a : b;
    case HCCL_REDUCE_MIN: return a < b ? a : b;
    default: return 0;
  }
}

// Rank r's input element i: small values (1..3, or -3..3 without 0 for signed types), so that a
// product over 4 ranks stays exact in every type.
inline int64_t Value(HcclDataType t, uint32_t r, size_t i) {
  const int64_t v = static_cast<int64_t>((r * 7 + i * 3) % 3) + 1;
  if (IsUnsigned(t)) return v;
  return ((r + i) % 2 == 0) ? v : -v;
}

inline const HcclDataType kAllTypes[] = {
    HCCL_DATA_TYPE_INT8,  HCCL_DATA_TYPE_INT16,  HCCL_DATA_TYPE_INT32, HCCL_DATA_TYPE_FP16,   HCCL_DATA_TYPE_FP32,
    HCCL_DATA_TYPE_INT64, HCCL_DATA_TYPE_UINT64, HCCL_DATA_TYPE_UINT8, HCCL_DATA_TYPE_UINT16, HCCL_DATA_TYPE_UINT32,
    HCCL_DATA_TYPE_FP64,  HCCL_DATA_TYPE_BFP16,  HCCL_DATA_TYPE_INT128};
inline const HcclReduceOp kAllOps[] = {HCCL_REDUCE_SUM, HCCL_REDUCE_PROD, HCCL_REDUCE_MAX, HCCL_REDUCE_MIN};

}  // namespace hccl_test
