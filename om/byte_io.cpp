// ByteWriter, ByteReader and Crc32. See byte_io.h for the contract.
//
// Owns: the only code that turns .om bytes into integers, floats and strings.
// Thread safety: reentrant (libdeflate's and zlib's CRC functions are pure).
// Failure: ByteReader methods return kDeserializeModel; they never read out of bounds.
#include "om/byte_io.h"

#include <libdeflate.h>
#include <zlib.h>

#include <algorithm>
#include <cstring>

namespace asim::om {
// libdeflate's CRC-32 (carry-less multiply where the CPU has it: 2x zlib 1.2's braided one
// here, 100 MB of ResNet-50 weights in ~8 ms on one core), with zlib's crc32_combine: the same
// polynomial and conditioning, so a CRC may be started by one and continued by the other.
uint32_t Crc32(const void* data, size_t size, uint32_t crc) {
  // libdeflate returns its initial value (0) for a null buffer, not `crc`: an empty piece
  // (an empty vector's data() may be null) must leave a running checksum as it is.
  if (size == 0) return crc;
  return libdeflate_crc32(crc, data, size);
}

uint32_t Crc32Combine(uint32_t crc_a, uint32_t crc_b, uint64_t length_b) {
  return static_cast<uint32_t>(crc32_combine(crc_a, crc_b, static_cast<z_off_t>(length_b)));
}

// ---- ByteWriter ----------------------------------------------------------------------

void ByteWriter::F32(float v) {
  uint32_t bits = 0;
  std::memcpy(&bits, &v, sizeof bits);
  U32(bits);
}

void ByteWriter::Str(std::string_view s) {
  U32(static_cast<uint32_t>(s.size()));
  Bytes(s.data(), s.size());
}

void ByteWriter::Bytes(const void* data, size_t size) {
  if (size == 0) return;
  const auto* p = static_cast<const uint8_t*>(data);
  bytes_.insert(bytes_.end(), p, p + size);
}

void ByteWriter::AlignTo(size_t alignment) {
  const size_t rem = bytes_.size() % alignment;
  if (rem != 0) Zeros(alignment - rem);
}

void ByteWriter::PatchU32(size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) bytes_[at + i] = static_cast<uint8_t>(v >> (8 * i));
}

void ByteWriter::PatchU64(size_t at, uint64_t v) {
  for (int i = 0; i < 8; ++i) bytes_[at + i] = static_cast<uint8_t>(v >> (8 * i));
}

// ---- ByteReader ----------------------------------------------------------------------

Status ByteReader::Error(std::string_view what, std::string_view why) const {
  return ErrorAt(file_offset(), what, why);
}

Status ByteReader::ErrorAt(uint64_t file_offset, std::string_view what, std::string_view why) const {
  std::string message = section_ + " section at byte " + std::to_string(file_offset) + ": ";
  if (!context_.empty()) message += context_ + " ";
  message.append(what);
  message += ": ";
  message.append(why);
  return Status(err::kDeserializeModel, std::move(message));
}

Status ByteReader::Need(size_t n, std::string_view what) const {
  if (n <= remaining()) return Status::Ok();
  return Error(what, "needs " + std::to_string(n) + " bytes, " + std::to_string(remaining()) +
                         " left before the end of the section");
}

uint64_t ByteReader::Le(int n) {
  uint64_t v = 0;
  for (int i = 0; i < n; ++i) v |= uint64_t{data_[pos_ + i]} << (8 * i);
  pos_ += n;
  return v;
}

Status ByteReader::U8(uint8_t* v, std::string_view what) {
  ASIM_RETURN_IF_ERROR(Need(1, what));
  *v = static_cast<uint8_t>(Le(1));
  return Status::Ok();
}

Status ByteReader::U16(uint16_t* v, std::string_view what) {
  ASIM_RETURN_IF_ERROR(Need(2, what));
  *v = static_cast<uint16_t>(Le(2));
  return Status::Ok();
}

Status ByteReader::U32(uint32_t* v, std::string_view what) {
  ASIM_RETURN_IF_ERROR(Need(4, what));
  *v = static_cast<uint32_t>(Le(4));
  return Status::Ok();
}

Status ByteReader::U64(uint64_t* v, std::string_view what) {
  ASIM_RETURN_IF_ERROR(Need(8, what));
  *v = Le(8);
  return Status::Ok();
}

