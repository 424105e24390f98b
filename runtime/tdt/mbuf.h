// Mbuf: the object behind acltdtBuf — a shared buffer for tdt queues: a data area with a
// valid-data length, a 96-byte private (user) data area, and an optional chain of further
// buffers appended to it.
//
// The simulator keeps buffer memory in host memory the application can write directly
// (like the shared buffer pool of a board in device run mode). CopyRef makes a second
// header over the same data area. A chain belongs to its head: appended buffers are reached
// through the head and go wherever the head goes (into a queue, back out, freed).
// Ownership: shared_ptr; the data area is shared by every reference copy. Owner: runtime/tdt.
// Thread safety: none per buffer (one thread uses a buffer at a time, as in AscendCL).
// Failure: Status kInvalidParam with the violated limit.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "base/status.h"
#include "runtime/tdt/host_buffer.h"
#include "runtime/tdt/tdt_codes.h"

namespace asim::tdt {

class Mbuf {
 public:
  // A buffer of `capacity` bytes (uninitialised) with valid length 0.
  static std::shared_ptr<Mbuf> Allocate(size_t capacity);
  // A new header over the same data area, with this buffer's length and user data (the
  // chain is not copied).
  std::shared_ptr<Mbuf> CopyRef() const;
  // CopyRef of this buffer and of every buffer chained to it (queue routes fan out so).
  std::shared_ptr<Mbuf> CopyChainRef() const;

  uint8_t* data() const { return data_->data(); }
  size_t capacity() const { return data_->size(); }
  size_t data_len() const { return data_len_; }
  Status SetDataLen(size_t len);

  Status SetUserData(const void* src, size_t size, size_t offset);
  Status GetUserData(void* dst, size_t size, size_t offset) const;

  // Appends `buf` (a buffer with no chain of its own, not in a chain) to this head's chain.
  Status Append(const std::shared_ptr<Mbuf>& buf);
  size_t ChainLength() const { return 1 + chain_.size(); }  // this buffer included
  Mbuf* ChainAt(size_t index);                              // 0 is this buffer; nullptr past the end
  const std::vector<std::shared_ptr<Mbuf>>& chain() const { return chain_; }
  const Mbuf* head() const { return head_; }  // the head this buffer was appended to, or nullptr
  // Valid bytes of this buffer and its chain, in order.
  size_t ChainDataLen() const;

 private:
  static Status CheckUserRange(size_t size, size_t offset);

  std::shared_ptr<HostBuffer> data_;
  size_t data_len_ = 0;
  std::array<uint8_t, kUserDataSize> user_{};
  std::vector<std::shared_ptr<Mbuf>> chain_;
  const Mbuf* head_ = nullptr;
};

}  // namespace asim::tdt
