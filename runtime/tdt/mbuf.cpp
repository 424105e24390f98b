// Mbuf: queue buffers, user data and chains (see mbuf.h).
#include "runtime/tdt/mbuf.h"

#include <cstring>
#include <string>

namespace asim::tdt {

std::shared_ptr<Mbuf> Mbuf::Allocate(size_t capacity) {
  auto buf = std::make_shared<Mbuf>();
  buf->data_ = std::make_shared<HostBuffer>(capacity);
  return buf;
}

std::shared_ptr<Mbuf> Mbuf::CopyRef() const {
  auto buf = std::make_shared<Mbuf>();
  buf->data_ = data_;
  buf->data_len_ = data_len_;
  buf->user_ = user_;
  return buf;
}

std::shared_ptr<Mbuf> Mbuf::CopyChainRef() const {
  auto head = CopyRef();
  for (const auto& member : chain_) {
    auto copy = member->CopyRef();
    copy->head_ = head.get();
    head->chain_.push_back(std::move(copy));
  }
  return head;
}

Status Mbuf::SetDataLen(size_t len) {
  if (len > capacity()) {
    return Status(err::kInvalidParam, "len " + std::to_string(len) + " exceeds the buffer's data area of " +
                                          std::to_string(capacity()) + " bytes");
  }
  data_len_ = len;
  return Status::Ok();
}

Status Mbuf::CheckUserRange(size_t size, size_t offset) {
  if (offset > kUserDataSize || size > kUserDataSize - offset) {
    return Status(err::kInvalidParam, "offset " + std::to_string(offset) + " + size " + std::to_string(size) +
                                          " exceeds the " + std::to_string(kUserDataSize) +
                                          "-byte private data area of a buffer");
  }
  return Status::Ok();
}

Status Mbuf::SetUserData(const void* src, size_t size, size_t offset) {
  ASIM_RETURN_IF_ERROR(CheckUserRange(size, offset));
  if (size != 0) std::memcpy(user_.data() + offset, src, size);
  return Status::Ok();
}

Status Mbuf::GetUserData(void* dst, size_t size, size_t offset) const {
  ASIM_RETURN_IF_ERROR(CheckUserRange(size, offset));
  if (size != 0) std::memcpy(dst, user_.data() + offset, size);
  return Status::Ok();
}

Status Mbuf::Append(const std::shared_ptr<Mbuf>& buf) {
  if (buf.get() == this) return Status(err::kInvalidParam, "a buffer cannot be appended to its own chain");
  if (head_ != nullptr) return Status(err::kInvalidParam, "headBuf is itself part of another buffer's chain");
  if (buf->head_ != nullptr) return Status(err::kInvalidParam, "buf is already part of a chain");
  if (!buf->chain_.empty())
    return Status(err::kInvalidParam, "buf heads a chain of its own; append its buffers one by one");
  if (ChainLength() >= kMaxChain) {
    return Status(err::kInvalidParam,
                  "the chain already holds " + std::to_string(kMaxChain) + " buffers (the maximum)");
  }
  buf->head_ = this;
  chain_.push_back(buf);
  return Status::Ok();
}

Mbuf* Mbuf::ChainAt(size_t index) {
  if (index == 0) return this;
  return index <= chain_.size() ? chain_[index - 1].get() : nullptr;
}

size_t Mbuf::ChainDataLen() const {
  size_t total = data_len_;
  for (const auto& member : chain_) total += member->data_len_;
  return total;
}

}  // namespace asim::tdt