Status ByteReader::I32(int32_t* v, std::string_view what) {
  uint32_t u = 0;
  ASIM_RETURN_IF_ERROR(U32(&u, what));
  *v = static_cast<int32_t>(u);  // two's complement (defined since C++20)
  return Status::Ok();
}

Status ByteReader::I64(int64_t* v, std::string_view what) {
  uint64_t u = 0;
  ASIM_RETURN_IF_ERROR(U64(&u, what));
  *v = static_cast<int64_t>(u);
  return Status::Ok();
}

Status ByteReader::F32(float* v, std::string_view what) {
  uint32_t bits = 0;
  ASIM_RETURN_IF_ERROR(U32(&bits, what));
  std::memcpy(v, &bits, sizeof bits);
  return Status::Ok();
}

Status ByteReader::Bool(bool* v, std::string_view what) {
  uint8_t b = 0;
  ASIM_RETURN_IF_ERROR(U8(&b, what));
  if (b > 1) {
    pos_ -= 1;
    return Error(what, "bool byte " + std::to_string(b) + " is neither 0 nor 1");
  }
  *v = b == 1;
  return Status::Ok();
}

Status ByteReader::U8Max(uint8_t* v, uint8_t max, std::string_view what, std::string_view allowed) {
  uint8_t b = 0;
  ASIM_RETURN_IF_ERROR(U8(&b, what));
  if (b > max) {
    pos_ -= 1;
    return Error(what, std::to_string(b) + " is not " + std::string(allowed));
  }
  *v = b;
  return Status::Ok();
}

Status ByteReader::Str(std::string* v, std::string_view what) {
  uint32_t length = 0;
  ASIM_RETURN_IF_ERROR(U32(&length, what));
  if (length > remaining()) {
    pos_ -= 4;
    return Error(what,
                 "string length " + std::to_string(length) + " > " + std::to_string(remaining() - 4) + " bytes left");
  }
  v->assign(reinterpret_cast<const char*>(data_ + pos_), length);
  pos_ += length;
  return Status::Ok();
}

Status ByteReader::Count(uint32_t* count, size_t min_element_bytes, std::string_view what) {
  uint32_t n = 0;
  ASIM_RETURN_IF_ERROR(U32(&n, what));
  // min_element_bytes >= 1, so the division bounds n without overflow.
  if (n > remaining() / (min_element_bytes == 0 ? 1 : min_element_bytes)) {
    pos_ -= 4;
    return Error(what, "count " + std::to_string(n) + " x " + std::to_string(min_element_bytes) +
                           " bytes exceeds the " + std::to_string(remaining() - 4) + " bytes left");
  }
  *count = n;
  return Status::Ok();
}

Status ByteReader::Dtype(DataType* v, std::string_view what) {
  int32_t raw = 0;
  ASIM_RETURN_IF_ERROR(I32(&raw, what));
  if (!IsValidDataType(raw)) {
    pos_ -= 4;
    return Error(what, "data type " + std::to_string(raw) + " is not a DataType");
  }
  *v = static_cast<DataType>(raw);
  return Status::Ok();
}

Status ByteReader::Fmt(Format* v, std::string_view what) {
  int32_t raw = 0;
  ASIM_RETURN_IF_ERROR(I32(&raw, what));
  if (!IsKnownFormat(raw)) {
    pos_ -= 4;
    return Error(what, "format " + std::to_string(raw) + " is not a Format");
  }
  *v = static_cast<Format>(raw);
  return Status::Ok();
}

Status ByteReader::Reserved(size_t count, std::string_view what) {
  ASIM_RETURN_IF_ERROR(Need(count, what));
  for (size_t i = 0; i < count; ++i) {
    if (data_[pos_ + i] != 0) {
      pos_ += i;
      return Error(what, "reserved byte is " + std::to_string(data_[pos_]) + ", must be 0");
    }
  }
  pos_ += count;
  return Status::Ok();
}

Status ByteReader::I64List(std::vector<int64_t>* v, std::string_view what) {
  uint32_t n = 0;
  ASIM_RETURN_IF_ERROR(Count(&n, 8, what));
  v->clear();
  v->reserve(n);
  for (uint32_t i = 0; i < n; ++i) {
    int64_t x = 0;
    ASIM_RETURN_IF_ERROR(I64(&x, what));
    v->push_back(x);
  }
  return Status::Ok();
}

Status ByteReader::ExpectEnd() const {
  if (remaining() == 0) return Status::Ok();
  return Error("end", std::to_string(remaining()) + " unread bytes at the end of the section");
}

}  // namespace asim::om
