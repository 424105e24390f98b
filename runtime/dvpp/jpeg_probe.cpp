// JPEG header probing by a marker walk of our own (no libjpeg-turbo), and the JPEGD hardware's
// refusals (see jpeg_codec.h).
//
// Owns: nothing. Thread safety: pure functions. Failure: err::kInvalidFile for data that has no
// SOI or no complete SOF before it ends; err::kUnsupportedJpeg from CheckJpegdSupports. Every
// read is bounds-checked against `size` (this runs on untrusted, fuzzed input).
#include <string>

#include "runtime/dvpp/jpeg_codec.h"

namespace asim::dvpp {
namespace {

Status InvalidFile(const std::string& detail) {
  return Status(err::kInvalidFile, "JPEG: " + detail);
}

uint32_t ReadU16(const uint8_t* p) {
  return (uint32_t{p[0]} << 8) | p[1];
}

bool IsSof(uint8_t marker) {
  // C0..CF are SOF0..SOF15 except C4 (DHT), C8 (JPG, reserved) and CC (DAC).
  return marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
}

// Markers that stand alone (no length field): TEM, RST0..7, SOI.
bool IsStandalone(uint8_t marker) {
  return marker == 0x01 || (marker >= 0xD0 && marker <= 0xD8);
}

JpegSubsampling SubsamplingOf(const uint8_t* components, int count) {
  if (count == 1) return JpegSubsampling::kGray;
  if (count != 3) return JpegSubsampling::kUnknown;
  const int h0 = components[1] >> 4, v0 = components[1] & 15;
  for (int c = 1; c < 3; ++c) {
    const uint8_t factors = components[3 * c + 1];
    if ((factors >> 4) != 1 || (factors & 15) != 1) return JpegSubsampling::kUnknown;
  }
  if (h0 == 1 && v0 == 1) return JpegSubsampling::k444;
  if (h0 == 2 && v0 == 1) return JpegSubsampling::k422;
  if (h0 == 2 && v0 == 2) return JpegSubsampling::k420;
  if (h0 == 1 && v0 == 2) return JpegSubsampling::k440;
  if (h0 == 4 && v0 == 1) return JpegSubsampling::k411;
  return JpegSubsampling::kUnknown;
}

Status ParseSof(uint8_t marker, const uint8_t* segment, uint32_t length, JpegInfo* info) {
  // segment points after the length field; length counts the field itself.
  if (length < 8) return InvalidFile("SOF segment of " + std::to_string(length) + " bytes is too short");
  const int components = segment[5];
  if (length < 8u + 3u * static_cast<uint32_t>(components)) {
    return InvalidFile("SOF segment too short for its " + std::to_string(components) + " components");
  }
  JpegInfo result;
  result.precision = segment[0];
  result.height = ReadU16(segment + 1);
  result.width = ReadU16(segment + 3);
  result.components = components;
  result.subsampling = SubsamplingOf(segment + 6, components);
  const uint8_t n = marker - 0xC0;
  result.progressive = n == 2 || n == 6 || n == 10 || n == 14;
  result.arithmetic = n >= 9;
  result.lossless = n == 3 || n == 7 || n == 11 || n == 15;
  result.hierarchical = (n >= 5 && n <= 7) || n >= 13;
  if (result.width == 0 || result.height == 0) {
    return InvalidFile("SOF declares a " + std::to_string(result.width) + "x" + std::to_string(result.height) +
                       " image (a height defined by DNL is not supported)");
  }
  if (components == 0) return InvalidFile("SOF declares no components");
  *info = result;
  return Status::Ok();
}

}  // namespace

Status ProbeJpeg(const uint8_t* data, size_t size, JpegInfo* info) {
  if (info == nullptr) return Status(err::kInvalidParam, "JPEG probe: info is null");
  if (data == nullptr || size == 0) return Status(err::kInvalidParam, "JPEG probe: no data");
  if (size < 2 || data[0] != 0xFF || data[1] != 0xD8) return InvalidFile("no SOI marker at the start");
  size_t pos = 2;
  while (pos < size) {
    if (data[pos] != 0xFF) {  // entropy data or garbage between segments: resynchronise
      ++pos;
      continue;
    }
    while (pos < size && data[pos] == 0xFF) ++pos;  // fill bytes
    if (pos >= size) break;
    const uint8_t marker = data[pos++];
    if (marker == 0x00 || IsStandalone(marker)) continue;  // stuffed byte or a marker with no length
    if (marker == 0xD9) return InvalidFile("EOI before any SOF marker");
    if (size - pos < 2) break;
    const uint32_t length = ReadU16(data + pos);
    if (length < 2) return InvalidFile("marker segment with length " + std::to_string(length));
    if (size - pos < length) break;
    if (IsSof(marker)) return ParseSof(marker, data + pos + 2, length, info);
    pos += length;
  }
  return InvalidFile("data ends before a complete SOF marker (" + std::to_string(size) + " bytes)");
}

Status CheckJpegdSupports(const JpegInfo& info) {
  const auto refuse = [](const std::string& what) {
    return Status(err::kUnsupportedJpeg, "JPEGD does not decode " + what);
  };
  if (info.progressive) return refuse("progressive JPEG (SOF2/6/10/14)");
  if (info.arithmetic) return refuse("arithmetic-coded JPEG (SOF9..11/13..15)");
  if (info.lossless) return refuse("lossless JPEG (SOF3/7/11/15)");
  if (info.hierarchical) return refuse("hierarchical JPEG (differential SOF5..7/13..15)");
  if (info.precision != 8) return refuse(std::to_string(info.precision) + "-bit samples (only 8-bit)");
  if (info.components != 1 && info.components != 3) {
    return refuse("a JPEG with " + std::to_string(info.components) + " components (CMYK/YCCK or other; only 1 or 3)");
  }
  if (info.subsampling == JpegSubsampling::kUnknown) {
    return refuse("these sampling factors (only 4:4:4, 4:2:2, 4:2:0, 4:4:0, 4:1:1 and gray)");
  }
  return Status::Ok();
}

}  // namespace asim::dvpp
