// Helpers of the single-op conformance suites: device tensors with host copies, tensor
// descriptors, fp16 conversion. Public API only.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "conformance_util.h"

namespace conformance {

// One tensor: its descriptor, a device buffer and its aclDataBuffer.
class DevTensor {
 public:
  DevTensor(aclDataType dtype, std::vector<int64_t> dims, aclFormat format = ACL_FORMAT_ND)
      : dtype_(dtype), dims_(std::move(dims)) {
    desc_ = aclCreateTensorDesc(dtype, static_cast<int>(dims_.size()), dims_.data(), format);
    bytes_ = aclGetTensorDescSize(desc_);
    const size_t alloc = bytes_ == 0 ? 1 : bytes_;
    if (aclrtMalloc(&dev_, alloc, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) dev_ = nullptr;
    buffer_ = aclCreateDataBuffer(dev_, bytes_);
  }
  ~DevTensor() {
    aclDestroyDataBuffer(buffer_);
    aclDestroyTensorDesc(desc_);
    if (dev_ != nullptr) aclrtFree(dev_);
  }
  DevTensor(const DevTensor&) = delete;
  DevTensor& operator=(const DevTensor&) = delete;

  aclTensorDesc* desc() const { return desc_; }
  aclDataBuffer* buffer() const { return buffer_; }
  void* dev() const { return dev_; }
  size_t bytes() const { return bytes_; }
  int64_t count() const {
    int64_t n = 1;
    for (int64_t d : dims_) n *= d;
    return n;
  }

  void Upload(const void* host) const {
    if (bytes_ > 0) {
      ASSERT_EQ(aclrtMemcpy(dev_, bytes_, host, bytes_, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    }
  }
  std::vector<uint8_t> Download() const {
    std::vector<uint8_t> out(bytes_);
    if (bytes_ > 0) {
      EXPECT_EQ(aclrtMemcpy(out.data(), bytes_, dev_, bytes_, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    }
    return out;
  }
  void UploadFloats(const std::vector<float>& values) const {
    if (dtype_ == ACL_FLOAT16) {
      std::vector<aclFloat16> h(values.size());
      for (size_t i = 0; i < values.size(); ++i) h[i] = aclFloatToFloat16(values[i]);
      Upload(h.data());
    } else {
      Upload(values.data());
    }
  }
  std::vector<float> DownloadFloats() const {
    std::vector<uint8_t> raw = Download();
    std::vector<float> out(static_cast<size_t>(count()));
    for (size_t i = 0; i < out.size(); ++i) {
      if (dtype_ == ACL_FLOAT16) {
        aclFloat16 h;
        std::memcpy(&h, raw.data() + 2 * i, 2);
        out[i] = aclFloat16ToFloat(h);
      } else {
        std::memcpy(&out[i], raw.data() + 4 * i, 4);
      }
    }
    return out;
  }

 private:
  aclDataType dtype_;
  std::vector<int64_t> dims_;
  aclTensorDesc* desc_ = nullptr;
  void* dev_ = nullptr;
  size_t bytes_ = 0;
  aclDataBuffer* buffer_ = nullptr;
};

}  // namespace conformance
