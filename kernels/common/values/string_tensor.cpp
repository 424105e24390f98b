// String tensor layout helpers (see string_tensor.h). Thread safety and failure: as the
// header says.
#include "kernels/common/values/string_tensor.h"

#include <algorithm>
#include <cstring>

namespace asim::kernels {

size_t PackedStringBytes(const std::vector<std::string>& strings) {
  size_t bytes = strings.size() * kStringHeadBytes;
  for (const auto& s : strings) bytes += s.size() + 1;
  return bytes;
}

std::vector<uint8_t> PackStrings(const std::vector<std::string>& strings) {
  std::vector<uint8_t> out(PackedStringBytes(strings));
  size_t written = 0;
  (void)WriteStrings(strings, out.data(), out.size(), &written);  // sized to fit
  return out;
}

Status WriteStrings(const std::vector<std::string>& strings, void* dst, size_t capacity, size_t* written) {
  const size_t need = PackedStringBytes(strings);
  if (need > capacity) {
    return Status(err::kInternalError, std::to_string(strings.size()) + " strings need " + std::to_string(need) +
                                           " bytes, the tensor has " + std::to_string(capacity));
  }
  auto* base = static_cast<uint8_t*>(dst);
  size_t at = strings.size() * kStringHeadBytes;
  for (size_t i = 0; i < strings.size(); ++i) {
    const StringHead head{at, strings[i].size()};
    std::memcpy(base + i * kStringHeadBytes, &head, sizeof head);
    if (!strings[i].empty()) std::memcpy(base + at, strings[i].data(), strings[i].size());
    at += strings[i].size();
    base[at++] = 0;
  }
  *written = at;
  return Status::Ok();
}

Status ReadStrings(const void* data, size_t bytes, int64_t count, std::vector<std::string>* out) {
  out->clear();
  if (count < 0) return Status(err::kInvalidParam, "string tensor: negative element count");
  const auto n = static_cast<uint64_t>(count);
  if (n > bytes / kStringHeadBytes) {
    return Status(err::kInvalidParam, "string tensor: " + std::to_string(n) + " heads of 16 bytes do not fit in " +
                                          std::to_string(bytes) + " bytes");
  }
  const auto* base = static_cast<const uint8_t*>(data);
  out->reserve(static_cast<size_t>(n));
  for (uint64_t i = 0; i < n; ++i) {
    StringHead head;
    std::memcpy(&head, base + i * kStringHeadBytes, sizeof head);
    if (head.offset > bytes || head.length > bytes - head.offset) {
      out->clear();
      return Status(err::kInvalidParam, "string tensor: element " + std::to_string(i) + " (offset " +
                                            std::to_string(head.offset) + ", length " + std::to_string(head.length) +
                                            ") lies outside the " + std::to_string(bytes) + " bytes of the tensor");
    }
    out->emplace_back(reinterpret_cast<const char*>(base + head.offset), static_cast<size_t>(head.length));
  }
  return Status::Ok();
}

std::vector<std::string_view> StringViews(const void* data, int64_t count) {
  std::vector<std::string_view> views;
  const auto* base = static_cast<const uint8_t*>(data);
  for (int64_t i = 0; i < count; ++i) {
    StringHead head;
    std::memcpy(&head, base + static_cast<size_t>(i) * kStringHeadBytes, sizeof head);
    views.emplace_back(reinterpret_cast<const char*>(base + head.offset), static_cast<size_t>(head.length));
  }
  return views;
}

size_t StringOutputCapacity(const KernelContext& ctx, size_t output) {
  size_t input_bytes = 0;
  for (const TensorView& in : ctx.inputs) {
    if (in.dtype() != DataType::kString || in.data == nullptr) continue;
    for (std::string_view s : StringViews(in.data, in.ElementCount())) input_bytes += s.size() + 1;
  }
  const auto elements = static_cast<size_t>(std::max<int64_t>(1, ctx.outputs[output].ElementCount()));
  return elements * kStringHeadBytes + 2 * input_bytes + 1;
}

}  // namespace asim::kernels
