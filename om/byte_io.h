// Little-endian encode/decode helpers of the .om format, and its CRC-32.
//
// Owns: ByteWriter (appends to a byte vector), ByteReader (a bounds-checked cursor over one
// section of a file) and Crc32 (IEEE 802.3, the zlib polynomial). Every section of the
// format is written and read through these and nothing else, so the encoding of an
// integer, a string or a count is defined once (docs/om_format.md, "Encoding").
// Thread safety: ByteWriter and ByteReader are single-owner cursors; Crc32 is pure.
// Failure: ByteReader never reads past its end. Every read returns a Status:
// kDeserializeModel naming the section, the absolute byte offset in the file and the field
// ("graphs section at byte 412: tensor 3 name: length 4000000000 > 96 bytes left").
// Counts are checked against the bytes left (count x the smallest encoding of one element)
// before the caller reserves memory, so a corrupt count cannot make the reader allocate
// more than a small multiple of the file's size.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/dtype.h"
#include "base/format.h"
#include "base/status.h"

namespace asim::om {

// CRC-32 (reflected 0xEDB88320, init and final xor 0xFFFFFFFF) of `size` bytes; pass a
// previous result as `crc` to continue a running checksum.
uint32_t Crc32(const void* data, size_t size, uint32_t crc = 0);

// The CRC-32 of A followed by B from Crc32(A), Crc32(B) and B's length: lets pieces of a
// large blob be checked in parallel. O(log length).
uint32_t Crc32Combine(uint32_t crc_a, uint32_t crc_b, uint64_t length_b);

class ByteWriter {
 public:
  void U8(uint8_t v) { bytes_.push_back(v); }
  void U16(uint16_t v) { Le(v, 2); }
  void U32(uint32_t v) { Le(v, 4); }
  void U64(uint64_t v) { Le(v, 8); }
  void I32(int32_t v) { Le(static_cast<uint32_t>(v), 4); }
  void I64(int64_t v) { Le(static_cast<uint64_t>(v), 8); }
  void F32(float v);             // the IEEE-754 bit pattern, as U32
  void Str(std::string_view s);  // U32 length + bytes (the caller checks length <= UINT32_MAX)
  void Bytes(const void* data, size_t size);
  void Zeros(size_t count) { bytes_.insert(bytes_.end(), count, 0); }
  void AlignTo(size_t alignment);        // zero bytes up to a multiple of `alignment`
  void PatchU32(size_t at, uint32_t v);  // overwrite 4 bytes written earlier
  void PatchU64(size_t at, uint64_t v);

  size_t size() const { return bytes_.size(); }
  std::vector<uint8_t>& bytes() { return bytes_; }

 private:
  void Le(uint64_t v, int n) {
    for (int i = 0; i < n; ++i) bytes_.push_back(static_cast<uint8_t>(v >> (8 * i)));
  }
  std::vector<uint8_t> bytes_;
};

class ByteReader {
 public:
  // Reads [data, data + size), which lies at `file_offset` in the file; `section` names it
  // in messages ("graphs").
  ByteReader(const uint8_t* data, size_t size, uint64_t file_offset, std::string section)
      : data_(data), size_(size), file_offset_(file_offset), section_(std::move(section)) {}

  Status U8(uint8_t* v, std::string_view what);
  Status U16(uint16_t* v, std::string_view what);
  Status U32(uint32_t* v, std::string_view what);
  Status U64(uint64_t* v, std::string_view what);
  Status I32(int32_t* v, std::string_view what);
  Status I64(int64_t* v, std::string_view what);
  Status F32(float* v, std::string_view what);
  Status Bool(bool* v, std::string_view what);  // one byte, 0 or 1
  // One byte that must be <= max (an enum); else "N is not <allowed>" at that byte.
  Status U8Max(uint8_t* v, uint8_t max, std::string_view what, std::string_view allowed);
  Status Str(std::string* v, std::string_view what);
  // A U32 element count, checked: count * min_element_bytes <= remaining().
  Status Count(uint32_t* count, size_t min_element_bytes, std::string_view what);
  // An I32 that must be a DataType / Format enumerator (IsValidDataType / IsValidFormat).
  Status Dtype(DataType* v, std::string_view what);
  Status Fmt(Format* v, std::string_view what);
  // `count` bytes that must all be zero (reserved fields and padding).
  Status Reserved(size_t count, std::string_view what);
  // Counted int64 list (U32 count + I64 each).
  Status I64List(std::vector<int64_t>* v, std::string_view what);

  // What is being read ("graph 0 tensor 3"), prefixed to every field name in messages;
  // set once per record rather than building a string per field.
  void set_context(std::string context) { context_ = std::move(context); }

  // kDeserializeModel at the current position: "<section> section at byte N: <context>
  // <what>: <why>".
  Status Error(std::string_view what, std::string_view why) const;
  // The same at an earlier byte of the section (`file_offset`, absolute): for a field whose
  // check needs what follows it (a range checked against the size of a blob behind the table).
  Status ErrorAt(uint64_t file_offset, std::string_view what, std::string_view why) const;
  // Ok when every byte was consumed, else an error naming the trailing bytes.
  Status ExpectEnd() const;

  size_t remaining() const { return size_ - pos_; }
  uint64_t file_offset() const { return file_offset_ + pos_; }  // of the next byte

 private:
  Status Need(size_t n, std::string_view what) const;
  uint64_t Le(int n);  // after Need(n)

  const uint8_t* data_;
  size_t size_;
  uint64_t file_offset_;
  std::string section_;
  std::string context_;
  size_t pos_ = 0;
};

}  // namespace asim::om
