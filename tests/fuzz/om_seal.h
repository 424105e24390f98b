// Re-sealing a mutated .om image for the fuzz targets: recomputes every section's CRC-32 and
// then the header's (docs/om_format.md), so a mutation inside a section reaches the section
// decoders instead of stopping at the CRC check. The reader is not told anything: it checks
// the CRCs as it always does, and the targets also feed it the unsealed bytes, so the CRC
// refusals stay fuzzed too.
//
// Owns: nothing (a pure function over a byte buffer). Entries or sections that do not fit the
// buffer are left alone (the reader refuses them anyway); a buffer too short for a header is
// returned unchanged. Thread safety: pure. Failure: none.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "om/byte_io.h"

namespace asim::fuzz {

inline uint32_t SealLe32(const uint8_t* p) {
  return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
}
inline uint64_t SealLe64(const uint8_t* p) {
  return uint64_t{SealLe32(p)} | uint64_t{SealLe32(p + 4)} << 32;
}
inline void SealPut32(uint8_t* p, uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<uint8_t>(v >> (8 * i));
}

inline std::vector<uint8_t> SealOm(const uint8_t* data, size_t size) {
  std::vector<uint8_t> bytes(data, data + size);
  constexpr size_t kFixedHeader = 40, kEntry = 32, kCrcField = 24, kMaxSections = 16;
  if (size < kFixedHeader) return bytes;
  uint8_t* p = bytes.data();
  const uint64_t header_size = SealLe32(p + 12);
  const uint64_t count = SealLe32(p + 28);
  const uint64_t soc_length = SealLe32(p + 32);
  const uint64_t table = kFixedHeader + (soc_length + 7) / 8 * 8;
  for (uint64_t i = 0; i < count && i < kMaxSections; ++i) {
    const uint64_t at = table + i * kEntry;
    if (at + kEntry > size) break;
    const uint64_t offset = SealLe64(p + at + 8), length = SealLe64(p + at + 16);
    if (offset > size || length > size - offset) continue;
    SealPut32(p + at + kCrcField, om::Crc32(p + offset, length));
  }
  if (header_size < kCrcField + 4 || header_size > size) return bytes;
  const uint8_t zeros[4] = {0, 0, 0, 0};
  uint32_t crc = om::Crc32(p, kCrcField);
  crc = om::Crc32(zeros, 4, crc);
  crc = om::Crc32(p + kCrcField + 4, header_size - kCrcField - 4, crc);
  SealPut32(p + kCrcField, crc);
  return bytes;
}

}  // namespace asim::fuzz
