// HostBuffer: bytes in host memory owned by a received tdt item or a queue buffer,
// 64-byte aligned like aclrtMallocHost memory.
//
// Owns: the allocation (freed by the unique_ptr). Owner: runtime/tdt.
// Thread safety: a value type; one buffer is not synchronized.
// Failure: AllocateHostBuffer throws std::bad_alloc (the API shims turn it into
// ACL_ERROR_BAD_ALLOC); size 0 gives an empty buffer whose data() is nullptr.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

namespace asim::tdt {

struct AlignedFree {
  void operator()(uint8_t* p) const;
};

class HostBuffer {
 public:
  static constexpr size_t kAlignment = 64;

  HostBuffer() = default;
  // Uninitialised bytes (like aclrtMallocHost).
  explicit HostBuffer(size_t size);

  uint8_t* data() const { return bytes_.get(); }
  size_t size() const { return size_; }

 private:
  std::unique_ptr<uint8_t, AlignedFree> bytes_;
  size_t size_ = 0;
};

}  // namespace asim::tdt
