// NpyArray: NumPy .npy files (format versions 1.0 to 3.0 read, 1.0 written), C order.
//
// Owns: the .npy container only: the magic, the header dict ('descr', 'fortran_order',
// 'shape') padded to a 64-byte boundary as NumPy writes it, and the raw little-endian
// element bytes. The element type is the NumPy type string ("<f2", "<f4", "|i1", "|b1" ...);
// NpyDescrOf / DumpDataTypeOfNpy map it to and from the DumpData data types.
// Owner: tools/dump. Thread safety: reentrant. Failure: kInvalidFile (cannot open/read),
// kWriteFile (cannot write), kParseFile (not an .npy, Fortran order, big-endian data, or
// a data size that does not match the shape), each naming the file.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"

namespace asim::dumptool {

struct NpyArray {
  std::string descr;            // NumPy type string, e.g. "<f2"
  std::vector<uint64_t> shape;  // () for a scalar
  std::vector<uint8_t> data;    // C order, little-endian

  uint64_t ElementCount() const;
};

std::vector<uint8_t> EncodeNpy(const NpyArray& array);
Status DecodeNpy(std::span<const uint8_t> bytes, std::string_view source, NpyArray* out);
Status WriteNpy(const std::string& path, const NpyArray& array);
Status ReadNpy(const std::string& path, NpyArray* out);

// Bytes per element of a NumPy type string ("<f4" -> 4); 0 when unknown.
size_t NpyItemSize(std::string_view descr);
// The NumPy type string of a DumpData data type ("" when NumPy has none, e.g. DT_BF16).
std::string NpyDescrOf(int32_t dump_type);
// The DumpData data type of a NumPy type string (DT_UNDEFINED = 0 when none).
int32_t DumpDataTypeOfNpy(std::string_view descr);

}  // namespace asim::dumptool
